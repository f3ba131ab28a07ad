"""Any ``CatalogRuntime`` served over MCP: its tools and resources on an SDK server, stdio or Streamable HTTP.

A catalog runtime (an OpenAPI manifest's HTTP client, a Tool-node process runner, ...) speaks plain
MCP JSON; this module is the one place that turns it into the SDK's types. ``register_catalog_runtime``
adds a runtime's tools (and resources) to a low-level ``mcp`` server that may already have tools of
its own; ``create_catalog_server`` builds a server offering only them; ``serve_catalog`` runs one
over stdio or Streamable HTTP with the project's transport layer (bounded stdin lines, the HTTP
request guard and limits, clean stops on SIGINT/SIGTERM).

Progress: a call that carried a progress token gets ``notifications/progress`` for every
``hooks.progress`` the runtime reports; a call without one gets none.
"""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import Any, Literal

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.shared.exceptions import MCPError

from catalog.runtime import CatalogRuntime, JsonObject
from intent.errors import IntentError

logger = logging.getLogger("intent_mcp.catalog")

Transport = Literal["stdio", "http"]
# JSON-RPC code MCP gives an unknown resource URI.
RESOURCE_NOT_FOUND = -32002


class RequestProgress:
    """``ToolCallHooks`` for one MCP request: progress goes out as notifications when the caller asked."""

    def __init__(self, request_context: Any) -> None:
        self._context = request_context
        self._broken = False

    async def progress(self, done: float, total: float | None, message: str | None) -> None:
        if self._broken:
            return
        try:
            # The session sends nothing when the request carried no progress token.
            await self._context.session.report_progress(float(done), total, message)
        except Exception as error:  # a lost notification must never fail the call
            self._broken = True
            logger.debug("progress notification dropped: %s", type(error).__name__)


def _error_result(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)


def _tool_result(raw: Any, name: str) -> types.CallToolResult:
    try:
        return types.CallToolResult.model_validate(raw)
    except Exception:
        logger.warning("tool %s returned a result that is not an MCP CallToolResult", name)
        return _error_result(f"Tool '{name}' returned a malformed result; this is a fault of the catalog runtime.")


class CatalogTools:
    """The MCP handlers of one runtime: listing its tools and resources, calling and reading them."""

    def __init__(self, runtime: CatalogRuntime) -> None:
        self.runtime = runtime

    def tools(self) -> list[types.Tool]:
        return [types.Tool.model_validate(tool) for tool in self.runtime.list_tools()]

    def tool_names(self) -> set[str]:
        return {str(tool["name"]) for tool in self.runtime.list_tools()}

    def input_schema(self, name: str) -> dict[str, Any] | None:
        for tool in self.runtime.list_tools():
            if tool.get("name") == name:
                schema = tool.get("inputSchema")
                return dict(schema) if isinstance(schema, Mapping) else None
        return None

    def resources(self) -> list[types.Resource]:
        return [types.Resource.model_validate(item) for item in self.runtime.list_resources()]

    def resource_uris(self) -> set[str]:
        return {str(item["uri"]) for item in self.runtime.list_resources()}

    async def call(self, request_context: Any, name: str, arguments: Mapping[str, Any] | None) -> types.CallToolResult:
        """The runtime's answer; a runtime that raises still yields an error result, never a dropped call."""
        try:
            hooks = RequestProgress(request_context)
            raw: JsonObject = await self.runtime.call_tool(name, dict(arguments or {}), hooks)
        except IntentError as error:
            return _error_result(f"{error.code}: {error.message}" + (f" (at {error.path})" if error.path else ""))
        except Exception as error:
            logger.warning("tool %s failed inside the catalog runtime: %s", name, type(error).__name__)
            logger.debug("catalog runtime failure", exc_info=True)
            return _error_result(f"Tool '{name}' failed on an internal error ({type(error).__name__}).")
        return _tool_result(raw, name)

    async def read(self, uri: str) -> types.ReadResourceResult:
        try:
            raw = await self.runtime.read_resource(uri)
        except IntentError as error:
            raise MCPError(code=RESOURCE_NOT_FOUND, message=error.message) from None
        return types.ReadResourceResult.model_validate(raw)


def _collision(names: Iterable[str], what: str) -> IntentError:
    return IntentError(
        "CONFIG_INVALID",
        f"the server already has {what}(s) named {', '.join(sorted(names))}; rename them in the catalog",
        path="/tools",
    )


