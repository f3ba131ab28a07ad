"""Settling a follow-up turn: which clauses update a baseline request, and which request they update."""

from __future__ import annotations

from collections.abc import Mapping

from intent.executors.builtin.fields import Owner
from intent.executors.builtin.followup import resolve_reference
from intent.executors.builtin.lexicon import AMBIGUOUS_VERBS
from intent.executors.builtin.restating import restated_request, restated_values
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.units import Unit

__all__ = ["settle"]


def _update_target(state: Recognition, unit: Unit, names: set[str]) -> tuple[str | None, str]:
    """(baseline id, turn kind) for an update that sets ``names``."""
    for item in state.unresolved:
        if item.get("field") in names and isinstance(item.get("intentId"), str):
            kind = "correction" if "correction" in unit.clause.flags else "answer"
            return str(item["intentId"]), kind
    for intent in state.base_intents:
        inputs = intent.get("inputs")
        if isinstance(inputs, Mapping) and names & set(inputs):
            return str(intent["id"]), "correction"
    phrase = unit.phrase
    if phrase is not None and phrase.target is not None:
        words = state.text[phrase.target[0] : phrase.target[1]]
        found = resolve_reference(words, state.base_intents, [], by_words=True)
        if found is not None and found[0] == "intent":
            return found[1], "correction"
    if state.base_intents:
        return str(state.base_intents[-1]["id"]), "correction"
    return None, "correction"


def _refines_baseline(state: Recognition, unit: Unit) -> bool:
    """A follow-up clause that only restates a baseline request with new values.

    "Order number 202020." answers an open question with a noun-like verb; "Send it to
    jane@example.net." points back with a pronoun and supplies a field.
    """
    phrase, owner = unit.phrase, unit.owner
    if state.baseline is None or phrase is None or owner is None or not owner.fields or "also" in unit.clause.flags:
        return False
    names = {f["field"] for f in owner.fields}
    open_fields = {u.get("field") for u in state.unresolved}
    if phrase.verb in AMBIGUOUS_VERBS and names & open_fields:
        return True
    target = state.text[phrase.target[0] : phrase.target[1]].lower().split() if phrase.target else []
    return bool(target) and target[0] in ("it", "that", "them", "this")


def _settle_candidates(state: Recognition, owner: Owner, target_id: str) -> None:
    """Pick among a corrected value's readings the one of the same kind as the baseline's ("7:30" -> pm)."""
    intent = next((i for i in state.base_intents if i.get("id") == target_id), None)
    inputs = intent.get("inputs") if intent else None
    if not isinstance(inputs, Mapping):
        return
    for item in owner.fields:
        before = inputs.get(item["field"])
        options = item.get("candidates") or []
        if item["value"] is not None or not isinstance(before, str) or len(before) < 5 or before[2] != ":":
            continue
        same_half = [o for o in options if isinstance(o, str) and o[:2].isdigit() and
                     (int(o[:2]) >= 12) == (int(before[:2]) >= 12)]  # fmt: skip
        if len(same_half) == 1:
            item["value"], item["candidates"] = same_half[0], None


def settle(state: Recognition) -> None:
    for unit in state.units:
        if unit.role == "intent" and _refines_baseline(state, unit):
            unit.role = "update?"
        if unit.role != "update?":
            continue
        assert unit.owner is not None
        if "restates" in unit.extra:  # "Not 000111, 000112": only the second value is meant
            unit.owner.fields.clear()
        if not unit.owner.fields and ("correction" in unit.clause.flags or unit.phrase is not None or
                                      "restates" in unit.extra):  # fmt: skip
            unit.owner.fields.extend(restated_values(unit, state.text, state.base_intents))  # "Actually, Paris"
        names = {f["field"] for f in unit.owner.fields}
        phrase = unit.phrase
        new_target: str | None = None
        if not names and phrase is not None and phrase.target is not None:
            target_text = state.text[phrase.target[0] : phrase.target[1]]
            lows = target_text.lower().split()
            if lows[:1] == ["it"] and len(lows) > 1:
                # "make it a hotel", "change it to Paris": the rest is the new target
                rest = target_text[len(target_text.split()[0]) :].strip()
                rest = rest[3:].strip() if rest.lower().startswith("to ") else rest
                new_target = rest or None
        known = {str(u.get("field")) for u in state.unresolved}
        for intent in state.base_intents:
            inputs = intent.get("inputs")
            known |= set(inputs) if isinstance(inputs, Mapping) else set()
        changes_baseline = unit.extra.get("points back", True) or bool(names & known)
        restated = restated_request(unit, state.text, state.base_intents) if not names and not new_target else None
        if restated is not None:  # "Actually, call Jim instead", "Sorry, to Beth": new words for that request
            unit.role, unit.key = "update", restated[0]
            unit.extra.update(turn="correction", target=restated[1], action=restated[2])
            continue
        if (names or new_target) and changes_baseline:
            target_id, kind = _update_target(state, unit, names)
            if target_id is None:
                unit.role = "other"
                continue
            unit.role = "update"
            unit.key = target_id
            _settle_candidates(state, unit.owner, target_id)
            unit.extra["turn"] = kind
            unit.extra["target"] = new_target
        elif unit.extra.get("constraint"):
            unit.role = "constraint"
        elif phrase is not None:
            unit.role = "intent"
        else:
            unit.role = "other"
