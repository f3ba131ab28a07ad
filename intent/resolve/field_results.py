"""Judging the fields after the turn: one result per selected field, and the questions still open."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from intent.pointer import escape_token
from intent.resolve.catalog_hooks import required_by_tools, tool_field_schemas
from intent.resolve.ids import IdAllocator
from intent.resolve.resolution import Resolution
from intent.result.models import FieldResult, IntentNode, SourceRef, Unresolved


def judge_fields(resolution: Resolution) -> tuple[list[FieldResult], list[Unresolved]]:
    """Each selected field found, inferred, ambiguous, invalid or missing; ambiguity and gaps as questions."""
    results: list[FieldResult] = []
    unresolved: list[Unresolved] = []
    ids = IdAllocator([])
    intents = resolution.state.intents
    # An intent mapped to a catalog tool needs that tool's required inputs.
    required_by = required_by_tools(resolution.config.catalog, intents)
    for node in intents:
        if node.understanding == "ambiguous":
            readings = node.extensions.get("readings", [])
            unresolved.append(Unresolved(
                id=ids.take("unresolved"), kind="ambiguous_intent", intentId=node.id,
                question="Which did you mean: " + " or ".join(map(str, readings)) + "?",
                candidates=list(readings)))
    for name in resolution.request.fields:
        holders = [node for node in intents if name in node.inputs]
        values: list[Any] = []
        for node in holders:
            if node.inputs[name] not in values:
                values.append(node.inputs[name])
        if len(values) == 1:
            node = holders[0]
            checked = resolution.checked.get((node.id, name))
            if checked is not None:
                results.append(FieldResult(field=name, status=checked.status, value=values[0],  # type: ignore[arg-type]
                                           sourceRefs=checked.source_refs))
            else:  # carried over from the baseline: cite it where the baseline holds it
                results.append(FieldResult(field=name, status="found", value=values[0], sourceRefs=[
                    SourceRef(root="baseline", pointer=_baseline_pointer(resolution, node.id, name))]))
            continue
        first_intent = required_by.get(name, intents[0].id if intents else None)
        label = question_label(_schema_of(resolution, first_intent, name).get("description") or name)
        own = _own_values(resolution, holders, name) if len(values) > 1 else None
        if own is not None:  # each intent's value is its own tool's argument: one result per value
            results.extend(own)
            continue
        if len(values) > 1:
            results.append(FieldResult(field=name, status="ambiguous", candidates=values, sourceRefs=[]))
            unresolved.append(Unresolved(id=ids.take("unresolved"), kind="ambiguous_field",
                                         intentId=first_intent, field=name, candidates=values,
                                         question=f"Which {label} did you mean?"))
            continue
        pending = resolution.unplaced.get(name)
        if pending is not None and pending.status == "ambiguous":
            results.append(FieldResult(field=name, status="ambiguous", candidates=pending.candidates,
                                       sourceRefs=pending.source_refs))
            unresolved.append(Unresolved(id=ids.take("unresolved"), kind="ambiguous_field",
                                         intentId=first_intent, field=name, candidates=pending.candidates,
                                         question=f"Which {label} did you mean?"))
            continue
        if pending is not None:  # invalid
            results.append(FieldResult(field=name, status="invalid", value=pending.value,
                                       sourceRefs=pending.source_refs))
        else:
            results.append(FieldResult(field=name, status="missing", sourceRefs=[]))
        holder = resolution.invalid_for_tool.get(name) if pending is not None else None
        if holder is not None:
            # A value the person stated for a tool's argument that its schema does not allow: the
            # call must not run without it, so it is asked for whether or not the tool requires it.
            unresolved.append(Unresolved(id=ids.take("unresolved"), kind="missing_field", intentId=holder,
                                         field=name, question=_valid_value_question(
                                             _schema_of(resolution, holder, name), name)))
        elif (name in resolution.config.required_fields or name in required_by) and first_intent is not None:
            unresolved.append(Unresolved(id=ids.take("unresolved"), kind="missing_field",
                                         intentId=first_intent, field=name,
                                         question=f"What is the {label}?"))
    unresolved.extend(_still_asked(resolution, unresolved, ids))
    return results, unresolved


def _still_asked(resolution: Resolution, asked: list[Unresolved], ids: IdAllocator) -> list[Unresolved]:
    """The baseline's questions about a catalog tool's argument that this turn left unanswered.

    "Find pets with status adopted" asked which status; a next turn that does not answer it must
    not leave the search looking complete without its filter. A question is kept while its intent
    is there without the field and nothing this turn asks about that field of that intent again.
    """
    baseline = resolution.request.baseline
    if baseline is None:
        return []
    kept: list[Unresolved] = []
    for item in baseline.unresolved:
        node = resolution.intent(item.intentId) if item.intentId is not None else None
        if item.kind != "missing_field" or node is None or item.field is None or item.field in node.inputs:
            continue
        own = tool_field_schemas(resolution.config.catalog, node.domain)
        if own is None or item.field not in own:
            continue
        if any(other.intentId == node.id and other.field == item.field for other in (*asked, *kept)):
            continue
        kept.append(item.model_copy(update={"id": ids.take("unresolved")}))
    return kept


def _schema_of(resolution: Resolution, intent_id: str | None, name: str) -> Mapping[str, Any]:
    """The schema a question about ``name`` describes: the intent's catalog tool's own, else the field's."""
    node = next((item for item in resolution.state.intents if item.id == intent_id), None)
    own = tool_field_schemas(resolution.config.catalog, node.domain if node is not None else None)
    schema = own.get(name) if own is not None else None
    return schema if isinstance(schema, Mapping) else resolution.config.fields[name]


