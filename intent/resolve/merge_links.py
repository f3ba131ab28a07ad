"""Turn merging, what links intents: constraints (on one intent or the request) and relations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.resolve.catalog_hooks import forbid_tools
from intent.resolve.quotes import ground
from intent.resolve.resolution import ADD_DESCRIPTION, Resolution
from intent.result.models import Change, ChangeTarget, Constraint, ConstraintScope, Relation, SourceRef


def add_constraint(resolution: Resolution, item: Mapping[str, Any], path: str) -> None:
    """A grounded constraint on the intent it names, or on the whole request."""
    ref = item["appliesTo"]
    if ref is not None and ref in resolution.dropped_keys:
        resolution.issue("UNGROUNDED", "the constraint's intent was dropped; so was the constraint",
                         f"{path}/appliesTo")
        return
    grounded = ground(resolution, item["text"], f"{path}/text", "constraint")
    if grounded is None:
        return
    text, span = grounded
    ident = resolution.ids.take("constraint")
    owner_id = resolution.resolve_ref(ref)
    if ref is not None and owner_id is None:
        resolution.issue("REFERENCE_UNKNOWN", f"{ref!r} is not an intent; the constraint applies to the request",
                         f"{path}/appliesTo")
    owner = resolution.intent(owner_id) if owner_id else None
    if owner is not None:
        constraint = Constraint(id=ident, kind=item["kind"], text=text,
                                scope=ConstraintScope(type="intent", intentId=owner.id))
        owner.constraints.append(constraint)
    else:
        constraint = Constraint(id=ident, kind=item["kind"], text=text, scope=ConstraintScope(type="request"))
        resolution.state.constraints.append(constraint)
    catalog = resolution.config.catalog
    if constraint.kind == "prohibition" and catalog is not None:
        forbid_tools(catalog, constraint, [owner] if owner is not None else resolution.state.intents)
    resolution.changes.append(Change(operation="add", target=ChangeTarget(kind="constraint", id=ident),
                                     description=ADD_DESCRIPTION, sourceRefs=[resolution.ref(span)],
                                     effect="applied"))


def add_relation(resolution: Resolution, item: Mapping[str, Any], path: str) -> None:
    """A relation between two distinct intents that were kept; otherwise dropped with an issue."""
    ends = [resolution.resolve_ref(item["from"]), resolution.resolve_ref(item["to"])]
    if ends[0] is None or ends[1] is None or ends[0] == ends[1]:
        resolution.issue("RELATION_DROPPED", "a relation needs two distinct intents that were kept", path)
        return
    ident = resolution.ids.take("relation")
    resolution.state.relations.append(Relation(id=ident, kind=item["kind"], **{"from": ends[0]}, to=ends[1]))
    resolution.changes.append(Change(operation="add", target=ChangeTarget(kind="relation", id=ident),
                                     description=ADD_DESCRIPTION, sourceRefs=[SourceRef(root="input", pointer="")],
                                     effect="applied"))
