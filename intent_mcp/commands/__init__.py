"""Subcommands of ``intent-mcp``: each module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args)``.

Modules are imported only when their command runs, so start-up stays cheap.
"""

from __future__ import annotations

# subcommand name -> module under intent_mcp.commands
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("parse", "recognize one request and print the IntentResult JSON"),
    "print-config": ("print_config", "print the JSON snippet that registers this server with an MCP host"),
}
