"""A weekday read alone in a clause that names its week in words the grammar did not take.

"next week, how about on Wednesday", "last week, I think Tuesday", "next week's meeting is on
Friday": the week is said first and the day after other words, so the grammar reads "Wednesday"
alone. Read alone, the sentence's tense or the next-occurrence rule picks the day ("What did I
spend next week, how about on wednesday" would give the Wednesday just gone), which may lie outside
the week the words name. Only the readings in that week are kept; when none is, the weekday is not
read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import WEEKDAY
from intent.normalize.temporal.pieces import TemporalMention

__all__ = ["in_named_week"]

# "next week, how about on", "last week ... maybe": the week, then up to a few words, in one clause
_WEEK_BEFORE = compiled(
    r"\b(next|last|this|previous|the\s+following|the\s+previous|the\s+coming)\s+week\b"
    r"(?P<gap>[^.;:!?\n]{0,40})$",
    re.IGNORECASE,
)
_WEEKDAY_START = compiled(rf"(?:on\s+)?(?:{WEEKDAY})\b", re.IGNORECASE)
_OFFSETS = {"next": 1, "following": 1, "coming": 1, "last": -1, "previous": -1, "this": 0}


def in_named_week(text: str, mention: TemporalMention, spans: list[tuple[int, int]],
                  today: date | None) -> TemporalMention | None:
    """``mention`` with only its days in the week named before it (None when no day is), or
    ``mention`` itself when no unread week stands before it."""
    if today is None or not _WEEKDAY_START.match(text, mention.start):
        return mention
    found = _WEEK_BEFORE.search(text, max(0, mention.start - 64), mention.start)
    if found is None or any(s <= found.start() < e for s, e in spans):
        return mention
    if any(found.end(1) <= s < mention.start for s, _ in spans):
        return mention  # another phrase stands between: the week is its own
    offset = _OFFSETS[found.group(1).lower().split()[-1]]
    monday = today - timedelta(days=today.weekday()) + timedelta(weeks=offset)
    kept = tuple(r for r in mention.readings if r.day is not None and monday <= r.day < monday + timedelta(days=7))
    return replace(mention, readings=kept) if kept else None
