"""The cases of compromise's English date plugin tests: the phrase, the reference and the expected day or moment.

compromise (spencermountain/compromise, MIT licence) tests its date plugin in
``plugins/dates/tests/*.test.js``, read at commit 4a329e6a. The tests are tape scripts whose cases are
JavaScript lists of ``[phrase, expected]`` rows run against a ``today`` and a ``timezone`` passed to
``doc.dates(context)``; each file checks its rows its own way, so the reader knows the files by name
(``SHAPES``) and reads each with the check its loop makes:

- ``startDates.test.js`` and ``end.test.js``: groups ``{today: [y, m0, d], tests: [[phrase, [y, m0,
  d]]]}`` (spacetime's arrays: 0-based months, named by constants such as ``const march = 2``); the
  start (``startDates``) or the end (``end``) of the range must fall on that day (``Canada/Eastern``,
  ``Canada/Pacific``).
- ``week.test.js``: groups ``{today: 'YYYY-MM-DD', tests: [[phrase, weekday, offset]]}``: the start is
  ``today`` plus ``offset`` days and falls on ``weekday`` (a row whose two disagree is dropped).
- ``fullDates.test.js``: groups ``{today: [y, m0, d], tests: [[phrase, description]]}``; the start and
  the end of the phrase must equal those of the description (``"on Mon, Sept 5th"``, ``"Nov 24
  2016"``). A description of one day is read (``Canada/Pacific``); its year, when not written, is the
  reference's (the files write the year when it differs) and is kept only when that day is not
  before the reference (then any reading of the description agrees); a weekday written must agree.
- ``equals.test.js``, ``to-iso.test.js``, ``timezone.test.js``: ``const arr = [[phrase, expected]]``
  against a ``const context = {today, timezone}``; the start must equal ``expected``: an ISO date-time
  (read as it is), an ISO date (that day's start in the context's zone), ``today at 5:30pm``, or a month,
  a day and a year. Any other expected phrase (``"tuesday 3:00pm"``) is the parser's own reading of
  another phrase and is dropped. ``timezone: false`` is UTC.
- ``full-iso.test.js``: rows ``[phrase, start, end]`` of ISO date-times, a ``dayStart`` of 8:00 and
  ``dayEnd`` of 20:00 (a day runs 08:00 to 20:00 there: a day phrase's start at the day start, its end
  on the same day, is that day; so is a count of time answered with that whole day, "in 48 hours").
- ``times.test.js``: rows ``[phrase, start time, end time?]`` of which only the time of day of the start is
  checked (``Asia/Shanghai``, today 2018-01-19T10:05): a *time of day*, kept with ``--times``; a
  phrase that names a day or counts time from the reference is dropped (its day is not checked).
- ``ambig-weekday.test.js``: a phrase fixed in the loop (``nlp('this monday')``) and rows ``[today,
  expected day]`` checked as start and end.

Grain, from the words (``bench.time_phrase_kinds`` and the cues here), never from any parser's outcome:
a phrase that states a clock time (``STATES_TIME`` less the parts of the day) is a *moment*, when its
file checks the moment; a clock time alone (no day named, no time counted) whose moment is on the
reference's day and not after the reference is a *time of day* (its day depends on which way one
reads it: compromise keeps today). Otherwise a phrase that names one day (``DAY_CUE`` or a one-day
holiday: Christmas, Halloween, Easter, ...) is a *day* when its file checks that day. Left out and
counted by reason: spans (between, from ... to, until, by, before, after, "3-5pm", "or", "and"),
weeks, weekends, months, quarters, seasons and years ("this week", "first week of june", "q3"),
holidays of several days (Kwanzaa, Ramadan), a part of the day with no clock time ("tomorrow
evening"), a clock time of which only the day is checked, a day of which only the time is checked,
a time zone in the phrase where the file checks a day or a time of day only (it moves the day's
start), a weekday written that is not the expected date's ("tuesday april 1st, 2016", a Friday: the
row contradicts itself), an expected day that is not the day named by the calendar (``_SLIPS``: two
rows, each checked against the file's own other rows), an expected time that is not the one written
(the test pins a quirk: "quarter to 5" as midnight), rows whose checks disagree, expected values
given as another phrase, repeats of a case already read, and cases written one by one outside a list.

Left out whole, counted by reason: ``chronic.test.js`` (copied from Chronic's tests, a tuning corpus;
its values fill unstated parts from the run date), files that check no date value (tagging,
tokenizing, formatting, negatives, durations, ``isBefore``), ``duration.test.js`` (only a range's
length), ``duration-range.test.js`` (spans), ``combo.test.js`` (several dates per phrase),
``dmy.test.js`` (no reference, a day-month option), ``day-start.test.js`` (options, a time only),
``ambig-month.test.js`` and ``ambig-week.test.js`` (months, weeks), ``today.test.js`` and
``misc.test.js`` (checks written one by one). The ``backlog/*.ignore.js`` files, cases the authors do
not pass, hold no extra split: ``duckling.ignore.js`` copies Duckling's corpus (a tuning corpus),
``interval.ignore.js`` checks repeats ("every monday"), ``units.ignore.js`` units, not values.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bench.js_calls import Token, bindings, calls, closing, int_value, split_arguments, tokenize
from bench.time_phrase_kinds import DAY_CUE, STATES_TIME

__all__ = ["SHAPES", "CompromiseCase", "CompromiseCorpus", "read_compromise"]

# How each test file checks its rows (see the module docstring); a file not named here is counted whole.
SHAPES: dict[str, str] = {
    "startDates.test.js": "start day", "end.test.js": "end day", "week.test.js": "week offset",
    "fullDates.test.js": "description", "equals.test.js": "start", "to-iso.test.js": "start",
    "timezone.test.js": "start", "full-iso.test.js": "start and end", "times.test.js": "time of day",
    "ambig-weekday.test.js": "fixed phrase",
}
# Files read whole as left out: their reason.
LEFT_OUT: dict[str, str] = {
    "chronic.test.js": "copied from Chronic's tests (a tuning corpus)",
    "duckling.ignore.js": "backlog: copied from Duckling's corpus (a tuning corpus)",
    "interval.ignore.js": "backlog: repeats (every monday), not one value",
    "units.ignore.js": "backlog: units, no value checked",
    "duration.test.js": "only the length of the range checked",
    "duration-range.test.js": "a span (start and end differ)",
    "combo.test.js": "several dates in one phrase",
    "dmy.test.js": "no reference given (the run date) and a day-month option",
    "day-start.test.js": "a dayStart option, only a time of day checked",
    "ambig-month.test.js": "not one day (a month, year or week)",
    "ambig-week.test.js": "not one day (a month, year or week)",
    "today.test.js": "a check written one by one (not a list of cases)",
    "misc.test.js": "a check written one by one (not a list of cases)",
}
_NO_VALUE = "no date value checked (tagging, tokenizing, formatting, negatives, durations)"

_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_WEEKDAYS = "mon tue wed thu fri sat sun".split()

# A part of the day, or am/pm with no clock time: a span of hours, not one moment.
_PART_OF_DAY = re.compile(
    r"\b(?:morning|afternoon|evening|night|tonight|early in the day|lunchtime|dinnertime|am|pm)\b", re.I)
# Holidays of one day whose names hold no day word ("X day" is a ``DAY_CUE``).
_HOLIDAY = re.compile(
    r"\b(?:christmas|xmas|halloween|easter|thanksgiving|juneteenth|cinco de mayo|april fools|pentecost|"
    r"new years?|equinox|solstice|hallows eve|christmas eve)\b", re.I)
_SEVERAL_DAYS = re.compile(r"\b(?:kwanzaa|ramadan|hanukk?ah|lent|passover|diwali)\b", re.I)
# Units larger than a day named as the thing meant, not as a count ("in 3 weeks" is a day).
_NOT_ONE_DAY = re.compile(
    r"\b(?:weekends?|q[1-4]|quarter of|(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|last|this|next|past|current|"
    r"coming|upcoming) (?:week|month|year|quarter)|(?:week|month|quarter|year) of|spring|summer|fall|autumn|winter|"
    r"half of|end of|beginning of|start of|middle of|mid)\b", re.I)
_SPAN_WORDS = re.compile(r"\b(?:between|from|until|till|through|thru|upto|or|and|during|sometime|anytime|every|"
                         r"any|since)\b|^(?:by|before|after)\b", re.I)
_TIME_RANGE = re.compile(r"(?<![\d/.:-])\d{1,2}(?::\d\d)?\s*(?:[ap]m)?\s*-\s*\d{1,2}(?::\d\d)?(?![\d/.-])|"
                         r"\d(?:st|nd|rd|th)\s*-\s*\d", re.I)
# "before"/"after" opening a span, unless a count precedes it ("two days before christmas", "ten past 4").
_BEFORE_AFTER = re.compile(r"(\w+)\s+(?:before|after)\b", re.I)
_COUNTED = re.compile(r"^(?:days?|weeks?|months?|years?|hours?|minutes?|mins?|quarter|half|ten|five|twenty|"
                      r"twenty-five|\d{1,2})$", re.I)
_TO = re.compile(r"(\w+)\s+to\b", re.I)
_ZONE = re.compile(r"\b(?:[ecmpa][sd]t|c?e[sd]?t|wet|bst|ist|jst|hst|aes?[sd]t|gmt|utc|eastern|pacific|central|"
                   r"mountain|atlantic|alaskan?|hawaii(?:an)?|"
                   r"newfoundland|msk|in [a-z]+ time|[a-z]+/[a-z_]+)\b|(?:gmt|utc)?[+-]\d\d?(?::?\d\d)?\b",
                   re.I)
_CLOCK = re.compile(r"(?<![\d:./-])(\d{1,2})(?::(\d\d))?(?::\d\d)?\s*([ap])?\.?m?\b(?![/.-]\d)", re.I)


@dataclass(frozen=True, slots=True)
class CompromiseCase:
    text: str  # the phrase
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line


@dataclass(slots=True)
class CompromiseCorpus:
    cases: list[CompromiseCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


# --- JavaScript values ------------------------------------------------------------------------------

def _literal(tokens: Sequence[Token], constants: dict[str, int]) -> Any:
    """A JavaScript literal: arrays, objects, strings, integers and integer arithmetic, named constants."""
    tokens = list(tokens)
    if not tokens:
        raise _Drop("a value the reader cannot evaluate")
    first = tokens[0]
    if first.kind == "punct" and first.text in "[{":  # no semicolon ends a statement: the value ends at its bracket
        tokens = tokens[: closing(tokens, 0) + 1]
    if first.kind == "punct" and first.text in "[{" and closing(tokens, 0) == len(tokens) - 1:
        parts = split_arguments(tokens[1:-1])
        if first.text == "[":
            return [_literal(p, constants) for p in parts]
        entry: dict[str, Any] = {}
        for part in parts:
            if len(part) < 3 or part[1].text != ":":
                raise _Drop("a value the reader cannot evaluate")
            entry[part[0].text] = _literal(part[2:], constants)
        return entry
    if len(tokens) == 1 and first.kind == "string":
        if first.template and "${" in first.text:
            raise _Drop("a value the reader cannot evaluate")
        return first.text
    if len(tokens) == 1 and first.kind == "name" and first.text in ("true", "false", "null", "undefined"):
        return {"true": True, "false": False}.get(first.text)
    named = [Token("number", str(constants[t.text]), line=t.line) if t.kind == "name" and t.text in constants
             else t for t in tokens]
    number = int_value(named)
    if number is None:
        raise _Drop("a value the reader cannot evaluate")
    return number


def _constants(tokens: Sequence[Token]) -> dict[str, int]:
    found: dict[str, int] = {}
    for _index, name, value in bindings(tokens):
        # no semicolons in these files: a constant's value is what its line holds
        number = int_value([t for t in value if t.line == value[0].line]) if value else None
        if number is not None:
            found[name] = number
    return found


def _zone(name: object) -> tzinfo:
    if not name:
        return timezone.utc
    try:
        return ZoneInfo(str(name))
    except (KeyError, ValueError) as exc:
        raise _Drop("a time zone the reader does not know") from exc


def _today(value: object, zone: tzinfo) -> datetime:
    """spacetime's reading of a ``today``: ``[y, m0, d(, h)]`` or an ISO date or date-time string."""
    if isinstance(value, list) and 2 <= len(value) <= 4 and all(isinstance(v, int) for v in value):
        y, m0, d, h = [*value, 1, 0][:4] if len(value) == 2 else [*value, 0][:4]
        return datetime(y, m0 + 1, d, h, tzinfo=zone)
    if isinstance(value, str):
        text = value.strip()
        match = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
        if match:
            year, month, day = (int(g) for g in match.groups())
            return datetime(year, month, day, tzinfo=zone)
        try:
            given = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError as exc:
            raise _Drop("a reference the reader cannot read") from exc
        return given if given.tzinfo else given.replace(tzinfo=zone)
    raise _Drop("a reference the reader cannot read")


