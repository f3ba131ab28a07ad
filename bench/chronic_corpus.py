"""The cases of Chronic's parsing tests: the phrase, the reference and the expected value.

Chronic (mojombo/chronic, MIT licence, Ruby) tests its parser in ``test/test_parsing.rb`` with
statements such as

    time = parse_now("may 28 at 5pm")
    assert_equal Time.local(2007, 5, 28, 17), time

where ``parse_now`` parses with the fixed reference ``Time.local(2006, 8, 16, 14, 0, 0, 0)`` (the
file's ``TIME_2006_08_16_14_00_00``), and ``assert_equal NAME, parse_now("...")`` with ``NAME =
Time.local(...)`` bound before. Times are local with no zone: reference and expected are both read
as UTC. Options that only restate Chronic's defaults (``:context => :future``, ``:endian_precedence``
middle first) and ``:now => Time.local(...)`` (another reference) are read; any other option
(``:context => :past``, ``:guess``, ``:ambiguous_time_range``, ``:hours24``...) leaves the case out,
as does ``Chronic.parse`` without ``:now`` (the reference is the time the suite runs).

Grain: Chronic answers the middle of a span, so a day is noon. A phrase that states a time of day or
a count of time (``STATES_TIME``) is a *moment*: the expected value as given, unless it is the middle
of a longer span (a part of day named with no clock time, "this morning" at 09:00; "next hour" at
half past with no "30" or "half" written), which leaves it out. Any other phrase whose
expected value is 12:00:00 is a *day*; one whose value is another time of day is left out (the
middle of some other span: "today" from now to midnight, "this week"). A day-grain phrase that
names no single day (``DAY_CUE``: a month, a year, a week) is left out too.

Left out and counted by reason (``ChronicCorpus.dropped``): options, no fixed reference, checks
other than a ``Time.local`` value (``assert_nil``, ``.begin``, ``.to_i``, ``assert_in_delta``...),
and the grain rules above.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from bench.js_calls import Token, calls, int_value, split_arguments, string_value, tokenize
from bench.time_phrase_kinds import DAY_CUE, STATES_TIME

__all__ = ["CHRONIC_REFERENCE", "ChronicCase", "ChronicCorpus", "read_chronic"]

CHRONIC_REFERENCE = datetime(2006, 8, 16, 14, 0, 0, tzinfo=timezone.utc)
_REFERENCE_NAMES = ("TIME_2006_08_16_14_00_00", "@time_2006_08_16_14_00_00")  # the file's names for it
_DEFAULT_OPTIONS = frozenset({":context=>:future", ":endian_precedence=>:middle",
                              ":endian_precedence=>[:middle,:little]"})


@dataclass(frozen=True, slots=True)
class ChronicCase:
    text: str
    reference: datetime
    expected: datetime  # for a day, midnight of the day
    day_grain: bool
    source: str  # file name and line


@dataclass(slots=True)
class ChronicCorpus:
    cases: list[ChronicCase] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)


class _Drop(Exception):
    """A case that cannot be read with certainty; its message is the reason counted."""


def _strip_comments(source: str) -> str:
    """Ruby ``#`` comments removed (a ``#`` inside a string literal is kept)."""
    lines = []
    for line in source.splitlines():
        quote, cut = "", len(line)
        for i, ch in enumerate(line):
            if quote:
                if ch == quote and line[i - 1] != "\\":
                    quote = ""
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                cut = i
                break
        lines.append(line[:cut])
    return "\n".join(lines)


def _statements(tokens: Sequence[Token]) -> list[list[Token]]:
    """The tokens of each line (the file writes one statement a line)."""
    out: list[list[Token]] = []
    for token in tokens:
        if not out or out[-1][0].line != token.line:
            out.append([])
        out[-1].append(token)
    return out


def _text(tokens: Sequence[Token]) -> str:
    return "".join(t.text for t in tokens)


def _time_local(argument: Sequence[Token]) -> datetime | None:
    """``Time.local(y, m, d[, h, mi, s[, usec]])`` as a naive time (fractions dropped), else None."""
    if _text(argument[:3]) != "Time.local" or len(argument) < 5 or argument[3].text != "(":
        return None
    parts = [int_value(p) for p in split_arguments(argument[4:-1])]
    numbers = [p for p in parts if p is not None]
    if not numbers or len(numbers) != len(parts):
        return None
    y, mo, d, h, mi, s = (numbers + [1, 1, 1, 0, 0, 0][len(numbers):])[:6]  # Time.local's defaults
    return datetime(y, mo, d, h, mi, s)


@dataclass(slots=True)
class _Parse:
    text: str
    reference: datetime
    line: int


