"""Subcommands of ``intent-mcp``: each module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args)``.

``serve`` and ``check`` are groups: their kinds (``serve tool-nodes``, ...) are modules of the same shape.

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
    "serve": ("serve", "serve a tool catalog as an MCP server (intent-mcp serve KIND FILE ...)"),
    "train": ("train", "train the built-in recognizer from a configuration's examples and save its state"),
    "export": ("export", "write an OpenAPI document as a standalone MCP server project or zip"),
    "check": ("check", "check a tool catalog and list what would be omitted (intent-mcp check KIND FILE)"),
}

# ``intent-mcp serve KIND`` / ``intent-mcp check KIND``: catalog kind -> (module under intent_mcp.commands, help).
# A serve module has ``add_arguments(parser)`` and ``run(args)``; the transport flags are added for it.
SERVE_KINDS: dict[str, tuple[str, str]] = {
    "tool-nodes": ("serve_tool_nodes", "serve Tool nodes as MCP tools that run their programs"),
    "openapi": ("serve_openapi", "an OpenAPI document (and Arazzo workflows) as MCP tools calling the API"),
}
CHECK_KINDS: dict[str, tuple[str, str]] = {
    "tool-nodes": ("check_tool_nodes", "check Tool nodes: unconstrained argv inputs, unsafe commands, omissions"),
    "openapi": ("check_openapi", "check an OpenAPI document (and Arazzo workflows): left-out workflows, settings"),
}
