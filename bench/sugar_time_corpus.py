"""The English cases of Sugar's date tests: the text, the reference, the expected day, moment or time of day.

Sugar (andrewplummer/Sugar, MIT licence, JavaScript) tests ``Sugar.Date.create`` in
``test/tests/date.js``, read here at commit 3ca57818 (3ca57818332473b601434001ac1445552d7753ff), with
helpers that build the expected values in ``test/suite/helpers/date.js``. Get them with ``git show
3ca57818:test/tests/date.js`` (and ``...:test/suite/helpers/date.js``, only to read what the helpers
mean) from the public repository; nothing of them is part of this one. The cases are the calls
``assertDateParsed(TEXT, EXPECTED)`` and ``assertDateParsed(TEXT, LOCALE_OR_OPTIONS, EXPECTED[, MSG])``,
read with the project's call-structure tokenizer (``bench.js_calls``), never run. The range tests
(``test/tests/range/date.js``) are not used: their cases are ranges of two values, mostly built from
``Date`` objects rather than text. ``assertDateNotParsed(TEXT)`` texts are kept apart as negatives.

Expected values are evaluated by a small interpreter of what the tests write: ``new Date(y, m0, d, h,
mi, s, ms)`` (0-based month; a year 0-99 is 1900 + year; every field may overflow into the next, as
JavaScript's date arithmetic does), ``new Date()`` (now), ``now.getFullYear()``/``getMonth()``/
``getDate()``, ``thisYear``, integer arithmetic, ``var`` bindings and the setters the tests call on
them (``d.setDate(28)``), and the helpers, re-stated here from what they do:

- ``getRelativeDate(years, months, days, hours, minutes, seconds, ms)``: now moved by whole years,
  months and days on the calendar (a move by months alone keeps the day within the target month's
  length), then by hours and smaller units as elapsed time; the clock time is kept.
- ``getRelativeDateReset(...)``: the same, then every unit finer than the last one given is reset
  (``getRelativeDateReset(0, 0, 1)`` is tomorrow at 00:00, ``(0, 1)`` the 1st of next month).
- ``testGetWeekday(weekday, weekOffset, h, mi, s, ms)``: the given weekday (Sunday 0) of the week
  ``weekOffset`` weeks from this one, weeks running Sunday to Saturday, at the given clock time (00:00
  by default).
- ``testGetWeekdayInMonth(month, weekday, n)``: the n-th (0-based) such weekday of that month of this
  year; ``testGetWeekdayInRelativeMonth(months, ...)`` counts the month from this one.
- ``testDateSet(date, {year, month, date, hour, minute, second, millisecond})``: fields set in that order.
- ``getUTCDate(y, m0, d, h, mi, s, ms)``: that instant in UTC.
- ``testGetDaysInMonth``, ``testGetEndOfMonth``, ``testGetEndOfRelativeMonth``: a month's length, its
  last millisecond.

Reference ("now"): Monday 2020-04-20 10:30:00.000, the commit's day, in a local zone of fixed offset
+09:00 (``REFERENCE``; the offset of the commit's timestamp; a fixed offset has no daylight-saving
shifts, so local calendar arithmetic is exact). Local values (``new Date(...)``) are read at that
offset, ``getUTCDate`` values as UTC instants.

Grain, from the words (``bench.time_phrase_kinds`` and the cues here) and Sugar's value, never from an
outcome here: a phrase that counts hours, minutes, seconds or milliseconds from now ("2 hours ago",
"in half an hour", "half a day ago"), or says "now", is a *moment*; one that states a clock time and
names a day (a date, a day word, a weekday, a count of days) is a *moment*; a clock time alone
("4pm", "noon", "17:48:03.947") is a *time of day* (``grain == "time"``, kept with ``--times``: Sugar
puts it on today whatever the hour, a convention of its own, so only the time of day is the
words'); a phrase that names one day with no clock time is a *day*: Sugar's value is that day's start,
or, for a count of days, weeks, months or years from now ("2 weeks ago", "in 5 months"), that day at
the clock time kept, whose day is taken. A phrase naming no single day (a year, a month, a week:
"June 2008", "Next week") is left out.

Left out and counted by reason, because the value comes from a setting, an option or a quirk of
Sugar and not from the words: an input that is not text (an object of units), a locale other than
``en`` (``'en-GB'``, a test locale, or one set by ``testSetLocale``), an option (``{future: true}``,
``fromUTC``), formats the test adds (``addFormat``), an expected value that is Sugar's own reading of
another text (``testCreateDate(...)``) or the engine's parse of a string or a timestamp (``new
Date('19/6/2018')``, '.NET JSON' dates); a weekday with no next/last that falls on or before the
reference (Sugar: this week's day, even when past: "Monday", "this Monday", "the day after Monday"),
"next/last <weekday>" when Sugar's next or last week's day is not the nearest such day ("next
Friday" on a Monday is Sugar's Friday of next week), a Sunday in a named week ("Sunday of next week":
Sugar's weeks start on Sunday); a date with no year (or a day with no month) already past (Sugar:
this year's, this month's: "1 January", "first of the month"); a weekday written that is not the
date's ("Wednesday July 3rd, 2008": Sugar moves to the weekday); an n-th weekday the month does not
have ("the 5th Friday of February, 2012": Sugar rolls into March); a day number the month does not
have ("0 January", "32 July": rolled over); midnight on a named day (the start or the end of that
day; Sugar reads the end); the beginning or end of a period (Sugar: its first or last millisecond);
weekends; a numeric date with a year of two digits or fewer (its century is Sugar's pivot) or whose
month and day are both 12 or less and differ (en's month-first order); ISO edge forms (the basic
format '17760523', fractions of an hour or minute and decimal commas, 24:00, signed and expanded
years, fractions of a second finer than a millisecond, a date with a zone and no time); years before
1 AD or after 9999; a partial time ('10:'); repeats of a case already read (both left out if their
values disagree).
"""