def _read_parse(call_name: str, arguments: list[list[Token]], line: int, times: dict[str, datetime]) -> _Parse:
    text = string_value(arguments[0]) if arguments else None
    if text is None:
        raise _Drop("text not a literal")
    reference: datetime | None = CHRONIC_REFERENCE if call_name == "parse_now" else None
    for option in arguments[1:]:
        for one in split_arguments(option[1:-1]) if option[0].text == "{" else [option]:
            written = _text(one)
            if written in _DEFAULT_OPTIONS:
                continue
            if written.startswith(":now=>"):
                value = one[3:]
                now = _time_local(value) or times.get(_text(value))
                if now is None:
                    raise _Drop("reference not a plain time")
                reference = now.replace(tzinfo=timezone.utc)
                continue
            raise _Drop("option (" + written.split("=>")[0].lstrip(":") + ")")
    if reference is None:
        raise _Drop("no fixed reference")
    return _Parse(text, reference, line)


_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight)\b", re.IGNORECASE)


def _case(parse: _Parse, expected: datetime, source: str) -> ChronicCase:
    if STATES_TIME.search(parse.text):
        if not STATES_TIME.search(_PART_OF_DAY.sub(" ", parse.text)):
            raise _Drop("grain not certain (the middle of a part of day)")
        halves = (expected.minute == 30 and expected.second == 0) or expected.second == 30
        if halves and not re.search(r"30|half", parse.text, re.IGNORECASE):
            raise _Drop("grain not certain (the middle of an hour or a minute)")
        return ChronicCase(parse.text, parse.reference, expected.replace(tzinfo=timezone.utc), False, source)
    if (expected.hour, expected.minute, expected.second) != (12, 0, 0):
        raise _Drop("grain not certain (the middle of a longer span)")
    if DAY_CUE.search(parse.text) is None:
        raise _Drop("not one day (a month, year or week)")
    day = datetime(expected.year, expected.month, expected.day, tzinfo=timezone.utc)
    return ChronicCase(parse.text, parse.reference, day, True, source)


_PARSES = frozenset({"parse_now", "Chronic.parse"})


def read_chronic(paths: Sequence[Path]) -> ChronicCorpus:
    """Every ``parse_now`` (and ``Chronic.parse``) of the given files, read or counted as dropped."""
    corpus = ChronicCorpus()
    for path in paths:
        times = dict.fromkeys(_REFERENCE_NAMES, CHRONIC_REFERENCE.replace(tzinfo=None))
        pending: dict[str, _Parse | _Drop] = {}
        for statement in _statements(tokenize(_strip_comments(path.read_text(encoding="utf-8")))):
            found = list(calls(statement, _PARSES))
            head = statement[0].text
            assigned = statement[0].kind == "name" and len(statement) > 2 and statement[1].text == "="
            if assigned and (value := _time_local(statement[2:])) is not None:
                times[head] = value
                continue
            if assigned and found and found[0].start == 2:
                if head in pending:  # the last parse into this name was never checked against a time
                    _count_unchecked(corpus, pending.pop(head))
                try:
                    pending[head] = _read_parse(found[0].name, found[0].arguments, statement[0].line, times)
                except _Drop as drop:
                    pending[head] = drop
                continue
            if head not in ("assert_equal", "assert_in_delta", "assert_nil", "assert"):
                continue
            arguments = split_arguments(statement[1:])
            parse: _Parse | _Drop | None = None
            if found:  # parsed inside the assertion
                try:
                    parse = _read_parse(found[0].name, found[0].arguments, statement[0].line, times)
                except _Drop as drop:
                    parse = drop
            else:
                named = [a[0].text for a in arguments if len(a) == 1 and a[0].text in pending]
                if named:
                    parse = pending.pop(named[0])
            if parse is None:
                continue
            if isinstance(parse, _Drop):
                corpus.dropped[str(parse)] += 1
                continue
            if head != "assert_equal" or len(arguments) != 2:
                corpus.dropped["checked otherwise (" + head + ")"] += 1
                continue
            expected_tokens = arguments[0]
            expected = (times.get(expected_tokens[0].text) if len(expected_tokens) == 1
                        else _time_local(expected_tokens))
            if expected is None:
                corpus.dropped["checked otherwise (not a Time.local)"] += 1
                continue
            try:
                corpus.cases.append(_case(parse, expected, f"{path.name}:{parse.line}"))
            except _Drop as drop:
                corpus.dropped[str(drop)] += 1
        for left in pending.values():
            _count_unchecked(corpus, left)
    return corpus


def _count_unchecked(corpus: ChronicCorpus, parse: _Parse | _Drop) -> None:
    corpus.dropped[str(parse) if isinstance(parse, _Drop) else "not checked against a time"] += 1
