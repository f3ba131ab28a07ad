"""The cases of chrono's English tests: the found phrase, its sentence, the reference and the expected start.

chrono (wanasit/chrono, MIT licence) tests its parser with calls such as

    testSingleCase(chrono.casual, "The Deadline is Tomorrow", new Date(2012, 7, 10, 17, 10), (result) => {
        expect(result.text).toBe("Tomorrow");
        expect(result.start.get("day")).toBe(11);
        expect(result.start).toBeDate(new Date(2012, 7, 11, 17, 10));
    });

and ``testWithExpectedDate(chrono, TEXT, new Date(...))``. A case is read when its parser is one of
chrono's English defaults, its text is a literal, its reference (if any) a ``new Date`` of numbers
or of a date string without a zone, and its checks give the start with certainty. The phrase is the
checked ``result.text``, or else the whole input (``testSingleCase`` checks that the input holds
exactly one expression). JavaScript months are 0-based in ``new Date`` and 1-based in
``get("month")``; milliseconds are dropped. The dates have no zone (the tests run in the machine's
local time): reference and expected values are both read as UTC, so a local day stays that day,
except that a ``get("timezoneOffset")`` check of a number gives the expected value that offset.
A test without a reference runs at whatever time the suite runs and still passes, so its expected
value does not depend on the reference: it gets ``NO_REFERENCE``.

Grain: the case is a *moment* when it checks ``hour`` or ``minute``, or when its phrase states a
time of day or a count of hours, minutes or seconds (``STATES_TIME``); the moment is the
``toBeDate`` value, or else the checked year, month, day, hour, minute and second. Otherwise it is
a *day*: the checked year, month and day, or the ``toBeDate`` value when its time of day is chrono's
implied noon or the reference's own time of day (chrono carries the reference's time into
"tomorrow", "in 3 days"). A phrase that states no time and names no day (a month, a year, a week:
no ``DAY_CUE``) is not one day or moment and is left out. A case
that checks the hour but no part of the date, of a phrase that names no day and counts no time from
the reference ("11 AM", "20:32:13", not "in 1 hour"), is a *time of day* (``time_only``). An
unchecked minute (second) is 0 when the phrase writes none and either the reference's is 0 or the
phrase counts no time from the reference ("midnight", "3pm"); else the case is left out.

Left out and counted by reason (``ChronoCorpus.dropped``): negative cases (``testUnexpectedResult``),
non-English or custom parsers, options objects, references that are not a plain date (an
``{instant, timezone}`` object, a date string with a zone, an instant in milliseconds), intervals
(any check of ``result.end`` other than its absence), checks that disagree or that do not fix the
value (e.g. only the hour of "in 2 hours"), and phrases that are not one day or moment.

The negative cases of chrono's default (casual) English parser are kept apart
(``ChronoCorpus.negatives``): texts with no date or time in them, for a check of false readings.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.js_calls import Token, bindings, calls, int_value, split_arguments, string_value, tokenize
from bench.time_phrase_kinds import COUNTS_TIME, DAY_CUE, STATES_TIME, WRITES_MINUTES

__all__ = ["NO_REFERENCE", "ChronoCase", "ChronoCorpus", "ChronoNegative", "read_chrono"]

# The snapshot's commit day, for the tests that give no reference (their values do not depend on it).
NO_REFERENCE = datetime(2026, 7, 20, 12, 0, tzinfo=timezone.utc)
_ENGLISH_PARSERS = frozenset({
    "chrono", "chrono.casual", "chrono.strict", "chrono.en", "chrono.en.casual", "chrono.en.strict", "chrono.en.GB",
})
_CASUAL_PARSERS = frozenset({"chrono", "chrono.casual", "chrono.en", "chrono.en.casual", "chrono.en.GB"})
_OTHER_LANGUAGES = frozenset("de es fi fr it ja nl pt ru sv uk vi zh".split())
_FIELDS = ("year", "month", "day", "hour", "minute", "second")
_DATE_STRING_FORMATS = ("%a %b %d %Y", "%A %b %d %Y", "%b %d %Y", "%a %b %d %Y %H:%M:%S", "%Y-%m-%d",
                        "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S.%f")


@dataclass(frozen=True, slots=True)
class ChronoCase:
    text: str  # the found phrase (``result.text``)
    context: str  # the whole test input
    reference: datetime
    expected: datetime  # for a day, midnight of the day
    day_grain: bool
    source: str  # file name and line
    time_only: bool = False  # a time of day: only hour (minute, second) checked, no day named


@dataclass(frozen=True, slots=True)
class ChronoNegative:
    text: str  # a text chrono finds no date or time in
    reference: datetime
    source: str


@dataclass(slots=True)
class ChronoCorpus:
    cases: list[ChronoCase] = field(default_factory=list)
    negatives: list[ChronoNegative] = field(default_factory=list)  # of the casual parser, see _read_negative
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str]] = field(default_factory=list)  # (file:line, reason)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


def _dotted(tokens: Sequence[Token]) -> str:
    return "".join(f'"{t.text}"' if t.kind == "string" else t.text for t in tokens)


def _new_date(argument: Sequence[Token]) -> datetime:
    """A ``new Date(...)`` of numbers or of a date string with no zone, as a naive local time."""
    if len(argument) < 4 or [t.text for t in argument[:3]] != ["new", "Date", "("] or argument[-1].text != ")":
        raise _Drop("reference not a plain date")
    parts = split_arguments(argument[3:-1])
    if len(parts) == 1 and (text := string_value(parts[0])) is not None:
        for pattern in _DATE_STRING_FORMATS:
            try:
                return datetime.strptime(text.strip(), pattern).replace(microsecond=0)
            except ValueError:
                continue
        raise _Drop("date string with a zone or an unknown form")
    numbers = [int_value(p) for p in parts]
    if len(numbers) < 2 or any(n is None for n in numbers):
        raise _Drop("date given as an instant or an expression")
    y, m0, *rest = [n for n in numbers if n is not None]
    d, h, mi, s = [*rest, 0, 0, 0][:4] if rest else [1, 0, 0, 0]
    try:
        return _js_date(y, m0, d, h, mi, s)
    except (ValueError, OverflowError) as exc:
        raise _Drop("date out of range") from exc


def _js_date(y: int, m0: int, d: int, h: int, mi: int, s: int) -> datetime:
    """What ``new Date(y, m0, d, h, mi, s)`` gives: out-of-range parts roll over as in JavaScript."""
    y, m0 = y + m0 // 12, m0 % 12
    return datetime(y, m0 + 1, 1) + timedelta(days=d - 1, hours=h, minutes=mi, seconds=s)


@dataclass(slots=True)
class _Checks:
    text: str | None = None
    gets: dict[str, int] = field(default_factory=dict)
    dates: list[datetime] = field(default_factory=list)
    interval: bool = False


def _read_checks(body: Sequence[Token], result_name: str, text_name: str | None, context: str,
                 reference: datetime | None) -> _Checks:
    checks = _Checks()
    for call in calls(body, frozenset({"expect"})):
        if len(call.arguments) != 1:
            continue
        subject = _dotted(call.arguments[0])
        if subject == result_name or subject.startswith(result_name + "."):
            subject = "result" + subject[len(result_name):]
        else:
            continue
        rest, i = body, call.end
        negated = False
        if i + 1 < len(rest) and rest[i].text == "." and rest[i + 1].text == "not":
            negated, i = True, i + 2
        if not (i + 2 < len(rest) and rest[i].text == "." and rest[i + 2].text == "("):
            continue
        matcher = rest[i + 1].text
        matched = next(calls(rest[i + 1 :], frozenset({matcher})), None)
        value = matched.arguments if matched is not None else []
        if subject.startswith("result.end"):
            if not (matcher in ("toBeNull", "toBeUndefined", "toBeFalsy") and not negated):
                checks.interval = True
            continue
        if negated:
            continue
        if subject == "result.text" and matcher == "toBe" and len(value) == 1:
            if text_name is not None and _dotted(value[0]) == text_name:
                checks.text = context.strip()
            elif (literal := string_value(value[0])) is not None:
                checks.text = literal
            continue
        get = re.fullmatch(r'result\.start\.get\("(\w+)"\)', subject)
        if get and matcher == "toBe" and len(value) == 1:
            number = int_value(value[0])
            if get.group(1) == "timezoneOffset" and number is None:  # null, or the reference's: ours, UTC
                continue
            if number is None:
                if get.group(1) in _FIELDS:
                    raise _Drop("a check that is not a number")
                continue
            checks.gets[get.group(1)] = number
            continue
        if subject in ("result.start", "result") and matcher == "toBeDate" and len(value) == 1:
            if _dotted(value[0]) == f"{result_name}.refDate":
                if reference is None:
                    raise _Drop("date given as an instant or an expression")
                checks.dates.append(reference)
            else:
                checks.dates.append(_new_date(value[0]))
    return checks


def _decide(checks: _Checks, reference: datetime | None) -> tuple[datetime, str, int]:
    """(expected local time, grain "moment", "day" or "time", offset in minutes)."""
    if checks.interval:
        raise _Drop("interval (result.end)")
    text = checks.text
    if text is None:
        raise _Drop("found phrase not checked")
    offset = checks.gets.get("timezoneOffset", 0)
    dates = checks.dates if offset == 0 else []  # a local Date of the machine's zone means nothing here
    if len(set(dates)) > 1:
        raise _Drop("checks disagree")
    date = dates[0] if dates else None
    gets = checks.gets
    if date is not None:
        as_checked = {"year": date.year, "month": date.month, "day": date.day, "hour": date.hour,
                      "minute": date.minute, "second": date.second}
        if any(gets[k] != as_checked[k] for k in _FIELDS if k in gets):
            raise _Drop("checks disagree")
    states_time = STATES_TIME.search(text) is not None
    if not states_time and DAY_CUE.search(text) is None:
        raise _Drop("not one day (a month, year or week)")
    moment = "hour" in gets or "minute" in gets or states_time
    if moment:
        if date is not None:
            return date, "moment", offset
        time_only = "hour" in gets and not any(k in gets for k in ("year", "month", "day"))
        if time_only and DAY_CUE.search(text) is None and COUNTS_TIME.search(text) is None:
            said_on = reference or NO_REFERENCE
            gets = {**gets, "year": said_on.year, "month": said_on.month, "day": said_on.day}
        else:
            time_only = False
        if not all(k in gets for k in ("year", "month", "day", "hour")):
            raise _Drop("checks do not fix the value")
        minute, second = gets.get("minute"), gets.get("second")
        if minute is None:
            if not _implied_zero(text, reference, "minute"):
                raise _Drop("checks do not fix the value")
            minute = 0
        if second is None:
            if not _implied_zero(text, reference, "second"):
                raise _Drop("checks do not fix the value")
            second = 0
        try:
            at = datetime(gets["year"], gets["month"], gets["day"], gets["hour"], minute, second)
            return at, "time" if time_only else "moment", offset
        except ValueError as exc:
            raise _Drop("checks disagree") from exc
    if all(k in gets for k in ("year", "month", "day")):
        try:
            day = datetime(gets["year"], gets["month"], gets["day"])
        except ValueError as exc:
            raise _Drop("checks disagree") from exc
    elif date is not None:
        implied = {(12, 0, 0)} | ({(reference.hour, reference.minute, reference.second)} if reference else set())
        if (date.hour, date.minute, date.second) not in implied:
            raise _Drop("grain not certain")
        day = datetime(date.year, date.month, date.day)
    else:
        raise _Drop("checks do not fix the value")
    if DAY_CUE.search(text) is None:
        raise _Drop("not one day (a month, year or week)")
    return day, "day", offset


def _implied_zero(text: str, reference: datetime | None, unit: str) -> bool:
    """Whether an unchecked minute (or second) can only be 0: the phrase writes none, and it counts
    no time from the reference or the reference's own is 0."""
    if unit == "minute" and WRITES_MINUTES.search(text):
        return False
    if unit == "second" and re.search(r"\d[:.]\d\d[:.]\d", text):
        return False
    own = 0 if reference is None else reference.minute if unit == "minute" else reference.second
    return own == 0 or (COUNTS_TIME.search(text) is None and reference is not None)


