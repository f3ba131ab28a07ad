"""``intent-mcp export openapi FILE [--arazzo FILE] (--out DIR | --zip FILE)``: a standalone MCP server project.

The project is ``server.py`` (a stdio server on the ``mcp`` SDK), the runtime package, ``manifest.json``,
``pyproject.toml``, ``README.md`` and ``claude_desktop_config.json``; the zip is byte-reproducible.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "export"
HELP = "write an OpenAPI document (and Arazzo workflows) as a standalone MCP server project or zip"
PROG = "intent-mcp export openapi"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from intent_mcp.commands.serve_openapi import add_manifest_arguments

    parser.add_argument("kind", choices=("openapi",), help="what FILE is")
    add_manifest_arguments(parser)
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--out", metavar="DIR", help="write the project's files into DIR (created if missing)")
    target.add_argument("--zip", metavar="FILE", help="write the project as one zip archive")
    parser.add_argument("--force", action="store_true", help="write into a DIR that already holds files")
    parser.add_argument("--no-workflow-runtime", action="store_true",
                        help="leave the workflow runner out (workflow tools then answer with an error)")


def run(args: argparse.Namespace) -> int:
    from catalog.openapi.export import create_zip, estimate_token_cost, write_mcp_project
    from intent.errors import IntentError
    from intent_mcp.commands.serve_openapi import build_manifest

    try:
        manifest = build_manifest(args, PROG)
    except IntentError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    files = write_mcp_project(manifest, server_name=args.server_name, workflow_runtime=not args.no_workflow_runtime)
    try:
        if args.zip:
            target = Path(args.zip)
            target.write_bytes(create_zip(files))
        else:
            target = Path(args.out)
            if target.exists() and any(target.iterdir()) and not args.force:
                print(f"{PROG}: {target} is not empty; choose another --out or pass --force", file=sys.stderr)
                return 1
            for relative, text in files.items():
                path = target / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"{PROG}: cannot write {target}: {error.strerror or error}", file=sys.stderr)
        return 1
    budget = estimate_token_cost(manifest)
    print(f"{PROG}: wrote {len(files)} files to {target}: {budget['toolCount']} tools "
          f"({budget['consequentialCount']} not read-only), about {budget['tokens']} tokens of tool listing",
          file=sys.stderr)
    return 0