def _fixed(moment: datetime) -> datetime:
    """The moment with its zone made a fixed offset (the value a field is compared in)."""
    offset = moment.utcoffset() or timedelta(0)
    return moment.replace(tzinfo=timezone(offset))


# --- the words --------------------------------------------------------------------------------------

# A count of hours, minutes or seconds from the reference ("in 2 hours", "in half an hour").
_COUNTS = re.compile(
    r"\b(?:\d+|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty|forty-five|ninety|half an?)\s+"
    r"(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)\b|\bnow\b", re.I)


# Minutes past or to an hour written in words or digits ("ten past three", "20 past 2").
_MINUTES_PAST = re.compile(r"\b(?:\d{1,2}|five|ten|twenty|twenty-five) (?:past|after|to|till) "
                           r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)


def _counts(text: str) -> bool:
    return _COUNTS.search(text) is not None


def _states_clock(text: str) -> bool:
    """A clock time is written: ``STATES_TIME`` less the parts of the day, the counts of time and
    "second" as an ordinal ("march the second")."""
    bare = re.sub(r"\bsecond\b", " ", _COUNTS.sub(" ", _PART_OF_DAY.sub(" ", text)), flags=re.I)
    return STATES_TIME.search(bare) is not None or _MINUTES_PAST.search(bare) is not None


