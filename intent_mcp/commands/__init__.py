"""Subcommands of ``intent-mcp``: each module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args)``.

Modules are imported only when their command runs, so start-up stays cheap.
"""

from __future__ import annotations

# subcommand name -> module under intent_mcp.commands
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("parse", "recognize a request (or a JSON Lines batch) and print the IntentResult"),
    "fixtures": ("fixtures", "replay or record the protocol fixtures against an MCP server"),
    "print-config": ("print_config", "print the JSON snippet that registers this server with an MCP host"),
    "skill": ("skill", "print the path of the bundled intent-handoff Skill, show it or install it"),
    "project": ("project", "print the MCP tools an AXAG manifest, OpenAPI document or Tool-node file projects to"),
}
