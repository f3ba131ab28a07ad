"""A clock written with minutes beside a written date: the one form of "an hour without am/pm" read one way.

"10 OCT, 10:30", "Jan 1 2025, 9:30", "16. April 11:25", "2013.07.30 11:45:23", "10:25 Saturday, 12
May 2018": a time of day written in digits with its minutes (``H:MM``, ``H.MM`` or ``H:MM:SS``), no
am/pm, no part of day and no "at" before it, its hour 7 to 11, in one phrase with a date written
out (a month name or a numeric date). Such a time is the morning's under both conventions the
readers of the tuning corpora follow: the 24-hour clock (the hour as written) and the working day
of 12-hour writers (7 to 11 in the morning, 1 to 6 in the afternoon). Every tuning corpus that has
the form expects the morning (see "Ambiguity is declared" in docs/dates-and-numbers.md for the
counts), so it is read so.

What stays ambiguous, because the readers split or the words say less: an hour 1 to 6 ("may 27 79
4:30": 04:30 to a 24-hour reader, 16:30 to Chronic's working day), an hour with no minutes ("August
5th at 8", "at 5"), a clock said with "at" ("Dec 24 at 9:30", "dinner on Dec 5 at 8:30": the
corpora that agree are written stamps, and people book evenings so), and a clock beside a weekday
or a relative day only ("Friday 8:30", "tomorrow 9:30", where an evening is often meant and none of
the two conventions is written).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import MONTH, LazyPattern
from intent.normalize.temporal.pieces import Clock, Piece

__all__ = ["morning_of_written_stamp"]

# the clock's own words: digits with minutes (and maybe seconds), nothing else
_WRITTEN_CLOCK = compiled(r"(?:[7-9]|1[01])[:.][0-5]\d(?::[0-5]\d)?", re.IGNORECASE)
# "at 9:30" / "@ 9:30" is said, not stamped: "Dec 24 at 9:30" is as often a dinner as a meeting
_SAID_AT = compiled(r"(?:\bat|@)\s*$", re.IGNORECASE)
# words of the day's second half inside the phrase ("Dec 24 eve 10:30"): it may mean the evening, and the
# rule stands back. Only the phrase's own words count, so the verifier, which reads the quote, agrees
# with the recognizer, which reads the request.
_LATER_HALF = LazyPattern(r"\b(?:afternoon|evening|eve|tonight|tonite|night|nite|dinner|supper|p\.?\s?m\b\.?)",
                          re.IGNORECASE)
# The same words, or an evening's event, elsewhere in the phrase's sentence ("Dinner Dec 5, 8:30",
# "Drinks with Sam, Fri Dec 5, 9:30", "party Sat 6 Dec 10:30"): the request's words make the evening as
# likely as the stamp's morning, and no rule of the grammar lets such a word pick the hour ("dinner at
# 8" keeps both), so the rule stands back and both halves are offered. The recognizer and the
# verifier read the same sentence: the verifier judges a quote by its phrase in the request.
_EVENING_WORDS = LazyPattern(
    r"\b(?:afternoon|evening|tonight|tonite|night|nite|dinner|supper|drinks|cocktails|party|parties|"
    r"happy\s+hour|concert|gig|pub|movie|theat(?:er|re)|p\.?\s?m\b\.?)",
    re.IGNORECASE)
_SENTENCE_BREAK = compiled(r"[.!?](?:\s|$)|\n")
_SENTENCE_REACH = 80  # characters looked at on each side of the phrase, within its sentence
# a date written out: a month name (glued to its day too: "14NOV") or a numeric date ("8.5.2018")
_WRITTEN_DATE = LazyPattern(rf"(?<![a-z])(?:{MONTH})(?![a-z])|\d\s?[./-]\s?\d", re.IGNORECASE)


def _written_date(text: str, piece: Piece) -> bool:
    return (piece.kind == "date" and piece.counted is None and piece.part is None
            and _WRITTEN_DATE.search(text[piece.start:piece.end]) is not None)


def morning_of_written_stamp(text: str, clock_piece: Piece, date_pieces: Sequence[Piece]) -> tuple[Clock, ...] | None:
    """The morning clock of ``clock_piece`` when it and ``date_pieces`` are a written date and time
    of the form above; None otherwise (the clock keeps its readings)."""
    clocks = clock_piece.clocks
    if clock_piece.kind != "time" or clock_piece.settled or len(clocks) != 2:
        return None
    morning = tuple(c for c in clocks if 7 <= c[0] <= 11)
    if len(morning) != 1 or not _WRITTEN_CLOCK.fullmatch(text[clock_piece.start:clock_piece.end].strip()):
        return None
    if _SAID_AT.search(text[:clock_piece.start]):
        return None
    if not any(_written_date(text, p) for p in date_pieces):
        return None
    start = min(clock_piece.start, *(p.start for p in date_pieces))
    end = max(clock_piece.end, *(p.end for p in date_pieces))
    if _LATER_HALF.search(text[start:end]) or _evening_sentence(text, start, end):
        return None
    return morning


def _evening_sentence(text: str, start: int, end: int) -> bool:
    """Whether the sentence around ``text[start:end]`` speaks of the evening or of an evening's event."""
    before = text[max(0, start - _SENTENCE_REACH) : start]
    breaks = list(_SENTENCE_BREAK.finditer(before))
    if breaks:
        before = before[breaks[-1].end() :]
    after = text[end : end + _SENTENCE_REACH]
    stop = _SENTENCE_BREAK.search(after)
    if stop is not None:
        after = after[: stop.start()]
    return _EVENING_WORDS.search(before) is not None or _EVENING_WORDS.search(after) is not None
