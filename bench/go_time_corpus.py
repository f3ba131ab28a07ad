"""The cases of two Go time parsers' English tests: the phrase, its sentence, the reference and the expected value.

Two small Go projects test their parsers with literal fixtures:

- olebedev/when (Apache-2.0 licence), ``rules/en/*_test.go`` and ``rules/common/*_test.go``, read at
  commit 987a8eed. Each list of ``Fixture{Text, Index, Phrase, Diff}`` is checked by
  ``ApplyFixtures(t, name, w, LIST)``: the parser finds ``Phrase`` at byte ``Index`` of ``Text`` and
  its value minus the package's fixed reference (``var null = time.Date(...)``, one per package:
  2016-01-06 for ``en``, 2016-07-15 for ``common``) is ``Diff``, a Go duration expression such as
  ``-(2 * 24 * time.Hour)`` or ``(284 - OFFSET) * 24 * time.Hour`` (read by ``go_duration``, a small
  evaluator of integer arithmetic over ``time.Hour``-style units and the package's constants).
  Lists checked by ``ApplyFixturesNil`` or ``ApplyFixturesErr`` find no date: negatives.
  Each test gives the parser only the rules it tests, so a phrase may be part of a longer time
  expression of its sentence ("tomorrow" of "tomorrow evening").
- tj/go-naturaldate (MIT licence), ``naturaldate_test.go``, read at commit 32a1a6c1. Lists of
  ``{Input, Output}`` are checked in ``for _, c := range LIST { v, err := Parse(c.Input, base, ...) }``
  against ``var base = time.Unix(1574687238, 0).UTC()`` (2019-11-25T13:07:18Z, a Monday); ``Output``
  is the value printed as ``2019-11-25 13:07:18 +0000 UTC``, or the parse error expected (a negative).
  A list parsed ``WithDirection(Future)`` reads an expression without a cue toward the future, any
  other toward the past (naturaldate's default). The whole input is the expression (naturaldate
  ignores other words): when it opens with a request ("Remind me in 1 hour"), the phrase is the input
  from its first time word on, and the input is kept as its sentence.

Pass all the test files of a package together: the reference and the fixture type are declared in
one of them (``en_test.go``, ``common_test.go``).

Grain and what is left out, from the corpora's rules (not from any parser's outcome here):

- A phrase that states a time (``STATES_TIME``: a clock time, a count of hours, minutes or seconds,
  "now", noon), or whose value's time of day is neither midnight nor the reference's own (which
  naturaldate carries into "1 day from now"), is a *moment*, except a clock time alone whose value on
  the reference's day is not after the reference ("10am" said at 13:07): its day depends on which
  way one reads it (naturaldate keeps the reference's day, the next occurrence is tomorrow), so only
  its time of day is certain: a *time of day* (``grain == "time"``, kept with ``--times``). When the
  reference's day at that time is after the reference, both readings agree and it stays a moment.
- Otherwise it is a *day* (the value's date) when it names one (``DAY_CUE``: a day word, a weekday, a
  month and day, a count of days, weeks, months or years); a month, a year or a week alone is not one
  day and is left out.
- Left out because the value depends on a direction the words do not give (naturaldate's option, or
  a choice the test makes for itself): a count with no ago, from now or in ("1 day"); a weekday with
  no next, last, past, this or previous ("sunday"); a month and day with no year and no cue whose
  value is not the reference year's date on or after the reference (when's "jan. 4" is its past
  date this year, its "28/2" next year's; naturaldate's "december 1st" is last year's).
- Left out as not one point: a span (within N, the next or last N units, "last month"): the test
  gives one end of it; a part of day with no clock time ("this morning", "Friday afternoon": a fixed
  hour for a span); a vague count ("a few months ago"); a bare number ("17"); a numeric date whose day
  and month are both 12 or less (when reads day first; the order is a locale's, not the words').
- Also counted: a phrase not at its index, a repeat of a case already read (the same words after
  spaces are made one, the same reference and value: naturaldate repeats "now" in both lists and
  tests extra spaces), values the reader cannot evaluate, fixtures of another shape, lists no check
  applies to. Negatives that name a day (when's "1/20/2016", no date only for the day-first rule
  under test) are not negatives of the language and are counted apart.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.js_calls import Token, closing, split_arguments, split_top_level, string_value, tokenize
from bench.time_phrase_kinds import COUNTS_TIME, DAY_CUE, STATES_TIME

__all__ = ["GoCase", "GoCorpus", "GoNegative", "go_duration", "read_go"]

# naturaldate.go: "By default the Past direction is used".
DEFAULT_DIRECTION = "past"
_UNITS_NS = {"Nanosecond": 1, "Microsecond": 1_000, "Millisecond": 1_000_000, "Second": 1_000_000_000,
             "Minute": 60_000_000_000, "Hour": 3_600_000_000_000}
_MONTHS = ("January February March April May June July August September October November December").split()


@dataclass(frozen=True, slots=True)
class GoCase:
    text: str  # the phrase
    context: str  # the whole input when the phrase is part of it, else ""
    reference: datetime
    expected: datetime  # for a day, midnight of the day; for a time of day, on the value's day
    grain: str  # "day", "moment" or "time"
    source: str  # file name and line
    alone_in_context: bool = False  # the context holds no other time expression


@dataclass(frozen=True, slots=True)
class GoNegative:
    text: str  # an input the parser finds no date in (or fails on)
    reference: datetime
    source: str


@dataclass(slots=True)
class GoCorpus:
    cases: list[GoCase] = field(default_factory=list)
    negatives: list[GoNegative] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    dropped_at: list[tuple[str, str, str]] = field(default_factory=list)  # (file:line, text, reason)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


# --- Go values -------------------------------------------------------------------------------------

class _Arithmetic:
    """Integer arithmetic over Go tokens: + - * / % and parentheses, integer literals, ``time.Unit``
    names (in nanoseconds), ``time.Duration(x)`` and the integer constants given. Go's ``/`` and ``%``
    truncate toward zero. Anything else raises ``_Drop``."""

    def __init__(self, tokens: Sequence[Token], constants: dict[str, int]) -> None:
        self.tokens, self.constants, self.at = list(tokens), constants, 0

    def _peek(self) -> str | None:
        return self.tokens[self.at].text if self.at < len(self.tokens) else None

    def _take(self) -> Token:
        if self.at >= len(self.tokens):
            raise _Drop("a value the reader cannot evaluate")
        self.at += 1
        return self.tokens[self.at - 1]

    def value(self) -> int:
        result = self._sum()
        if self.at != len(self.tokens):
            raise _Drop("a value the reader cannot evaluate")
        return result

    def _sum(self) -> int:
        result = self._product()
        while self._peek() in ("+", "-"):
            sign = self._take().text
            right = self._product()
            result = result + right if sign == "+" else result - right
        return result

    def _product(self) -> int:
        result = self._unary()
        while self._peek() in ("*", "/", "%"):
            op = self._take().text
            right = self._unary()
            if op == "*":
                result *= right
                continue
            if right == 0:
                raise _Drop("a value the reader cannot evaluate")
            quotient = abs(result) // abs(right) * (1 if (result >= 0) == (right > 0) else -1)
            result = quotient if op == "/" else result - quotient * right
        return result

    def _unary(self) -> int:
        if self._peek() in ("-", "+"):
            sign = self._take().text
            operand = self._unary()
            return -operand if sign == "-" else operand
        return self._primary()

    def _primary(self) -> int:
        token = self._take()
        if token.kind == "number" and token.text.isdigit():
            return int(token.text)
        if token.kind == "punct" and token.text == "(":
            inner = self._sum()
            if self._take().text != ")":
                raise _Drop("a value the reader cannot evaluate")
            return inner
        if token.kind == "name" and token.text == "time" and self._peek() == ".":
            self._take()
            unit = self._take().text
            if unit in _UNITS_NS:
                return _UNITS_NS[unit]
            if unit == "Duration" and self._peek() == "(":
                self._take()
                inner = self._sum()
                if self._take().text != ")":
                    raise _Drop("a value the reader cannot evaluate")
                return inner
        if token.kind == "name" and token.text in self.constants:
            return self.constants[token.text]
        raise _Drop("a value the reader cannot evaluate")


def go_duration(tokens: Sequence[Token], constants: dict[str, int] | None = None) -> int:
    """The nanoseconds of a Go duration (or integer) expression; ``_Drop`` when it is anything else."""
    return _Arithmetic(tokens, constants or {}).value()


def _go_time(tokens: Sequence[Token], constants: dict[str, int]) -> datetime:
    """``time.Date(y, m, d, h, mi, s, ns, time.UTC)`` or ``time.Unix(sec, ns)[.UTC()]``, in UTC."""
    written = "".join(t.text for t in tokens[:4])
    if written == "time.Date(" and tokens[-1].text == ")":
        parts = split_arguments(tokens[4:-1])
        if len(parts) != 8 or "".join(t.text for t in parts[7]) != "time.UTC":
            raise _Drop("a reference the reader cannot read")
        month_written = "".join(t.text for t in parts[1])
        if month_written.startswith("time.") and month_written[5:] in _MONTHS:
            month = _MONTHS.index(month_written[5:]) + 1
        else:
            month = go_duration(parts[1], constants)
        y, d, h, mi, s, ns = (go_duration(parts[i], constants) for i in (0, 2, 3, 4, 5, 6))
        return datetime(y, month, d, h, mi, s, ns // 1000, tzinfo=timezone.utc)
    if written == "time.Unix(":
        end = next((i for i in range(len(tokens)) if tokens[i].text == ")"), len(tokens))
        tail = "".join(t.text for t in tokens[end + 1 :])
        parts = split_arguments(tokens[4:end])
        if len(parts) != 2 or tail not in ("", ".UTC()"):
            raise _Drop("a reference the reader cannot read")
        seconds, nanos = go_duration(parts[0], constants), go_duration(parts[1], constants)
        return datetime.fromtimestamp(seconds, timezone.utc) + timedelta(microseconds=nanos // 1000)
    raise _Drop("a reference the reader cannot read")


_PRINTED = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) ([+-]\d{4}) [A-Z]+$")


def _printed_time(text: str) -> datetime | None:
    """A ``time.Time`` as Go's ``String()`` prints it (``2019-11-25 13:07:18 +0000 UTC``), else None."""
    match = _PRINTED.match(text.strip())
    if match is None:
        return None
    return datetime.strptime(f"{match.group(1)} {match.group(2)}", "%Y-%m-%d %H:%M:%S %z")


