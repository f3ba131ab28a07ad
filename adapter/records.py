"""Host-handoff records and the adapter-wide bound on what they retain.

A record is born ``pending`` at ``intent_prepare``. A first malformed candidate moves it to
``correcting``; it ends ``completed``, ``failed`` or ``cancelled``. Terminal records keep their
reply for replay; the ledger keeps at most ``max_terminal_records`` of them and
``max_terminal_bytes`` of reply text per adapter, evicting the oldest first. Pending records are
bounded too (``max_pending_records``), so a client that prepares without finishing cannot grow
memory without limit. An evicted record is gone: its owner answers ``REQUEST_UNKNOWN``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

import anyio

from intent.errors import IntentError

if TYPE_CHECKING:
    from intent import Intent, ModelTask


class RecordState(str, Enum):
    PENDING = "pending"
    CORRECTING = "correcting"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def terminal(self) -> bool:
        return self in (RecordState.COMPLETED, RecordState.FAILED, RecordState.CANCELLED)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one validation produced: a result (its compact JSON) or an error."""

    text: str | None = None
    body: Mapping[str, Any] | None = None
    error: IntentError | None = None

    def retained(self) -> Outcome:
        """What a record keeps for replay: the text (or error), not the parsed body."""
        return Outcome(text=self.text, error=self.error) if self.body is not None else self

    @property
    def size(self) -> int:
        if self.text is not None:
            return len(self.text.encode("utf-8", "surrogatepass"))
        return len(self.error.message) + 256 if self.error is not None else 0


@dataclass(eq=False, slots=True)
class Attempt:
    """A validation in flight; identical submissions wait on ``done`` instead of validating again."""

    digest: bytes
    done: anyio.Event = field(default_factory=anyio.Event)
    scope: anyio.CancelScope | None = None
    outcome: Outcome | None = None


@dataclass(eq=False, slots=True)
class HostRecord:
    request_id: str
    token: str
    task: ModelTask | None  # None once terminal: only the reply is kept
    intent: Intent | None  # the Intent that prepared the task
    on_evict: Callable[[HostRecord], None]
    state: RecordState = RecordState.PENDING
    attempt: Attempt | None = None
    last_digest: bytes | None = None
    last_outcome: Outcome | None = None


# Retained size of a cancelled record: only its id and status remain.
_CANCELLED_SIZE = 64


class RecordLedger:
    """Adapter-wide accounting of host records across all sessions."""

    def __init__(self, *, max_terminal_records: int, max_terminal_bytes: int, max_pending_records: int) -> None:
        self.max_terminal_records = max_terminal_records
        self.max_terminal_bytes = max_terminal_bytes
        self.max_pending_records = max_pending_records
        self._pending: OrderedDict[HostRecord, None] = OrderedDict()
        self._terminal: OrderedDict[HostRecord, int] = OrderedDict()
        self._terminal_bytes = 0

    @property
    def terminal_count(self) -> int:
        return len(self._terminal)

    @property
    def terminal_bytes(self) -> int:
        return self._terminal_bytes

    @property
    def pending_count(self) -> int:
        return len(self._pending)

    def add_pending(self, record: HostRecord) -> None:
        self._pending[record] = None
        if len(self._pending) > self.max_pending_records:
            # Reclaim the oldest idle handoff; one with a validation in flight is left to finish.
            for old in list(self._pending):
                if len(self._pending) <= self.max_pending_records:
                    break
                if old.attempt is None and old is not record:
                    self._evict(old)

    def mark_terminal(self, record: HostRecord) -> None:
        self._pending.pop(record, None)
        if record in self._terminal:
            return
        outcome = record.last_outcome
        size = outcome.size if outcome is not None and record.state is not RecordState.CANCELLED else _CANCELLED_SIZE
        self._terminal[record] = size
        self._terminal_bytes += size
        while self._terminal and (
            len(self._terminal) > self.max_terminal_records or self._terminal_bytes > self.max_terminal_bytes
        ):
            self._evict(next(iter(self._terminal)))

    def forget(self, record: HostRecord) -> None:
        """Drop a record without telling its owner (the owner is dropping it itself)."""
        self._pending.pop(record, None)
        size = self._terminal.pop(record, None)
        if size is not None:
            self._terminal_bytes -= size

    def _evict(self, record: HostRecord) -> None:
        self.forget(record)
        record.on_evict(record)
