"""Whether an argv input's type makes a payload unrepresentable, and checking values against it."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker

from catalog.tool_nodes.formats import FORMAT_CHECKS, check_format, is_checked_format

# Types whose parsed values cannot spell a payload.
SAFE_SCALAR_TYPES = frozenset({"integer", "number", "boolean"})



def _format_checker() -> FormatChecker:
    """A checker for exactly the formats of ``FORMAT_CHECKS`` (non-strings pass, as JSON Schema says)."""
    checker = FormatChecker(formats=())
    for name in FORMAT_CHECKS:
        checker.checks(name)(lambda value, name=name: not isinstance(value, str) or check_format(name, value))
    return checker


_FORMAT_CHECKER = _format_checker()


def is_anchored_pattern(pattern: object) -> bool:
    """A pattern constrains the whole value only when anchored at both ends."""
    if not isinstance(pattern, str):
        return False
    starts = pattern.startswith("^") or pattern.startswith(r"\A")
    ends = (pattern.endswith("$") and not pattern.endswith(r"\$")) or pattern.endswith(r"\Z")
    return starts and ends and len(pattern) > 2


def unconstrained_reason(schema: Mapping[str, Any]) -> str | None:
    """Why values of ``schema`` could be a payload in argv, or None when the type rules that out.

    Constrained: an ``enum`` or ``const``; an integer, number or boolean; a string with an anchored
    ``pattern`` or a format this package checks exactly. Anything else is free text.
    """
    if "enum" in schema or "const" in schema:
        return None
    kind = schema.get("type")
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else []
    if not kinds:
        return "has no declared type"
    concrete = [item for item in kinds if item != "null"]
    if concrete and all(item in SAFE_SCALAR_TYPES for item in concrete):
        return None
    if concrete == ["string"]:
        if is_anchored_pattern(schema.get("pattern")):
            return None
        if is_checked_format(schema.get("format")):
            return None
        if "pattern" in schema:
            return "is a string whose pattern is not anchored with ^ and $"
        if "format" in schema:
            return f"is a string whose format '{schema['format']}' is not one this projector checks"
        return "is a free string without enum, pattern or format"
    return f"has type {kind!r}, which cannot be passed safely as an argument"


def validation_errors(schema: Mapping[str, Any], value: Any) -> list[str]:
    """Messages for each way ``value`` breaks ``schema`` (formats checked exactly)."""
    if isinstance(value, float) and not math.isfinite(value):
        return ["must be a finite number"]
    validator = Draft202012Validator(schema, format_checker=_FORMAT_CHECKER)
    messages = []
    for error in validator.iter_errors(value):
        # Named by keyword and schema value, never by the offending value: it may be a secret.
        where = "/".join(str(part) for part in error.absolute_path)
        expected = json.dumps(error.validator_value, ensure_ascii=False)
        if len(expected) > 120:
            expected = expected[:117] + "..."
        messages.append(f"{where + ' ' if where else ''}fails {error.validator} {expected}")
        if len(messages) >= 5:
            break
    return messages
