"""A follow-up that restates one value: "Actually, Paris", "Make that Berlin", "Sorry, I meant 000789".

When a correction names no field and no field reader claims its words, the words still replace
a value of the same kind that the baseline request quoted: "Paris" a city the target names
("a flight to Rome"), "000789" an order number. The value is read as that field's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from intent.executors.builtin.followup import resolve_reference
from intent.executors.builtin.lexicon import CORRECTION_VERBS
from intent.executors.builtin.tokens import Token
from intent.executors.builtin.units import Unit
from intent.resolve.rewording import core_of, find_same_kind, reword

__all__ = ["not_this_but_that", "restated_request", "restated_values"]

_POINTING = frozenset({"it", "that", "this", "to", "one", "i", "mean", "meant"})


def _new_words(unit: Unit, text: str) -> tuple[int, int] | None:
    if "restates" in unit.extra:
        span: tuple[int, int] = unit.extra["restates"]
        return span
    phrase = unit.phrase
    if phrase is not None and phrase.target is not None:
        tokens = [t for t in unit.clause.tokens if phrase.target[0] <= t.start and t.end <= phrase.target[1]]
    else:
        tokens = [t for t in unit.clause.tokens[unit.clause.body :] if t.is_word]
    while tokens and tokens[0].low in _POINTING:
        tokens = tokens[1:]
    if not tokens or len(tokens) > 4:
        return None
    return tokens[0].start, tokens[-1].end


def _same_verb_intent(verb: str, base_intents: Sequence[Mapping[str, Any]]) -> str | None:
    """ "Actually, call Jim instead" over "Call Tom and email Sue": the one baseline request of that verb."""
    found = [i for i in base_intents if str(i.get("action") or "").lower().split()[:1] == [verb]]
    return str(found[0]["id"]) if len(found) == 1 else None


def restated_request(
    unit: Unit, text: str, base_intents: Sequence[Mapping[str, Any]]
) -> tuple[str, str | None, str | None] | None:
    """(baseline id, new target words, new action) for a follow-up that restates a request in new words.

    "Actually, call Jim instead" (the request of that verb, new object), "change the flight to
    Milan" (the request the words name, new object), "Actually text them instead" (new action,
    same object), "Sorry, to Beth" (new words for the request that has words of that kind).
    """
    phrase, flags = unit.phrase, unit.clause.flags
    if not base_intents:
        return None
    if phrase is not None and phrase.target is not None:
        target = text[phrase.target[0] : phrase.target[1]]
        lows = target.lower().split()
        same = _same_verb_intent(phrase.verb, base_intents) if "correction" in flags else None
        if same is not None:
            return same, target, None
        if phrase.verb in CORRECTION_VERBS and " to " in f" {target.lower()} " and lows[0] not in _POINTING:
            named, _, new = target.rpartition(" to ")
            found = resolve_reference(named, base_intents, [], by_words=True)
            if found is not None and found[0] == "intent" and new.strip():
                return found[1], new.strip(), None
        instead = any(t.low == "instead" for t in unit.clause.tokens)
        if "correction" in flags and instead and lows[0] in ("it", "them", "that", "this", "her", "him"):
            return str(base_intents[-1]["id"]), None, text[phrase.action[0] : phrase.action[1]]
        return None
    if "correction" not in flags:
        return None
    span = _new_words(unit, text)
    if span is None:
        return None
    words = text[span[0] : span[1]]
    for intent in reversed(base_intents):
        said = intent.get("target")
        rewording = reword(said, words) if isinstance(said, str) and said else None
        if rewording is not None and (rewording.start > 0 or rewording.end < len(said or "")):
            return str(intent["id"]), words, None
    return (str(base_intents[0]["id"]), words, None) if len(base_intents) == 1 else None


def not_this_but_that(tokens: list[Token], base_intents: Sequence[Mapping[str, Any]]) -> tuple[int, int] | None:
    """ "Not 000111, 000112": the span of the value that replaces a baseline value the clause names first."""
    words = [t for t in tokens if t.low != "."]
    if len(words) < 4 or words[0].low != "not":
        return None
    cut = next((i for i, t in enumerate(words) if t.low in (",", "but")), None)
    if cut is None or cut < 2 or cut + 1 >= len(words):
        return None
    old = " ".join(t.low for t in words[1:cut])
    rest = [t for t in words[cut + 1 :] if t.low not in ("but", "rather", ",")]
    values = {str(value).lower() for intent in base_intents if isinstance(intent.get("inputs"), Mapping)
              for value in intent["inputs"].values()}  # fmt: skip
    if not rest or old not in values:
        return None
    return rest[0].start, rest[-1].end


def restated_values(unit: Unit, text: str, base_intents: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Field values ``unit`` restates: its words put for a baseline value of the same kind."""
    span = _new_words(unit, text)
    if span is None:
        return []
    words = text[span[0] : span[1]]
    core = core_of(words)
    if core is None:
        return []
    value = words[core[1] : core[2]]
    out: list[dict[str, Any]] = []
    for intent in reversed(base_intents):
        inputs, target = intent.get("inputs"), intent.get("target")
        if not isinstance(inputs, Mapping) or not isinstance(target, str):
            continue
        found = find_same_kind(target, words)
        if found is None:
            continue
        replaced = target[found[0] : found[1]]
        for name, old in inputs.items():
            if isinstance(old, str) and old.lower() == replaced.lower() and old != value:
                out.append({"field": name, "value": value, "evidence": value, "source": "input",
                            "pointer": None, "candidates": None})  # fmt: skip
        if out:
            break
    return out
