"""``intent-mcp``: the MCP server by default, plus one-shot subcommands.

The root parser carries the server's flags; a subcommand, when given, runs instead of the server.
Each subcommand's module is imported only when it runs.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from intent_mcp import __version__
from intent_mcp.commands import COMMANDS

EPILOG = """\
examples:
  intent-mcp parse "Look up order 000123. Do not cancel the order."
  intent-mcp --transport stdio
  intent-mcp --transport http --host 127.0.0.1 --port 3001 --path /mcp
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="intent-mcp",
        description="Recognize natural-language requests as verified IntentResults, over MCP or one-shot.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"intent-mcp {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(_module=module_name)
        module = importlib.import_module(f"intent_mcp.commands.{module_name}")
        module.add_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    module_name = getattr(args, "_module", None)
    if module_name is None:
        parser.print_help(sys.stderr)
        return 2
    module = importlib.import_module(f"intent_mcp.commands.{module_name}")
    return int(module.run(args))
