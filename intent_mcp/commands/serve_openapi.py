"""``intent-mcp serve openapi FILE [--arazzo FILE] [--base-url URL]``: an OpenAPI document as a running MCP server.

Its operations (and the Arazzo document's workflows) are the server's tools, its reference GETs its
resources; calls go to the API over HTTP with credentials from the environment (``<SCHEME>``,
``<SCHEME>_USERNAME`` / ``_PASSWORD``, ``API_KEY``; see ``catalog.openapi.runtime.credentials``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

NAME = "serve openapi"
HELP = "serve an OpenAPI document's operations (and Arazzo workflows) as MCP tools calling the API"
PROG = "intent-mcp serve openapi"


def add_manifest_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags that say which manifest a document makes (shared with ``export openapi``)."""
    parser.add_argument("file", metavar="FILE", help="the OpenAPI 3.x / Swagger 2.0 document, JSON or YAML")
    parser.add_argument("--arazzo", metavar="FILE",
                        help="an Arazzo 1.0 document whose first OpenAPI source is FILE; its workflows become tools")
    parser.add_argument("--server-name", help="the server's name (default: from info.title)")
    parser.add_argument("--include-internal", action="store_true", help="keep x-internal / x-hidden operations")
    parser.add_argument("--include-deprecated", action="store_true", help="keep deprecated operations")
    parser.add_argument("--workflows-only", action="store_true",
                        help="offer only the Arazzo workflows' tools, not one tool per operation")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_manifest_arguments(parser)
    api = parser.add_argument_group("api")
    api.add_argument("--base-url", metavar="[SOURCE=]URL", action="append", default=[],
                     help="where the API is served, e.g. http://127.0.0.1:4010; overrides the document's servers "
                     "and API_BASE_URL; SOURCE=URL sets one Arazzo source's (repeatable)")
    api.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                     help="per-request timeout (default: 30)")
    api.add_argument("--max-response-bytes", type=int, default=10 * 1024 * 1024, metavar="N",
                     help="largest API response read (default: 10485760)")
    from intent_mcp.commands.serve import add_execution_arguments

    add_execution_arguments(parser)
    parser.add_argument("--audit", metavar="PATH",
                        help="with --execute: append one JSON line per intent_execute (plan, evidence, outcome) to "
                        "PATH (created owner-only if missing); default: the log at --log-level info")


def build_manifest(
    args: argparse.Namespace, prog: str, on_problem: Callable[[dict[str, str]], None] | None = None
) -> dict[str, Any]:
    """The manifest of the flags; workflows left out go to ``on_problem`` (default: one line each on stderr).

    ``IntentError`` for a document that cannot be read."""
    from catalog.documents import load_document
    from catalog.openapi import build_mcp_manifest
    from catalog.openapi.arazzo import load_arazzo
    from intent.errors import IntentError

    if args.workflows_only and not args.arazzo:
        raise IntentError("CONFIG_INVALID", "--workflows-only needs --arazzo", category="config")
    spec = load_document(args.file)
    arazzo = load_arazzo(args.arazzo) if args.arazzo else None
    others = _other_sources(arazzo, Path(args.arazzo)) if arazzo is not None else {}

    def report(problem: dict[str, str]) -> None:
        print(f"{prog}: workflow '{problem['workflowId']}' left out at {problem['path']}: {problem['message']}",
              file=sys.stderr)

    return build_mcp_manifest(
        spec,
        server_name=args.server_name,
        include_internal=args.include_internal,
        include_deprecated=args.include_deprecated,
        arazzo=arazzo,
        include_operations=not args.workflows_only,
        on_problem=on_problem or report,
        arazzo_sources=others,
    )


def _other_sources(arazzo: dict[str, Any], arazzo_path: Path) -> dict[str, Any]:
    """The Arazzo document's OpenAPI sources after the first (FILE), read from local files beside it.

    A remote or missing source is skipped: workflows with steps on it are reported and left out.
    """
    from catalog.documents import load_document

    found: dict[str, Any] = {}
    openapi = [item for item in arazzo.get("sourceDescriptions") or []
               if isinstance(item, dict) and item.get("type", "openapi") == "openapi"]
    for item in openapi[1:]:
        url = str(item.get("url", ""))
        local = arazzo_path.parent / url
        if "://" not in url and local.is_file():
            found[str(item.get("name"))] = load_document(local)
    return found


_SOURCE_PREFIX = re.compile(r"^([A-Za-z0-9_\-]+)=(.*)$")


def base_url_flags(values: list[str]) -> tuple[str | None, dict[str, str]]:
    """``--base-url`` values as (the one for every source, per-source ones); ``IntentError`` for a bad URL."""
    from intent.errors import IntentError

    everywhere: str | None = None
    per_source: dict[str, str] = {}
    for value in values:
        match = _SOURCE_PREFIX.match(value)
        url = match.group(2) if match else value
        if not url.startswith(("http://", "https://")):
            raise IntentError("CONFIG_INVALID", f"--base-url must be an absolute http(s) URL, not '{url}'",
                              category="config")
        if match:
            per_source[match.group(1)] = url
        else:
            everywhere = url
    return everywhere, per_source


def run(args: argparse.Namespace) -> int:
    from catalog.openapi import runtime_from_env
    from intent.errors import IntentError
    from intent_mcp.commands.serve import serve_runtime

    if args.audit and not args.execute:
        print(f"{PROG}: --audit only applies with --execute", file=sys.stderr)
        return 2
    try:
        base_url, source_base_urls = base_url_flags(args.base_url)
        manifest = build_manifest(args, PROG)
    except IntentError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    unusable = [name for name, source in manifest["sources"].items()
                if not str(source.get("baseUrl", "")).startswith(("http://", "https://"))
                and name not in source_base_urls]
    if unusable and not (base_url or os.environ.get("API_BASE_URL")):
        print(f"{PROG}: the document gives no absolute server URL for source {', '.join(unusable)}; "
              "calls fail until --base-url or API_BASE_URL says where the API is", file=sys.stderr)

    def build() -> Any:
        return runtime_from_env(manifest, os.environ, base_url=base_url, timeout_seconds=args.timeout,
                                max_response_bytes=args.max_response_bytes, source_base_urls=source_base_urls)

    return serve_runtime(args, build, name=str(manifest["server"]["name"]), prog=PROG)
