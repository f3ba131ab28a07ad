"""Judging the fields after the turn: one result per selected field, and the questions still open."""

from __future__ import annotations

import re
from typing import Any

from intent.pointer import escape_token
from intent.resolve.catalog_hooks import required_by_tools
from intent.resolve.ids import IdAllocator
from intent.resolve.resolution import Resolution
from intent.result.models import FieldResult, SourceRef, Unresolved


def judge_fields(resolution: Resolution) -> tuple[list[FieldResult], list[Unresolved]]:
    """Each selected field found, inferred, ambiguous, invalid or missing; ambiguity and gaps as questions."""
    results: list[FieldResult] = []
    unresolved: list[Unresolved] = []
    ids = IdAllocator([])
    fields = resolution.config.fields
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
        label = question_label(fields[name].get("description") or name)
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
        if (name in resolution.config.required_fields or name in required_by) and first_intent is not None:
            unresolved.append(Unresolved(id=ids.take("unresolved"), kind="missing_field",
                                         intentId=first_intent, field=name,
                                         question=f"What is the {label}?"))
    return results, unresolved


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
    return text[0].lower() + text[1:] if text else description
