"""The one exception of the recognition core, and its serialized form."""

from __future__ import annotations

import re
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
    "RECOGNITION_MISSING",
    "CALL_REFUSED",
    "CALL_ALREADY_RUN",
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
    "RECOGNITION_MISSING": ("input", False),
    "CALL_REFUSED": ("input", False),
    "CALL_ALREADY_RUN": ("input", False),
    "INTERNAL": ("internal", False),
}

# code -> (what it means, what the caller should do). docs/errors.md is generated from this table
# and ISSUE_CODES (python -m intent.codes_doc); a test keeps every raised code in them.
ERROR_CODE_HELP: dict[ErrorCode, tuple[str, str]] = {
    "CONFIG_INVALID": (
        "The trusted configuration is wrong: a Schema, a configuration file, a catalog, limits or a flag. "
        "`path` points into what was configured.",
        "Fix the configuration at `path`; retrying the same call cannot help.",
    ),
    "INPUT_INVALID": (
        "The request is malformed: an unknown key, a wrong type, a text over the input limit, a "
        "`referenceTime` without an offset, a context or baseline that is not an object.",
        "Correct the request at `path` and send it again.",
    ),
    "FIELD_UNKNOWN": (
        "The request's `fields` names a field the instance's Schema does not declare.",
        "Ask only for fields of the Schema (its `properties`).",
    ),
    "INSTANCE_REQUIRED": (
        "Several instances are configured and the call did not say which one to use.",
        "Pass `instance` (over MCP) or `--instance NAME` (`intent-mcp parse`).",
    ),
    "INSTANCE_UNKNOWN": (
        "The named instance is not configured.",
        "Use one of the configured instance names (the message lists them).",
    ),
    "EXECUTOR_MISSING": (
        "`parse` was called on an instance without an executor (a host-only instance).",
        "Use `prepare` / `accept` (host mode), or configure an executor for the instance.",
    ),
    "CANDIDATE_INVALID": (
        "The model's candidate is not one JSON object matching the task's output schema. With "
        "`retryable: true`, `feedback` lists each problem as `{pointer, message}`.",
        "When retryable, answer again with a corrected candidate (once); otherwise start a new request.",
    ),
    "EXECUTOR_FAILED": (
        "The executor could not produce a candidate: the model endpoint failed, refused or answered nothing usable.",
        "Retry later when `retryable` is true; check the executor's endpoint, model and key otherwise.",
    ),
    "TIMEOUT": (
        "The recognition took longer than the instance's `timeoutSeconds`.",
        "Retry, or raise the limit; a model executor may need a faster model.",
    ),
    "CANCELLED": (
        "The call was cancelled by its caller before it finished.",
        "Nothing to do; send the request again if it is still wanted.",
    ),
    "DISPOSED": (
        "The `Intent` (or adapter) was closed; it recognizes nothing more.",
        "Create a new instance.",
    ),
    "TOKEN_INVALID": (
        "`intent_accept` or `intent_cancel` got a `submissionToken` that does not belong to the `requestId`.",
        "Send the `requestId` and `submissionToken` exactly as `intent_prepare` returned them.",
    ),
    "REQUEST_UNKNOWN": (
        "The `requestId` is not known to this MCP session: it expired, was evicted, or was prepared on another "
        "connection (a host handoff lives in the session that prepared it).",
        "Call `intent_prepare` again on the same session; keep one MCP session for prepare and accept.",
    ),
    "RESOURCE_UNKNOWN": (
        "A catalog runtime was asked to read a resource URI it does not serve.",
        "List the resources (`resources/list`) and read one of those URIs.",
    ),
    "SUBMISSION_CONFLICT": (
        "A second, different candidate was submitted with a token already used.",
        "Use the reply of the first submission, or prepare a new request.",
    ),
    "REQUEST_CANCELLED": (
        "The handoff request was cancelled with `intent_cancel`; it accepts no candidate.",
        "Prepare a new request.",
    ),
    "SESSION_CLOSED": (
        "The adapter session (one MCP connection) was closed while the call was made.",
        "Reconnect and send the request on the new session.",
    ),
    "RECOGNITION_MISSING": (
        "`intent_execute` named a request that has no verified IntentResult: its host handoff still waits for "
        "`intent_accept`, or the recognition failed.",
        "Finish the handoff (`intent_accept`) or recognize the request again, then call `intent_execute`.",
    ),
    "CALL_REFUSED": (
        "`intent_execute` refused to run the intent: the reply's `refusal` says why with its own code (the tool "
        "is forbidden by the person's words, the result is incomplete or ambiguous, an argument is missing, "
        "ungrounded or invalid, or no tool fits) and, when an answer would fix it, the question to ask.",
        "Ask the person the `refusal.question` (or fix what `refusal.message` names), recognize the request "
        "again, and execute the new result; see docs/verified-calls.md.",
    ),
    "CALL_ALREADY_RUN": (
        "`intent_execute` named an intent whose call already ran (or is running) for this recognition; a "
        "recognized call runs at most once.",
        "Use the first call's reply; to run it again, recognize the request again and execute the new result.",
    ),
    "INTERNAL": (
        "A fault inside intent-mcp; no partial result is returned.",
        "Report it with the request that caused it; the server logs the details at debug level.",
    ),
}

IssueSeverity = Literal["warning", "error"]

# The issues a result may carry (``IntentResult.issues``): code -> (severity, what it means, what to do).
# A result with issues is still a result: the claims named were dropped or cleared, the rest stands.
ISSUE_CODES: dict[str, tuple[IssueSeverity, str, str]] = {
    "UNGROUNDED": (
        "warning",
        "A quoted claim (intent, constraint, field value) is not in the input, or a field value cannot be read "
        "from its evidence; it was dropped, with what depended on it.",
        "Nothing for a person; with a model executor, frequent ones point at a model that paraphrases.",
    ),
    "FIELD_NOT_SELECTED": (
        "warning",
        "The candidate filled a field the request did not ask for, or one the catalog tool of its intent does not "
        "take; it was dropped.",
        "Include the field in the request's `fields` if it is wanted; a tool's fields are in its domain hint.",
    ),
    "FIELD_INVALID": (
        "warning",
        "A field value was read from the input but does not validate against the field's JSON Schema; the field "
        "stays open.",
        "Ask the person for a valid value (the result's `unresolved` holds the question).",
    ),
    "DOMAIN_UNKNOWN": (
        "warning",
        "The candidate named a domain the instance does not configure; the intent's domain was cleared.",
        "Configure the domain if it should exist.",
    ),
    "REFERENCE_UNKNOWN": (
        "warning",
        "A constraint pointed at an intent that does not exist; it now applies to the whole request.",
        "Nothing; check the constraint's scope if it matters.",
    ),
    "RELATION_DROPPED": (
        "warning",
        "A relation did not join two distinct kept intents; it was dropped.",
        "Nothing; the intents themselves stand.",
    ),
    "UNSUPPORTED_LANGUAGE": (
        "warning",
        "The input does not look like English and the built-in recognizer reads English only, so the result is "
        "`no_intent` for that reason rather than because nothing was asked.",
        "Configure a model executor (or use host mode) for other languages.",
    ),
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