from __future__ import annotations

import calendar
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.js_calls import Call, Token, bindings, calls, closing, split_arguments, tokenize
from bench.time_phrase_kinds import DAY_CUE, STATES_TIME

__all__ = ["REFERENCE", "SugarCase", "SugarCorpus", "SugarNegative", "read_sugar"]

LOCAL = timezone(timedelta(hours=9))
REFERENCE = datetime(2020, 4, 20, 10, 30, tzinfo=LOCAL)  # a Monday


@dataclass(frozen=True, slots=True)
class SugarCase:
    text: str
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line


@dataclass(frozen=True, slots=True)
class SugarNegative:
    text: str  # a text Sugar's tests say must not parse
    reference: datetime
    source: str


@dataclass(slots=True)
class SugarCorpus:
    cases: list[SugarCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)
    negatives: list[SugarNegative] = field(default_factory=list)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


_OWN_READING = "the expected value is Sugar's own reading of another text (testCreateDate, run)"
_ENGINE = "an engine format or parse, not words ('.NET JSON' date, a timestamp, new Date(string))"
_YEAR_RANGE = "a year before 1 AD or after 9999"
_UNREAD = "an expected value the reader does not follow"


# --- JavaScript dates at the fixed local offset --------------------------------------------------

@dataclass(frozen=True, slots=True)
class _JsDate:
    """A JavaScript Date at the local offset: its local wall-clock fields (milliseconds in microsecond)."""

    local: datetime  # naive

    @staticmethod
    def make(year: int, month0: int, day: int = 1, hours: int = 0, minutes: int = 0, seconds: int = 0,
             ms: int = 0) -> _JsDate:
        """JavaScript's MakeDate: each field may overflow into the next (day 0 is the last of the month before)."""
        year, month0 = year + month0 // 12, month0 % 12
        if not 1 <= year <= 9999:
            raise _Drop(_YEAR_RANGE)
        try:
            start = datetime(year, month0 + 1, 1)
            moment = start + timedelta(days=day - 1, hours=hours, minutes=minutes, seconds=seconds,
                                       milliseconds=ms)
        except OverflowError as exc:
            raise _Drop(_YEAR_RANGE) from exc
        return _JsDate(moment)

    @staticmethod
    def of(moment: datetime) -> _JsDate:
        return _JsDate(moment.astimezone(LOCAL).replace(tzinfo=None))

    def aware(self) -> datetime:
        return self.local.replace(tzinfo=LOCAL)

    def fields(self) -> list[int]:
        m = self.local
        return [m.year, m.month - 1, m.day, m.hour, m.minute, m.second, m.microsecond // 1000]

    def with_field(self, index: int, value: int) -> _JsDate:
        values = self.fields()
        values[index] = value
        return _JsDate.make(*values)

    def day_of_week(self) -> int:  # Sunday 0
        return (self.local.weekday() + 1) % 7

    def plus(self, **elapsed: float) -> _JsDate:
        return _JsDate(self.local + timedelta(**elapsed))


_SETTERS = {"setFullYear": 0, "setMonth": 1, "setDate": 2, "setHours": 3, "setMinutes": 4, "setSeconds": 5,
            "setMilliseconds": 6}
_GETTERS = {"getFullYear": 0, "getMonth": 1, "getDate": 2, "getHours": 3, "getMinutes": 4, "getSeconds": 5,
            "getMilliseconds": 6}
_UNIT_KEYS = ("year", "month", "date", "hour", "minute", "second", "millisecond")
_RESETS = (0, 0, 1, 0, 0, 0, 0)  # what getRelativeDateReset sets the units after the given ones to


def _now() -> _JsDate:
    return _JsDate.of(REFERENCE)


def _arg(args: Sequence[Any], i: int) -> Any:
    return args[i] if i < len(args) else None


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Drop(_UNREAD)
    return value


def _days_in_month(year: int, month0: int) -> int:
    return 32 - _JsDate.make(year, month0, 32).local.day


def _relative(args: Sequence[Any]) -> _JsDate:
    """Now moved by years, months and days on the calendar, then by smaller units as elapsed time."""
    years, months, days = (_arg(args, i) for i in range(3))
    d = _now()
    year, month0, day = d.fields()[0] + (years or 0), d.fields()[1] + (months or 0), d.fields()[2] + (days or 0)
    if not days and months is not None:  # a move by months keeps the day within the target month
        day = min(day, _days_in_month(year, month0))
        if day != d.local.day:
            d = d.with_field(2, day)
    if year != d.local.year:
        d = d.with_field(0, year)
    if month0 != d.local.month - 1:
        d = d.with_field(1, month0)
    if day != d.local.day:
        d = d.with_field(2, day)
    hours, minutes, seconds, ms = ((_arg(args, i) or 0) for i in range(3, 7))
    return d.plus(hours=hours, minutes=minutes, seconds=seconds, milliseconds=ms)


def _relative_reset(args: Sequence[Any]) -> _JsDate:
    d = _relative(args)
    for index in range(len(args), len(_RESETS)):
        d = d.with_field(index, _RESETS[index])
    return d


def _weekday(args: Sequence[Any]) -> _JsDate:
    weekday, offset = _int(_arg(args, 0)), _arg(args, 1)
    d = _now()
    if offset:
        d = d.with_field(2, d.local.day + 7 * _int(offset))
    d = d.with_field(2, d.local.day + weekday - d.day_of_week())
    for index in range(3, 7):
        d = d.with_field(index, _arg(args, index - 1) or 0)
    return d


def _weekday_in_month(args: Sequence[Any]) -> _JsDate:
    month0, weekday, nth = _int(_arg(args, 0)), _int(_arg(args, 1)), _arg(args, 2) or 0
    d = _now().with_field(2, 1).with_field(1, month0)
    offset = weekday - d.day_of_week()
    if offset < 0:
        offset += 7
    d = d.with_field(2, 1 + offset + 7 * _int(nth))
    for index in range(3, 7):
        d = d.with_field(index, _arg(args, index) or 0)
    return d


def _utc(args: Sequence[Any]) -> _JsDate:
    year = _arg(args, 0) or REFERENCE.astimezone(timezone.utc).year
    month0 = _arg(args, 1) or 0
    day = 1 if _arg(args, 2) is None else _int(_arg(args, 2))
    rest = [_arg(args, i) or 0 for i in range(3, 7)]
    in_utc = _JsDate.make(_int(year), _int(month0), day, *rest).local.replace(tzinfo=timezone.utc)
    return _JsDate.of(in_utc)


def _date_set(args: Sequence[Any]) -> _JsDate:
    d, units = _arg(args, 0), _arg(args, 1)
    if not isinstance(d, _JsDate) or not isinstance(units, dict):
        raise _Drop(_UNREAD)
    for index, key in enumerate(_UNIT_KEYS):
        if key in units:
            d = d.with_field(index, _int(units[key]))
    return d


def _end_of_month(year: int, month0: int) -> _JsDate:
    return _JsDate.make(year, month0, _days_in_month(year, month0), 23, 59, 59, 999)


def _new_date(args: Sequence[Any]) -> _JsDate:
    if not args:
        return _now()
    if len(args) == 1:  # a timestamp or a string: the engine's own reading
        raise _Drop(_ENGINE)
    values = [_int(v) for v in args[:7]]
    if 0 <= values[0] <= 99:
        values[0] += 1900
    return _JsDate.make(*values)


_HELPERS: dict[str, Any] = {
    "getRelativeDate": _relative,
    "getRelativeDateReset": _relative_reset,
    "testGetWeekday": _weekday,
    "testGetWeekdayInMonth": _weekday_in_month,
    "testGetWeekdayInRelativeMonth": lambda a: _weekday_in_month([_now().local.month - 1 + _int(_arg(a, 0)),
                                                                  *a[1:]]),
    "getUTCDate": _utc,
    "testDateSet": _date_set,
    "testGetDaysInMonth": lambda a: _days_in_month(_int(_arg(a, 0)), _int(_arg(a, 1))),
    "testGetEndOfMonth": lambda a: _end_of_month(_int(_arg(a, 0)), _int(_arg(a, 1))),
    "testGetEndOfRelativeMonth": lambda a: _end_of_month(REFERENCE.year, REFERENCE.month - 1 + _int(_arg(a, 0))),
}
# Calls whose value is Sugar's own reading of a text (or a method run on one), not a value the test states.
_OWN = frozenset({"testCreateDate", "run", "testCreateFutureDate", "testCreatePastDate", "testCreateUTCDate",
                  "dateRun"})


# --- expressions ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Unknown:
    reason: str


class _Expression:
    """A recursive-descent reader of the expressions the tests write (see the module docstring)."""

    def __init__(self, tokens: Sequence[Token], env: dict[str, Any]) -> None:
        self.tokens, self.env, self.pos = list(tokens), env, 0

    def value(self) -> Any:
        found = self._sum()
        if self.pos != len(self.tokens):
            raise _Drop(_UNREAD)
        return found

    def _peek(self, text: str) -> bool:
        return self.pos < len(self.tokens) and self.tokens[self.pos].text == text and \
            self.tokens[self.pos].kind in ("punct", "name")

    def _take(self, text: str) -> None:
        if not self._peek(text):
            raise _Drop(_UNREAD)
        self.pos += 1

    def _sum(self) -> Any:
        left = self._product()
        while self._peek("+") or self._peek("-"):
            sign = 1 if self.tokens[self.pos].text == "+" else -1
            self.pos += 1
            left = _int(left) + sign * _int(self._product())
        return left

    def _product(self) -> Any:
        left = self._unary()
        while self._peek("*"):
            self.pos += 1
            left = _int(left) * _int(self._unary())
        return left

    def _unary(self) -> Any:
        if self._peek("-"):
            self.pos += 1
            return -_int(self._unary())
        return self._postfix(self._primary())

    def _arguments(self) -> list[Any]:
        close = closing(self.tokens, self.pos)
        if close >= len(self.tokens):
            raise _Drop(_UNREAD)
        parts = split_arguments(self.tokens[self.pos + 1 : close])
        self.pos = close + 1
        return [_Expression(part, self.env).value() for part in parts]

    def _primary(self) -> Any:
        if self.pos >= len(self.tokens):
            raise _Drop(_UNREAD)
        token = self.tokens[self.pos]
        if token.kind == "number":
            self.pos += 1
            return float(token.text) if "." in token.text else int(token.text)
        if token.kind == "string":
            self.pos += 1
            return token.text
        if self._peek("("):
            self.pos += 1
            inner = self._sum()
            self._take(")")
            return inner
        if self._peek("{"):
            close = closing(self.tokens, self.pos)
            entries: dict[str, Any] = {}
            for part in split_arguments(self.tokens[self.pos + 1 : close]):
                if len(part) < 3 or part[1].text != ":":
                    raise _Drop(_UNREAD)
                entries[part[0].text] = _Expression(part[2:], self.env).value()
            self.pos = close + 1
            return entries
        if token.kind != "name":
            raise _Drop(_UNREAD)
        self.pos += 1
        if token.text == "new":
            self._take("Date")
            return _new_date(self._arguments() if self._peek("(") else [])
        if token.text in _OWN:
            raise _Drop(_OWN_READING)
        if token.text in _HELPERS and self._peek("("):
            return _HELPERS[token.text](self._arguments())
        if token.text == "undefined":
            return None
        if token.text in self.env:
            bound = self.env[token.text]
            if isinstance(bound, _Unknown):
                raise _Drop(bound.reason)
            return bound
        raise _Drop(_UNREAD)

    def _postfix(self, value: Any) -> Any:
        while self._peek(".") and self.pos + 2 < len(self.tokens) and self.tokens[self.pos + 2].text == "(":
            method = self.tokens[self.pos + 1].text
            self.pos += 2
            args = self._arguments()
            if not isinstance(value, _JsDate) or method not in _GETTERS or args:
                raise _Drop(_UNREAD)
            value = value.fields()[_GETTERS[method]]
        return value


def _evaluate(tokens: Sequence[Token], env: dict[str, Any]) -> Any:
    return _Expression(tokens, env).value()


# --- the words -----------------------------------------------------------------------------------

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b\.?", re.I)
_WEEKDAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")  # Sunday 0, as JavaScript counts
_WEEKDAY_WORD = r"(?:sun|mon|tue|wed|thu|fri|sat)(?:day|s|sday|nesday|rsday|rs|urday|r)?"
_WEEKDAY = re.compile(r"\b(sun|mon|tue|wed|thu|fri|sat)(?:day|s|sday|nesday|rsday|rs|urday|r)?\b\.?", re.I)
_NUMBER_WORD = r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|half(?: an?)?|a half)"
# A count of time of day from now, or "now" itself: a moment.
_COUNTS_CLOCK = re.compile(
    r"\b" + _NUMBER_WORD + r"\s+(?:hours?|minutes?|seconds?|milliseconds?)\b|(?<!from )\bnow\b|\bhalf an? day\b",
    re.I)
