"""The English cases of dateparser's Python tests: the text, its sentence, the reference and the expected value.

dateparser (scrapinghub/dateparser, BSD-3-Clause licence, Python) tests its parser with parametrised
unittest methods, read here at commit 315e396b. The files: ``tests/test_freshness_date_parser.py``
(relative phrases, "2 hours ago", "in 3 days", "yesterday at 11:30", against the ``self.now`` its
``setUp`` sets, 2014-09-01 10:30, in UTC), ``tests/test_date_parser.py`` (absolute and relative
texts with a ``RELATIVE_BASE`` setting, or at the real clock) and ``tests/test_search.py`` (sentences
with the dates a search finds in them; each date found is a case, the sentence its context, read whole by
``--pipeline`` when it is the only date found). Its ``test_search_dates``/``test_parts_of_day`` files do not
exist at this commit. Get the files with ``git show 315e396b:tests/<file>`` from the public repository;
nothing of them is part of this one.

The files are read with ``ast`` (never imported or run). For each test method, each ``param(...)``
of its ``@parameterized.expand([...])`` list (a method with none runs once) binds the method's
arguments, and the method's body is followed step by step by a small interpreter of the steps these
tests use: ``self.given_parser(settings=..., languages=...)``, ``self.given_date_string(text)``,
``self.when_date_is_parsed(text)``, ``parse(text, settings=...)``, the searches
(``search_parse``, ``search_dates``), and the checks ``then_date_obj_exactly_is``,
``then_date_obj_is_exactly_this_time_ago`` / ``..._in_future`` (``self.now`` minus or plus a
``relativedelta``), ``then_date_is`` with ``then_time_is``, ``then_timezone_parsed_is`` and
``self.assertEqual(expected, result)``; ``if`` follows the branch its condition takes. Expressions are
evaluated from literals, ``datetime``/``date``/``time``/``timedelta`` calls, arithmetic, ``str.format``,
lambdas and the names bound so far. Any other step or expression drops the case, counted by reason.

Language: the lists are grouped by comments ("# English dates", "# French dates", "# ru", "# Numeric
dates"); a case is kept when its group's language is English or unnamed, its language argument (if
any) is ``en``, and every word of its text is one of the English words of dates and times the reader
knows (``_ENGLISH``): the rest are counted as another language.

Reference: the ``RELATIVE_BASE`` setting when the test gives one, else the freshness tests' ``self.now``;
naive values are UTC (the freshness tests set ``TIMEZONE`` to UTC; the others run with a local offset of
0). A test with neither parses at the real clock: kept only when the text writes the whole date with a
four-digit year and no relative word (then its value cannot depend on the clock; ``CLOCK_REFERENCE``, the
commit's day, stands in as the reference).

Grain, from the words and the corpus's rules (``bench.time_phrase_kinds``), not from any outcome here:
a freshness case ("ago", "in", checked as ``self.now`` minus or plus a delta) is a *moment* when its
delta has hours, minutes or seconds or its text states a time, else a *day* (dateparser keeps the
reference's time of day on "3 days ago"; the test's ``period`` is not a grain: "an hour ago" has period
``day``). Another case is a *moment* when its text states a time (``STATES_TIME``) and names a day, counts
hours, minutes or seconds ("five hours later") or says "now"; a *time of day* (``grain == "time"``, kept
with ``--times``) when it states a clock time and names no day (dateparser puts it on a day chosen by
``PREFER_DATES_FROM``: only the time of day is the words'; a zone it writes is kept on it, "9pm EDT" is
21:00-04:00); a *day* when it names one (``DAY_CUE``, a numeric date, a month name with a day number),
else it is left out (a month, a year, a decade). A fractional count of days ("in 1.5 days") is a moment
(36 hours on).

Left out and counted by reason, because the value depends on a setting the words do not carry: a weekday
alone (its week set by ``PREFER_DATES_FROM``), a month and day whose year is not written in four digits
(``PREFER_DATES_FROM`` or the two-digit-year rule), a numeric date whose day and month are both 12 or less
(``DATE_ORDER``), a month with no day (``PREFER_DAY_OF_MONTH``), a duration with no direction word or sign
("3 days", "1 year 2 months": dateparser reads past unless told future; "-1 decade" and "in 1 decade +2
years" are kept),
a ``TIMEZONE``/``TO_TIMEZONE`` setting on a text with no zone of its own, a zone the test does not place,
the ``PARSERS`` and ``SKIP_TOKENS`` settings. Also: checks of a range or an approximation (not one value),
texts not to be parsed (negatives), "last/next + a unit" (a period, not a day), digits only (timestamps,
years), values read from the clock, steps and expressions the reader does not follow, and repeats of a
case already read.
"""

