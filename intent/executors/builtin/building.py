"""Building the candidate object from the settled units: intents, updates, removals, constraints, relations."""

from __future__ import annotations

from typing import Any

from intent.executors.builtin.self_correction import correction_update, retraction_removal
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.structure import attach_constraints, sequence_relations
from intent.executors.builtin.tool_specs import request_domain
from intent.executors.builtin.units import Unit, clause_span

__all__ = ["build"]


def _dependencies(intents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """ "Download the report and email it": a request that points back at an earlier one needs its outcome."""
    keys = {intent["key"] for intent in intents}
    out: list[dict[str, Any]] = []
    for intent in intents:
        for reference in intent["references"]:
            earlier = reference["refersTo"]
            relation = {"kind": "dependency", "from": earlier, "to": intent["key"]}
            if earlier in keys and earlier != intent["key"] and relation not in out:
                out.append(relation)
    return out


def _turn_kinds(state: Recognition) -> list[str]:
    """Key the new requests (i1, i2, ...) and list what each unit does to the conversation."""
    turn_kinds: list[str] = []
    count = 0
    for unit in state.units:
        if unit.role == "intent":
            count += 1
            unit.key = f"i{count}"
            turn_kinds.append("addition")
        elif unit.role == "update":
            turn_kinds.append(unit.extra["turn"])
        elif unit.role == "removal":
            turn_kinds.append("cancellation")
    return turn_kinds


def _add_update(state: Recognition, unit: Unit, updates: dict[str, dict[str, Any]]) -> None:
    assert unit.owner is not None and unit.key is not None
    start, end = clause_span(unit.clause)
    entry = updates.setdefault(
        unit.key,
        {"id": unit.key, "evidence": state.text[start:end], "action": None, "target": None, "fields": []},
    )
    entry["fields"].extend(unit.owner.fields)
    if unit.extra.get("target"):
        entry["target"] = unit.extra["target"]
    if unit.extra.get("action"):
        entry["action"] = unit.extra["action"]


def _add_removals(unit: Unit, removals: list[dict[str, Any]]) -> None:
    assert unit.removal is not None
    for removal in [unit.removal, *unit.extra.get("more", [])]:
        if all(r["id"] != removal["id"] for r in removals):
            removals.append(removal)


def build(state: Recognition) -> dict[str, Any]:
    intents: list[dict[str, Any]] = []
    updates: dict[str, dict[str, Any]] = {}
    removals: list[dict[str, Any]] = []
    turn_kinds = _turn_kinds(state)
    last_base = str(state.base_intents[-1]["id"]) if state.base_intents else None
    previous_key: str | None = None
    for position, unit in enumerate(state.units):
        if unit.role == "intent":
            assert unit.phrase is not None and unit.owner is not None and unit.key is not None
            intents.append(_intent(state, unit, previous_key or last_base))
            previous_key = unit.key
            if intents[-1]["target"] is None:
                intents[-1]["target"] = _shared_object(state, position)
        elif unit.role == "update":
            _add_update(state, unit, updates)
        elif unit.role == "removal":
            _add_removals(unit, removals)
        elif unit.role == "correction":  # in this turn: "..., no wait, make it $300"
            updates[f"{unit.extra['of'].key}#{position}"] = correction_update(unit, state.text)
        elif unit.role == "retraction":  # in this turn: "..., actually never mind"
            removals.append(retraction_removal(unit, state.text))
    if state.baseline is None:
        turn = "request"
    else:
        turn = turn_kinds[0] if turn_kinds else "addition"
    return {
        "turnKind": turn,
        "intents": intents,
        "constraints": attach_constraints(state.units, state.text),
        "relations": sequence_relations(state.units, last_base) + _dependencies(intents),
        "updates": list(updates.values()),
        "removals": removals,
    }


def _shared_object(state: Recognition, position: int) -> str | None:
    """ "Print and sign the form": a bare verb joined by "and" shares the next request's object."""
    unit = state.units[position]
    following = state.units[position + 1] if position + 1 < len(state.units) else None
    phrase = unit.phrase
    if (
        following is None
        or following.role != "intent"
        or following.clause.link != "and"
        or following.clause.sentence != unit.clause.sentence
        or following.phrase is None
        or following.phrase.target is None
        or phrase is None
        or phrase.action[1] != phrase.evidence[1]  # only a verb, nothing after it
        or " " in state.text[phrase.action[0] : phrase.action[1]]  # "Log out" stands alone
    ):
        return None
    start, end = following.phrase.target
    return state.text[start:end]


def _intent(state: Recognition, unit: Unit, refers_to: str | None) -> dict[str, Any]:
    phrase = unit.phrase
    assert phrase is not None and unit.owner is not None
    text = state.text
    evidence = text[phrase.evidence[0] : phrase.evidence[1]]
    return {
        "key": unit.key,
        "evidence": evidence,
        "action": text[phrase.action[0] : phrase.action[1]],
        "target": text[phrase.target[0] : phrase.target[1]] if phrase.target else None,
        "domain": request_domain(state, unit),
        "understanding": "ambiguous" if phrase.alternatives else "clear",
        "readings": phrase.alternatives,
        "references": [{"text": text[s:e], "refersTo": refers_to} for s, e in phrase.references],
        "fields": unit.owner.fields,
    }
