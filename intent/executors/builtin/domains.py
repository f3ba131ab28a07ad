"""Which configured domain a request belongs to.

With ``domainHints`` (a catalog's tools), a domain fits when the action is one of the verbs naming
its operation and the target names one of the things it acts on; otherwise by the words a domain's
name shares with the request. Either way a tie is no answer: the recognizer never guesses.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

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


def _words(text: str) -> list[str]:
    return [w.lower() for w in _SPLIT.split(text) if w]


def choose_domain(text: str, domains: Sequence[object] | None, *, action: str = "", target: str | None = None,
                  hints: Mapping[str, Any] | None = None) -> str | None:
    """The one domain ``text`` (an intent's evidence) belongs to, or None."""
    if not domains:
        return None
    names = [d for d in domains if isinstance(d, str)]
    if hints:
        return _by_hints(action, target or "", names, hints)
    return _by_name(text, names)


def _by_hints(action: str, target: str, domains: list[str], hints: Mapping[str, Any]) -> str | None:
    action_key = " ".join(_words(action))
    action_stems = {_stem(w) for w in _words(action)}
    target_stems = {_stem(w) for w in _words(target) if w not in _STOP}
    scored: list[tuple[int, str]] = []
    for domain in domains:
        hint = hints.get(domain)
        if not isinstance(hint, Mapping):
            continue
        verbs = {str(v).lower() for v in hint.get("verbs", ()) if isinstance(v, str)}
        if action_key not in verbs and not action_stems & {_stem(v) for v in verbs if " " not in v}:
            continue
        entities = {_stem(str(e)) for e in hint.get("entities", ()) if isinstance(e, str)}
        matched = len(entities & (target_stems | action_stems))
        if entities and not matched:
            continue
        scored.append((matched, domain))
    if not scored:
        return None
    scored.sort(reverse=True)
    if len(scored) > 1 and scored[0][0] == scored[1][0]:
        return None
    return scored[0][1]


def _by_name(text: str, domains: list[str]) -> str | None:
    tokens = [w for w in _SPLIT.split(text) if w]
    words = {_stem(w) for w in tokens if w.lower() not in _STOP}
    words |= {_stem(a + b) for a, b in pairwise(tokens)}  # "look up" names "lookup"
    best: tuple[int, str] | None = None
    for domain in domains:
        name_words = {_stem(w) for w in _SPLIT.split(domain) if w and w.lower() not in _STOP}
        score = len(name_words & words)
        if score and (best is None or score > best[0]):
            best = (score, domain)
    return best[1] if best else None