def _span(text: str) -> str | None:
    """Why the words name more than one day or moment, or None."""
    if _SEVERAL_DAYS.search(text):
        return "a holiday lasting several days"
    if _SPAN_WORDS.search(text) or _TIME_RANGE.search(text):
        return "a span (between, from ... to, until, by, or, a range)"
    for match in _BEFORE_AFTER.finditer(text):
        if not _COUNTED.match(match.group(1)):
            return "a span (between, from ... to, until, by, or, a range)"
    for match in _TO.finditer(text):
        if not _COUNTED.match(match.group(1)):
            return "a span (between, from ... to, until, by, or, a range)"
    if _NOT_ONE_DAY.search(text):
        return "not one day (a week, weekend, month, quarter, season or year)"
    return None


def _names_day(text: str) -> bool:
    return DAY_CUE.search(text) is not None or _HOLIDAY.search(text) is not None


def _clock_agrees(text: str, moment: datetime) -> bool:
    """Whether the expected time of day can be the one written: a digital clock time's hour (mod 12)
    and minute, noon, midnight; a time written only in words is not checked."""
    lowered = text.lower()
    for words, said in (("half past", 30), ("quarter past", 15), ("quarter after", 15), ("quarter to", 45)):
        if words in lowered and moment.minute != said:
            return False
    if re.search(r"\b(?:tonight|evening|afternoon|night|pm)\b|\dpm\b", lowered) and moment.hour < 12 \
            and "midnight" not in lowered:
        return False
    if re.search(r"\b(?:morning|am)\b|\dam\b", lowered) and moment.hour >= 12 and "noon" not in lowered:
        return False
    if re.search(r"\bnoon\b", lowered) and not re.search(r"\d", lowered):
        return (moment.hour, moment.minute) == (12, 0)
    if re.search(r"\bmidnight\b", lowered) and not re.search(r"\d", lowered):
        return (moment.hour, moment.minute) == (0, 0)
    counted = re.search(r"\b(\d{1,2}) (past|after|to|till) (\d{1,2})\b", lowered)
    if counted:  # minutes past (or to) an hour: "10 past 3"
        minutes, hour = int(counted.group(1)), int(counted.group(3))
        if counted.group(2) in ("to", "till"):
            minutes, hour = 60 - minutes, hour - 1
        return moment.minute == minutes % 60 and moment.hour % 12 == hour % 12
    for match in _CLOCK.finditer(lowered):
        if re.match(r"\s*(?:past|after|to|till)\b", lowered[match.end():]):
            continue  # minutes, not an hour ("at 20 past")
        hour, minute, half = int(match.group(1)), match.group(2), match.group(3)
        if minute is None and half is None and not re.search(rf"\b(?:at|@)\s*{hour}\b|{hour}\s*o'?clock", lowered):
            continue  # a number that is not a clock time ("march 2nd", "5 days")
        if hour > 24 or (minute is not None and int(minute) > 59):
            return False
        if moment.hour % 12 != hour % 12:
            return False
        if minute is not None and moment.minute != int(minute):
            return False
        if half is not None and (moment.hour >= 12) != (half == "p"):
            return False
        return True
    return True


