"""The pending-record bound never reclaims a handoff whose candidate is being validated."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from adapter import create_server as make_server
from intent import Intent, IntentResult
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
