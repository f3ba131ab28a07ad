"""OpenAPI 3.0/3.1 and Swagger 2.0 documents -> MCP manifests (tools, resources, security)."""

from __future__ import annotations

from catalog.openapi.manifest import MANIFEST_VERSION, build_mcp_manifest
from catalog.openapi.naming import derive_tool_name, sanitize_description, to_snake_case
from catalog.openapi.schema import to_json_schema
from catalog.openapi.security import AUTH_TRANSPORT_HEADERS

__all__ = [
    "AUTH_TRANSPORT_HEADERS",
    "MANIFEST_VERSION",
    "build_mcp_manifest",
    "derive_tool_name",
    "sanitize_description",
    "to_json_schema",
    "to_snake_case",
]
