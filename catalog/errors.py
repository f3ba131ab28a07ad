"""The coded error every catalog projection raises for a document it cannot read."""

from __future__ import annotations

from intent.errors import IntentError

# A catalog is configuration: a bad one is a configuration error, never retryable.
CATALOG_ERROR_CODE = "CONFIG_INVALID"


def pointer_token(token: str | int) -> str:
    """One RFC 6901 JSON Pointer reference token."""
    return str(token).replace("~", "~0").replace("/", "~1")


def join_pointer(*tokens: str | int) -> str:
    """A JSON Pointer from reference tokens: ``("operations", 2, "intent")`` -> ``/operations/2/intent``."""
    return "".join("/" + pointer_token(token) for token in tokens)


def catalog_error(message: str, *tokens: str | int) -> IntentError:
    """A ``CONFIG_INVALID`` error located by the JSON Pointer built from ``tokens``."""
    return IntentError(
        CATALOG_ERROR_CODE, message, path=join_pointer(*tokens), category="config", retryable=False
    )
