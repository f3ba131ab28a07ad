"""JSON Schemas of the adapter's tools: what each tool takes and what it answers.

Inputs come from the native request schema plus ``instance``; outputs are the IntentResult
schema and the two host-handoff shapes published here (HostTask, HostCancelReply).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from adapter.names import NAME_PATTERN
from intent import REQUEST_SCHEMA, IntentResult

CANCEL_REASONS = ("cancelled", "refusal", "incomplete")
CANCEL_STATUSES = ("cancelled", "already_cancelled", "already_completed")

HOST_TASK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "HostTask",
    "description": "A model task for the host's own model: answer it, then submit the candidate with intent_accept",
    "type": "object",
    "properties": {
        "kind": {"type": "string", "const": "model_task"},
        "requestId": {"type": "string", "description": "Names this handoff in intent_accept and intent_cancel"},
        "submissionToken": {"type": "string", "description": "Secret that intent_accept must present"},
        "instructions": {"type": "string", "description": "What the model must do"},
        "input": {"type": "object", "description": "The material the model works from"},
        "outputSchema": {"type": "object", "description": "The JSON Schema the candidate text must match"},
    },
    "required": ["kind", "requestId", "submissionToken", "instructions", "input", "outputSchema"],
    "additionalProperties": False,
}

HOST_CANCEL_REPLY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "HostCancelReply",
    "type": "object",
    "properties": {
        "requestId": {"type": "string"},
        "status": {"type": "string", "enum": list(CANCEL_STATUSES)},
    },
    "required": ["requestId", "status"],
    "additionalProperties": False,
}

ACCEPT_INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "requestId": {"type": "string", "minLength": 1, "description": "The requestId of the HostTask"},
        "submissionToken": {
            "type": "string",
            "minLength": 1,
            "description": "The submissionToken of the HostTask",
        },
        "candidateText": {
            "type": "string",
            "description": "The model's complete answer: one JSON object matching the HostTask outputSchema",
        },
    },
    "required": ["requestId", "submissionToken", "candidateText"],
    "additionalProperties": False,
}

CANCEL_INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "requestId": {"type": "string", "minLength": 1, "description": "The requestId of the HostTask"},
        "reason": {
            "type": "string",
            "enum": list(CANCEL_REASONS),
            "description": "cancelled (default), refusal (the model declines) or incomplete (it cannot finish)",
        },
    },
    "required": ["requestId"],
    "additionalProperties": False,
}


def request_input_schema(instance_names: Sequence[str]) -> dict[str, Any]:
    """The native request schema plus ``instance``: required only when there are several instances."""
    schema = copy.deepcopy(REQUEST_SCHEMA)
    schema["properties"]["instance"] = {
        "type": "string",
        "pattern": NAME_PATTERN,
        "enum": list(instance_names),
        "description": "Which configured instance recognizes the request"
        + (" (optional: there is only one)" if len(instance_names) == 1 else ""),
    }
    if len(instance_names) > 1:
        schema["required"] = [*schema.get("required", []), "instance"]
    schema["additionalProperties"] = False
    return schema


def intent_result_schema() -> dict[str, Any]:
    """The IntentResult JSON Schema, copied so callers may not alter the core's."""
    return copy.deepcopy(IntentResult.json_schema())