# --- Go structure ----------------------------------------------------------------------------------

_CONTINUES = frozenset({"+", "-", "*", "/", "%", ",", ".", "=", "&", "|", "(", "[", "{"})


def _new_line_ends(previous: Token, token: Token) -> bool:
    """Go's semicolon insertion: a new line ends a statement unless the line ends with an operator
    or a comma."""
    return token.line > previous.line and not (previous.kind == "punct" and previous.text in _CONTINUES)


def _statements(tokens: Sequence[Token]) -> list[list[Token]]:
    """Go statements: split at ``;`` or at a new line that ends one, at bracket depth 0."""
    return [s for s in split_top_level(tokens, ";", _new_line_ends) if s]


def _struct_fields(tokens: Sequence[Token]) -> list[str]:
    """The field names of a ``struct { ... }`` body, in order (``A, B string`` gives two)."""
    names: list[str] = []
    for line in _statements(tokens):
        parts = split_arguments(line)
        for part in parts[:-1]:
            names.append(part[0].text)
        if parts and parts[-1]:
            names.append(parts[-1][0].text)
    return names


@dataclass(slots=True)
class _Package:
    constants: dict[str, int] = field(default_factory=dict)
    times: dict[str, datetime] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)  # name -> why its value cannot be read
    types: dict[str, list[str]] = field(default_factory=dict)  # struct type name -> field names
    helpers: dict[str, str] = field(default_factory=dict)  # ApplyFixtures* -> the reference it parses at


