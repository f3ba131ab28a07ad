"""While a model call runs for an MCP call that carried a progress token, the client hears progress."""

from __future__ import annotations

import pytest
from mcp import Client

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server
from intent import Intent, IntentConfig
from intent.executors.openai import OpenAIExecutor
from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import Reply, running_fake
from tests.seeds import SEED_INPUT


@pytest.mark.anyio
async def test_progress_arrives_during_a_slow_model_call() -> None:
    with running_fake("openai") as fake:
        fake.script(Reply(text=SEED_CANDIDATE, delay=0.4))
        executor = OpenAIExecutor(model="m", base_url=fake.base_url, timeout_seconds=5)
        adapter = create_intent_mcp_adapter(
            IntentMcpAdapterConfig(
                mode="executor",
                instances={"main": Intent(IntentConfig(executor=executor))},
                progress_interval=0.1,
            )
        )
        seen: list[tuple[float, float | None, str | None]] = []

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            seen.append((progress, total, message))

        try:
            async with Client(create_server(adapter), mode="legacy") as client:
                result = await client.call_tool("intent_parse", {"input": SEED_INPUT}, progress_callback=on_progress)
                quiet = len(seen)
                fake.script(Reply(text=SEED_CANDIDATE, delay=0.4))
                await client.call_tool("intent_parse", {"input": SEED_INPUT})
        finally:
            await executor.aclose()
    assert result.is_error is False
    assert len(seen) >= 2
    assert [p for p, _, _ in seen] == sorted({p for p, _, _ in seen})  # strictly increasing
    # A call without a progress token gets none.
    assert len(seen) == quiet
