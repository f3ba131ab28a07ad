"""The intent tools as LangChain tools with langchain-mcp-adapters 0.3, executor and host mode.

`client.get_tools()` opens a new MCP session for every tool call, so a HostTask prepared in one
call is unknown (REQUEST_UNKNOWN) to the next: load the tools from one `client.session(...)`
for the host handoff. langchain-mcp-adapters 0.3 pins `mcp<2`; it talks to the server over stdio
as any client does, so install it in its own environment.
Run: python examples/hosts/langchain_mcp_adapters_tools.py   (INTENT_MCP names intent-mcp)
"""

import asyncio
import json
import os

from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools

REQUEST = "Look up order 000123. Do not cancel the order."
# The host model's answer to the HostTask, fixed here (a real model writes it from the task's input).
CANDIDATE = json.dumps({
    "turnKind": "request",
    "intents": [{"key": "i1", "evidence": "Look up order 000123", "action": "Look up", "target": "order 000123",
                 "domain": None, "understanding": "clear", "readings": [], "references": [], "fields": []}],
    "constraints": [{"kind": "prohibition", "text": "Do not cancel the order", "appliesTo": "i1"}],
    "relations": [], "updates": [], "removals": [],
})


def client(*flags: str) -> MultiServerMCPClient:
    command = os.environ.get("INTENT_MCP", "intent-mcp")
    return MultiServerMCPClient({"intent": {"transport": "stdio", "command": command,
                                            "args": ["--transport", "stdio", *flags]}})


def result_of(output: object) -> dict:
    """The IntentResult (or error) JSON from a tool's output: text, or a list of content blocks."""
    if isinstance(output, tuple):  # response_format="content_and_artifact"
        output = output[0]
    if isinstance(output, list):
        output = next(block["text"] for block in output if block.get("type") == "text")
    return json.loads(str(output))


async def main() -> None:
    # Executor mode: every call stands alone, so the usual get_tools() is fine.
    tools = {tool.name: tool for tool in await client().get_tools()}
    result = result_of(await tools["intent_parse"].ainvoke({"input": REQUEST}))
    print("executor", result["status"])
    assert result["status"] == "complete", result
    # Host mode: one session for prepare and accept.
    async with client("--mode", "host").session("intent") as session:
        tools = {tool.name: tool for tool in await load_mcp_tools(session)}
        task = result_of(await tools["intent_prepare"].ainvoke({"input": REQUEST}))
        result = result_of(await tools["intent_accept"].ainvoke({
            "requestId": task["requestId"], "submissionToken": task["submissionToken"], "candidateText": CANDIDATE}))
    print("host", result["status"])
    assert result["status"] == "complete", result


asyncio.run(main())
