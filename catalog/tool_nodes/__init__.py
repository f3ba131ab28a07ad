"""Tool nodes (shell / container / in-process arms) -> MCP tools, safe argv, and audit records."""

from __future__ import annotations

from catalog.tool_nodes.argv import Invocation, build_argv, build_invocation
from catalog.tool_nodes.audit import record_invocation
from catalog.tool_nodes.constraints import unconstrained_reason
from catalog.tool_nodes.node import NodeInput, SchemaRegistry, ToolNode, parse_node
from catalog.tool_nodes.projection import Omission, Projection, declaration, project

__all__ = [
    "Invocation",
    "NodeInput",
    "Omission",
    "Projection",
    "SchemaRegistry",
    "ToolNode",
    "build_argv",
    "build_invocation",
    "declaration",
    "parse_node",
    "project",
    "record_invocation",
    "unconstrained_reason",
]
