"""The English cases of parsedatetime's unittest files: the text, the reference, the expected value and its grain.

parsedatetime (bear/parsedatetime, Apache-2.0 licence, Python) tests its ``Calendar.parse`` in
``tests/Test*.py``, read here at commit 2a4b1690 (2a4b16901794f8dc71721d51aef6e1ecd643868b). The
English files (the default ``pdt.Calendar()``, en_US): ``TestSimpleDateTimes``, ``TestSimpleOffsets``,
``TestSimpleOffsetsHours``, ``TestSimpleOffsetsNoon``, ``TestComplexDateTimes``, ``TestPhrases``,
``TestNlp`` (sentences, through ``Calendar.nlp``), ``TestUnits``, ``TestMultiple``,
``TestStartTimeFromSourceTime``, ``TestAlternativeAbbreviations`` (a locale altered for the test),
``TestErrors`` (texts not to be parsed), ``TestContext`` and ``TestDelta`` (checks of the flag or of an
approximate delta); ``TestInc``, ``TestRanges`` and ``TestConvertUnitAsWords`` parse no text. The other
locales' files (``TestAustralianLocale``, day-first; ``TestGermanLocale``, ``TestFrenchLocale``,
``TestRussianLocale``, ``TestLocaleBase``, French) are counted as another locale, never read further.
Get the files with ``git show 2a4b1690:tests/<file>`` from the public repository; nothing of them is
part of this one.

The files are read with ``ast`` (never imported or run). Each test method is followed statement by
statement by a small interpreter of what these tests do: assignments (names, tuples, ``self.x``),
``if``/``else``, ``for`` over literal lists, tuples and ``range``, and the checks
``self.assertExpectedResult(self.cal.parse(TEXT, start), (target, pdtContext(FLAGS)), dateOnly=...)``,
``self.assertEqual(_tr(self.cal.parse(TEXT, start), trunc_hours=...), _tr((target, ...), ...))`` and
``self.assertExpectedResult(self.cal.nlp(SENTENCE, start), ((value, flags, s, e, TEXT), ...))``.
Expressions: literals, ``datetime.datetime(...)``, ``timedelta``, ``+``/``-`` on them, ``.replace``,
``.weekday()``, ``.timetuple()`` (a tuple of nine numbers), subscripts and slices, ``%`` on strings,
comparisons, ``x if c else y``, ``calendar.month_name`` and ``self.cal.inc(value, month=, year=)``
(months and years added, the day kept within the month). Anything else drops the checks that depend
on it, counted by reason.

Reference: the tests take "now" from the clock (``time.localtime()``, ``datetime.datetime.now()``);
here the clock reads ``CLOCK_REFERENCE``, Wednesday 2024-08-07 14:37:00 (the commit's day; seconds 0,
since parsedatetime's comparator ignores them), in UTC (parsedatetime works in naive local time; the
offset 0 is given to reference and expected value alike). A test that builds its own start
(``datetime.datetime(2014, 10, 25, self.hr, ...)``) keeps it; a parse with no start parses at the clock.

Grain, from parsedatetime's flags and the words (``bench.time_phrase_kinds``), never from an outcome
here: a check of the date only (``dateOnly=True``, ``trunc_hours=True``) is a *day* (left out if the
words state a time the test does not check); flags with no part of a time of day (year, month, week,
day, or "now" with them) give a *day* when the words name one (``DAY_CUE``: "in 7 days", "tomorrow",
"August 25, 2006"; parsedatetime puts it at 09:00 or the start's time, which no one said), "now" alone
a *moment*; flags with an hour, minute, second or part of day give a *moment* when the words name a
day or count time from the reference ("5 hours from now", "in 5 minutes"), else a *time of day*
(``grain == "time"``, kept with ``--times``: "11 PM", "noon", "5 hours after 12pm"; parsedatetime puts it
on the start's day whether or not it has passed, a convention of its own, so only the time of day is
the words').

Left out and counted by reason, because the value comes from a setting or a quirk of parsedatetime
and not from the words: a weekday alone (``DOWParseStyle``, ``CurrentDOWParseStyle``), a month and day
with no year and no "next"/"last" (``YearParseStyle``), a numeric date with a two-digit year or whose
month and day are both 12 or less (en_US's month-first order), a part of day or meal with no clock time
("morning" 06:00, "lunch" 12:00, "tonight" 21:00: its table), "eod"/"eom"/"eoy", a duration with no
direction word or sign ("5 minutes": parsedatetime reads it as from now), digits only ("2300",
"730"), a test that sets a ``ptc`` option or builds its own ``Constants`` or locale. Also: texts not to
be parsed (an empty flag), checks of the flag or of the text found only, approximate checks, periods
("next week", a month, a year), steps and expressions the reader does not follow, repeats.
"""

