"""``intent-mcp check tool-nodes FILE``: what a server would list, omit or refuse, without serving.

Each finding is printed as ``<pointer>: <id> (<kind>): <reason>``. Exit 1 when any node could not be
determined or is unsafe (an unconstrained argv input, a shell by another name): the CI check. Nodes
omitted only for this host (unmet requirements) or because they are MCP-only are listed, and exit 0.
``--host`` checks requirements on this machine as ``serve`` would; without it only ``--available``
declarations count.
"""

from __future__ import annotations

import argparse
import json
import sys

NAME = "check tool-nodes"
PROG = "intent-mcp check tool-nodes"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the Tool-node document, JSON or YAML ('-' reads stdin)")
    parser.add_argument("--available", action="append", default=[], metavar="REQUIREMENT",
                        help="declare a requirement met (repeatable)")
    parser.add_argument("--host", action="store_true",
                        help="also detect requirements on this machine (programs on PATH, network, container, gpu)")
    parser.add_argument("--json", action="store_true", help="print the findings as one JSON object")


def run(args: argparse.Namespace) -> int:
    from catalog.documents import load_document, parse_document
    from catalog.tool_nodes import Host, check_nodes
    from intent.errors import IntentError

    try:
        document = parse_document(sys.stdin.read(), source="stdin") if args.file == "-" else load_document(args.file)
    except IntentError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    host = Host.detect(args.available) if args.host else None
    findings = check_nodes(document, args.available, host=host)
    blocking = [item for item in findings if item.blocking]
    if args.json:
        payload = {"ok": not blocking, "findings": [item.to_dict() for item in findings]}
        sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    else:
        for item in findings:
            mark = "error" if item.blocking else "note"
            print(f"{item.pointer or '/'}: {mark}: {item.id or '(document)'} ({item.kind}): {item.reason}")
        total = len(findings)
        print(f"{PROG}: {len(blocking)} error(s), {total - len(blocking)} note(s)", file=sys.stderr)
    return 1 if blocking else 0