# A count of days or longer from now: a day (Sugar keeps the clock time, the words name the day).
_COUNTS_DAYS = re.compile(r"\b" + _NUMBER_WORD + r"\s+(?:days?|weeks?|months?|years?)\b|\bhalf (?:year|month)\b",
                          re.I)
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight)\b", re.I)
_ISO_DAY = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\b\d{8}(?:T|\b)")
_FOUR_DIGIT_YEAR = re.compile(r"(?<![\d:])\d{4}(?!\d)")
_ISO_TIME = re.compile(r"\dT\d\d")
_NUMERIC_DATE = re.compile(r"(?<![\d:.])(\d{1,4})[/.-](\d{1,2})(?:[/.-](\d{1,6}))?(?![\d:])")
_TWO_DIGIT_YEAR = re.compile(r"(?<![\d/.-])\d{1,2}[/.-](?:\d{1,2}|[a-z]{3})[/.-]\d{1,2}(?![\d/.-])|'\d\d\b", re.I)
_ISO_BASIC = re.compile(r"^\d{6,8}(?:T\d+)?(?:[+-]\d{4})?$")
_ISO_FRACTION = re.compile(r"T\d\d(?::?\d\d)?[.,]\d|:\d\d,\d")
_ISO_24 = re.compile(r"T24:00")
_SIGNED_YEAR = re.compile(r"^[+\-\u2212]\d{4,}")
_FINE_FRACTION = re.compile(r":\d\d[.,]\d{4,}")
_ZONE_NO_TIME = re.compile(r"^\d{4}(?:-\d\d){0,2}Z$", re.I)
_PARTIAL_TIME = re.compile(r"\d:$")
_EDGE = re.compile(r"\b(?:beginning|start|end)\s+of\b", re.I)
_WEEKEND = re.compile(r"\bweekends?\b", re.I)
_MIDNIGHT = re.compile(r"\bmidnight\b", re.I)
_NAMED_WEEK = re.compile(r"\b(?:next|last|this)\s+week\b", re.I)
_NEXT_LAST_WEEKDAY = re.compile(r"\b(next|last)\s+" + _WEEKDAY_WORD + r"\b", re.I)
_NTH_WEEKDAY = re.compile(
    r"\b(\d(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|last)\s+" + _WEEKDAY_WORD
    + r"\b\.?\s+(?:of|in)\s+(?:(last|next|this|the)\s+month|([a-z]+))", re.I)