from __future__ import annotations

import ast
import calendar
import io
import re
import tokenize as py_tokenize
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.time_phrase_kinds import DAY_CUE, STATES_TIME

__all__ = ["CLOCK_REFERENCE", "DateparserCase", "DateparserCorpus", "read_dateparser"]

# The day of the commit read: stands in for the clock in a test whose value cannot depend on it.
CLOCK_REFERENCE = datetime(2026, 7, 23, 12, 0, tzinfo=timezone.utc)

_LANGUAGE_NAMES = frozenset(
    "English French German Italian Portuguese Turkish Russian Czech Spanish Chinese Arabic Thai Vietnamese "
    "Belarusian Polish Bulgarian Bangla Hindi Dutch Romanian Tagalog Japanese Georgian Finnish Croatian "
    "Ukrainian Hungarian Swedish Hebrew Danish Filipino Indonesian Persian Korean Greek Norwegian Catalan "
    "Serbian Slovak Slovenian Estonian Latvian Lithuanian Malay Bengali Urdu Tamil".split())
_NOT_A_LANGUAGE = frozenset({"Numeric", "Miscellaneous"})  # "# Numeric dates": a group of no one language
_LOCALE = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$")

_MONTH_WORDS = ("january february march april may june july august september october november december "
                "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_WEEKDAY_WORDS = ("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur "
                  "thurs fri sat sun").split()
# The English words of dates and times (and the few function words around them) a kept text may use.
_ENGLISH = frozenset(_MONTH_WORDS + _WEEKDAY_WORDS + (
    "a an the of at on in by and about just now today tomorrow yesterday tonight before after later earlier "
    "from hence back ago next last this coming past previous noon midnight am pm a.m p.m m morning afternoon "
    "evening night till until date year years month months mon mons week weeks wk wks day days d h hr hrs "
    "hour hours min mins minute minutes sec secs second seconds s y yr yrs decade decades fortnight "
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred st nd rd th first "
    "second third fourth fifth "
    "time utc gmt z t edt est cdt cst pdt pst mdt mst plus minus o'clock oclock"
).split())
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Zones a test writes in its text, with the offset the test itself gives them (US abbreviations, UTC).
_ZONE_OFFSETS = {"utc": 0, "gmt": 0, "z": 0, "edt": -4, "est": -5, "cdt": -5, "cst": -6, "mdt": -6, "mst": -7,
                 "pdt": -7, "pst": -8}
# A zone written in the text: an abbreviation, or an offset (or Z) right after a clock time.
_ZONE_IN_TEXT = re.compile(r"\b(?:utc|gmt|edt|est|cdt|cst|mdt|mst|pdt|pst)\b|"
                           r"\d:\d\d(?::\d\d(?:\.\d+)?)?\s*(?:[+-]\d\d:?\d\d\b|Z\b)", re.IGNORECASE)
_ZONE_ABBREVIATION = re.compile(r"\b[A-Z]{2,4}T\b")
_MONTH_NAME = re.compile(r"\b(?:" + "|".join(_MONTH_WORDS) + r")\b", re.IGNORECASE)
_WEEKDAY = re.compile(r"\b(?:" + "|".join(_WEEKDAY_WORDS) + r")\b", re.IGNORECASE)
# A numeric date: three numbers, or a day and a month written with / or - ("2.5 hours" is no date).
_NUMERIC_DATE = re.compile(r"(?<![\d:.,])(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,4})(?![\d:])|"
                           r"(?<![\d:.,])(\d{1,2})\s*[/-]\s*(\d{1,2})(?![\d:./-])")
_FOUR_DIGIT_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
_RELATIVE_WORD = re.compile(
    r"\b(?:ago|today|tomorrow|yesterday|tonight|now|next|last|this|coming|past|previous|later|earlier|hence)\b|"
    r"\b(?:in|from|before|after)\s+(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z]",
    re.IGNORECASE)
# A direction said in words (or by a sign) for a count of time: "ago", "in 3 days", "later", "now - 1 hour".
_DIRECTION = re.compile(
    r"\b(?:ago|before|back|earlier|later|after|hence|from now)\b|^\s*in\b|\bnow\s*[+-]|[+-]\s*\d", re.IGNORECASE)
