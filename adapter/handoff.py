"""Host handoff for one session: prepare a model task, accept its candidate, cancel it.

Identical concurrent submissions share one validation; a finished reply is replayed for the
same candidate and any other candidate conflicts. The core's task carries the correction
budget (one correction after explicit feedback) and the deadline set at prepare.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
import orjson

from adapter.execution import wants_spans, with_spans, without_offsets
from adapter.records import Attempt, HostRecord, Outcome, RecordLedger, RecordState
from adapter.tokens import candidate_digest, new_request_id, new_submission_token, tokens_match
from intent.errors import IntentError

logger = logging.getLogger(__name__)

Reply = tuple[Mapping[str, Any], str]


def _plain(value: Any) -> Any:
    """Read-only mappings and tuples of the core's task, as plain JSON-ready values."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _copy_error(error: IntentError) -> IntentError:
    # A fresh exception per delivery: replays must not share tracebacks.
    return error.with_path(error.path)


def _deliver(outcome: Outcome, *, first: bool) -> Reply:
    if outcome.error is not None:
        raise _copy_error(outcome.error)
    assert outcome.text is not None
    # The first delivery hands out the core's own dict; replays rebuild it from the retained text.
    body = outcome.body if first and outcome.body is not None else orjson.loads(outcome.text)
    return body, outcome.text


def _pending_size(task: Any) -> int:
    """An estimate of the bytes a pending task keeps alive: its caller-sent parts as Python objects.

    Measured: a prepare holding 73 KB of JSON (input, context) retains about 124 KB, a short one
    about 2 KB, so twice the JSON plus 2 KiB.
    """
    task_input = task["input"]
    sent = len(task_input["text"].encode("utf-8")) + len(orjson.dumps(task_input["context"]))
    if task_input.get("baseline") is not None:
        sent += len(orjson.dumps(task_input["baseline"]))
    return 2 * sent + 2048


@dataclass(eq=False, slots=True)
class _Executions:
    """Per request id: the instance that recognized it and the intents claimed for execution."""

    instance: str | None = None
    claimed: set[str] = field(default_factory=set)
    prompted: set[str] = field(default_factory=set)
    # The accepted result with span offsets, when the caller's reply leaves them out.
    spanned: str | None = None
    strip_offsets: bool = False


