"""Finders that read a whole text, remembered per text: callers may ask again for each owner or field.

The recognizer reads values once per request and again for each correction it holds; a finder that
scans the whole input each time makes that quadratic in the input. A finder wrapped here scans a
given text once (its last 64 texts are kept) and hands each caller its own copy of the list.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["remembered_per_text"]

T = TypeVar("T")


def remembered_per_text(function: Callable[..., list[T]]) -> Callable[..., list[T]]:
    """``function`` (pure, hashable arguments) with its results kept for the last 64 argument sets."""
    cached = functools.lru_cache(maxsize=64)(lambda *args: tuple(function(*args)))

    @functools.wraps(function)
    def wrapper(*args: Hashable) -> list[T]:
        return list(cached(*args))

    return wrapper
