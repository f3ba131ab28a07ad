"""Tool nodes (shell / container / in-process arms) -> MCP tools, safe argv, execution, audit records.

``project`` sorts nodes into listed tools and reasoned omissions; ``build_invocation`` turns call
arguments into argv and stdin (never a command string); ``run_invocation`` runs a node's process;
``ToolNodeRuntime`` is the whole catalog as a ``catalog.runtime.CatalogRuntime``; ``record_invocation``
writes the audit record of a call.
"""

from __future__ import annotations

from catalog.tool_nodes.argv import Invocation, build_argv, build_invocation, word_problem
from catalog.tool_nodes.audit import AuditLog, record_invocation
from catalog.tool_nodes.constraints import command_problem, unconstrained_reason
from catalog.tool_nodes.execute import call_in_process, container_argv, run_invocation
from catalog.tool_nodes.node import NodeInput, SchemaRegistry, ToolNode, parse_node
from catalog.tool_nodes.patterns import pattern_problem, payload_corpus
from catalog.tool_nodes.preconditions import Host
from catalog.tool_nodes.projection import Finding, Omission, Projection, check_nodes, declaration, project
from catalog.tool_nodes.runtime import ToolNodeRuntime

__all__ = [
    "AuditLog",
    "Finding",
    "Host",
    "Invocation",
    "NodeInput",
    "Omission",
    "Projection",
    "SchemaRegistry",
    "ToolNode",
    "ToolNodeRuntime",
    "build_argv",
    "build_invocation",
    "call_in_process",
    "check_nodes",
    "command_problem",
    "container_argv",
    "declaration",
    "parse_node",
    "pattern_problem",
    "payload_corpus",
    "project",
    "record_invocation",
    "run_invocation",
    "unconstrained_reason",
    "word_problem",
]