_DAY_OF_MONTH_NAME = re.compile(r"^\s*(\d{1,2})\s+([a-z]+)\s*$|^\s*([a-z]+)\s+(\d{1,2})\s*$", re.I)
# Words that place a phrase from now, so its year or month is not Sugar's "this year's" default.
_RELATIVE = re.compile(
    r"\b(?:(?:last|next|this)\s+(?:week|month|year|" + "|".join(_MONTHS) + "|" + _WEEKDAY_WORD + r")|ago|"
    r"from now|later|in\s+(?:\d|an?\b|half)|yesterday|tomorrow|today|tonight|now)\b", re.I)
_MONTH_WORDS = re.compile(r"\b(?:" + "|".join(m[:3] for m in _MONTHS) + r")[a-z]*\b", re.I)


_ZONE_WRITTEN = re.compile(r"\b(?:GMT|UTC)\b|[+-]\d\d:?\d\d\b|\dZ\b", re.I)
# The day of the month written after a month name or before it ("January 16th", "28 Aug").
_WRITTEN_DAY = re.compile(r"(?<![\d:./-])(\d{1,2})(?:st|nd|rd|th)?(?![\d:./-])", re.I)


def _states_clock(text: str) -> bool:
    """A clock time is written (``STATES_TIME`` less the parts of the day and the counts of time)."""
    bare = _PART_OF_DAY.sub(" ", _COUNTS_CLOCK.sub(" ", _COUNTS_DAYS.sub(" ", text)))
    bare = re.sub(r"\b(?:second|quarter)\b", " ", bare, flags=re.I)  # an ordinal, not a unit
    return STATES_TIME.search(bare) is not None or _ISO_TIME.search(bare) is not None


