"""An HTTP model executor reused across event loops (a script calling ``anyio.run`` twice)."""

from __future__ import annotations

import anyio
import pytest

from intent import Intent, IntentConfig
from intent.executors.openai import OpenAIExecutor
from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import Reply, running_fake
from tests.seeds import SEED_INPUT

KEY_ENV = "INTENT_TEST_LOOP_KEY"
KEY = "sk-loop-93be1"


async def parse(executor: OpenAIExecutor) -> object:
    return await Intent(IntentConfig(executor=executor)).parse(SEED_INPUT)


def test_an_executor_survives_a_second_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, KEY)
    with running_fake("openai") as server:
        server.script(Reply(text=SEED_CANDIDATE), Reply(text=SEED_CANDIDATE))
        executor = OpenAIExecutor(model="m", base_url=server.base_url, api_key_env=KEY_ENV, timeout_seconds=5)
        first = anyio.run(parse, executor)
        second = anyio.run(parse, executor)
        anyio.run(executor.aclose)
    assert first.to_dict() == second.to_dict()  # type: ignore[attr-defined]
    assert len(server.requests) == 2
