"""The cases of natty's JUnit tests: the text, the reference and the expected day, moment or time of day.

natty (joestelmach/natty, MIT licence, Java) tests its parser in ``DateTest.java``,
``DateTimeTest.java``, ``TimeTest.java`` and ``TimeZoneTest.java`` with statements such as

    Date reference = DateFormat.getDateInstance(DateFormat.SHORT).parse("2/28/2011");
    validateDate(reference, "next monday", 3, 7, 2011);
    validateDateTime(reference, "tomorrow @ noon", 2, 25, 2011, 12, 0, 0);
    validateTime(reference, "8pm", 20, 0, 0);
    validateDate("3/4", 3, 4, Calendar.getInstance().get(Calendar.YEAR));

and, for inputs that give several dates, ``List<Date> dates = parseCollection(reference, TEXT)``
(or ``_parser.parse(TEXT, reference)``) followed by ``Assert.assertEquals(N, dates.size())`` and
``validateX(dates.get(i), ...)``. ``validateX(reference?, TEXT, ...)`` parses TEXT, asserts that it
gives exactly one date and checks the fields named: month, day and year for ``validateDate``; hour,
minute and second for ``validateTime``; all six for ``validateDateTime``. Months are 1-based there.

References: a ``DateFormat`` instance of the US short style (``Locale.US``), ``M/d/yy`` for a date
(midnight), ``M/d/yy h:mm a`` for a date and time, ``h:mm a`` for a time alone (on 1970-01-01), or a
``new GregorianCalendar(y, m0, d[, h, mi])``; all in the default zone the tests set, US/Eastern. A
test with no reference parses at the real clock: it is kept when its expected value is a number, or
``Calendar.getInstance().get(Calendar.FIELD)`` (then evaluated at ``CLOCK_REFERENCE``, the reference
of ``DateTest``'s relative tests, as the Java would at that time); the test passes whenever it runs,
so natty's value does not depend on the clock beyond what the expression says. Each case is given
US/Eastern's UTC offset at its reference, for reference and expected value alike (natty keeps the
local wall-clock time across a change of daylight-saving time, as a fixed offset does); a moment of
a text naming a zone, whose expected wall-clock time falls at another offset, is left out.

Grain: a ``validateDate`` case is a *day*: natty's date carries the reference's time of day, which
the test does not check, so only the day is natty's answer; a phrase naming no single day (a month,
a year, a week, a weekend: no ``DAY_CUE``, "next month" read by natty as the same day a month on) is
left out. A ``validateDateTime`` case (or a date and a time checked on the same value) is a
*moment*; a ``validateTime`` case a *time of day* (``time_only``). A moment or time of day named by
a part of day with no clock time ("this evening" 19:00, "afternoon" 12:00, "tonight" 20:00) is
natty's fixed hour for a span, not a moment said, and is left out, as is a moment of a phrase that
states no time at all.

Left out and counted by reason (``NattyCorpus.dropped``): inputs that give several dates (ranges,
lists, alternatives), recurrences, parsers with their own time zone, tests of other kinds (the
search, ICS holiday and season, recurrence, thread-safety and CPAN files, by class), texts that are
not literals, expected values that are neither numbers nor the clock's fields, references natty's
short format would read with a two-digit year, checks the reader cannot trace to one parse, and the
grain rules above.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from bench.js_calls import Token, closing, int_value, split_arguments, split_top_level, string_value, tokenize
from bench.time_phrase_kinds import DAY_CUE, STATES_TIME

__all__ = ["CLOCK_REFERENCE", "NATTY_ZONE", "NattyCase", "NattyCorpus", "read_natty"]

NATTY_ZONE = "America/New_York"  # the tests' TimeZone.setDefault("US/Eastern")
# For the tests that parse at the real clock: the reference of DateTest's relative tests.
CLOCK_REFERENCE = datetime(2011, 2, 28, 0, 0)
# Test classes whose checks are not one text's date: counted by reason, never read.
_OTHER_KINDS = {
    "SearchTest": "a search test (dates found in longer text, positions)",
    "IcsTest": "an ICS test (holidays and seasons from natty's calendar files)",
    "RecurrenceTest": "a recurrence test",
    "ThreadSafetyTest": "a thread-safety test",
    "CPANTest": "a CPAN test (lines of a data file, no expected value)",
}
_VALIDATES = {"validateDate": ("day", 3), "validateDateTime": ("moment", 6), "validateTime": ("time", 3)}
_CALENDAR_FIELDS = {"YEAR", "MONTH", "DAY_OF_MONTH", "DATE", "HOUR_OF_DAY", "MINUTE", "SECOND"}
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight)\b", re.IGNORECASE)
# A count of days, weeks, months, years or weekdays, in figures or words: one day from the reference,
# as DAY_CUE reads "in 3 months" ("four weeks ago", "six mondays ago", "4 mondays from now").
_COUNTED = re.compile(
    r"\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?:days?|weeks?|months?|years?|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b", re.IGNORECASE)
# A time zone or offset written in the text ("UTC", "GMT-1", "01:00:00-8", "...T07:00:00Z", "pacific").
_ZONE_NAMED = re.compile(
    r"\b(?:utc|gmt|eastern|central|mountain|pacific|alaska|hawaii)\b|:\d\d\s?[+-]\d|\d\dZ\b", re.IGNORECASE)
# A clock time beside a part of day: an hour (not an ordinal day, "the 28th"), noon or midnight.
_CLOCK_TIME = re.compile(r"\b\d{1,2}(?::\d\d)?\b|\b(?:noon|midday|midnight|mid-night)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class NattyCase:
    text: str
    reference: datetime  # US/Eastern's offset at the reference
    expected: datetime  # for a day, midnight of the day; for a time of day, on the reference's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line


@dataclass(slots=True)
class NattyCorpus:
    cases: list[NattyCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


def _written(tokens: Sequence[Token]) -> str:
    return "".join(f'"{t.text}"' if t.kind == "string" else t.text for t in tokens)


def _test_methods(tokens: Sequence[Token]) -> list[tuple[str, list[Token]]]:
    """(name, body tokens) of every method annotated ``@Test``."""
    methods: list[tuple[str, list[Token]]] = []
    for i in range(len(tokens) - 1):
        if tokens[i].text != "@" or tokens[i + 1].text != "Test":
            continue
        j = i + 2
        while j < len(tokens) and not (tokens[j].kind == "punct" and tokens[j].text in "({"):
            j += 1
        name = tokens[j - 1].text if j < len(tokens) else ""
        while j < len(tokens) and tokens[j].text != "{":  # past the parameters and any throws clause
            j = closing(tokens, j) + 1 if tokens[j].text == "(" else j + 1
        end = closing(tokens, j)
        methods.append((name, list(tokens[j + 1 : end])))
    return methods


def _statements(body: Sequence[Token]) -> list[list[Token]]:
    """The statements of a method body: split at ``;`` outside brackets (a block stays whole)."""
    return [s for s in split_top_level(body, ";") if s]


def _assignment(statement: Sequence[Token]) -> tuple[str, list[Token]] | None:
    """(name, value) of ``[Type] name = value`` (a single ``=`` at depth 0), else None."""
    depth = 0
    for i, token in enumerate(statement):
        if token.kind == "punct" and token.text in "([{<":
            depth += 1
        elif token.kind == "punct" and token.text in ")]}>":
            depth -= 1
        elif depth == 0 and token.text == "=" and token.kind == "punct" and i > 0:
            neighbours = {statement[i - 1].text, statement[i + 1].text if i + 1 < len(statement) else ""}
            if "=" in neighbours or statement[i - 1].text in "!<>":
                return None
            if statement[i - 1].kind != "name":
                return None
            return statement[i - 1].text, list(statement[i + 1 :])
    return None


_SHORT_DATE = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d+)\s*$")
_SHORT_DATE_TIME = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d+)\s+(\d{1,2}):(\d{2})\s*([ap]m)\s*$", re.IGNORECASE)
_SHORT_TIME = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([ap]m)\s*$", re.IGNORECASE)


def _hour24(hour: int, meridiem: str) -> int:
    return hour % 12 + (12 if meridiem.lower() == "pm" else 0)


def _short_format(style: str, text: str) -> datetime:
    """What ``DateFormat.getXInstance(SHORT[, SHORT]).parse(text)`` gives in Locale.US (naive local)."""
    match = {"getDateInstance": _SHORT_DATE, "getDateTimeInstance": _SHORT_DATE_TIME,
             "getTimeInstance": _SHORT_TIME}[style].match(text)
    if match is None:
        raise _Drop("reference not in the US short format")
    if style == "getTimeInstance":
        return datetime(1970, 1, 1, _hour24(int(match.group(1)), match.group(3)), int(match.group(2)))
    if len(match.group(3)) < 3:  # SimpleDateFormat puts a two-digit year near the day the test runs
        raise _Drop("reference with a two-digit year")
    y, m, d = int(match.group(3)), int(match.group(1)), int(match.group(2))
    if style == "getDateInstance":
        return datetime(y, m, d)
    return datetime(y, m, d, _hour24(int(match.group(4)), match.group(6)), int(match.group(5)))


def _reference_value(value: Sequence[Token]) -> datetime | None:
    """A reference written as a ``DateFormat`` parse or a ``GregorianCalendar`` (naive local), else None."""
    written = _written(value)
    for style in ("getDateInstance", "getDateTimeInstance", "getTimeInstance"):
        if written.startswith(f"DateFormat.{style}(") and ").parse(" in written:
            text = string_value(value[-2:-1])
            if text is None:
                raise _Drop("reference not a literal")
            return _short_format(style, text)
    if written.startswith("newGregorianCalendar(") and value[-1].text == ")":
        numbers = [int_value(p) for p in split_arguments(value[3:-1])]
        if len(numbers) < 3 or any(n is None for n in numbers):
            raise _Drop("reference not a literal")
        y, m0, d, h, mi, s = ([n for n in numbers if n is not None] + [0, 0, 0])[:6]
        return datetime(y, m0 + 1, d, h, mi, s)
    return None


def _eastern(local: datetime) -> datetime:
    """The local time with US/Eastern's UTC offset at that time, as a fixed offset."""
    offset = local.replace(tzinfo=ZoneInfo(NATTY_ZONE)).utcoffset() or timedelta(0)
    return local.replace(tzinfo=timezone(offset))


