"""The OpenAPI runtime as a ``catalog.runtime.CatalogRuntime``: coded errors, workflows, set-up from the environment.

``catalog.openapi.runtime`` stays free of this project's imports because exported projects carry it;
this module adds what the project's server layer expects of any catalog runtime.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx2

from catalog.openapi.runtime import (
    DEFAULT_MAX_RESPONSE_BYTES,
    DEFAULT_TIMEOUT_SECONDS,
    Credential,
    McpRuntime,
    ResourceFailed,
    ResourceNotFound,
    base_urls_from_env,
    credentials_from_env,
)
from catalog.openapi.runtime.runtime import RunWorkflow
from catalog.openapi.runtime.workflow_runner import workflow_runner
from intent.errors import IntentError


class OpenApiRuntime(McpRuntime):
    """``McpRuntime`` whose resource errors are coded ``IntentError``s, as ``CatalogRuntime`` asks."""

    async def read_resource(self, uri: str) -> dict[str, Any]:
        try:
            return await super().read_resource(uri)
        except ResourceNotFound as error:
            raise IntentError("INPUT_INVALID", str(error), path="/uri") from None
        except ResourceFailed as error:
            raise IntentError("EXECUTOR_FAILED", f"reading {uri} failed: {error}", path="/uri") from None


def create_mcp_runtime(
    manifest: Mapping[str, Any],
    *,
    transport: httpx2.AsyncBaseTransport | None = None,
    credentials: Mapping[str, Credential] | None = None,
    base_urls: Mapping[str, str] | None = None,
    run_workflow: RunWorkflow | None = None,
    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
) -> OpenApiRuntime:
    """A runtime for ``manifest``; without ``run_workflow`` a workflow tool's call is an error result."""
    return OpenApiRuntime(
        manifest,
        transport=transport,
        credentials=credentials,
        base_urls=base_urls,
        run_workflow=run_workflow,
        timeout_seconds=timeout_seconds,
        max_response_bytes=max_response_bytes,
    )


def create_mcp_workflow_runtime(manifest: Mapping[str, Any], *, sleep: Any = None, **options: Any) -> OpenApiRuntime:
    """``create_mcp_runtime`` with the Arazzo workflow runner plugged in; ``sleep`` waits between retries."""
    return create_mcp_runtime(manifest, run_workflow=workflow_runner(sleep), **options)


def runtime_from_env(
    manifest: Mapping[str, Any],
    env: Mapping[str, str],
    *,
    base_url: str | None = None,
    transport: httpx2.AsyncBaseTransport | None = None,
    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
) -> OpenApiRuntime:
    """A workflow runtime with credentials from ``env``; ``base_url`` (else ``API_BASE_URL``) for all sources."""
    base_urls = {str(name): base_url for name in manifest.get("sources") or {}} if base_url else None
    return create_mcp_workflow_runtime(
        manifest,
        transport=transport,
        credentials=credentials_from_env(manifest, env),
        base_urls=base_urls or base_urls_from_env(manifest, env),
        timeout_seconds=timeout_seconds,
        max_response_bytes=max_response_bytes,
    )
