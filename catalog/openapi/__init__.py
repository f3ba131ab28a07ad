"""OpenAPI 3.0/3.1 and Swagger 2.0 documents -> MCP manifests (tools, resources, security, Arazzo workflows),
run over HTTP (``create_mcp_runtime``) or exported as a standalone MCP server project."""

from __future__ import annotations

from catalog.openapi.catalog_runtime import (
    OpenApiRuntime,
    create_mcp_runtime,
    create_mcp_workflow_runtime,
    runtime_from_env,
)
from catalog.openapi.manifest import MANIFEST_VERSION, build_mcp_manifest
from catalog.openapi.naming import derive_tool_name, sanitize_description, to_snake_case
from catalog.openapi.runtime import (
    build_request,
    credentials_from_env,
    env_name_for,
    evaluate_condition,
    evaluate_expression,
    resolve_value,
    run_workflow,
)
from catalog.openapi.schema import to_json_schema
from catalog.openapi.security import AUTH_TRANSPORT_HEADERS

__all__ = [
    "AUTH_TRANSPORT_HEADERS",
    "MANIFEST_VERSION",
    "OpenApiRuntime",
    "build_mcp_manifest",
    "build_request",
    "create_mcp_runtime",
    "create_mcp_workflow_runtime",
    "credentials_from_env",
    "derive_tool_name",
    "env_name_for",
    "evaluate_condition",
    "evaluate_expression",
    "resolve_value",
    "run_workflow",
    "runtime_from_env",
    "sanitize_description",
    "to_json_schema",
    "to_snake_case",
]
