"""Four digits after a month and a day that may be a year or a 24-hour clock: "jan 1st 1644".

Right after a day, four digits are a 24-hour time ("12 May 1030", "27 July 1100", "13 March 1700":
ctparse's corpus reads them so), and so the grammar reads them. From 1583 (the Gregorian calendar's
first whole year) to 1859 they are also a year written after the day ("january 1st 1644":
compromise's corpus reads the year). A date-time or time field takes the clock, the only reading
with a time of day; a date field is offered both days, the one the clock falls on and the one of
that year (``named_days``), since the words do not say which.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import MONTH
from intent.normalize.temporal.pieces import TemporalMention

__all__ = ["with_year_or_clock"]

_FIRST_YEAR = 1583
_FOUR_DIGITS_AT_END = compiled(r"(?<![\d:.,/-])[ \t]+(1[5-8])([0-5]\d)$")
_MONTH_NAME = compiled(rf"\b(?:{MONTH})\b", re.IGNORECASE)


def with_year_or_clock(text: str, mention: TemporalMention) -> TemporalMention:
    """``mention`` with the day of the year its last four digits may be, besides the day its clock
    falls on, as the days it names; ``mention`` itself when it ends otherwise."""
    span = text[mention.start : mention.end]
    tail = _FOUR_DIGITS_AT_END.search(span)
    if tail is None or not mention.readings or _MONTH_NAME.search(span, 0, tail.start()) is None:
        return mention
    year, clock = int(tail.group(1) + tail.group(2)), (int(tail.group(1)), int(tail.group(2)))
    if year < _FIRST_YEAR or any(r.day is None or r.clock != clock for r in mention.readings):
        return mention
    days = [r.day for r in mention.readings if r.day is not None]
    historic = []
    for day in days:
        try:
            historic.append(date(year, day.month, day.day))
        except ValueError:  # February 29 of a year that has none
            continue
    # the four digits are date words too now: a date field's evidence is the whole phrase
    return replace(mention, named_days=tuple(dict.fromkeys([*days, *historic])), date_span=(mention.start, mention.end))