from __future__ import annotations

import ast
import calendar
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.time_phrase_kinds import COUNTS_TIME, DAY_CUE, STATES_TIME

__all__ = ["CLOCK_REFERENCE", "ParsedatetimeCase", "ParsedatetimeCorpus", "read_parsedatetime"]

# What the clock reads for the tests that take "now" from it (naive, as parsedatetime's values are).
CLOCK_REFERENCE = datetime(2024, 8, 7, 14, 37, 0)

_FLAGS = {"ACU_YEAR": 1, "ACU_MONTH": 2, "ACU_WEEK": 4, "ACU_DAY": 8, "ACU_HALFDAY": 16, "ACU_HOUR": 32,
          "ACU_MIN": 64, "ACU_SEC": 128, "ACU_NOW": 256}
_DATE_FLAGS = 1 | 2 | 4 | 8
_TIME_OF_DAY_FLAGS = 16 | 32 | 64 | 128
_NOW_FLAG = 256
# Files of other locales (their setUp builds ``pdt.Constants('xx_XX')``), counted, never read.
_LOCALE_NAME = re.compile(r"['\"]([a-z]{2}_[A-Za-z]{2})['\"]")

_MONTH_WORDS = ("january february march april may june july august september october november december "
                "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_MONTH_NAME = re.compile(r"\b(?:" + "|".join(_MONTH_WORDS) + r")\b\.?", re.IGNORECASE)
_WEEKDAY = re.compile(r"\b(?:mon|monday|tue|tues|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|"
                      r"saturday|sun|sunday)\b", re.IGNORECASE)
_DIRECTED = re.compile(r"\b(?:this|next|last|coming|past|previous)\b", re.IGNORECASE)
_FOUR_DIGIT_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")
_NUMERIC_DATE = re.compile(r"(?<![\d:.$])(\d{1,4})[/.-](\d{1,2})(?:[/.-](\d{1,4}))?(?![\d:])")
_END_OF = re.compile(r"\beo[dmy]\b", re.IGNORECASE)
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight|breakfast|lunch|dinner)\b", re.IGNORECASE)
# A clock time said: 11pm, 11 p.m., 11a, 15:30, noon, midnight.
_CLOCK = re.compile(r"\d\s*[ap]\.?(?:m\.?)?(?![a-z])|\d:\d\d|\b(?:noon|midnight)\b", re.IGNORECASE)
_PERIOD = re.compile(r"\b(?:last|next|this|past|coming|previous)\s+(?:decade|century|year|quarter|month|week)s?\b",
                     re.IGNORECASE)
_UNIT = r"(?:years?|yrs?|y|months?|mths?|weeks?|wks?|w|days?|dys?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)"
_NUMBER = r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_COUNT = re.compile(r"(?<![\w.])" + _NUMBER + r"\s*" + _UNIT + r"\b", re.IGNORECASE)
_SIGN = re.compile(r"(?:^|\s)[+-]\s*\d")


@dataclass(frozen=True, slots=True)
class ParsedatetimeCase:
    text: str
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line
    context: str = ""  # the sentence ``Calendar.nlp`` found the text in
    alone_in_context: bool = False  # the sentence holds no other date the test finds


@dataclass(slots=True)
class ParsedatetimeCorpus:
    cases: list[ParsedatetimeCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)


class _Drop(Exception):
    """A check that cannot be read with certainty; its message is the reason counted."""


@dataclass(frozen=True, slots=True)
class _Unknown:
    """A value the reader did not evaluate: any use of it drops the check that needs it."""

    reason: str


@dataclass(frozen=True, slots=True)
class _Context:
    """``pdtContext(FLAGS)``: what parsedatetime says it found (year ... now)."""

    flags: int


@dataclass(frozen=True, slots=True)
class _Parse:
    """``self.cal.parse(text, start)`` or ``self.cal.nlp(sentence, start)``, not run: what it was asked."""

    text: Any
    start: Any
    nlp: bool
    altered: str | None  # the ptc option or locale the test set, if any


class _Module:
    """A module name (``datetime``, ``time``, ``calendar``) or the ``datetime``/``timedelta`` classes."""

    def __init__(self, name: str) -> None:
        self.name = name