def _valid_value_question(schema: Mapping[str, Any], name: str) -> str:
    """ "Which order Status: placed, approved or delivered?" (its enum), else "What is the <label>?"."""
    label = question_label(schema.get("description") or name)
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        options = [str(item) for item in enum[:20]]
        shown = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]
        return f"Which {label}: {shown}?"
    return f"What is the {label}?"


def _own_values(resolution: Resolution, holders: list[IntentNode], name: str) -> list[FieldResult] | None:
    """Different values of one field on intents mapped to different calls are not a choice to ask about.

    "Show me pet 5 and then delete pet 12": ``petId`` is 5 for one tool's call and 12 for the other's.
    When every holder is an intent whose values were checked against its own catalog tool (in this
    turn, or in the baseline it is carried from), each distinct value gets its own result; otherwise
    None (the values compete).
    """
    results: list[FieldResult] = []
    seen: list[Any] = []
    for node in holders:
        if "fieldsCheckedAgainst" not in node.extensions:
            return None
        if node.inputs[name] in seen:
            continue
        seen.append(node.inputs[name])
        checked = resolution.checked.get((node.id, name))
        if checked is not None:
            results.append(FieldResult(field=name, status=checked.status,  # type: ignore[arg-type]
                                       value=node.inputs[name], sourceRefs=checked.source_refs))
        else:
            results.append(FieldResult(field=name, status="found", value=node.inputs[name], sourceRefs=[
                SourceRef(root="baseline", pointer=_baseline_pointer(resolution, node.id, name))]))
    return results


def _baseline_pointer(resolution: Resolution, intent_id: str, name: str) -> str:
    baseline = resolution.request.baseline
    index = next((i for i, node in enumerate(baseline.intents) if node.id == intent_id), 0) if baseline else 0
    return f"/intents/{index}/inputs/{escape_token(name)}"


_LEADING_ARTICLE = re.compile(r"^(?:the|a|an|your|my)\s+", re.IGNORECASE)


def question_label(description: str) -> str:
    """A field's description as the noun phrase of a question: "The order number." -> "order number".

    The question supplies its own article ("What is the ..."), so the description's is dropped.
    """
    text = description.strip().rstrip(".")
    text = _LEADING_ARTICLE.sub("", text) or text
    if len(text) > 1 and text[1].isupper():
        return text  # an acronym ("ID of the pet") keeps its capitals
    return text[0].lower() + text[1:] if text else description
