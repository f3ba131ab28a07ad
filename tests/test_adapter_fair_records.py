"""Fair eviction of host-handoff records: one session flooding the adapter-wide bounds voids only its own."""

from __future__ import annotations

import pytest

from adapter.records import HostRecord, RecordLedger, RecordState
from tests.candidates import SEED_CANDIDATE
from tests.test_adapter_handoff import accept, host_adapter, prepare
from tests.test_adapter_support import error_of, structured


@pytest.mark.anyio
async def test_a_flood_of_prepares_evicts_the_flooders_own_pending_records() -> None:
    adapter = host_adapter(max_pending_records=16)
    polite, flooder = adapter.connect(protocol_version="2025-11-25"), adapter.connect(protocol_version="2025-11-25")
    kept = [await prepare(polite) for _ in range(4)]
    flood = [await prepare(flooder) for _ in range(100)]
    assert adapter.ledger.pending_count == 16
    for task in kept:  # still there: the polite session holds less than its share
        assert structured(await accept(polite, task, SEED_CANDIDATE))["status"] == "complete"
    assert error_of(await accept(flooder, flood[0], SEED_CANDIDATE))["code"] == "REQUEST_UNKNOWN"
    assert structured(await accept(flooder, flood[-1], SEED_CANDIDATE))["status"] == "complete"


@pytest.mark.anyio
async def test_a_flood_of_completions_keeps_the_polite_sessions_finished_replies() -> None:
    adapter = host_adapter(max_terminal_records=8)
    polite, flooder = adapter.connect(protocol_version="2025-11-25"), adapter.connect(protocol_version="2025-11-25")
    mine = await prepare(polite)
    first = await accept(polite, mine, SEED_CANDIDATE)
    for _ in range(40):
        await accept(flooder, await prepare(flooder), SEED_CANDIDATE)
    assert adapter.ledger.terminal_count == 8
    replay = await accept(polite, mine, SEED_CANDIDATE)  # replayed, not REQUEST_UNKNOWN
    assert structured(replay) == structured(first)


@pytest.mark.anyio
async def test_pending_records_are_bounded_by_bytes_too() -> None:
    adapter = host_adapter(max_pending_bytes=400_000)
    session = adapter.connect(protocol_version="2025-11-25")
    big = "Look up order 000123. " * 360  # ~7,900 characters
    for _ in range(60):
        await prepare(session, big)
    assert adapter.ledger.pending_bytes <= 400_000
    assert 10 <= adapter.ledger.pending_count < 60


def _record(owner: object, name: str) -> HostRecord:
    return HostRecord(request_id=name, token="t", task=None, intent=None, on_evict=lambda r: None, owner=owner)


def test_the_heaviest_owner_loses_its_oldest_first_and_ties_go_to_the_longest_holder() -> None:
    ledger = RecordLedger(max_terminal_records=4, max_terminal_bytes=10**9, max_pending_records=4)
    a, b = object(), object()
    records = [_record(a, "a1"), _record(b, "b1"), _record(a, "a2"), _record(b, "b2"), _record(b, "b3")]
    for record in records:
        ledger.add_pending(record, 10)
    assert ledger.pending_count == 4 and ledger.pending_bytes == 40
    evicted = [r.request_id for r in records if r not in ledger._pending.records]
    assert evicted == ["b1"]  # b held 3 of 5: its oldest goes
    for record in records[:4]:
        record.state = RecordState.COMPLETED
    tie = RecordLedger(max_terminal_records=3, max_terminal_bytes=10**9, max_pending_records=9)
    for record in records[:4]:
        tie.mark_terminal(record)
    # a and b hold two each: a has held records longest, so a's oldest goes.
    assert [r.request_id for r in records[:4] if r not in tie._terminal.records] == ["a1"]


def _pending_evictions(ledger: RecordLedger, additions: list[tuple[object, str, int]]) -> list[str]:
    records = [_record(owner, name) for owner, name, _ in additions]
    for record, (_, _, size) in zip(records, additions, strict=True):
        ledger.add_pending(record, size)
    return [r.request_id for r in records if r not in ledger._pending.records]


def test_over_the_byte_bound_the_owner_holding_most_bytes_loses_though_another_holds_more_records() -> None:
    a, b = object(), object()
    # Five records, exactly the count bound: only the bytes are over.
    ledger = RecordLedger(max_terminal_records=9, max_terminal_bytes=10**9, max_pending_records=5,
                          max_pending_bytes=100)
    evicted = _pending_evictions(ledger, [(b, "b1", 10), (b, "b2", 10), (b, "b3", 10), (a, "a1", 45), (a, "a2", 45)])
    assert evicted == ["a1"] and ledger.pending_bytes == 75  # a held 90 bytes in 2 records, b 30 in 3


def test_an_owners_bytes_are_the_sum_of_its_records() -> None:
    a, b = object(), object()
    ledger = RecordLedger(max_terminal_records=9, max_terminal_bytes=10**9, max_pending_records=9,
                          max_pending_bytes=100)
    evicted = _pending_evictions(ledger, [(b, "b1", 40), *((a, f"a{i}", 15) for i in range(1, 6))])
    assert evicted == ["a1"]  # a holds 75 bytes, each record smaller than b's one of 40


def test_over_the_count_bound_the_owner_holding_most_records_loses_though_another_holds_more_bytes() -> None:
    a, b = object(), object()
    ledger = RecordLedger(max_terminal_records=9, max_terminal_bytes=10**9, max_pending_records=4)
    evicted = _pending_evictions(ledger, [(b, "b1", 100), *((a, f"a{i}", 1) for i in range(1, 5))])
    assert evicted == ["a1"] and ledger.pending_count == 4


def test_a_dropped_record_no_longer_counts_for_its_owner() -> None:
    a, b = object(), object()
    ledger = RecordLedger(max_terminal_records=9, max_terminal_bytes=10**9, max_pending_records=9,
                          max_pending_bytes=100)
    records = {name: _record(owner, name) for owner, name in ((a, "a1"), (a, "a2"), (b, "b1"), (b, "b2"))}
    for name, size in (("a1", 50), ("a2", 10), ("b1", 30), ("b2", 5)):
        ledger.add_pending(records[name], size)
    ledger.forget(records["a1"])  # a now holds 10 bytes, b 35
    evicted = _pending_evictions(ledger, [(b, "b3", 30), (a, "a3", 30)])
    assert evicted == [] and records["b1"] not in ledger._pending.records  # b (65) over a (40)
    assert records["a2"] in ledger._pending.records and ledger.pending_bytes == 75
