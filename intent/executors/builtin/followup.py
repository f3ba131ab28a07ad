"""Follow-up turns: which baseline intent or constraint a turn points at ("the second one", "it")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from intent.compiled_regex import compiled

__all__ = ["baseline_constraints", "baseline_intents", "content_words", "resolve_reference"]

_ORDINALS = {
    "first": 0, "1st": 0, "former": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
    "fifth": 4, "5th": 4, "last": -1, "latter": -1, "final": -1, "previous": -1,
}  # fmt: skip
_POINTERS = frozenset({"it", "that", "this", "them", "everything", "all"})
_VAGUE = frozenset(
    "the a an one ones request requests thing things part bit item items step steps task tasks order about my "
    "that this it of with to for".split()
)
_WORD = compiled(r"[a-z0-9]+")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def content_words(text: str) -> set[str]:
    return {_singular(w) for w in _WORD.findall(text.lower()) if w not in _VAGUE}


def baseline_intents(baseline: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    intents = baseline.get("intents") if baseline else None
    if not isinstance(intents, list):
        return []
    return [i for i in intents if isinstance(i, Mapping) and isinstance(i.get("id"), str)]


def baseline_constraints(baseline: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    out: list[Mapping[str, Any]] = []
    if not baseline:
        return out
    pools: list[Any] = [baseline.get("constraints")]
    pools.extend(i.get("constraints") for i in baseline_intents(baseline))
    for pool in pools:
        if isinstance(pool, list):
            out.extend(c for c in pool if isinstance(c, Mapping) and isinstance(c.get("id"), str))
    return out


def resolve_reference(
    words_text: str, intents: Sequence[Mapping[str, Any]], constraints: Sequence[Mapping[str, Any]], *, by_words: bool
) -> tuple[str, str] | None:
    """(kind, id) of the baseline item ``words_text`` points at: an ordinal, a pronoun, or shared words."""
    lows = _WORD.findall(words_text.lower())
    for word in lows:
        if word in _ORDINALS and intents:
            index = _ORDINALS[word]
            if -len(intents) <= index < len(intents):
                return "intent", str(intents[index]["id"])
    if lows and all(w in _POINTERS or w in ("one", "the") for w in lows) and intents:
        return "intent", str(intents[-1]["id"])
    if not by_words:
        return None
    wanted = content_words(words_text)
    if not wanted:
        return None
    best: tuple[int, str, str] | None = None
    for intent in intents:
        have = content_words(f"{intent.get('action') or ''} {intent.get('target') or ''}")
        score = len(wanted & have)
        if score and (best is None or score > best[0]):
            best = (score, "intent", str(intent["id"]))
    for constraint in constraints:
        score = len(wanted & content_words(str(constraint.get("text") or "")))
        if score and (best is None or score > best[0]):
            best = (score, "constraint", str(constraint["id"]))
    return (best[1], best[2]) if best else None
