"""Adding the adapter to existing SDK servers: listing beside own tools, routing, collisions, sessions."""

from __future__ import annotations

from typing import Any

import mcp_types as types
import pytest
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, register
from examples.combined_server import build_server
from intent import Intent, IntentConfig, IntentError
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_adapter_support import FixedExecutor, error_of, legacy_client, structured


def executor_adapter(**kwargs: Any) -> Any:
    intent = Intent(IntentConfig(executor=FixedExecutor()))
    return create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": intent}, **kwargs))


def text_of(result: types.CallToolResult) -> str:
    first = result.content[0]
    assert isinstance(first, types.TextContent)
    return first.text


@pytest.mark.anyio
async def test_example_server_offers_its_own_tool_and_the_adapter() -> None:
    server, adapter = build_server()
    async with legacy_client(server) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        assert names == ["order_status", "intent_parse"]
        status = await client.call_tool("order_status", {"order_id": "000123"})
        assert status.is_error is False and "shipped" in text_of(status)
        parsed = await client.call_tool("intent_parse", {"input": SEED_INPUT})
        assert text_of(parsed) == seed_reply()["content"][0]["text"]
        assert structured(parsed) == seed_reply()["structuredContent"]
        unknown = await client.call_tool("refund", {})
        assert unknown.is_error is True  # the original handler's answer, not the adapter's
    assert adapter.session_count == 0
    await adapter.close()


@pytest.mark.anyio
async def test_mcpserver_collision_is_refused_before_registration() -> None:
    server = MCPServer("clash")

    @server.tool()
    def intent_parse(text: str) -> str:
        return text

    adapter = executor_adapter()
    with pytest.raises(IntentError) as caught:
        register(server, adapter)
    assert caught.value.code == "CONFIG_INVALID"
    assert "intent_parse" in caught.value.message and "tool_prefix" in caught.value.message
    async with legacy_client(server) as client:  # nothing was registered
        assert [tool.name for tool in (await client.list_tools()).tools] == ["intent_parse"]
        assert text_of(await client.call_tool("intent_parse", {"text": "own"})) == "own"

    prefixed = executor_adapter(tool_prefix="nlu.")
    register(server, prefixed)
    async with legacy_client(server) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        assert names == ["intent_parse", "nlu.intent_parse"]
        assert text_of(await client.call_tool("intent_parse", {"text": "own"})) == "own"
        assert structured(await client.call_tool("nlu.intent_parse", {"input": SEED_INPUT}))["status"] == "complete"


def lowlevel_server(own_tool: str = "weather") -> Server[Any]:
    """A low-level SDK server with one tool of its own."""
    tool = types.Tool(name=own_tool, input_schema={"type": "object", "properties": {}})

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[tool])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != own_tool:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return types.CallToolResult(content=[types.TextContent(type="text", text="sunny")])

    return Server("weather", on_list_tools=list_tools, on_call_tool=call_tool)


@pytest.mark.anyio
async def test_lowlevel_server_keeps_its_handlers_for_calls_the_adapter_does_not_own() -> None:
    server = lowlevel_server()
    adapter = executor_adapter()
    register(server, adapter, tool_names=["weather"])
    async with legacy_client(server) as client:
        listed = (await client.list_tools()).tools
        assert [tool.name for tool in listed] == ["weather", "intent_parse"]
        assert listed[1].output_schema is not None
        assert text_of(await client.call_tool("weather", {})) == "sunny"
        assert structured(await client.call_tool("intent_parse", {"input": SEED_INPUT}))["status"] == "complete"
        with pytest.raises(MCPError):
            await client.call_tool("unknown", {})
        assert error_of(await client.call_tool("intent_parse", {}))["code"] == "INPUT_INVALID"


def test_lowlevel_collision_from_declared_names_is_refused() -> None:
    server = lowlevel_server("intent_parse")
    with pytest.raises(IntentError) as caught:
        register(server, executor_adapter(), tool_names=["intent_parse"])
    assert caught.value.code == "CONFIG_INVALID" and "tool_prefix" in caught.value.message
    register(server, executor_adapter(tool_prefix="nlu_"), tool_names=["intent_parse"])


@pytest.mark.anyio
async def test_undeclared_lowlevel_collision_is_refused_when_listing() -> None:
    server = lowlevel_server("intent_parse")
    register(server, executor_adapter())  # names not declared: the clash shows when listing
    async with legacy_client(server) as client:
        with pytest.raises(MCPError) as caught:
            await client.list_tools()
    assert "tool_prefix" in str(caught.value)


@pytest.mark.anyio
async def test_register_gives_each_connection_its_own_session() -> None:
    server = MCPServer("host-demo")
    intent = Intent(IntentConfig(executor=None))
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(mode="host", instances={"main": intent}))
    register(server, adapter)
    async with legacy_client(server) as alice, legacy_client(server) as bob:
        task = structured(await alice.call_tool("intent_prepare", {"input": SEED_INPUT}))
        args = {"requestId": task["requestId"], "submissionToken": task["submissionToken"],
                "candidateText": SEED_CANDIDATE}
        assert error_of(await bob.call_tool("intent_accept", args))["code"] == "REQUEST_UNKNOWN"
        assert adapter.session_count == 2
        assert structured(await alice.call_tool("intent_accept", args))["status"] == "complete"
    assert adapter.session_count == 0
