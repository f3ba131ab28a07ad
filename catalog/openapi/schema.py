"""OpenAPI / Swagger schema objects -> self-contained JSON Schema.

``$ref``s are inlined from the raw document, a reference met again on the same branch is cut to
``{type}``, ``nullable`` is folded into ``type``, ``readOnly`` properties (and their ``required``
entries) are dropped, OpenAPI 3.0 boolean ``exclusiveMinimum/Maximum`` become numbers, and keys that
are not JSON Schema (``example``, ``xml``, ``discriminator``, ``x-*``, ...) are dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from catalog.errors import catalog_error
from intent.pointer import unescape_token

# Inlining can multiply a document's size (a schema reused everywhere); this bounds the output.
MAX_SCHEMA_NODES = 200_000

# JSON Schema keywords kept, with how their values are converted.
_SCALAR_KEYWORDS = frozenset(
    {
        "type", "enum", "const", "format", "pattern", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems",
        "minProperties", "maxProperties", "required", "description", "title", "default", "examples",
        "deprecated", "writeOnly", "contentMediaType", "contentEncoding", "minContains", "maxContains",
        "dependentRequired",
    }
)
_SUBSCHEMA_KEYWORDS = frozenset(
    {"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
     "unevaluatedProperties", "unevaluatedItems", "additionalItems"}
)
_SUBSCHEMA_LIST_KEYWORDS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
_SUBSCHEMA_MAP_KEYWORDS = frozenset({"properties", "patternProperties", "dependentSchemas"})


def resolve_pointer(root: Any, ref: str) -> Any:
    """The value a local reference (``#/components/schemas/Pet``) points at, or a coded error."""
    if not ref.startswith("#"):
        raise catalog_error(f"reference '{ref}' points outside the document, which is not supported")
    node = root
    for raw in ref[1:].split("/")[1:] if ref != "#" else []:
        token = unescape_token(raw).replace("%7B", "{").replace("%7D", "}")
        if isinstance(node, Mapping) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise catalog_error(f"reference '{ref}' does not resolve")
    return node


def resolve_object(root: Any, value: Any, *, limit: int = 32) -> Any:
    """Follow ``$ref`` chains of a non-schema object (parameter, request body, scheme) to the object."""
    seen: set[str] = set()
    while isinstance(value, Mapping) and isinstance(value.get("$ref"), str):
        ref = value["$ref"]
        if ref in seen or len(seen) >= limit:
            raise catalog_error(f"reference '{ref}' refers to itself")
        seen.add(ref)
        value = resolve_pointer(root, ref)
    return value


class SchemaConverter:
    """Converts the schemas of one document; the node budget is shared by all of them."""

    def __init__(self, root: Any, *, max_nodes: int = MAX_SCHEMA_NODES) -> None:
        self.root = root
        self.remaining = max_nodes

    def convert(self, schema: Any) -> dict[str, Any]:
        """A self-contained JSON Schema for ``schema`` (``{}`` for a missing one)."""
        return self._convert(schema, ())

    def _spend(self) -> None:
        self.remaining -= 1
        if self.remaining < 0:
            raise catalog_error("the document's schemas expand to too large a tool definition")

    def _convert(self, schema: Any, branch: tuple[str, ...]) -> dict[str, Any]:
        self._spend()
        if isinstance(schema, bool):
            return {} if schema else {"not": {}}
        if not isinstance(schema, Mapping):
            return {}
        ref = schema.get("$ref")
        if isinstance(ref, str):
            if not ref.startswith("#"):
                # An external document cannot be inlined: the argument is left unconstrained.
                return self._siblings(schema, branch)
            target = resolve_pointer(self.root, ref)
            if ref in branch:
                return _cut(target)
            inlined = self._convert(target, (*branch, ref))
            siblings = self._siblings(schema, branch)
            return {**inlined, **siblings} if siblings else inlined
        return self._convert_plain(schema, branch)

    def _siblings(self, schema: Mapping[str, Any], branch: tuple[str, ...]) -> dict[str, Any]:
        """The keywords written beside a ``$ref`` (OpenAPI 3.1 allows them), converted."""
        rest = {key: value for key, value in schema.items() if key != "$ref"}
        return self._convert_plain(rest, branch) if rest else {}

    def _convert_plain(self, schema: Mapping[str, Any], branch: tuple[str, ...]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in schema.items():
            if key in _SCALAR_KEYWORDS:
                result[key] = _plain_copy(value)
            elif key in _SUBSCHEMA_KEYWORDS:
                if isinstance(value, (Mapping, bool)):
                    result[key] = self._convert(value, branch) if isinstance(value, Mapping) else value
            elif key in _SUBSCHEMA_LIST_KEYWORDS:
                if isinstance(value, list):
                    result[key] = [self._convert(item, branch) for item in value]
            elif key in _SUBSCHEMA_MAP_KEYWORDS and isinstance(value, Mapping):
                result[key] = {
                    str(name): self._convert(item, branch)
                    for name, item in value.items()
                    if not (key == "properties" and _is_read_only(self.root, item))
                }
        if isinstance(schema.get("items"), list):
            # Swagger 2 / draft-4 tuple form.
            result["prefixItems"] = [self._convert(item, branch) for item in schema["items"]]
        _fold_exclusive_bounds(result)
        _fold_nullable(result, schema)
        if result.get("type") == "file":
            result["type"] = "string"
            result.setdefault("format", "binary")
        dropped = {
            str(name)
            for name, item in (schema.get("properties") or {}).items()
            if _is_read_only(self.root, item)
        } if isinstance(schema.get("properties"), Mapping) else set()
        if isinstance(result.get("required"), list):
            kept = [name for name in result["required"] if isinstance(name, str) and name not in dropped]
            if kept:
                result["required"] = kept
            else:
                del result["required"]
        return result


def _cut(target: Any) -> dict[str, Any]:
    """A recursive reference cut to its type, so the schema stays finite."""
    if isinstance(target, Mapping):
        kind = target.get("type")
        if kind is not None:
            return {"type": _plain_copy(kind)}
        if "properties" in target:
            return {"type": "object"}
        if "items" in target:
            return {"type": "array"}
    return {}


def _is_read_only(root: Any, schema: Any) -> bool:
    if isinstance(schema, Mapping) and "readOnly" in schema:
        return schema["readOnly"] is True
    try:
        resolved = resolve_object(root, schema)
    except Exception:
        # An unresolvable reference is reported where the property is converted.
        return False
    return isinstance(resolved, Mapping) and resolved.get("readOnly") is True


def _fold_exclusive_bounds(result: dict[str, Any]) -> None:
    """OpenAPI 3.0 / draft 4 ``exclusiveMinimum: true`` + ``minimum: n`` -> ``exclusiveMinimum: n``."""
    for exclusive, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        flag = result.get(exclusive)
        if not isinstance(flag, bool):
            continue
        del result[exclusive]
        if flag and bound in result:
            result[exclusive] = result.pop(bound)


def _fold_nullable(result: dict[str, Any], schema: Mapping[str, Any]) -> None:
    """``nullable: true`` (OpenAPI 3.0) or ``x-nullable: true`` (Swagger 2) -> ``null`` in ``type``."""
    if schema.get("nullable") is not True and schema.get("x-nullable") is not True:
        return
    kind = result.get("type")
    if isinstance(kind, str) and kind != "null":
        result["type"] = [kind, "null"]
    elif isinstance(kind, list) and "null" not in kind:
        result["type"] = [*kind, "null"]
    if isinstance(result.get("enum"), list) and None not in result["enum"]:
        result["enum"] = [*result["enum"], None]


def _plain_copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(key): _plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_copy(item) for item in value]
    return value


def to_json_schema(schema: Any, root: Any) -> dict[str, Any]:
    """The schema converter on its own: ``schema`` with references resolved against ``root``."""
    return SchemaConverter(root).convert(schema)