def _grain(text: str, checks: str) -> str:
    """"day", "moment" or "time" for a phrase whose file checks ``checks`` ("day": the day only,
    "time": the time of day only, "moment": the whole value); ``_Drop`` when the phrase is none."""
    why = _span(text)
    if why:
        raise _Drop(why)
    clock = _states_clock(text)
    counts = _counts(text)
    if not clock and _PART_OF_DAY.search(text):
        raise _Drop("a part of the day with no clock time")
    if checks == "day":
        if clock or counts:
            raise _Drop("a time stated, only its day checked")
        if _ZONE.search(text):
            raise _Drop("a time zone in the phrase, only the day checked")
        if not _names_day(text):
            raise _Drop("not one day (a week, weekend, month, quarter, season or year)")
        return "day"
    if checks == "time":
        if counts:
            raise _Drop("a day named or time counted, only the time of day checked")
        if not clock:
            raise _Drop("no clock time, only a time of day checked")
        if _names_day(text) or counts:
            raise _Drop("a day named or time counted, only the time of day checked")
        if _ZONE.search(text):
            raise _Drop("a time zone in the phrase, only the time of day checked")
        return "time"
    if clock or counts:
        return "moment"
    if _ZONE.search(text):
        raise _Drop("a time zone in the phrase, only the day checked")
    if not _names_day(text):
        raise _Drop("not one day (a week, weekend, month, quarter, season or year)")
    return "day"


