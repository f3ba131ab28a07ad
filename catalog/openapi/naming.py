"""Tool names and descriptions for OpenAPI operations."""

from __future__ import annotations

import re
from collections.abc import Container

# Tool names stay within what every MCP client accepts (letters, digits, `_`, at most 64 characters).
MAX_TOOL_NAME_LENGTH = 64

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NOT_WORD = re.compile(r"[^A-Za-z0-9]+")
_PATH_PARAMETER = re.compile(r"^\{(.+)\}$")


def to_snake_case(text: str) -> str:
    """``findPetsByStatus`` -> ``find_pets_by_status``; ``getHTTPStatus`` -> ``get_http_status``."""
    spaced = _CAMEL_BOUNDARY.sub("_", text)
    return _NOT_WORD.sub("_", spaced).strip("_").lower()


def derive_tool_name(method: str, path: str) -> str:
    """A name for an operation without ``operationId``: ``GET /pet/{petId}`` -> ``get_pet_by_pet_id``."""
    words = [method.lower()]
    for segment in path.split("/"):
        if not segment:
            continue
        parameter = _PATH_PARAMETER.match(segment)
        words.append(f"by_{to_snake_case(parameter.group(1))}" if parameter else to_snake_case(segment))
    return "_".join(word for word in words if word)


def sanitize_description(text: str) -> str:
    """A description as tools carry it: every ``_`` deleted, surrounding space trimmed."""
    return text.replace("_", "").strip()


class ToolNamer:
    """Hands out unique names: a repeated name gets ``_2``, ``_3``, ... in the order it is asked for."""

    def __init__(self) -> None:
        self._used: set[str] = set()
        # The last counter each base reached: every name below it is taken already, so the search
        # resumes there (a thousand operations with one name cost a thousand steps, not half a million).
        self._counters: dict[str, int] = {}

    def claim(self, base: str) -> str:
        base = base[:MAX_TOOL_NAME_LENGTH] or "operation"
        name = base
        counter = self._counters.get(base, 1)
        if counter > 1:
            suffix = f"_{counter}"
            name = base[: MAX_TOOL_NAME_LENGTH - len(suffix)] + suffix
        while name in self._used:
            counter += 1
            suffix = f"_{counter}"
            name = base[: MAX_TOOL_NAME_LENGTH - len(suffix)] + suffix
        self._counters[base] = counter
        self._used.add(name)
        return name


def free_name(name: str, suffix: str, taken: Container[str]) -> str:
    """``name``, or ``<name>_<suffix>`` (then ``_2``, ``_3``, ...) when ``taken`` already holds it."""
    if name not in taken:
        return name
    candidate = f"{name}_{suffix}"
    counter = 1
    while candidate in taken:
        counter += 1
        candidate = f"{name}_{suffix}_{counter}"
    return candidate
