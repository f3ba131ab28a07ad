"""Placing field values: which request each verbless fragment belongs to, then the values and the context."""

from __future__ import annotations

from collections.abc import Mapping

from intent.executors.builtin.answers import answers_open_question
from intent.executors.builtin.fields import FieldSpec, Owner, extract_fields
from intent.executors.builtin.state import Recognition
from intent.executors.builtin.tool_specs import request_specs
from intent.executors.builtin.trained import trained_fields
from intent.executors.builtin.units import Unit, clause_span
from intent.pointer import join_pointer

__all__ = ["place_fields"]


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def place_fields(state: Recognition) -> None:
    owners: list[Owner] = []
    for index, unit in enumerate(state.units):
        if unit.role in ("intent", "update?", "correction"):
            unit.owner = Owner(f"o{index}", [clause_span(unit.clause)], [])
            owners.append(unit.owner)
    # The nearest request before and after each unit, kept as the loop goes (a fragment that
    # becomes an update hosts the ones after it), so finding hosts is linear in the units.
    hosts = ("intent", "update?")
    after: list[Unit | None] = [None] * len(state.units)
    for index in range(len(state.units) - 2, -1, -1):
        following = state.units[index + 1]
        after[index] = following if following.role in hosts else after[index + 1]
    before: Unit | None = None
    for index, unit in enumerate(state.units):
        if unit.role != "fragment":
            before = unit if unit.role in hosts else before
            continue
        host = _host(state, index, before, after[index])
        if host is not None and host.owner is not None:
            host.owner.spans.append(clause_span(unit.clause))
            if unit.extra.get("statement"):
                host.owner.background.append(clause_span(unit.clause))
        elif state.baseline is not None:
            unit.role = "update?"
            if answers_open_question(state, unit.clause):  # "12" after "What is the pet id to delete?"
                unit.extra["answers"] = True
            unit.owner = Owner(f"o{index}", [clause_span(unit.clause)], [])
            owners.append(unit.owner)
            before = unit
    if len(owners) == 1 and state.baseline is None:
        owners[0].spans = [(0, len(state.text))]
    excluded = [
        clause_span(u.clause)
        for u in state.units
        if u.role == "constraint" and u.clause.constraint_kind in ("prohibition", "condition")
    ]
    # "will I need a raincoat when I go to Glasgow on Sunday": the day of a "when" clause is the
    # day the request is about (an "if" clause's is not: "if it rains tomorrow" may be any day's rule)
    timing = [
        clause_span(u.clause)
        for u in state.units
        if u.role == "constraint" and u.clause.constraint_kind == "condition"
        and u.clause.body < len(u.clause.tokens) and u.clause.tokens[u.clause.body].low == "when"
    ]
    # A correction's values are read apart: they restate fields its request already has.
    corrections = [u.owner for u in state.units if u.role == "correction" and u.owner is not None]
    owners = [o for o in owners if all(o is not c for c in corrections)]
    for specs, group in _by_fields(state, owners):
        extract_fields(state.reading, specs, group, excluded, state.reference_time, state.temporal, timing)
    for owner in corrections:
        extract_fields(state.reading, state.specs, [owner], excluded, state.reference_time, state.temporal, timing)
    trained_fields(state, owners)
    _context_fields(state, owners)


def _by_fields(state: Recognition, owners: list[Owner]) -> list[tuple[list[FieldSpec], list[Owner]]]:
    """The owners grouped by the fields they are read with (a catalog tool's own, else all of them).

    Each owner holds its own stretches of text, so reading the groups apart assigns no mention twice.
    """
    units = {id(unit.owner): unit for unit in state.units if unit.owner is not None}
    groups: list[tuple[list[FieldSpec], list[Owner]]] = []
    for owner in owners:
        unit = units.get(id(owner))
        specs = request_specs(state, unit) if unit is not None else state.specs
        for known, group in groups:
            if known == specs:
                group.append(owner)
                break
        else:
            groups.append((specs, [owner]))
    return groups


def _context_fields(state: Recognition, owners: list[Owner]) -> None:
    """Fields the text leaves open but the request's context states under the field's own name."""
    if not isinstance(state.context, Mapping) or not owners:
        return
    filled = {f["field"] for owner in owners for f in owner.fields}
    keys = {_key(k): k for k in state.context if isinstance(k, str)}
    unit = next((u for u in state.units if u.owner is owners[0]), None)
    for spec in request_specs(state, unit) if unit is not None else state.specs:
        original = keys.get(_key(spec.name))
        if spec.name in filled or original is None:
            continue
        value = state.context[original]
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            continue
        pointer = join_pointer(original)
        owners[0].fields.append({
            "field": spec.name, "value": value, "evidence": str(value), "source": "context",
            "pointer": pointer, "candidates": None,
        })  # fmt: skip


def _host(state: Recognition, index: int, before: Unit | None, after: Unit | None) -> Unit | None:
    """The request a verbless fragment belongs to: before it in its sentence, else before, else after.

    ``before`` and ``after`` are the nearest requests on either side of unit ``index``.
    """
    sentence = state.units[index].clause.sentence
    if before is not None and before.clause.sentence == sentence:
        return before
    if state.baseline is not None:
        return None
    if before is not None:
        return before
    return after