# --- expected values --------------------------------------------------------------------------------

def _month(word: str) -> int | None:
    key = word.lower().rstrip(".")[:3]
    return _MONTHS.index(key) + 1 if key in _MONTHS and word.lower()[:3] == key else None


_DESCRIPTION = re.compile(
    r"^(?:(?:on|today,|tomorrow,|yesterday,)\s+)?(?:(?P<weekday>[a-z]{3,})\.?,?\s+)??"
    r"(?P<month>[a-z]{3,})\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<year>\d{4}))?$", re.I)


def _one_day(description: str, reference: datetime) -> date:
    """The day a description of one day names (``on Mon, Sept 5th``, ``Nov 24 2016``, ``Aug 27th``)."""
    match = _DESCRIPTION.match(description.strip())
    if match is None:
        raise _Drop("the expected value is another phrase the reader does not read")
    month = _month(match.group("month"))
    if month is None:
        raise _Drop("the expected value is another phrase the reader does not read")
    year = int(match.group("year")) if match.group("year") else reference.year
    try:
        day = date(year, month, int(match.group("day")))
    except ValueError as exc:
        raise _Drop("checks disagree") from exc
    weekday = match.group("weekday")
    if not match.group("year") and day < reference.date() and not weekday:
        raise _Drop("the expected day's year is not certain")  # a weekday written pins it
    if weekday and weekday.lower()[:3] in _WEEKDAYS and _WEEKDAYS.index(weekday.lower()[:3]) != day.weekday():
        raise _Drop("checks disagree")
    if weekday and weekday.lower()[:3] not in _WEEKDAYS:
        raise _Drop("the expected value is another phrase the reader does not read")
    return day


def _expected_start(value: object, reference: datetime) -> tuple[datetime, bool]:
    """(the start a ``start`` file's expected value gives, whether it carries a time of day)."""
    if not isinstance(value, str):
        raise _Drop("the expected value is another phrase the reader does not read")
    text = value.strip()
    if re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)", text):
        return datetime.fromisoformat(text.replace("Z", "+00:00")), True
    if re.fullmatch(r"\d{4}-\d\d-\d\d", text):
        day = date.fromisoformat(text)
        return datetime(day.year, day.month, day.day, tzinfo=reference.tzinfo), False
    today_at = re.fullmatch(r"today at (\d{1,2})(?::(\d\d))?\s*([ap])m", text, re.I)
    if today_at:
        hour = int(today_at.group(1)) % 12 + (12 if today_at.group(3).lower() == "p" else 0)
        return reference.replace(hour=hour, minute=int(today_at.group(2) or 0), second=0, microsecond=0), True
    written = re.fullmatch(r"([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})", text, re.I)
    if written and _month(written.group(1)):
        day = date(int(written.group(3)), _month(written.group(1)) or 1, int(written.group(2)))
        return datetime(day.year, day.month, day.day, tzinfo=reference.tzinfo), False
    raise _Drop("the expected value is another phrase the reader does not read")


