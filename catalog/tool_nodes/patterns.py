"""Proving that a string pattern cannot spell a payload.

A pattern counts as a constraint on an argv value only when (1) it must match the whole value: every
top-level alternative is anchored at both ends (``^...$``), so JSON Schema's search semantics and the
full match checked at call time agree; and (2) no string it fully matches contains a probe of the
payload corpus (``payloads.json``): a dangerous character, a dangerous pair such as ``$(`` or
``..``, or a leading ``-``.

(2) is decided on an automaton built from Python's own parse of the pattern. The automaton
over-approximates the pattern's language (look-arounds and inner anchors are read as always true,
large repetitions as unbounded), so a probe it cannot read, the pattern cannot match. What cannot be
analysed (back-references, a pattern Python does not accept, a very large automaton) is unprovable,
and so unconstrained.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

try:  # Python 3.11+
    from re import _constants as sre  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sre  # type: ignore[no-redef, unused-ignore]
    import sre_parse  # type: ignore[no-redef, unused-ignore]

CharTest = Callable[[str], bool]
MAX_STATES = 4000
MAX_PATTERN_CHARS = 2000
# Repetitions up to this many copies are unrolled; larger ones are read as "at least min(1, m)".
_UNROLL = 8
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


class Unprovable(Exception):
    """The pattern uses something the analysis cannot reason about."""


@dataclass(frozen=True)
class PayloadCorpus:
    """What a payload looks like: single characters, character pairs, a leading character, and whole words."""

    characters: tuple[str, ...]
    substrings: tuple[str, ...]
    leading: tuple[str, ...]
    words: tuple[str, ...]


@functools.cache
def payload_corpus() -> PayloadCorpus:
    """The corpus in ``payloads.json``, plus every control, format, separator and space character."""
    raw = json.loads(resources.files("catalog.tool_nodes").joinpath("payloads.json").read_text("utf-8"))
    characters = set(raw["characters"])
    characters.update(dangerous_code_points())
    return PayloadCorpus(
        characters=tuple(sorted(characters)),
        substrings=tuple(raw["substrings"]),
        leading=tuple(raw["leading"]),
        words=tuple(raw["words"]),
    )


@functools.cache
def dangerous_code_points() -> frozenset[str]:
    """Every character that is a control (C0, C1), a format character (bidirectional overrides,
    zero-width), a line or paragraph separator, or white space.

    Lone surrogates are left out of the probes (a pattern allowing them is no shell's business, and
    no process can be given one); the argv word check still refuses them.
    """
    return frozenset(
        char
        for char in map(chr, range(0x110000))
        if char.isspace() or unicodedata.category(char) in _CONTROL_CATEGORIES - {"Cs"}
    )


def is_dangerous_character(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in _CONTROL_CATEGORIES


# --- the automaton -----------------------------------------------------------------------------------


# Category kind -> (the expression of the category, of its negation).
_CATEGORY_EXPRESSIONS = {"DIGIT": (r"\d", r"\D"), "SPACE": (r"\s", r"\S"), "WORD": (r"\w", r"\W")}


def _category_test(category: Any, *, larger: bool = True) -> CharTest:
    """``\\d``, ``\\S``, ... read as the larger (``larger``) or the smaller of their ASCII and Unicode sets.

    ``\\d``, ``\\s`` and ``\\w`` are larger with Unicode meaning, ``\\D``, ``\\S`` and ``\\W`` with
    ASCII meaning. A class admits the larger set; a negated class admits the complement of the
    smaller one (``[^\\S]`` admits U+2028, which ASCII ``\\S`` would take away).
    """
    name = str(category)
    negated = "_NOT_" in name
    kind = name.rsplit("_", 1)[-1]  # DIGIT, SPACE or WORD: the categories Python's parser writes
    if kind not in _CATEGORY_EXPRESSIONS:
        raise Unprovable(f"character category {name}")
    expression = re.compile(_CATEGORY_EXPRESSIONS[kind][negated], re.ASCII if negated == larger else 0)
    return lambda char: expression.fullmatch(char) is not None


def _variants(char: str) -> set[str]:
    """A character and its case partners (read generously: whatever IGNORECASE might pair it with)."""
    found = {char, char.lower(), char.upper(), char.swapcase(), char.casefold()}
    return {item for item in found if len(item) == 1}


def _any(char: str) -> bool:
    return True


def _in_range(low: int, high: int) -> CharTest:
    def test(char: str) -> bool:
        return low <= ord(char) <= high

    return test


def _literal(literal: str, ignore_case: bool) -> CharTest:
    partners = _variants(literal) if ignore_case else {literal}

    def test(char: str) -> bool:
        return bool(_variants(char) & partners) if ignore_case else char == literal

    return test


def _not_literal(literal: str) -> CharTest:
    def test(char: str) -> bool:
        return char != literal

    return test


def _class_test(items: list[Any], ignore_case: bool) -> CharTest:
    negated = any(op is sre.NEGATE for op, _ in items)
    tests: list[CharTest] = []
    for op, value in items:
        if op is sre.NEGATE:
            continue  # read above: it decides how the categories are read
        if op is sre.LITERAL:
            tests.append(_in_range(value, value))
        elif op in (sre.RANGE, getattr(sre, "RANGE_UNI_IGNORE", sre.RANGE)):
            tests.append(_in_range(*value))
        elif op is sre.CATEGORY:
            tests.append(_category_test(value, larger=not negated))
        else:
            raise Unprovable(f"character class item {op}")

    def member(char: str) -> bool:
        return any(test(char) for test in tests)

    def test(char: str) -> bool:
        candidates = _variants(char) if ignore_case else {char}
        return any((not member(item)) if negated else member(item) for item in candidates)

    return test


class Automaton:
    """A Thompson automaton over character tests; state 0 starts, ``accept`` accepts."""

    def __init__(self) -> None:
        self.edges: list[list[tuple[CharTest | None, int]]] = []
        # One test per pattern element, however often a repetition copies it.
        self._tests: dict[tuple[Any, ...], CharTest] = {}
        self.start = self._new()
        self.accept = self._new()

    def _new(self) -> int:
        if len(self.edges) >= MAX_STATES:
            raise Unprovable("the pattern is too large to analyse")
        self.edges.append([])
        return len(self.edges) - 1

    def _link(self, source: int, target: int, test: CharTest | None = None) -> None:
        self.edges[source].append((test, target))

    def build(self, items: Iterable[Any], source: int, flags: int) -> int:
        """Add the sequence ``items`` after ``source``; return the state it ends in."""
        current = source
        for op, value in items:
            current = self._node(op, value, current, flags)
        return current

    def _node(self, op: Any, value: Any, source: int, flags: int) -> int:
        ignore_case = bool(flags & sre.SRE_FLAG_IGNORECASE)
        if op is sre.LITERAL or op is sre.NOT_LITERAL:
            key: tuple[Any, ...] = (op, value, ignore_case)
            if key not in self._tests:
                if op is sre.LITERAL:
                    self._tests[key] = _literal(chr(value), ignore_case)
                else:
                    self._tests[key] = _any if ignore_case else _not_literal(chr(value))
            return self._char(source, self._tests[key])
        if op is sre.ANY:
            return self._char(source, _any)
        if op is sre.IN:
            key = (op, id(value), ignore_case)
            if key not in self._tests:
                self._tests[key] = _class_test(list(value), ignore_case)
            return self._char(source, self._tests[key])
        if op is sre.AT or op is sre.ASSERT or op is sre.ASSERT_NOT:
            return source  # consumes nothing; reading it as always true only widens the language
        if op is sre.BRANCH:
            end = self._new()
            for alternative in value[1]:
                self._link(self.build(alternative, source, flags), end)
            return end
        if op is sre.SUBPATTERN:
            _group, add_flags, del_flags, inner = value
            if add_flags & sre.SRE_FLAG_MULTILINE:
                raise Unprovable("the multiline flag lets ^ and $ match inside the value")
            return self.build(inner, source, (flags | add_flags) & ~del_flags)
        if op is getattr(sre, "ATOMIC_GROUP", None):
            return self.build(value, source, flags)
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT)):
            return self._repeat(value, source, flags)
        if op is sre.GROUPREF_EXISTS:
            _group, yes, no = value
            end = self._new()
            self._link(self.build(yes, source, flags), end)
            self._link(self.build(no, source, flags) if no is not None else source, end)
            return end
        raise Unprovable(f"pattern element {op}")

    def _char(self, source: int, test: CharTest) -> int:
        target = self._new()
        self._link(source, target, test)
        return target

    def _repeat(self, value: Any, source: int, flags: int) -> int:
        low, high, inner = value
        unbounded = high is sre.MAXREPEAT or high > _UNROLL
        # More than _UNROLL required copies are read as _UNROLL copies and a loop: a larger language.
        copies = min(low, _UNROLL)
        current = source
        for _ in range(copies):
            current = self.build(inner, current, flags)
        if unbounded:
            loop = self._new()
            self._link(current, loop)
            back = self.build(inner, loop, flags)
            self._link(back, loop)
            return loop
        end = self._new()
        self._link(current, end)
        for _ in range(high - copies):
            current = self.build(inner, current, flags)
            self._link(current, end)
        return end

    # --- questions --------------------------------------------------------------------------------

    def _closure(self, states: Iterable[int]) -> set[int]:
        seen = set(states)
        stack = list(seen)
        while stack:
            for test, target in self.edges[stack.pop()]:
                if test is None and target not in seen:
                    seen.add(target)
                    stack.append(target)
        return seen

    @functools.cached_property
    def live(self) -> set[int]:
        """States on some path from the start to the accepting state."""
        forward = {self.start}
        stack = [self.start]
        while stack:
            for _, target in self.edges[stack.pop()]:
                if target not in forward:
                    forward.add(target)
                    stack.append(target)
        backward_edges: dict[int, list[int]] = {}
        for source, edges in enumerate(self.edges):
            for _, target in edges:
                backward_edges.setdefault(target, []).append(source)
        backward = {self.accept}
        stack = [self.accept]
        while stack:
            for source in backward_edges.get(stack.pop(), []):
                if source not in backward:
                    backward.add(source)
                    stack.append(source)
        return forward & backward

    def _step(self, states: set[int], char: str) -> set[int]:
        return self._closure(
            target for state in states for test, target in self.edges[state]
            if test is not None and target in self.live and test(char)
        )

    @functools.cached_property
    def live_tests(self) -> list[CharTest]:
        """The distinct character tests on edges between live states."""
        found: dict[int, CharTest] = {}
        for state in self.live:
            for test, target in self.edges[state]:
                if test is not None and target in self.live:
                    found[id(test)] = test
        return list(found.values())

    def may_contain(self, probe: str) -> bool:
        """Whether some string of the language has ``probe`` somewhere in it."""
        if len(probe) == 1:
            return any(test(probe) for test in self.live_tests)
        # Start from every live state at once: the probe may begin anywhere in a value.
        current = set(self.live)
        for char in probe:
            current = self._step(current, char)
            if not current:
                return False
        return bool(current & self.live)

    def may_start_with(self, probe: str) -> bool:
        current = self._closure({self.start})
        for char in probe:
            current = self._step(current, char)
            if not current:
                return False
        return bool(current & self.live)


def _parse(pattern: str) -> Any:
    if len(pattern) > MAX_PATTERN_CHARS:
        raise Unprovable(f"the pattern is longer than {MAX_PATTERN_CHARS} characters")
    try:
        re.compile(pattern)
        return sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError) as error:
        raise Unprovable(f"Python cannot read the pattern ({error})") from None


def _plain_group(item: Any) -> bool:
    return bool(item[0] is sre.SUBPATTERN and not item[1][1] and not item[1][2])


def _anchored_at(items: list[Any], *, start: bool) -> bool:
    """Whether every way through ``items`` begins with ``^``/``\\A`` (``start``) or ends with ``$``/``\\Z``.

    Python's parser factors shared prefixes out of alternatives (``^a$|^b$`` -> ``^(?:a$|b$)``),
    so alternatives and plain groups are followed into.
    """
    if not items:
        return False
    item, rest = (items[0], items[1:]) if start else (items[-1], items[:-1])
    op, value = item
    if op is sre.AT:
        wanted = (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING) if start else (sre.AT_END, sre.AT_END_STRING)
        return value in wanted
    if _plain_group(item):
        inner = list(value[3])
        return _anchored_at(inner + rest if start else rest + inner, start=start)
    if op is sre.BRANCH:
        return all(
            _anchored_at(list(alternative) + rest if start else rest + list(alternative), start=start)
            for alternative in value[1]
        )
    return False


def _anchored(items: list[Any]) -> bool:
    """Every way through the pattern starts with ``^`` (or ``\\A``) and ends with ``$`` (or ``\\Z``)."""
    return _anchored_at(items, start=True) and _anchored_at(items, start=False)


@functools.lru_cache(maxsize=512)
def pattern_problem(pattern: str) -> str | None:
    """Why ``pattern`` does not rule out every payload, or None when it provably does."""
    try:
        parsed = _parse(pattern)
        if parsed.state.flags & sre.SRE_FLAG_MULTILINE:
            raise Unprovable("the multiline flag lets ^ and $ match inside the value")
        if not _anchored(list(parsed)):
            return "has a pattern that does not match the whole value (anchor every alternative with ^ and $)"
        automaton = Automaton()
        end = automaton.build(list(parsed), automaton.start, parsed.state.flags)
        automaton._link(end, automaton.accept)
        corpus = payload_corpus()
        for char in corpus.characters:
            if automaton.may_contain(char):
                return f"has a pattern that admits {_shown(char)}"
        for probe in corpus.substrings:
            if automaton.may_contain(probe):
                return f"has a pattern that admits {_shown(probe)}"
        for probe in corpus.leading:
            if automaton.may_start_with(probe):
                return f"has a pattern that admits a value starting with {_shown(probe)} (read as an option)"
    except Unprovable as reason:
        return f"has a pattern that cannot be proved safe: {reason}"
    return None


def _shown(text: str) -> str:
    if len(text) == 1 and is_dangerous_character(text):
        return f"U+{ord(text):04X} ({unicodedata.name(text, 'a control character')})"
    return repr(text)


def full_match(pattern: str, value: str) -> bool:
    """The call-time rule: the pattern must match the whole value, not just a part of it."""
    return re.fullmatch(pattern, value) is not None


__all__ = [
    "Automaton",
    "PayloadCorpus",
    "Unprovable",
    "dangerous_code_points",
    "full_match",
    "is_dangerous_character",
    "pattern_problem",
    "payload_corpus",
]
