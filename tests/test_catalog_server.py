"""Any CatalogRuntime served over MCP: in memory, the real stdio process and loopback Streamable HTTP."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp import Client
from mcp.server import Server
from mcp.shared.exceptions import MCPError

from catalog.runtime import CatalogRuntime
from intent.errors import IntentError
from intent_mcp.catalog_server import create_catalog_server, register_catalog_runtime
from tests.fakes.catalog_runtime import NOTES_URI, FakeRuntime
from tests.serving import http_process, stdio_client, stop

STEP_SECONDS = 20


async def exercise(client: Client) -> None:
    """What every transport must carry: listing, structured results, errors, progress, resources."""
    listed = await client.list_tools()
    assert [tool.name for tool in listed.tools] == ["add", "steps", "refuse", "crash"]
    assert listed.tools[0].output_schema is not None

    added = await client.call_tool("add", {"a": 2, "b": 40})
    assert added.is_error is False
    assert added.structured_content == {"sum": 42}

    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    stepped = await client.call_tool("steps", {}, progress_callback=on_progress)
    assert stepped.is_error is False
    with anyio.fail_after(5):
        while len(seen) < 3:  # notifications may trail the result on the wire
            await anyio.sleep(0.01)
    assert seen == [(1.0, 3.0, "step 1"), (2.0, 3.0, "step 2"), (3.0, 3.0, "step 3")]

    refused = await client.call_tool("refuse", {})
    assert refused.is_error is True
    assert "refused" in refused.content[0].text  # type: ignore[union-attr]

    crashed = await client.call_tool("crash", {})
    assert crashed.is_error is True
    text = crashed.content[0].text  # type: ignore[union-attr]
    assert "RuntimeError" in text and "broke" not in text  # the exception's message stays in the server

    with pytest.raises(MCPError, match="Unknown tool"):
        await client.call_tool("nope", {})

    resources = await client.list_resources()
    assert [str(item.uri) for item in resources.resources] == [NOTES_URI]
    read = await client.read_resource(NOTES_URI)
    assert read.contents[0].text == "remember the milk"  # type: ignore[union-attr]
    with pytest.raises(MCPError) as missing:
        await client.read_resource("fake://missing")
    assert missing.value.error.code == -32002


@pytest.mark.anyio
async def test_in_memory_server_carries_the_runtime() -> None:
    runtime = FakeRuntime()
    closed: list[bool] = []

    async def on_stop() -> None:
        closed.append(True)

    server = create_catalog_server(runtime, name="fake", on_stop=on_stop)
    async with Client(server, mode="legacy") as client:
        await exercise(client)
    assert ("add", {"a": 2, "b": 40}) in runtime.calls
    assert closed == [True]


@pytest.mark.anyio
async def test_registered_beside_the_servers_own_tools() -> None:
    async def own_list(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name="own", input_schema={"type": "object"})])

    async def own_call(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text="own answer")])

    server: Server[Any] = Server("host", on_list_tools=own_list, on_call_tool=own_call)
    register_catalog_runtime(server, FakeRuntime(), tool_names=["own"])
    async with Client(server, mode="legacy") as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        own = await client.call_tool("own", {})
        added = await client.call_tool("add", {"a": 1, "b": 1})
    assert names == ["own", "add", "steps", "refuse", "crash"]
    assert own.content[0].text == "own answer"  # type: ignore[union-attr]
    assert added.structured_content == {"sum": 2}


def test_the_fake_satisfies_the_protocol() -> None:
    assert isinstance(FakeRuntime(), CatalogRuntime)


def test_a_name_clash_is_refused_before_registering() -> None:
    server: Server[Any] = Server("host")
    with pytest.raises(IntentError) as refused:
        register_catalog_runtime(server, FakeRuntime(), tool_names=["add"])
    assert refused.value.code == "CONFIG_INVALID"
    assert "add" in refused.value.message
    assert server.get_request_handler("tools/call") is None


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_real_stdio_process(mode: str, tmp_path: Path) -> None:
    marker = tmp_path / "closed"
    client = stdio_client(["-m", "tests.fakes.catalog_runtime", "stdio"], env={"FAKE_RUNTIME_CLOSED": str(marker)},
                          mode=mode)
    with anyio.fail_after(STEP_SECONDS * 2):
        async with client:
            await exercise(client)
        # End of input ends the server, and the runtime is closed on the way out.
        while not marker.exists():
            await anyio.sleep(0.05)
    assert marker.read_text() == "closed"


@contextmanager
def fake_http_process(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    marker = tmp_path / "closed"
    args = ["-m", "tests.fakes.catalog_runtime", "http", "0"]
    with http_process(args, tmp_path / "server.log", env={"FAKE_RUNTIME_CLOSED": str(marker)},
                      start_seconds=STEP_SECONDS) as (process, url):
        yield process, url, marker


def test_real_http_process_on_loopback(tmp_path: Path) -> None:
    with fake_http_process(tmp_path) as (process, url, marker):

        async def drive() -> None:
            with anyio.fail_after(STEP_SECONDS * 2):
                async with Client(url, mode="legacy") as client:
                    await exercise(client)

        anyio.run(drive)
        assert stop(process, STEP_SECONDS) == 0
        assert marker.read_text() == "closed"
