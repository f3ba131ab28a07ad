"""The real ``intent-mcp`` process over stdio, in each declared protocol version.

The SDK client drives negotiation, discovery and tool calls; a raw line driver checks the exact
envelopes on the wire, malformed input, stdout purity and the stop signal.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.abc import Process
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from intent_mcp.cli import main
from intent_mcp.stdio import MAX_LINE_BYTES
from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import Reply, running_fake
from tests.seeds import SEED_INPUT, seed_reply

REPO = Path(__file__).resolve().parent.parent
VERSIONS = ("2025-06-18", "2025-11-25", "2026-07-28")
MODERN = "2026-07-28"
STEP_SECONDS = 20


def server_command(*flags: str) -> list[str]:
    return [sys.executable, "-m", "intent_mcp", "--transport", "stdio", *flags]


@asynccontextmanager
async def sdk_client(version: str, monkeypatch: pytest.MonkeyPatch, *flags: str) -> AsyncIterator[Client]:
    """An SDK client on a fresh server process, negotiated at ``version``."""
    command = server_command(*flags)
    params = StdioServerParameters(command=command[0], args=command[1:], cwd=str(REPO))
    if version == MODERN:
        client = Client(params, mode=MODERN)
    else:
        # The SDK offers its newest handshake version; offering an older one is the client's choice.
        monkeypatch.setattr("mcp.client.session.LATEST_HANDSHAKE_VERSION", version)
        client = Client(params, mode="legacy")
    with anyio.fail_after(STEP_SECONDS):
        async with client:
            yield client


class RawStdio:
    """Newline-delimited JSON-RPC to and from a server process, nothing interpreted."""

    def __init__(self, process: Process) -> None:
        self.process = process
        self._buffer = b""

    async def send_line(self, line: str) -> None:
        assert self.process.stdin is not None
        await self.process.stdin.send(line.encode() + b"\n")

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_line(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        with anyio.fail_after(STEP_SECONDS):
            while b"\n" not in self._buffer:
                self._buffer += await self.process.stdout.receive()
        line, self._buffer = self._buffer.split(b"\n", 1)
        message: dict[str, Any] = json.loads(line)  # stdout carries nothing but JSON-RPC
        return message

    async def request(self, ident: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
        if params is not None:
            message["params"] = params
        await self.send(message)
        reply = await self.receive()
        assert reply["id"] == ident
        return reply

    async def handshake(self, version: str) -> dict[str, Any]:
        if version == MODERN:
            return {}
        reply = await self.request(
            0,
            "initialize",
            {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}},
        )
        await self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        result: dict[str, Any] = reply["result"]
        return result


def envelope(version: str, params: dict[str, Any]) -> dict[str, Any]:
    """Request params as ``version`` carries them: 2026 stamps the per-request envelope into ``_meta``."""
    if version != MODERN:
        return params
    meta = {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {},
    }
    return {**params, "_meta": meta}


@asynccontextmanager
async def raw_server(*flags: str, env: dict[str, str] | None = None) -> AsyncIterator[RawStdio]:
    process = await anyio.open_process(server_command(*flags), cwd=str(REPO), stderr=None,
                                       env=None if env is None else {**os.environ, **env})
    try:
        yield RawStdio(process)
    finally:
        if process.returncode is None:
            process.kill()
        with anyio.move_on_after(STEP_SECONDS):
            await process.wait()


@pytest.mark.anyio
@pytest.mark.parametrize("version", VERSIONS)
async def test_sdk_client_negotiates_lists_and_parses_the_seed(version: str, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = seed_reply()
    async with sdk_client(version, monkeypatch) as client:
        assert client.protocol_version == version
        tools = await client.list_tools()
        assert [tool.name for tool in tools.tools] == ["intent_parse"]
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert result.is_error is False
    assert result.structured_content == expected["structuredContent"]
    assert result.content[0].type == "text"
    assert result.content[0].text == expected["content"][0]["text"]


@pytest.mark.anyio
@pytest.mark.parametrize("version", VERSIONS)
async def test_host_mode_prepare_then_accept(version: str, monkeypatch: pytest.MonkeyPatch) -> None:
    async with sdk_client(version, monkeypatch, "--mode", "host", "--tool-prefix", "acme_") as client:
        tools = await client.list_tools()
        assert sorted(tool.name for tool in tools.tools) == ["acme_intent_accept", "acme_intent_cancel",
                                                             "acme_intent_prepare"]
        prepared = await client.call_tool("acme_intent_prepare", {"input": SEED_INPUT})
        task = prepared.structured_content
        assert task is not None and task["kind"] == "model_task"
        accepted = await client.call_tool(
            "acme_intent_accept",
            {"requestId": task["requestId"], "submissionToken": task["submissionToken"],
             "candidateText": SEED_CANDIDATE},
        )
    assert accepted.is_error is False
    assert accepted.structured_content == seed_reply()["structuredContent"]


@pytest.mark.anyio
@pytest.mark.parametrize("version", VERSIONS)
async def test_wire_envelopes_of_each_version(version: str) -> None:
    expected = seed_reply()
    async with raw_server() as server:
        initialized = await server.handshake(version)
        if version != MODERN:
            assert initialized["protocolVersion"] == version
            assert initialized["serverInfo"]["name"] == "intent-mcp"
        ok = (await server.request(1, "tools/call", envelope(version, {
            "name": "intent_parse", "arguments": {"input": SEED_INPUT}})))["result"]
        failed = (await server.request(2, "tools/call", envelope(version, {
            "name": "intent_parse", "arguments": {"input": SEED_INPUT, "apiKey": "sk-should-not-echo"}})))["result"]
    assert ok["isError"] is False
    assert ok["structuredContent"] == expected["structuredContent"]
    assert ok["content"] == expected["content"]
    if version == MODERN:
        assert ok["resultType"] == "complete"
        assert failed["resultType"] == "complete"
    else:
        assert "resultType" not in ok
        assert "resultType" not in failed
    # A technical failure: isError, no structuredContent, the text is {"error": SerializedIntentError}.
    assert failed["isError"] is True
    assert "structuredContent" not in failed
    error = json.loads(failed["content"][0]["text"])["error"]
    assert error["code"] == "INPUT_INVALID"
    assert "sk-should-not-echo" not in failed["content"][0]["text"]


@pytest.mark.anyio
async def test_malformed_lines_get_errors_and_the_server_keeps_serving() -> None:
    async with raw_server() as server:
        await server.handshake("2025-11-25")
        await server.send_line("this is not json {")
        parse_error = await server.receive()
        await server.send_line('{"id": 5, "no": "method"}')
        invalid = await server.receive()
        await server.send_line('{"jsonrpc": "2.0", "id": 6, "method": "ping", "pad": "' + "x" * MAX_LINE_BYTES + '"}')
        oversized = await server.receive()
        listed = await server.request(3, "tools/list", {})
    assert parse_error == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}
    assert oversized == parse_error
    assert invalid["id"] is None and invalid["error"]["code"] == -32600
    assert [tool["name"] for tool in listed["result"]["tools"]] == ["intent_parse"]


@pytest.mark.anyio
async def test_unknown_method_is_a_protocol_error_not_a_result() -> None:
    async with raw_server() as server:
        await server.handshake("2025-06-18")
        reply = await server.request(4, "no/such/method", {})
    assert "result" not in reply
    assert reply["error"]["code"] == -32601


@pytest.mark.anyio
@pytest.mark.parametrize("stop", ["sigterm", "sigint", "eof"])
async def test_stops_cleanly_with_exit_status_zero(stop: str) -> None:
    async with raw_server("--log-level", "debug") as server:
        await server.handshake("2025-11-25")
        await server.request(1, "tools/list", {})
        if stop == "eof":
            assert server.process.stdin is not None
            await server.process.stdin.aclose()
        else:
            server.process.send_signal(signal.SIGTERM if stop == "sigterm" else signal.SIGINT)
        with anyio.fail_after(STEP_SECONDS):
            assert await server.process.wait() == 0


@pytest.mark.anyio
async def test_stop_signal_cancels_an_in_flight_call(tmp_path: Path) -> None:
    with running_fake("openai") as model:
        model.script(Reply(text=SEED_CANDIDATE, delay=30))
        config = tmp_path / "intent-mcp.json"
        config.write_text(json.dumps({"instances": {"main": {"executor": {
            "kind": "openai", "model": "fake", "baseUrl": model.base_url, "apiKeyEnv": "INTENT_MCP_TEST_KEY"}}}}))
        async with raw_server("--config", str(config), env={"INTENT_MCP_TEST_KEY": "test-key"}) as server:
            await server.handshake("2025-11-25")
            await server.send(envelope("2025-11-25", {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                                      "params": {"name": "intent_parse",
                                                                 "arguments": {"input": SEED_INPUT}}}))
            with anyio.fail_after(STEP_SECONDS):
                while not model.requests:
                    await anyio.sleep(0.02)
            started = time.monotonic()
            server.process.send_signal(signal.SIGTERM)
            with anyio.fail_after(STEP_SECONDS):
                assert await server.process.wait() == 0
            # Cancelled, not waited out: the model would have answered only after 30 seconds.
            assert time.monotonic() - started < 10


def run_cli(*args: str) -> tuple[int, str, str]:
    import subprocess

    done = subprocess.run([sys.executable, "-m", "intent_mcp", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=STEP_SECONDS, stdin=subprocess.DEVNULL, env=None)
    return done.returncode, done.stdout, done.stderr


def test_config_errors_exit_before_serving(tmp_path: Path) -> None:
    config = tmp_path / "intent-mcp.json"
    config.write_text(json.dumps({"instances": {"main": {"executor": {"kind": "openai", "model": "m",
                                                                       "apiKey": "sk-live-secret"}}}}))
    status, stdout, stderr = run_cli("--config", str(config))
    assert status == 2
    assert stdout == ""
    assert "/instances/main/executor/apiKey" in stderr
    assert "sk-live-secret" not in stderr
    assert "Traceback" not in stderr


def test_schema_file_is_resolved_next_to_the_config_and_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fields.json").write_text(json.dumps({"type": "object", "properties": {"orderId": "nope"}}))
    config = tmp_path / "intent-mcp.json"
    config.write_text(json.dumps({"instances": {"orders": {"schemaFile": "fields.json"}}}))
    assert main(["--config", str(config)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "/instances/orders/schema/properties/orderId" in captured.err


def test_http_flags_are_refused_with_stdio(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--transport", "stdio", "--port", "3001"]) == 2
    stderr = capsys.readouterr().err
    assert "--port" in stderr and "--transport http" in stderr


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as version:
        main(["--version"])
    assert version.value.code == 0
    assert capsys.readouterr().out.startswith("intent-mcp ")
    with pytest.raises(SystemExit) as shown:
        main(["--help"])
    assert shown.value.code == 0
    stdout = capsys.readouterr().out
    for words in ("--transport", "--public-origin", "--config", "--mode", "--tool-prefix", "--log-level",
                  "print-config", "examples:"):
        assert words in stdout
