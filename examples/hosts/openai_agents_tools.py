"""The intent tools as openai-agents 0.24 function tools (strict where the schema allows), executor and host mode.

An Agent lists its MCP servers' tools as FunctionTools; this script invokes them the way the Runner
does after a model's tool call, so no model API is called.
Run: python examples/hosts/openai_agents_tools.py   (needs openai-agents; INTENT_MCP names intent-mcp)
"""

import asyncio
import json
import os

from agents import Agent, RunContextWrapper
from agents.mcp import MCPServerStdio
from agents.tool_context import ToolContext

REQUEST = "Look up order 000123. Do not cancel the order."
# The host model's answer to the HostTask, fixed here (a real model writes it from the task's input).
CANDIDATE = json.dumps({
    "turnKind": "request",
    "intents": [{"key": "i1", "evidence": "Look up order 000123", "action": "Look up", "target": "order 000123",
                 "domain": None, "understanding": "clear", "readings": [], "references": [], "fields": []}],
    "constraints": [{"kind": "prohibition", "text": "Do not cancel the order", "appliesTo": "i1"}],
    "relations": [], "updates": [], "removals": [],
})


def server(*flags: str) -> MCPServerStdio:
    command = os.environ.get("INTENT_MCP", "intent-mcp")
    return MCPServerStdio(params={"command": command, "args": ["--transport", "stdio", *flags]}, name="intent")


async def call(tools: dict, name: str, arguments: dict) -> dict:
    """What the Runner does with a model's tool call: invoke the FunctionTool with the JSON arguments."""
    text = json.dumps(arguments)
    context = ToolContext(context=None, tool_name=name, tool_call_id="call-1", tool_arguments=text)
    output = await tools[name].on_invoke_tool(context, text)  # the tool's text content, as the model sees it
    return json.loads(output["text"])


async def tools_of(mcp: MCPServerStdio) -> dict:
    agent = Agent(name="assistant", mcp_servers=[mcp], mcp_config={"convert_schemas_to_strict": True})
    return {tool.name: tool for tool in await agent.get_mcp_tools(RunContextWrapper(context=None))}


async def main() -> None:
    async with server() as mcp:
        tools = await tools_of(mcp)
        result = await call(tools, "intent_parse", {"input": REQUEST})
        print("executor", result["status"], "strict:", tools["intent_parse"].strict_json_schema)
        assert result["status"] == "complete", result
    async with server("--mode", "host") as mcp:  # one connection for prepare and accept
        tools = await tools_of(mcp)
        task = await call(tools, "intent_prepare", {"input": REQUEST})
        result = await call(tools, "intent_accept", {
            "requestId": task["requestId"], "submissionToken": task["submissionToken"], "candidateText": CANDIDATE})
        print("host", result["status"], "strict:", {name: tool.strict_json_schema for name, tool in tools.items()})
    assert result["status"] == "complete", result
    # intent_accept and intent_cancel are strict function tools; intent_parse and intent_prepare take open
    # objects (context, baseline) that strict mode cannot express, so the SDK offers them non-strict.
    assert tools["intent_accept"].strict_json_schema and tools["intent_cancel"].strict_json_schema


asyncio.run(main())
