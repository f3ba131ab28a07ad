"""Turn merging, intents: new intents from this turn, and updates to the baseline's intents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.grounding import Span
from intent.resolve.catalog_hooks import intent_extensions
from intent.resolve.correcting import Correcting, Said
from intent.resolve.field_values import apply_field_values
from intent.resolve.quotes import ground
from intent.resolve.resolution import ADD_DESCRIPTION, Resolution
from intent.result.models import Change, ChangeTarget, IntentNode, Reference


def add_intent(resolution: Resolution, item: Mapping[str, Any], path: str) -> None:
    """A new intent: its evidence and action must be grounded, or it (and what hangs on its key) is dropped."""
    evidence = ground(resolution, item["evidence"], f"{path}/evidence", "intent evidence")
    if evidence is None:
        resolution.dropped_keys.add(item["key"])
        return
    span = evidence[1]
    action = ground(resolution, item["action"], f"{path}/action", "action")
    if action is None:
        resolution.dropped_keys.add(item["key"])
        return
    target = None
    grounded = None
    if item["target"] is not None:
        grounded = ground(resolution, item["target"], f"{path}/target", "target")
        target = grounded[0] if grounded else None
    ident = resolution.ids.take("intent")
    resolution.keys[item["key"]] = ident
    resolution.said[ident] = Said(evidence[0], span.start, grounded[1].start if grounded else None)
    ambiguous = item["understanding"] == "ambiguous" and len(item["readings"]) >= 2
    domain = _domain(resolution, item["domain"], f"{path}/domain")
    node = IntentNode(
        id=ident, domain=domain, action=action[0], target=target,
        goal=f"{action[0]} {target}" if target else action[0],
        understanding="ambiguous" if ambiguous else "clear",
        constraints=[], inputs={}, references=_references(resolution, item["references"], path),
        children=[],
        extensions=intent_extensions(resolution.config.catalog, domain, item["readings"] if ambiguous else None),
    )
    resolution.state.intents.append(node)
    apply_field_values(resolution, node, item["fields"], path)
    resolution.turn_intents.append(ident)
    resolution.changes.append(Change(operation="add", target=ChangeTarget(kind="intent", id=ident),
                                     description=ADD_DESCRIPTION, sourceRefs=[resolution.ref(span)],
                                     effect="applied"))


def update_intent(resolution: Resolution, item: Mapping[str, Any], path: str) -> None:
    """A change to a baseline intent, or to one of this turn (a self-correction, named by its key);
    rejected (with a reason) when the id or the evidence does not hold. Every part of the intent
    that quoted the replaced words is rewritten, each as its own change (``correcting``)."""
    ident = resolution.keys.get(item["id"], item["id"])
    node = resolution.intent(ident)
    grounded = ground(resolution, item["evidence"], f"{path}/evidence", "update evidence")
    span = grounded[1] if grounded else None
    target = ChangeTarget(kind="intent", id=ident)
    if node is None or grounded is None:
        reason = (f"{ident!r} is not an intent of the baseline" if node is None
                  else "its evidence is not in the input")
        resolution.changes.append(Change(operation="update", target=target, description="Update the intent",
                                         sourceRefs=[resolution.ref(span)], effect="rejected", reason=reason))
        return
    said = resolution.said.get(ident)
    base = resolution.request.baseline
    index = next((i for i, n in enumerate(base.intents) if n.id == ident), None) if base else None
    correcting = Correcting(node, said, index, lambda start, end: resolution.ref(Span(start, end, "exact")))
    if item["action"] is not None:
        action = ground(resolution, item["action"], f"{path}/action", "action")
        if action is not None:
            correcting.set_action(action[0], resolution.ref(action[1]))
    if item["target"] is not None:
        new_target = ground(resolution, item["target"], f"{path}/target", "target")
        if new_target is not None:
            correcting.set_target(new_target[0], resolution.ref(new_target[1]))
    before = dict(node.inputs)
    before_refs = {key[1]: list(c.source_refs) for key, c in resolution.checked.items() if key[0] == ident}
    names = apply_field_values(resolution, node, item["fields"], path)
    for name in names:
        evidence = next((str(f.get("evidence") or "") for f in item["fields"] if f["field"] == name), "")
        checked = resolution.checked.get((ident, name))
        correcting.field_changed(name, before.get(name), node.inputs.get(name), evidence,
                                 list(checked.source_refs) if checked else [], before_refs.get(name, []))
    correcting.finish()
    if ident not in resolution.turn_intents:
        resolution.turn_intents.append(ident)
    if names and said is None:
        resolution.changes.append(Change(operation="update", target=target,
                                         description=f"Update {', '.join(names)} from this turn",
                                         sourceRefs=[resolution.ref(span)], effect="applied"))
    resolution.changes.extend(correcting.changes)
    if not names and not correcting.changes:
        resolution.changes.append(Change(operation="update", target=target, description="Update the intent",
                                         sourceRefs=[resolution.ref(span)], effect="rejected",
                                         reason="nothing in the update could be grounded"))


def _references(resolution: Resolution, items: list[Mapping[str, Any]], path: str) -> list[Reference]:
    out: list[Reference] = []
    for index, item in enumerate(items):
        grounded = ground(resolution, item["text"], f"{path}/references/{index}/text", "reference")
        if grounded is not None:
            out.append(Reference(text=grounded[0], refersTo=resolution.resolve_ref(item["refersTo"])))
    return out


def _domain(resolution: Resolution, domain: str | None, path: str) -> str | None:
    if domain is None:
        return None
    if domain not in (resolution.config.domains or ()):
        resolution.issue("DOMAIN_UNKNOWN", f"domain {domain!r} is not configured; it was cleared", path)
        return None
    return domain