def _names_day(text: str) -> bool:
    return bool(DAY_CUE.search(text) or _ISO_DAY.search(text) or _COUNTS_DAYS.search(text)
                or _WEEKDAY.search(text) or re.search(r"\d{1,2}-[a-z]{3}-\d{2,4}|\d{4}-[a-z]{3}-\d{1,2}", text, re.I))


def _edge_form(text: str) -> str | None:
    """Why the text is an ISO or engine edge form Sugar reads by its own convention, or None."""
    stripped = text.strip()
    if "Date(" in stripped:
        return _ENGINE
    if _ISO_BASIC.match(stripped):
        return "the ISO basic format (digits run together: '17760523')"
    if _SIGNED_YEAR.match(stripped):
        return "a signed or expanded ISO year ('+1978-04-17', '-0002-07-26')"
    if _FINE_FRACTION.search(stripped):
        return "a fraction of a second finer than a millisecond (rounded by JavaScript)"
    if _ISO_FRACTION.search(stripped):
        return "a fraction of an hour or minute, or a decimal comma (ISO edge forms)"
    if _ISO_24.search(stripped):
        return "24:00 (the end of a day, ISO)"
    if _ZONE_NO_TIME.match(stripped):
        return "a date with a zone and no time (a UTC instant, not a day)"
    if _PARTIAL_TIME.search(stripped):
        return "a partial time ('10:')"
    return None