@dataclass(slots=True)
class _List:
    fields: list[str]
    elements: list[list[Token]]  # each element's tokens inside its braces
    line: int
    checked: bool = False  # a check has read it (a list checked again with other rules is read once)


def _composite(value: Sequence[Token], types: dict[str, list[str]]) -> _List | None:
    """``[]T{ {..}, .. }`` or ``[]struct{..}{ {..}, .. }``: the fields and the elements, else None."""
    if len(value) < 4 or value[0].text != "[" or value[1].text != "]":
        return None
    if value[2].text == "struct" and value[3].text == "{":
        type_end = closing(value, 3)
        fields = _struct_fields(value[4:type_end])
        start = type_end + 1
    elif value[2].kind == "name" and value[3].text == "{":
        fields = types.get(value[2].text, [])
        start = 3
    else:
        return None
    if start >= len(value) or value[start].text != "{":
        return None
    end = closing(value, start)
    elements = []
    for part in split_arguments(value[start + 1 : end]):
        if part and part[0].text == "{" and part[-1].text == "}":
            elements.append(part[1:-1])
    return _List(fields, elements, value[0].line)


def _functions(tokens: Sequence[Token]) -> list[tuple[str, list[Token]]]:
    """(name, body) of every top-level ``func``; the rest of the file's tokens under the name ""."""
    found: list[tuple[str, list[Token]]] = []
    rest: list[Token] = []
    i = 0
    while i < len(tokens):
        if tokens[i].kind == "name" and tokens[i].text == "func":
            j = i + 1
            if j < len(tokens) and tokens[j].text == "(":  # a method's receiver
                j = closing(tokens, j) + 1
            name = tokens[j].text if j < len(tokens) else ""
            j += 1
            if j < len(tokens) and tokens[j].text == "(":
                j = closing(tokens, j) + 1
            while j < len(tokens) and tokens[j].text != "{":
                j = closing(tokens, j) + 1 if tokens[j].text == "(" else j + 1
            end = closing(tokens, j)
            found.append((name, list(tokens[j + 1 : end])))
            i = end + 1
            continue
        rest.append(tokens[i])
        i += 1
    return [("", rest), *found]