def register_catalog_runtime(
    server: Server[Any], runtime: CatalogRuntime, *, tool_names: Iterable[str] = ()
) -> CatalogTools:
    """Offer ``runtime``'s tools and resources on the low-level SDK ``server`` beside its own.

    ``tools/list`` answers the server's own tools followed by the runtime's (on the first page);
    ``tools/call`` for a runtime tool goes to the runtime, any other to the server's original
    handler; resources likewise. ``tool_names`` names the server's own tools so a clash is refused
    (``IntentError`` ``CONFIG_INVALID``) before anything is registered; a clash that only shows when
    listing is refused then. The caller owns the runtime and closes it (``await runtime.aclose()``).
    """
    handlers = CatalogTools(runtime)
    clashing = set(tool_names) & handlers.tool_names()
    if clashing:
        raise _collision(clashing, "tool")

    original_list = server.get_request_handler("tools/list")
    original_call = server.get_request_handler("tools/call")
    original_schema = server.get_tool_input_schema
    original_resources = server.get_request_handler("resources/list")
    original_read = server.get_request_handler("resources/read")

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        if original_list is None:
            return types.ListToolsResult(tools=handlers.tools())
        listed = await original_list.handler(ctx, params)
        if not isinstance(listed, types.ListToolsResult):
            listed = types.ListToolsResult.model_validate(listed)
        clash = {tool.name for tool in listed.tools} & handlers.tool_names()
        if clash:
            raise MCPError(code=types.INTERNAL_ERROR, message=_collision(clash, "tool").message)
        if params is not None and params.cursor is not None:
            return listed  # the runtime's tools ride on the first page only
        return listed.model_copy(update={"tools": [*listed.tools, *handlers.tools()]})

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> Any:
        if params.name in handlers.tool_names():
            return await handlers.call(ctx, params.name, params.arguments)
        if original_call is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return await original_call.handler(ctx, params)

    def tool_input_schema(name: str) -> Any:
        schema = handlers.input_schema(name)
        if schema is None and original_schema is not None:
            return original_schema(name)
        return schema

    server.add_request_handler("tools/list", types.PaginatedRequestParams, list_tools)
    server.add_request_handler("tools/call", types.CallToolRequestParams, call_tool)
    server.get_tool_input_schema = tool_input_schema

    if runtime.list_resources() or original_resources is not None:

        async def list_resources(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListResourcesResult:
            if original_resources is None:
                return types.ListResourcesResult(resources=handlers.resources())
            listed = await original_resources.handler(ctx, params)
            if not isinstance(listed, types.ListResourcesResult):
                listed = types.ListResourcesResult.model_validate(listed)
            if params is not None and params.cursor is not None:
                return listed
            return listed.model_copy(update={"resources": [*listed.resources, *handlers.resources()]})

        async def read_resource(ctx: Any, params: types.ReadResourceRequestParams) -> Any:
            uri = str(params.uri)
            if uri in handlers.resource_uris() or original_read is None:
                return await handlers.read(uri)
            return await original_read.handler(ctx, params)

        server.add_request_handler("resources/list", types.PaginatedRequestParams, list_resources)
        server.add_request_handler("resources/read", types.ReadResourceRequestParams, read_resource)
    return handlers


class _OnceClosing:
    """Closes the runtime exactly once, whichever of the server's stop paths gets there first."""

    def __init__(self, runtime: CatalogRuntime) -> None:
        self.runtime = runtime
        self.closed = False

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        with anyio.CancelScope(shield=True):
            await self.runtime.aclose()


def create_catalog_server(
    runtime: CatalogRuntime,
    *,
    name: str,
    version: str | None = None,
    instructions: str | None = None,
    on_stop: Callable[[], Awaitable[None]] | None = None,
) -> Server[Any]:
    """A low-level SDK server offering exactly ``runtime``'s tools and resources.

    ``on_stop`` runs when the server's run ends (the end of the stdio connection, or the HTTP app's
    shutdown), in the event loop that served the calls: the place to close the runtime.
    """
    if version is None:
        from intent_mcp import __version__

        version = __version__

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        try:
            yield {}
        finally:
            if on_stop is not None:
                await on_stop()

    server: Server[Any] = Server(name, version=version, instructions=instructions, lifespan=lifespan)
    register_catalog_runtime(server, runtime)
    return server


def serve_catalog(
    runtime: CatalogRuntime,
    transport: Transport,
    *,
    name: str,
    http: Any = None,
    instructions: str | None = None,
    log_level: str = "warning",
    verified: Any = None,
) -> int:
    """Serve ``runtime`` until EOF (stdio) or a stop signal; 0 on a clean stop; the runtime is closed after.

    ``verified`` (an ``intent_mcp.verified_server.VerifiedOptions``) serves the intent tools and
    ``intent_execute`` over the runtime instead of its raw tools (see that module).

    ``http`` is an ``intent_mcp.config.HttpSettings`` (defaults when None); its binding rules are
    checked first, so a refused address raises ``IntentError`` ``CONFIG_INVALID`` before anything
    is served.
    """
    from intent_mcp.config import HttpSettings
    from intent_mcp.serve import configure_logging

    settings = http if http is not None else HttpSettings()
    closing = _OnceClosing(runtime)
    try:
        public_origin = None
        if transport == "http":
            from intent_mcp.http.origin import check_binding, parse_public_origin

            public_origin = parse_public_origin(settings.public_origin) if settings.public_origin else None
            check_binding(settings.host, public_origin)
        if verified is None:
            server = create_catalog_server(runtime, name=name, instructions=instructions, on_stop=closing.close)
        else:
            from intent_mcp.verified_server import create_verified_server

            server, _ = create_verified_server(runtime, verified, name=name, instructions=instructions,
                                               on_stop=closing.close)
        configure_logging(log_level)
        gc.freeze()
        if transport == "stdio":
            from intent_mcp.stdio import serve_stdio

            if sys.stdin.isatty():
                print(f"{name}: serving MCP on stdio (an MCP host usually starts this). Ctrl+C stops.",
                      file=sys.stderr)
            anyio.run(serve_stdio, server)
            return 0
        from intent_mcp.http.app import build_http_app
        from intent_mcp.http.runner import run_http

        app = build_http_app(server, settings, public_origin)
        return run_http(app, host=settings.host, port=settings.port, path=settings.path, log_level=log_level,
                        calls_in_flight=lambda: app.posts_in_flight)
    finally:
        if not closing.closed:
            # The server never ran its lifespan (a refused binding, an address in use, an early stop).
            anyio.run(closing.close)


__all__ = [
    "RESOURCE_NOT_FOUND",
    "CatalogTools",
    "RequestProgress",
    "Transport",
    "create_catalog_server",
    "register_catalog_runtime",
    "serve_catalog",
]
