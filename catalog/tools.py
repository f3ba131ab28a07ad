"""One record for a projected tool, whichever catalog it came from (AXAG, OpenAPI, Tool nodes)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from catalog.errors import catalog_error

ToolSource = Literal["axag", "openapi", "tool_node", "mcp"]

# Safety fields carried into an intent's extensions, by source, in this order.
AXAG_RISK_FIELDS = (
    "action_type",
    "risk_level",
    "idempotent",
    "confirmation_required",
    "approval_required",
    "approval_roles",
    "required_roles",
    "side_effects",
    "scope",
    "tenant_boundary",
    "async",
)
ANNOTATION_FIELDS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


@dataclass(frozen=True)
class CatalogTool:
    """A tool as recognition sees it: name, description, input schema and risk metadata."""

    name: str
    description: str
    input_schema: dict[str, Any]
    risk: dict[str, Any] = field(default_factory=dict)
    source: ToolSource = "mcp"
    # Words that say what the tool does, beside its name: the AXAG intent and entity, the HTTP method.
    intent: str | None = None
    entity: str | None = None
    method: str | None = None
    # OpenAPI tools: argument -> (wire name, location) of each parameter, the request body's as
    # ``("body", "body")``; empty for other sources. Per-tool fields read it (``catalog.tool_fields``).
    parameters: dict[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def properties(self) -> dict[str, Any]:
        props = self.input_schema.get("properties")
        return props if isinstance(props, dict) else {}


def tool_from_definition(tool: Mapping[str, Any], *, index: int = 0) -> CatalogTool:
    """Normalize one tool definition of any of the three projections (or a plain MCP tool)."""
    if not isinstance(tool, Mapping):
        raise catalog_error("a tool must be a JSON object", "tools", index)
    name = tool.get("name")
    if not isinstance(name, str) or not name:
        raise catalog_error("a tool needs a non-empty string 'name'", "tools", index, "name")
    description = tool.get("description")
    description = description if isinstance(description, str) else ""
    if "input_schema" in tool or "metadata" in tool:
        schema = tool.get("input_schema")
        metadata = tool.get("metadata") if isinstance(tool.get("metadata"), Mapping) else {}
        assert isinstance(metadata, Mapping)
        risk = {key: copy.deepcopy(metadata[key]) for key in AXAG_RISK_FIELDS if key in metadata}
        intent, entity = metadata.get("source_intent"), metadata.get("source_entity")
        return CatalogTool(
            name=name,
            description=description,
            input_schema=_object_schema(schema, name, index),
            risk=risk,
            source="axag",
            intent=intent if isinstance(intent, str) else None,
            entity=entity if isinstance(entity, str) else None,
        )
    annotations = tool.get("annotations") if isinstance(tool.get("annotations"), Mapping) else {}
    assert isinstance(annotations, Mapping)
    risk = {key: annotations[key] for key in ANNOTATION_FIELDS if key in annotations}
    operation = tool.get("operation")
    method = operation.get("method") if isinstance(operation, Mapping) else None
    source: ToolSource = "openapi" if isinstance(operation, Mapping) else "tool_node"
    return CatalogTool(
        name=name,
        description=description,
        input_schema=_object_schema(tool.get("inputSchema"), name, index),
        risk=risk,
        source=source,
        method=method if isinstance(method, str) else None,
        parameters=_parameters(operation.get("params") if isinstance(operation, Mapping) else None),
    )


def tools_from_definitions(tools: Iterable[Mapping[str, Any]]) -> list[CatalogTool]:
    records: list[CatalogTool] = []
    names: set[str] = set()
    for index, tool in enumerate(tools):
        record = tool_from_definition(tool, index=index)
        if record.name in names:
            raise catalog_error(f"tool name '{record.name}' appears twice in the catalog", "tools", index, "name")
        names.add(record.name)
        records.append(record)
    return records


def _parameters(params: Any) -> dict[str, tuple[str, str]]:
    """An OpenAPI manifest operation's ``params`` as argument -> (wire name, location)."""
    out: dict[str, tuple[str, str]] = {}
    for entry in params if isinstance(params, list) else ():
        if not isinstance(entry, Mapping):
            continue
        name, location, arg = entry.get("name"), entry.get("in"), entry.get("arg", entry.get("name"))
        if isinstance(name, str) and isinstance(location, str) and isinstance(arg, str):
            out[arg] = (name, location)
    return out


def _object_schema(schema: Any, name: str, index: int) -> dict[str, Any]:
    if schema is None:
        return {"type": "object", "properties": {}}
    if not isinstance(schema, Mapping) or not isinstance(schema.get("properties", {}), Mapping):
        raise catalog_error(f"tool '{name}': the input schema must be an object schema", "tools", index)
    return copy.deepcopy(dict(schema))
