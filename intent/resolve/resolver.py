"""Candidate -> IntentResult: ground every claim, merge the turn into the baseline, judge the state.

The model proposes; this module verifies. A claim whose quote cannot be found in the input is
dropped with an UNGROUNDED issue; a field value must be read from its evidence and fit its Schema.
Ids are deterministic (``intent-1``, ``constraint-1``, ...) and a baseline's ids never change.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from intent.catalog_view import CatalogView
from intent.config import IntentConfig
from intent.grounding import Span, align
from intent.pointer import escape_token
from intent.request import NormalizedRequest
from intent.resolve.correcting import Correcting, Said
from intent.resolve.fields import CheckedValue, check_field_value
from intent.result.models import (
    Change,
    ChangeTarget,
    Constraint,
    ConstraintScope,
    EffectiveState,
    FieldResult,
    Inference,
    IntentNode,
    IntentResult,
    Issue,
    Reference,
    Relation,
    SourceRef,
    Turn,
    TurnKind,
    Unresolved,
)

ADD_DESCRIPTION = "Add the explicit request from this turn"
_ID_NUMBER = re.compile(r"-(\d+)$")


class _Ids:
    """Hands out the next id of each kind after the highest one the baseline holds."""

    def __init__(self, used: Iterable[str]) -> None:
        self._next: dict[str, int] = {}
        for ident in used:
            match = _ID_NUMBER.search(ident)
            if match:
                prefix = ident[: match.start()]
                self._next[prefix] = max(self._next.get(prefix, 1), int(match.group(1)) + 1)

    def take(self, prefix: str) -> str:
        number = self._next.get(prefix, 1)
        self._next[prefix] = number + 1
        return f"{prefix}-{number}"


class _Resolution:
    """One turn's work: the effective state being built and what was said about it."""

    def __init__(self, candidate: Mapping[str, Any], request: NormalizedRequest, config: IntentConfig) -> None:
        self.candidate = candidate
        self.request = request
        self.config = config
        baseline = request.baseline
        self.state = (baseline.model_copy(deep=True) if baseline else
                      EffectiveState(coverage="none", scope="current_request", intents=[], constraints=[],
                                     relations=[], unresolved=[]))
        used = [i.id for i in self.state.intents] + [r.id for r in self.state.relations]
        used += [c.id for c in self._all_constraints()]
        self.ids = _Ids(used)
        self.keys: dict[str, str] = {}  # candidate key -> intent id
        self.said: dict[str, Said] = {}  # intent id -> where this turn asked for it
        self.dropped_keys: set[str] = set()
        self.changes: list[Change] = []
        self.issues: list[Issue] = []
        self.inferences: list[Inference] = []
        self.facts: dict[str, Any] = {}
        self.turn_intents: list[str] = []
        # (intent id, field) -> how this turn established the value
        self.checked: dict[tuple[str, str], CheckedValue] = {}
        self.unplaced: dict[str, CheckedValue] = {}  # ambiguous / invalid values with no intent value

    # --- helpers -------------------------------------------------------------------------------
    def _all_constraints(self) -> list[Constraint]:
        return [*self.state.constraints, *(c for i in self.state.intents for c in i.constraints)]

    def _intent(self, ident: str) -> IntentNode | None:
        return next((i for i in self.state.intents if i.id == ident), None)

    def _ref(self, span: Span | None) -> SourceRef:
        if span is not None and self.request.spans:
            return SourceRef(root="input", pointer="", start=span.start, end=span.end)
        return SourceRef(root="input", pointer="")

    def _ground(self, quote: str, path: str, what: str) -> tuple[str, Span] | None:
        span = align(quote, self.request.input)
        if span is None:
            self.issue("UNGROUNDED", f"{what} {quote!r} is not in the input; it was dropped", path)
            return None
        return self.request.input[span.start:span.end], span

    def issue(self, code: str, message: str, path: str, severity: str = "warning") -> None:
        self.issues.append(Issue(code=code, severity=severity, message=message, path=path))  # type: ignore[arg-type]

    def _resolve_ref(self, ref: str | None) -> str | None:
        if ref is None:
            return None
        if ref in self.keys:
            return self.keys[ref]
        return ref if self._intent(ref) is not None else None

    # --- the turn ------------------------------------------------------------------------------
    def run(self) -> IntentResult:
        c = self.candidate
        for index, item in enumerate(c["intents"]):
            self._add_intent(item, f"/intents/{index}")
        for index, item in enumerate(c["updates"]):
            self._update_intent(item, f"/updates/{index}")
        for index, item in enumerate(c["constraints"]):
            self._add_constraint(item, f"/constraints/{index}")
        for index, item in enumerate(c["relations"]):
            self._add_relation(item, f"/relations/{index}")
        for index, item in enumerate(c["removals"]):
            self._remove(item, f"/removals/{index}")
        return self._finish()

    def _fields(self, node: IntentNode, items: list[Mapping[str, Any]], path: str) -> list[str]:
        """Apply candidate field values to ``node``; return the names that changed."""
        changed: list[str] = []
        fields = self.config.fields
        for index, item in enumerate(items):
            name = item["field"]
            item_path = f"{path}/fields/{index}"
            if name not in self.request.fields:
                self.issue("FIELD_NOT_SELECTED", f"field {name!r} was not selected; it was dropped", item_path)
                continue
            checked = check_field_value(item, fields[name], self.request, item_path)
            if checked.status == "ungrounded":
                self.issue("UNGROUNDED", f"field {name!r}: {checked.reason}; it was dropped", item_path)
                continue
            if checked.status == "invalid":
                self.issue("FIELD_INVALID", f"field {name!r}: {checked.reason}", item_path)
                self.unplaced[name] = checked
                continue
            if checked.status == "ambiguous":
                self.unplaced[name] = checked
                node.inputs.pop(name, None)
                changed.append(name)
                continue
            node.inputs[name] = checked.value
            self.checked[(node.id, name)] = checked
            self.unplaced.pop(name, None)
            changed.append(name)
            for ref in checked.source_refs:
                if ref.root == "context":
                    self.facts[ref.pointer] = checked.value
            inference = checked.inference(node.id, self.request)
            if inference is not None:
                self.inferences.append(inference)
        return changed

    def _references(self, items: list[Mapping[str, Any]], path: str) -> list[Reference]:
        out: list[Reference] = []
        for index, item in enumerate(items):
            grounded = self._ground(item["text"], f"{path}/references/{index}/text", "reference")
            if grounded is not None:
                out.append(Reference(text=grounded[0], refersTo=self._resolve_ref(item["refersTo"])))
        return out

    def _domain(self, domain: str | None, path: str) -> str | None:
        if domain is None:
            return None
        if domain not in (self.config.domains or ()):
            self.issue("DOMAIN_UNKNOWN", f"domain {domain!r} is not configured; it was cleared", path)
            return None
        return domain

    def _add_intent(self, item: Mapping[str, Any], path: str) -> None:
        evidence = self._ground(item["evidence"], f"{path}/evidence", "intent evidence")
        if evidence is None:
            self.dropped_keys.add(item["key"])
            return
        span = evidence[1]
        action = self._ground(item["action"], f"{path}/action", "action")
        if action is None:
            self.dropped_keys.add(item["key"])
            return
        target = None
        grounded = None
        if item["target"] is not None:
            grounded = self._ground(item["target"], f"{path}/target", "target")
            target = grounded[0] if grounded else None
        ident = self.ids.take("intent")
        self.keys[item["key"]] = ident
        self.said[ident] = Said(evidence[0], span.start, grounded[1].start if grounded else None)
        ambiguous = item["understanding"] == "ambiguous" and len(item["readings"]) >= 2
        domain = self._domain(item["domain"], f"{path}/domain")
        node = IntentNode(
            id=ident, domain=domain, action=action[0], target=target,
            goal=f"{action[0]} {target}" if target else action[0],
            understanding="ambiguous" if ambiguous else "clear",
            constraints=[], inputs={}, references=self._references(item["references"], path),
            children=[], extensions=self._extensions(domain, item["readings"] if ambiguous else None),
        )
        self.state.intents.append(node)
        self._fields(node, item["fields"], path)
        self.turn_intents.append(ident)
        self.changes.append(Change(operation="add", target=ChangeTarget(kind="intent", id=ident),
                                   description=ADD_DESCRIPTION, sourceRefs=[self._ref(span)], effect="applied"))

    def _extensions(self, domain: str | None, readings: list[str] | None) -> dict[str, Any]:
        extensions: dict[str, Any] = {}
        catalog = self.config.catalog
        if domain is not None and catalog is not None and domain in catalog.domains:
            extensions.update(catalog.extensions_for(domain))
        if readings:
            extensions["readings"] = list(readings)
        return extensions

    def _update_intent(self, item: Mapping[str, Any], path: str) -> None:
        ident = self.keys.get(item["id"], item["id"])  # a baseline id, or the key of a request of this turn
        node = self._intent(ident)
        grounded = self._ground(item["evidence"], f"{path}/evidence", "update evidence")
        span = grounded[1] if grounded else None
        target = ChangeTarget(kind="intent", id=ident)
        if node is None or grounded is None:
            reason = (f"{ident!r} is not an intent of the baseline" if node is None
                      else "its evidence is not in the input")
            self.changes.append(Change(operation="update", target=target, description="Update the intent",
                                       sourceRefs=[self._ref(span)], effect="rejected", reason=reason))
            return
        said = self.said.get(ident)
        base = self.request.baseline
        index = next((i for i, n in enumerate(base.intents) if n.id == ident), None) if base else None
        correcting = Correcting(node, said, index, lambda start, end: self._ref(Span(start, end, "exact")))
        if item["action"] is not None:
            action = self._ground(item["action"], f"{path}/action", "action")
            if action is not None:
                correcting.set_action(action[0], self._ref(action[1]))
        if item["target"] is not None:
            new_target = self._ground(item["target"], f"{path}/target", "target")
            if new_target is not None:
                correcting.set_target(new_target[0], self._ref(new_target[1]))
        before = dict(node.inputs)
        before_refs = {key[1]: list(c.source_refs) for key, c in self.checked.items() if key[0] == ident}
        names = self._fields(node, item["fields"], path)
        for name in names:
            evidence = next((str(f.get("evidence") or "") for f in item["fields"] if f["field"] == name), "")
            checked = self.checked.get((ident, name))
            correcting.field_changed(name, before.get(name), node.inputs.get(name), evidence,
                                     list(checked.source_refs) if checked else [], before_refs.get(name, []))
        correcting.finish()
        if ident not in self.turn_intents:
            self.turn_intents.append(ident)
        if names and said is None:
            self.changes.append(Change(operation="update", target=target,
                                       description=f"Update {', '.join(names)} from this turn",
                                       sourceRefs=[self._ref(span)], effect="applied"))
        self.changes.extend(correcting.changes)
        if not names and not correcting.changes:
            self.changes.append(Change(operation="update", target=target, description="Update the intent",
                                       sourceRefs=[self._ref(span)], effect="rejected",
                                       reason="nothing in the update could be grounded"))

    def _add_constraint(self, item: Mapping[str, Any], path: str) -> None:
        ref = item["appliesTo"]
        if ref is not None and ref in self.dropped_keys:
            self.issue("UNGROUNDED", "the constraint's intent was dropped; so was the constraint", f"{path}/appliesTo")
            return
        grounded = self._ground(item["text"], f"{path}/text", "constraint")
        if grounded is None:
            return
        text, span = grounded
        ident = self.ids.take("constraint")
        owner_id = self._resolve_ref(ref)
        if ref is not None and owner_id is None:
            self.issue("REFERENCE_UNKNOWN", f"{ref!r} is not an intent; the constraint applies to the request",
                       f"{path}/appliesTo")
        owner = self._intent(owner_id) if owner_id else None
        if owner is not None:
            constraint = Constraint(id=ident, kind=item["kind"], text=text,
                                    scope=ConstraintScope(type="intent", intentId=owner.id))
            owner.constraints.append(constraint)
        else:
            constraint = Constraint(id=ident, kind=item["kind"], text=text, scope=ConstraintScope(type="request"))
            self.state.constraints.append(constraint)
        catalog = self.config.catalog
        if constraint.kind == "prohibition" and catalog is not None:
            self._forbid_tools(catalog, constraint, owner)
        self.changes.append(Change(operation="add", target=ChangeTarget(kind="constraint", id=ident),
                                   description=ADD_DESCRIPTION, sourceRefs=[self._ref(span)], effect="applied"))

    def _forbid_tools(self, catalog: CatalogView, constraint: Constraint, owner: IntentNode | None) -> None:
        # A prohibition that names a catalog operation marks that tool forbidden for this request.
        forbidden = catalog.forbidden_by(constraint.text)
        if not forbidden:
            return
        for node in [owner] if owner is not None else self.state.intents:
            tools = node.extensions.setdefault("forbiddenTools", [])
            tools.extend(t for t in forbidden if t not in tools)

    def _add_relation(self, item: Mapping[str, Any], path: str) -> None:
        ends = [self._resolve_ref(item["from"]), self._resolve_ref(item["to"])]
        if ends[0] is None or ends[1] is None or ends[0] == ends[1]:
            self.issue("RELATION_DROPPED", "a relation needs two distinct intents that were kept", path)
            return
        ident = self.ids.take("relation")
        self.state.relations.append(Relation(id=ident, kind=item["kind"], **{"from": ends[0]}, to=ends[1]))
        self.changes.append(Change(operation="add", target=ChangeTarget(kind="relation", id=ident),
                                   description=ADD_DESCRIPTION, sourceRefs=[SourceRef(root="input", pointer="")],
                                   effect="applied"))

    def _remove(self, item: Mapping[str, Any], path: str) -> None:
        kind, ident = item["kind"], item["id"]
        if kind == "intent":
            ident = self.keys.get(ident, ident)  # a request of this same turn, taken back
        grounded = self._ground(item["evidence"], f"{path}/evidence", "removal evidence")
        span = grounded[1] if grounded else None
        target = ChangeTarget(kind=kind, id=ident)
        description = f"Remove {kind} {ident} as asked in this turn"
        if grounded is None:
            self.changes.append(Change(operation="remove", target=target, description=description,
                                       sourceRefs=[], effect="rejected", reason="its evidence is not in the input"))
            return
        said = self.said.get(ident) if kind == "intent" else None
        removed = self._remove_intent(ident) if kind == "intent" else self._remove_constraint(ident)
        refs = [self._ref(span)]
        if said is not None:  # what is taken back, then the words taking it back
            refs.insert(0, self._ref(Span(said.evidence_start, said.evidence_start + len(said.evidence), "exact")))
        self.changes.append(Change(
            operation="remove", target=target, description=description, sourceRefs=refs,
            effect="applied" if removed else "rejected",
            reason=None if removed else f"{ident!r} is not a {kind} of the baseline"))

    def _remove_intent(self, ident: str) -> bool:
        node = self._intent(ident)
        if node is None:
            return False
        self.state.intents.remove(node)
        self.state.relations = [r for r in self.state.relations if ident not in (r.from_, r.to)]
        self.turn_intents = [i for i in self.turn_intents if i != ident]
        return True

    def _remove_constraint(self, ident: str) -> bool:
        holders: list[list[Constraint]] = [self.state.constraints, *(i.constraints for i in self.state.intents)]
        for constraints in holders:
            for constraint in constraints:
                if constraint.id == ident:
                    constraints.remove(constraint)
                    return True
        return False

    # --- judging the state ---------------------------------------------------------------------
    def _field_results(self) -> tuple[list[FieldResult], list[Unresolved]]:
        results: list[FieldResult] = []
        unresolved: list[Unresolved] = []
        ids = _Ids([])
        fields = self.config.fields
        intents = self.state.intents
        # An intent mapped to a catalog tool needs that tool's required inputs.
        required_by: dict[str, str] = {}
        catalog = self.config.catalog
        if catalog is not None:
            for node in intents:
                if node.domain is not None:
                    for name in catalog.required_for(node.domain):
                        required_by.setdefault(name, node.id)
        for node in intents:
            if node.understanding == "ambiguous":
                readings = node.extensions.get("readings", [])
                unresolved.append(Unresolved(
                    id=ids.take("unresolved"), kind="ambiguous_intent", intentId=node.id,
                    question="Which did you mean: " + " or ".join(map(str, readings)) + "?",
                    candidates=list(readings)))
        for name in self.request.fields:
            holders = [node for node in intents if name in node.inputs]
            values: list[Any] = []
            for node in holders:
                if node.inputs[name] not in values:
                    values.append(node.inputs[name])
            if len(values) == 1:
                node = holders[0]
                checked = self.checked.get((node.id, name))
                if checked is not None:
                    results.append(FieldResult(field=name, status=checked.status, value=values[0],  # type: ignore[arg-type]
                                               sourceRefs=checked.source_refs))
                else:  # carried over from the baseline: cite it where the baseline holds it
                    results.append(FieldResult(field=name, status="found", value=values[0], sourceRefs=[
                        SourceRef(root="baseline", pointer=self._baseline_pointer(node.id, name))]))
                continue
            first_intent = required_by.get(name, intents[0].id if intents else None)
            label = fields[name].get("description") or name
            if len(values) > 1:
                results.append(FieldResult(field=name, status="ambiguous", candidates=values, sourceRefs=[]))
                unresolved.append(Unresolved(id=ids.take("unresolved"), kind="ambiguous_field",
                                             intentId=first_intent, field=name, candidates=values,
                                             question=f"Which {label[0].lower()}{label[1:]} did you mean?"))
                continue
            pending = self.unplaced.get(name)
            if pending is not None and pending.status == "ambiguous":
                results.append(FieldResult(field=name, status="ambiguous", candidates=pending.candidates,
                                           sourceRefs=pending.source_refs))
                unresolved.append(Unresolved(id=ids.take("unresolved"), kind="ambiguous_field",
                                             intentId=first_intent, field=name, candidates=pending.candidates,
                                             question=f"Which {label[0].lower()}{label[1:]} did you mean?"))
                continue
            if pending is not None:  # invalid
                results.append(FieldResult(field=name, status="invalid", value=pending.value,
                                           sourceRefs=pending.source_refs))
            else:
                results.append(FieldResult(field=name, status="missing", sourceRefs=[]))
            if (name in self.config.required_fields or name in required_by) and first_intent is not None:
                unresolved.append(Unresolved(id=ids.take("unresolved"), kind="missing_field",
                                             intentId=first_intent, field=name,
                                             question=f"What is the {label[0].lower()}{label[1:]}?"))
        return results, unresolved

    def _baseline_pointer(self, intent_id: str, name: str) -> str:
        baseline = self.request.baseline
        index = next((i for i, node in enumerate(baseline.intents) if node.id == intent_id), 0) if baseline else 0
        return f"/intents/{index}/inputs/{escape_token(name)}"

    def _finish(self) -> IntentResult:
        request = self.request
        field_results, unresolved = self._field_results()
        self.state.unresolved = unresolved
        has_content = bool(self.state.intents or self._all_constraints())
        if not has_content:
            status = "no_intent"
        elif any(u.kind != "missing_field" for u in unresolved):
            status = "ambiguous"
        elif unresolved or any(r.status == "invalid" for r in field_results):
            status = "partial"
        else:
            status = "complete"
        dropped = any(i.code == "UNGROUNDED" for i in self.issues)
        self.state.coverage = ("none" if not has_content else
                               "complete" if status == "complete" and not dropped else "partial")
        self.state.scope = "conversation" if request.baseline is not None else "current_request"
        kind: TurnKind = self.candidate["turnKind"] if request.baseline is not None else "request"
        turn = Turn(kind=kind, normalizedInput=" ".join(request.input.split()), intentIds=self.turn_intents,
                    changes=self.changes, facts=self.facts)
        return IntentResult(input=request.input, status=status, turn=turn, effective=self.state,  # type: ignore[arg-type]
                            fieldResults=field_results, issues=self.issues, inferences=self.inferences)


def resolve(candidate: Mapping[str, Any], request: NormalizedRequest, config: IntentConfig) -> IntentResult:
    """Ground, merge and judge one checked candidate."""
    return _Resolution(candidate, request, config).run()
