"""Each MCP session over HTTP owns one adapter session, freed on DELETE or idle expiry (in-process)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx2
import pytest

from intent_mcp.config import HttpSettings, ServerConfig
from intent_mcp.http.app import build_http_app
from intent_mcp.serve import Runtime, build_runtime
from tests.seeds import SEED_INPUT

HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
URL = "http://127.0.0.1:3001/mcp"


def messages(response: httpx2.Response) -> list[dict[str, Any]]:
    return [json.loads(line[5:]) for line in response.text.splitlines() if line.startswith("data:")]


@asynccontextmanager
async def served(idle_seconds: float = 60) -> AsyncIterator[tuple[Runtime, httpx2.AsyncClient]]:
    config = ServerConfig(mode="host", http=HttpSettings(session_idle_seconds=idle_seconds))
    runtime = build_runtime(config)
    app = build_http_app(runtime.server, config.http, None)
    async with runtime.server.session_manager.run(), httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app)
    ) as client:
        try:
            yield runtime, client
        finally:
            await runtime.close()


async def open_session(client: httpx2.AsyncClient) -> dict[str, str]:
    response = await client.post(URL, headers=HEADERS, json={
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    assert response.status_code == 200
    headers = {**HEADERS, "Mcp-Session-Id": response.headers["mcp-session-id"], "MCP-Protocol-Version": "2025-11-25"}
    await client.post(URL, headers=headers, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
    return headers


async def prepare(client: httpx2.AsyncClient, headers: dict[str, str], ident: int) -> dict[str, Any]:
    response = await client.post(URL, headers=headers, json={
        "jsonrpc": "2.0", "id": ident, "method": "tools/call",
        "params": {"name": "intent_prepare", "arguments": {"input": SEED_INPUT}}})
    result: dict[str, Any] = messages(response)[0]["result"]
    assert result["isError"] is False
    return result


async def settle(condition: Any) -> bool:
    with anyio.move_on_after(5):
        while not condition():
            await anyio.sleep(0.02)
        return True
    return False


@pytest.mark.anyio
async def test_each_mcp_session_owns_one_adapter_session_until_delete() -> None:
    async with served() as (runtime, client):
        first = await open_session(client)
        second = await open_session(client)
        await prepare(client, first, 1)
        await prepare(client, first, 2)
        await prepare(client, second, 3)
        assert runtime.adapter.session_count == 2
        deleted = await client.delete(URL, headers=first)
        assert deleted.status_code == 200
        assert await settle(lambda: runtime.adapter.session_count == 1)


@pytest.mark.anyio
async def test_idle_expiry_frees_the_adapter_session() -> None:
    async with served(idle_seconds=0.3) as (runtime, client):
        headers = await open_session(client)
        await prepare(client, headers, 1)
        assert runtime.adapter.session_count == 1
        assert await settle(lambda: runtime.adapter.session_count == 0)
        gone = await client.post(URL, headers=headers, json={"jsonrpc": "2.0", "id": 9, "method": "tools/list"})
        assert gone.status_code == 404
