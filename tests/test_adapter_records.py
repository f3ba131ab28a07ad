"""The pending-record bound never reclaims a handoff whose candidate is being validated."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from adapter import create_server as make_server
from adapter.records import HostRecord, Outcome, RecordLedger, RecordState
from intent import Intent, IntentError, IntentResult
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_adapter_handoff import accept, host_adapter, prepare
from tests.test_adapter_support import error_of, legacy_client, structured


@pytest.mark.anyio
async def test_a_handoff_in_validation_survives_the_next_prepare_at_a_bound_of_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started, release = anyio.Event(), anyio.Event()
    original = Intent.accept

    async def held_accept(self: Intent, task: Any, candidate_text: str) -> IntentResult:
        started.set()
        await release.wait()
        return await original(self, task, candidate_text)

    monkeypatch.setattr(Intent, "accept", held_accept)
    adapter = host_adapter(max_pending_records=1)
    async with legacy_client(make_server(adapter)) as client:
        first = await prepare(client)
        replies: list[Any] = []

        async def submit_first() -> None:
            replies.append(await accept(client, first, SEED_CANDIDATE))

        async with anyio.create_task_group() as tg:
            tg.start_soon(submit_first)
            with anyio.fail_after(5):
                await started.wait()
            second = await prepare(client)  # over the bound: only an idle record may go
            assert adapter.ledger.pending_count == 2
            release.set()
        assert structured(replies[0]) == seed_reply()["structuredContent"]
        # The newcomer was kept too, and the bound holds again once the first one ended.
        assert adapter.ledger.pending_count == 1
        assert structured(await accept(client, second, SEED_CANDIDATE))["status"] == "complete"


@pytest.mark.anyio
async def test_an_idle_handoff_is_reclaimed_at_a_bound_of_one() -> None:
    adapter = host_adapter(max_pending_records=1)
    async with legacy_client(make_server(adapter)) as client:
        first = await prepare(client)
        second = await prepare(client, SEED_INPUT + " ")
        assert adapter.ledger.pending_count == 1
        assert error_of(await accept(client, first, SEED_CANDIDATE))["code"] == "REQUEST_UNKNOWN"
        assert structured(await accept(client, second, SEED_CANDIDATE))["status"] == "complete"


def test_a_retained_outcome_keeps_text_and_error_but_not_the_parsed_body() -> None:
    error = IntentError("CANDIDATE_INVALID", "bad", retryable=True)
    full = Outcome(text='{"a":1}', body={"a": 1}, error=error)
    kept = full.retained()
    assert (kept.text, kept.body, kept.error) == ('{"a":1}', None, error)
    lean = Outcome(text="t")
    assert lean.retained() is lean


def _record(request_id: str, evicted: list[str]) -> HostRecord:
    return HostRecord(request_id=request_id, token="t", task=None, intent=None,
                      on_evict=lambda record: evicted.append(record.request_id))


def test_terminal_bytes_are_bounded_inclusively_and_a_cancelled_record_costs_its_stub() -> None:
    evicted: list[str] = []
    ledger = RecordLedger(max_terminal_records=10, max_terminal_bytes=200, max_pending_records=10)
    for name in ("a", "b"):
        record = _record(name, evicted)
        record.state, record.last_outcome = RecordState.COMPLETED, Outcome(text="x" * 100)
        ledger.add_pending(record)
        assert (ledger.pending_count, ledger.pending_bytes) == (1, 0)  # no size estimate given: no bytes
        ledger.mark_terminal(record)
        ledger.mark_terminal(record)  # settling twice counts once
    assert (ledger.terminal_count, ledger.terminal_bytes, evicted) == (2, 200, [])  # exactly at the bound
    cancelled = _record("c", evicted)
    cancelled.state, cancelled.last_outcome = RecordState.CANCELLED, Outcome(text="y" * 150)
    ledger.mark_terminal(cancelled)  # never pending in this ledger: still accepted
    # A cancelled record keeps only its id and status (64 bytes), not the reply it had.
    assert evicted == ["a"] and ledger.terminal_bytes == 100 + 64
