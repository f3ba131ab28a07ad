"""Running an MCP manifest over HTTP, Arazzo workflows included.

This package imports only the standard library, ``httpx2`` and ``anyio``: exported projects carry a
verbatim copy of it (as ``openapi_mcp_runtime``), so the same code runs inside intent-mcp and on its own.
"""

from __future__ import annotations

from .credentials import (
    FALLBACK_ENV_NAME,
    Credential,
    choose_alternative,
    credentials_from_env,
    env_name_for,
)
from .expressions import ExpressionProblem, evaluate_condition, evaluate_expression, resolve_value
from .request import BuiltRequest, RequestProblem, build_request
from .runtime import (
    DEFAULT_MAX_RESPONSE_BYTES,
    DEFAULT_TIMEOUT_SECONDS,
    HttpResponse,
    McpRuntime,
    ResourceFailed,
    ResourceNotFound,
    base_urls_from_env,
    create_mcp_runtime,
)
from .workflow_runner import MAX_STEP_RUNS, create_mcp_workflow_runtime, run_workflow

__all__ = [
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_TIMEOUT_SECONDS",
    "FALLBACK_ENV_NAME",
    "MAX_STEP_RUNS",
    "BuiltRequest",
    "Credential",
    "ExpressionProblem",
    "HttpResponse",
    "McpRuntime",
    "RequestProblem",
    "ResourceFailed",
    "ResourceNotFound",
    "base_urls_from_env",
    "build_request",
    "choose_alternative",
    "create_mcp_runtime",
    "create_mcp_workflow_runtime",
    "credentials_from_env",
    "env_name_for",
    "evaluate_condition",
    "evaluate_expression",
    "resolve_value",
    "run_workflow",
]
