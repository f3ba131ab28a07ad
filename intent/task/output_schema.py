"""The JSON Schema a candidate must match: what a model (or the built-in recognizer) writes.

Every object lists all of its keys in ``required`` and forbids others, and optional values
are nullable instead of absent, so the same schema works as a strict structured-output
format for model APIs that demand that shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

TURN_KINDS = ("request", "correction", "addition", "cancellation", "answer")
CONSTRAINT_KINDS = ("prohibition", "requirement", "preference", "condition")
RELATION_KINDS = ("sequence", "dependency")
SOURCE_ROOTS = ("input", "context", "baseline")

_SCALAR: list[dict[str, Any]] = [
    {"type": "string"},
    {"type": "number"},
    {"type": "boolean"},
]
FIELD_VALUE_SCHEMA: dict[str, Any] = {
    "anyOf": [*_SCALAR, {"type": "array", "items": {"anyOf": _SCALAR}}, {"type": "null"}]
}


def _obj(properties: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _nullable_string(description: str) -> dict[str, Any]:
    return {"type": ["string", "null"], "description": description}


def build_output_schema(field_names: Sequence[str], domains: Sequence[str] | None) -> dict[str, Any]:
    """Build the candidate schema for one task: the selected field names and domains are enums."""
    field_name: dict[str, Any] = (
        {"type": "string", "enum": list(field_names), "description": "A field name from input.fields"}
        if field_names
        else {"type": "string", "enum": [], "description": "No fields are selected: leave fields empty"}
    )
    field_value = _obj(
        {
            "field": field_name,
            "value": {
                **FIELD_VALUE_SCHEMA,
                "description": "The value, typed as the field's schema asks (normalized: dates YYYY-MM-DD, "
                "times HH:MM); null when the request mentions the field but several readings remain",
            },
            "evidence": {
                "type": "string",
                "description": "The exact words of the source the value comes from (a quote, not a paraphrase)",
            },
            "source": {
                "type": "string",
                "enum": list(SOURCE_ROOTS),
                "description": "Where the evidence stands: the input text, the context object, or the baseline",
            },
            "pointer": _nullable_string("JSON pointer into context or baseline when source is not input"),
            "candidates": {
                "type": ["array", "null"],
                "items": {"anyOf": _SCALAR},
                "description": "Several possible values when the request is ambiguous, else null",
            },
        },
        "A field value with its evidence",
    )
    reference = _obj(
        {
            "text": {"type": "string", "description": "The referring words as written (it, that one, them)"},
            "refersTo": _nullable_string("key of an intent in this candidate or id in the baseline, if clear"),
        },
        "A reference to something mentioned elsewhere",
    )
    domain: dict[str, Any] = (
        {"type": ["string", "null"], "enum": [*domains, None], "description": "The intent's domain"}
        if domains
        else {"type": "null", "description": "No domains are configured: null"}
    )
    intent = _obj(
        {
            "key": {"type": "string", "description": "A short handle for this intent in this candidate: i1, i2, ..."},
            "evidence": {"type": "string", "description": "The exact words of the input that ask for it"},
            "action": {"type": "string", "description": "The action as the user's own words (a verb phrase)"},
            "target": _nullable_string("What the action applies to, as the user's own words; null if none"),
            "domain": domain,
            "understanding": {
                "type": "string",
                "enum": ["clear", "ambiguous"],
                "description": "ambiguous when the words allow several readings",
            },
            "readings": {
                "type": "array",
                "items": {"type": "string"},
                "description": "When ambiguous, the possible readings; else empty",
            },
            "references": {"type": "array", "items": reference},
            "fields": {"type": "array", "items": field_value},
        },
        "One thing the user asks for, in the order it must happen",
    )
    constraint = _obj(
        {
            "kind": {"type": "string", "enum": list(CONSTRAINT_KINDS)},
            "text": {"type": "string", "description": "The exact words of the input that state the constraint"},
            "appliesTo": _nullable_string(
                "key of the intent it governs, or a baseline intent id; null for the whole request"
            ),
        },
        "A rule the user states",
    )
    relation = _obj(
        {
            "kind": {"type": "string", "enum": list(RELATION_KINDS)},
            "from": {"type": "string", "description": "key or baseline id of the intent that comes first"},
            "to": {"type": "string", "description": "key or baseline id of the intent that follows"},
        },
        "An order or dependency between two intents",
    )
    update = _obj(
        {
            "id": {"type": "string", "description": "The baseline intent id this turn changes"},
            "evidence": {"type": "string", "description": "The exact words of the input that ask for the change"},
            "action": _nullable_string("A new action, or null to keep the baseline's"),
            "target": _nullable_string("A new target, or null to keep the baseline's"),
            "fields": {"type": "array", "items": field_value},
        },
        "A change to an intent of the baseline (a correction, or an answer to an unresolved question)",
    )
    removal = _obj(
        {
            "kind": {"type": "string", "enum": ["intent", "constraint"]},
            "id": {"type": "string", "description": "The baseline id to remove"},
            "evidence": {"type": "string", "description": "The exact words of the input that ask for it"},
        },
        "Something of the baseline the user takes back",
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "IntentCandidate",
        **_obj(
            {
                "turnKind": {"type": "string", "enum": list(TURN_KINDS)},
                "intents": {"type": "array", "items": intent},
                "constraints": {"type": "array", "items": constraint},
                "relations": {"type": "array", "items": relation},
                "updates": {"type": "array", "items": update},
                "removals": {"type": "array", "items": removal},
            },
            "What the input asks for, every part quoted from it",
        ),
    }