def _clock_field(name: str) -> int:
    value = {"YEAR": CLOCK_REFERENCE.year, "MONTH": CLOCK_REFERENCE.month - 1, "DAY_OF_MONTH": CLOCK_REFERENCE.day,
             "DATE": CLOCK_REFERENCE.day, "HOUR_OF_DAY": CLOCK_REFERENCE.hour, "MINUTE": CLOCK_REFERENCE.minute,
             "SECOND": CLOCK_REFERENCE.second}
    return value[name]


def _number(argument: Sequence[Token], on_clock: bool) -> int:
    """An expected field: integer arithmetic, with ``Calendar.getInstance().get(Calendar.FIELD)`` read at
    ``CLOCK_REFERENCE`` when the test parses at the clock."""
    tokens: list[Token] = []
    i = 0
    while i < len(argument):
        if _written(argument[i : i + 10]) == "Calendar.getInstance().get(Calendar.":
            name = argument[i + 10].text if i + 11 < len(argument) else ""
            if name not in _CALENDAR_FIELDS or argument[i + 11].text != ")":
                raise _Drop("expected value not a number")
            if not on_clock:
                raise _Drop("expected value read from the clock, parsed at a fixed reference")
            tokens.append(Token("number", str(_clock_field(name)), line=argument[i].line))
            i += 12
            continue
        tokens.append(argument[i])
        i += 1
    value = int_value(tokens)
    if value is None:
        raise _Drop("expected value not a number")
    return value


