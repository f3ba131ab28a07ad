"""An MCP manifest as a standalone Python MCP server project: files, a reproducible zip, budget and host configs."""

from __future__ import annotations

from catalog.openapi.export.budget import estimate_token_cost, generate_host_configs
from catalog.openapi.export.generate import generate_mcp_server
from catalog.openapi.export.project import RUNTIME_PACKAGE, write_mcp_project
from catalog.openapi.export.zip import create_zip

__all__ = [
    "RUNTIME_PACKAGE",
    "create_zip",
    "estimate_token_cost",
    "generate_host_configs",
    "generate_mcp_server",
    "write_mcp_project",
]
