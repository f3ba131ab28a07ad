"""``intent-mcp project KIND FILE``: print the MCP projection of a catalog document as JSON.

Kinds: ``axag`` (a Semantic Manifest -> its tool registry), ``openapi`` (an OpenAPI 3.x / Swagger 2.0
document -> its MCP manifest) and ``tool-nodes`` (Tool nodes -> ``{"tools": [...], "omitted": [...]}``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

NAME = "project"
HELP = "print the MCP tools a catalog (AXAG manifest, OpenAPI document, Tool nodes) projects to"
KINDS = ("axag", "openapi", "tool-nodes")


# Root (server) flags this command reads: none; given before the command they are refused (cli.py).
ROOT_FLAGS: tuple[str, ...] = ()

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", choices=KINDS, help="what FILE is")
    parser.add_argument("file", metavar="FILE", help="the document, JSON or YAML ('-' reads stdin)")
    axag = parser.add_argument_group("axag")
    axag.add_argument("--mcp", action="store_true",
                      help="print MCP tool definitions ({name, description, inputSchema}, as the other kinds do) "
                      "instead of the AXAG tool registry (whose keys are snake_case: input_schema, metadata)")
    openapi = parser.add_argument_group("openapi")
    openapi.add_argument("--server-name", help="the manifest's server name (default: from info.title)")
    openapi.add_argument("--source-name", default="api", help="the name of the document's source (default: api)")
    openapi.add_argument("--include-internal", action="store_true", help="keep x-internal / x-hidden operations")
    openapi.add_argument("--include-deprecated", action="store_true", help="keep deprecated operations")
    nodes = parser.add_argument_group("tool-nodes")
    nodes.add_argument(
        "--available",
        action="append",
        default=[],
        metavar="REQUIREMENT",
        help="a requirement this host meets (repeatable); nodes requiring anything else are omitted",
    )
    parser.add_argument("--compact", action="store_true", help="print JSON on one line")


def run(args: argparse.Namespace) -> int:
    from catalog.documents import load_document, parse_document
    from intent.errors import IntentError

    if args.mcp and args.kind != "axag":
        print("intent-mcp project: --mcp applies to axag (the other kinds print MCP tools already)", file=sys.stderr)
        return 2
    try:
        if args.file == "-":
            document = parse_document(sys.stdin.read(), source="stdin")
        else:
            document = load_document(args.file)
        result = _project(args, document)
    except IntentError as error:
        print(f"intent-mcp project: {error}", file=sys.stderr)
        return 1
    indent = None if args.compact else 2
    sys.stdout.write(json.dumps(result, indent=indent, ensure_ascii=False) + "\n")
    return 0


def _project(args: argparse.Namespace, document: Any) -> dict[str, Any]:
    if args.kind == "axag":
        from catalog.axag import generate_tool_registry

        registry = generate_tool_registry(document)
        if not args.mcp:
            return registry
        return {"tools": [{"name": tool["name"], "description": tool["description"],
                           "inputSchema": tool["input_schema"]} for tool in registry["tools"]]}
    if args.kind == "openapi":
        from catalog.openapi import build_mcp_manifest

        return build_mcp_manifest(
            document,
            server_name=args.server_name,
            source_name=args.source_name,
            include_internal=args.include_internal,
            include_deprecated=args.include_deprecated,
        )
    from catalog.tool_nodes import project

    return project(document, available=args.available).to_dict()
