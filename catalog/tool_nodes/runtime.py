"""Tool nodes as a running catalog: the ``CatalogRuntime`` that lists projected nodes and runs them.

``ToolNodeRuntime.start(document, ...)`` is what a server does at start-up: project the nodes
against this host (requirements detected, ``--available`` declarations honoured), resolve every
in-process function against the server's allowlist, and open the audit log. What is left out is in
``runtime.omitted``, each ``{id, kind, reason}``, for the server to report.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from catalog.runtime import JsonObject, ToolCallHooks
from catalog.tool_nodes.audit import AuditLog
from catalog.tool_nodes.execute import (
    DEFAULT_TIMEOUT_SECONDS,
    MAX_OUTPUT_BYTES,
    call_in_process,
    node_environment,
    resolve_callable,
    run_invocation,
)
from catalog.tool_nodes.node import ToolNode
from catalog.tool_nodes.preconditions import Host
from catalog.tool_nodes.projection import Omission, Projection, project
from intent.errors import IntentError

# A node may ask for less time than the server allows, never more.
TIMEOUT_KEY = "timeoutSeconds"


class ToolNodeRuntime:
    """Projected Tool nodes, runnable: satisfies ``catalog.runtime.CatalogRuntime``."""

    def __init__(
        self,
        projection: Projection,
        *,
        audit: AuditLog | None = None,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        cwd: str | os.PathLike[str] | None = None,
        environ: Mapping[str, str] | None = None,
        env_allow: tuple[str, ...] = (),
        container_runtime: str | None = None,
        functions: Mapping[str, Callable[..., Any]] | None = None,
        max_output_bytes: int = MAX_OUTPUT_BYTES,
        omitted: Iterable[Omission] = (),
    ) -> None:
        self.projection = projection
        self.audit = audit
        self.timeout = timeout
        self.cwd = cwd
        self.environ = dict(os.environ if environ is None else environ)
        self.env_allow = env_allow
        self.container_runtime = container_runtime
        self.functions = dict(functions or {})
        self.max_output_bytes = max_output_bytes
        self.omitted = [*projection.omitted, *omitted]
        self._tools = [tool for tool in projection.tools if tool["name"] in projection.nodes]
        self._schemas = {tool["name"]: tool["inputSchema"] for tool in self._tools}

    @classmethod
    def start(
        cls,
        document: Any,
        *,
        available: Iterable[str] = (),
        audit_path: str | Path | None = None,
        allow_functions: Iterable[str] = (),
        host: Host | None = None,
        **options: Any,
    ) -> ToolNodeRuntime:
        """Project ``document`` for this host and make it runnable; ``CONFIG_INVALID`` if it cannot be read."""
        declared = list(available)
        host = host if host is not None else Host.detect(declared)
        projection = project(document, declared, host=host)
        allowed = tuple(allow_functions)
        functions: dict[str, Callable[..., Any]] = {}
        refused: list[Omission] = []
        nodes = dict(projection.nodes)
        for name, node in projection.nodes.items():
            if node.arm != "inProcess":
                continue
            try:  # parse_node made sure the reference reads 'module:function'
                functions[name] = resolve_callable(str(node.invoke["inProcess"]["function"]), allowed)
            except IntentError as error:
                refused.append(Omission(node.id, "not_allowed", error.message))
                del nodes[name]
        tools = [tool for tool in projection.tools if tool["name"] in nodes]
        kept = Projection(tools=tools, omitted=projection.omitted, nodes=nodes)
        needs_container = any(node.arm == "container" for node in nodes.values())
        audit = AuditLog(audit_path) if audit_path is not None else None
        return cls(kept, audit=audit, functions=functions, omitted=refused, environ=host.environ,
                   container_runtime=host.container_runtime if needs_container else None, **options)

    # --- CatalogRuntime ----------------------------------------------------------------------------

    def list_tools(self) -> list[JsonObject]:
        return [dict(tool) for tool in self._tools]

    def list_resources(self) -> list[JsonObject]:
        return []

    async def read_resource(self, uri: str) -> JsonObject:
        raise IntentError("RESOURCE_UNKNOWN", "Tool nodes offer no resources", path="/uri")

    async def call_tool(
        self, name: str, arguments: Mapping[str, Any], hooks: ToolCallHooks | None = None,
        *, recognition_id: str | None = None,
    ) -> JsonObject:
        node = self.projection.nodes.get(name)
        if node is None or name not in self._schemas:
            return {"content": [{"type": "text", "text": f"Unknown tool: {name}"}], "isError": True}
        timeout = self._timeout_for(node)
        if node.arm == "inProcess":
            return await call_in_process(node, self.functions[name], arguments, self._schemas[name], audit=self.audit,
                                         timeout=timeout, recognition_id=recognition_id)
        return await run_invocation(
            node, arguments, audit=self.audit, timeout=timeout, cwd=self.cwd,
            env=node_environment(node, self.environ, self.env_allow), container_runtime=self.container_runtime,
            max_output_bytes=self.max_output_bytes, hooks=hooks, recognition_id=recognition_id,
        )

    async def aclose(self) -> None:
        if self.audit is not None:
            self.audit.close()  # closing twice is fine

    def _timeout_for(self, node: ToolNode) -> float:
        # A projected node has an arm, and parse_node made its timeoutSeconds a positive number.
        wanted = node.invoke[node.arm].get(TIMEOUT_KEY) if node.arm is not None else None
        return self.timeout if wanted is None else min(float(wanted), self.timeout)


__all__ = ["TIMEOUT_KEY", "ToolNodeRuntime"]
