"""Tool catalogs -> MCP tool definitions: AXAG manifests, OpenAPI documents and Tool nodes.

Each projection turns a document into MCP tool definitions; ``CatalogBinding`` turns those tools into
what recognition needs (tools as domains, their inputs as fields, their risk metadata as extensions).
"""

from __future__ import annotations

from catalog.axag import generate_tool_registry, project_operation
from catalog.documents import load_document, parse_document
from catalog.errors import CATALOG_ERROR_CODE
from catalog.openapi import build_mcp_manifest
from catalog.plan import ArgumentEvidence, Confirmation, PlannedCall, Refusal, RefusalCode
from catalog.recognition import CatalogBinding, catalog_tool_definitions
from catalog.tool_nodes import Projection, build_argv, record_invocation
from catalog.tool_nodes import project as project_tool_nodes
from catalog.tools import CatalogTool

__all__ = [
    "CATALOG_ERROR_CODE",
    "ArgumentEvidence",
    "CatalogBinding",
    "CatalogTool",
    "Confirmation",
    "PlannedCall",
    "Projection",
    "Refusal",
    "RefusalCode",
    "build_argv",
    "build_mcp_manifest",
    "catalog_tool_definitions",
    "generate_tool_registry",
    "load_document",
    "parse_document",
    "project_operation",
    "project_tool_nodes",
    "record_invocation",
]
