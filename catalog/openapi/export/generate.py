"""One call from an OpenAPI document (and Arazzo workflows) to a manifest, project files, budget and host config."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from catalog.openapi.export.budget import estimate_token_cost, generate_host_configs
from catalog.openapi.export.project import write_mcp_project
from catalog.openapi.manifest import build_mcp_manifest


def generate_mcp_server(spec: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``{manifest, files, budget, hostConfig, problems}``.

    ``options``: ``serverName``, ``arazzo`` (a parsed Arazzo document), ``includeInternal``,
    ``includeDeprecated``, ``includeOperations``, ``workflowRuntime``. Workflows that cannot run are
    listed in ``problems`` (``{workflowId, path, message}``).
    """
    options = options or {}
    problems: list[dict[str, str]] = []
    manifest = build_mcp_manifest(
        spec,
        server_name=options.get("serverName"),
        include_internal=bool(options.get("includeInternal", False)),
        include_deprecated=bool(options.get("includeDeprecated", False)),
        arazzo=options.get("arazzo"),
        include_operations=bool(options.get("includeOperations", True)),
        on_problem=problems.append,
    )
    files = write_mcp_project(manifest, server_name=options.get("serverName"),
                              workflow_runtime=bool(options.get("workflowRuntime", True)))
    schemes = [name for source in manifest["sources"].values() for name in source.get("securitySchemes") or {}]
    return {
        "manifest": manifest,
        "files": files,
        "budget": estimate_token_cost(manifest),
        "hostConfig": generate_host_configs(manifest["server"]["name"], schemes=schemes),
        "problems": problems,
    }
