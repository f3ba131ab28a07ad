"""The one exception of the recognition core, and its serialized form."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal, TypedDict

ErrorCategory = Literal["config", "input", "model", "executor", "transport", "internal"]

# code -> (category, retryable by default)
ERROR_CODES: dict[str, tuple[ErrorCategory, bool]] = {
    "CONFIG_INVALID": ("config", False),
    "INPUT_INVALID": ("input", False),
    "FIELD_UNKNOWN": ("input", False),
    "INSTANCE_REQUIRED": ("input", False),
    "INSTANCE_UNKNOWN": ("input", False),
    "EXECUTOR_MISSING": ("config", False),
    "CANDIDATE_INVALID": ("model", False),
    "EXECUTOR_FAILED": ("executor", True),
    "TIMEOUT": ("executor", True),
    "CANCELLED": ("internal", False),
    "DISPOSED": ("internal", False),
    "TOKEN_INVALID": ("input", False),
    "REQUEST_UNKNOWN": ("input", False),
    "SUBMISSION_CONFLICT": ("input", False),
    "REQUEST_CANCELLED": ("input", False),
    "SESSION_CLOSED": ("transport", False),
    "INTERNAL": ("internal", False),
}


_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_surrogates(text: str) -> str:
    """``text`` with each lone UTF-16 surrogate written as its ``\\uXXXX`` escape, so it can be encoded."""
    if not isinstance(text, str) or _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


class FeedbackItem(TypedDict):
    """One explicit format problem of a candidate: where it is and what is wrong."""

    pointer: str
    message: str


class SerializedIntentError(TypedDict, total=False):
    code: str
    category: ErrorCategory
    message: str
    path: str
    retryable: bool
    feedback: list[FeedbackItem]


class IntentError(Exception):
    """A coded failure: what went wrong (`code`, `message`), where (`path`), and whether a retry may help."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        path: str = "",
        category: ErrorCategory | None = None,
        retryable: bool | None = None,
        feedback: Sequence[FeedbackItem] | None = None,
    ) -> None:
        default_category, default_retryable = ERROR_CODES.get(code, ("internal", False))
        # A message or path may quote what a caller sent; it must still serialize as UTF-8 text.
        message, path = escape_surrogates(message), escape_surrogates(path)
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path
        self.category: ErrorCategory = category or default_category
        self.retryable = default_retryable if retryable is None else retryable
        self.feedback: list[FeedbackItem] = [
            {"pointer": escape_surrogates(item["pointer"]), "message": escape_surrogates(item["message"])}
            for item in feedback or ()
        ]

    def to_dict(self) -> SerializedIntentError:
        data: SerializedIntentError = {
            "code": self.code,
            "category": self.category,
            "message": self.message,
            "path": self.path,
            "retryable": self.retryable,
        }
        if self.feedback:
            data["feedback"] = list(self.feedback)
        return data

    def __repr__(self) -> str:
        return f"IntentError({self.code!r}, {self.message!r}, path={self.path!r})"

    def __str__(self) -> str:
        where = f" at {self.path}" if self.path else ""
        return f"{self.code}{where}: {self.message}"


def error_payload(error: IntentError) -> dict[str, Any]:
    """The body of a technical-failure reply: ``{"error": SerializedIntentError}``."""
    return {"error": error.to_dict()}
