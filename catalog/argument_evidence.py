"""Tracing an intent's field value back to what grounds it in a verified IntentResult.

A value is grounded when a field result of the same field holds the same value, ``found`` or
``inferred``, with at least one source: the words of the input (quotes and ``[start, end)``
spans, when the result was recognized with ``output.spans``), the request's context, or the
baseline it was carried over from. An inferred value ("tomorrow" -> a date) keeps the inference's
basis. Anything else (no field result, another value, a value the verifier judged missing,
ambiguous or invalid) is not grounded.
"""

from __future__ import annotations

from typing import Any

import orjson

from catalog.plan import ArgumentEvidence
from catalog.tool_fields import ToolField
from intent.result.models import FieldResult, IntentResult

_GROUNDED = ("found", "inferred")


def same_value(first: Any, second: Any) -> bool:
    """JSON equality: ``1`` is not ``True`` and ``1`` is not ``"1"``."""
    try:
        return orjson.dumps(first, option=orjson.OPT_SORT_KEYS) == orjson.dumps(second, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return False


def argument_evidence(
    result: IntentResult, intent_id: str, spec: ToolField, value: Any
) -> ArgumentEvidence | None:
    """The evidence of ``spec``'s ``value`` on intent ``intent_id``, or None when nothing grounds it."""
    support = _field_result(result, spec.name, value)
    if support is None:
        return None
    quotes: list[str] = []
    spans: list[tuple[int, int]] = []
    bases: list[str] = []
    text = result.input
    for ref in support.sourceRefs:
        if ref.root != "input":
            bases.append(f"{ref.root}#{ref.pointer}")
            continue
        if ref.start is None or ref.end is None:
            continue  # grounded by the verifier, recognized without offsets
        if not 0 <= ref.start < ref.end <= len(text):
            return None  # a span outside the words grounds nothing
        quotes.append(text[ref.start : ref.end])
        spans.append((ref.start, ref.end))
    inference = next(
        (item for item in result.inferences
         if item.target.intentId == intent_id and item.target.field == spec.name and same_value(item.value, value)),
        None,
    )
    inferred = support.status == "inferred" or inference is not None
    if inference is not None:
        bases.insert(0, inference.basis.root)
        if inference.evidence and not quotes:
            quotes.append(inference.evidence)
    return ArgumentEvidence(
        argument=spec.argument,
        field=spec.name,
        value=value,
        quotes=tuple(quotes),
        spans=tuple(spans),
        inferred=inferred,
        basis=", ".join(bases) if bases else None,
        path=spec.path,
    )


def _field_result(result: IntentResult, name: str, value: Any) -> FieldResult | None:
    for item in result.fieldResults:
        if item.field == name and item.status in _GROUNDED and item.sourceRefs and same_value(item.value, value):
            return item
    return None


__all__ = ["argument_evidence", "same_value"]