def _numeric_order(text: str) -> str | None:
    """Why a numeric date's order or century is a convention, or None."""
    if _TWO_DIGIT_YEAR.search(text):
        return "a numeric date with a year of two digits or fewer (its century is Sugar's pivot)"
    for match in _NUMERIC_DATE.finditer(text):
        first, second, third = match.group(1), match.group(2), match.group(3)
        if len(first) == 4:  # year first: one order only
            continue
        if third is None and len(second) > 2:
            continue
        if int(first) <= 12 and int(second) <= 12 and int(first) != int(second):
            return "a numeric date whose month and day are both 12 or less (en's month-first order)"
    return None


def _weekday_number(name: str) -> int:
    return _WEEKDAYS.index(name.lower()[:3])


def _has_date(text: str) -> bool:
    """A month with a day, a numeric date or a year: the weekday in the text only agrees with it."""
    return bool(_FOUR_DIGIT_YEAR.search(text) or _NUMERIC_DATE.search(text) or _ISO_DAY.search(text)
                or (_MONTH_WORDS.search(text) and re.search(r"\d", text)))


def _weekday_convention(text: str, expected: datetime) -> str | None:
    """Why a weekday phrase's day is Sugar's week convention rather than the words', or None."""
    named = [m.group(1) for m in _WEEKDAY.finditer(text)]
    if not named or _NTH_WEEKDAY.search(text):
        return None
    weekday = _weekday_number(named[0])
    if _has_date(text):
        if _ZONE_WRITTEN.search(text):  # the local day may differ from the day written
            return None
        written = _WRITTEN_DAY.search(_WEEKDAY.sub(" ", text))
        if len(named) == 1 and ((expected.weekday() + 1) % 7 != weekday
                                or (written is not None and int(written.group(1)) != expected.day)):
            return "the weekday written is not the date's (Sugar moves to the weekday)"
        return None
    today = REFERENCE.date()
    js_today = (today.weekday() + 1) % 7
    if _NAMED_WEEK.search(text):
        return "a Sunday in a named week (Sugar's weeks start on Sunday)" if weekday == 0 else None
    direction = _NEXT_LAST_WEEKDAY.search(text)
    if direction:
        step = 1 if direction.group(1).lower() == "next" else -1
        nearest = today + timedelta(days=step * (((weekday - js_today) * step) % 7 or 7))
        sugar = today + timedelta(days=7 * step + weekday - js_today)
        if nearest != sugar:
            return "next/last <weekday>: Sugar's next or last week's day, not the nearest such day"
        return None
    anchor = today + timedelta(days=weekday - js_today)  # this (Sunday to Saturday) week's day
    if anchor <= today:
        return "a weekday with no next/last, on or before the reference (Sugar: this week's day, even when past)"
    return None


def _month_named(text: str) -> int | None:
    match = _MONTH.search(text)
    if match is None:
        return None
    return [m[:3] for m in _MONTHS].index(match.group(1).lower()) + 1


def _calendar_quirk(text: str, expected: datetime) -> str | None:
    """Why the words name a day the calendar does not have, which Sugar rolls over, or None."""
    nth = _NTH_WEEKDAY.search(text)
    if nth:
        if nth.group(2):
            shift = {"last": -1, "next": 1}.get(nth.group(2).lower(), 0)
            month = (REFERENCE.month - 1 + shift) % 12 + 1
        else:
            month = _month_named(nth.group(3)) or 0
        if month and expected.month != month:
            return "an n-th weekday the month does not have (Sugar rolls into the next month)"
    alone = _DAY_OF_MONTH_NAME.match(text)
    if alone:
        day_text, month_text = (alone.group(1), alone.group(2)) if alone.group(1) else (alone.group(4), alone.group(3))
        named = _month_named(month_text)
        if named and not 1 <= int(day_text) <= calendar.monthrange(2020, named)[1]:  # a leap year: Feb 29 exists
            return "a day number the month does not have (Sugar rolls it over: '0 January', '32 July')"
    return None


