"""Which configured domain a request belongs to, by the words the domain's name shares with it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

__all__ = ["choose_domain"]

_STOP = frozenset("a an the my our your to of for and in on at with me us it".split())
_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|[^A-Za-z0-9]+")


def _stem(word: str) -> str:
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("s", "ing", "ed"):
        if word.endswith(suffix) and not word.endswith("ss") and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def choose_domain(text: str, domains: Sequence[object] | None) -> str | None:
    """The domain whose name shares the most words with ``text`` ("Look up order" -> "lookupOrder")."""
    if not domains:
        return None
    tokens = [w for w in _SPLIT.split(text) if w]
    words = {_stem(w) for w in tokens if w.lower() not in _STOP}
    words |= {_stem(a + b) for a, b in pairwise(tokens)}  # "look up" names "lookup"
    best: tuple[int, str] | None = None
    for domain in domains:
        if not isinstance(domain, str):
            continue
        names = {_stem(w) for w in _SPLIT.split(domain) if w and w.lower() not in _STOP}
        score = len(names & words)
        if score and (best is None or score > best[0]):
            best = (score, domain)
    return best[1] if best else None
