"""The real stdio process under hostile input: no reply lost at end of input, ids answered where readable."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import anyio
import pytest

from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import Reply, running_fake
from tests.seeds import SEED_INPUT
from tests.test_server_stdio import STEP_SECONDS, raw_server

KEY_ENV = "INTENT_MCP_TEST_KEY"


def slow_model_config(tmp_path: Path, base_url: str) -> Path:
    config = tmp_path / "intent-mcp.json"
    config.write_text(json.dumps({"instances": {"main": {"executor": {
        "kind": "openai", "model": "fake", "baseUrl": base_url, "apiKeyEnv": KEY_ENV}}}}))
    return config


def call(ident: int) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": ident, "method": "tools/call",
            "params": {"name": "intent_parse", "arguments": {"input": SEED_INPUT}}}


@pytest.mark.anyio
@pytest.mark.parametrize("stop", ["eof", "sigterm"])
async def test_a_call_in_flight_is_answered_before_the_server_exits(tmp_path: Path, stop: str) -> None:
    with running_fake("openai") as model:
        model.script(Reply(text=SEED_CANDIDATE, delay=1.0), Reply(text=SEED_CANDIDATE, delay=1.0))
        config = slow_model_config(tmp_path, model.base_url)
        async with raw_server("--config", str(config), env={KEY_ENV: "test-key"}) as server:
            await server.handshake("2025-11-25")
            await server.send(call(1))
            await server.send(call(2))
            with anyio.fail_after(STEP_SECONDS):
                while len(model.requests) < 2:
                    await anyio.sleep(0.02)
            if stop == "eof":
                assert server.process.stdin is not None
                await server.process.stdin.aclose()
            else:
                server.process.send_signal(signal.SIGTERM)
            replies = [await server.receive(), await server.receive()]
            with anyio.fail_after(STEP_SECONDS):
                assert await server.process.wait() == 0
    assert sorted(reply["id"] for reply in replies) == [1, 2]
    assert all(reply["result"]["isError"] is False for reply in replies)


@pytest.mark.anyio
async def test_requests_with_an_invalid_id_are_answered_not_dropped() -> None:
    async with raw_server() as server:
        await server.handshake("2025-11-25")
        answers = []
        for ident in ("1.5", "true", "{}", "null", "[1]"):
            await server.send_line('{"jsonrpc": "2.0", "id": ' + ident + ', "method": "ping"}')
            answers.append(await server.receive())
        still = await server.request(9, "ping", {})
    for answer in answers:
        assert answer["id"] is None and answer["error"]["code"] == -32600
    assert still["result"] == {}


@pytest.mark.anyio
@pytest.mark.parametrize(
    "arguments",
    [
        '{"a": ' + "[" * 300 + "]" * 300 + "}",  # valid JSON, nested past the SDK's parser limit
        '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}",  # far past any recursion limit
        '{"input": "\\ud800"}',  # a lone-surrogate escape
    ],
    ids=["300 levels", "100000 levels", "lone surrogate"],
)
async def test_lines_the_sdk_cannot_read_are_answered_with_their_id(arguments: str) -> None:
    async with raw_server() as server:
        await server.handshake("2025-11-25")
        await server.send_line('{"jsonrpc": "2.0", "id": 41, "method": "tools/call", '
                               '"params": {"name": "intent_parse", "arguments": ' + arguments + "}}")
        answer = await server.receive()
        still = await server.request(42, "ping", {})
    assert answer["id"] == 41 and answer["error"]["code"] == -32600
    assert still["result"] == {}
