"""Which candidate a corpus expects where the grammar offers several, by the way the candidates differ.

A phrase the grammar declares ambiguous offers two or more readings. They differ along one or more
*dimensions*: the order of a numeric date's day and month ("8.5.2018": May 8 or August 5), the half
of the day ("at 5"), the week ("Monday" said on a Thursday), the year of a month-day said without
one ("aug 3" said on Aug 16), the day a midnight belongs to, a two-digit year's century, a zone's
meaning. ``ambiguity_dimensions`` names each dimension the readings differ along, with a form class
taken from the words ("numeric date with dots", "H:MM after a date, hour 7-11") and which side of
it the corpus's expected value is on ("day-first", "as written"). ``written_order`` reads, for any
phrase with a numeric date, which order the expected value implies, whether or not the grammar
found it ambiguous: the evidence of how a corpus writes its dates.

``python -m bench.time_eval CORPUS PATHS --ambiguity`` prints both tables: the grounds for adopting
a single reading of a class (every tuning corpus that has it agreeing) or keeping it declared.
Like ``--failures`` it looks at phrases' outcomes, so it is refused for the held-out corpora.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import TypeVar

from bench.time_conventions import GradedPhrase, convention_class

__all__ = ["ambiguity_dimensions", "ambiguity_table", "written_clock", "written_order"]

_NUMERIC_DATE = re.compile(r"(?<![\d.:/-])(\d{1,4})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{2,4})?(?![\d:])")
_NUMERIC_PAIR = re.compile(r"(?<![\d.:/-])(\d{1,2})\s?([/-])\s?(\d{1,2})(?![\d:/.-])")
_AM_PM = re.compile(r"\d\s*[ap]\.?\s?m\b|\b(?:noon|midnight|morning|afternoon|evening|tonight|night)\b",
                    re.IGNORECASE)
_SECONDS = re.compile(r"\b\d{1,2}:\d{2}:\d{2}\b")
_MINUTES = re.compile(r"(?<![\d.:/-])(\d{1,2})[:.h](\d{2})(?![\d/-]|\.\d)")
_MONTH_NAME = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)", re.IGNORECASE)
_DAY_WORD = re.compile(
    r"\b(?:today|tomorrow|yesterday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b|"
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.IGNORECASE)
_HALF_DAY = timedelta(hours=12)


_P = TypeVar("_P", bound=GradedPhrase)


def _swapped(a: datetime, b: datetime) -> bool:
    return (a != b and a.year == b.year and a.month == b.day and a.day == b.month
            and a.timetz() == b.timetz())


def _same_wall_clock(a: datetime, b: datetime) -> bool:
    return a.replace(tzinfo=None) == b.replace(tzinfo=None) and a.utcoffset() != b.utcoffset()


def _relation(a: datetime, b: datetime) -> str | None:
    """The one dimension along which ``a`` and ``b`` differ (None: several, or another)."""
    if _swapped(a, b):
        return "order"
    if _same_wall_clock(a, b):
        return "zone"
    gap = abs(a - b)
    if gap == _HALF_DAY:
        return "half-day"
    if gap == timedelta(days=1):
        return "day"
    if gap == timedelta(days=7):
        return "week"
    if (a.month, a.day, a.timetz()) == (b.month, b.day, b.timetz()):
        return {1: "year", 100: "century"}.get(abs(a.year - b.year))
    return None


def _date_form(text: str) -> str:
    match = _NUMERIC_DATE.search(text)
    if match:
        year = "" if match.group(4) else ", no year"
        if len(match.group(1)) == 4:
            return f"year-first numeric date with {_SEPARATORS[match.group(2)]}"
        two_digit = ", two-digit year" if match.group(4) and len(match.group(4)) == 2 else ""
        return f"numeric date with {_SEPARATORS[match.group(2)]}{year}{two_digit}"
    match = _NUMERIC_PAIR.search(text)
    if match:
        return f"numeric date with {_SEPARATORS[match.group(2)]}, no year"
    return "other"


_SEPARATORS = {".": "dots", "/": "slashes", "-": "dashes"}


def _has_date(text: str) -> bool:
    return bool(_MONTH_NAME.search(text) or _DAY_WORD.search(text) or _NUMERIC_DATE.search(text)
                or _NUMERIC_PAIR.search(text))


def _has_calendar_date(text: str) -> bool:
    """A date written out: a month name or a numeric date (not only a weekday or "tomorrow")."""
    return bool(_MONTH_NAME.search(text) or _NUMERIC_DATE.search(text) or _NUMERIC_PAIR.search(text))


def _clock_form(text: str) -> str:
    """The form of a clock time without am/pm: to the second, H:MM after (or before) a date, alone,
    or an hour without minutes; with the hour written, 1-6 or 7-11 (readers split there)."""
    if _SECONDS.search(text):
        return f"H:MM:SS {'with a calendar date' if _has_calendar_date(text) else 'without one'}"
    minutes = _MINUTES.search(text)
    cue = " with a part-of-day word" if _AM_PM.search(text) else ""
    if minutes:
        hour = int(minutes.group(1))
        band = "1-6" if 1 <= hour <= 6 else "7-11" if 7 <= hour <= 11 else str(hour)
        where = "with a calendar date" if _has_calendar_date(text) else "with a day word" if _has_date(text) \
            else "alone"
        return f"H:MM {where}, hour {band}{cue}"
    return f"an hour without minutes{' with a date' if _has_date(text) else ''}{cue}"


def _form(dimension: str, text: str, reference: datetime, day_grain: bool) -> str:
    if dimension == "order":
        return _date_form(text)
    if dimension == "half-day":
        return _clock_form(text)
    if dimension == "day":
        return "midnight" + (" with a date" if _has_date(text) else " alone") if "midnight" in text.lower() \
            else "the day of a time"
    if dimension == "week":
        return convention_class(text, reference, day_grain) or "a weekday with more words"
    if dimension == "year":
        return "a month-day without a year" if not re.search(r"\d{4}", text) else "a year said otherwise"
    return dimension


def _choice(dimension: str, expected: datetime, partner: datetime, text: str) -> str:
    if dimension == "order":
        match = _NUMERIC_DATE.search(text) or _NUMERIC_PAIR.search(text)
        first = int(match.group(1)) if match else -1
        return "day-first" if expected.day == first else "month-first" if expected.month == first else "year-first"
    if dimension == "half-day":
        minutes = _MINUTES.search(text)
        if minutes and int(minutes.group(1)) <= 12:
            return "as written" if expected.hour == int(minutes.group(1)) else "the other half of the day"
        return "before noon" if expected.hour < 12 else "after noon"
    if dimension == "zone":
        return f"offset {expected.utcoffset()}"
    if dimension == "day" and "midnight" in text.lower():
        return "the start of the day named" if expected < partner else "the end of the day named"
    return "the earlier" if expected < partner else "the later"


def ambiguity_dimensions(text: str, reference: datetime, readings: Sequence[datetime], expected: datetime,
                         day_grain: bool = True) -> list[tuple[str, str]]:
    """Each dimension the distinct ``readings`` differ along, as ``(class, choice)``: the dimension
    and the words' form class, and which side of it ``expected`` is on ("none of them" when no
    reading is the expected value, "other" for readings that differ in no single dimension)."""
    distinct = sorted(set(readings))
    if len(distinct) < 2:
        return []
    dimensions = {r for a in distinct for b in distinct if a < b and (r := _relation(a, b))}
    if not dimensions:
        return [("other", "none of them" if expected not in distinct else "one of them")]
    out = []
    expected = next((r for r in distinct if r == expected), expected)  # in the reading's own offset
    for dimension in sorted(dimensions):
        kind = f"{dimension}: {_form(dimension, text, reference, day_grain)}"
        partners = [r for r in distinct if r != expected and _relation(expected, r) == dimension]
        choice = "none of them" if expected not in distinct or not partners else \
            _choice(dimension, expected, partners[0], text)
        out.append((kind, choice))
    return out


def written_order(text: str, expected: datetime) -> tuple[str, str] | None:
    """For a phrase with a numeric date of two numbers up to 31 (and maybe a year): its form and
    the order its expected value implies ("day-first", "month-first", "year-first", "either" when
    day and month are equal), whatever the grammar read."""
    match = _NUMERIC_DATE.search(text) or _NUMERIC_PAIR.search(text)
    if not match or len(match.group(1)) == 4:
        return None
    first, second = int(match.group(1)), int(match.group(3))
    if first == second and expected.day == first and expected.month == first:
        order = "either"
    elif (expected.day, expected.month) == (first, second):
        order = "day-first"
    elif (expected.month, expected.day) == (first, second):
        order = "month-first"
    elif expected.year % 100 == first and expected.month == second:
        order = "year-first"
    else:
        return None  # the numbers are not the expected date's (a range, a count, a time)
    both_small = "both parts 12 or below" if first <= 12 and second <= 12 else "one part above 12"
    return f"{_date_form(text)}, {both_small}", order


def written_clock(text: str, expected: datetime) -> tuple[str, str] | None:
    """For a phrase with a clock time written H:MM (or H.MM) and no am/pm or part-of-day word: its
    form (with a date or alone, the hour's band) and whether the expected value is the hour as
    written or twelve hours on, whatever the grammar read."""
    minutes = _MINUTES.search(text)
    if not minutes or _AM_PM.search(text) or int(minutes.group(1)) > 12:
        return None
    hour, minute = int(minutes.group(1)), int(minutes.group(2))
    if expected.minute != minute or expected.hour % 12 != hour % 12:
        return None  # the numbers are not the expected time's
    return _clock_form(text), "as written" if expected.hour == hour else "the other half of the day"


def ambiguity_table(phrases: Iterable[_P], readings_of: Callable[[_P], Sequence[datetime]]
                    ) -> tuple[dict[str, Counter[str]], dict[str, Counter[str]]]:
    """Per class: which candidate the ambiguous phrases expect; and per numeric date or clock form:
    which order or half of the day every phrase's expected value implies."""
    ambiguous: dict[str, Counter[str]] = {}
    orders: dict[str, Counter[str]] = {}
    for phrase in phrases:
        for written in (written_order(phrase.text, phrase.expected),
                        None if phrase.day_grain else written_clock(phrase.text, phrase.expected)):
            if written:
                orders.setdefault(written[0], Counter())[written[1]] += 1
        readings = readings_of(phrase)
        for kind, choice in ambiguity_dimensions(phrase.text, phrase.reference, readings, phrase.expected,
                                                 phrase.day_grain):
            ambiguous.setdefault(kind, Counter())[choice] += 1
    return dict(sorted(ambiguous.items())), dict(sorted(orders.items()))
