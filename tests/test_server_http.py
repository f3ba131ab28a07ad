"""The real ``intent-mcp`` process over Streamable HTTP on loopback.

Sessions are driven with the SDK's Streamable HTTP client; origin rules, limits and session
lifetime with plain HTTP requests, so every refusal can be seen as it is sent.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client

from intent_mcp.cli import main
from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import Reply, running_fake
from tests.seeds import SEED_INPUT, seed_reply
from tests.serving import http_process

REPO = Path(__file__).resolve().parent.parent
START_SECONDS = 20
INIT_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@dataclass
class RunningServer:
    process: subprocess.Popen[bytes]
    url: str
    log: Path

    @property
    def authority(self) -> str:
        return self.url.split("/")[2]

    def stderr(self) -> str:
        return self.log.read_text(errors="replace")


@contextmanager
def http_server(tmp_path: Path, *flags: str, env: dict[str, str] | None = None) -> Iterator[RunningServer]:
    log = tmp_path / f"server-{time.monotonic_ns()}.log"
    args = ["-m", "intent_mcp", "--transport", "http", "--port", "0", *flags]
    with http_process(args, log, env=env, start_seconds=START_SECONDS) as (process, url):
        yield RunningServer(process, url, log)


@pytest.fixture(scope="module")
def executor_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with http_server(tmp_path_factory.mktemp("http")) as server:
        yield server


@pytest.fixture(scope="module")
def host_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with http_server(tmp_path_factory.mktemp("host"), "--mode", "host") as server:
        yield server


@pytest.fixture(scope="module")
def public_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with http_server(tmp_path_factory.mktemp("public"), "--mode", "host",
                     "--public-origin", "https://mcp.example.com") as server:
        yield server


def sse_messages(response: httpx2.Response) -> list[dict[str, Any]]:
    if response.headers.get("content-type", "").startswith("application/json"):
        return [response.json()]
    return [json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:")]


def initialize_body(version: str = "2025-11-25") -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}


class RawSession:
    """One MCP session over plain HTTP requests: every call is its own POST."""

    def __init__(self, server: RunningServer, headers: dict[str, str] | None = None) -> None:
        self.server = server
        self.headers = {**INIT_HEADERS, **(headers or {})}
        self.session_id = ""
        self.version = ""
        self._next = 1

    def open(self, client: httpx2.Client, version: str = "2025-11-25") -> dict[str, Any]:
        response = client.post(self.server.url, json=initialize_body(version), headers=self.headers)
        assert response.status_code == 200, response.text
        self.session_id = response.headers["mcp-session-id"]
        result: dict[str, Any] = sse_messages(response)[0]["result"]
        self.version = result["protocolVersion"]
        notified = client.post(self.server.url, headers=self.session_headers(),
                               json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        assert notified.status_code == 202
        return result

    def session_headers(self) -> dict[str, str]:
        return {**self.headers, "Mcp-Session-Id": self.session_id, "MCP-Protocol-Version": self.version}

    def call(self, client: httpx2.Client, method: str, params: dict[str, Any]) -> httpx2.Response:
        self._next += 1
        return client.post(self.server.url, headers=self.session_headers(),
                           json={"jsonrpc": "2.0", "id": self._next, "method": method, "params": params})

    def tool(self, client: httpx2.Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        response = self.call(client, "tools/call", {"name": name, "arguments": arguments})
        assert response.status_code == 200, response.text
        result: dict[str, Any] = sse_messages(response)[0]["result"]
        return result


# --- sessions through the SDK client ----------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25"])
async def test_sdk_client_full_session(
    executor_server: RunningServer, version: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("mcp.client.session.LATEST_HANDSHAKE_VERSION", version)
    with anyio.fail_after(START_SECONDS):
        async with Client(executor_server.url, mode="legacy") as client:
            assert client.protocol_version == version
            tools = await client.list_tools()
            result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert [tool.name for tool in tools.tools] == ["intent_parse"]
    expected = seed_reply()
    assert result.is_error is False
    assert result.structured_content == expected["structuredContent"]
    assert result.content[0].type == "text" and result.content[0].text == expected["content"][0]["text"]


@pytest.mark.anyio
async def test_auto_client_falls_back_to_a_2025_version(executor_server: RunningServer) -> None:
    # The 2026 probe is refused with the versions this transport serves, so the client shakes hands.
    with anyio.fail_after(START_SECONDS):
        async with Client(executor_server.url) as client:
            assert client.protocol_version == "2025-11-25"
            result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
    assert result.structured_content == seed_reply()["structuredContent"]


def test_2026_and_older_versions_are_not_served_over_http(host_server: RunningServer) -> None:
    with httpx2.Client() as client:
        modern = client.post(host_server.url, headers={**INIT_HEADERS, "MCP-Protocol-Version": "2026-07-28"},
                             json={"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {}})
        older = RawSession(host_server)
        older.open(client, version="2025-03-26")
    assert modern.status_code == 400
    assert modern.json()["error"]["data"]["supported"] == ["2025-06-18", "2025-11-25"]
    assert older.version == "2025-11-25"


def test_wire_envelope_over_http(executor_server: RunningServer) -> None:
    session = RawSession(executor_server)
    with httpx2.Client() as client:
        session.open(client, version="2025-06-18")
        ok = session.tool(client, "intent_parse", {"input": SEED_INPUT})
        failed = session.tool(client, "intent_parse", {"input": SEED_INPUT, "schema": {"type": "object"}})
        client.delete(executor_server.url, headers=session.session_headers())
    assert ok == {**seed_reply(), **{key: ok[key] for key in ok if key == "_meta"}}
    assert "resultType" not in ok
    assert failed["isError"] is True and "structuredContent" not in failed
    assert json.loads(failed["content"][0]["text"])["error"]["code"] == "INPUT_INVALID"


# --- host mode: one adapter session per MCP session ----------------------------------------------


def test_host_handoff_spans_requests_and_connections_until_delete(tmp_path: Path) -> None:
    with http_server(tmp_path, "--mode", "host") as server:
        session = RawSession(server)
        with httpx2.Client() as first:
            session.open(first)
            task = session.tool(first, "intent_prepare", {"input": SEED_INPUT})["structuredContent"]
            # The standalone event stream opens and breaks off; that alone does not end the session.
            with first.stream("GET", server.url, headers={**session.session_headers(),
                                                           "Accept": "text/event-stream"}) as stream:
                assert stream.status_code == 200
        # A new TCP connection (the old one is gone) still reaches the same MCP session.
        with httpx2.Client() as second:
            accepted = session.tool(second, "intent_accept", {
                "requestId": task["requestId"], "submissionToken": task["submissionToken"],
                "candidateText": SEED_CANDIDATE})
            replayed = session.tool(second, "intent_accept", {
                "requestId": task["requestId"], "submissionToken": task["submissionToken"],
                "candidateText": SEED_CANDIDATE})
            pending = session.tool(second, "intent_prepare", {"input": SEED_INPUT})["structuredContent"]
            other = RawSession(server)
            other.open(second)
            foreign = other.tool(second, "intent_accept", {
                "requestId": pending["requestId"], "submissionToken": pending["submissionToken"],
                "candidateText": SEED_CANDIDATE})
            deleted = second.delete(server.url, headers=session.session_headers())
            after = session.call(second, "tools/list", {})
    assert accepted["isError"] is False
    assert accepted["structuredContent"] == seed_reply()["structuredContent"]
    assert replayed["structuredContent"] == accepted["structuredContent"]
    # Records belong to the MCP session that prepared them.
    assert foreign["isError"] is True
    assert json.loads(foreign["content"][0]["text"])["error"]["code"] == "REQUEST_UNKNOWN"
    assert deleted.status_code == 200
    assert after.status_code == 404


# --- origin rules ----------------------------------------------------------------------------------


def post_initialize(server: RunningServer, headers: dict[str, str]) -> httpx2.Response:
    with httpx2.Client() as client:
        return client.post(server.url, json=initialize_body(), headers={**INIT_HEADERS, **headers})


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 200),
        ({"Host": "localhost"}, 200),
        ({"Host": "LocalHost"}, 200),
        ({"Origin": "http://localhost:5173"}, 200),
        ({"Host": "evil.example"}, 421),
        ({"Host": "evil.example", "X-Forwarded-Host": "127.0.0.1"}, 421),
        ({"Origin": "https://evil.example"}, 403),
        ({"Origin": "null"}, 403),
    ],
)
def test_without_public_origin_only_loopback_host_and_origin(
    host_server: RunningServer, headers: dict[str, str], status: int
) -> None:
    response = post_initialize(host_server, headers)
    assert response.status_code == status
    if status >= 400:
        assert "Traceback" not in response.text
        assert response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Host": "mcp.example.com"}, 200),
        ({"Host": "mcp.example.com", "Origin": "https://mcp.example.com"}, 200),
        ({"Host": "mcp.example.com:443"}, 200),
        ({"Host": "MCP.Example.com"}, 200),
        ({}, 200),  # local diagnostics: loopback Host from a loopback peer
        ({"Host": "mcp.example.com", "Origin": "https://evil.example"}, 403),
        ({"Host": "mcp.example.com", "Origin": "http://mcp.example.com"}, 403),
        ({"Host": "mcp.example.com:8443"}, 421),
        ({"Host": "evil.example", "X-Forwarded-Host": "mcp.example.com", "Forwarded": "host=mcp.example.com"}, 421),
        ({"Host": "sub.mcp.example.com"}, 421),
    ],
)
def test_with_public_origin_host_and_origin_must_match(
    public_server: RunningServer, headers: dict[str, str], status: int
) -> None:
    assert post_initialize(public_server, headers).status_code == status


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--host", "0.0.0.0"], "requires --public-origin"),
        (["--host", "::"], "requires --public-origin"),
        (["--host", "192.168.1.10"], "requires --public-origin"),
        (["--public-origin", "https://user:pw@mcp.example.com"], "credentials"),
        (["--public-origin", "https://*.example.com"], "wildcard"),
        (["--public-origin", "https://mcp.example.com/mcp"], "path"),
        (["--public-origin", "https://mcp.example.com?a=1"], "query"),
        (["--public-origin", "https://mcp.example.com#x"], "fragment"),
    ],
)
def test_unsafe_http_settings_exit_before_serving(
    flags: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--transport", "http", "--port", "0", *flags]) == 2
    stderr = capsys.readouterr().err
    assert words in stderr
    assert "listening" not in stderr
    assert ":pw@" not in stderr


def test_wildcard_binding_refused_by_the_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "--transport", "http", "--host", "0.0.0.0"],
                          cwd=REPO, capture_output=True, text=True, timeout=START_SECONDS, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "requires --public-origin" in done.stderr
    assert "Traceback" not in done.stderr


# --- limits, expiry and shutdown ------------------------------------------------------------------


def test_body_and_session_limits(tmp_path: Path) -> None:
    with http_server(tmp_path, "--mode", "host", "--max-body-bytes", "4096", "--max-sessions", "2") as server:
        with httpx2.Client() as client:
            big = client.post(server.url, headers=INIT_HEADERS,
                              content=json.dumps({**initialize_body(), "pad": "x" * 5000}))
            first, second, third = RawSession(server), RawSession(server), RawSession(server)
            first.open(client)
            second.open(client)
            refused = client.post(server.url, json=initialize_body(), headers=INIT_HEADERS)
            client.delete(server.url, headers=first.session_headers())
            third.open(client)  # room again once a session ends
            still = second.call(client, "tools/list", {})
    assert big.status_code == 413
    assert refused.status_code == 503
    assert still.status_code == 200


def test_idle_sessions_expire(tmp_path: Path) -> None:
    with http_server(tmp_path, "--mode", "host", "--session-idle-seconds", "0.5") as server, httpx2.Client() as client:
        session = RawSession(server)
        session.open(client)
        assert session.call(client, "tools/list", {}).status_code == 200
        deadline = time.monotonic() + 10
        while session.call(client, "tools/list", {}).status_code == 200 and time.monotonic() < deadline:
            time.sleep(0.6)
        assert session.call(client, "tools/list", {}).status_code == 404


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_stop_signal_exits_zero_with_sessions_open(tmp_path: Path, stop: signal.Signals) -> None:
    with http_server(tmp_path, "--mode", "host") as server:
        with httpx2.Client() as client:
            session = RawSession(server)
            session.open(client)
            assert session.tool(client, "intent_prepare", {"input": SEED_INPUT})["isError"] is False
            # An open event stream is still in flight when the signal arrives; it is ended, not waited on.
            with client.stream("GET", server.url, headers={**session.session_headers(),
                                                           "Accept": "text/event-stream"}) as stream:
                assert stream.status_code == 200
                started = time.monotonic()
                server.process.send_signal(stop)
                assert server.process.wait(timeout=START_SECONDS) == 0
                assert time.monotonic() - started < 10
        assert "Traceback" not in server.stderr()


def test_stop_signal_lets_an_in_flight_call_finish(tmp_path: Path) -> None:
    with running_fake("openai") as model:
        model.script(Reply(text=SEED_CANDIDATE, delay=1.0))
        config = tmp_path / "intent-mcp.json"
        config.write_text(json.dumps({"instances": {"main": {"executor": {
            "kind": "openai", "model": "fake", "baseUrl": model.base_url, "apiKeyEnv": "INTENT_MCP_TEST_KEY"}}}}))
        with http_server(tmp_path, "--config", str(config), env={"INTENT_MCP_TEST_KEY": "test-key"}) as server:
            session = RawSession(server)
            replies: list[dict[str, Any]] = []
            with httpx2.Client(timeout=START_SECONDS) as client:
                session.open(client)
                call = threading.Thread(
                    target=lambda: replies.append(session.tool(client, "intent_parse", {"input": SEED_INPUT})))
                call.start()
                deadline = time.monotonic() + START_SECONDS
                while not model.requests and time.monotonic() < deadline:
                    time.sleep(0.02)
                server.process.send_signal(signal.SIGTERM)
                call.join(timeout=START_SECONDS)
            assert server.process.wait(timeout=START_SECONDS) == 0
    assert replies and replies[0]["isError"] is False
    assert replies[0]["structuredContent"] == seed_reply()["structuredContent"]