@dataclass(slots=True)
class _Parse:
    """One parse of one text, and what the test checks of its dates."""

    text: str | None  # None: not a literal
    reference: datetime | None  # naive local; None: the clock
    line: int
    source: str
    other_parser: bool = False
    groups: int | None = None  # asserted number of date groups
    dates: int | None = None  # asserted number of dates in the first group
    single: bool = False  # parseSingleDate: exactly one date asserted
    recurring: bool = False
    drop: str = ""  # a reason found while reading a check
    checks: dict[int, dict[str, int]] = field(default_factory=dict)  # date index -> checked fields


_FIELDS = {"day": ("month", "day", "year"), "moment": ("month", "day", "year", "hour", "minute", "second"),
           "time": ("hour", "minute", "second")}


def _check(parse: _Parse, index: int, kind: str, arguments: Sequence[Sequence[Token]]) -> None:
    try:
        numbers = [_number(a, parse.reference is None) for a in arguments]
    except _Drop as drop:
        parse.drop = parse.drop or str(drop)
        return
    checked = parse.checks.setdefault(index, {})
    for name, number in zip(_FIELDS[kind], numbers, strict=True):
        if checked.get(name, number) != number:
            parse.drop = parse.drop or "checks that disagree"
        checked[name] = number


def _case(parse: _Parse) -> NattyCase:
    if parse.drop:
        raise _Drop(parse.drop)
    if parse.text is None:
        raise _Drop("text not a literal")
    if parse.other_parser:
        raise _Drop("a parser with its own time zone")
    if parse.recurring:
        raise _Drop("a recurrence")
    several = (parse.dates or 0) > 1 or (parse.groups or 0) > 1 or len(parse.checks) > 1
    if several:
        words = set(parse.text.lower().split())
        raise _Drop("several dates: " + ("alternatives (or)" if "or" in words else "a list (and)" if "and" in words
                                         else "a range (to, through, for N)"))
    if not parse.single and parse.dates != 1:
        raise _Drop("number of dates not checked")
    if not parse.checks:
        raise _Drop("no date checked")
    checked = parse.checks[min(parse.checks)]
    if min(parse.checks) != 0:
        raise _Drop("checks of a date other than the first")
    text = parse.text.strip()
    reference = _eastern(parse.reference or CLOCK_REFERENCE)
    offset = reference.tzinfo
    has_date, has_time = "day" in checked, "hour" in checked
    if has_date and not has_time:
        if DAY_CUE.search(text) is None and _COUNTED.search(text) is None:
            raise _Drop("not one day (a month, year, week or weekend)")
        expected = datetime(checked["year"], checked["month"], checked["day"], tzinfo=offset)
        return NattyCase(text, reference, expected, "day", parse.source)
    if _PART_OF_DAY.search(text) and not _CLOCK_TIME.search(text):
        raise _Drop("a part of day with no clock time (natty's fixed hour for a span)")
    time_of_day = (checked["hour"], checked["minute"], checked["second"])
    if not has_date:
        expected = datetime(reference.year, reference.month, reference.day, *time_of_day, tzinfo=offset)
        return NattyCase(text, reference, expected, "time", parse.source)
    if STATES_TIME.search(text) is None and time_of_day == (reference.hour, reference.minute, reference.second):
        raise _Drop("a date and time checked where natty carries the reference's time (no time said)")
    local = datetime(checked["year"], checked["month"], checked["day"], *time_of_day)
    if _ZONE_NAMED.search(text) and _eastern(local).utcoffset() != reference.utcoffset():
        # natty's value is the instant's US/Eastern wall-clock time on that day: another offset than the reference's
        raise _Drop("a zone named across a change of daylight-saving time")
    return NattyCase(text, reference, local.replace(tzinfo=offset), "moment", parse.source)


