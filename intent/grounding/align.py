"""Align a quoted claim to the text it says it comes from: a pure function, apart from any model.

Three passes, each stricter about what it accepts than the last is generous: the exact quote;
the quote ignoring case and runs of whitespace; then a conservative fuzzy match over word windows
(long quotes only, near-identical only), so a model's small slip is kept but a paraphrase is not.
The fuzzy pass spends from the request's work budget (``intent.budget``), so a long near-miss
quote against a long repetitive input costs a bounded amount of work, however it is built.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal

from intent.budget import current_budget

FUZZY_MIN_CHARS = 12
FUZZY_MIN_RATIO = 0.9
_WORD = re.compile(r"\S+")
_TRAILING = ".!?;,"
# Work units (intent.budget) of one step of the window loop, in Python: about a microsecond.
_WINDOW_UNITS = 40


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


@lru_cache(maxsize=64)
def _words(source: str) -> tuple[tuple[int, int], ...]:
    return tuple((m.start(), m.end()) for m in _WORD.finditer(source))


def _fuzzy(quote: str, source: str, index: tuple[int, ...]) -> Span | None:
    """The best window of about the quote's word count whose similarity ratio reaches FUZZY_MIN_RATIO.

    Ties go to the first window in the order sizes n, n-1, n+1, then left to right. Windows are
    ruled out by cheap upper bounds of the ratio first (their lengths, then their characters as
    multisets, kept up to date as the window slides); the rest are compared by
    ``SequenceMatcher.ratio``, highest bound first, until no bound left can beat the best ratio
    found; a window text already compared is not compared again. Every step is paid from the
    request's work budget: when it runs out the quote is not aligned, as any quote that cannot be
    found.
    """
    if len(quote) < FUZZY_MIN_CHARS:
        return None
    budget = current_budget()
    if budget.exhausted:
        return None
    words = _words(source)
    n = len(quote.split())
    length = len(quote)
    need = Counter(quote)
    hopeful: list[tuple[float, int, int, int]] = []  # (-bound, order, start, end)
    for size in (n, n - 1, n + 1):
        if size < 1 or size > len(words):
            continue
        # The window's characters as a multiset, and how many of them the quote has too
        # (quick_ratio's count), updated by what enters and leaves as the window slides.
        have: dict[str, int] = {}
        shared = 0
        s, e = words[0][0], words[0][0]
        for i in range(len(words) - size + 1):
            new_s, new_e = words[i][0], words[i + size - 1][1]
            if not budget.spend(_WINDOW_UNITS + 4 * (new_s - s + new_e - e)):
                return None
            for c in source[e:new_e]:  # what enters first: what leaves may have just entered
                count = have[c] = have.get(c, 0) + 1
                if count <= need.get(c, 0):
                    shared += 1
            for c in source[s:new_s]:
                if have[c] <= need.get(c, 0):
                    shared -= 1
                have[c] -= 1
            s, e = new_s, new_e
            if 2.0 * min(length, e - s) / (length + e - s) < FUZZY_MIN_RATIO:  # real_quick_ratio
                continue
            bound = 2.0 * shared / (length + e - s)  # quick_ratio
            if bound >= FUZZY_MIN_RATIO:
                hopeful.append((-bound, len(hopeful), s, e))
    hopeful.sort()
    matcher = SequenceMatcher(autojunk=False)
    matcher.set_seq2(quote)
    ratios: dict[int, float] = {}
    best: tuple[float, int, int, int] | None = None  # (ratio, order, start, end)
    for negative_bound, order, s, e in hopeful:
        if best is not None and -negative_bound < best[0]:
            break  # no window left can beat the best
        if not budget.spend(_WINDOW_UNITS + (e - s) // 16):  # slicing and hashing the window
            return None
        key = hash(source[s:e])
        ratio = ratios.get(key)
        if ratio is None:
            # SequenceMatcher compares pairs of characters in Python: about ten units a pair.
            if not budget.spend(10 * (e - s) * length):
                return None
            matcher.set_seq1(source[s:e])
            ratio = ratios[key] = matcher.ratio()
        if ratio >= FUZZY_MIN_RATIO and (best is None or ratio > best[0] or (ratio == best[0] and order < best[1])):
            best = (ratio, order, s, e)
    if best is None:
        return None
    return Span(index[best[2]], index[best[3] - 1] + 1, "fuzzy")
