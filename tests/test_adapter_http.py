"""create_server over the SDK's stateful Streamable HTTP on loopback: one adapter session per MCP session."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pytest
import uvicorn
from mcp import Client

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server
from intent import Intent, IntentConfig
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_adapter_support import error_of, structured


@asynccontextmanager
async def serving(app: Any) -> AsyncIterator[str]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    async with anyio.create_task_group() as tg:
        tg.start_soon(server.serve, [sock])
        with anyio.fail_after(10):
            while not server.started:
                await anyio.sleep(0.01)
        try:
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            server.should_exit = True
    sock.close()


@pytest.mark.anyio
async def test_host_handoff_spans_http_requests_of_one_mcp_session() -> None:
    intent = Intent(IntentConfig(executor=None))
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(mode="host", instances={"main": intent}))
    app = create_server(adapter).streamable_http_app(streamable_http_path="/mcp")
    with anyio.fail_after(30):
        async with serving(app) as url:
            async with Client(url, mode="legacy") as alice, Client(url, mode="legacy") as bob:
                task = structured(await alice.call_tool("intent_prepare", {"input": SEED_INPUT}))
                args = {"requestId": task["requestId"], "submissionToken": task["submissionToken"],
                        "candidateText": SEED_CANDIDATE}
                assert error_of(await bob.call_tool("intent_accept", args))["code"] == "REQUEST_UNKNOWN"
                # Each POST is its own HTTP request; the adapter session is the MCP session's.
                result = structured(await alice.call_tool("intent_accept", args))
                assert result == seed_reply()["structuredContent"]
                assert adapter.session_count == 2
            # Ending an MCP session (DELETE) closes its adapter session.
            with anyio.fail_after(5):
                while adapter.session_count:
                    await anyio.sleep(0.02)
    await adapter.close()
