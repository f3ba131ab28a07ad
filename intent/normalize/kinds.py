"""What kind of value a field's JSON Schema asks for, so text is read the right way."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from intent.normalize.patterns import compile_pattern

__all__ = ["FieldKind", "field_kind", "schema_types"]


class FieldKind(str, Enum):
    ENUM = "enum"
    INTEGER = "integer"
    NUMBER = "number"
    BOOLEAN = "boolean"
    DATE = "date"
    DATE_TIME = "date-time"
    TIME = "time"
    EMAIL = "email"
    URI = "uri"
    PATTERN = "pattern"
    TEXT = "text"
    OTHER = "other"


def schema_types(schema: Mapping[str, Any]) -> set[str]:
    """The JSON types ``schema`` allows (``type`` as a string or a list; none -> empty)."""
    kind = schema.get("type")
    if isinstance(kind, str):
        return {kind}
    if isinstance(kind, list):
        return {k for k in kind if isinstance(k, str)}
    return set()


def _pattern_accepts(pattern: str, sample: str) -> bool:
    regex = compile_pattern(pattern)
    return bool(regex is not None and regex.search(sample))


def field_kind(schema: Mapping[str, Any]) -> FieldKind:
    """Classify a field schema by what it says: enum, numeric type, format, pattern, plain text."""
    if isinstance(schema.get("enum"), list):
        return FieldKind.ENUM
    types = schema_types(schema)
    if "integer" in types:
        return FieldKind.INTEGER
    if "number" in types:
        return FieldKind.NUMBER
    if "boolean" in types and "string" not in types:
        return FieldKind.BOOLEAN
    if types and "string" not in types:
        return FieldKind.OTHER
    fmt = schema.get("format")
    if fmt == "date":
        return FieldKind.DATE
    if fmt == "date-time":
        return FieldKind.DATE_TIME
    if fmt == "time":
        return FieldKind.TIME
    if fmt in ("email", "idn-email"):
        return FieldKind.EMAIL
    if fmt in ("uri", "url", "iri", "uri-reference"):
        return FieldKind.URI
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        if _pattern_accepts(pattern, "19:30") and not _pattern_accepts(pattern, "zz"):
            return FieldKind.TIME
        if _pattern_accepts(pattern, "2026-12-04") and not _pattern_accepts(pattern, "zz"):
            return FieldKind.DATE
        return FieldKind.PATTERN
    return FieldKind.TEXT
