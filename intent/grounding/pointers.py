"""JSON pointers (RFC 6901) into the request's context or baseline."""

from __future__ import annotations

from typing import Any

from intent.pointer import pointer_tokens

_MISSING = object()


def resolve_pointer(document: Any, pointer: str) -> Any:
    """The value at ``pointer``; raise KeyError when it does not resolve."""
    try:
        tokens = pointer_tokens(pointer)
    except ValueError:
        raise KeyError(pointer) from None
    node = document
    for token in tokens:
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