def _callback(argument: Sequence[Token]) -> tuple[str, str | None, list[Token]] | None:
    """(result parameter, text parameter, body) of an arrow function or ``function`` argument."""
    tokens = list(argument)
    if tokens and tokens[0].text == "function":
        tokens = tokens[1:]
    if not tokens:
        return None
    if tokens[0].text == "(":
        close = next((i for i, t in enumerate(tokens) if t.text == ")"), -1)
        params = [t.text for t in tokens[1:close] if t.kind == "name"]
        body = tokens[close + 1 :]
    elif tokens[0].kind == "name":
        params, body = [tokens[0].text], tokens[1:]
    else:
        return None
    if body and body[0].text == "=>":
        body = body[1:]
    if not params or not body or body[0].text != "{":
        return None
    return params[0], params[1] if len(params) > 1 else None, body


def _parser_reason(name: str) -> str | None:
    if name in _ENGLISH_PARSERS:
        return None
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in _OTHER_LANGUAGES:
        return "non-English parser"
    return "custom parser configuration"


def _read_case(call_name: str, arguments: list[list[Token]], source: str) -> ChronoCase:
    if len(arguments) < 3 and call_name == "testWithExpectedDate":
        raise _Drop("checks do not fix the value")
    reason = _parser_reason(_dotted(arguments[0]))
    if reason:
        raise _Drop(reason)
    context = string_value(arguments[1]) if len(arguments) > 1 else None
    if context is None:
        raise _Drop("text not a literal")
    rest = arguments[2:]
    if call_name == "testWithExpectedDate":
        checks = _Checks(text=context.strip(), dates=[_new_date(rest[0])])
        reference = None
    else:
        callback = _callback(rest[-1]) if rest else None
        if callback is None:
            raise _Drop("found phrase not checked")
        given = rest[:-1]
        if len(given) > 1:
            raise _Drop("options object")
        reference = _new_date(given[0]) if given else None
        result_name, text_name, body = callback
        checks = _read_checks(body, result_name, text_name, context, reference)
        if checks.text is None:  # testSingleCase checks the input holds one expression: the input is the phrase
            checks.text = context.strip()
    expected, grain, offset = _decide(checks, reference)
    zone = timezone(timedelta(minutes=offset))
    return ChronoCase(
        checks.text or "", context, (reference or NO_REFERENCE).replace(tzinfo=timezone.utc),
        expected.replace(tzinfo=zone), grain == "day", source, grain == "time",
    )


