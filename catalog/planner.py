"""From a verified IntentResult to the catalog calls the person's words allow: ``plan_call`` / ``plan_calls``.

For one intent, in this order (the first that fails is the refusal):

1. the intent exists (``INTENT_UNKNOWN``; several intents and no id is a question too);
2. its domain is a tool of the catalog (``NO_TOOL``); an intent left without a tool whose only
   matching tool a prohibition forbids is ``TOOL_FORBIDDEN``, never another tool;
3. no prohibition that applies to it names the tool (``TOOL_FORBIDDEN``): the intent's
   ``forbiddenTools`` and, again, every prohibition constraint read against this catalog; and its
   action does not name another operation than the tool's ("Cancel order 5" mapped to a lookup
   tool is ``NO_TOOL``);
4. no open question concerns it or the whole request: an ambiguous intent or field
   (``RESULT_AMBIGUOUS``), a missing tool argument (``ARGUMENT_MISSING``), another missing field
   (``RESULT_INCOMPLETE``), an open question of the request (``UNRESOLVED_ITEMS``); each with
   the question to ask. Questions about other intents do not block this one;
5. every value passed to the tool is grounded (``ARGUMENT_UNGROUNDED``), a value the verifier
   judged invalid is not silently left out (``ARGUMENT_INVALID``), every required argument is
   there (``ARGUMENT_MISSING``);
6. the arguments (a flattened request body mapped back) are valid for the tool's own
   ``inputSchema`` (``ARGUMENT_INVALID`` with the JSON Pointer of the value).

The plan then carries a ``Confirmation`` when the tool's risk metadata asks for one
(``catalog.confirmation``) and ``depends_on``: the earlier intents whose outcome it needs (a
``dependency`` relation, or a reference such as "it" pointing back at one).

Planning is pure and deterministic and works for every catalog a ``CatalogBinding`` reads: an
OpenAPI document or a Tool-node catalog (whose runtimes can then run the call) and an AXAG manifest,
which has no endpoint: its plans are for review and for a runtime the caller provides.

The planner trusts the field results of a result the core verified (keep results server-side, as
the adapter's session-bound records do): it checks that each value passed matches a grounded field
result, not the words again. Evidence spans come from the result's ``sourceRefs`` offsets, which
the core adds when the request asks for them (``output: {"spans": true}``); a result recognized
without offsets still plans (the verifier grounded every value) but its evidence has no spans.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from pydantic import ValidationError as ModelError

from catalog.argument_evidence import argument_evidence, same_value
from catalog.confirmation import confirmation_for
from catalog.plan import ArgumentEvidence, PlannedCall, Refusal
from catalog.recognition import CatalogBinding
from catalog.tool_fields import ToolField
from intent.errors import IntentError
from intent.normalize.formats import format_checker
from intent.pointer import escape_token, to_pointer
from intent.result.models import Constraint, IntentNode, IntentResult, Unresolved

_FORMATS = format_checker()


def plan_call(
    result: Mapping[str, Any] | IntentResult, binding: CatalogBinding, *, intent_id: str | None = None
) -> PlannedCall | Refusal:
    """The verified call of one intent of ``result``, or the coded reason it cannot be planned.

    ``result`` is an IntentResult or its JSON (``to_dict()``, the ``intent_parse`` reply). With no
    ``intent_id`` the result's only intent of this turn is planned; with several, a refusal asks
    which. A ``result`` that is not an IntentResult raises ``IntentError`` (``INPUT_INVALID``).
    """
    checked = _read(result)
    intents = _flatten(checked.effective.intents)
    if intent_id is None:
        current = _turn_intents(checked, intents)
        if len(current) != 1:
            return _which(current or intents)
        node = current[0]
    else:
        found = next((item for item in intents if item.id == intent_id), None)
        if found is None:
            known = ", ".join(item.id for item in intents) or "none"
            return Refusal("INTENT_UNKNOWN", f"the result has no intent {intent_id!r} (its intents: {known}); "
                           "pass one of its intent ids", intent_id=intent_id)
        node = found
    return _Planner(checked, binding, intents).plan(node)


def plan_calls(result: Mapping[str, Any] | IntentResult, binding: CatalogBinding) -> list[PlannedCall | Refusal]:
    """One plan (or refusal) per intent of the result's turn, in the order its relations set.

    A ``sequence`` or ``dependency`` relation puts its ``from`` intent first; otherwise the intents
    keep the result's order. A result with no intent gives an empty list.
    """
    checked = _read(result)
    intents = _flatten(checked.effective.intents)
    planner = _Planner(checked, binding, intents)
    return [planner.plan(node) for node in _ordered(checked, _turn_intents(checked, intents))]


class _Planner:
    def __init__(self, result: IntentResult, binding: CatalogBinding, intents: list[IntentNode]) -> None:
        self.result = result
        self.binding = binding
        self.intents = intents

    def plan(self, node: IntentNode) -> PlannedCall | Refusal:
        tool_name = node.domain if node.domain in self.binding.tools else None
        forbidden = self._forbidden(node)
        if tool_name is None:
            return self._no_tool(node, forbidden)
        if tool_name in forbidden:
            return Refusal("TOOL_FORBIDDEN", f"intent {node.id!r} ({node.goal!r}) maps to tool {tool_name!r}, which "
                           f"the request forbids ({forbidden[tool_name]!r}); nothing is run. Rephrase the request "
                           "without the prohibition to run it", intent_id=node.id, tool=tool_name)
        if self.binding.action_contradicts(tool_name, node.action):
            return Refusal("NO_TOOL", f"intent {node.id!r} ({node.goal!r}): the request's action {node.action!r} is "
                           f"not what tool {tool_name!r} does, and no other tool was chosen; nothing is run. Rephrase "
                           "it with one of the catalog's operations, or bind a catalog that offers it",
                           intent_id=node.id, tool=tool_name)
        fields = self.binding.tool_fields(tool_name)
        refusal = self._open_question(node, tool_name, fields)
        if refusal is not None:
            return refusal
        evidence: list[ArgumentEvidence] = []
        values: dict[str, Any] = {}
        for name, spec in fields.items():
            if name not in node.inputs:
                refusal = self._left_out(node, tool_name, spec)
                if refusal is not None:
                    return refusal
                continue
            found = argument_evidence(self.result, node.id, spec, node.inputs[name])
            if found is None and self._competing(spec.name, node.inputs[name]):
                return Refusal("RESULT_AMBIGUOUS", f"intent {node.id!r}: the request gives more than one value for "
                               f"{_where(spec)} of tool {tool_name!r}; answer the question and recognize the answer "
                               "as a follow-up", intent_id=node.id, tool=tool_name, argument=spec.argument,
                               question=f"Which {_label(spec)} did you mean?")
            if found is None:
                return Refusal("ARGUMENT_UNGROUNDED", f"intent {node.id!r}: the value of "
                               f"{_where(spec)} of tool {tool_name!r} is not grounded in the request (no verified "
                               "field result holds it); recognize the request again and plan that result",
                               intent_id=node.id, tool=tool_name, argument=spec.argument,
                               question=f"What is the {_label(spec)}?")
            evidence.append(found)
            values[name] = node.inputs[name]
        arguments = self.binding.arguments_for(tool_name, values)
        refusal = self._validate(node, tool_name, fields, arguments)
        if refusal is not None:
            return refusal
        tool = self.binding.tools[tool_name]
        return PlannedCall(
            intent_id=node.id,
            tool=tool_name,
            arguments=arguments,
            evidence=tuple(evidence),
            confirmation=confirmation_for(tool, node.goal, evidence,
                                          secret={name for name, spec in fields.items() if spec.secret}),
            depends_on=self._depends_on(node),
        )

    # --- the tool -----------------------------------------------------------------------------

    def _forbidden(self, node: IntentNode) -> dict[str, str]:
        """Tool name -> the prohibition that forbids it, for every prohibition that applies to ``node``."""
        forbidden: dict[str, str] = {}
        for constraint in self._constraints(node):
            if constraint.kind != "prohibition":
                continue
            for name in self.binding.forbidden_by(constraint.text):
                forbidden.setdefault(name, constraint.text)
        listed = node.extensions.get("forbiddenTools")
        for name in listed if isinstance(listed, list) else ():
            if isinstance(name, str):
                forbidden.setdefault(name, "a prohibition of the request")
        return forbidden

    def _constraints(self, node: IntentNode) -> list[Constraint]:
        applying = list(node.constraints)
        for constraint in self.result.effective.constraints:
            scope = constraint.scope
            if scope.type == "request" or scope.intentId == node.id:
                applying.append(constraint)
        return applying

    def _no_tool(self, node: IntentNode, forbidden: Mapping[str, str]) -> Refusal:
        guess = self.binding.classify(node.action, node.target)
        if guess is not None and guess in forbidden:
            return Refusal("TOOL_FORBIDDEN", f"intent {node.id!r} ({node.goal!r}): the only matching tool, "
                           f"{guess!r}, is forbidden by the request ({forbidden[guess]!r}); nothing is run",
                           intent_id=node.id, tool=guess)
        if node.domain is not None:
            message = (f"intent {node.id!r} ({node.goal!r}) has domain {node.domain!r}, which is not a tool of "
                       "this catalog; recognize the request with this catalog bound")
        else:
            message = (f"intent {node.id!r} ({node.goal!r}) maps to no tool of this catalog; rephrase it with "
                       "one of the catalog's operations, or bind a catalog that offers it")
        return Refusal("NO_TOOL", message, intent_id=node.id)

    # --- open questions -------------------------------------------------------------------------

    def _open_question(self, node: IntentNode, tool: str, fields: Mapping[str, ToolField]) -> Refusal | None:
        items = [item for item in self.result.effective.unresolved if item.intentId in (node.id, None)]
        if node.understanding == "ambiguous" and not any(item.kind == "ambiguous_intent" for item in items):
            readings = node.extensions.get("readings")
            shown = " or ".join(map(str, readings)) if isinstance(readings, list) and readings else None
            return Refusal("RESULT_AMBIGUOUS", f"intent {node.id!r} ({node.goal!r}) can be read more than one way",
                           intent_id=node.id, tool=tool,
                           question=f"Which did you mean: {shown}?" if shown else f"What do you mean by {node.goal!r}?")
        for item in sorted(items, key=_question_order):
            return self._question_refusal(node, tool, fields, item)
        return None

    def _question_refusal(
        self, node: IntentNode, tool: str, fields: Mapping[str, ToolField], item: Unresolved
    ) -> Refusal:
        spec = fields.get(item.field or "") if item.field else None
        argument = spec.argument if spec is not None else None
        if item.intentId is None:
            return Refusal("UNRESOLVED_ITEMS", f"the request leaves a question open ({item.id}): {item.question}",
                           intent_id=node.id, tool=tool, argument=argument, question=item.question)
        if item.kind == "missing_field" and spec is not None and self._stated_invalid(spec):
            return Refusal("ARGUMENT_INVALID", f"intent {node.id!r}: the request's value for {_where(spec)} of tool "
                           f"{tool!r} is not one its schema allows; the call is not made without it. Answer the "
                           "question and recognize the answer as a follow-up", intent_id=node.id, tool=tool,
                           argument=argument, pointer=to_pointer([spec.argument]) + spec.path,
                           question=item.question)
        if item.kind == "missing_field" and spec is not None:
            return Refusal("ARGUMENT_MISSING", f"intent {node.id!r}: tool {tool!r} needs {_where(spec)}, which the "
                           "request does not give; answer the question and recognize the answer as a follow-up",
                           intent_id=node.id, tool=tool, argument=argument, question=item.question)
        if item.kind == "missing_field":
            return Refusal("RESULT_INCOMPLETE", f"intent {node.id!r}: the required field {item.field!r} is missing",
                           intent_id=node.id, tool=tool, question=item.question)
        return Refusal("RESULT_AMBIGUOUS", f"intent {node.id!r}: {item.kind.replace('_', ' ')} ({item.id}); "
                       "answer the question and recognize the answer as a follow-up",
                       intent_id=node.id, tool=tool, argument=argument, question=item.question)

    # --- arguments ------------------------------------------------------------------------------

    def _stated_invalid(self, spec: ToolField) -> bool:
        """The verifier judged the request's value for ``spec`` invalid (and kept it out of the intent)."""
        return any(item.field == spec.name and item.status == "invalid" for item in self.result.fieldResults)

    def _left_out(self, node: IntentNode, tool: str, spec: ToolField) -> Refusal | None:
        """A field the intent does not hold: refused when required, or when its stated value was invalid."""
        if self._stated_invalid(spec):
            return Refusal("ARGUMENT_INVALID", f"intent {node.id!r}: the request's value for "
                           f"{_where(spec)} of tool {tool!r} does not fit its schema; the call is not made without "
                           "it", intent_id=node.id, tool=tool, argument=spec.argument,
                           pointer=to_pointer([spec.argument]) + spec.path, question=_invalid_question(spec))
        if spec.required:
            return Refusal("ARGUMENT_MISSING", f"intent {node.id!r}: tool {tool!r} needs {_where(spec)}, which the "
                           "request does not give", intent_id=node.id, tool=tool, argument=spec.argument,
                           question=f"What is the {_label(spec)}?")
        return None

    def _competing(self, name: str, value: Any) -> bool:
        """The verifier found several values for ``name``, this one among them."""
        return any(item.field == name and item.status == "ambiguous"
                   and any(same_value(value, candidate) for candidate in item.candidates or ())
                   for item in self.result.fieldResults)

    def _validate(
        self, node: IntentNode, tool: str, fields: Mapping[str, ToolField], arguments: dict[str, Any]
    ) -> Refusal | None:
        schema = self.binding.tools[tool].input_schema
        errors = sorted(Draft202012Validator(schema, format_checker=_FORMATS).iter_errors(arguments),
                        key=lambda error: (list(map(str, error.absolute_path)), error.validator != "required"))
        if not errors:
            return None
        error = errors[0]
        path = list(error.absolute_path)
        if error.validator == "required":
            missing = next((name for name in error.validator_value if name not in error.instance), "")
            path.append(missing)
        spec = _field_at(fields, path)
        pointer = to_pointer(path)
        argument = str(path[0]) if path else None
        if error.validator == "required":
            what = _where(spec) if spec is not None else f"argument {pointer}"
            return Refusal("ARGUMENT_MISSING", f"intent {node.id!r}: tool {tool!r} needs {what}, which the request "
                           "does not give", intent_id=node.id, tool=tool, argument=argument, pointer=pointer,
                           question=f"What is the {_label(spec)}?" if spec is not None else None)
        return Refusal("ARGUMENT_INVALID", f"intent {node.id!r}: argument {pointer or '/'} of tool {tool!r} is "
                       f"invalid: {_reason(error)}", intent_id=node.id, tool=tool, argument=argument,
                       pointer=pointer, question=_invalid_question(spec) if spec is not None else None)

    def _depends_on(self, node: IntentNode) -> tuple[str, ...]:
        ids = {item.id for item in self.intents}
        earlier: list[str] = []
        for relation in self.result.effective.relations:
            if relation.kind == "dependency" and relation.to == node.id and relation.from_ in ids:
                earlier.append(relation.from_)
        for reference in node.references:
            if reference.refersTo in ids and reference.refersTo != node.id:
                earlier.append(reference.refersTo)
        return tuple(dict.fromkeys(earlier))


