"""``intent-mcp print-config HOST``: the JSON snippet that registers this installation with an MCP host.

The snippet names this installation by absolute path, so the host starts exactly this server
whatever its own PATH is. The snippet goes to stdout; where to paste it goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HOSTS = ("claude-desktop", "cursor", "vscode")

WHERE = {
    "claude-desktop": "merge into claude_desktop_config.json (Settings > Developer > Edit Config), then restart "
    "Claude Desktop",
    "cursor": "merge into ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (one project)",
    "vscode": "merge into .vscode/mcp.json of the workspace (or the user mcp.json: 'MCP: Open User Configuration')",
}


# Root (server) flags this command reads: none; given before the command they are refused (cli.py).
ROOT_FLAGS: tuple[str, ...] = ()

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("host", choices=HOSTS, help="the MCP host the snippet is for")
    parser.add_argument("--name", default="intent", help="the server's name in the host (default: intent)")
    parser.add_argument("--server-config", metavar="FILE", type=Path,
                        help="a configuration file the server should load (written as an absolute path)")
    parser.add_argument("--server-mode", choices=("executor", "host"), help="the server's --mode")
    parser.add_argument("--url", help="connect to a running Streamable HTTP server at URL instead of starting one "
                        "(cursor and vscode)")


def launch_command() -> list[str]:
    """The absolute command that starts this installation's ``intent-mcp``."""
    bin_dir = Path(sys.executable).parent
    for script in (bin_dir / "intent-mcp", bin_dir / "intent-mcp.exe"):
        if script.is_file():
            return [str(script.absolute())]
    # Not installed as a script (e.g. a source checkout): run the package with this interpreter.
    return [str(Path(sys.executable).absolute()), "-m", "intent_mcp"]


def server_arguments(config_file: Path | None, mode: str | None) -> list[str]:
    args = ["--transport", "stdio"]
    if config_file is not None:
        args += ["--config", str(config_file.expanduser().resolve())]
    if mode is not None:
        args += ["--mode", mode]
    return args


def snippet(host: str, *, name: str, command: list[str], args: list[str], url: str | None = None) -> dict[str, Any]:
    """The host's configuration object holding one entry for this server."""
    if url is not None:
        if host == "vscode":
            return {"servers": {name: {"type": "http", "url": url}}}
        if host == "cursor":
            return {"mcpServers": {name: {"url": url}}}
        raise ValueError("Claude Desktop starts local servers only; use it without --url")
    entry: dict[str, Any] = {"command": command[0], "args": [*command[1:], *args]}
    if host == "vscode":
        return {"servers": {name: {"type": "stdio", **entry}}}
    return {"mcpServers": {name: entry}}


def run(args: argparse.Namespace) -> int:
    try:
        document = snippet(
            args.host,
            name=args.name,
            command=launch_command(),
            args=server_arguments(args.server_config, args.server_mode),
            url=args.url,
        )
    except ValueError as error:
        print(f"intent-mcp print-config: {error}", file=sys.stderr)
        return 2
    print(json.dumps(document, indent=2))
    print(f"# {WHERE[args.host]}", file=sys.stderr)
    return 0