def _convention(text: str, expected: datetime) -> str | None:
    """Why the value of a case is set by a convention or quirk of Sugar rather than its words, or None."""
    for check in (_edge_form(text), _numeric_order(text)):
        if check:
            return check
    if _EDGE.search(text):
        return "the beginning or end of a period (Sugar: its first or last millisecond)"
    if _WEEKEND.search(text):
        return "a weekend (two days)"
    if _MIDNIGHT.search(text) and (_names_day(text) or re.search(r"\btonight\b", text, re.I)):
        return "midnight on a named day (its start or its end: Sugar reads the end)"
    for check in (_calendar_quirk(text, expected), _weekday_convention(text, expected)):
        if check:
            return check
    if not _FOUR_DIGIT_YEAR.search(text) and not _RELATIVE.search(text) and not _COUNTS_DAYS.search(text) \
            and expected.date() < REFERENCE.date():
        return "a date with no year or no month, already past (Sugar: this year's or this month's)"
    return None


def _grain(text: str, expected: datetime) -> str:
    """The grain the words give (see the module docstring), or a drop when the value is not one of them."""
    if _COUNTS_CLOCK.search(text):
        return "moment"
    clock = _states_clock(text)
    day = _names_day(text)
    if clock:
        return "moment" if day else "time"
    if not day:
        raise _Drop("not one day or moment (a year, a month or a week)")
    local = expected.astimezone(LOCAL)
    if (local.hour, local.minute, local.second, local.microsecond) != (0, 0, 0, 0) and not _COUNTS_DAYS.search(text):
        raise _Drop("a day whose expected value is not the day's start")
    return "day"


# --- the file ------------------------------------------------------------------------------------

# ``assertDateParsed`` cases and ``assertDateNotParsed`` negatives.
_CASE_CALLS = frozenset({"assertDateParsed", "assertDateNotParsed"})
_OTHER_CHECKS = frozenset({"testCreateDate", "testCreateFutureDate", "testCreatePastDate", "testCreateUTCDate"})
_CONTROL = frozenset({"if", "while", "for"})


@dataclass(slots=True)
class _Reader:
    corpus: SugarCorpus
    name: str
    seen: dict[str, tuple[datetime, str]] = field(default_factory=dict)
    conflicts: set[str] = field(default_factory=set)

    def drop(self, line: int, text: str, reason: str) -> None:
        self.corpus.dropped[reason] += 1
        self.corpus.dropped_at.append((f"{self.name}:{line}", text, reason))

    def case(self, line: int, text: str, expected: datetime, grain: str) -> None:
        key = " ".join(text.lower().split())
        if key in self.seen:
            if self.seen[key] != (expected, grain):
                self.conflicts.add(key)
            self.drop(line, text, "a repeat of a case already read")
            return
        self.seen[key] = (expected, grain)
        self.corpus.cases.append(SugarCase(text.strip(), REFERENCE, expected, grain, f"{self.name}:{line}"))


def _setter_events(tokens: Sequence[Token], names: set[str]) -> list[tuple[int, str, str, list[Token]]]:
    """(token index, variable, setter, argument tokens) of each ``name.setX(...)`` call."""
    dotted = frozenset(f"{name}.{setter}" for name in names for setter in _SETTERS)
    found = []
    for call in calls(tokens, dotted):
        variable, setter = call.name.split(".")
        found.append((call.start, variable, setter, call.arguments[0] if len(call.arguments) == 1 else []))
    return found


def _control_blocks(tokens: Sequence[Token]) -> list[tuple[int, int]]:
    """(start, end) token ranges of ``if``/``while``/``for`` statements: their condition and body."""
    blocks = []
    for i, token in enumerate(tokens):
        if token.kind == "name" and token.text in _CONTROL and i + 1 < len(tokens) and tokens[i + 1].text == "(":
            end = closing(tokens, i + 1)
            if end + 1 < len(tokens) and tokens[end + 1].text == "{":
                end = closing(tokens, end + 1)
            blocks.append((i, end))
    return blocks


