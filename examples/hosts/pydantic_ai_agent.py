"""The intent tools in a pydantic-ai 2.x agent (MCPToolset; MCPServerStdio is gone), executor and host mode.

The agent's model is a FunctionModel: this script plays the model, so no model API is called.
Run: python examples/hosts/pydantic_ai_agent.py   (needs pydantic-ai-slim[mcp]; INTENT_MCP names intent-mcp)
"""

import json
import os

from fastmcp.client.transports import StdioTransport
from pydantic_ai import Agent
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

REQUEST = "Look up order 000123. Do not cancel the order."
# The host model's answer to the HostTask, fixed here (a real model writes it from the task's input).
CANDIDATE = json.dumps({
    "turnKind": "request",
    "intents": [{"key": "i1", "evidence": "Look up order 000123", "action": "Look up", "target": "order 000123",
                 "domain": None, "understanding": "clear", "readings": [], "references": [], "fields": []}],
    "constraints": [{"kind": "prohibition", "text": "Do not cancel the order", "appliesTo": "i1"}],
    "relations": [], "updates": [], "removals": [],
})


def toolset(*flags: str) -> MCPToolset:
    command = os.environ.get("INTENT_MCP", "intent-mcp")
    # init_timeout: the default 5 s can be short for a cold start on a busy machine.
    return MCPToolset(StdioTransport(command=command, args=["--transport", "stdio", *flags]), init_timeout=30)


def last_tool_return(messages: list[ModelMessage]) -> ToolReturnPart | None:
    parts = [part for message in messages for part in message.parts if isinstance(part, ToolReturnPart)]
    return parts[-1] if parts else None


def as_dict(content: object) -> dict:
    return content if isinstance(content, dict) else json.loads(str(content))


def executor_model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    done = last_tool_return(messages)
    if done is None:
        return ModelResponse(parts=[ToolCallPart("intent_parse", {"input": REQUEST})])
    return ModelResponse(parts=[TextPart(json.dumps(as_dict(done.content)))])


def host_model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    done = last_tool_return(messages)
    if done is None:
        return ModelResponse(parts=[ToolCallPart("intent_prepare", {"input": REQUEST})])
    if done.tool_name == "intent_prepare":
        task = as_dict(done.content)
        return ModelResponse(parts=[ToolCallPart("intent_accept", {
            "requestId": task["requestId"], "submissionToken": task["submissionToken"], "candidateText": CANDIDATE})])
    return ModelResponse(parts=[TextPart(json.dumps(as_dict(done.content)))])


def main() -> None:
    runs = (("executor", executor_model, toolset()), ("host", host_model, toolset("--mode", "host")))
    for name, model, tools in runs:
        # The agent keeps one MCP connection for the run, so intent_accept reaches intent_prepare's record.
        agent = Agent(FunctionModel(model), toolsets=[tools])
        result = json.loads(agent.run_sync(REQUEST).output)
        assert result["status"] == "complete", result
        print(name, result["status"], result["effective"]["intents"][0]["goal"])


main()
