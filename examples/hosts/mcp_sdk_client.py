"""The intent tools from the official `mcp` SDK client (2.x), executor and host mode, over stdio.

Run: python examples/hosts/mcp_sdk_client.py   (INTENT_MCP names the intent-mcp command; default: on PATH)
"""

import asyncio
import json
import os

from mcp import Client
from mcp.client.stdio import StdioServerParameters

REQUEST = "Look up order 000123. Do not cancel the order."
# In host mode the host's own model answers the HostTask; this script plays that model with a fixed answer.
CANDIDATE = json.dumps({
    "turnKind": "request",
    "intents": [{"key": "i1", "evidence": "Look up order 000123", "action": "Look up", "target": "order 000123",
                 "domain": None, "understanding": "clear", "readings": [], "references": [], "fields": []}],
    "constraints": [{"kind": "prohibition", "text": "Do not cancel the order", "appliesTo": "i1"}],
    "relations": [], "updates": [], "removals": [],
})


def server(*flags: str) -> StdioServerParameters:
    command = os.environ.get("INTENT_MCP", "intent-mcp")
    return StdioServerParameters(command=command, args=["--transport", "stdio", *flags])


async def executor_mode() -> dict:
    async with Client(server()) as client:
        result = await client.call_tool("intent_parse", {"input": REQUEST})
    assert not result.is_error, result.content
    return result.structured_content


async def host_mode() -> dict:
    # One client, one MCP connection: the HostTask lives in the connection that prepared it.
    async with Client(server("--mode", "host")) as client:
        task = (await client.call_tool("intent_prepare", {"input": REQUEST})).structured_content
        result = await client.call_tool("intent_accept", {
            "requestId": task["requestId"], "submissionToken": task["submissionToken"], "candidateText": CANDIDATE})
    assert not result.is_error, result.content
    return result.structured_content


async def main() -> None:
    for mode in (executor_mode, host_mode):
        result = await mode()
        print(mode.__name__, result["status"], result["effective"]["intents"][0]["goal"])
        assert result["status"] == "complete", result


asyncio.run(main())
