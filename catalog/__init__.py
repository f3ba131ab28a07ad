"""Tool catalogs -> MCP tool definitions: AXAG manifests, OpenAPI documents and Tool nodes.

Each projection turns a document into MCP tool definitions; ``CatalogBinding`` turns those tools into
what recognition needs (tools as domains, their inputs as fields, their risk metadata as extensions);
``plan_call`` / ``plan_calls`` turn a verified IntentResult into the calls its words allow.
"""

from __future__ import annotations

from catalog.axag import generate_tool_registry, project_operation
from catalog.documents import load_document, parse_document
from catalog.errors import CATALOG_ERROR_CODE
from catalog.openapi import build_mcp_manifest
from catalog.plan import REFUSAL_CODES, ArgumentEvidence, Confirmation, PlannedCall, Refusal, RefusalCode
from catalog.planner import plan_call, plan_calls
from catalog.recognition import CatalogBinding, catalog_tool_definitions
from catalog.tool_fields import ToolField, arguments_from_fields, tool_fields
from catalog.tool_nodes import Projection, build_argv, record_invocation
from catalog.tool_nodes import project as project_tool_nodes
from catalog.tools import CatalogTool

__all__ = [
    "CATALOG_ERROR_CODE",
    "REFUSAL_CODES",
    "ArgumentEvidence",
    "CatalogBinding",
    "CatalogTool",
    "Confirmation",
    "PlannedCall",
    "Projection",
    "Refusal",
    "RefusalCode",
    "ToolField",
    "arguments_from_fields",
    "build_argv",
    "build_mcp_manifest",
    "catalog_tool_definitions",
    "generate_tool_registry",
    "load_document",
    "parse_document",
    "plan_call",
    "plan_calls",
    "project_operation",
    "project_tool_nodes",
    "record_invocation",
    "tool_fields",
]