_DAY_WORD = re.compile(r"\b(?:today|tomorrow|yesterday|tonight)\b", re.IGNORECASE)
_DIRECTED_WEEKDAY = re.compile(r"\b(?:this|next|last|coming|past|previous|ago|before|after)\b", re.IGNORECASE)
# "last week", "next decade": a period, not one day.
_PERIOD = re.compile(r"\b(?:last|next|this|past|coming|previous)\s+(?:decade|century|year|quarter|month|week)s?\b",
                     re.IGNORECASE)
_SMALL_UNITS = frozenset({"hours", "minutes", "seconds", "microseconds"})
_NUMBER_WORD = r"(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_SMALL_UNIT = r"(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)"
_ANY_UNIT = r"(?:decades?|years?|yrs?|months?|mons?|weeks?|wks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?)"
# A count of hours, minutes or seconds ("2h", "an hour"; not "am"): a moment counted from the reference's.
_SMALL_COUNT = re.compile(r"(?<![\w.])(?<!\d,)(?:\d+(?:[.,]\d+)?\s*(?:" + _SMALL_UNIT + r"|h|m|s)|"
                          + _NUMBER_WORD + r"\s+" + _SMALL_UNIT + r")\b", re.IGNORECASE)
# A count of a unit of time, with its sign: "1 year", "2 mins", "-1 decade", "3mons", "a week".
_COUNT_OF_UNIT = re.compile(r"(?<![\w.])(?<!\d,)[+-]?\s*(?:\d+(?:[.,]\d+)?\s*(?:" + _ANY_UNIT + r"|y|mo|w|d|h|m|s)|"
                            + _NUMBER_WORD + r"\s+" + _ANY_UNIT + r")\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class DateparserCase:
    text: str
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line
    context: str = ""  # the sentence a search found the text in
    alone_in_context: bool = False  # the sentence holds no other date the test finds


@dataclass(slots=True)
class DateparserCorpus:
    cases: list[DateparserCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


@dataclass(slots=True)
class _Delta:
    """A ``relativedelta`` of the units dateparser's tests give (months and years kept apart from the rest)."""

    units: dict[str, float]

    def apply(self, moment: datetime, sign: int) -> datetime:
        years, months = self.units.get("years", 0), self.units.get("months", 0)
        if years != int(years) or months != int(months):
            raise _Drop("a fractional count of months or years")
        total = moment.year * 12 + moment.month - 1 + sign * (int(years) * 12 + int(months))
        year, month = divmod(total, 12)
        if not 1 <= year <= 9999:
            raise _Drop("a value outside the calendar's range")
        day = min(moment.day, calendar.monthrange(year, month + 1)[1])
        rest = timedelta(**{k: v for k, v in self.units.items() if k not in ("years", "months")})
        try:
            return moment.replace(year=year, month=month + 1, day=day) + sign * rest
        except OverflowError as error:
            raise _Drop("a value outside the calendar's range") from error


@dataclass(slots=True)
class _Parse:
    """A parse the test makes: its text, settings and languages (and, for a search, its sentence)."""

    text: Any
    settings: dict[str, Any]
    languages: Any = None
    search: bool = False


@dataclass(slots=True)
class _Run:
    """What one run of a test method did: its parse and the checks made of its result."""

    settings: dict[str, Any] = field(default_factory=dict)
    languages: Any = None
    text: Any = None
    parse: _Parse | None = None
    expected: Any = None  # a datetime, or a list of (text, datetime) for a search
    date: date | None = None
    time: time | None = None
    ago: tuple[_Delta, int] | None = None  # the delta and its sign from the reference
    zone: str | None = None  # then_timezone_parsed_is
    negative: bool = False


_IGNORED_STEPS = frozenset({
    "then_period_is", "then_error_was_not_raised", "then_date_was_parsed_by_freshness_parser",
    "then_date_was_parsed_by_date_parser", "assertIsNotNone",
})
_RANGE_CHECKS = frozenset({"then_date_obj_is_between", "assertGreater", "assertLess", "assertLessEqual",
                           "assertGreaterEqual"})


class _Interpreter:
    """Follows a test method's body for one binding of its arguments (see the module docstring)."""

    def __init__(self, names: dict[str, Any], self_attributes: dict[str, Any]) -> None:
        self.names = dict(names)
        self.self_attributes = self_attributes
        self.run = _Run()

    # -- expressions
    def value(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            if node.id == "today":
                raise _Drop("an expected value read from the clock")
            raise _Drop("an expression the reader does not evaluate")
        if isinstance(node, ast.List | ast.Tuple):
            items = [self.value(e) for e in node.elts]
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.Dict):
            result: dict[Any, Any] = {}
            for key, item in zip(node.keys, node.values, strict=True):
                if key is None:
                    result.update(self.value(item) or {})
                else:
                    result[self.value(key)] = self.value(item)
            return result
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self.value(node.operand)
        if isinstance(node, ast.BinOp):
            left, right = self.value(node.left), self.value(node.right)
            operations: dict[type, Callable[[Any, Any], Any]] = {
                ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b}
            if type(node.op) not in operations:
                raise _Drop("an expression the reader does not evaluate")
            return operations[type(node.op)](left, right)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
            inside = self.value(node.left) in self.value(node.comparators[0])
            return inside if isinstance(node.ops[0], ast.In) else not inside
        if isinstance(node, ast.Attribute):
            return self.attribute(node)
        if isinstance(node, ast.Lambda):
            return self.lambda_value(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        raise _Drop("an expression the reader does not evaluate")

    def subscript(self, node: ast.Subscript) -> Any:
        """``result["Dates"]`` of a search: the search itself; ``result["Language"]``: a marker;
        ``self.result["date_obj"]``: the parse of the test."""
        key = node.slice.value if isinstance(node.slice, ast.Constant) else None
        if key == "Dates":
            return self.value(node.value)
        if key == "Language":
            return "the language found"
        if key == "date_obj":
            return self.run.parse or _Parse(self.run.text, self.run.settings, self.run.languages)
        raise _Drop("an expression the reader does not evaluate")

    def attribute(self, node: ast.Attribute) -> Any:
        dotted = ast.unparse(node)
        if dotted.startswith("self.") and dotted[5:] in self.self_attributes:
            return self.self_attributes[dotted[5:]]
        if dotted in ("pytz.utc", "datetime.timezone.utc", "timezone.utc"):
            return timezone.utc
        if dotted.startswith("today.") or "now(" in dotted:
            raise _Drop("an expected value read from the clock")
        raise _Drop("an expression the reader does not evaluate")

    def lambda_value(self, node: ast.Lambda) -> Callable[..., Any]:
        parameters = [a.arg for a in node.args.args]

        def called(*arguments: Any) -> Any:
            inner = _Interpreter({**self.names, **dict(zip(parameters, arguments, strict=True))},
                                 self.self_attributes)
            return inner.value(node.body)

        return called

    def call(self, node: ast.Call) -> Any:
        name = ast.unparse(node.func)
        args = [self.value(a) for a in node.args if not isinstance(a, ast.Starred)]
        kwargs = {k.arg: self.value(k.value) for k in node.keywords if k.arg is not None}
        constructors: dict[str, Callable[..., Any]] = {
            "datetime": datetime, "datetime.datetime": datetime, "date": date, "datetime.date": date,
            "time": time, "datetime.time": time, "timedelta": timedelta, "datetime.timedelta": timedelta}
        if name in constructors:
            if any(isinstance(a, ast.Starred) for a in node.args):
                raise _Drop("an expression the reader does not evaluate")
            try:
                return constructors[name](*args, **kwargs)
            except (TypeError, ValueError, OverflowError) as error:
                raise _Drop("a value outside the calendar's range") from error
        if name in ("StaticTzInfo", "datetime.timezone", "timezone") and len(args) == 2:
            offset = args[1] if isinstance(args[1], timedelta) else args[0]
            return timezone(offset)
        if name in ("datetime.timezone", "timezone") and len(args) == 1:
            return timezone(args[0])
        if name == "relativedelta":
            return _Delta(kwargs)
        if name == "normalize_unicode" and len(args) == 1:
            return args[0]  # the identity on the English (ASCII) texts kept
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            template = self.value(node.func.value)
            if isinstance(template, str):
                return template.format(*args, **kwargs)
        languages = kwargs.get("languages")
        if isinstance(languages, list) and "en" not in languages:
            raise _Drop("another language (its language argument)")
        if name == "parse" and args:
            return _Parse(args[0], dict(kwargs.get("settings") or {}), kwargs.get("languages"))
        if name in ("self.exact_language_search.search_parse",) and len(args) >= 2:
            return _Parse(args[1], dict(kwargs.get("settings") or {}), [args[0]], search=True)
        if name in ("search_dates", "self.search_with_detection.search_dates") and args:
            return _Parse(args[0], dict(kwargs.get("settings") or {}), kwargs.get("languages"), search=True)
        if isinstance(node.func, ast.Name) and node.func.id in self.names and callable(self.names[node.func.id]):
            return self.names[node.func.id](*args)
        raise _Drop("an expression the reader does not evaluate")

    # -- statements
    def statements(self, body: Sequence[ast.stmt]) -> None:
        for statement in body:
            self.statement(statement)

    def statement(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return  # a docstring
        if isinstance(node, ast.If):
            self.statements(node.body if self.value(node.test) else node.orelse)
            return
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                self.names[target.id] = self.value(node.value)
                return
            raise _Drop("a step the reader does not follow: an assignment to " + ast.unparse(target)[:30])
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            raise _Drop(f"a step the reader does not follow: {type(node).__name__}")
        call = node.value
        step = ast.unparse(call.func).removeprefix("self.")
        if step in _IGNORED_STEPS:  # their arguments (messages, f-strings) are not evaluated
            return
        if step in _RANGE_CHECKS:
            raise _Drop("a check of a range, not of one value")
        if step == "assertEqual":  # the two values compared; a third argument is a message
            call = ast.Call(call.func, call.args[:2], [])
        args = [self.value(a) for a in call.args]
        kwargs = {k.arg: self.value(k.value) for k in call.keywords if k.arg is not None}
        run = self.run
        if step == "given_parser":
            run.settings = dict(kwargs.get("settings") or (args[0] if args and isinstance(args[0], dict) else {}))
            run.languages = kwargs.get("languages")
        elif step == "given_date_string":
            run.text = args[0]
        elif step == "when_date_is_parsed":
            if args:
                run.text = args[0]
            run.parse = _Parse(run.text, run.settings, run.languages)
        elif step == "given_local_tz_offset":
            if args != [0]:
                raise _Drop("a local time zone other than UTC")
        elif step == "then_date_obj_exactly_is":
            run.expected = args[0]
        elif step in ("then_date_obj_is_exactly_this_time_ago", "then_date_obj_is_exactly_this_time_in_future"):
            run.ago = (_Delta(dict(args[0])), -1 if step.endswith("_ago") else 1)
        elif step == "then_date_is":
            run.date = args[0]
        elif step == "then_time_is":
            run.time = args[0]
        elif step == "then_timezone_parsed_is":
            run.zone = str(args[0])
        elif step in ("then_date_was_not_parsed",):
            run.negative = True
        elif step == "assertEqual" and len(args) >= 2:
            self.assert_equal(call.args[0], call.args[1], args[0], args[1])
        else:
            raise _Drop(f"a step the reader does not follow: {step}")

    def assert_equal(self, left_node: ast.expr, right_node: ast.expr, left: Any, right: Any) -> None:
        for mine, theirs in ((left, right), (right, left)):
            if isinstance(mine, _Parse):
                self.run.parse, self.run.expected = mine, theirs
                if theirs is None:
                    self.run.negative = True
                return
        written = ast.unparse(left_node) + " " + ast.unparse(right_node)
        if "['Language']" in written or ("date_obj" in written and (left is None or right is None)):
            self.run.negative = self.run.negative or "date_obj" in written
            return
        raise _Drop("a check the reader does not follow")


def _languages_by_line(source: str) -> dict[int, str | None]:
    """For each line holding a comment that opens a group, the group's language (None: no one language)."""
    groups: dict[int, str | None] = {}
    for token in py_tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != py_tokenize.COMMENT:
            continue
        words = token.string.lstrip("#").strip()
        head = re.fullmatch(r"([A-Z][a-z]+)(?: dates)?", words)
        if head and head.group(1) in _NOT_A_LANGUAGE:
            groups[token.start[0]] = None
        elif head and head.group(1) in _LANGUAGE_NAMES:
            groups[token.start[0]] = "en" if head.group(1) == "English" else head.group(1)
        elif _LOCALE.fullmatch(words):
            groups[token.start[0]] = words
    return groups


def _group_language(groups: dict[int, str | None], start: int, line: int) -> str | None:
    """The language of the last group comment opened between the list's start and the case's line."""
    openings = [at for at in groups if start <= at <= line]
    return groups[max(openings)] if openings else None


def _as_utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _settings_drop(text: str, settings: dict[str, Any]) -> None:
    if "PARSERS" in settings:
        raise _Drop("a parser chosen by the PARSERS setting")
    if "SKIP_TOKENS" in settings:
        raise _Drop("the SKIP_TOKENS setting")
    zones = {str(settings.get(k) or "").lower() for k in ("TIMEZONE", "TO_TIMEZONE")} - {"", "utc", "etc/utc"}
    if zones and _ZONE_IN_TEXT.search(text) is None:
        raise _Drop("a TIMEZONE or TO_TIMEZONE setting on a text with no zone")


def _words_drop(text: str) -> None:
    """Drops a case whose value depends on a setting the words do not carry, or that names no one day."""
    if re.fullmatch(r"[\s\d]+", text):
        raise _Drop("digits only (a timestamp or a year)")
    if _PERIOD.search(text):
        raise _Drop("last/next with a unit: a period, not one day")
    years = _FOUR_DIGIT_YEAR.findall(text)
    if _MONTH_NAME.search(text) and not _names_day(text):
        raise _Drop("a month with no day (its day set by PREFER_DAY_OF_MONTH)")
    numeric = _NUMERIC_DATE.search(text)
    names_month = _MONTH_NAME.search(text) is not None or numeric is not None
    if numeric is not None and numeric.group(3) is not None:
        first, second, third = numeric.group(1), numeric.group(2), numeric.group(3)
        if len(first) != 4 and len(third) != 4:
            raise _Drop("a date whose year is not written in four digits (PREFER_DATES_FROM, DATE_ORDER)")
        if len(first) != 4 and int(first) <= 12 and int(second) <= 12 and int(first) != int(second):
            raise _Drop("a numeric date whose day and month are both 12 or less (DATE_ORDER)")
    if names_month and not years:
        raise _Drop("a month and day with no year (its year set by PREFER_DATES_FROM)")
    if _WEEKDAY.search(text) and not names_month and not _DAY_WORD.search(text) and not _DIRECTED_WEEKDAY.search(text):
        raise _Drop("a weekday alone (its week set by PREFER_DATES_FROM)")


def _english(text: str) -> bool:
    words = _WORD.findall(text.lower().replace("a.m.", "am").replace("p.m.", "pm"))
    return all(w in _ENGLISH for w in words if any(ch.isalpha() for ch in w))  # "²⁰¹⁵" is no word


def _grain(text: str, delta: _Delta | None) -> str:
    if re.search(r"\d[.,]\d+\s*(?:days?|weeks?)\b", text, re.IGNORECASE):  # "in 1.5 days": 36 hours on
        return "moment"
    if delta is not None and (STATES_TIME.search(text) or _SMALL_UNITS & {k for k, v in delta.units.items() if v}):
        return "moment"
    if delta is not None:
        return "day"
    names_day = _names_day(text)
    if STATES_TIME.search(text):  # "five hours later", "in a minute": a count from the reference's moment
        counts = _SMALL_COUNT.search(text) or re.search(r"(?<!from )\bnow\b", text, re.IGNORECASE)
        return "moment" if names_day or counts else "time"
    if names_day:
        return "day"
    raise _Drop("not one day (a month, a year, a decade)")


def _names_day(text: str) -> bool:
    """A day word or form (``DAY_CUE``), a numeric date, or a month name beside a number of one or two
    digits that is not a clock time ("[Sept] 04, 2014")."""
    if DAY_CUE.search(text) or _NUMERIC_DATE.search(text):
        return True
    return _MONTH_NAME.search(text) is not None and re.search(r"(?<![\d:.])\d{1,2}(?![\d:.])", text) is not None


def _reference(settings: dict[str, Any], self_attributes: dict[str, Any]) -> datetime | None:
    base = settings.get("RELATIVE_BASE")
    if isinstance(base, datetime):
        return _as_utc(base)
    now = self_attributes.get("now")
    return _as_utc(now) if isinstance(now, datetime) else None


def _clock_free(text: str) -> bool:
    """A text whose value cannot depend on the day it is parsed: a whole date with a four-digit year."""
    return bool(_FOUR_DIGIT_YEAR.search(text)) and _RELATIVE_WORD.search(text) is None


def _expected_zone(run: _Run, text: str, expected: datetime, settings: dict[str, Any]) -> datetime:
    """The expected value as an aware datetime: its own zone, the zone the test checks, UTC after a
    TO_TIMEZONE of UTC, else (no zone in the text) UTC like the reference."""
    if expected.tzinfo is not None:
        return expected
    in_text = _ZONE_IN_TEXT.search(text) is not None
    if not in_text:
        return expected.replace(tzinfo=timezone.utc)
    target = str(settings.get("TO_TIMEZONE") or settings.get("TIMEZONE") or "").lower()
    if target in ("utc", "gmt", "etc/utc"):
        return expected.replace(tzinfo=timezone.utc)
    zone = run.zone
    if zone is not None:
        offset = re.fullmatch(r"([+-])(\d\d):(\d\d)", zone)
        if offset:
            sign = -1 if offset.group(1) == "-" else 1
            return expected.replace(tzinfo=timezone(sign * timedelta(hours=int(offset.group(2)),
                                                                     minutes=int(offset.group(3)))))
        if zone.lower() in _ZONE_OFFSETS:
            return expected.replace(tzinfo=timezone(timedelta(hours=_ZONE_OFFSETS[zone.lower()])))
    raise _Drop("a zone in the text the test does not place")


def _one(text: str, expected: Any, run: _Run, parse: _Parse, reference: datetime | None,
         source: str, context: str = "", alone: bool = False) -> DateparserCase:
    """One text and its expected value, read as a case (or dropped with the reason)."""
    settings = parse.settings
    if not isinstance(text, str):
        raise _Drop("a text that is not a literal")
    _settings_drop(text, settings)
    abbreviation = _ZONE_ABBREVIATION.search(text)
    if abbreviation and abbreviation.group().lower() not in _ZONE_OFFSETS:
        raise _Drop("a zone abbreviation the reader does not place")
    if not _english(text):
        raise _Drop("another language (a word outside the English words of dates and times)")
    if not text.isascii():
        raise _Drop("digits in superscript or subscript")
    delta = run.ago[0] if run.ago is not None else None
    if _COUNT_OF_UNIT.search(text) and not re.sub(r"\band\b|[,\s]", "", _COUNT_OF_UNIT.sub("", text)):
        unsigned = any(not m.group().strip().startswith(("+", "-")) for m in _COUNT_OF_UNIT.finditer(text))
        if unsigned:  # "3 days", "1 year 2 months": no ago, in, later, from now, sign
            raise _Drop("a duration with no direction word (dateparser reads it as past)")
    _words_drop(text)
    if reference is None:
        if not _clock_free(text):
            raise _Drop("parsed at the real clock, its value not fixed by the words")
        reference = CLOCK_REFERENCE
    if delta is not None and run.ago is not None:
        value = run.ago[0].apply(reference.replace(tzinfo=None), run.ago[1]).replace(tzinfo=reference.tzinfo)
    elif run.date is not None:
        value = _as_utc(datetime.combine(run.date, run.time or time(0)))
    elif isinstance(expected, datetime):
        value = _expected_zone(run, text, expected, settings)
    else:
        raise _Drop("no expected value checked")
    grain = _grain(text, delta)
    if grain == "day":
        value = datetime(value.year, value.month, value.day, tzinfo=value.tzinfo)
    zone = next((w for w in _WORD.findall(text.lower()) if w in _ZONE_OFFSETS), None)
    if grain == "time" and zone is not None:  # the time of day as written: "10pm EDT" is 22:00-04:00
        value = value.astimezone(timezone(timedelta(hours=_ZONE_OFFSETS[zone])))
    elif grain == "moment" and run.date is not None and run.time is None:
        raise _Drop("a moment whose time the test does not check")
    return DateparserCase(text.strip(), reference, value, grain, source, context, alone)


def _cases_of_run(run: _Run, reference_attributes: dict[str, Any], source: str) -> list[DateparserCase | _Drop]:
    """The cases a run checks (a search checks several), each read or dropped with its reason."""
    if run.negative:
        raise _Drop("a text not to be parsed (a negative)")
    parse = run.parse
    if parse is None:
        raise _Drop("no parse the reader can follow")
    languages = parse.languages
    if languages is not None and "en" not in list(languages):
        raise _Drop("another language (its language argument)")
    reference = _reference(parse.settings, reference_attributes)
    if parse.search:
        if not isinstance(run.expected, list):
            raise _Drop("a search whose dates are not checked")
        if not isinstance(parse.text, str):
            raise _Drop("a text that is not a literal")
        for item in run.expected:
            if not (isinstance(item, tuple) and len(item) == 2):
                raise _Drop("a search result of another shape")
        found: list[DateparserCase | _Drop] = []
        for text, expected in run.expected:  # each date found is a case of its own
            try:
                found.append(_one(text, expected, run, parse, reference, source, parse.text.strip(),
                                  len(run.expected) == 1))
            except _Drop as drop:
                found.append(drop)
        return found
    return [_one(parse.text, run.expected, run, parse, reference, source)]


def _expand_list(method: ast.FunctionDef) -> list[ast.expr] | None:
    for decorator in method.decorator_list:
        if (isinstance(decorator, ast.Call) and ast.unparse(decorator.func).endswith("expand")
                and decorator.args and isinstance(decorator.args[0], ast.List)):
            return list(decorator.args[0].elts)
    return None


def _bindings(method: ast.FunctionDef, case: ast.expr | None, evaluator: _Interpreter) -> dict[str, Any]:
    """The method's arguments bound by one ``param(...)`` (and the defaults it leaves)."""
    parameters = [a.arg for a in method.args.args][1:]
    defaults = method.args.defaults
    bound: dict[str, Any] = {}
    for name, default in zip(parameters[len(parameters) - len(defaults):], defaults, strict=True):
        bound[name] = evaluator.value(default)
    if case is None:
        return bound
    if not (isinstance(case, ast.Call) and ast.unparse(case.func) == "param"):
        raise _Drop("a case that is not a param(...)")
    for name, argument in zip(parameters, case.args, strict=False):
        bound[name] = evaluator.value(argument)
    for keyword in case.keywords:
        if keyword.arg is None:
            raise _Drop("an expression the reader does not evaluate")
        bound[keyword.arg] = evaluator.value(keyword.value)
    return bound


def _self_attributes(cls: ast.ClassDef) -> dict[str, Any]:
    """``self.X = literal`` assignments of the class's ``setUp`` (the freshness tests' ``self.now``)."""
    attributes: dict[str, Any] = {}
    evaluator = _Interpreter({}, {})
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and node.name == "setUp":
            for statement in node.body:
                if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                        and isinstance(statement.targets[0], ast.Attribute)
                        and ast.unparse(statement.targets[0].value) == "self"):
                    try:
                        attributes[statement.targets[0].attr] = evaluator.value(statement.value)
                    except _Drop:
                        continue
    return attributes


def _case_line(case: ast.expr | None, method: ast.FunctionDef) -> int:
    return case.lineno if case is not None else method.lineno


def read_dateparser(paths: Sequence[Path]) -> DateparserCorpus:
    """Every case of the given test files, read as a case or counted as dropped by reason."""
    corpus = DateparserCorpus()
    seen: set[tuple[str, datetime, datetime, str]] = set()
    for path in paths:
        source = path.read_text(encoding="utf-8")
        groups = _languages_by_line(source)
        tree = ast.parse(source)
        for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
            attributes = _self_attributes(cls)
            for method in cls.body:
                if not isinstance(method, ast.FunctionDef) or not method.name.startswith("test"):
                    continue
                listed = _expand_list(method)
                cases: list[ast.expr | None] = list(listed) if listed is not None else [None]
                start = method.decorator_list[0].lineno if method.decorator_list else method.lineno
                for case in cases:
                    line = _case_line(case, method)
                    where = f"{path.name}:{line}"
                    text_node = case.args[0] if isinstance(case, ast.Call) and case.args else None
                    shown = text_node.value if isinstance(text_node, ast.Constant) else ""
                    try:
                        if _group_language(groups, start, line) not in (None, "en"):
                            raise _Drop("another language (its group in the list)")
                        interpreter = _Interpreter({}, attributes)
                        interpreter.names = _bindings(method, case, interpreter)
                        interpreter.statements(method.body)
                        read = _cases_of_run(interpreter.run, attributes, where)
                    except _Drop as drop:
                        corpus.dropped[str(drop)] += 1
                        corpus.dropped_at.append((where, str(shown), str(drop)))
                        continue
                    except (ValueError, TypeError, OverflowError, KeyError, AttributeError) as error:
                        reason = f"an expression the reader does not evaluate ({type(error).__name__})"
                        corpus.dropped[reason] += 1
                        corpus.dropped_at.append((where, str(shown), reason))
                        continue
                    for one in read:
                        if isinstance(one, _Drop):
                            corpus.dropped[str(one)] += 1
                            corpus.dropped_at.append((where, str(shown), str(one)))
                            continue
                        key = (" ".join(one.text.lower().split()), one.reference, one.expected, one.grain)
                        if key in seen:
                            corpus.dropped["a repeat of a case already read"] += 1
                            continue
                        seen.add(key)
                        corpus.cases.append(one)
    return corpus
