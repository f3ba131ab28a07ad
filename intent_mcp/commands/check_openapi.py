"""``intent-mcp check openapi FILE [--arazzo FILE]``: what ``serve openapi`` would offer, leave out or need.

Each finding is printed as ``<pointer>: <error|note>: <id> (<kind>): <reason>``: workflows left out
(``workflow_left_out``, with the Arazzo pointer), sources without an absolute server URL
(``base_url_needed``) and the environment variable each security scheme reads (``credential``).
Exit 1 when the document or the Arazzo document cannot be read (or the Arazzo document does not match
the Arazzo 1.0 schema), 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

NAME = "check openapi"
PROG = "intent-mcp check openapi"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from intent_mcp.commands.serve_openapi import add_manifest_arguments

    add_manifest_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the findings as one JSON object")


def findings_of(manifest: dict[str, Any], left_out: list[dict[str, str]]) -> list[dict[str, Any]]:
    from catalog.openapi import env_name_for

    findings: list[dict[str, Any]] = []
    for problem in left_out:
        findings.append({"pointer": problem["path"], "blocking": False, "id": problem["workflowId"],
                         "kind": "workflow_left_out", "reason": problem["message"]})
    for name, source in manifest["sources"].items():
        base_url = str(source.get("baseUrl") or "")
        if not base_url.startswith(("http://", "https://")):
            findings.append({"pointer": "/servers", "blocking": False, "id": name, "kind": "base_url_needed",
                             "reason": f"server URL '{base_url}' is not absolute: serve with --base-url or "
                             "API_BASE_URL"})
        for scheme_id, scheme in (source.get("securitySchemes") or {}).items():
            findings.append({"pointer": f"/components/securitySchemes/{scheme_id}", "blocking": False,
                             "id": scheme_id, "kind": "credential",
                             "reason": f"{scheme.get('type')} credential read from {env_name_for(scheme_id)} "
                             "(or API_KEY)"})
    return findings


def run(args: argparse.Namespace) -> int:
    from intent.errors import IntentError
    from intent_mcp.commands.serve_openapi import build_manifest

    left_out: list[dict[str, str]] = []
    try:
        manifest = build_manifest(args, PROG, on_problem=left_out.append)
    except IntentError as error:
        if args.json:
            failure = {"pointer": error.path, "blocking": True, "id": args.file, "kind": "unreadable",
                       "reason": error.message}
            sys.stdout.write(json.dumps({"ok": False, "findings": [failure]}, indent=2) + "\n")
        else:
            print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    findings = findings_of(manifest, left_out)
    tools = manifest["tools"]
    workflows = sum(1 for tool in tools if "workflow" in tool)
    if args.json:
        payload = {"ok": True, "tools": len(tools), "workflows": workflows, "resources": len(manifest["resources"]),
                   "findings": findings}
        sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    else:
        for item in findings:
            print(f"{item['pointer']}: note: {item['id']} ({item['kind']}): {item['reason']}")
        print(f"{PROG}: {len(tools)} tools ({workflows} workflows), {len(manifest['resources'])} resources, "
              f"{len(left_out)} workflow(s) left out", file=sys.stderr)
    return 0
