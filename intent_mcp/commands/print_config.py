"""``intent-mcp print-config HOST``: the JSON snippet that registers this installation with an MCP host.

The snippet names this installation by absolute path, so the host starts exactly this server
whatever its own PATH is. Each host gets its own documented shape (the key that holds servers,
the transport field, how an environment variable is referenced). The snippet goes to stdout;
where to paste it goes to stderr.

``--env NAME`` passes an environment variable (an executor's API key, named by ``apiKeyEnv``)
to the server the host starts: the snippet references the variable in the host's own syntax,
or holds a placeholder to replace where the host has none, and never contains its value. The
``apiKeyEnv`` names of a ``--server-config`` file are added on their own.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# Root (server) flags this command reads: none; given before the command they are refused (cli.py).
ROOT_FLAGS: tuple[str, ...] = ()

HOSTS = ("claude-desktop", "claude-code", "cursor", "vscode", "windsurf", "zed")

WHERE = {
    "claude-desktop": "merge into claude_desktop_config.json (Settings > Developer > Edit Config), then restart "
    "Claude Desktop",
    "claude-code": "merge into .mcp.json at the project root (shared with the project), or add it with "
    "'claude mcp add-json NAME JSON' using the entry alone",
    "cursor": "merge into ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (one project)",
    "vscode": "merge into .vscode/mcp.json of the workspace (or the user mcp.json: 'MCP: Open User Configuration')",
    "windsurf": "merge into ~/.codeium/windsurf/mcp_config.json (Cascade > MCP servers > Configure), then refresh",
    "zed": "merge into Zed's settings.json (zed: open settings)",
}

# How each host's configuration references an environment variable in a server's env; None: no
# documented expansion, so the snippet holds a placeholder the person replaces with the value.
ENV_REFERENCE: dict[str, str | None] = {
    "claude-desktop": None,
    "claude-code": "${%s}",
    "cursor": "${env:%s}",
    "vscode": "${input:%s}",  # with an "inputs" entry that prompts for it once, as a password
    "windsurf": None,
    "zed": None,
}
PLACEHOLDER = "<value of %s>"

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")


class SnippetError(ValueError):
    """Options that make no snippet (exit 2)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("host", choices=HOSTS, help="the MCP host the snippet is for")
    parser.add_argument("--name", default="intent", help="the server's name in the host (default: intent)")
    parser.add_argument("--server-config", metavar="FILE", type=Path,
                        help="a configuration file the server should load (checked now, written as an absolute path)")
    parser.add_argument("--server-mode", choices=("executor", "host"), help="the server's --mode")
    parser.add_argument("--env", action="append", default=[], metavar="NAME",
                        help="an environment variable the server needs, such as an executor's API key "
                        "(repeatable; its value is never printed)")
    parser.add_argument("--url", help="connect to a running Streamable HTTP server at an http(s) URL instead of "
                        "starting one (every host but claude-desktop)")


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


def check_url(url: str) -> str:
    """``url`` when it is an absolute http(s) URL with a host; ``SnippetError`` otherwise."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a malformed port
    except ValueError:
        raise SnippetError(f"--url is not a valid URL: {url!r}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SnippetError("--url must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:3001/mcp")
    return url


def _env_entries(host: str, names: list[str]) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The server's ``env`` object and, for VS Code, the ``inputs`` that prompt for the values."""
    env: dict[str, str] = {}
    inputs: list[dict[str, Any]] = []
    reference = ENV_REFERENCE[host]
    for name in names:
        env[name] = (reference or PLACEHOLDER) % name
        if host == "vscode":
            inputs.append({"type": "promptString", "id": name, "description": f"{name} for intent-mcp",
                           "password": True})
    return env, inputs


def snippet(host: str, *, name: str, command: list[str], args: list[str], url: str | None = None,
            env_names: list[str] | None = None) -> dict[str, Any]:
    """The host's configuration object holding one entry for this server."""
    names = list(dict.fromkeys(env_names or ()))
    if url is not None:
        if host == "claude-desktop":
            raise SnippetError("Claude Desktop starts local servers only (its configuration file has no URL entry); "
                               "use it without --url")
        if names:
            raise SnippetError("--env passes variables to a server the host starts; a server at --url has its own "
                               "environment")
        remote: dict[str, Any] = {
            "claude-code": {"type": "http", "url": url},
            "cursor": {"url": url},
            "vscode": {"type": "http", "url": url},
            "windsurf": {"serverUrl": url},
            "zed": {"url": url},
        }[host]
        return _wrap(host, name, remote, [])
    entry: dict[str, Any] = {"command": command[0], "args": [*command[1:], *args]}
    env, inputs = _env_entries(host, names)
    if env:
        entry["env"] = env
    if host in ("claude-code", "vscode"):
        entry = {"type": "stdio", **entry}
    return _wrap(host, name, entry, inputs)


def _wrap(host: str, name: str, entry: dict[str, Any], inputs: list[dict[str, Any]]) -> dict[str, Any]:
    if host == "vscode":
        return {**({"inputs": inputs} if inputs else {}), "servers": {name: entry}}
    if host == "zed":
        return {"context_servers": {name: entry}}
    return {"mcpServers": {name: entry}}


def _config_env_names(config_file: Path) -> list[str]:
    """Check the configuration file the server will load; the API-key variables its instances name."""
    from intent_mcp.config import load_config_file

    config = load_config_file(config_file)
    names = [settings.executor.get("apiKeyEnv") for settings in config.instances.values()]
    return [name for name in names if isinstance(name, str)]


def run(args: argparse.Namespace) -> int:
    from intent.errors import IntentError

    try:
        for env_name in args.env:
            if not _ENV_NAME.match(env_name):
                raise SnippetError(f"--env takes a variable name (letters, digits, _), not {env_name[:40]!r}")
        env_names = list(args.env)
        if args.url is not None and (args.server_config is not None or args.server_mode is not None):
            raise SnippetError("--server-config and --server-mode configure a server the host starts; they do not "
                               "apply to --url")
        if args.server_config is not None:
            env_names += _config_env_names(args.server_config)
        document = snippet(
            args.host,
            name=args.name,
            command=launch_command(),
            args=server_arguments(args.server_config, args.server_mode),
            url=check_url(args.url) if args.url is not None else None,
            env_names=env_names,
        )
    except SnippetError as error:
        print(f"intent-mcp print-config: {error}", file=sys.stderr)
        return 2
    except IntentError as error:
        print(f"intent-mcp print-config: --server-config {args.server_config}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(document, indent=2))
    print(f"# {WHERE[args.host]}", file=sys.stderr)
    if env_names and ENV_REFERENCE[args.host] is None:
        print("# replace each <value of NAME> with the variable's value: this host does not expand variables",
              file=sys.stderr)
    return 0
