"""Calendar dates as written: "2026-12-24", "December 24", "24 Dec 2026", "the 24th of December",
"the first of March", "Dec. 24th, 2026", "31-Oct-74", "12/24", "24/12/2026", "2-15", "on the 15th",
"the 20th of next month", "next month on the 5th", "2027 Jan 2", "10Dec26", "this March 14th",
"7. April 2027", "Friday 27" (a bare number after a weekday, when it cannot be an hour), years in
words ("July 4th, nineteen seventy-six"), "2027-mar-15", "jan twenty two", "July 4th of 2027",
two days of one month as a range ("March 3-5"), and year-first digits ("20161016", "2016 10 16").

Numeric dates follow one locale rule, stated here: day and month are told apart only when one
of them is above 12 ("2/15" is February 15, "15/2" too); otherwise ("2/3") both readings are
kept and the phrase is ambiguous. Dotted dates ("10.31.1974") need a year, so "1.5" stays a number.
Three two-digit numbers joined by dashes may be written year first too ("16-04-19").
A date without a year is its next occurrence on or after the reference day, the last one before it
when the sentence speaks of the past, and both when the last one is at least as near and the
sentence says nothing (readers differ: the nearest one, or the next one). A two-digit year is
this century's up to ten years after the reference, the last century's from thirty years on, and
either in between.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from itertools import pairwise

from dateutil.relativedelta import relativedelta

from intent.compiled_regex import compiled
from intent.normalize.temporal.lexicon import (
    CARDINAL_WORDS,
    COUNT,
    DAY_NUMBER,
    HOUR_WORD,
    MONTH,
    MONTH_WORDS,
    MONTHS,
    ORDINAL_TOKENS,
    ORDINAL_WORD,
    SPELLED_YEAR,
    WEEKDAY,
    WEEKDAY_WORDS,
    WEEKDAYS,
    YEAR,
    LazyPattern,
    alternation,
    before,
    count_of,
    day_of,
    scan,
    spelled_year,
    words_of,
)
from intent.normalize.temporal.pieces import Piece
from intent.normalize.temporal.zones import zone_key

__all__ = ["calendar_pieces", "next_month_day", "safe_date"]

_DAY = rf"(?:{DAY_NUMBER}|{ORDINAL_WORD})"
_ISO = compiled(r"(?<![\d/.-])((?:19|20)\d{2})([-/.])(\d{1,2})\2(\d{1,2})(?![\d/-]|\.\d)")
_ISO_TIME = compiled(r"[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?(?![\d:])", re.IGNORECASE)
_NUMERIC_YEAR = compiled(r"(?<![\w/.:-])(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\w/.:-]|\.\d)")
_SLASH = compiled(r"(?<![\w/.:$-])(\d{1,2})\s?/\s?(\d{1,2})(?![\w/:%]|\.\d|\s?/)")
_DASH = compiled(
    r"(?<![\w/.:$-])(\d{1,2})\s?-\s?(\d{1,2})(?![\w/:%.-]|\s*(?:[ap]\.?m\b|h\b|hours?|days?|people|pm|am|o'?clock))",
    re.IGNORECASE,
)
# "may 27 79", "3 jan 10": two digits after a day and a month name, a space between, are the year
# when nothing follows them but the end, a stop or a time of day ("may 27 79 4:30"); followed by
# other words they may be an hour or a count ("Dec 5 10 people"), and are not read.
# "March 3rd next year", "the 5th of May of last year": the year named by its distance from this one.
_YEAR_WORDS = r"(?:,\s*|\s+(?:of\s+)?)((?:this|next|last)\s+year)\b"
# After a comma only a number no day can be ("Aug 9, 96"): "June 4, 12" lists two days.
_TWO_DIGIT_YEAR = (r"(?:\s+(\d{2})|\s*,\s*(3[2-9]|[4-9]\d))"
                   r"(?=\s*$|\s*[,;!?)]|\.(?!\d)|\s+(?:at\s+|@\s*)?\d{1,2}[:.]\d{2}(?!\d))")
# A year from 1583 (the Gregorian calendar's first whole year) to 1899 that no 24-hour clock can be
# ("July 4th 1776": minutes 60 to 99); one that can ("jan 1st 1644") is read as a clock, and a date
# field is offered both days (``year_or_clock``).
_OLD_YEAR = r"(?:158[3-9]|159\d|1[6-8][6-9]\d)"
_MONTH_FIRST = compiled(
    rf"\b(?:this\s+)?({MONTH})\.?(?:\s*|\s+the\s+|[/-])({_DAY})\b(?!:\d|\s*[ap]\.?m\b|\s*(?:h|hours?|mins?|minutes?)\b)"
    rf"(?:(?:\s*,\s*|\s+(?:of\s+|in\s+(?:the\s+year\s+)?)?|[/-])({YEAR}|{_OLD_YEAR}|'\d{{2}})\b(?![:.]\d)|,?\s+({SPELLED_YEAR})|"
    rf"{_TWO_DIGIT_YEAR}|{_YEAR_WORDS})?",
    re.IGNORECASE,
)
# "the 24th of December", "24 Dec", "the 15th day of March, 2019" (as contracts date themselves)
_DAY_OF = compiled(r"\sday\s+of\s", re.IGNORECASE)
_DAY_FIRST = compiled(
    rf"\b(?:the\s+)?({_DAY})(?:(?:\s+day)?\s+of\s+|[/-]|\s+|(?<=\d)(?=[a-z])|(?<=\d)\.\s*(?!may\b|mar\b|march\b))({MONTH})\b\.?"
    # "13.Dec.2014": a year right after the month's stop
    rf"(?:(?:\s*,\s*|\s+(?:of\s+|in\s+(?:the\s+year\s+)?)?|[/-]|(?<=\.))({YEAR}|{_OLD_YEAR})\b(?![:.]\d)|[/-](\d{{2}})\b|"
    rf"(?:\s+in\s+the\s+year)?\s*('\d{{2}})\b|"
    rf"\s+of\s+('?\d{{2}})\b(?![:.]\d)|,?\s+({SPELLED_YEAR})|{_TWO_DIGIT_YEAR}|{_YEAR_WORDS})?",
    re.IGNORECASE,
)
# "2027 Jan 2", "2027, January 2nd", "2027-jan-2", "2027/01/jan": the year first, then a month name
# and a day (or, joined by a separator, a day and a month name).
_YEAR_FIRST = compiled(
    rf"\b({YEAR})(?:,?\s+({MONTH})\.?\s+({_DAY})|([/-])(?:({MONTH})\4(\d{{1,2}})|(\d{{1,2}})\4({MONTH})))\b"
    r"(?!:\d|\s*[ap]\.?m\b|\s*(?:h|hours?|mins?|minutes?)\b|[/-]\w)",
    re.IGNORECASE,
)
# "jan twenty two", "January twenty five nineteen eighty six", "twenty five January 1986": a day said
# as a cardinal number. Before the month, or when small or after "May"/"March" (ordinary words), only
# with a year after it, a word that introduces a day, or as the whole text (see ``_CARDINAL_MONTH_CUED``):
# "five June birthdays", "in June two teams" are counts.
_CARDINAL_DAY = alternation(w for w, v in CARDINAL_WORDS.items() if v <= 31)
_NOT_A_COUNT = r"(?!\s+(?:days?|weeks?|months?|years?|hours?|minutes?|people|persons|times|of\b))"
_MONTH_CARDINAL = compiled(
    rf"\b({MONTH})\.?\s+({_CARDINAL_DAY})\b{_NOT_A_COUNT}(?:(?:\s*,\s*|\s+)({YEAR}\b(?![:.]\d)|{SPELLED_YEAR}))?",
    re.IGNORECASE,
)
_CARDINAL_MONTH = compiled(
    rf"\b({_CARDINAL_DAY})\s+(?:of\s+)?({MONTH})\b\.?(?:\s*,\s*|\s+)({YEAR}\b(?![:.]\d)|{SPELLED_YEAR})",
    re.IGNORECASE,
)
# "on may two", "for march seven", "on four april": without a year, a small day or "May"/"March" is read
# only after a word that introduces a day (or as the whole text), and a day before the month only
# after "on": "in June two teams", "five June birthdays" stay counts.
_DAY_CUE_BEFORE = LazyPattern(r"\b(?:on|for|by|until|till|before|after|since)\s+$", re.IGNORECASE)
_CARDINAL_MONTH_CUED = LazyPattern(
    rf"\b({_CARDINAL_DAY})\s+(?:of\s+)?({MONTH})\b\.?(?!\s*,?\s*(?:{YEAR}\b|{SPELLED_YEAR}))",
    re.IGNORECASE,
)
# ", 2027" or " 2027" after the days and month, captured (four digits glued to ":" or "." and a
# digit are a time, not a year).
_YEAR_AFTER = rf"(?:(?:\s*,\s*|\s+)({YEAR})\b(?![:.]\d))?"
# "March 3-5", "Dec 24th - 26th", "3-5 March": two days of one month, the ends of a range; each end
# is its own piece so the grammar pairs them as it pairs "Dec 24 - Dec 26".
_DAY_RANGE_JOIN = r"\s*(?:-|–|—|to|through|thru|until|till)\s*"
_MONTH_DAY_RANGE = compiled(
    rf"\b({MONTH})\.?\s+({DAY_NUMBER})({_DAY_RANGE_JOIN})({DAY_NUMBER})\b(?![:./]\d|\s*[ap]\.?m\b|\s*(?:{MONTH})\b)"
    + _YEAR_AFTER,
    re.IGNORECASE,
)
_DAY_RANGE_MONTH = compiled(
    rf"(?<![\w/.:-])({DAY_NUMBER})({_DAY_RANGE_JOIN})({DAY_NUMBER})\s+(?:of\s+)?({MONTH})\b\.?"
    + _YEAR_AFTER,
    re.IGNORECASE,
)
# "the 3rd or 4th of December", "July 17th, 18th, or 19th", "18 and 19 June": days of one month
# listed; each day is its own piece (read as alternatives), in the month and year named once.
_LISTED = rf"(?:the\s+)?(?:{DAY_NUMBER}|{ORDINAL_WORD})"
_LIST_SEP = r"\s*(?:,\s*(?:or|and)?|or|and|&)\s*"
_DAYS_THEN_MONTH = compiled(
    rf"(?<![\w/.:$-])({_LISTED}(?:{_LIST_SEP}{_LISTED})+)\s+(?:of\s+)?({MONTH})\b\.?"
    + _YEAR_AFTER,
    re.IGNORECASE,
)
_MONTH_THEN_DAYS = compiled(
    rf"\b({MONTH})\.?\s+({_LISTED}(?:{_LIST_SEP}{_LISTED})+)\b(?![:./]\d|\s*[ap]\.?m\b|\s*(?:h|hours?|mins?|"
    rf"minutes?|people|persons|guests|days?|weeks?|nights?|times|of)\b)" + _YEAR_AFTER,
    re.IGNORECASE,
)
_ONE_LISTED = compiled(rf"(?:the\s+)?({DAY_NUMBER}|{ORDINAL_WORD})", re.IGNORECASE)
_LIST_WORD = compiled(rf"(?:\d(?:st|nd|rd|th)?|\b(?:{ORDINAL_WORD}))\s*(?:,|or\b|and\b|&)", re.IGNORECASE)
_RANGE_MARK = compiled(r"\d(?:st|nd|rd|th)?\s*[-–—]", re.IGNORECASE)
_RANGE_WORDS = frozenset("to through thru until till".split())
_CARDINAL_TOKENS = frozenset(w for phrase in CARDINAL_WORDS for w in phrase.replace("-", " ").split())
_GLUED = compiled(rf"\b(\d{{1,2}})({MONTH})(\d{{4}}|\d{{2}})\b", re.IGNORECASE)
_FOLLOWS_OK = (
    r"(?=\s*$|\s*[,.;:!?)]|\s+(?:at|in|for|from|to|until|till|through|thru|and|or|by|@|please|then|is|would|"
    r"works?|instead|morning|afternoon|evening|night|this|next|if|when|so|as|but|with|around|between|-|"
    r"ok|okay|thanks|thank)\b|\s*-|"  # "meet jenny on the third okay": a closing word
    rf"\s+(?:\d{{1,2}}[:.]\d{{2}}|\d{{4}}\b|(?:\d{{1,2}}|{HOUR_WORD})\s*[ap]\.?m\b)|"
    rf"\s*\(\s*(?:{WEEKDAY})\b)"  # "on the 8th (Tuesday)": the weekday in brackets checks the day
)
_DAY_ONLY = compiled(rf"\b(?:(?:on|by|for|until|till|before|after|from|to|since)\s+(?:the\s+)?|the\s+)"
                     rf"((?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|{ORDINAL_WORD}){_FOLLOWS_OK}", re.IGNORECASE)
_ON_DAY = compiled(r"\b(?:on|by|until|till)\s+((?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?)" + _FOLLOWS_OK,
                   re.IGNORECASE)
# "a train ticket on the third i don't care what time": after "on", a subject opens a new clause
# (after "the" alone it does not: "the second you see it", "the first i heard of it" are no days).
_ON_DAY_THEN_SUBJECT = compiled(
    rf"\bon\s+(?:the\s+)?((?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|{ORDINAL_WORD})(?=\s+(?:i|we|they|he|she)\s)",
    re.IGNORECASE)
# "Friday the fifteen", "monday the twenty two": a day said as a cardinal after a weekday and "the"
# (speech-to-text drops the "th").
_WEEKDAY_THE_CARDINAL = LazyPattern(
    rf"\b(?:{WEEKDAY})\.?,?\s+(the\s+({_CARDINAL_DAY}))\b{_NOT_A_COUNT}" + _FOLLOWS_OK, re.IGNORECASE)
# "12th at 3pm", "5th, 10am": an ordinal day of month alone, when a time of day follows it.
_ORDINAL_AT = compiled(
    r"(?<![\w/.:$#-])((?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th))\b"
    r"(?=\s*,?\s+(?:at|@)\s*(?:\d|noon\b|midnight\b)|\s*,?\s*(?:@\s*)?\d{1,2}(?::\d{2})?\s*[ap]\.?m\b)",
    re.IGNORECASE,
)
# "Wed Oct 26 15:50:06 2016", "Tue Dec 1 10:00:00 UTC 2026": the stamp of a Unix clock, the time of
# day between the day and the year.
_CLOCK_STAMP = compiled(
    rf"\b({WEEKDAY})\.?,?\s+({MONTH})\.?\s+(\d{{1,2}})\s+([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?"
    rf"\s+(?:([a-z]{{1,4}})\s+)?({YEAR})\b(?![:.]\d)",
    re.IGNORECASE,
)
# "Tuesday 19th", "Thu 15th": a day of month right after a weekday.
_WEEKDAY_DAY = compiled(rf"\b(?:{WEEKDAY})\.?,?\s+((?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th))" + _FOLLOWS_OK,
                        re.IGNORECASE)
# "Friday 27", "Tue 13": a bare number after a weekday is its day of month when it cannot be an hour.
_WEEKDAY_NUMBER = compiled(rf"\b(?:{WEEKDAY})\.?,?\s+(1[3-9]|2\d|3[01])(?![:.]\d)" + _FOLLOWS_OK, re.IGNORECASE)
# "20161016" (ISO 8601 basic) and "2016 10 16": the year first with four digits, so the order is
# known; read only as a real date standing alone (not glued to a sign, a word or other digits).
@cache
def _iso_basic() -> re.Pattern[str]:
    """Compiled on first use: most text has no such date, and import time stays flat."""
    return compiled(
        r"(?<![\w.,:/$#+-])((?:19|20)\d{2})(?:(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])|[ \t](0?[1-9]|1[0-2])[ \t]"
        r"(0?[1-9]|[12]\d|3[01]))(?![\w/:-]|[.,]\d|\s+\d)" + _FOLLOWS_OK
    )


# "order 20161016", "ticket no. 20170302": a number named as something else
_NUMBER_NAMES = frozenset(
    "order invoice ticket ref reference no number nr num id account acct phone tel code case serial item sku tracking "
    "pin room flight version build release batch lot part model customer member employee file page".split()
)
_WORD_BEFORE_NUMBER = compiled(r"([^\W\d_]+)\.?[ \t]*[:#]?[ \t]*$")
_OF_MONTH = compiled(
    rf"(?<![\d/.-])\b(?:the\s+)?({_DAY})(?:\s+day)?\s+(?:of\s+)?(this|the\s+current|current|next|the\s+next|the\s+following|last|"
    r"the\s+last|the\s+previous|previous|the\s+coming)\s+month\b",
    re.IGNORECASE,
)
# "next month on the 5th", "next month, the 20th"
_MONTH_THEN_DAY = compiled(
    rf"\b(this|next|last)\s+month,?\s+(?:on\s+)?the\s+({_DAY})\b",
    re.IGNORECASE,
)


_DIGIT = compiled(r"\d")
_NUMERIC_SEP = compiled(r"\d\s?[-/.]\s?\d")
_ORDINAL_DIGITS = compiled(r"\d(?:st|nd|rd|th)\b", re.IGNORECASE)


def safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def next_month_day(reference: date, month: int, day: int) -> date | None:
    """The first ``month``/``day`` on or after ``reference`` (Feb 29 waits for a leap year)."""
    for year in range(reference.year, reference.year + 9):
        value = safe_date(year, month, day)
        if value is not None and value >= reference:
            return value
    return None


def _years(text: str | None, reference: date | None) -> tuple[int, ...] | None:
    """The years a written year can be. Two digits name this century's year up to ten years after
    the reference, the last century's from thirty years on, and either in between ("03/18/40"
    said in 2016 may be 1940 or 2040: conventions differ)."""
    if not text:
        return None
    if text.lower().endswith("year"):  # "this year", "next year", "last year"
        if reference is None:
            return ()
        return (reference.year + {"this": 0, "next": 1, "last": -1}[text.split()[0].lower()],)
    digits = text.lstrip("'")
    if not digits.isdigit():
        year = spelled_year(digits)
        return (year,) if year is not None else ()
    if len(digits) == 2:
        value = int(digits)
        if reference is None:
            return (2000 + value if value < 50 else 1900 + value,)
        ahead = 2000 + value - reference.year
        return (2000 + value,) if ahead <= 10 else (1900 + value,) if ahead > 30 else (1900 + value, 2000 + value)
    return (int(digits),)


def _dated(start: int, end: int, month: int, day: int, years: tuple[int, ...] | None,
           reference: date | None) -> Piece | None:
    if years is not None:
        values = tuple(v for year in years if (v := safe_date(year, month, day)) is not None)
        return Piece(start, end, "date", days=values) if values else None
    if safe_date(2000, month, day) is None:  # 2000 is a leap year: the month/day can exist at all
        return None
    if reference is None:
        return Piece(start, end, "date", month_day=(month, day))  # readable once a reference is known
    value = next_month_day(reference, month, day)
    if value is None:
        return None
    past = last_month_day(reference, month, day)
    if past is None or value == reference:
        return Piece(start, end, "date", days=(value,), inferred=True, month_day=(month, day))
    return Piece(start, end, "date", days=(value,), inferred=True, month_day=(month, day), past_days=(past,),
                 disputed=(reference - past) <= (value - reference))


# "November 10th in two years", "March 3rd 2 years ago", "the 5th of May a year from now": a month and
# day said without a year, moved by a count of years: the one of the year the count lands in (as
# "christmas in two years" is). A count of months or days after a date is not read here.
_YEARS_AFTER = LazyPattern(
    rf"\s+(?:in\s+({COUNT})\s+years?(?:['’]\s+time|\s+from\s+(?:now|today))?|({COUNT})\s+years?\s+(from\s+now|from\s+today|hence|later|"
    r"ago|back))\b(?!\s+(?:on|from|after|before|since)\b)",
    re.IGNORECASE,
)


def _moved_by_years(text: str, piece: Piece, reference: date | None) -> Piece:
    """``piece`` (a month and day without a year) taken with a count of years after it, when one follows."""
    if reference is None or piece.month_day is None:
        return piece
    counted = _YEARS_AFTER.match(text, piece.end)
    count = count_of(counted.group(1) or counted.group(2)) if counted else None
    if counted is None or count is None:
        return piece
    back = (counted.group(3) or "").lower() in ("ago", "back")
    value = safe_date(reference.year + (-count if back else count), *piece.month_day)
    if value is None:  # "Feb 29th in 3 years", landing on a common year: no day read in its place
        return Piece(piece.start, counted.end(), "date", bad=True)
    return Piece(piece.start, counted.end(), "date", days=(value,), inferred=True)


def last_month_day(reference: date, month: int, day: int) -> date | None:
    """The last ``month``/``day`` before ``reference``."""
    for year in range(reference.year, reference.year - 9, -1):
        value = safe_date(year, month, day)
        if value is not None and value < reference:
            return value
    return None


def _numeric(match: re.Match[str], first: int, second: int, years: tuple[int, ...] | None, reference: date | None,
             single_only: bool) -> Piece | None:
    orders = [(first, second), (second, first)] if first != second else [(first, second)]
    pieces = [p for m, d in orders
              if 1 <= m <= 12 and (p := _dated(match.start(), match.end(), m, d, years, reference))]
    pieces = [p for p in pieces if p.days]
    if not pieces or (single_only and len(pieces) > 1):
        return None
    if len(pieces) == 1:
        return pieces[0]
    days = tuple(d for p in pieces for d in p.days)
    return Piece(match.start(), match.end(), "date", days=days, inferred=years is None)


def _last_day_of_month(reference: date, day: int) -> date | None:
    """The last day numbered ``day`` before ``reference``."""
    for back in range(0, 13):
        first = reference.replace(day=1) - relativedelta(months=back)
        value = safe_date(first.year, first.month, day)
        if value is not None and value < reference:
            return value
    return None


def _day_of_month(start: int, end: int, day: int, reference: date | None, months_ahead: int | None) -> Piece | None:
    if reference is None or not 1 <= day <= 31:
        return None
    if months_ahead is not None:
        first = reference.replace(day=1) + relativedelta(months=months_ahead)
        value = safe_date(first.year, first.month, day)
        return Piece(start, end, "date", days=(value,), inferred=True) if value else None
    for ahead in range(0, 13):
        first = reference.replace(day=1) + relativedelta(months=ahead)
        value = safe_date(first.year, first.month, day)
        if value is not None and value >= reference:
            if value == reference:
                return Piece(start, end, "date", days=(value,), inferred=True, day_only=day)
            past = _last_day_of_month(reference, day)
            return Piece(start, end, "date", days=(value,), inferred=True, day_only=day,
                         past_days=(past,) if past else None,
                         disputed=past is not None and (reference - past) <= (value - reference))
    return None


_LOWER_WORDS = compiled(r"[a-z]+")


def _cardinal_next_to_month(text: str) -> bool:
    """A month name next to a number word ("jan twenty two", "five june"): the cardinal day
    patterns are worth a scan (they are costly to try at every word)."""
    tokens = _LOWER_WORDS.findall(text.lower())
    return any((a in MONTH_WORDS and b in _CARDINAL_TOKENS) or (a in _CARDINAL_TOKENS and b in MONTH_WORDS)
               for a, b in pairwise(tokens))


def _replace(out: list[Piece], pieces: list[Piece]) -> None:
    """Add ``pieces``, dropping what other patterns read over exactly the same words (the ends of a
    range know their year from each other)."""
    spans = {(p.start, p.end) for p in pieces}
    out[:] = [p for p in out if (p.start, p.end) not in spans]
    out.extend(pieces)


def _replace_range(out: list[Piece], match: re.Match[str], opening: Piece | None, closing: Piece | None) -> None:
    """The two ends of a range of days in one month; when only one of them is a day of the calendar
    ("February 20 - 29, 2022", "June 10 - 31"), neither is read: the other alone is not what was written."""
    if (opening is None) != (closing is None):
        out.append(Piece(match.start(), match.end(), "date", bad=True))
        return
    _replace(out, [p for p in (opening, closing) if p is not None])


def calendar_pieces(text: str, reference: date | None, words: frozenset[str] | None = None) -> list[Piece]:
    """Every written calendar date in ``text``; a year-less one only when ``reference`` is known."""
    out: list[Piece] = []
    words = words_of(text) if words is None else words
    digits = _DIGIT.search(text) is not None
    sep = digits and _NUMERIC_SEP.search(text) is not None
    months = words & MONTH_WORDS
    weekday_names = words & WEEKDAY_WORDS
    for match in scan(_ISO, text, sep):
        value = safe_date(int(match.group(1)), int(match.group(3)), int(match.group(4)))
        if value is None and match.group(2) == "/" and int(match.group(4)) <= 12 < int(match.group(3)):
            value = safe_date(int(match.group(1)), int(match.group(4)), int(match.group(3)))  # "2022/30/11"
        if value is None:
            continue
        clock = _ISO_TIME.match(text, match.end())
        if clock and match.group(2) == "-" and int(clock.group(1)) < 24 and int(clock.group(2)) < 60:
            zone = zone_key(clock.group(4)) if clock.group(4) else None
            out.append(Piece(match.start(), clock.end(), "moment", days=(value,),
                             clocks=((int(clock.group(1)), int(clock.group(2))),), zone=zone,
                             second=int(clock.group(3) or 0)))
        out.append(Piece(match.start(), match.end(), "date", days=(value,)))
    for match in _iso_basic().finditer(text) if digits else ():
        year, month, day = (g for g in match.groups() if g is not None)
        value = safe_date(int(year), int(month), int(day))
        named = _WORD_BEFORE_NUMBER.search(text, max(0, match.start() - 24), match.start())
        if value is not None and not (named and named.group(1).lower() in _NUMBER_NAMES):
            out.append(Piece(match.start(), match.end(), "date", days=(value,)))
    for match in scan(_NUMERIC_YEAR, text, sep):
        years = _years(match.group(4), reference)
        if match.group(2) == "." and len(match.group(4)) == 2:
            continue  # "1.5.26" reads as a version number as often as a date
        piece = _numeric(match, int(match.group(1)), int(match.group(3)), years, reference, single_only=False)
        if piece and len(match.group(4)) == 2 and len(match.group(1)) == 2 and match.group(2) == "-":
            # "16-04-19" may be written year first too (never "3/3/15"): that reading joins the others
            year_first = safe_date(2000 + int(match.group(1)), int(match.group(3)), int(match.group(4)))
            if year_first is not None and year_first not in piece.days:
                piece = piece.moved(days=(*piece.days, year_first))
        if piece:
            out.append(piece)
    for match in scan(_SLASH, text, sep):
        piece = _numeric(match, int(match.group(1)), int(match.group(2)), None, reference, single_only=False)
        if piece:
            out.append(piece)
    for match in scan(_DASH, text, sep):
        # "2-15" is a date only when one order is possible; "3-5" is more often a range of numbers.
        piece = _numeric(match, int(match.group(1)), int(match.group(2)), None, reference, single_only=True)
        if piece and int(match.group(1)) <= 12 < int(match.group(2)):
            out.append(piece)
    for match in scan(_YEAR_FIRST, text, months and digits):
        day = day_of(match.group(3) or match.group(6) or match.group(7))
        month = MONTHS[(match.group(2) or match.group(5) or match.group(8)).lower()]
        piece = _dated(match.start(), match.end(), month, day or 0, (int(match.group(1)),), reference) if day else None
        if piece:
            out.append(piece)
    for match in scan(_GLUED, text, months and digits):
        piece = _dated(match.start(), match.end(), MONTHS[match.group(2).lower()], int(match.group(1)),
                       _years(match.group(3), reference), reference)
        if piece:
            out.append(piece)
    for match in scan(_CLOCK_STAMP, text, months and weekday_names and ":" in text):
        value = safe_date(int(match.group(8)), MONTHS[match.group(2).lower()], int(match.group(3)))
        zone = zone_key(match.group(7)) if match.group(7) else None
        unknown_zone = bool(match.group(7)) and zone in (None, "?")
        if value is None or value.weekday() != WEEKDAYS[match.group(1).lower()] or unknown_zone:
            out.append(Piece(match.start(), match.end(), "moment", bad=True))  # a stamp that does not hold together
            continue
        out.append(Piece(match.start(), match.end(), "moment", days=(value,),
                         clocks=((int(match.group(4)), int(match.group(5))),), zone=zone,
                         second=int(match.group(6) or 0)))
    for match in scan(_MONTH_FIRST, text, months):
        day = day_of(match.group(2))
        if day is None:
            continue
        written_year = next((g for g in match.groups()[2:7] if g), None)
        piece = _dated(match.start(), match.end(), MONTHS[match.group(1).lower().rstrip(".")], day,
                       _years(written_year, reference), reference)
        if piece and piece.past_days and reference is not None and match.group(0)[:4].lower() == "this" \
                and all(d.year == reference.year for d in piece.days) and not piece.disputed:
            # "this May 8th" still ahead this year, nearer than last year's: this year's, whichever way
            # the sentence looks ("What did I spend this May 8th?" said in March is not last year's;
            # "this Dec 20" said on Jan 5 keeps both)
            piece = piece.moved(past_days=None, disputed=False)
        if piece:
            out.append(_moved_by_years(text, piece, reference))
    ranged = months and digits and (_RANGE_MARK.search(text) is not None or words & _RANGE_WORDS)
    for match in scan(_MONTH_DAY_RANGE, text, ranged):
        month = MONTHS[match.group(1).lower()]
        first, second = day_of(match.group(2)) or 0, day_of(match.group(4)) or 0
        years = _years(match.group(5), reference)
        if first < second:
            opening = _dated(match.start(), match.start(3), month, first, years, reference)
            same_year = years or ((opening.days[0].year,) if opening and opening.days else None)
            closing = _dated(match.end(3), match.end(), month, second, same_year, reference)
            _replace_range(out, match, opening, closing)
        else:  # "Dec 5-3": not a range, and "Dec 5" alone is not what was written
            out.append(Piece(match.start(), match.end(), "date", bad=True))
    for match in scan(_DAY_RANGE_MONTH, text, ranged):
        month = MONTHS[match.group(4).lower()]
        first, second = day_of(match.group(1)) or 0, day_of(match.group(3)) or 0
        years = _years(match.group(5), reference)
        if first < second:
            closing = _dated(match.end(2), match.end(), month, second, years, reference)
            same_year = years or ((closing.days[0].year,) if closing and closing.days else None)
            opening = _dated(match.start(), match.start(2), month, first, same_year, reference)
            _replace_range(out, match, opening, closing)
        else:
            out.append(Piece(match.start(), match.end(), "date", bad=True))
    listed_worth = months and (_LIST_WORD.search(text) is not None)
    for pattern in (_MONTH_THEN_DAYS, _DAYS_THEN_MONTH):
        for match in scan(pattern, text, listed_worth):
            month_group, days_group = (1, 2) if pattern is _MONTH_THEN_DAYS else (2, 1)
            month = MONTHS[match.group(month_group).lower().rstrip(".")]
            items = list(_ONE_LISTED.finditer(text, match.start(days_group), match.end(days_group)))
            numbers = [day_of(item.group(1)) or 0 for item in items]
            if any(a >= b for a, b in pairwise(numbers)) or not all(numbers):
                continue  # days listed out of order are not read as one list
            years = _years(match.group(3), reference)
            anchor = _dated(0, 0, month, numbers[0], years, reference)
            if anchor is None or not anchor.days:
                continue
            same_year = years or (anchor.days[0].year,)
            listed_pieces = []
            for position, (item, number) in enumerate(zip(items, numbers, strict=True)):
                start = match.start() if position == 0 and pattern is _MONTH_THEN_DAYS else item.start()
                end = match.end() if position == len(items) - 1 and pattern is _DAYS_THEN_MONTH else item.end()
                piece = _dated(start, end, month, number, same_year, reference)
                if piece is None:
                    break
                listed_pieces.append(piece.moved(inferred=years is None))
            else:
                _replace(out, listed_pieces)
    cardinal_next_to_month = bool(months and words & _CARDINAL_TOKENS) and _cardinal_next_to_month(text)
    for pattern in (_MONTH_CARDINAL, _CARDINAL_MONTH):
        for match in scan(pattern, text, cardinal_next_to_month):
            month_word, day_word = (match.group(1), match.group(2))[:: 1 if pattern is _MONTH_CARDINAL else -1]
            day = CARDINAL_WORDS[" ".join(day_word.lower().replace("-", " ").split())]
            whole = match.start() == len(text) - len(text.lstrip()) and match.end() == len(text.rstrip())
            cued = whole or _DAY_CUE_BEFORE.search(before(text, match.start())) is not None
            if not match.group(3) and (day < 13 or month_word.lower() in ("may", "mar", "march")) and not cued:
                continue
            piece = _dated(match.start(), match.end(), MONTHS[month_word.lower()], day,
                           _years(match.group(3), reference), reference)
            if piece:
                out.append(piece)
    for match in scan(_CARDINAL_MONTH_CUED, text, cardinal_next_to_month):
        whole = match.start() == len(text) - len(text.lstrip()) and match.end() == len(text.rstrip())
        if not whole and not re.search(r"\bon\s+$", before(text, match.start())):
            continue
        day = CARDINAL_WORDS[" ".join(match.group(1).lower().replace("-", " ").split())]
        piece = _dated(match.start(), match.end(), MONTHS[match.group(2).lower()], day, None, reference)
        if piece:
            out.append(piece)
    for match in scan(_DAY_FIRST, text, months):
        day = day_of(match.group(1))
        if day is None:
            continue
        years = _years(next((g for g in match.groups()[2:10] if g), None), reference)
        piece = _dated(match.start(), match.end(), MONTHS[match.group(2).lower().rstrip(".")], day, years, reference)
        if piece and piece.past_days and reference is not None and _DAY_OF.search(match.group(0)):
            # "the third day of October", counted inside the month as "the first Monday of October" is:
            # the one just gone only within a month after it (the weekdays family's rule)
            piece = piece.moved(disputed=(reference - piece.past_days[0]).days <= 31)
        if piece:
            out.append(_moved_by_years(text, piece, reference))
    for match in scan(_OF_MONTH, text, "month" in words):
        day = day_of(match.group(1))
        which = " ".join(match.group(2).lower().split()).removeprefix("the ")
        ahead = 0 if which in ("this", "current") else -1 if which in ("last", "previous") else 1
        piece = _day_of_month(match.start(), match.end(), day or 0, reference, ahead)
        if piece:
            out.append(piece)
    for match in scan(_MONTH_THEN_DAY, text, "month" in words):
        ahead = {"this": 0, "next": 1, "last": -1}[match.group(1).lower()]
        piece = _day_of_month(match.start(), match.end(), day_of(match.group(2)) or 0, reference, ahead)
        if piece:
            out.append(piece)
    ordinal = _ORDINAL_DIGITS.search(text) or words & ORDINAL_TOKENS
    weekday_words = words & WEEKDAY_WORDS
    for pattern, worth in ((_DAY_ONLY, ordinal), (_ON_DAY_THEN_SUBJECT, ordinal), (_ON_DAY, digits),
                           (_WEEKDAY_DAY, ordinal and weekday_words),
                           (_WEEKDAY_NUMBER, digits and weekday_words), (_ORDINAL_AT, ordinal)):
        for match in scan(pattern, text, worth):
            day = day_of(match.group(1))
            # the quote keeps its "the" ("the 1st"): a bare "1st" is no date
            the = text.lower().rfind("the", match.start(), match.start(1))
            start = the if the >= 0 and pattern not in (_WEEKDAY_DAY, _WEEKDAY_NUMBER) else match.start(1)
            piece = _day_of_month(start, match.end(1), day or 0, reference, None)
            if piece:
                out.append(piece.moved(near_only=True) if pattern is _WEEKDAY_NUMBER else piece)
    for match in scan(_WEEKDAY_THE_CARDINAL, text, weekday_words and words & _CARDINAL_TOKENS and "the" in words):
        day = CARDINAL_WORDS[" ".join(match.group(2).lower().replace("-", " ").split())]
        piece = _day_of_month(match.start(1), match.end(2), day, reference, None)
        if piece:
            out.append(piece)
    return out
