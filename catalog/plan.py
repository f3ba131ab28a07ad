"""What planning a recognized intent gives: a verified tool call, or a coded refusal saying why not.

A ``PlannedCall`` names one catalog tool and arguments already checked against that tool's own
``inputSchema``, each argument traced to the words that justified it (``ArgumentEvidence``); a
``Confirmation`` on it means the call must not run before the person confirms it. A ``Refusal``
says what stands in the way, where, and how to fix it, with the question to ask the person when an
answer would fix it. Every type is frozen and its ``to_dict`` is the JSON form (camelCase keys).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

RefusalCode = Literal[
    "TOOL_FORBIDDEN",
    "RESULT_INCOMPLETE",
    "RESULT_AMBIGUOUS",
    "UNRESOLVED_ITEMS",
    "ARGUMENT_MISSING",
    "ARGUMENT_UNGROUNDED",
    "ARGUMENT_INVALID",
    "NO_TOOL",
    "INTENT_UNKNOWN",
]
# Derived, so the Literal stays the one list of codes.
REFUSAL_CODES: Final[tuple[RefusalCode, ...]] = get_args(RefusalCode)

ConfirmationReason = Literal["destructive", "high_risk", "critical_risk", "requires_confirmation"]


@dataclass(frozen=True)
class ArgumentEvidence:
    """Why one argument has its value: the field it came from and the words that ground it.

    ``argument`` is the tool's own top-level argument name; when the value sits inside it (a
    request-body property flattened into a field) ``path`` is the JSON Pointer inside it
    (``argument="body"``, ``path="/quantity"``). ``spans`` are ``[start, end)`` offsets into the
    request's input; ``inferred`` marks a value the result inferred (``basis`` says from what).
    """

    argument: str
    field: str
    value: Any
    quotes: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    inferred: bool = False
    basis: str | None = None
    path: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "argument": self.argument,
            "path": self.path,
            "field": self.field,
            "value": self.value,
            "quotes": list(self.quotes),
            "spans": [[start, end] for start, end in self.spans],
            "inferred": self.inferred,
            "basis": self.basis,
        }


@dataclass(frozen=True)
class Confirmation:
    """The person must confirm before the call runs; ``prompt`` is the sentence to show them."""

    reason: ConfirmationReason
    prompt: str

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "prompt": self.prompt}


@dataclass(frozen=True)
class PlannedCall:
    """One verified call: ``arguments`` are valid for ``tool``'s ``inputSchema`` and grounded in the words.

    ``depends_on`` holds the intent ids of earlier steps whose output this step needs.
    """

    intent_id: str
    tool: str
    arguments: dict[str, Any]
    evidence: tuple[ArgumentEvidence, ...]
    confirmation: Confirmation | None
    depends_on: tuple[str, ...] = ()

    @property
    def needs_confirmation(self) -> bool:
        return self.confirmation is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "intentId": self.intent_id,
            "tool": self.tool,
            "arguments": self.arguments,
            "evidence": [item.to_dict() for item in self.evidence],
            "confirmation": self.confirmation.to_dict() if self.confirmation is not None else None,
            "dependsOn": list(self.depends_on),
        }


@dataclass(frozen=True)
class Refusal:
    """Why no call is planned: a code, a message (what, where, how to fix) and the question to ask."""

    code: RefusalCode
    message: str
    intent_id: str | None = None
    tool: str | None = None
    argument: str | None = None
    question: str | None = None
    # Where in the arguments the problem is (a JSON Pointer), for ARGUMENT_INVALID.
    pointer: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "intentId": self.intent_id,
            "tool": self.tool,
            "argument": self.argument,
            "question": self.question,
            "pointer": self.pointer,
        }


__all__ = [
    "REFUSAL_CODES",
    "ArgumentEvidence",
    "Confirmation",
    "ConfirmationReason",
    "PlannedCall",
    "Refusal",
    "RefusalCode",
]