# --- the files --------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Reader:
    corpus: CompromiseCorpus
    seen: dict[tuple[str, datetime], tuple[datetime, str]] = field(default_factory=dict)
    conflicts: set[tuple[str, datetime]] = field(default_factory=set)

    def drop(self, source: str, text: str, reason: str) -> None:
        self.corpus.dropped[reason] += 1
        self.corpus.dropped_at.append((source, text, reason))

    def case(self, text: str, reference: datetime, expected: datetime, grain: str, source: str) -> None:
        if grain != "time" and _weekday_contradicts(text, expected):
            self.drop(source, text, "the weekday written is not the expected date's")
            return
        if (" ".join(text.lower().split()), expected.date()) in _SLIPS:
            self.drop(source, text, "the expected day is not the day named (a slip in the test)")
            return
        key = (" ".join(text.lower().split()), reference)
        if grain == "day":
            expected = datetime(expected.year, expected.month, expected.day, tzinfo=expected.tzinfo)
        if grain == "time":
            # its day depends on which way one reads it: only the time of day is compared
            expected = expected.replace(year=reference.year, month=reference.month, day=reference.day)
        value = (_fixed(expected), grain)
        if key in self.seen:
            if self.seen[key] != value:
                self.conflicts.add(key)
            self.drop(source, text, "a repeat of a case already read")
            return
        self.seen[key] = value
        self.corpus.cases.append(CompromiseCase(text.strip(), _fixed(reference), _fixed(expected), grain, source))


# Rows whose expected day is not the day their words name, by the calendar (each checked by hand, and
# against the same file's other rows): Palm Sunday is the Sunday before Easter, and Easter 2011 was
# April 24 (the file's own "easter sunday" row), so Palm Sunday was April 17, not May 1; Canada's
# Thanksgiving is the second Monday of October, in 2016 October 10 (October 9 is a Sunday; the
# file's 2017 and 2018 rows are Mondays).
_SLIPS = frozenset({("palm sunday", date(2011, 5, 1)), ("canadian thanksgiving 2016", date(2016, 10, 9))})
_MONTH_NAME = r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
_WEEKDAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|rs|urday|r)?\b", re.I)


def _weekday_contradicts(text: str, expected: datetime) -> bool:
    """The phrase names one weekday, counts nothing from it, and the expected date is another weekday
    ("tuesday april 1st, 2016", a friday): the row contradicts itself."""
    named = {m.group(1).lower() for m in _WEEKDAY.finditer(text)}
    if len(named) != 1 or re.search(r"\b(?:after|before|from|ago|hence|later)\b", text, re.I):
        return False
    return _WEEKDAYS.index(named.pop()) != expected.weekday()


def _moment_grain(text: str, start: datetime, reference: datetime, has_time: bool) -> str:
    """The grain of a phrase whose file checks its whole start (a clock time alone said at or after
    the moment on the reference's day is a time of day: its day depends on which way one reads it)."""
    grain = _grain(text, "moment")
    if grain == "day":
        if has_time and (start.hour, start.minute, start.second) != (0, 0, 0):
            raise _Drop("a day whose expected start is not the day's start")
        return grain
    if not has_time:
        raise _Drop("checks do not fix the value")
    if _states_clock(text) and not _clock_agrees(text, start):
        raise _Drop("the expected time is not the one written (a quirk pinned)")
    alone = not _names_day(text) and not _counts(text) and not re.search(r"\b\d{4}\b|" + _MONTH_NAME, text, re.I)
    if alone and abs((start.date() - reference.date()).days) > 1:
        raise _Drop("the expected time is not the one written (a quirk pinned)")
    if not _names_day(text) and not _counts(text) and start.date() == reference.astimezone(start.tzinfo).date() \
            and start <= reference:
        return "time"
    return grain


def _context_of(body: Sequence[Token], file_tokens: Sequence[Token], constants: dict[str, int]) -> dict[str, Any]:
    for tokens in (body, file_tokens):
        for _index, name, value in bindings(tokens):
            if name == "context":
                found = _literal(value, constants)
                if isinstance(found, dict):
                    return found
    return {}


def _file_zone(tokens: Sequence[Token]) -> str | None:
    """The first ``timezone: '<name>'`` written in the file (the groups' loops build their context)."""
    for i in range(len(tokens) - 2):
        if tokens[i].text == "timezone" and tokens[i + 1].text == ":" and tokens[i + 2].kind == "string":
            return tokens[i + 2].text
    return None


