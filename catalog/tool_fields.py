"""Each tool's own fields: what recognition fills for one tool, and how the values become its arguments.

A tool's input properties are its fields, with two changes that let a request's words reach them:

- An OpenAPI request body that is a plain object is flattened: each of its properties is a field
  of its own (``quantity`` of ``place_order``), mapped back into the body when the call is built
  (``{"body": {"quantity": 2}}``). A property whose name a parameter of the same tool already uses
  is ``<name>_body`` (the manifest's own ``<name>_<in>`` renaming).
- A renamed parameter (``id_query``, ``X-Trace_header``: two locations used one name) keeps its
  argument name as the field name; its label names the wire parameter, so a question reads
  "What is the id (query parameter)?" and not "id_query".

Every field keeps the tool's own schema (its enum, format and bounds), never a widened one.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from catalog.openapi.naming import free_name
from catalog.tools import CatalogTool
from intent.pointer import escape_token, pointer_tokens

# Schema keywords that make an object body more than a list of properties: such a body stays one field.
_COMPOSITE_KEYWORDS = ("oneOf", "anyOf", "allOf", "not", "if", "$ref", "patternProperties")


_SECRET_WORDS = ("password", "passwd", "secret", "token", "apikey", "api_key", "credential")


@dataclass(frozen=True)
class ToolField:
    """One field of one tool: where its value goes in the call (``argument``, and ``path`` inside it)."""

    name: str
    argument: str
    schema: dict[str, Any]
    required: bool
    # A JSON Pointer inside ``argument`` ("" for the argument itself; "/quantity" for a body property).
    path: str = ""
    # How the person would name it in a question: the description, else the wire parameter's name.
    label: str = ""

    @property
    def secret(self) -> bool:
        """A value to keep out of prompts and messages: a ``writeOnly`` or ``format: password`` schema,
        or a name that says so (password, secret, token, API key)."""
        words = self.name.lower().replace("-", "_")
        return (self.schema.get("writeOnly") is True or self.schema.get("format") == "password"
                or any(word in words for word in _SECRET_WORDS))


def tool_fields(tool: CatalogTool) -> dict[str, ToolField]:
    """The fields of ``tool`` in the order of its input properties, a flattened body's properties in its place."""
    required = tool.input_schema.get("required")
    required_args = {name for name in required if isinstance(name, str)} if isinstance(required, list) else set()
    body_argument = next((arg for arg, (_, where) in tool.parameters.items() if where == "body"), None)
    properties = {name: schema for name, schema in tool.properties.items() if isinstance(schema, Mapping)}
    taken = {name for name in properties if name != body_argument}
    fields: dict[str, ToolField] = {}
    for argument, schema in properties.items():
        if argument == body_argument and _flattenable(schema):
            body_required = schema.get("required")
            inside = set(body_required) if isinstance(body_required, list) else set()
            for prop, prop_schema in schema["properties"].items():
                name = free_name(prop, "body", taken)
                taken.add(name)
                fields[name] = ToolField(
                    name=name,
                    argument=argument,
                    schema=copy.deepcopy(dict(prop_schema)),
                    required=argument in required_args and prop in inside,
                    path="/" + escape_token(prop),
                    label=_label(prop_schema, prop if name == prop else f"{prop} (request body)"),
                )
            continue
        wire, location = tool.parameters.get(argument, (argument, ""))
        shown = argument if wire == argument or not location else f"{wire} ({location} parameter)"
        fields[argument] = ToolField(
            name=argument,
            argument=argument,
            schema=copy.deepcopy(dict(schema)),
            required=argument in required_args,
            label=_label(schema, shown),
        )
    return fields


def arguments_from_fields(fields: Mapping[str, ToolField], values: Mapping[str, Any]) -> dict[str, Any]:
    """The call arguments of field values: a flattened body's values go back into the body object.

    Values of names that are not fields of the tool are left out (the caller decides whether that
    is an error). Values are deep-copied: the arguments never alias the result they came from.
    """
    arguments: dict[str, Any] = {}
    for name, value in values.items():
        spec = fields.get(name)
        if spec is None:
            continue
        if not spec.path:
            arguments[spec.argument] = copy.deepcopy(value)
            continue
        container = arguments.setdefault(spec.argument, {})
        if isinstance(container, dict):
            container[pointer_tokens(spec.path)[0]] = copy.deepcopy(value)
    return arguments


def _flattenable(schema: Mapping[str, Any]) -> bool:
    """A plain object schema with properties: ``{"type": "object", "properties": {...}}``."""
    properties = schema.get("properties")
    return (
        schema.get("type") == "object"
        and isinstance(properties, Mapping)
        and bool(properties)
        and all(isinstance(value, Mapping) for value in properties.values())
        and not any(keyword in schema for keyword in _COMPOSITE_KEYWORDS)
    )


def _label(schema: Mapping[str, Any], fallback: str) -> str:
    description = schema.get("description")
    return description.strip() if isinstance(description, str) and description.strip() else fallback


__all__ = ["ToolField", "arguments_from_fields", "tool_fields"]