def _inside(index: int, blocks: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    for start, end in blocks:
        if start <= index <= end:
            return start, end
    return None


def _read_file(path: Path, corpus: SugarCorpus) -> None:
    source = path.read_text(encoding="utf-8")
    if re.search(r"\bassertDateParsed\s*=\s*function", source):
        return  # the helpers' definitions, not cases
    tokens = tokenize(source)
    reader = _Reader(corpus, path.name)
    blocks = _control_blocks(tokens)
    bound = bindings(tokens)
    events: list[tuple[int, str, Any]] = [(i, "bind", (name, value)) for i, name, value in bound]
    setters = _setter_events(tokens, {name for _, name, _ in bound})
    events += [(i, "set", (name, setter, args)) for i, name, setter, args in setters]
    events += [(c.start, "case", c) for c in calls(tokens, _CASE_CALLS)]
    events += [(c.start, "state", c) for c in calls(tokens, frozenset({"testSetLocale"}))]
    events += [(i, "format", None) for i, t in enumerate(tokens)
               if t.kind == "name" and t.text in ("addFormat", "addRawFormat") and i and tokens[i - 1].text == "."]
    case_spans = [(c.start, c.end) for c in calls(tokens, _CASE_CALLS)]
    events += [(c.start, "other", c) for c in _nested_calls(tokens, _OTHER_CHECKS)
               if _inside(c.start, case_spans) is None and c.arguments and len(c.arguments[0]) == 1
               and c.arguments[0][0].kind == "string"]
    env: dict[str, Any] = {}
    locale, formats_added = "en", False
    for index, kind, item in sorted(events, key=lambda e: e[0]):
        block = _inside(index, blocks)
        if kind == "bind":
            name, value = item
            try:
                env[name] = _Unknown(_UNREAD) if block else _evaluate(value, env)
            except _Drop as drop:
                env[name] = _Unknown(str(drop))
            except (ValueError, TypeError, OverflowError):
                env[name] = _Unknown(_UNREAD)
        elif kind == "set":
            name, setter, args = item
            current = env.get(name)
            try:
                if block or not isinstance(current, _JsDate):
                    raise _Drop(_UNREAD)
                env[name] = current.with_field(_SETTERS[setter], _int(_evaluate(args, env)))
            except _Drop as drop:
                env[name] = _Unknown(str(drop))
        elif kind == "state":
            if item.arguments and item.arguments[0][0].kind == "string":
                locale = item.arguments[0][0].text
        elif kind == "format":
            formats_added = True
        elif kind == "other":
            reader.drop(item.line, item.arguments[0][0].text, _other_check(item))
        elif item.name == "assertDateNotParsed":
            text = item.arguments[0][0].text if item.arguments and item.arguments[0][0].kind == "string" else ""
            if text and locale == "en":
                corpus.negatives.append(SugarNegative(text, REFERENCE, f"{path.name}:{item.line}"))
        else:
            _read_case(item, env, locale, formats_added, reader)
    for case in [c for c in corpus.cases if " ".join(c.text.lower().split()) in reader.conflicts]:
        corpus.cases.remove(case)
        reader.drop(int(case.source.rsplit(":", 1)[1]), case.text, "the tests disagree")


def _nested_calls(tokens: Sequence[Token], names: frozenset[str]) -> list[Call]:
    """Every call of one of ``names`` (plain names), also those inside the arguments of another."""
    found = []
    for i, token in enumerate(tokens[:-1]):
        if token.kind != "name" or token.text not in names or tokens[i + 1].text != "(":
            continue
        if i and tokens[i - 1].text == ".":
            continue
        close = closing(tokens, i + 1)
        found.append(Call(token.text, token.line, i, split_arguments(tokens[i + 2 : close]), close + 1))
    return found


def _other_check(call: Call) -> str:
    """Why a ``Date.create`` check outside ``assertDateParsed`` is not read: its option or its kind."""
    option = call.arguments[1] if len(call.arguments) > 1 else []
    if call.name != "testCreateDate" or (option and option[0].kind != "string"):
        return "another check: an option set by the test (future, past, fromUTC)"
    if option and option[0].text != "en":
        return "another check: another locale"
    return "another check: validity, flags or a method of the result, not its value"


def _read_case(call: Any, env: dict[str, Any], locale: str, formats_added: bool, reader: _Reader) -> None:
    args = call.arguments
    first = args[0] if args else []
    text = first[0].text if len(first) == 1 and first[0].kind == "string" else ""
    try:
        if not text:
            raise _Drop("the input is not text (an object of units)")
        if len(args) >= 3:
            option = args[1]
            if len(option) == 1 and option[0].kind == "string":
                if option[0].text != "en":
                    raise _Drop("another locale (en-GB, en-AU, a test locale)")
            else:
                raise _Drop("an option set by the test (future, past, fromUTC)")
        if locale != "en":
            raise _Drop("another locale (en-GB, en-AU, a test locale)")
        if formats_added:
            raise _Drop("a format the test adds (addFormat, addRawFormat)")
        edge = _edge_form(text)
        if edge:
            raise _Drop(edge)
        value = _evaluate(args[2] if len(args) >= 3 else args[1], env)
        if not isinstance(value, _JsDate):
            raise _Drop(_UNREAD)
        expected = value.aware()
        reason = _convention(text, expected)
        if reason:
            raise _Drop(reason)
        grain = _grain(text, expected)
        if grain == "day":
            expected = expected.replace(hour=0, minute=0, second=0, microsecond=0)
        reader.case(call.line, text, expected, grain)
    except _Drop as drop:
        reader.drop(call.line, text, str(drop))
    except (ValueError, TypeError, OverflowError):  # an expression no rule here follows
        reader.drop(call.line, text, _UNREAD)


def read_sugar(paths: Sequence[Path]) -> SugarCorpus:
    """Every ``assertDateParsed`` case of the given Sugar test files, read or counted as left out with its
    reason; the ``assertDateNotParsed`` texts as negatives; other checks of ``Date.create`` counted."""
    corpus = SugarCorpus()
    for path in paths:
        _read_file(path, corpus)
    return corpus
