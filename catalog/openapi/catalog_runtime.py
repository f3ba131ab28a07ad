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
from catalog.openapi.runtime.runtime import RunWorkflow, text_result
from catalog.openapi.runtime.workflow_runner import workflow_runner
from intent.errors import IntentError


class OpenApiRuntime(McpRuntime):
    """``McpRuntime`` whose resource errors are coded ``IntentError``s, as ``CatalogRuntime`` asks,
    and whose calls are checked against the tool's ``inputSchema`` before anything is sent."""

    def __init__(self, manifest: Mapping[str, Any], **options: Any) -> None:
        super().__init__(manifest, **options)
        self._validators: dict[str, Any] = {}

    def _validator(self, name: str) -> Any:
        if name not in self._validators:
            from jsonschema import Draft202012Validator
            from jsonschema.exceptions import SchemaError

            tool = next((tool for tool in self.manifest.get("tools") or [] if tool.get("name") == name), None)
            schema = tool.get("inputSchema") if tool is not None else None
            try:
                Draft202012Validator.check_schema(schema or {})
                self._validators[name] = Draft202012Validator(schema or {})
            except SchemaError:  # a schema the document got wrong: the API judges the arguments instead
                self._validators[name] = None
        return self._validators[name]

    async def call_tool(self, name: str, args: Mapping[str, Any] | None = None, hooks: Any = None) -> dict[str, Any]:
        validator = self._validator(name) if isinstance(args, Mapping) else None
        if validator is not None:
            error = next(iter(sorted(validator.iter_errors(dict(args or {})), key=lambda e: list(e.path))), None)
            if error is not None:
                where = "/arguments" + "".join(f"/{token}" for token in error.absolute_path)
                return text_result(f"INPUT_INVALID at {where}: {error.message[:300]}", is_error=True)
        return await super().call_tool(name, args, hooks)

    async def read_resource(self, uri: str) -> dict[str, Any]:
        try:
            return await super().read_resource(uri)
        except ResourceNotFound as error:
            raise IntentError("RESOURCE_UNKNOWN", str(error), path="/uri") from None
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
    source_base_urls: Mapping[str, str] | None = None,
) -> OpenApiRuntime:
    """A workflow runtime with credentials from ``env``; ``base_url`` (else ``API_BASE_URL``) for all sources,
    ``source_base_urls`` for single sources (they win)."""
    base_urls = {str(name): base_url for name in manifest.get("sources") or {}} if base_url else None
    base_urls = {**(base_urls or base_urls_from_env(manifest, env)), **(source_base_urls or {})}
    return create_mcp_workflow_runtime(
        manifest,
        transport=transport,
        credentials=credentials_from_env(manifest, env),
        base_urls=base_urls,
        timeout_seconds=timeout_seconds,
        max_response_bytes=max_response_bytes,
    )