_STEP = re.compile(r"\.(get|getDates)\((\d*)\)")


def _follow(kind: str, index: int, written: str) -> tuple[str, int]:
    """What ``.get(0)``, ``.getDates()``, ``.get(i)`` written after a value of ``kind`` give: a kind
    (groups, group, dates, date; "?" for anything else) and, for a date, its index among the dates."""
    steps = _STEP.findall(written)
    if "".join(f".{method}({number})" for method, number in steps) != written:
        return "?", 0
    for method, number in steps:
        if kind == "groups" and method == "get" and number == "0":
            kind = "group"
        elif kind == "group" and method == "getDates" and not number:
            kind = "dates"
        elif kind == "dates" and method == "get" and number:
            kind, index = "date", int(number)
        else:
            return "?", 0
    return kind, index


# A name bound to a parse's result: (the parse, what the name holds, the date's index when a date).
_Bound = tuple["_Parse", str, int]


def _date_target(argument: Sequence[Token], names: dict[str, _Bound]) -> tuple[_Parse, int] | None:
    """The parse and date index a ``Date`` expression names: ``dates.get(i)``,
    ``group.getDates().get(i)``, ``groups.get(0).getDates().get(i)``, or a name bound to one."""
    if not argument or argument[0].kind != "name" or argument[0].text not in names:
        return None
    parse, kind, index = names[argument[0].text]
    kind, index = _follow(kind, index, _written(argument[1:]))
    return (parse, index) if kind == "date" else None