def _declarations(statement: Sequence[Token]) -> list[tuple[str, list[Token]]]:
    """(name, value) of ``var|const NAME [T] = VALUE``, of each line of ``var|const ( ... )`` and of
    ``NAME := VALUE``."""
    if len(statement) >= 3 and statement[0].kind == "name" and statement[1].text == ":" and statement[2].text == "=":
        return [(statement[0].text, list(statement[3:]))]
    if not statement or statement[0].text not in ("var", "const"):
        return []
    if len(statement) > 1 and statement[1].text == "(":
        inner = statement[2 : closing(statement, 1)]
        return [d for line in _statements(inner) for d in _declarations([statement[0], *line])]
    for i in range(2, len(statement)):
        if statement[i].text == "=" and statement[1].kind == "name":
            return [(statement[1].text, list(statement[i + 1 :]))]
    return []


def _read_package(files: Sequence[list[tuple[str, list[Token]]]]) -> _Package:
    package = _Package()
    for functions in files:
        top = functions[0][1]
        for statement in _statements(top):
            if statement[0].text == "type" and len(statement) > 3 and statement[2].text == "struct":
                package.types[statement[1].text] = _struct_fields(statement[4 : closing(statement, 3)])
                continue
            for name, value in _declarations(statement):
                try:
                    package.constants[name] = go_duration(value)
                    continue
                except _Drop:
                    pass
                try:
                    package.times[name] = _go_time(value, package.constants)
                except _Drop as drop:
                    package.unreadable[name] = str(drop)
        for name, body in functions[1:]:
            if name.startswith("ApplyFixtures"):
                written = "".join(t.text for t in body)
                match = re.search(r"\.Parse\(f\.Text,(\w+)\)", written)
                if match:
                    package.helpers[name] = match.group(1)
    return package


# --- phrases and grain -----------------------------------------------------------------------------

_NUMBER_WORD = (r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
                r"thirty|half an?|half)")
_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)"
_COUNT = re.compile(rf"\b{_NUMBER_WORD}\s+{_UNIT}\b", re.IGNORECASE)
_COUNT_DIRECTED = re.compile(
    rf"\b(?:in|within|next|last|past|previous)\s+(?:the\s+)?(?:{_NUMBER_WORD}\s+)?{_UNIT}\b|"
    rf"\b{_NUMBER_WORD}\s+{_UNIT}\s+(?:ago|from now|hence|later|before|after|earlier)\b", re.IGNORECASE)