def _read(result: Mapping[str, Any] | IntentResult) -> IntentResult:
    if isinstance(result, IntentResult):
        return result
    if not isinstance(result, Mapping):
        raise IntentError("INPUT_INVALID", "a plan needs an IntentResult or its JSON object", path="")
    try:
        return IntentResult.model_validate(dict(result))
    except ModelError as error:
        first = error.errors()[0]
        raise IntentError("INPUT_INVALID", f"not an IntentResult: {first['msg']}",
                          path=to_pointer(first["loc"])) from None


def _flatten(nodes: list[IntentNode]) -> list[IntentNode]:
    out: list[IntentNode] = []
    for node in nodes:
        out.append(node)
        out.extend(_flatten(node.children))
    return out


def _turn_intents(result: IntentResult, intents: list[IntentNode]) -> list[IntentNode]:
    """The intents this turn added or changed, in the effective order (all of them for a first turn)."""
    ids = set(result.turn.intentIds)
    return [node for node in intents if node.id in ids] if result.effective.scope == "conversation" else intents


def _ordered(result: IntentResult, nodes: list[IntentNode]) -> list[IntentNode]:
    """``nodes`` with each relation's ``from`` before its ``to``; the result's order otherwise (and in a cycle)."""
    before: dict[str, set[str]] = {node.id: set() for node in nodes}
    for relation in result.effective.relations:
        if relation.to in before and relation.from_ in before and relation.from_ != relation.to:
            before[relation.to].add(relation.from_)
    ordered: list[IntentNode] = []
    placed: set[str] = set()
    pending = list(nodes)
    while pending:
        ready = next((node for node in pending if before[node.id] <= placed), pending[0])
        ordered.append(ready)
        placed.add(ready.id)
        pending.remove(ready)
    return ordered


