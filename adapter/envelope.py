"""The one place that knows how replies differ between protocol versions.

Success: ``isError`` false, ``structuredContent`` the object, ``content[0].text`` the same object
as compact JSON. Technical failure: ``isError`` true, no ``structuredContent``, the text is
``{"error": SerializedIntentError}``. 2026-07-28 replies also carry ``resultType: "complete"``;
2025 replies must not. Tools list an ``outputSchema`` only where the version defines it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import mcp_types as types
import orjson

from adapter.versions import DECLARED_PROTOCOL_VERSIONS, MODERN_DECLARED_VERSIONS, PRE_OUTPUT_SCHEMA_VERSIONS
from intent.errors import IntentError, error_payload

# Versions whose replies carry ``resultType``: the modern ones; the handshake versions do not know the field.
_RESULT_TYPE_VERSIONS = MODERN_DECLARED_VERSIONS


def check_protocol_version(version: object) -> str:
    """Return ``version`` if it is declared, else raise ``CONFIG_INVALID`` (category ``transport``)."""
    if not isinstance(version, str) or version not in DECLARED_PROTOCOL_VERSIONS:
        raise IntentError(
            "CONFIG_INVALID",
            f"protocol version must be one of {', '.join(DECLARED_PROTOCOL_VERSIONS)}",
            path="/protocol_version",
            category="transport",
        )
    return version


def has_output_schema(version: str) -> bool:
    return version not in PRE_OUTPUT_SCHEMA_VERSIONS


def tool_for_version(tool: types.Tool, version: str) -> types.Tool:
    """The tool definition as a client of ``version`` should see it."""
    if has_output_schema(version) or tool.output_schema is None:
        return tool
    return tool.model_copy(update={"output_schema": None})


def _result(version: str, **fields: Any) -> types.CallToolResult:
    # ``result_type`` has a model default; it goes on the wire only when set explicitly.
    if version in _RESULT_TYPE_VERSIONS:
        fields["result_type"] = "complete"
    return types.CallToolResult(**fields)


def compact_json(body: Mapping[str, Any]) -> str:
    """Compact JSON text of a reply object (the same serializer the core uses)."""
    return orjson.dumps(body).decode()


def success(
    body: Mapping[str, Any], version: str, *, text: str | None = None, meta: Mapping[str, Any] | None = None
) -> types.CallToolResult:
    """A success reply: ``body`` as structured content and as compact JSON text (``text`` if given).

    ``meta`` goes in the result's ``_meta`` (beside the body, never inside it).
    """
    if text is None:
        text = compact_json(body)
    fields: dict[str, Any] = {}
    if meta is not None:
        fields["_meta"] = dict(meta)
    return _result(
        version,
        content=[types.TextContent(type="text", text=text)],
        structured_content=dict(body),
        is_error=False,
        **fields,
    )


def refusal(body: Mapping[str, Any], version: str) -> types.CallToolResult:
    """An error reply that still carries structure: ``body`` (``{"error": ..., ...}``) as text and as content.

    For ``intent_execute``'s refusals and failed calls, where the caller needs more than the error:
    the refusal's own code and question, the plan that failed. Clients do not check an error
    result against the tool's output schema.
    """
    return _result(
        version,
        content=[types.TextContent(type="text", text=compact_json(body))],
        structured_content=dict(body),
        is_error=True,
    )


def failure(error: IntentError, version: str) -> types.CallToolResult:
    """A technical-failure reply: only the serialized error, never a partial result."""
    return _result(
        version,
        content=[types.TextContent(type="text", text=orjson.dumps(error_payload(error)).decode())],
        is_error=True,
    )


def to_wire(result: types.CallToolResult) -> dict[str, Any]:
    """The reply as it goes on the wire for the version it was built for."""
    data = result.model_dump(by_alias=True, mode="json", exclude_none=True)
    if "result_type" not in result.model_fields_set:
        data.pop("resultType", None)
    return data
