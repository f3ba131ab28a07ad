"""A credential that never shows itself in a repr, a log line or an error message."""

from __future__ import annotations

import os

from intent.errors import IntentError

REDACTED = "[redacted]"


class Secret:
    """Holds an API key; ``reveal()`` is the only way to read it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def redact(self, text: str) -> str:
        """``text`` with every occurrence of the secret replaced (upstream messages may echo it)."""
        return text.replace(self._value, REDACTED) if self._value else text

    def __repr__(self) -> str:
        return f"Secret({REDACTED!r})"

    __str__ = __repr__

    def __reduce__(self) -> str | tuple[object, ...]:
        # Pickling would copy the key into places nobody audits.
        raise TypeError("a Secret cannot be pickled")


def secret_from_env(variable: str, *, path: str) -> Secret:
    """Read the key named by ``variable``; a missing or empty variable is CONFIG_INVALID naming it."""
    value = os.environ.get(variable, "")
    if not value.strip():
        raise IntentError(
            "CONFIG_INVALID",
            f"the environment variable {variable} that should hold the API key is not set",
            path=path,
        )
    return Secret(value.strip())