def _parse_value(value: Sequence[Token], refs: dict[str, datetime | str], parsers: dict[str, bool],
                 names: dict[str, _Bound], source: str) -> _Bound | None:
    """A ``parseCollection``/``X.parse`` call (with any ``.get(0)``, ``.getDates()`` after it), or an
    alias of one already bound, as what the value holds (see ``_Bound``)."""
    if not value or value[0].kind != "name":
        return None
    head = value[0].text
    if head in names:  # groups.get(0), group.getDates() ...
        parse, kind, index = names[head]
        return (parse, *_follow(kind, index, _written(value[1:])))
    if head == "parseCollection" and len(value) > 2 and value[1].text == "(":
        close = closing(value, 1)
        arguments = split_arguments(value[2:close])
        kind = "dates"
        text_at, reference_at = 1, 0
    elif len(value) > 3 and value[1].text == "." and value[2].text == "parse" and head in parsers:
        close = closing(value, 3)
        arguments = split_arguments(value[4:close])
        kind = "groups"
        text_at, reference_at = 0, 1
    else:
        return None
    line = value[0].line
    if len(arguments) != 2:
        return _Parse(None, None, line, source, drop="a parse of another form"), kind, 0
    reference_written = _written(arguments[reference_at])
    reference_name = reference_written.removesuffix(".getTime()")
    if reference_written == "newDate()":
        reference: datetime | None = None
    else:
        known = refs.get(reference_name, "reference not a plain date")
        if isinstance(known, str):
            return _Parse(None, None, line, source, drop=known), kind, 0
        reference = known
    parse = _Parse(string_value(arguments[text_at]), reference, line, source,
                   other_parser=head != "parseCollection" and parsers[head])
    return (parse, *_follow(kind, 0, _written(value[close + 1 :])))


