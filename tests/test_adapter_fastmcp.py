"""The intent tools on a FastMCP 4 server (examples/fastmcp_server.py), served over stdio as a real process."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import FastMCP
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter
from adapter.fastmcp import add_intent_tools
from intent import Intent, IntentConfig, IntentError
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply

REPO = Path(__file__).resolve().parent.parent
SECONDS = 30


def served(mode: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "examples.fastmcp_server", mode], cwd=str(REPO))


def text_of(result: Any) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


def error_code(result: Any) -> str:
    return str(json.loads(text_of(result))["error"]["code"])


@pytest.mark.anyio
async def test_executor_mode_beside_the_servers_own_tool() -> None:
    with anyio.fail_after(SECONDS):
        async with Client(served("executor"), mode="legacy") as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            parsed = await client.call_tool("intent_parse", {"input": SEED_INPUT})
            bad = await client.call_tool("intent_parse", {"input": SEED_INPUT, "schema": {}})
            own = await client.call_tool("order_status", {"order_id": "000123"})
    assert set(tools) == {"order_status", "intent_parse"}
    assert tools["intent_parse"].output_schema is not None
    expected = seed_reply()
    assert parsed.is_error is False
    assert parsed.structured_content == expected["structuredContent"]
    assert text_of(parsed) == expected["content"][0]["text"]
    assert bad.is_error is True and error_code(bad) == "INPUT_INVALID"
    assert text_of(own) == "shipped"


@pytest.mark.anyio
async def test_host_handoff_spans_calls_of_one_connection_only() -> None:
    with anyio.fail_after(SECONDS):
        async with Client(served("host"), mode="legacy") as client:
            task = (await client.call_tool("intent_prepare", {"input": SEED_INPUT})).structured_content
            assert task is not None
            accepted = await client.call_tool("intent_accept", {
                "requestId": task["requestId"], "submissionToken": task["submissionToken"],
                "candidateText": SEED_CANDIDATE})
        async with Client(served("host")) as modern:  # 2026-07-28: every request is its own connection
            refused = await modern.call_tool("intent_prepare", {"input": SEED_INPUT})
    assert accepted.is_error is False
    assert accepted.structured_content == seed_reply()["structuredContent"]
    assert refused.is_error is True and error_code(refused) == "CONFIG_INVALID"


@pytest.mark.anyio
async def test_a_name_collision_is_refused_before_registration() -> None:
    server = FastMCP("clash")

    @server.tool
    def intent_parse(text: str) -> str:
        return text

    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(IntentConfig())}))
    with pytest.raises(IntentError) as refused:
        await add_intent_tools(server, adapter)
    assert refused.value.code == "CONFIG_INVALID" and "tool_prefix" in refused.value.message
    prefixed = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(IntentConfig())},
                                                                 tool_prefix="intent."))
    await add_intent_tools(server, prefixed)
    assert {tool.name for tool in await server.list_tools()} == {"intent_parse", "intent.intent_parse"}