def _bound(argument: list[Token], names: list[tuple[int, str, list[Token]]], at: int) -> list[Token]:
    """An argument that is a name bound earlier in the file (``const refDate = new Date(...)``)
    replaced by its value: the latest binding before the call."""
    if len(argument) != 1 or argument[0].kind != "name":
        return argument
    values = [value for index, name, value in names if name == argument[0].text and index < at]
    return values[-1] if values else argument


def _read_negative(arguments: list[list[Token]], source: str) -> ChronoNegative | None:
    """A text in which chrono's casual English parser finds no date, with its reference; None for
    other parsers (the strict parser refuses casual phrases that are dates), options, other references."""
    if not arguments or _dotted(arguments[0]) not in _CASUAL_PARSERS or len(arguments) > 3:
        return None
    text = string_value(arguments[1]) if len(arguments) > 1 else None
    if text is None:
        return None
    try:
        reference = _new_date(arguments[2]) if len(arguments) > 2 else None
    except _Drop:
        return None
    return ChronoNegative(text, (reference or NO_REFERENCE).replace(tzinfo=timezone.utc), source)


_CASE_CALLS = frozenset({"testSingleCase", "testWithExpectedDate", "testUnexpectedResult"})


def read_chrono(paths: Sequence[Path]) -> ChronoCorpus:
    """Every case of the given chrono test files, read or counted as dropped with its reason."""
    corpus = ChronoCorpus()
    for path in paths:
        source = path.read_text(encoding="utf-8")
        tokens = tokenize(source)
        names = bindings(tokens)
        for call in calls(tokens, _CASE_CALLS):
            arguments = [_bound(a, names, call.start) for a in call.arguments]
            if call.name == "testUnexpectedResult":
                corpus.dropped["negative case"] += 1
                negative = _read_negative(arguments, f"{path.name}:{call.line}")
                if negative is not None:
                    corpus.negatives.append(negative)
                continue
            try:
                corpus.cases.append(_read_case(call.name, arguments, f"{path.name}:{call.line}"))
            except _Drop as drop:
                corpus.dropped[str(drop)] += 1
                corpus.dropped_at.append((f"{path.name}:{call.line}", str(drop)))
    return corpus