def _parse_calls(node: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("parse", "nlp") and ast.unparse(n.func.value).endswith("cal")]


def _as_datetime(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value
    if isinstance(value, tuple) and len(value) >= 6 and all(isinstance(v, int) for v in value[:6]):
        return datetime(*value[:6])
    raise _Drop("a value the reader does not evaluate")


def _add_months(moment: datetime, months: int) -> datetime:
    """``Calendar.inc``: months (or 12 x years) on, the day kept within the month."""
    total = moment.year * 12 + moment.month - 1 + months
    year, month = divmod(total, 12)
    day = min(moment.day, calendar.monthrange(year, month + 1)[1])
    return moment.replace(year=year, month=month + 1, day=day)


class _Interpreter:
    """Follows one test method (see the module docstring); ``found`` collects what its checks say."""

    def __init__(self, names: dict[str, Any], self_attributes: dict[str, Any], source: str) -> None:
        self.names = dict(names)
        self.attributes = dict(self_attributes)
        self.source = source
        self.altered: str | None = self_attributes.get("__altered__")
        self.found: list[tuple[int, str, Any]] = []  # (line, text shown, ParsedatetimeCase-ready tuple or _Drop)

    # -- expressions
    def value(self, node: ast.expr) -> Any:  # one branch per expression kind the tests use
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in self.names:
                raise _Drop("an expression the reader does not evaluate")
            found = self.names[node.id]
            if isinstance(found, _Unknown):
                raise _Drop(found.reason)
            return found
        if isinstance(node, ast.Tuple | ast.List):
            items = [self.value(e) for e in node.elts]
            return tuple(items) if isinstance(node, ast.Tuple) else items
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self.value(node.operand)
        if isinstance(node, ast.BinOp):
            return self._binary(node)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            return self._compare(node.ops[0], self.value(node.left), self.value(node.comparators[0]))
        if isinstance(node, ast.BoolOp):
            values = [self.value(v) for v in node.values]
            return all(values) if isinstance(node.op, ast.And) else any(values)
        if isinstance(node, ast.IfExp):
            return self.value(node.body) if self.value(node.test) else self.value(node.orelse)
        if isinstance(node, ast.Subscript):
            return self._subscript(node)
        if isinstance(node, ast.Attribute):
            return self._attribute(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        raise _Drop("an expression the reader does not evaluate")

    def _binary(self, node: ast.BinOp) -> Any:
        left, right = self.value(node.left), self.value(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult) and isinstance(left, tuple | int) and isinstance(right, int):
            return left * right
        if isinstance(node.op, ast.Mod) and isinstance(left, str):
            return left % right
        if isinstance(node.op, ast.BitOr) and isinstance(left, int) and isinstance(right, int):
            return left | right
        raise _Drop("an expression the reader does not evaluate")

    @staticmethod
    def _compare(op: ast.cmpop, left: Any, right: Any) -> bool:
        if isinstance(op, ast.Gt):
            return bool(left > right)
        if isinstance(op, ast.Lt):
            return bool(left < right)
        if isinstance(op, ast.GtE):
            return bool(left >= right)
        if isinstance(op, ast.LtE):
            return bool(left <= right)
        if isinstance(op, ast.Eq | ast.NotEq):
            return bool(left == right) == isinstance(op, ast.Eq)
        raise _Drop("an expression the reader does not evaluate")

    def _subscript(self, node: ast.Subscript) -> Any:
        if ast.unparse(node.value) == "calendar.month_name":
            return calendar.month_name[self.value(node.slice)]
        container = self.value(node.value)
        if isinstance(container, _Parse):
            raise _Drop("a check of the flag or of the text found only, not of a value")
        if isinstance(node.slice, ast.Slice):
            lower = self.value(node.slice.lower) if node.slice.lower else None
            upper = self.value(node.slice.upper) if node.slice.upper else None
            return container[lower:upper]
        return container[self.value(node.slice)]

    def _attribute(self, node: ast.Attribute) -> Any:
        dotted = ast.unparse(node)
        if node.attr in _FLAGS and dotted.endswith("pdtContext." + node.attr):
            return _FLAGS[node.attr]
        if dotted.startswith("self.cal.ptc") or dotted.startswith("self.ptc"):
            raise _Drop("a word list or option of parsedatetime's Constants")
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            if node.attr not in self.attributes:
                raise _Drop("an expression the reader does not evaluate")
            return self.attributes[node.attr]
        owner = self.value(node.value)
        if isinstance(owner, datetime) and node.attr in ("year", "month", "day", "hour", "minute", "second"):
            return getattr(owner, node.attr)
        raise _Drop("an expression the reader does not evaluate")

    def _call(self, node: ast.Call) -> Any:
        func = self._function_name(node.func)
        args = [self.value(a) for a in node.args]
        kwargs = {k.arg: self.value(k.value) for k in node.keywords if k.arg is not None}
        if func == "datetime":
            return datetime(*args, **kwargs)
        if func == "datetime.now":
            return CLOCK_REFERENCE
        if func == "timedelta":
            return timedelta(*args, **kwargs)
        if func == "time.localtime":
            return tuple(CLOCK_REFERENCE.timetuple())
        if func == "pdtContext":
            return _Context(int(args[0]) if args else 0)
        if func == "range":
            return list(range(*args))
        if func in ("self.cal.parse", "self.cal.nlp"):
            return _Parse(args[0] if args else None, args[1] if len(args) > 1 else None, func.endswith("nlp"),
                          self.altered)
        if func == "self.cal.inc" and args and isinstance(args[0], datetime):
            return _add_months(args[0], int(kwargs.get("month", 0)) + 12 * int(kwargs.get("year", 0)))
        if isinstance(node.func, ast.Attribute):
            owner = self.value(node.func.value)
            method = node.func.attr
            if isinstance(owner, datetime) and method in ("timetuple", "replace", "weekday") and not args[1:]:
                return tuple(owner.timetuple()) if method == "timetuple" else getattr(owner, method)(*args, **kwargs)
            if isinstance(owner, str) and method == "split":
                return owner.split(*args)
        raise _Drop("an expression the reader does not evaluate")

    def _function_name(self, func: ast.expr) -> str:
        dotted = ast.unparse(func)
        aliases = {"datetime.datetime": "datetime", "datetime.datetime.now": "datetime.now",
                   "datetime.timedelta": "timedelta"}
        if self.names.get("__datetime_is_class__"):
            aliases = {"datetime": "datetime", "datetime.now": "datetime.now", "timedelta": "timedelta"}
        return aliases.get(dotted, dotted)

    # -- statements
    def statements(self, body: Sequence[ast.stmt]) -> None:
        for statement in body:
            self.statement(statement)

    def statement(self, node: ast.stmt) -> None:
        calls = _parse_calls(node)
        try:
            self._statement(node)
        except _Drop as drop:
            if isinstance(node, ast.Assign | ast.AugAssign) and not calls:
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            self.names[name.id] = _Unknown(str(drop))
                return
            for call in calls:
                self.found.append((call.lineno, _shown(call), drop))
        except (ValueError, TypeError, OverflowError, KeyError, IndexError, AttributeError) as error:
            reason = f"an expression the reader does not evaluate ({type(error).__name__})"
            for call in calls:
                self.found.append((call.lineno, _shown(call), _Drop(reason)))

    def _statement(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Assign):
            self._assign(node)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            self.names[node.target.id] = self.value(ast.BinOp(ast.Name(node.target.id), node.op, node.value))
        elif isinstance(node, ast.If):
            self.statements(node.body if self.value(node.test) else node.orelse)
        elif isinstance(node, ast.For):
            for item in self.value(node.iter):
                self._bind(node.target, item)
                self.statements(node.body)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            self._check(node.value)
        elif _parse_calls(node):
            raise _Drop("a step the reader does not follow")
        # other steps without a parse (a nested helper, a pass) change nothing the checks read

    def _assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            dotted = ast.unparse(target)
            if dotted.startswith(("self.cal.ptc.", "self.ptc.", "config.")):
                self.altered = "a ptc option set by the test (" + dotted.rsplit(".", 1)[-1] + ")"
                return
        if _parse_calls(node.value):
            raise _Drop("a check of the flag or of the text found only, not of a value")
        value = self.value(node.value)
        for target in node.targets:
            self._bind(target, value)

    def _bind(self, target: ast.expr, value: Any) -> None:
        if isinstance(target, ast.Name):
            self.names[target.id] = value
        elif isinstance(target, ast.Tuple | ast.List):
            items = list(value)
            if len(items) != len(target.elts):
                raise _Drop("an expression the reader does not evaluate")
            for element, item in zip(target.elts, items, strict=True):
                self._bind(element, item)
        elif isinstance(target, ast.Attribute) and ast.unparse(target.value) == "self":
            self.attributes[target.attr] = value
        else:
            raise _Drop("a step the reader does not follow")

    def _check(self, call: ast.Call) -> None:
        name = ast.unparse(call.func)
        parses = _parse_calls(call)
        if not parses:
            return  # a check of something else (Calendar.inc, daysInMonth): no text parsed
        date_only = False
        if name == "self.assertExpectedResult" and len(call.args) >= 2:
            result, check = call.args[0], call.args[1]
            keywords = {k.arg: self.value(k.value) for k in call.keywords if k.arg}
            date_only = bool(keywords.get("dateOnly"))
        elif name == "self.assertEqual" and len(call.args) == 2 and all(
                isinstance(a, ast.Call) and ast.unparse(a.func) in ("_tr", "_truncateResult") for a in call.args):
            first, second = call.args[0], call.args[1]
            assert isinstance(first, ast.Call) and isinstance(second, ast.Call)
            result, check = first.args[0], second.args[0]
            keywords = {k.arg: self.value(k.value) for k in first.keywords if k.arg}
            date_only = bool(keywords.get("trunc_hours"))
        elif name in ("self.assertExpectedErrorFlag", "self.assertEqual"):
            raise _Drop("a check of the flag or of the text found only, not of a value")
        else:
            raise _Drop("a check the reader does not follow (an approximate delta)")
        parse = self.value(result)
        if not isinstance(parse, _Parse):
            raise _Drop("a check of the flag or of the text found only, not of a value")
        expected = self.value(check)
        if parse.nlp:
            self._nlp_cases(call, parse, expected)
            return
        if not (isinstance(expected, tuple) and len(expected) == 2 and isinstance(expected[1], _Context)):
            raise _Drop("a check the reader does not follow (an approximate delta)")
        self.found.append((call.lineno, str(parse.text), self._case(parse, parse.text, expected[0],
                                                                     expected[1].flags, date_only)))

    def _nlp_cases(self, call: ast.Call, parse: _Parse, expected: Any) -> None:
        if expected is None:
            raise _Drop("a text not to be parsed (a negative)")
        if not isinstance(parse.text, str):
            raise _Drop("a text that is not a literal")
        for item in expected:
            text = str(item[4])
            try:
                case: Any = self._case(parse, text, item[0], item[1].flags, False, parse.text, len(expected) == 1)
            except _Drop as drop:
                case = drop
            self.found.append((call.lineno, text, case))

    def _case(self, parse: _Parse, text: Any, target: Any, flags: int, date_only: bool, context: str = "",
              alone: bool = False) -> tuple[str, datetime, datetime, str, str, bool]:
        if flags == 0:
            raise _Drop("a text not to be parsed (a negative)")
        if parse.altered:
            raise _Drop(parse.altered)
        if not isinstance(text, str):
            raise _Drop("a text that is not a literal")
        reference = _as_datetime(parse.start) if parse.start is not None else CLOCK_REFERENCE
        expected = _as_datetime(target).replace(second=0)
        _words_drop(text)
        grain = _grain(text, flags, date_only)
        if grain == "day":
            expected = expected.replace(hour=0, minute=0)
        utc = timezone.utc
        return text.strip(), reference.replace(tzinfo=utc), expected.replace(tzinfo=utc), grain, context, alone


def _shown(call: ast.Call) -> str:
    return str(call.args[0].value) if call.args and isinstance(call.args[0], ast.Constant) else ""


def _words_drop(text: str) -> None:
    """Drops a text whose value comes from a setting or quirk of parsedatetime, not from its words."""
    if _END_OF.search(text):
        raise _Drop("eod, eom, eoy (parsedatetime's words for an hour or a day of its choosing)")
    if re.fullmatch(r"[\s\d\"'()]+", text):
        raise _Drop("digits only (a clock time with no mark, a year or a number)")
    if _PART_OF_DAY.search(text) and not _CLOCK.search(text):
        raise _Drop("a part of day or meal with no clock time (an hour from parsedatetime's table)")
    if _PERIOD.search(text):
        raise _Drop("last/next with a unit: a period, not one day")
    numeric = _NUMERIC_DATE.search(text)
    if numeric is not None and not _CLOCK.fullmatch(numeric.group()):
        first, second, third = numeric.group(1), numeric.group(2), numeric.group(3)
        if third is not None and len(first) != 4 and len(third) != 4:
            raise _Drop("a numeric date with a two-digit year")
        month_first = len(first) != 4
        month, day = (int(first), int(second)) if month_first else (int(second), int(third or 0))
        if month_first and month <= 12 and day <= 12 and month != day:
            raise _Drop("a numeric date whose month and day are both 12 or less (en_US's month-first order)")
    names_month = _MONTH_NAME.search(text) is not None or numeric is not None
    if names_month and not _FOUR_DIGIT_YEAR.search(text) and not _DIRECTED.search(text):
        raise _Drop("a month and day with no year (its year set by YearParseStyle)")
    if _WEEKDAY.search(text) and not names_month and not _DIRECTED.search(text):
        raise _Drop("a weekday alone (its week set by DOWParseStyle, CurrentDOWParseStyle)")
    rest = _COUNT.sub("", text)
    if _COUNT.search(text) and not re.sub(r"\band\b|[,\s]", "", rest) and not _SIGN.search(text):
        raise _Drop("a duration with no direction word (parsedatetime reads it as from now)")


def _grain(text: str, flags: int, date_only: bool) -> str:
    # parsedatetime's day flag, or a day named in words ("next day", "in 7 days", "August 25, 2006")
    names_day = bool(flags & _FLAGS["ACU_DAY"]) or bool(DAY_CUE.search(text))
    if date_only:
        if STATES_TIME.search(text):
            raise _Drop("a moment whose time the test does not check")
        return "day"
    if not flags & _TIME_OF_DAY_FLAGS:
        if flags == _NOW_FLAG:
            return "moment"
        if names_day:
            return "day"
        raise _Drop("not one day (a week, a month, a year)")
    if flags & _DATE_FLAGS or names_day:
        return "moment"
    if COUNTS_TIME.search(text) and not _CLOCK.search(text):
        return "moment"  # counted from the reference: "5 hours from now", "in 5 minutes"
    return "time"


def _self_attributes(cls: ast.ClassDef, names: dict[str, Any], source: str) -> dict[str, Any]:
    """What the class's ``setUp`` sets on ``self`` (the clock's fields; a ptc option or locale changed)."""
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and node.name == "setUp":
            interpreter = _Interpreter(names, {}, source)
            interpreter.statements(node.body)
            attributes = dict(interpreter.attributes)
            text = ast.unparse(node)
            if interpreter.altered:
                attributes["__altered__"] = interpreter.altered
            elif "pdtLocales" in text or re.search(r"Constants\(|Calendar\(\s*(?!version)\w", text):
                attributes["__altered__"] = "a locale or Constants altered by the test"
            return attributes
    return {}


def read_parsedatetime(paths: Sequence[Path]) -> ParsedatetimeCorpus:
    """Every check of the given test files, read as a case or counted as dropped by reason."""
    corpus = ParsedatetimeCorpus()
    seen: set[tuple[str, datetime, datetime, str]] = set()
    for path in paths:
        try:
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source)
        except (UnicodeDecodeError, SyntaxError, ValueError):
            corpus.dropped["a file that is not Python source (not read)"] += 1
            corpus.dropped_at.append((path.name, "", "a file that is not Python source (not read)"))
            continue
        locales = {m.group(1) for m in _LOCALE_NAME.finditer(source)} - {"en_US", "en_us"}
        if locales:
            reason = f"another locale ({', '.join(sorted(locales))})"
            for call in _parse_calls(tree):
                corpus.dropped[reason] += 1
                corpus.dropped_at.append((f"{path.name}:{call.lineno}", _shown(call), reason))
            continue
        names: dict[str, Any] = {"None": None, "True": True, "False": False}
        if re.search(r"^from datetime import .*\bdatetime\b", source, re.MULTILINE):
            names["__datetime_is_class__"] = True
        for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
            attributes = _self_attributes(cls, names, path.name)
            for method in cls.body:
                if not isinstance(method, ast.FunctionDef) or not method.name.startswith("test"):
                    continue
                interpreter = _Interpreter(names, attributes, path.name)
                interpreter.statements(method.body)
                for line, shown, found in interpreter.found:
                    where = f"{path.name}:{line}"
                    if isinstance(found, _Drop):
                        corpus.dropped[str(found)] += 1
                        corpus.dropped_at.append((where, shown, str(found)))
                        continue
                    text, reference, expected, grain, context, alone = found
                    key = (" ".join(text.lower().split()), reference, expected, grain)
                    if key in seen:
                        corpus.dropped["a repeat of a case already read"] += 1
                        continue
                    seen.add(key)
                    corpus.cases.append(ParsedatetimeCase(text, reference, expected, grain, where, context, alone))
    return corpus
