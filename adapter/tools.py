"""The adapter's tool definitions: which tools a mode offers, their names, schemas and descriptions."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

import mcp_types as types

from adapter.schemas import (
    ACCEPT_INPUT_SCHEMA,
    CANCEL_INPUT_SCHEMA,
    EXECUTE_INPUT_SCHEMA,
    EXECUTE_REPLY_SCHEMA,
    HOST_CANCEL_REPLY_SCHEMA,
    HOST_TASK_SCHEMA,
    intent_result_schema,
    request_input_schema,
)


class ToolKind(str, Enum):
    PARSE = "intent_parse"
    PREPARE = "intent_prepare"
    ACCEPT = "intent_accept"
    CANCEL = "intent_cancel"
    EXECUTE = "intent_execute"


EXECUTOR_TOOLS: tuple[ToolKind, ...] = (ToolKind.PARSE,)
HOST_TOOLS: tuple[ToolKind, ...] = (ToolKind.PREPARE, ToolKind.ACCEPT, ToolKind.CANCEL)

_DESCRIPTIONS: dict[ToolKind, str] = {
    ToolKind.PARSE: (
        "Recognize what a person's natural-language request asks for and return a verified IntentResult: "
        "intents, constraints, relations and the selected fields, each with evidence from the text. Missing "
        "information is reported as missing, never guessed."
    ),
    ToolKind.PREPARE: (
        "Start a host handoff: returns a HostTask (instructions, input, outputSchema) for your own model. "
        "Answer it with one JSON object matching outputSchema and submit that text with intent_accept. "
        "The server makes no model call."
    ),
    ToolKind.ACCEPT: (
        "Submit your model's complete candidate text for a HostTask (requestId, submissionToken). Returns the "
        "verified IntentResult. A malformed first candidate gets explicit feedback and one correction."
    ),
    ToolKind.CANCEL: (
        "Cancel a HostTask you cannot complete; reason is cancelled, refusal or incomplete. Returns the "
        "request's status."
    ),
    ToolKind.EXECUTE: (
        "Run the verified call of one recognized intent (requestId of the recognition, intentId). The call is "
        "planned from the intent's grounded values and checked against the tool's schema and the person's "
        "prohibitions; a refusal says why. A destructive or high-risk call first returns a confirmation prompt: "
        "show it to the person and call again with confirm: true only if they agree."
    ),
}


_ANNOTATIONS: dict[ToolKind, types.ToolAnnotations] = {
    ToolKind.PARSE: types.ToolAnnotations(read_only_hint=True),
    # It runs whatever catalog tool the intent maps to: assume the worst, as MCP's defaults do.
    ToolKind.EXECUTE: types.ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False,
                                            open_world_hint=True),
}


def build_tools(kinds: Sequence[ToolKind], prefix: str, instance_names: Sequence[str]) -> tuple[types.Tool, ...]:
    """Full tool definitions (every output schema included); versions trim them in the envelope layer."""
    tools: list[types.Tool] = []
    for kind in kinds:
        if kind in (ToolKind.PARSE, ToolKind.PREPARE):
            input_schema = request_input_schema(instance_names)
        elif kind is ToolKind.ACCEPT:
            input_schema = dict(ACCEPT_INPUT_SCHEMA)
        elif kind is ToolKind.EXECUTE:
            input_schema = dict(EXECUTE_INPUT_SCHEMA)
        else:
            input_schema = dict(CANCEL_INPUT_SCHEMA)
        if kind in (ToolKind.PARSE, ToolKind.ACCEPT):
            output_schema = intent_result_schema()
        elif kind is ToolKind.PREPARE:
            output_schema = dict(HOST_TASK_SCHEMA)
        elif kind is ToolKind.EXECUTE:
            output_schema = dict(EXECUTE_REPLY_SCHEMA)
        else:
            output_schema = dict(HOST_CANCEL_REPLY_SCHEMA)
        tools.append(
            types.Tool(
                name=prefix + kind.value,
                description=_DESCRIPTIONS[kind],
                input_schema=input_schema,
                output_schema=output_schema,
                annotations=_ANNOTATIONS.get(kind),
            )
        )
    return tuple(tools)
