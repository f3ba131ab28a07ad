"""What a caller's value must be to travel as JSON: no lone surrogates, integers within 64 bits.

A Python string can hold a lone UTF-16 surrogate (``"\\ud800"``) that no UTF-8 text can carry,
and a Python int can have thousands of digits; either makes serialization fail deep inside the
pipeline. They are refused at the boundary instead, with a pointer to the first one found, and any
message that must quote such a string shows it escaped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from intent.errors import IntentError, escape_surrogates
from intent.pointer import to_pointer

__all__ = ["check_wire_value", "escape_surrogates"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1  # what JSON libraries (orjson among them) carry exactly


def _string_problem(text: str) -> str | None:
    found = _SURROGATE.search(text)
    if found is None:
        return None
    return (f"holds a lone UTF-16 surrogate (U+{ord(found.group(0)):04X}) at character {found.start()}, "
            "which UTF-8 text cannot carry; send valid Unicode")


def check_wire_value(value: Any, path: str = "") -> None:
    """Raise INPUT_INVALID at the first string or key with a lone surrogate, or integer beyond 64 bits."""
    # Each node carries a link to its parent's (link, key), so the pointer is built only when needed.
    stack: list[tuple[Any, Link]] = [(value, None)]
    while stack:
        node, link = stack.pop()
        if isinstance(node, str):
            problem = _string_problem(node)
            if problem:
                raise IntentError("INPUT_INVALID", f"this string {problem}", path=path + _pointer_of(link))
        elif isinstance(node, bool) or node is None or isinstance(node, float):
            continue
        elif isinstance(node, int):
            if not _INT_MIN <= node <= _INT_MAX:
                raise IntentError("INPUT_INVALID",
                                  f"this integer has {node.bit_length()} bits; numbers must fit in 64 bits",
                                  path=path + _pointer_of(link))
        elif isinstance(node, Mapping):
            for key, item in node.items():
                if isinstance(key, str):
                    problem = _string_problem(key)
                    if problem:
                        raise IntentError("INPUT_INVALID", f"a key of this object {problem}",
                                          path=path + _pointer_of(link))
                stack.append((item, (link, key)))
        elif isinstance(node, (list, tuple)):
            stack.extend((item, (link, index)) for index, item in enumerate(node))


Link = tuple[Any, Any] | None  # (parent link, key or index)


def _pointer_of(link: Link) -> str:
    parts: list[Any] = []
    while link is not None:
        link, key = link
        parts.append(key)
    return escape_surrogates(to_pointer(parts[::-1]))