_VAGUE = re.compile(r"\b(?:a few|few|several|couple of|some)\s+" + _UNIT, re.IGNORECASE)
_SPAN = re.compile(
    rf"^(?:within\b.*|(?:in\s+the\s+)?(?:next|last|past|previous)\s+(?:{_NUMBER_WORD}\s+)?"
    r"(?:seconds?|minutes?|mins?|hours?|weeks?|months?|years?))$", re.IGNORECASE)
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight)\b", re.IGNORECASE)
_CLOCK = re.compile(r"\d\s*(?:[ap]\.?m?\.?)(?![a-z])|\b\d{1,2}[:.-]\d\d\b|\b(?:noon|midday|midnight)\b", re.IGNORECASE)
_WEEKDAY = re.compile(r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b|\b(?:tuesday|wednesday|"
                      r"thursday|saturday)\b", re.IGNORECASE)
_DIRECTION_WORD = re.compile(r"\b(?:next|last|past|previous|this|coming|ago|from now)\b", re.IGNORECASE)
_MONTH_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY_OF_MONTH = r"(?:\d{1,2}(?:st|nd|rd|th)?|first|second|third|[a-z]+teenth|twentieth|thirtieth|[a-z]+(?:st|nd|rd|th))"
_MONTH_DAY = re.compile(
    rf"\b{_MONTH_NAME}\s+(?:the\s+)?{_DAY_OF_MONTH}\b|\b{_DAY_OF_MONTH}\s+(?:of\s+)?{_MONTH_NAME}(?!\w)|"
    r"(?<![\d/])\d{1,2}/\d{1,2}(?![\d/])", re.IGNORECASE)
_YEAR = re.compile(r"\b\d{4}\b|\d/\d{1,2}/\d{2,4}\b")
_NUMERIC_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/\d{2,4})?(?![\d/])")
_DAY_WORD = re.compile(r"\b(?:today|tomorrow|yesterday|tonight)\b", re.IGNORECASE)
# The first word of a time expression, where a request ends ("Remind me | in 1 hour").
_TIME_START = re.compile(
    rf"^(?:in|on|at|within|next|last|past|previous|this|today|tomorrow|yesterday|tonight|now|right|"
    rf"{_NUMBER_WORD}|\d\S*|{_MONTH_NAME}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$", re.IGNORECASE)


def _one_spaced(text: str) -> str:
    return " ".join(text.split())


def _cut_request(text: str) -> tuple[str, str]:
    """(phrase, sentence): the input from its first time word on, and the input when a request comes first."""
    words = list(re.finditer(r"\S+", text))
    for match in words:
        if _TIME_START.match(match.group().strip(".,;:!?")):
            if match.start() == words[0].start():
                return _one_spaced(text), ""
            return _one_spaced(text[match.start() :]), _one_spaced(text)
    return _one_spaced(text), ""


def _grain(text: str, value: datetime, reference: datetime) -> tuple[str, datetime]:
    """The grain of a phrase and its expected value (see the module docstring), or ``_Drop``."""
    if _VAGUE.search(text):
        raise _Drop("a vague count (a few)")
    if _SPAN.match(text):
        raise _Drop("a span (within N, the next or last N units): the test gives one end")
    if _PART_OF_DAY.search(text) and not _CLOCK.search(text):
        raise _Drop("a part of day with no clock time (a fixed hour for a span)")
    if re.fullmatch(r"\d+", text):
        raise _Drop("a bare number")
    if _COUNT.search(text) and not _COUNT_DIRECTED.search(text):
        raise _Drop("a count with no ago, from now or in (its sense is a direction option's)")
    if _WEEKDAY.search(text) and not _DIRECTION_WORD.search(text):
        raise _Drop("a weekday with no cue (its day depends on a direction)")
    if _MONTH_DAY.search(text) and not _YEAR.search(text) and not _DIRECTION_WORD.search(text):
        if value.year != reference.year or value.date() < reference.date():
            raise _Drop("a month and day with no year whose value is not its next date this year")
    numeric = _NUMERIC_DATE.search(text)
    if numeric and int(numeric.group(1)) <= 12 and int(numeric.group(2)) <= 12 and numeric.group(1) != numeric.group(2):
        raise _Drop("a numeric date whose day and month could be either (a locale's order)")
    carried = value.time() in (datetime.min.time(), reference.time())
    if STATES_TIME.search(text) or _CLOCK.search(text) or not carried:
        named_day = DAY_CUE.search(text) or _DAY_WORD.search(text) or COUNTS_TIME.search(text)
        if not named_day and value.date() == reference.date() and value <= reference:
            return "time", value
        return "moment", value
    if DAY_CUE.search(text) is None and _COUNT.search(text) is None:
        raise _Drop("not one day (a month, a year or a week)")
    return "day", datetime(value.year, value.month, value.day, tzinfo=value.tzinfo)


