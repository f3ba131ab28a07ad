"""A day number in brackets right after a day the grammar read: "Thursday (12.)", "Friday (4th)".

The number is the day of the month the writer means. Read without it, the day would follow the
sentence's direction or the next-occurrence rule ("What did I spend Thursday (12.)?" said on
Thursday the 5th would give that very day). Only the readings on that day of the month are kept;
when none is, the phrase is not read.
"""

from __future__ import annotations

import re
from dataclasses import replace

from intent.compiled_regex import compiled
from intent.normalize.temporal.pieces import TemporalMention

__all__ = ["with_bracketed_day"]

_BRACKETED_DAY = compiled(r"[ \t]*\([ \t]*(\d{1,2})(?:st|nd|rd|th|\.)?[ \t]*\)", re.IGNORECASE)


def with_bracketed_day(text: str, mention: TemporalMention) -> TemporalMention | None:
    """``mention`` with only its days whose day of the month the bracket after it names (None when
    none is), or ``mention`` itself when no such bracket follows it."""
    found = _BRACKETED_DAY.match(text, mention.end)
    if found is None or not mention.readings or any(r.day is None for r in mention.readings):
        return mention
    number = int(found.group(1))
    kept = tuple(r for r in mention.readings if r.day is not None and r.day.day == number)
    return replace(mention, readings=kept) if kept else None