def _which(nodes: list[IntentNode]) -> Refusal:
    if not nodes:
        return Refusal("INTENT_UNKNOWN", "the result holds no intent to plan; recognize a request that asks for "
                       "something")
    shown = " or ".join(f"{node.goal!r} ({node.id})" for node in nodes)
    return Refusal("INTENT_UNKNOWN", f"the result holds {len(nodes)} intents; pass the id of the one to plan",
                   question=f"Which should run: {shown}?")


def _question_order(item: Unresolved) -> int:
    # The request's own question first, then the intent's ambiguity, then its gaps.
    return {"ambiguous_intent": 1, "ambiguous_field": 2, "missing_field": 3}.get(item.kind, 4) if item.intentId else 0


def _field_at(fields: Mapping[str, ToolField], path: list[Any]) -> ToolField | None:
    """The field whose value sits at ``path`` in the arguments (the argument itself, or a body property)."""
    if not path:
        return None
    argument = str(path[0])
    inner = "/" + escape_token(path[1]) if len(path) > 1 else ""
    for spec in fields.values():
        if spec.argument == argument and spec.path == inner:
            return spec
    return next((spec for spec in fields.values() if spec.argument == argument and not spec.path), None)


def _where(spec: ToolField) -> str:
    inside = f" ({spec.argument}{spec.path})" if spec.path else ""
    return f"argument {spec.name!r}{inside}"


