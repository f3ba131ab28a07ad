"""AXAG Semantic Manifest operations -> MCP tool definitions, and the tool registry that wraps them.

Follows the mapping table of the Tool Mapping Rules Reference: names from ``intent`` (``.`` -> ``_``),
one JSON Schema property per parameter, and safety/scope fields grouped into ``metadata``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from catalog.depth import refuse_deep_documents
from catalog.errors import catalog_error

REGISTRY_SCHEMA_VERSION = "1.0"

JSON_SCHEMA_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
RISK_LEVELS = frozenset({"none", "low", "medium", "high", "critical"})

# Parameter keys copied under the same name.
COPIED_PARAMETER_KEYS = frozenset(
    {"type", "enum", "minLength", "maxLength", "pattern", "default", "items", "properties", "description"}
)
# Manifest shorthand -> JSON Schema keyword.
RENAMED_PARAMETER_KEYS = {"min": "minimum", "max": "maximum"}
FORMAT_ALIASES = {"url": "uri", "datetime": "date-time"}

# Booleans defaulting to false when absent.
FLAG_FIELDS = ("idempotent", "confirmation_required", "approval_required")
# Copied into metadata only when present and non-empty, in the order the operation lists them.
OPTIONAL_METADATA_FIELDS: dict[str, type | tuple[type, ...]] = {
    "approval_roles": list,
    "async": bool,
    "scope": str,
    "tenant_boundary": str,
    "required_roles": list,
    "side_effects": list,
    "preconditions": list,
    "postconditions": list,
}


def tool_name_for(intent: str) -> str:
    """The MCP tool name of an intent: ``product.search`` -> ``product_search``."""
    return intent.replace(".", "_")


@refuse_deep_documents
def project_operation(op: Mapping[str, Any], *, path: tuple[str | int, ...] = ()) -> dict[str, Any]:
    """One manifest operation as an MCP tool definition ``{name, description, input_schema, metadata}``."""
    if not isinstance(op, Mapping):
        raise catalog_error("an operation must be a JSON object", *path)
    intent = op.get("intent")
    if not isinstance(intent, str) or not intent.strip():
        raise catalog_error("operation field 'intent' must be a non-empty string", *path, "intent")
    label = f"operation '{intent}'"

    def field_error(field: str, problem: str, *more: str | int) -> Exception:
        return catalog_error(f"{label}: field '{field}' {problem}", *path, field, *more)

    description = op.get("description")
    if not isinstance(description, str):
        raise field_error("description", "must be a string")
    action_type = op.get("action_type")
    if not isinstance(action_type, str) or not action_type:
        raise field_error("action_type", "must be a non-empty string")
    entity = op.get("entity")
    if entity is not None and not isinstance(entity, str):
        raise field_error("entity", "must be a string")
    risk_level = op.get("risk_level")
    if risk_level is None:
        risk_level = "none"
    elif not isinstance(risk_level, str) or risk_level not in RISK_LEVELS:
        raise field_error("risk_level", f"must be one of {', '.join(sorted(RISK_LEVELS))}")

    properties: dict[str, Any] = {}
    required: list[str] = []
    for list_name, is_required in (("required_parameters", True), ("optional_parameters", False)):
        parameters = op.get(list_name)
        if parameters is None:
            continue
        if not isinstance(parameters, list):
            raise field_error(list_name, "must be a list of parameters")
        for index, parameter in enumerate(parameters):
            name, schema = _parameter_schema(parameter, label, (*path, list_name, index))
            if name in properties:
                raise catalog_error(
                    f"{label}: parameter '{name}' is declared twice", *path, list_name, index, "name"
                )
            properties[name] = schema
            if is_required:
                required.append(name)

    metadata: dict[str, Any] = {"action_type": action_type, "risk_level": risk_level}
    for flag in FLAG_FIELDS:
        value = op.get(flag)
        if value is None:
            value = False
        elif not isinstance(value, bool):
            raise field_error(flag, "must be true or false")
        metadata[flag] = value
    for field, value in op.items():
        expected = OPTIONAL_METADATA_FIELDS.get(field)
        if expected is None or value is None:
            continue
        if not isinstance(value, expected):
            raise field_error(field, f"must be a {_type_label(expected)}")
        if isinstance(value, list) and not all(isinstance(item, str) for item in value):
            raise field_error(field, "must be a list of strings")
        if isinstance(value, (list, str)) and not value:
            continue
        metadata[field] = copy.deepcopy(value)
    metadata["source_intent"] = intent
    if entity is not None:
        metadata["source_entity"] = entity

    return {
        "name": tool_name_for(intent),
        "description": description,
        "input_schema": {"type": "object", "properties": properties, "required": required},
        "metadata": metadata,
    }


@refuse_deep_documents
def generate_tool_registry(manifest: Mapping[str, Any], *, now: datetime | None = None) -> dict[str, Any]:
    """The tool registry of a manifest: ``{schema_version, generated_at, source_manifest, tools}``."""
    if not isinstance(manifest, Mapping):
        raise catalog_error("an AXAG manifest must be a JSON object")
    name = manifest.get("name")
    if not isinstance(name, str) or not name.strip():
        raise catalog_error("manifest field 'name' must be a non-empty string", "name")
    version = manifest.get("version")
    if not isinstance(version, str) or not version.strip():
        raise catalog_error("manifest field 'version' must be a non-empty string", "version")
    operations = manifest.get("operations")
    if not isinstance(operations, list):
        raise catalog_error("manifest field 'operations' must be a list of operations", "operations")
    tools: list[dict[str, Any]] = []
    intents_by_name: dict[str, str] = {}
    for index, operation in enumerate(operations):
        tool = project_operation(operation, path=("operations", index))
        earlier = intents_by_name.get(tool["name"])
        if earlier is not None:
            raise catalog_error(
                f"operation '{operation['intent']}' gives tool name '{tool['name']}', already used by "
                f"operation '{earlier}'",
                "operations",
                index,
                "intent",
            )
        intents_by_name[tool["name"]] = operation["intent"]
        tools.append(tool)
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    return {
        "schema_version": REGISTRY_SCHEMA_VERSION,
        "generated_at": moment.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "source_manifest": name,
        "tools": tools,
    }


def _parameter_schema(
    parameter: Any, label: str, path: tuple[str | int, ...]
) -> tuple[str, dict[str, Any]]:
    """A parameter's name and its JSON Schema property."""
    if not isinstance(parameter, Mapping):
        raise catalog_error(f"{label}: a parameter must be a JSON object", *path)
    name = parameter.get("name")
    if not isinstance(name, str) or not name:
        raise catalog_error(f"{label}: parameter field 'name' must be a non-empty string", *path, "name")
    where = f"{label}: parameter '{name}'"
    schema: dict[str, Any] = {}
    for key, value in parameter.items():
        if key == "name":
            continue
        if key in RENAMED_PARAMETER_KEYS or key in ("minimum", "maximum"):
            target: str = RENAMED_PARAMETER_KEYS.get(key) or key
            if target in schema:
                raise catalog_error(f"{where} gives '{target}' twice (as min/max and {target})", *path, key)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise catalog_error(f"{where}: field '{key}' must be a number", *path, key)
            schema[target] = value
        elif key == "format":
            if not isinstance(value, str):
                raise catalog_error(f"{where}: field 'format' must be a string", *path, key)
            schema["format"] = FORMAT_ALIASES.get(value, value)
        elif key == "required" and isinstance(value, list):
            # An object parameter's own required list goes with its nested properties.
            if not all(isinstance(item, str) for item in value):
                raise catalog_error(f"{where}: field 'required' must be a list of property names", *path, key)
            schema["required"] = list(value)
        elif key in COPIED_PARAMETER_KEYS:
            _check_copied(key, value, where, (*path, key))
            schema[key] = copy.deepcopy(value)
    return name, schema


def _check_copied(key: str, value: Any, where: str, path: tuple[str | int, ...]) -> None:
    """Reject values a JSON Schema keyword cannot take, naming the parameter and the field."""
    problem = None
    if key == "type":
        names = value if isinstance(value, list) else [value]
        if not names or not all(isinstance(item, str) and item in JSON_SCHEMA_TYPES for item in names):
            problem = f"must be one of {', '.join(sorted(JSON_SCHEMA_TYPES))} (or a list of them)"
    elif key == "enum" and (not isinstance(value, list) or not value):
        problem = "must be a non-empty list"
    elif key in ("minLength", "maxLength") and not _is_count(value):
        problem = "must be a non-negative integer"
    elif key in ("pattern", "description") and not isinstance(value, str):
        problem = "must be a string"
    elif key in ("items", "properties") and not isinstance(value, Mapping):
        problem = "must be a JSON object"
    if problem is not None:
        raise catalog_error(f"{where}: field '{key}' {problem}", *path)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _type_label(expected: type | tuple[type, ...]) -> str:
    names = {list: "list", bool: "boolean", str: "string"}
    kinds = expected if isinstance(expected, tuple) else (expected,)
    return " or ".join(names.get(kind, kind.__name__) for kind in kinds)
