"""Documents nested past what a projection can follow: a coded CONFIG_INVALID, never a RecursionError.

Projection follows ``$ref`` chains and nested schemas recursively, as JSON parsing does; a small
document can nest deeper than Python's recursion limit (a chain of 3,000 ``$ref``s, 400 nested
object schemas, a ``default`` nested 900 deep). Each public entry point is wrapped so that such
a document is refused like any other unusable catalog.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from catalog.errors import catalog_error

__all__ = ["refuse_deep_documents"]

P = ParamSpec("P")
R = TypeVar("R")

TOO_DEEP = (
    "the document nests too deeply to project (a long chain of $refs, or schemas or values nested "
    "hundreds of levels deep); flatten it"
)


def refuse_deep_documents(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` with RecursionError turned into CONFIG_INVALID."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except RecursionError:
            raise catalog_error(TOO_DEEP) from None

    return wrapper
