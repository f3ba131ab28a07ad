"""``GET /healthz`` for load balancers, and the quiet fallback of mcp 2.x clients, on the real HTTP server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp import Client

from tests.seeds import SEED_INPUT
from tests.test_server_http import START_SECONDS, RunningServer, http_server


@pytest.fixture(scope="module")
def debug_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with http_server(tmp_path_factory.mktemp("health"), "--public-origin", "https://mcp.example.com",
                     "--log-level", "debug") as server:
        yield server


@pytest.mark.parametrize("host", [None, "10.0.0.7:3001", "evil.example"])
def test_healthz_answers_on_any_host_without_a_session(debug_server: RunningServer, host: str | None) -> None:
    base = debug_server.url.rsplit("/", 1)[0]
    headers = {"Host": host} if host else {}
    with httpx2.Client() as client:
        got = client.get(f"{base}/healthz", headers=headers)
        head = client.head(f"{base}/healthz", headers=headers)
        mcp = client.get(debug_server.url, headers={**headers, "Accept": "text/event-stream"})
    assert (got.status_code, got.json(), got.headers["cache-control"]) == (200, {"status": "ok"}, "no-store")
    assert "mcp-session-id" not in got.headers
    assert head.status_code == 200 and head.content == b""
    if host == "evil.example":
        assert mcp.status_code == 421  # the MCP endpoint keeps its Host rules


def test_healthz_is_get_only(debug_server: RunningServer) -> None:
    base = debug_server.url.rsplit("/", 1)[0]
    with httpx2.Client() as client:
        posted = client.post(f"{base}/healthz", json={})
    assert posted.status_code != 200


@pytest.mark.anyio
async def test_the_2026_probe_of_an_sdk_client_is_logged_at_debug_only(tmp_path: Path) -> None:
    for level in ("warning", "debug"):
        with http_server(tmp_path, "--log-level", level) as server:
            with anyio.fail_after(START_SECONDS):
                async with Client(server.url) as client:
                    result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
            assert result.is_error is False
            refused = [line for line in server.stderr().splitlines() if "Unsupported protocol version" in line]
            if level == "warning":
                assert refused == [] and " WARNING " not in server.stderr()
            else:
                assert refused and all(" DEBUG " in line for line in refused)
