"""What a manifest costs a model's context, and the snippets that register an exported server with MCP hosts."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

# A rough, model-independent rule: one token per four characters of the JSON a host sends the model.
CHARS_PER_TOKEN = 4
SERVER_PATH_PLACEHOLDER = "/ABSOLUTE/PATH/TO/{name}/server.py"


def _listed(tool: Mapping[str, Any]) -> dict[str, Any]:
    return {key: tool[key] for key in ("name", "description", "inputSchema", "annotations") if key in tool}


def estimate_token_cost(manifest: Mapping[str, Any]) -> dict[str, Any]:
    """``{toolCount, consequentialCount, tokens, perTool: [{name, tokens}]}`` of the manifest's tool listing.

    ``consequentialCount`` counts tools without ``readOnlyHint``: the ones a host should confirm.
    """
    per_tool = []
    for tool in manifest.get("tools") or []:
        text = json.dumps(_listed(tool), ensure_ascii=False, separators=(",", ":"))
        per_tool.append({"name": tool["name"], "tokens": -(-len(text) // CHARS_PER_TOKEN)})
    consequential = sum(
        1 for tool in manifest.get("tools") or [] if not (tool.get("annotations") or {}).get("readOnlyHint")
    )
    return {
        "toolCount": len(per_tool),
        "consequentialCount": consequential,
        "tokens": sum(item["tokens"] for item in per_tool),
        "perTool": per_tool,
    }


def generate_host_configs(server_name: str, *, schemes: Iterable[str] = ()) -> dict[str, Any]:
    """Registration snippets for Claude Desktop (``mcpServers``) and VS Code (``servers``), secrets as placeholders."""
    from catalog.openapi.runtime.credentials import env_name_for

    env = {"API_BASE_URL": "https://api.example.com"}
    for scheme in schemes:
        env[env_name_for(scheme)] = f"<{env_name_for(scheme)}>"
    command = {"command": "python", "args": [SERVER_PATH_PLACEHOLDER.format(name=server_name)], "env": env}
    return {
        "claudeDesktop": {"mcpServers": {server_name: dict(command)}},
        "vscode": {"servers": {server_name: {"type": "stdio", **command}}},
    }
