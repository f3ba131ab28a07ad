"""The coded error every catalog projection raises for a document it cannot read."""

from __future__ import annotations

from typing import Final

from intent.errors import ErrorCode, IntentError
from intent.pointer import join_pointer

# A catalog is configuration: a bad one is a configuration error, never retryable.
CATALOG_ERROR_CODE: Final[ErrorCode] = "CONFIG_INVALID"


__all__ = ["CATALOG_ERROR_CODE", "catalog_error", "join_pointer"]


def catalog_error(message: str, *tokens: str | int) -> IntentError:
    """A ``CONFIG_INVALID`` error located by the JSON Pointer built from ``tokens``."""
    return IntentError(
        CATALOG_ERROR_CODE, message, path=join_pointer(*tokens), category="config", retryable=False
    )
