"""JSON Pointer (RFC 6901) tokens: the one place that escapes and unescapes them.

``~`` is written ``~0`` and ``/`` is written ``~1``; unescaping undoes ``~1`` before ``~0`` so
that ``~01`` reads back as ``~1``, not ``/``. Every error path, feedback pointer and source
reference the project emits is built here.
"""

from __future__ import annotations

from collections.abc import Iterable


def escape_token(token: object) -> str:
    """One reference token, escaped (``str(token)`` first, so list indexes may be ints)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape_token(token: str) -> str:
    """One escaped reference token, read back."""
    return token.replace("~1", "/").replace("~0", "~")


def to_pointer(tokens: Iterable[object]) -> str:
    """``["a", 0, "b/c"]`` -> ``"/a/0/b~1c"``; no tokens is the whole document, ``""``."""
    return "".join("/" + escape_token(token) for token in tokens)


def join_pointer(*tokens: object) -> str:
    """``join_pointer("a", 0)`` -> ``"/a/0"``: ``to_pointer`` for tokens written out."""
    return to_pointer(tokens)


def pointer_tokens(pointer: str) -> list[str]:
    """``"/a/0/b~1c"`` -> ``["a", "0", "b/c"]``; raise ValueError for text that is not a pointer."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError("a JSON Pointer is empty or starts with '/'")
    return [unescape_token(raw) for raw in pointer[1:].split("/")]


__all__ = ["escape_token", "join_pointer", "pointer_tokens", "to_pointer", "unescape_token"]