def _alone(context: str, start: int, phrase: str) -> bool:
    """Whether the sentence, less the phrase, holds no other word of time."""
    rest = context[:start] + " " + context[start + len(phrase) :]
    return not (STATES_TIME.search(rest) or DAY_CUE.search(rest) or _PART_OF_DAY.search(rest)
                or re.search(rf"\b{_MONTH_NAME}(?!\w)", rest, re.IGNORECASE))


# --- reading ---------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Reader:
    corpus: GoCorpus
    seen: dict[tuple[str, str, datetime], datetime] = field(default_factory=dict)  # -> expected
    conflicts: set[tuple[str, str, datetime]] = field(default_factory=set)

    def drop(self, source: str, text: str, reason: str) -> None:
        self.corpus.dropped[reason] += 1
        self.corpus.dropped_at.append((source, text, reason))

    def keep(self, case: GoCase) -> None:
        key = (case.text.lower(), case.context.lower(), case.reference)
        if key in self.seen:
            if self.seen[key] == case.expected:
                self.drop(case.source, case.text, "a repeat of a case already read")
                return
            self.conflicts.add(key)
            self.drop(case.source, case.text, "the direction lists disagree")
            return
        self.seen[key] = case.expected
        self.corpus.cases.append(case)

    def fixture(self, element: list[Token], fields: list[str], package: _Package, reference: datetime,
                source: str) -> None:
        values = _fields(element, fields)
        text, phrase = string_value(values.get("Text", [])), string_value(values.get("Phrase", []))
        if text is None or phrase is None:
            self.drop(source, text or "", "text not a literal")
            return
        try:
            index = go_duration(values.get("Index", []), package.constants)
            nanos = go_duration(values.get("Diff", []), package.constants)
        except _Drop as drop:
            self.drop(source, phrase, str(drop))
            return
        if text[index : index + len(phrase)] != phrase:
            self.drop(source, phrase, "the phrase not at its index")
            return
        if nanos % 1000:
            self.drop(source, phrase, "a value finer than a microsecond")
            return
        value = reference + timedelta(microseconds=nanos // 1000)
        try:
            grain, expected = _grain(phrase, value, reference)
        except _Drop as drop:
            self.drop(source, phrase, str(drop))
            return
        context = text.strip() if text.strip() != phrase.strip() else ""
        self.keep(GoCase(_one_spaced(phrase), _one_spaced(context), reference, expected, grain, source,
                         alone_in_context=bool(context) and _alone(text, index, phrase)))

    def negative(self, text: str, reference: datetime, source: str) -> None:
        if DAY_CUE.search(text):
            self.drop(source, text, "a negative only of the rule tested (it names a day)")
            return
        self.corpus.negatives.append(GoNegative(_one_spaced(text), reference, source))

    def case(self, text: str, output: str, reference: datetime, direction: str, source: str) -> None:
        value = _printed_time(output)
        if value is None:  # the parse error the test expects
            self.negative(text, reference, source)
            return
        phrase, sentence = _cut_request(text)
        try:
            grain, expected = _grain(phrase, value, reference)
        except _Drop as drop:
            self.drop(source, phrase, f"{drop} [{direction}]" if "direction" in str(drop) else str(drop))
            return
        self.keep(GoCase(phrase, sentence, reference, expected, grain, source, alone_in_context=bool(sentence)))


def _fields(element: list[Token], fields: list[str]) -> dict[str, list[Token]]:
    parts = split_arguments(element)
    if parts and all(len(p) > 2 and p[0].kind == "name" and p[1].text == ":" for p in parts):
        return {p[0].text: p[2:] for p in parts}
    return dict(zip(fields, parts, strict=False))


def _reference_of(name: str, package: _Package) -> datetime:
    if name in package.times:
        return package.times[name]
    raise _Drop(package.unreadable.get(name, f"no reference ({name}) in the files given"))


def _read_function(body: list[Token], lists: dict[str, _List], package: _Package, file_name: str,
                   reader: _Reader) -> None:
    local = dict(lists)
    own: list[_List] = []
    for statement in _statements(body):
        for name, value in _declarations(statement):
            found = _composite(value, package.types)
            if found is not None:
                local[name] = found
                own.append(found)
        head = statement[0].text
        if head in package.helpers and len(statement) > 2 and statement[1].text == "(":
            arguments = split_arguments(statement[2 : closing(statement, 1)])
            target = "".join(t.text for t in arguments[-1]) if arguments else ""
            if target not in local:
                continue
            fixtures = local[target]
            if fixtures.checked:
                continue  # the same list checked again (with other rules): read once
            fixtures.checked = True
            if set(fixtures.fields) >= {"Text", "Index", "Phrase", "Diff"}:
                _apply(head, fixtures, package, file_name, reader)
            else:
                for _element in fixtures.elements:
                    reader.drop(f"{file_name}:{fixtures.line}", "", "fixtures of another shape")
        if head == "for":
            written = "".join(t.text for t in statement)
            match = re.match(r"for_,(\w+):=range(\w+)\{", written)
            if match is None or match.group(2) not in local:
                continue
            fixtures = local[match.group(2)]
            fixtures.checked = True
            parse = re.search(rf"Parse\({match.group(1)}\.Input,(\w+)((?:,[\w.()]+)*)\)", written)
            if parse is None or not set(fixtures.fields) >= {"Input", "Output"}:
                for _element in fixtures.elements:
                    reader.drop(f"{file_name}:{fixtures.line}", "", "fixtures of another shape")
                continue
            options = parse.group(2)
            direction = ("future" if "WithDirection(Future)" in options
                         else "past" if "WithDirection(Past)" in options or not options else "")
            for element in fixtures.elements:
                values = _fields(element, fixtures.fields)
                source = f"{file_name}:{element[0].line if element else fixtures.line}"
                text, output = string_value(values.get("Input", [])), string_value(values.get("Output", []))
                if text is None or output is None:
                    reader.drop(source, text or "", "text not a literal")
                    continue
                if not direction:
                    reader.drop(source, text, "options the reader does not know")
                    continue
                try:
                    reference = _reference_of(parse.group(1), package)
                except _Drop as drop:
                    reader.drop(source, text, str(drop))
                    continue
                reader.case(text, output, reference, direction, source)
    for fixtures in own:
        if not fixtures.checked:
            reader.corpus.dropped["a list no check applies to"] += len(fixtures.elements)


def _apply(helper: str, fixtures: _List, package: _Package, file_name: str, reader: _Reader) -> None:
    for element in fixtures.elements:
        source = f"{file_name}:{element[0].line if element else fixtures.line}"
        try:
            reference = _reference_of(package.helpers[helper], package)
        except _Drop as drop:
            reader.drop(source, "", str(drop))
            continue
        if helper in ("ApplyFixturesNil", "ApplyFixturesErr"):
            text = string_value(_fields(element, fixtures.fields).get("Text", []))
            if text is None:
                reader.drop(source, "", "text not a literal")
            else:
                reader.negative(text, reference, source)
        else:
            reader.fixture(element, fixtures.fields, package, reference, source)


def read_go(paths: Sequence[Path]) -> GoCorpus:
    """Every fixture of the given Go test files, read as a case or a negative, or counted as dropped."""
    corpus = GoCorpus()
    reader = _Reader(corpus)
    packages: dict[tuple[str, str], list[tuple[Path, list[tuple[str, list[Token]]]]]] = {}
    for path in paths:
        tokens = tokenize(path.read_text(encoding="utf-8"), raw_backticks=True)
        name = tokens[1].text if len(tokens) > 1 and tokens[0].text == "package" else ""
        packages.setdefault((str(path.parent), name), []).append((path, _functions(tokens)))
    for files in packages.values():
        package = _read_package([functions for _path, functions in files])
        lists: dict[str, _List] = {}
        for _path, functions in files:
            for statement in _statements(functions[0][1]):
                for list_name, value in _declarations(statement):
                    found = _composite(value, package.types)
                    if found is not None:
                        lists[list_name] = found
        for path, functions in files:
            for _name, body in functions[1:]:
                _read_function(body, lists, package, path.name, reader)
        for unread in lists.values():  # package-level lists no check reads
            if not unread.checked:
                corpus.dropped["a list no check applies to"] += len(unread.elements)
    disagreeing = [c for c in corpus.cases if (c.text.lower(), c.context.lower(), c.reference) in reader.conflicts]
    for case in disagreeing:
        corpus.cases.remove(case)
        reader.drop(case.source, case.text, "the direction lists disagree")
    return corpus
