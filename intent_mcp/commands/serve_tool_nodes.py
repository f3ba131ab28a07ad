"""``intent-mcp serve tool-nodes FILE``: Tool nodes as an MCP server whose tools run their programs.

At start-up the nodes are projected for this host; every omitted node is reported on stderr
(``omitted <id> (<kind>): <reason>``) before the first byte is served.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

NAME = "serve tool-nodes"
PROG = "intent-mcp serve tool-nodes"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the Tool-node document, JSON or YAML")
    nodes = parser.add_argument_group("tool nodes")
    nodes.add_argument("--audit", metavar="PATH",
                       help="append one JSON line per call to PATH (created owner-only if missing); with --execute "
                       "also one per intent_execute")
    nodes.add_argument("--available", action="append", default=[], metavar="REQUIREMENT",
                       help="declare a requirement met on this host (repeatable), e.g. network, gpu, env:TOKEN")
    nodes.add_argument("--allow-function", action="append", default=[], metavar="MODULE:FUNCTION",
                       help="an in-process function nodes may call (repeatable; MODULE:* allows a whole module)")
    nodes.add_argument("--timeout", type=float, default=30.0, metavar="S",
                       help="longest a call may run, in seconds (default: 30; a node may ask for less)")
    nodes.add_argument("--cwd", metavar="DIR", help="working directory of the programs (default: the server's)")
    nodes.add_argument("--env-allow", action="append", default=[], metavar="VAR",
                       help="pass VAR of the server's environment to the programs (repeatable; PATH, HOME, "
                       "LANG, LC_*, TZ, TMPDIR, USER and LOGNAME always pass)")
    nodes.add_argument("--max-output-bytes", type=int, default=1024 * 1024, metavar="N",
                       help="largest output a program may write before it is stopped (default: 1048576)")
    from intent_mcp.commands.serve import add_execution_arguments

    add_execution_arguments(parser)


def _build(args: argparse.Namespace) -> Any:
    from intent.errors import IntentError
    from intent_mcp.tool_nodes import load_tool_nodes, report_omissions

    if not args.timeout > 0:
        raise IntentError("CONFIG_INVALID", "--timeout must be a positive number of seconds", path="/timeout")
    if args.max_output_bytes < 1:
        raise IntentError("CONFIG_INVALID", "--max-output-bytes must be positive", path="/maxOutputBytes")
    try:
        runtime = load_tool_nodes(
            args.file, audit=args.audit, available=args.available, allow_functions=args.allow_function,
            timeout=args.timeout, cwd=args.cwd, env_allow=tuple(args.env_allow),
            max_output_bytes=args.max_output_bytes,
        )
    except OSError as error:
        raise IntentError("CONFIG_INVALID", f"cannot open the audit file: {error.strerror}", path="/audit") from None
    report_omissions(runtime.omitted, prog=PROG, stream=sys.stderr)
    return runtime


def run(args: argparse.Namespace) -> int:
    from intent_mcp.commands.serve import serve_runtime

    return serve_runtime(args, lambda: _build(args), name="intent-mcp-tool-nodes", prog=PROG,
                         instructions="Tools that run programs on this host; each call is recorded.")