def _label(spec: ToolField | None) -> str:
    text = (spec.label or spec.name).strip().rstrip(".") if spec is not None else "value"
    for article in ("the ", "a ", "an "):
        if text.lower().startswith(article):
            text = text[len(article):]
    # "ID of pet" stays as written; "Status values" reads as "status values".
    return text if len(text) > 1 and text[1].isupper() else text[:1].lower() + text[1:]


def _invalid_question(spec: ToolField | None) -> str:
    enum = spec.schema.get("enum") if spec is not None else None
    if isinstance(enum, list) and enum:
        options = [str(item) for item in enum]
        shown = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]
        return f"Which {_label(spec)}: {shown}?"
    return f"What {_label(spec)} did you mean?"


def _reason(error: ValidationError) -> str:
    """What the value breaks, from the schema's side only: an argument's value never reaches a message."""
    rule, expected = error.validator, error.validator_value
    if rule == "enum" and isinstance(expected, list):
        return "it is not one of " + ", ".join(str(item) for item in expected[:20])
    if rule == "type":
        return f"it is not of type {expected}"
    if rule == "format":
        return f"it is not a valid {expected}"
    if isinstance(expected, (int, float, str)) and not isinstance(expected, bool):
        shown = str(expected)
        return f"it breaks {rule!s} {shown[:80]}"
    return f"it breaks the schema's {rule!s} rule"


__all__ = ["plan_call", "plan_calls"]
