"""A correction rewrites every part of an intent that quoted the words it replaces.

"Look up order 000123" corrected by "make it order 000456" must not keep saying 000123 in its
target or goal. Two pure functions find what to rewrite:

* ``reword(text, new_words)``: the words of ``text`` of the same kind as the correction's
  (an amount, a time, a day, a code, a number, a name) and ``text`` with them replaced; a
  correction that names a new thing outright ("a margherita") replaces all of ``text``.
* ``reword_value(text, old, new, evidence)``: where ``text`` quotes a field's old value, and
  ``text`` with the new value's words in its place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from intent.compiled_regex import compiled

__all__ = ["Rewording", "core_of", "reword", "reword_value"]

_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"  # noqa: E501
_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight)"
# Kinds of words a correction swaps for one of the same kind, most specific first.
_AMOUNT = r"[$€£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|euros|pounds|bucks)\b"
_TIME = r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidnight\b"
_DATE = (rf"\b{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b"
         rf"|\b(?:next\s+|this\s+)?{_DAY}\b")
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("amount", compiled(_AMOUNT, re.I)),
    ("time", compiled(_TIME, re.I)),
    ("date", compiled(_DATE, re.I)),
    ("code", compiled(r"\b[A-Za-z]{0,6}[-#]?\d*\d{3,}[A-Za-z0-9-]*\b|#\d+\b")),
    ("number", compiled(r"\b\d+(?:\.\d+)?\b|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                        r"a\s+dozen|a\s+couple(?:\s+of)?)\b", re.I)),
    ("name", compiled(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b")),
)
# A kind the text may state in a looser form: "at 7" is a time, "4" a bare amount or party size.
_ALSO = {"time": ("number",), "amount": ("number",), "code": ("number",), "number": ("code",)}
_NOT_NAMES = frozenset("i i'm i'd mr mrs ms dr".split())
_DETERMINERS = ("a", "an", "the", "my", "our", "your")
_PREPOSITIONS = ("to", "for", "from", "at", "in", "on", "into", "near", "by", "with", "via")
_PARTICLES = frozenset("up down on off in out".split())


@dataclass(frozen=True, slots=True)
class Rewording:
    """``text`` rewritten: the replaced words at ``start``..``end`` of the old text became ``words``."""

    before: str
    after: str
    start: int
    end: int
    words: str


def core_of(new_words: str) -> tuple[str, int, int] | None:
    """(kind, start, end) of the words in a correction that carry what changes ("$300" of "make it $300")."""
    for kind, pattern in _KINDS:
        for match in pattern.finditer(new_words):
            if kind == "name" and match.group(0).lower() in _NOT_NAMES:
                continue
            return kind, match.start(), match.end()
    return None


def _spans(text: str, kind: str) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    taken: list[tuple[int, int]] = []
    for other, pattern in _KINDS:  # a span belongs to the first kind that claims it
        for match in pattern.finditer(text):
            span = (match.start(), match.end())
            if any(s < span[1] and span[0] < e for s, e in taken):
                continue
            if other == "name" and match.group(0).lower() in _NOT_NAMES:
                continue
            taken.append(span)
            if other == kind:
                found.append(span)
    return found


def find_same_kind(text: str, new_words: str, *, loose: bool = False) -> tuple[int, int, str] | None:
    """(start, end, replacement) of the words in ``text`` of the correction's kind, or None.

    A bare number stands for a time only after "at" ("a table at 7"), unless ``loose``.
    """
    core = core_of(new_words)
    if core is None:
        return None
    kind, start, end = core
    for candidate in (kind, *_ALSO.get(kind, ())):
        spans = [s for s in _spans(text, candidate) if text[s[0] : s[1]].lower() != new_words[start:end].lower()]
        if kind == "time" and candidate == "number" and not loose:
            spans = [s for s in spans if text[: s[0]].lower().endswith("at ")]
        if spans:
            s, e = spans[-1]
            return s, e, new_words[start:end]
    return None


def reword(text: str, new_words: str) -> Rewording | None:
    """``text`` with the words a correction replaces; all of it when the correction names a new thing."""
    new_words = new_words.strip()
    if not new_words or new_words.lower() == text.lower():
        return None
    found = find_same_kind(text, new_words)
    if found is not None:
        start, end, swapped = found
        return Rewording(text, text[:start] + swapped + text[end:], start, end, swapped)
    core = core_of(new_words)
    if core is not None and core[0] != "name":
        return None  # "Wednesday" for "the call": the target never said the day
    words = new_words.split()
    first, low = words[0].lower(), f" {text.lower()} "
    if first in _PREPOSITIONS:  # "ship it to my home, actually to the office": from its own "to" on
        at = low.rfind(f" {first} ")
        if at >= 0:
            return Rewording(text, text[:at] + new_words, at, len(text), new_words)
        return Rewording(text, f"{text} {new_words}", len(text), len(text), new_words)
    if first in _PARTICLES and len(words) == 1 and text.split()[-1].lower() in _PARTICLES:  # "up, no, down"
        at = text.rfind(" ") + 1
        return Rewording(text, text[:at] + new_words, at, len(text), new_words)
    if first in _DETERMINERS:  # "Email Sam the agenda" corrected by "the minutes": from its own "the" on
        at = max(low.rfind(f" {d} ") for d in _DETERMINERS)
        if at > 0:
            return Rewording(text, text[:at] + new_words, at, len(text), new_words)
    elif len(words) <= 2:  # "$500 to savings, I mean checking": what follows the last preposition
        at = max(low.rfind(f" {p} ") for p in _PREPOSITIONS)
        if at > 0:
            start = at + len(low[at:].split(" ", 2)[1]) + 1
            return Rewording(text, text[:start] + new_words, start, len(text), new_words)
    return Rewording(text, new_words, 0, len(text), new_words)


def _literal(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float, str)):
        return str(value)
    return None


def reword_value(text: str, old: Any, new: Any, evidence: str) -> Rewording | None:
    """``text`` with the words that stated a field's ``old`` value replaced by those of ``new``."""
    before, after = _literal(old), _literal(new)
    if before is None or after is None or before == after or not text:
        return None
    match = re.search(rf"(?<![\w-]){re.escape(before)}(?![\w-])", text, re.IGNORECASE)
    if match is not None:
        at = evidence.lower().find(after.lower()) if evidence else -1
        words = evidence[at : at + len(after)] if at >= 0 else after
        return Rewording(text, text[: match.start()] + words + text[match.end() :], match.start(), match.end(), words)
    found = find_same_kind(text, evidence) if evidence else None
    if found is None:
        return None
    start, end, words = found
    return Rewording(text, text[:start] + words + text[end:], start, end, words)