def _read_method(body: Sequence[Token], source_name: str, corpus: NattyCorpus) -> None:
    refs: dict[str, datetime | str] = {}  # name -> a reference, or why it cannot be read
    parsers = {"_parser": False}  # name -> has options of its own (another time zone)
    names: dict[str, _Bound] = {}
    parses: list[_Parse] = []
    for statement in _statements(body):
        source = f"{source_name}:{statement[0].line}"
        if any(t.kind == "punct" and t.text == "{" for t in statement):  # a loop or a branch: not followed
            corpus.dropped["inside a loop or branch"] += sum(1 for t in statement if t.text in _VALIDATES)
            continue
        bound = _assignment(statement)
        if bound is not None:
            name, value = bound
            try:
                reference = _reference_value(value)
            except _Drop as drop:
                refs[name] = str(drop)
                continue
            if reference is not None:
                refs[name] = reference
                continue
            if _written(value).startswith("newParser("):
                parsers[name] = _written(value) != "newParser()"
                continue
            found = _parse_value(value, refs, parsers, names, source)
            if found is not None:
                if found[0] not in parses:
                    parses.append(found[0])
                names[name] = found
            continue
        written = _written(statement)
        head = statement[0].text
        if head in _VALIDATES and len(statement) > 2 and statement[1].text == "(":
            kind, count = _VALIDATES[head]
            arguments = split_arguments(statement[2:closing(statement, 1)])
            if len(arguments) == count + 2 or (len(arguments) == count + 1 and string_value(arguments[0]) is not None):
                with_reference = len(arguments) == count + 2
                reference_written = _written(arguments[0]) if with_reference else "newDate()"
                text = string_value(arguments[1 if with_reference else 0])
                parse = _Parse(text, None, statement[0].line, source, single=True)
                if reference_written != "newDate()":
                    known = refs.get(reference_written, "reference not a plain date")
                    if isinstance(known, str):
                        parse.drop = known
                    else:
                        parse.reference = known
                parses.append(parse)
                _check(parse, 0, kind, arguments[-count:])
                continue
            if len(arguments) == count + 1:
                target = _date_target(arguments[0], names)
                if target is None:
                    corpus.dropped["a check the reader cannot trace to one parse"] += 1
                    continue
                _check(target[0], target[1], kind, arguments[1:])
            continue
        size = re.fullmatch(r"Assert\.assertEquals\((\d+),(\w+)((?:\.get\(0\))?)((?:\.getDates\(\))?)\.size\(\)\)",
                            written)
        if size and size.group(2) in names:
            parse, kind, _index = names[size.group(2)]
            kind, _index = _follow(kind, 0, size.group(3) + size.group(4))
            if kind == "groups":
                parse.groups = int(size.group(1))
            elif kind == "dates":
                parse.dates = int(size.group(1))
            continue
        recurring = re.fullmatch(r"Assert\.assertTrue\((\w+)\.isRecurring\(\)\)", written)
        if recurring and recurring.group(1) in names:
            names[recurring.group(1)][0].recurring = True
    for parse in parses:
        try:
            corpus.cases.append(_case(parse))
        except _Drop as drop:
            corpus.dropped[str(drop)] += 1
            corpus.dropped_at.append((parse.source, parse.text or "", str(drop)))


def _texts_parsed(tokens: Sequence[Token]) -> int:
    """How many literal texts are parsed: ``validateX(..., "TEXT", ...)``, ``parseCollection(ref, "TEXT")``,
    ``parser.parse("TEXT", ...)`` (not ``DateFormat...parse``, which reads a reference)."""
    count = 0
    for i, token in enumerate(tokens[:-1]):
        if token.kind != "name" or tokens[i + 1].text != "(":
            continue
        on_parser = token.text == "parse" and i > 1 and tokens[i - 1].text == "." and tokens[i - 2].kind == "name"
        if token.text in _VALIDATES or token.text == "parseCollection" or on_parser:
            arguments = split_arguments(tokens[i + 2 : closing(tokens, i + 1)])
            count += any(string_value(a) is not None for a in arguments[:2])
    return count


def read_natty(paths: Sequence[Path]) -> NattyCorpus:
    """Every parse of the given test files, read as a case or counted as dropped by reason."""
    corpus = NattyCorpus()
    for path in paths:
        tokens = tokenize(path.read_text(encoding="utf-8"))
        class_name = next((tokens[i + 1].text for i, t in enumerate(tokens[:-1])
                           if t.kind == "name" and t.text == "class"), "")
        if class_name in _OTHER_KINDS:
            corpus.dropped[_OTHER_KINDS[class_name]] += max(1, _texts_parsed(tokens))
            continue
        for _name, body in _test_methods(tokens):
            _read_method(body, path.name, corpus)
    return corpus