class HostHandoff:
    """The host-handoff records of one session (and, with execution on, its kept recognitions)."""

    def __init__(self, ledger: RecordLedger, is_closed: Callable[[], bool]) -> None:
        self._ledger = ledger
        self._is_closed = is_closed
        self._records: dict[str, HostRecord] = {}
        self._executions: dict[str, _Executions] = {}

    @property
    def record_count(self) -> int:
        return len(self._records)

    def prepare(
        self, intent: Any, request: Mapping[str, Any], *, instance: str | None = None, keep_spans: bool = False
    ) -> dict[str, Any]:
        """Start a handoff; ``keep_spans`` (execution on) recognizes with span offsets and keeps that result."""
        strip = keep_spans and not wants_spans(request)
        task = intent.prepare(with_spans(request) if keep_spans else dict(request))
        record = HostRecord(
            request_id=new_request_id(),
            token=new_submission_token(),
            task=task,
            intent=intent,
            on_evict=self._on_evict,
            owner=self,
        )
        self._records[record.request_id] = record
        self._executions[record.request_id] = _Executions(instance, strip_offsets=strip)
        self._ledger.add_pending(record, _pending_size(task))
        return {
            "kind": "model_task",
            "requestId": record.request_id,
            "submissionToken": record.token,
            "instructions": task["instructions"],
            "input": _plain(task["input"]),
            # The core builds one schema per field selection and shares it read-only; copying it per
            # prepare was most of the handoff's cost.
            "outputSchema": task["outputSchema"],
        }

    async def accept(self, request_id: str, token: str, candidate_text: str) -> Reply:
        record = self._lookup(request_id)
        if not tokens_match(record.token, token):
            raise IntentError("TOKEN_INVALID", "the submission token does not match this request",
                              path="/submissionToken")
        digest = candidate_digest(candidate_text)
        while True:
            if self._is_closed():
                raise IntentError("SESSION_CLOSED", "the session is closed; connect and prepare again")
            if record.state is RecordState.CANCELLED:
                raise IntentError("REQUEST_CANCELLED", "this request was cancelled; prepare again",
                                  path="/requestId")
            if record.state.terminal:
                if digest == record.last_digest and record.last_outcome is not None:
                    return _deliver(record.last_outcome, first=False)
                raise IntentError("SUBMISSION_CONFLICT",
                                  "this request already ended with a different candidate", path="/candidateText")
            running = record.attempt
            if running is not None:
                if running.digest != digest:
                    raise IntentError("SUBMISSION_CONFLICT",
                                      "a different candidate for this request is being validated",
                                      path="/candidateText")
                await running.done.wait()
                if running.outcome is not None:
                    return _deliver(running.outcome, first=False)
                continue  # that validation was abandoned; look again
            if (
                record.state is RecordState.CORRECTING
                and digest == record.last_digest
                and record.last_outcome is not None
            ):
                # The same malformed text again: same feedback, and the correction stays unspent.
                return _deliver(record.last_outcome, first=False)
            return await self._validate(record, digest, candidate_text)

    def cancel(self, request_id: str, reason: str) -> dict[str, Any]:
        record = self._lookup(request_id)
        if record.state is RecordState.CANCELLED:
            status = "already_cancelled"
        elif record.state.terminal:
            status = "already_completed"
        else:
            status = "cancelled"
            record.state = RecordState.CANCELLED
            record.task = None
            record.intent = None
            if record.attempt is not None and record.attempt.scope is not None:
                record.attempt.scope.cancel()
            self._ledger.mark_terminal(record)
            logger.debug("host request cancelled (%s)", reason)
        return {"requestId": request_id, "status": status}

    def close(self) -> None:
        for record in self._records.values():
            if record.attempt is not None and record.attempt.scope is not None:
                record.attempt.scope.cancel()
            self._ledger.forget(record)
        self._records.clear()
        self._executions.clear()

    # --- kept recognitions, for intent_execute ------------------------------------------------------

    def keep(self, text: str, *, instance: str | None = None) -> str:
        """Keep an ``intent_parse`` result (its compact JSON) as a completed record; return its request id.

        It is a terminal record like a finished handoff's, so the same adapter-wide bounds and the
        same fair eviction apply (an evicted one answers ``REQUEST_UNKNOWN``).
        """
        record = HostRecord(
            request_id=new_request_id(),
            token=new_submission_token(),  # never handed out: a kept result accepts no candidate
            task=None,
            intent=None,
            on_evict=self._on_evict,
            state=RecordState.COMPLETED,
            last_outcome=Outcome(text=text),
            owner=self,
        )
        self._records[record.request_id] = record
        self._executions[record.request_id] = _Executions(instance)
        self._ledger.mark_terminal(record)
        return record.request_id

    def recognition(self, request_id: str) -> tuple[Mapping[str, Any], str | None]:
        """The verified IntentResult kept under ``request_id`` and the instance that recognized it."""
        record = self._records.get(request_id)
        if record is None:
            raise IntentError(
                "REQUEST_UNKNOWN",
                "unknown, expired or reclaimed request in this session; recognize the request again (intent_parse, "
                "or intent_prepare and intent_accept) on this connection",
                path="/requestId",
            )
        if record.state is RecordState.CANCELLED:
            raise IntentError("REQUEST_CANCELLED", "this request was cancelled; nothing of it can run",
                              path="/requestId")
        outcome = record.last_outcome
        if record.state is not RecordState.COMPLETED or outcome is None or outcome.text is None:
            what = "its recognition failed" if record.state is RecordState.FAILED else (
                "its candidate has not been accepted yet")
            raise IntentError("RECOGNITION_MISSING", f"this request has no verified result to run: {what}",
                              path="/requestId")
        kept = self._executions.get(request_id)
        if kept is None:
            return orjson.loads(outcome.text), None
        return orjson.loads(kept.spanned or outcome.text), kept.instance

    def claim(self, request_id: str, intent_id: str) -> None:
        """Reserve one intent of a recognition for running; ``CALL_ALREADY_RUN`` when it ran or is running."""
        kept = self._executions.get(request_id)
        if kept is None:  # evicted since it was looked up
            raise IntentError("REQUEST_UNKNOWN", "the request was reclaimed; recognize it again", path="/requestId")
        if intent_id in kept.claimed:
            raise IntentError("CALL_ALREADY_RUN",
                              "this intent of this recognition already ran or is running; a recognized call runs "
                              "at most once: recognize the request again to run it again", path="/intentId")
        kept.claimed.add(intent_id)

    def prompted(self, request_id: str, intent_id: str, *, now: bool = False) -> bool:
        """Whether the person was asked to confirm this intent; ``now=True`` records that they are being asked.

        A request evicted meanwhile records nothing (it cannot be executed any more).
        """
        kept = self._executions.get(request_id)
        if kept is None:
            return False
        if now:
            kept.prompted.add(intent_id)
        return intent_id in kept.prompted

    def claimed(self, request_id: str) -> frozenset[str]:
        """The intents of a recognition whose calls ran or are running."""
        kept = self._executions.get(request_id)
        return frozenset(kept.claimed) if kept is not None else frozenset()

    def release(self, request_id: str, intent_id: str) -> None:
        """Give a claim back: the call did not run (refused, or waiting for confirmation)."""
        kept = self._executions.get(request_id)
        if kept is not None:
            kept.claimed.discard(intent_id)

    def _lookup(self, request_id: str) -> HostRecord:
        record = self._records.get(request_id)
        if record is None:
            raise IntentError(
                "REQUEST_UNKNOWN",
                "unknown, expired or reclaimed request in this session; call intent_prepare again",
                path="/requestId",
            )
        return record

    def _on_evict(self, record: HostRecord) -> None:
        if self._records.get(record.request_id) is record:
            del self._records[record.request_id]
            self._executions.pop(record.request_id, None)

    async def _validate(self, record: HostRecord, digest: bytes, candidate_text: str) -> Reply:
        attempt = Attempt(digest)
        record.attempt = attempt
        outcome: Outcome | None = None
        try:
            with anyio.CancelScope() as scope:
                attempt.scope = scope
                outcome = await self._run_accept(record, candidate_text)
        finally:
            # Runs on success, on intent_cancel / close, and when this caller itself is cancelled.
            record.attempt = None
            if outcome is not None and record.state is not RecordState.CANCELLED and not self._is_closed():
                attempt.outcome = outcome.retained()
                self._settle(record, digest, attempt.outcome)
            attempt.done.set()
        if outcome is None or attempt.outcome is None:
            if self._is_closed():
                raise IntentError("SESSION_CLOSED", "the session closed during validation")
            raise IntentError("REQUEST_CANCELLED", "this request was cancelled; prepare again", path="/requestId")
        return _deliver(outcome, first=True)

    async def _run_accept(self, record: HostRecord, candidate_text: str) -> Outcome:
        # The core refuses a task whose deadline passed; the scope bounds anything that awaits.
        task, intent = record.task, record.intent
        if task is None or intent is None:  # settled or cancelled before this attempt began
            return Outcome(error=IntentError("REQUEST_CANCELLED", "this request was cancelled; prepare again",
                                             path="/requestId"))
        deadline = task.deadline
        try:
            # The task's deadline is a time.monotonic() value; cancel scopes use the event loop's clock.
            scope_deadline = (
                anyio.current_time() + (deadline - time.monotonic()) if deadline is not None else float("inf")
            )
            with anyio.CancelScope(deadline=scope_deadline) as limit:
                result = await intent.accept(task, candidate_text)
            if limit.cancelled_caught:
                return Outcome(error=IntentError("TIMEOUT", "the request's deadline passed; prepare again"))
            body = result.to_dict()
            kept = self._executions.get(record.request_id)
            if kept is not None and kept.strip_offsets:
                kept.spanned = orjson.dumps(body).decode()
                body = without_offsets(body)
            return Outcome(text=orjson.dumps(body).decode(), body=body)
        except IntentError as error:
            return Outcome(error=error)
        except Exception as exc:
            logger.error("candidate validation failed unexpectedly: %s", type(exc).__name__)
            return Outcome(error=IntentError("INTERNAL", "the candidate could not be validated"))

    def _settle(self, record: HostRecord, digest: bytes, outcome: Outcome) -> None:
        record.last_digest = digest
        record.last_outcome = outcome
        error = outcome.error
        if error is not None and error.code == "CANDIDATE_INVALID" and error.retryable:
            record.state = RecordState.CORRECTING
            return
        record.state = RecordState.FAILED if error is not None else RecordState.COMPLETED
        # Only the reply is replayed from now on; the task and its input can go.
        record.task = None
        record.intent = None
        self._ledger.mark_terminal(record)
