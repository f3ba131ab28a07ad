"""Align a quoted claim to the text it says it comes from: a pure function, apart from any model.

Three passes, each stricter about what it accepts than the last is generous: the exact quote;
the quote ignoring case and runs of whitespace; then a conservative fuzzy match over word windows
(long quotes only, near-identical only), so a model's small slip is kept but a paraphrase is not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal

FUZZY_MIN_CHARS = 12
FUZZY_MIN_RATIO = 0.9
_WORD = re.compile(r"\S+")
_TRAILING = ".!?;,"


@dataclass(frozen=True, slots=True)
class Span:
    """Character offsets ``[start, end)`` in the source, and how they were found."""

    start: int
    end: int
    method: Literal["exact", "normalized", "fuzzy"]


@lru_cache(maxsize=64)
def _normalized(text: str) -> tuple[str, tuple[int, ...]]:
    """Case-folded text with whitespace runs folded to one space, and each char's source index."""
    chars: list[str] = []
    index: list[int] = []
    in_space = False
    for i, c in enumerate(text):
        if c.isspace():
            if not in_space and chars:
                chars.append(" ")
                index.append(i)
            in_space = True
            continue
        in_space = False
        for folded in c.casefold():
            chars.append(folded)
            index.append(i)
    return "".join(chars), tuple(index)


def _fold(quote: str) -> str:
    return " ".join(quote.casefold().split())


def align(quote: str, source: str) -> Span | None:
    """Where ``quote`` stands in ``source``, or None when it cannot be found there."""
    quote = quote.strip()
    if quote and quote[-1] in _TRAILING and len(quote) > 1 and quote not in source:
        quote = quote.rstrip(_TRAILING).rstrip()
    if not quote:
        return None
    start = source.find(quote)
    if start >= 0:
        return Span(start, start + len(quote), "exact")

    folded_source, index = _normalized(source)
    folded_quote = _fold(quote)
    at = folded_source.find(folded_quote)
    if at >= 0:
        return Span(index[at], index[at + len(folded_quote) - 1] + 1, "normalized")
    return _fuzzy(folded_quote, folded_source, index)


def _fuzzy(quote: str, source: str, index: tuple[int, ...]) -> Span | None:
    if len(quote) < FUZZY_MIN_CHARS:
        return None
    words = [(m.start(), m.end()) for m in _WORD.finditer(source)]
    n = len(quote.split())
    best: tuple[float, int, int] | None = None
    matcher = SequenceMatcher(autojunk=False)
    matcher.set_seq2(quote)
    for size in (n, n - 1, n + 1):
        if size < 1:
            continue
        for i in range(len(words) - size + 1):
            s, e = words[i][0], words[i + size - 1][1]
            matcher.set_seq1(source[s:e])
            if matcher.real_quick_ratio() < FUZZY_MIN_RATIO or matcher.quick_ratio() < FUZZY_MIN_RATIO:
                continue
            ratio = matcher.ratio()
            if ratio >= FUZZY_MIN_RATIO and (best is None or ratio > best[0]):
                best = (ratio, s, e)
    if best is None:
        return None
    return Span(index[best[1]], index[best[2] - 1] + 1, "fuzzy")
