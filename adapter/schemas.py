"""JSON Schemas of the adapter's tools: what each tool takes and what it answers.

Inputs come from the native request schema plus ``instance``; outputs are the IntentResult
schema and the two host-handoff shapes published here (HostTask, HostCancelReply).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from adapter.names import NAME_PATTERN
from intent import REQUEST_SCHEMA
from intent.result.schema_file import shipped_schema

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


EXECUTE_INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "requestId": {
            "type": "string",
            "minLength": 1,
            "description": "The recognition's request id: intent_parse's result _meta 'intent-mcp/requestId', "
            "or the requestId of intent_prepare once intent_accept returned its IntentResult",
        },
        "intentId": {"type": "string", "minLength": 1, "description": "The intent to run, e.g. intent-1"},
        "confirm": {
            "type": "boolean",
            "description": "true only after the person confirmed the prompt a previous call returned",
        },
    },
    "required": ["requestId", "intentId"],
    "additionalProperties": False,
}

EXECUTE_STATUSES = ("executed", "failed", "confirmation_required")

EXECUTE_REPLY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "ExecuteReply",
    "description": "The planned call of a recognized intent: run (with the tool's result) or awaiting confirmation",
    "type": "object",
    "properties": {
        "status": {"type": "string", "enum": list(EXECUTE_STATUSES)},
        "requestId": {"type": "string"},
        "intentId": {"type": "string"},
        "plan": {"type": "object", "description": "The verified call: tool, arguments and each argument's evidence"},
        "confirmation": {
            "type": ["object", "null"],
            "description": "Present when the call waits for the person's confirmation: reason and prompt",
        },
        "result": {"type": "object", "description": "The catalog tool's CallToolResult, when the call ran"},
    },
    "required": ["status", "requestId", "intentId", "plan"],
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
    """The IntentResult JSON Schema (the shipped file, which a test keeps equal to the models), a copy of its own."""
    return shipped_schema()