def _rows(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _read_groups(tokens: list[Token], name: str, shape: str, constants: dict[str, int], reader: _Reader) -> None:
    zone = _zone(_file_zone(tokens))
    lists = [(i, value) for i, bound, value in bindings(tokens) if bound == "tests"]
    for _i, value in lists:
        try:
            groups = _literal(value, constants)
        except _Drop as drop:
            reader.drop(f"{name}:{value[0].line if value else 0}", "", str(drop))
            continue
        for group in _rows(groups):
            rows = _rows(group.get("tests")) if isinstance(group, dict) else []
            for row in rows:
                source = f"{name}"
                text = row[0] if isinstance(row, list) and row and isinstance(row[0], str) else ""
                try:
                    reference = _today(group.get("today"), zone)
                    _read_group_row(row, shape, reference, text, source, reader)
                except _Drop as drop:
                    reader.drop(source, text, str(drop))


def _read_group_row(row: Any, shape: str, reference: datetime, text: str, source: str, reader: _Reader) -> None:
    if not text or len(row) < 2:
        raise _Drop("a row of another shape")
    if shape in ("start day", "end day"):
        expected = row[1]
        if not (isinstance(expected, list) and len(expected) == 3 and all(isinstance(v, int) for v in expected)):
            raise _Drop("a row of another shape")
        day = datetime(expected[0], expected[1] + 1, expected[2], tzinfo=reference.tzinfo)
    elif shape == "week offset":
        if len(row) < 3 or not isinstance(row[2], int) or not isinstance(row[1], str):
            raise _Drop("a row of another shape")
        day = reference + timedelta(days=row[2])
        if row[1].lower()[:3] not in _WEEKDAYS or _WEEKDAYS.index(row[1].lower()[:3]) != day.weekday():
            raise _Drop("checks disagree")
    else:  # a description checked as start and end
        if not isinstance(row[1], str):
            raise _Drop("a row of another shape")
        found = _one_day(row[1], reference)
        day = datetime(found.year, found.month, found.day, tzinfo=reference.tzinfo)
    _grain(text, "day")
    reader.case(text, reference, day, "day", source)


def _test_bodies(tokens: list[Token]) -> list[list[Token]]:
    bodies = []
    for call in calls(tokens, frozenset({"test"})):
        if len(call.arguments) >= 2:
            bodies.append(call.arguments[-1])
    return bodies


def _read_flat(tokens: list[Token], name: str, shape: str, constants: dict[str, int], reader: _Reader) -> None:
    read_any = False
    top = [t for t in tokens]
    for body in _test_bodies(tokens):
        lists = [value for _i, bound, value in bindings(body) if bound == "arr"]
        if not lists:
            lists = [value for _i, bound, value in bindings(top) if bound == "arr"] if not read_any else []
        if not lists:
            for _call in calls(body, frozenset({"nlp"})):
                reader.drop(name, "", "a check written one by one (not a list of cases)")
            continue
        read_any = True
        context = _context_of(body, top, constants)
        for value in lists:
            try:
                rows = _rows(_literal(value, constants))
            except _Drop as drop:
                reader.drop(f"{name}:{value[0].line if value else 0}", "", str(drop))
                continue
            for row in rows:
                text = row[0] if isinstance(row, list) and row and isinstance(row[0], str) else ""
                try:
                    if not isinstance(context.get("today"), (str, list)):
                        raise _Drop("no reference given (the run date)")
                    zone = _zone(context.get("timezone") or None)
                    reference = _today(context["today"], zone)
                    _read_flat_row(row, shape, reference, text, name, reader, _day_bounds(context))
                except _Drop as drop:
                    reader.drop(name, text, str(drop))


def _clock_of(value: object) -> tuple[int, int] | None:
    match = re.fullmatch(r"(\d{1,2}):(\d\d)\s*([ap])m", value.strip().lower()) if isinstance(value, str) else None
    if match is None:
        return None
    return int(match.group(1)) % 12 + (12 if match.group(3) == "p" else 0), int(match.group(2))


def _day_bounds(context: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The ``dayStart`` and ``dayEnd`` a context gives ("8:00am", "8:00pm"), or None."""
    start, end = _clock_of(context.get("dayStart")), _clock_of(context.get("dayEnd"))
    return (start, end) if start is not None and end is not None else None


def _read_flat_row(row: Any, shape: str, reference: datetime, text: str, source: str, reader: _Reader,
                   day_bounds: tuple[tuple[int, int], tuple[int, int]] | None = None) -> None:
    if not text or not isinstance(row, list) or len(row) < 2:
        raise _Drop("a row of another shape")
    if shape == "time of day":
        if len(row) > 2 and row[2]:
            raise _Drop("a span (between, from ... to, until, by, or, a range)")
        match = re.fullmatch(r"(\d{1,2}):(\d\d)([ap])m", str(row[1]))
        if match is None:
            raise _Drop("a row of another shape")
        grain = _grain(text, "time")
        hour = int(match.group(1)) % 12 + (12 if match.group(3) == "p" else 0)
        at = reference.replace(hour=hour, minute=int(match.group(2)), second=0, microsecond=0)
        if not _clock_agrees(text, at):
            raise _Drop("the expected time is not the one written (a quirk pinned)")
        reader.case(text, reference, at, grain, source)
        return
    start, has_time = _expected_start(row[1], reference)
    if shape == "start and end":
        end, _ = _expected_start(row[2] if len(row) > 2 else None, reference)
        grain = _grain(text, "moment")
        whole_day = day_bounds is not None and start.date() == end.date() and day_bounds == (
            (start.hour, start.minute), (end.hour, end.minute))
        if grain == "moment" and whole_day and not _states_clock(text):
            # a count of time the file answers with the whole day it lands on ("in 48 hours": the
            # day's 08:00 to 20:00): compromise reads it as a day, and so is it checked
            grain = "day"
        if grain == "day":
            if end.date() != start.date():
                raise _Drop("a span (start and end differ)")
            reader.case(text, reference, start, "day", source)
            return
        has_time = True
    grain = _moment_grain(text, start, reference, has_time)
    reader.case(text, reference, start, grain, source)


def _read_fixed_phrase(tokens: list[Token], name: str, constants: dict[str, int], reader: _Reader) -> None:
    for body in _test_bodies(tokens):
        phrases = [c.arguments[0][0].text for c in calls(body, frozenset({"nlp"}))
                   if c.arguments and len(c.arguments[0]) == 1 and c.arguments[0][0].kind == "string"]
        for _i, bound, value in bindings(body):
            if bound != "arr":
                continue
            for row in _rows(_literal(value, constants)):
                text = phrases[0] if len(phrases) == 1 else ""
                try:
                    if not text:
                        raise _Drop("a row of another shape")
                    if not (isinstance(row, list) and len(row) == 2 and all(isinstance(v, str) for v in row)):
                        raise _Drop("a row of another shape")
                    reference = _today(row[0], timezone.utc)
                    day = _today(row[1], timezone.utc)
                    _grain(text, "day")
                    reader.case(text, reference, day, "day", name)
                except _Drop as drop:
                    reader.drop(name, text, str(drop))


def _count_rows(tokens: list[Token], constants: dict[str, int]) -> int:
    """The cases of a file left out whole: rows of its lists, else one per ``nlp(...)`` call."""
    rows = 0
    for _i, bound, value in bindings(tokens):
        if bound not in ("arr", "tests", "list"):
            continue
        try:
            found = _literal(value, constants)
        except _Drop:  # rows built by calls (``mk(2007, 8, 3)``): count the list's elements
            end = closing(value, 0) if value and value[0].text == "[" else 0
            rows += len(split_arguments(value[1:end])) if end else 0
            continue
        for item in _rows(found):
            rows += len(_rows(item.get("tests"))) if isinstance(item, dict) else 1
    return rows or sum(1 for _ in calls(tokens, frozenset({"nlp"})))


def read_compromise(paths: Sequence[Path]) -> CompromiseCorpus:
    """Every case of the given compromise date test files, read or counted as dropped with its reason."""
    corpus = CompromiseCorpus()
    reader = _Reader(corpus)
    for path in paths:
        name = path.name
        if name == "_lib.js":
            continue
        tokens = tokenize(path.read_text(encoding="utf-8"))
        constants = _constants(tokens)
        shape = SHAPES.get(name)
        if shape is None:
            reason = LEFT_OUT.get(name, _NO_VALUE)
            corpus.dropped[reason] += _count_rows(tokens, constants)
            continue
        if shape in ("start day", "end day", "week offset", "description"):
            _read_groups(tokens, name, shape, constants, reader)
        elif shape == "fixed phrase":
            _read_fixed_phrase(tokens, name, constants, reader)
        else:
            _read_flat(tokens, name, shape, constants, reader)
    for case in [c for c in corpus.cases if (" ".join(c.text.lower().split()), c.reference) in reader.conflicts]:
        corpus.cases.remove(case)
        reader.drop(case.source, case.text, "the files disagree")
    return corpus
