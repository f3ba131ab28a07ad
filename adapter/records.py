"""Host-handoff records and the adapter-wide bound on what they retain.

A record is born ``pending`` at ``intent_prepare``. A first malformed candidate moves it to
``correcting``; it ends ``completed``, ``failed`` or ``cancelled``. Terminal records keep their
reply for replay; the ledger keeps at most ``max_terminal_records`` of them and
``max_terminal_bytes`` of reply text per adapter. Pending records are bounded too
(``max_pending_records`` and ``max_pending_bytes``), so a client that prepares without finishing
cannot grow memory without limit. Over a bound, the session holding the most loses its own oldest
records first, so one client cannot void another's. An evicted record is gone: its owner answers
``REQUEST_UNKNOWN``.
"""

from __future__ import annotations

from collections import Counter
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
    owner: object = None  # whose record it is (a session's handoff), for fair eviction


# Retained size of a cancelled record: only its id and status remain.
_CANCELLED_SIZE = 64


class _Pool:
    """Records of one kind (pending or terminal) with their sizes, per owner, oldest first."""

    __slots__ = ("by_owner", "bytes", "count", "owner_bytes", "records")

    def __init__(self) -> None:
        self.records: dict[HostRecord, int] = {}  # record -> size, in insertion order
        self.by_owner: dict[object, dict[HostRecord, None]] = {}  # each owner's records, oldest first
        self.owner_bytes: Counter[object] = Counter()
        self.count = 0
        self.bytes = 0

    def add(self, record: HostRecord, size: int) -> None:
        self.records[record] = size
        self.by_owner.setdefault(record.owner, {})[record] = None
        self.owner_bytes[record.owner] += size
        self.count += 1
        self.bytes += size

    def pop(self, record: HostRecord) -> int | None:
        size = self.records.pop(record, None)
        if size is None:
            return None
        owned = self.by_owner[record.owner]
        del owned[record]
        self.owner_bytes[record.owner] -= size
        if not owned:
            del self.by_owner[record.owner]
            del self.owner_bytes[record.owner]
        self.count -= 1
        self.bytes -= size
        return size

    def heaviest_first(self, *, by_bytes: bool) -> list[object]:
        """Owners from the one holding the most (records, or bytes) down; ties to the longest holder."""
        def weight(owner: object) -> int:
            return self.owner_bytes[owner] if by_bytes else len(self.by_owner[owner])

        order = {owner: index for index, owner in enumerate(self.by_owner)}
        return sorted(self.by_owner, key=lambda owner: (-weight(owner), order[owner]))


class RecordLedger:
    """Adapter-wide accounting of host records across all sessions, fair between them.

    The bounds hold for the adapter as a whole, but eviction is fair: when a pool is over a bound,
    the owner (session) holding the most of it loses its own oldest records first. An owner
    holding no more than its fair share (the bound divided among the owners present) keeps its
    records while another floods. Pending records are bounded by count and by their estimated
    retained bytes.
    """

    def __init__(self, *, max_terminal_records: int, max_terminal_bytes: int, max_pending_records: int,
                 max_pending_bytes: int = 16 * 1024 * 1024) -> None:
        self.max_terminal_records = max_terminal_records
        self.max_terminal_bytes = max_terminal_bytes
        self.max_pending_records = max_pending_records
        self.max_pending_bytes = max_pending_bytes
        self._pending = _Pool()
        self._terminal = _Pool()

    @property
    def terminal_count(self) -> int:
        return self._terminal.count

    @property
    def terminal_bytes(self) -> int:
        return self._terminal.bytes

    @property
    def pending_count(self) -> int:
        return self._pending.count

    @property
    def pending_bytes(self) -> int:
        return self._pending.bytes

    def add_pending(self, record: HostRecord, size: int = 0) -> None:
        """Hold ``record`` as pending; ``size`` estimates the bytes its task keeps alive."""
        self._pending.add(record, size)
        # Reclaim idle handoffs; one with a validation in flight is left to finish, and the new
        # record is never its own victim.
        self._shrink(self._pending, self.max_pending_records, self.max_pending_bytes,
                     spare=lambda old: old.attempt is not None or old is record)

    def mark_terminal(self, record: HostRecord) -> None:
        self._pending.pop(record)
        if record in self._terminal.records:
            return
        outcome = record.last_outcome
        size = outcome.size if outcome is not None and record.state is not RecordState.CANCELLED else _CANCELLED_SIZE
        self._terminal.add(record, size)
        self._shrink(self._terminal, self.max_terminal_records, self.max_terminal_bytes, spare=lambda old: False)

    def forget(self, record: HostRecord) -> None:
        """Drop a record without telling its owner (the owner is dropping it itself)."""
        self._pending.pop(record)
        self._terminal.pop(record)

    def _shrink(self, pool: _Pool, max_count: int, max_bytes: int, *, spare: Callable[[HostRecord], bool]) -> None:
        while pool.count > max_count or pool.bytes > max_bytes:
            by_bytes = pool.count <= max_count
            victim = next(
                (old for owner in pool.heaviest_first(by_bytes=by_bytes) for old in pool.by_owner[owner]
                 if not spare(old)),
                None,
            )
            if victim is None:
                return  # every record left is spared; the bound is met again as they finish
            self._evict(victim)

    def _evict(self, record: HostRecord) -> None:
        self.forget(record)
        record.on_evict(record)
