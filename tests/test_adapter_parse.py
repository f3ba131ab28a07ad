"""Executor mode through the SDK client: the seed reply, instances, arguments, envelopes, closing, cancellation."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
import orjson
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server
from intent import Intent, IntentConfig, ScriptedExecutor
from tests.candidates import SEED_CANDIDATE, candidate, intent
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_adapter_support import (
    BlockingExecutor,
    FixedExecutor,
    WireLog,
    error_of,
    legacy_client,
    recording_transport,
    structured,
)


def executor_adapter(executor: Any = None, **kwargs: Any) -> Any:
    """An executor-mode adapter; the built-in recognizer unless an executor is given."""
    config = IntentConfig() if executor is None else IntentConfig(executor=executor)
    return create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(config)}, **kwargs))


@pytest.mark.anyio
async def test_seed_reply_comes_out_of_intent_parse_exactly_with_the_builtin_recognizer() -> None:
    reply = seed_reply()
    adapter = executor_adapter()
    log = WireLog()
    async with Client(recording_transport(create_server(adapter), log), mode="legacy") as client:
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert result.is_error is False
    assert result.structured_content == reply["structuredContent"]
    first = result.content[0]
    assert isinstance(first, types.TextContent)
    assert first.text == reply["content"][0]["text"]
    # The whole tools/call result body on the wire is the seed's, key for key.
    (wire,) = log.tool_results()
    assert wire == reply


@pytest.mark.anyio
@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25"])
async def test_handshake_versions_carry_no_result_type(version: str) -> None:
    adapter = executor_adapter(FixedExecutor())
    log = WireLog()
    transport = recording_transport(create_server(adapter), log, offer_version=version)
    async with Client(transport, mode="legacy") as client:
        assert client.protocol_version == version
        tools = await client.list_tools()
        await client.call_tool("intent_parse", {"input": SEED_INPUT})
        await client.call_tool("intent_parse", {"input": SEED_INPUT, "apiKey": "x"})
    assert tools.tools[0].output_schema is not None
    success, failure = log.tool_results()
    assert "resultType" not in success and "resultType" not in failure
    assert success["isError"] is False and failure["isError"] is True
    assert "structuredContent" not in failure


@pytest.mark.anyio
async def test_2026_replies_carry_result_type_complete() -> None:
    adapter = executor_adapter(FixedExecutor())
    log = WireLog()
    async with Client(recording_transport(create_server(adapter), log), mode="2026-07-28") as client:
        assert client.protocol_version == "2026-07-28"
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
        await client.call_tool("intent_parse", {"input": SEED_INPUT, "mode": "host"})
    assert result.structured_content == seed_reply()["structuredContent"]
    success, failure = log.tool_results()
    assert success["resultType"] == "complete" and failure["resultType"] == "complete"
    assert success["content"] == seed_reply()["content"]
    assert failure["isError"] is True and "structuredContent" not in failure


@pytest.mark.anyio
async def test_adapter_session_envelope_per_version() -> None:
    from adapter.envelope import to_wire

    adapter = executor_adapter(FixedExecutor())
    for version, has_result_type in (("2025-06-18", False), ("2025-11-25", False), ("2026-07-28", True)):
        session = adapter.connect(protocol_version=version)
        ok = await session.call_tool("intent_parse", {"input": SEED_INPUT})
        bad = await session.call_tool("intent_parse", {})
        assert ok is not None and bad is not None
        for wire in (to_wire(ok), to_wire(bad)):
            assert ("resultType" in wire) is has_result_type
        assert to_wire(ok)["content"] == seed_reply()["content"]
        assert error_of(bad)["code"] == "INPUT_INVALID"
        await session.close()


@pytest.mark.anyio
async def test_single_instance_may_be_named_or_omitted_and_unknown_is_refused() -> None:
    adapter = executor_adapter(FixedExecutor())
    async with legacy_client(create_server(adapter)) as client:
        named = await client.call_tool("intent_parse", {"input": SEED_INPUT, "instance": "main"})
        assert structured(named) == seed_reply()["structuredContent"]
        unknown = error_of(await client.call_tool("intent_parse", {"input": SEED_INPUT, "instance": "other"}))
        assert (unknown["code"], unknown["path"]) == ("INSTANCE_UNKNOWN", "/instance")


@pytest.mark.anyio
async def test_several_instances_need_an_explicit_instance() -> None:
    lookup = FixedExecutor(SEED_CANDIDATE)
    other_text = "Book a table for two."
    other = FixedExecutor(candidate(intents=[intent("i1", "Book a table", "Book", "a table")]))
    adapter = create_intent_mcp_adapter(
        IntentMcpAdapterConfig(
            instances={"orders": Intent(IntentConfig(executor=lookup)), "food": Intent(IntentConfig(executor=other))}
        )
    )
    async with legacy_client(create_server(adapter)) as client:
        required = error_of(await client.call_tool("intent_parse", {"input": SEED_INPUT}))
        assert (required["code"], required["path"]) == ("INSTANCE_REQUIRED", "/instance")
        assert lookup.calls == 0 and other.calls == 0  # no guessed default ran
        food = structured(await client.call_tool("intent_parse", {"input": other_text, "instance": "food"}))
        assert food["effective"]["intents"][0]["action"] == "Book"
        assert (lookup.calls, other.calls) == (0, 1)
        orders = structured(await client.call_tool("intent_parse", {"input": SEED_INPUT, "instance": "orders"}))
        assert orders == seed_reply()["structuredContent"]


@pytest.mark.anyio
@pytest.mark.parametrize("key", ["schema", "executor", "apiKey", "mode", "config", "configPath", "signal"])
async def test_configuration_cannot_come_from_tool_arguments(key: str) -> None:
    executor = FixedExecutor(SEED_CANDIDATE)
    adapter = executor_adapter(executor)
    secret = "sk-test-0123456789abcdef"
    async with legacy_client(create_server(adapter)) as client:
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT, key: secret})
    error = error_of(result)
    assert (error["code"], error["path"]) == ("INPUT_INVALID", f"/{key}")
    assert secret not in orjson.dumps(result.model_dump(mode="json")).decode()
    assert executor.calls == 0


@pytest.mark.anyio
async def test_invalid_native_request_is_an_error_result() -> None:
    adapter = executor_adapter(FixedExecutor())
    async with legacy_client(create_server(adapter)) as client:
        empty = error_of(await client.call_tool("intent_parse", {"input": ""}))
        fields = error_of(await client.call_tool("intent_parse", {"input": SEED_INPUT, "fields": ["orderId"]}))
    assert empty["code"] == "INPUT_INVALID"
    assert fields["code"] == "FIELD_UNKNOWN"


@pytest.mark.anyio
async def test_prefixed_tools_are_listed_and_unprefixed_names_are_not_ours() -> None:
    adapter = executor_adapter(FixedExecutor(), tool_prefix="nlu.")
    async with legacy_client(create_server(adapter)) as client:
        listed = await client.list_tools()
        assert [tool.name for tool in listed.tools] == ["nlu.intent_parse"]
        result = await client.call_tool("nlu.intent_parse", {"input": SEED_INPUT})
        assert structured(result) == seed_reply()["structuredContent"]
        with pytest.raises(MCPError):
            await client.call_tool("intent_parse", {"input": SEED_INPUT})
    session = adapter.connect(protocol_version="2025-11-25")
    assert await session.call_tool("intent_parse", {"input": SEED_INPUT}) is None
    assert await session.call_tool("weather", {}) is None


@pytest.mark.anyio
async def test_closed_session_answers_with_an_error() -> None:
    adapter = executor_adapter(FixedExecutor())
    session = adapter.connect(protocol_version="2025-11-25")
    await session.close()
    error = error_of(await session.call_tool("intent_parse", {"input": SEED_INPUT}))
    assert error["code"] == "SESSION_CLOSED"


@pytest.mark.anyio
async def test_closing_a_session_ends_its_running_recognition() -> None:
    executor = BlockingExecutor()
    intent_obj = Intent(IntentConfig(executor=executor))
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": intent_obj}))
    session = adapter.connect(protocol_version="2025-11-25")
    results: list[Any] = []

    async def call() -> None:
        results.append(await session.call_tool("intent_parse", {"input": SEED_INPUT}))

    with anyio.fail_after(5):
        async with anyio.create_task_group() as tg:
            tg.start_soon(call)
            await executor.started.wait()
            await adapter.close()  # closes the sessions it owns
    assert executor.cancelled.is_set()
    assert error_of(results[0])["code"] == "SESSION_CLOSED"
    assert not intent_obj.closed


@pytest.mark.anyio
async def test_cancelling_the_awaiting_task_cancels_the_recognition() -> None:
    executor = BlockingExecutor()
    adapter = executor_adapter(executor)
    session = adapter.connect(protocol_version="2025-11-25")
    with anyio.fail_after(5):
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.call_tool, "intent_parse", {"input": SEED_INPUT})
            await executor.started.wait()
            tg.cancel_scope.cancel()
    assert executor.cancelled.is_set()
    # The session stays usable after a cancelled call.
    executor.release.set()
    assert structured(await session.call_tool("intent_parse", {"input": SEED_INPUT}))["status"] == "complete"


@pytest.mark.anyio
async def test_mcp_cancellation_reaches_the_executor() -> None:
    executor = BlockingExecutor()
    adapter = executor_adapter(executor)
    async with legacy_client(create_server(adapter)) as client:
        with anyio.fail_after(5):
            async with anyio.create_task_group() as tg:
                tg.start_soon(client.call_tool, "intent_parse", {"input": SEED_INPUT})
                await executor.started.wait()
                tg.cancel_scope.cancel()  # the client sends notifications/cancelled
            await executor.cancelled.wait()


@pytest.mark.anyio
async def test_executor_sees_the_mcp_request_and_progress_is_reported() -> None:
    executor = BlockingExecutor()
    adapter = executor_adapter(executor, progress_interval=0.02)
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)
        executor.release.set()  # answer once the host has seen work under way

    async with legacy_client(create_server(adapter)) as client:
        with anyio.fail_after(5):
            result = await client.call_tool("intent_parse", {"input": SEED_INPUT}, progress_callback=on_progress)
    assert structured(result) == seed_reply()["structuredContent"]
    assert seen and seen == sorted(seen)
    (request,) = executor.requests
    assert request is not None and request.method == "tools/call"
    # Outside MCP there is no request to reach.
    direct = adapter.connect(protocol_version="2025-11-25")
    await direct.call_tool("intent_parse", {"input": SEED_INPUT})
    assert executor.requests[-1] is None


@pytest.mark.anyio
async def test_no_progress_without_a_progress_token() -> None:
    executor = ScriptedExecutor([SEED_CANDIDATE])
    adapter = executor_adapter(executor, progress_interval=0.01)
    log = WireLog()
    async with Client(recording_transport(create_server(adapter), log), mode="legacy") as client:
        await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert not [m for m in log.messages if m.get("method") == "notifications/progress"]


@pytest.mark.anyio
async def test_disposed_instance_cannot_start_recognition() -> None:
    intent_obj = Intent(IntentConfig(executor=FixedExecutor()))
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": intent_obj}))
    await intent_obj.close()
    session = adapter.connect(protocol_version="2025-11-25")
    assert error_of(await session.call_tool("intent_parse", {"input": SEED_INPUT}))["code"] == "DISPOSED"


@pytest.mark.anyio
async def test_in_process_2026_client_gets_the_seed_reply() -> None:
    adapter = executor_adapter()
    async with Client(create_server(adapter)) as client:
        assert client.protocol_version == "2026-07-28"
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert structured(result) == seed_reply()["structuredContent"]
    assert adapter.session_count == 0  # a per-call session, closed with the call


@pytest.mark.anyio
async def test_an_undeclared_handshake_version_gets_no_output_schema_and_a_transport_error() -> None:
    adapter = executor_adapter(FixedExecutor())
    log = WireLog()
    transport = recording_transport(create_server(adapter), log, offer_version="2025-03-26")
    async with Client(transport, mode="legacy") as client:
        assert client.protocol_version == "2025-03-26"
        listed = await client.list_tools()
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert listed.tools[0].output_schema is None
    error = error_of(result)
    assert (error["code"], error["category"]) == ("CONFIG_INVALID", "transport")


@pytest.mark.anyio
@pytest.mark.parametrize("arguments", [["input"], "Look up order 000123.", 42])
async def test_arguments_must_be_an_object(arguments: Any) -> None:
    session = executor_adapter(FixedExecutor()).connect(protocol_version="2025-11-25")
    error = error_of(await session.call_tool("intent_parse", arguments))
    assert (error["code"], error["path"]) == ("INPUT_INVALID", "")


@pytest.mark.anyio
async def test_unexpected_failures_are_internal_errors_without_their_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken_parse(self: Intent, request: Any) -> Any:
        raise ValueError("token=sk-live-secret")

    monkeypatch.setattr(Intent, "parse", broken_parse)
    session = executor_adapter(FixedExecutor()).connect(protocol_version="2025-11-25")
    result = await session.call_tool("intent_parse", {"input": SEED_INPUT})
    assert error_of(result)["code"] == "INTERNAL"
    assert "sk-live-secret" not in orjson.dumps(result.model_dump(mode="json")).decode()
