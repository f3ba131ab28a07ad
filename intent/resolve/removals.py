"""Turn merging, removals: an intent or constraint of the baseline, taken out as the turn asks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.grounding import Span
from intent.resolve.quotes import ground
from intent.resolve.resolution import Resolution
from intent.result.models import Change, ChangeTarget, Constraint


def remove(resolution: Resolution, item: Mapping[str, Any], path: str) -> None:
    """Apply one removal; rejected (with a reason) when its evidence or its target does not hold."""
    kind, ident = item["kind"], item["id"]
    if kind == "intent":
        ident = resolution.keys.get(ident, ident)  # a request of this same turn, taken back
    grounded = ground(resolution, item["evidence"], f"{path}/evidence", "removal evidence")
    span = grounded[1] if grounded else None
    target = ChangeTarget(kind=kind, id=ident)
    description = f"Remove {kind} {ident} as asked in this turn"
    if grounded is None:
        resolution.changes.append(Change(operation="remove", target=target, description=description,
                                         sourceRefs=[], effect="rejected", reason="its evidence is not in the input"))
        return
    said = resolution.said.get(ident) if kind == "intent" else None
    removed = _remove_intent(resolution, ident) if kind == "intent" else _remove_constraint(resolution, ident)
    refs = [resolution.ref(span)]
    if said is not None:  # what is taken back, then the words taking it back
        refs.insert(0, resolution.ref(Span(said.evidence_start, said.evidence_start + len(said.evidence), "exact")))
    resolution.changes.append(Change(
        operation="remove", target=target, description=description, sourceRefs=refs,
        effect="applied" if removed else "rejected",
        reason=None if removed else f"{ident!r} is not a {kind} of the baseline"))


def _remove_intent(resolution: Resolution, ident: str) -> bool:
    state = resolution.state
    node = resolution.intent(ident)
    if node is None:
        return False
    state.intents.remove(node)
    state.relations = [r for r in state.relations if ident not in (r.from_, r.to)]
    resolution.turn_intents = [i for i in resolution.turn_intents if i != ident]
    return True


def _remove_constraint(resolution: Resolution, ident: str) -> bool:
    state = resolution.state
    holders: list[list[Constraint]] = [state.constraints, *(i.constraints for i in state.intents)]
    for constraints in holders:
        for constraint in constraints:
            if constraint.id == ident:
                constraints.remove(constraint)
                return True
    return False
