"""How the parts of a request hang together: which intent a constraint governs, what comes first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from intent.executors.builtin.units import Unit, constraint_text

__all__ = ["attach_constraints", "sequence_relations"]


def attach_constraints(units: Sequence[Unit], text: str) -> list[dict[str, Any]]:
    """Each constraint with the intent it governs: in its sentence, a leading condition governs the
    request after it and anything else the request before it; alone in its sentence, it governs
    the only request there is, or the whole request (``appliesTo`` null)."""
    anchors = [u for u in units if u.role in ("intent", "update") and u.key is not None]
    anchor_ids = {id(u) for u in anchors}
    by_sentence: dict[int, list[tuple[int, Unit]]] = {}
    for position, unit in enumerate(units):
        if id(unit) in anchor_ids:
            by_sentence.setdefault(unit.clause.sentence, []).append((position, unit))
    out: list[dict[str, Any]] = []
    for position, unit in enumerate(units):
        if unit.role != "constraint":
            continue
        same = by_sentence.get(unit.clause.sentence, [])
        before = [u for p, u in same if p < position]
        after = [u for p, u in same if p > position]
        governed: Unit | None
        if unit.clause.constraint_kind == "condition" and not before and after:
            governed = after[0]
        elif before:
            governed = before[-1]
        elif after:
            governed = after[0]
        else:
            governed = anchors[0] if len(anchors) == 1 else None
        out.append({
            "kind": unit.clause.constraint_kind or "requirement",
            "text": constraint_text(text, unit.clause),
            "appliesTo": governed.key if governed is not None else None,
        })  # fmt: skip
    return out


def sequence_relations(units: Sequence[Unit], last_baseline_id: str | None) -> list[dict[str, Any]]:
    """``sequence`` relations from sequence words ("then", "after that") and from "before/after you"
    clauses, which order the request they belong to against the main one of their sentence."""
    out: list[dict[str, Any]] = []
    intents = [u for u in units if u.role == "intent"]

    def add(first: str | None, then: str | None) -> None:
        relation = {"kind": "sequence", "from": first, "to": then}
        if first and then and first != then and relation not in out:
            out.append(relation)

    for position, unit in enumerate(intents):
        marker = unit.clause.marker
        if marker in ("after", "before", "once"):
            earlier = [u for u in intents[:position] if u.clause.sentence == unit.clause.sentence]
            later = [u for u in intents[position + 1 :] if u.clause.sentence == unit.clause.sentence]
            main = earlier[-1] if earlier else later[0] if later else None
            if main is not None:
                if marker == "before":
                    add(main.key, unit.key)
                else:
                    add(unit.key, main.key)
        elif "then" in unit.clause.flags or unit.clause.link == "then":
            add(intents[position - 1].key if position else last_baseline_id, unit.key)
    return out
