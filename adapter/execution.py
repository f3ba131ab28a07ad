"""The seam for running a recognized intent: ``intent_execute`` hands a kept recognition to an ``IntentExecution``.

The adapter knows nothing of catalogs, plans or runtimes. What it owns is the recognition: with an
``execution`` configured, each ``intent_parse`` result (executor mode) and each accepted handoff
(host mode) is kept under its request id in the session's bounded records (``adapter.records``),
and ``intent_execute {requestId, intentId, confirm?}`` looks it up there and asks the
``IntentExecution`` (supplied by the app, which does know the catalog) what to do with it.

The kept recognition always has span offsets (``output.spans``), so each argument's evidence can
name the words behind it; the caller still gets the result it asked for (offsets removed when it
did not ask for them).

A recognized intent runs at most once: the adapter claims ``(requestId, intentId)`` before asking,
keeps the claim when the reply says the call ran (``ran``) or the execution raised (the tool may
have run), and releases it for a refusal or a confirmation prompt, so a confirmed second call can
run what the first only planned.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

# Where an intent_parse result carries its request id (tool result ``_meta``), so the IntentResult
# itself keeps its exact shape. A prefixed name, as MCP recommends for ``_meta`` keys.
REQUEST_ID_META_KEY = "intent-mcp/requestId"


def wants_spans(request: Mapping[str, Any]) -> bool:
    """Whether a recognition request asked for span offsets itself (``output.spans``)."""
    output = request.get("output")
    return isinstance(output, Mapping) and output.get("spans") is True


def with_spans(request: Mapping[str, Any]) -> dict[str, Any]:
    """The request asking for span offsets: the kept recognition needs them for its audit evidence."""
    output = request.get("output")
    return {**request, "output": {**(output if isinstance(output, Mapping) else {}), "spans": True}}


def without_offsets(value: Any) -> Any:
    """An IntentResult JSON as it is without ``output.spans``: every source reference's offsets removed.

    Offsets are the only thing ``output.spans`` adds, so the caller gets exactly the result it asked
    for while the kept one can still name the words behind each argument.
    """
    if isinstance(value, list):
        return [without_offsets(item) for item in value]
    if not isinstance(value, Mapping):
        return value
    stripped: dict[str, Any] = {}
    for key, item in value.items():
        if key == "sourceRefs" and isinstance(item, list):
            stripped[key] = [{k: v for k, v in ref.items() if k not in ("start", "end")}
                             if isinstance(ref, Mapping) else ref for ref in item]
        else:
            stripped[key] = without_offsets(item)
    return stripped


@dataclass(frozen=True)
class ExecutionRequest:
    """One ``intent_execute`` call, with the recognition it names.

    ``result`` is the verified IntentResult JSON kept under ``request_id``; ``instance`` the
    instance that recognized it (None when unknown); ``ran_intents`` the other intents of this
    recognition whose calls already ran (or are running), so a step that needs an earlier one's
    outcome can wait for it; ``prompted`` whether an earlier reply for this intent asked the person
    to confirm (a ``confirm`` that comes before any prompt confirms nothing); ``request_context``
    the SDK's request context when the call came over MCP (for progress), else None.
    """

    request_id: str
    intent_id: str
    confirm: bool
    result: Mapping[str, Any]
    instance: str | None = None
    ran_intents: frozenset[str] = frozenset()
    prompted: bool = False
    request_context: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class ExecutionReply:
    """What ``intent_execute`` answers: ``body`` as structured content and compact JSON text.

    ``is_error`` marks a refusal or a failed call; ``ran`` says the catalog tool was called, which
    spends the intent (a second ``intent_execute`` for it is refused); ``prompted`` says the reply
    asks the person to confirm, which the adapter remembers for the intent's next call.
    """

    body: Mapping[str, Any]
    is_error: bool = False
    ran: bool = False
    prompted: bool = False


@runtime_checkable
class IntentExecution(Protocol):
    """What the app plugs into the adapter to run recognized intents.

    It may also have ``rejected(request_id, intent_id, error)``: called (synchronously) when the
    adapter turns an ``intent_execute`` away before asking (an unknown request, a recognition not
    accepted yet, a call that already ran), so an audit can record those attempts too.
    """

    async def execute(self, request: ExecutionRequest) -> ExecutionReply: ...


__all__ = [
    "REQUEST_ID_META_KEY",
    "ExecutionReply",
    "ExecutionRequest",
    "IntentExecution",
    "wants_spans",
    "with_spans",
    "without_offsets",
]
