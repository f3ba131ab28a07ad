"""JSON pointers (RFC 6901) into the request's context or baseline."""

from __future__ import annotations

from typing import Any

_MISSING = object()


def resolve_pointer(document: Any, pointer: str) -> Any:
    """The value at ``pointer``; raise KeyError when it does not resolve."""
    if pointer == "":
        return document
    if not pointer.startswith("/"):
        raise KeyError(pointer)
    node = document
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            node = node.get(token, _MISSING)
        elif isinstance(node, list) and token.isdigit() and (token == "0" or not token.startswith("0")):
            position = int(token)
            node = node[position] if position < len(node) else _MISSING
        else:
            node = _MISSING
        if node is _MISSING:
            raise KeyError(pointer)
    return node
