"""The one exception of the recognition core, and its serialized form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict, get_args

ErrorCategory = Literal["config", "input", "model", "executor", "transport", "internal"]

ErrorCode = Literal[
    "CONFIG_INVALID",
    "INPUT_INVALID",
    "FIELD_UNKNOWN",
    "INSTANCE_REQUIRED",
    "INSTANCE_UNKNOWN",
    "EXECUTOR_MISSING",
    "CANDIDATE_INVALID",
    "EXECUTOR_FAILED",
    "TIMEOUT",
    "CANCELLED",
    "DISPOSED",
    "TOKEN_INVALID",
    "REQUEST_UNKNOWN",
    "RESOURCE_UNKNOWN",
    "SUBMISSION_CONFLICT",
    "REQUEST_CANCELLED",
    "SESSION_CLOSED",
    "INTERNAL",
]
"""Every code an ``IntentError`` carries on the wire."""

# code -> (category, retryable by default)
ERROR_CODES: dict[ErrorCode, tuple[ErrorCategory, bool]] = {
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
    "RESOURCE_UNKNOWN": ("input", False),  # a catalog runtime's read_resource for a URI it does not serve
    "SUBMISSION_CONFLICT": ("input", False),
    "REQUEST_CANCELLED": ("input", False),
    "SESSION_CLOSED": ("transport", False),
    "INTERNAL": ("internal", False),
}


class FeedbackItem(TypedDict):
    """One explicit format problem of a candidate: where it is and what is wrong."""

    pointer: str
    message: str


class SerializedIntentError(TypedDict, total=False):
    code: ErrorCode
    category: ErrorCategory
    message: str
    path: str
    retryable: bool
    feedback: list[FeedbackItem]


class IntentError(Exception):
    """A coded failure: what went wrong (`code`, `message`), where (`path`), and whether a retry may help."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        path: str = "",
        category: ErrorCategory | None = None,
        retryable: bool | None = None,
        feedback: Sequence[FeedbackItem] | None = None,
    ) -> None:
        default_category, default_retryable = ERROR_CODES.get(code, ("internal", False))
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path
        self.category: ErrorCategory = category or default_category
        self.retryable = default_retryable if retryable is None else retryable
        self.feedback: list[FeedbackItem] = list(feedback or ())

    def with_path(self, path: str) -> IntentError:
        """A fresh error, the same in every part but ``path`` (``error.with_path(prefix + error.path)``)."""
        return IntentError(self.code, self.message, path=path, category=self.category,
                           retryable=self.retryable, feedback=self.feedback)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> IntentError:
        """The error a ``SerializedIntentError`` (the wire form) describes; raise ValueError if it is not one."""
        code, message = data.get("code"), data.get("message")
        if code not in ERROR_CODES or not isinstance(message, str):
            raise ValueError("not a serialized IntentError: it needs a known code and a message")
        category, path, retryable = data.get("category"), data.get("path", ""), data.get("retryable")
        if category is not None and category not in get_args(ErrorCategory):
            raise ValueError(f"unknown error category {category!r}")
        if not isinstance(path, str) or (retryable is not None and not isinstance(retryable, bool)):
            raise ValueError("path must be a string and retryable a boolean")
        feedback = [_feedback_item(item) for item in data.get("feedback") or ()]
        return cls(code, message, path=path, category=category, retryable=retryable, feedback=feedback)

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


def _feedback_item(item: object) -> FeedbackItem:
    if not isinstance(item, Mapping) or not isinstance(item.get("pointer"), str) or not isinstance(
        item.get("message"), str
    ):
        raise ValueError("each feedback item needs a pointer and a message")
    return FeedbackItem(pointer=item["pointer"], message=item["message"])


def error_payload(error: IntentError) -> dict[str, Any]:
    """The body of a technical-failure reply: ``{"error": SerializedIntentError}``."""
    return {"error": error.to_dict()}
