"""A tiny ``CatalogRuntime`` for serving tests, runnable as its own server process.

``python -m tests.fakes.catalog_runtime stdio|http [PORT]`` serves it with ``serve_catalog``; when
``FAKE_RUNTIME_CLOSED`` names a file, closing the runtime writes ``closed`` there.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

import anyio

from catalog.runtime import JsonObject, ToolCallHooks
from intent.errors import IntentError

TOOLS: list[JsonObject] = [
    {
        "name": "add",
        "description": "Add two integers.",
        "inputSchema": {
            "type": "object",
            "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
            "required": ["a", "b"],
        },
        "outputSchema": {"type": "object", "properties": {"sum": {"type": "integer"}}, "required": ["sum"]},
    },
    {"name": "steps", "description": "Three steps, each reported as progress.",
     "inputSchema": {"type": "object", "properties": {}}},
    {"name": "refuse", "description": "Always an error result.", "inputSchema": {"type": "object"}},
    {"name": "crash", "description": "The runtime raises.", "inputSchema": {"type": "object"}},
]
NOTES_URI = "fake://notes"


class FakeRuntime:
    def __init__(self, closed_marker: str | None = None) -> None:
        self.closed_marker = closed_marker
        self.closed = False
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def list_tools(self) -> list[JsonObject]:
        return [dict(tool) for tool in TOOLS]

    def list_resources(self) -> list[JsonObject]:
        return [{"uri": NOTES_URI, "name": "notes", "mimeType": "text/plain"}]

    async def read_resource(self, uri: str) -> JsonObject:
        if uri != NOTES_URI:
            raise IntentError("RESOURCE_UNKNOWN", f"no resource {uri}", path="/uri")
        return {"contents": [{"uri": NOTES_URI, "mimeType": "text/plain", "text": "remember the milk"}]}

    async def call_tool(
        self, name: str, arguments: Mapping[str, Any], hooks: ToolCallHooks | None = None
    ) -> JsonObject:
        self.calls.append((name, dict(arguments)))
        if name == "add":
            total = int(arguments["a"]) + int(arguments["b"])
            return {"content": [{"type": "text", "text": str(total)}], "structuredContent": {"sum": total},
                    "isError": False}
        if name == "steps":
            for step in range(1, 4):
                if hooks is not None:
                    await hooks.progress(step, 3, f"step {step}")
                await anyio.sleep(0.01)
            return {"content": [{"type": "text", "text": "done"}], "isError": False}
        if name == "refuse":
            return {"content": [{"type": "text", "text": "refused: nothing to do"}], "isError": True}
        raise RuntimeError("the fake runtime broke")

    async def aclose(self) -> None:
        self.closed = True
        if self.closed_marker:
            with open(self.closed_marker, "w", encoding="utf-8") as marker:
                marker.write("closed")


def main(argv: list[str]) -> int:
    from intent_mcp.catalog_server import serve_catalog
    from intent_mcp.config import HttpSettings

    transport = argv[0]
    http = HttpSettings(port=int(argv[1])) if transport == "http" and len(argv) > 1 else HttpSettings(port=0)
    runtime = FakeRuntime(os.environ.get("FAKE_RUNTIME_CLOSED"))
    return serve_catalog(runtime, "http" if transport == "http" else "stdio", name="fake-catalog", http=http)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
