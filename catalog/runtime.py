"""The one shape every runnable catalog has: list its tools and resources, call a tool.

An OpenAPI manifest's HTTP runtime and a Tool-node projection's process runner both satisfy
``CatalogRuntime``; the app layer serves any of them over MCP without knowing which it is. Tools,
resources and call results are plain JSON objects in the MCP wire shape (``inputSchema``,
``structuredContent``, ``isError``), so this layer needs nothing of the ``mcp`` SDK.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

JsonObject = dict[str, Any]


class ToolCallHooks(Protocol):
    """Optional observer of a long call (a workflow's steps, a process's progress)."""

    async def progress(self, done: float, total: float | None, message: str | None) -> None: ...


@runtime_checkable
class CatalogRuntime(Protocol):
    """A catalog that can run its tools."""

    def list_tools(self) -> list[JsonObject]:
        """MCP tool definitions: ``name``, ``description``, ``inputSchema``, ``annotations``, ..."""
        ...

    def list_resources(self) -> list[JsonObject]:
        """MCP resource descriptors (``uri``, ``name``, ``mimeType``); empty when there are none."""
        ...

    async def read_resource(self, uri: str) -> JsonObject:
        """MCP ``ReadResourceResult`` JSON (``contents``); an unknown URI raises a coded ``IntentError``."""
        ...

    async def call_tool(
        self, name: str, arguments: Mapping[str, Any], hooks: ToolCallHooks | None = None
    ) -> JsonObject:
        """MCP ``CallToolResult`` JSON: ``content``, optional ``structuredContent``, ``isError``.

        A failure of the tool itself (bad arguments, HTTP error, non-zero exit, timeout) is a result
        with ``isError: true`` and a message saying what and how to fix, never an exception.
        """
        ...

    async def aclose(self) -> None:
        """Release clients and processes; the runtime is unusable afterwards."""
        ...


__all__ = ["CatalogRuntime", "JsonObject", "ToolCallHooks"]
