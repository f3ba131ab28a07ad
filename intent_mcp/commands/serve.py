"""``intent-mcp serve KIND FILE``: serve a tool catalog as its own MCP server, over stdio or Streamable HTTP.

Every kind gets the same transport flags as the root server (``--transport``, ``--host``, ``--port``,
...); a kind's module builds its ``CatalogRuntime`` and hands it to ``serve_runtime``. Plain
``intent-mcp --transport ...`` (no COMMAND) still serves the recognizer.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from typing import Any

from intent_mcp.commands import SERVE_KINDS
from intent_mcp.commands.groups import add_kinds, run_kind

NAME = "serve"
HELP = "serve a tool catalog as an MCP server"
# Root flags this command reads: none (its kinds take their own transport flags after KIND); see cli.py.
ROOT_FLAGS: tuple[str, ...] = ()
LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
HTTP_ONLY_FLAGS = ("host", "port", "path", "public_origin", "max_body_bytes", "max_sessions", "session_idle_seconds")


def add_transport_arguments(parser: argparse.ArgumentParser) -> None:
    """The transport flags every ``serve KIND`` shares (same meaning and defaults as the root server's)."""
    server = parser.add_argument_group("transport")
    server.add_argument("--transport", choices=("stdio", "http"), default="stdio",
                        help="stdio (default) or http (stateful Streamable HTTP)")
    server.add_argument("--log-level", choices=LOG_LEVELS, default="warning",
                        help="stderr log level (default: warning)")
    add_http_arguments(parser)


def add_http_arguments(parser: argparse.ArgumentParser) -> None:
    """The Streamable HTTP flags (``HTTP_ONLY_FLAGS``), shared by the root server and every ``serve KIND``."""
    http = parser.add_argument_group("http transport")
    http.add_argument("--host", help="address to bind (default: 127.0.0.1)")
    http.add_argument("--port", type=int, help="port to bind; 0 picks a free one (default: 3001)")
    http.add_argument("--path", help="path of the MCP endpoint (default: /mcp)")
    http.add_argument("--public-origin", metavar="URL",
                      help="origin clients reach this server at, e.g. https://mcp.example.com; required to bind "
                      "0.0.0.0 or ::; Host and Origin headers must then match it")
    http.add_argument("--max-body-bytes", type=int, metavar="N", help="largest request body (default: 1048576)")
    http.add_argument("--max-sessions", type=int, metavar="N", help="most concurrent MCP sessions (default: 100)")
    http.add_argument("--session-idle-seconds", type=float, metavar="S",
                      help="close a session idle this long (default: 1800)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_kinds(parser, SERVE_KINDS, common=add_transport_arguments)


def run(args: argparse.Namespace) -> int:
    return run_kind(args)


def http_settings(args: argparse.Namespace) -> Any:
    """The checked ``HttpSettings`` of the flags; ``IntentError`` ``CONFIG_INVALID`` for a bad value."""
    from intent_mcp.config import ConfigOverrides, ServerConfig, apply_overrides

    config = apply_overrides(
        ServerConfig(),
        ConfigOverrides(host=args.host, port=args.port, path=args.path, public_origin=args.public_origin,
                        max_body_bytes=args.max_body_bytes, max_sessions=args.max_sessions,
                        session_idle_seconds=args.session_idle_seconds),
    )
    return config.http


def stdio_flag_problem(args: argparse.Namespace, prog: str) -> str | None:
    given = [name for name in HTTP_ONLY_FLAGS if getattr(args, name, None) is not None]
    if args.transport == "stdio" and given:
        flags = ", ".join("--" + name.replace("_", "-") for name in given)
        return f"{prog}: {flags} only apply with --transport http"
    return None


def run_server(serve: Callable[[], int], prog: str, *, error_prefix: str = "") -> int:
    """Call ``serve`` (it builds a server and serves until stopped) and turn how it ends into an exit status.

    ``serve``'s own status after a clean stop; 0 on Ctrl-C; 2, with the line ``{prog}: {error_prefix}{error}``,
    for an ``IntentError`` (a configuration or catalog that cannot be served); 1, with a line naming
    only the exception's type, for anything else (the traceback goes to the debug log).
    """
    from intent.errors import IntentError

    try:
        return serve()
    except IntentError as error:
        print(f"{prog}: {error_prefix}{error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    except Exception as error:  # a short line for a person; the traceback only at --log-level debug
        logging.getLogger("intent_mcp").debug("server failed", exc_info=True)
        print(f"{prog}: the server stopped on an internal error ({type(error).__name__})", file=sys.stderr)
        return 1


def serve_runtime(args: argparse.Namespace, build: Callable[[], Any], *, name: str, prog: str,
                  instructions: str | None = None) -> int:
    """Check the transport flags, build the runtime (``build()``) and serve it; it is closed when serving ends.

    Exit status (see ``run_server``): 0 after a clean stop, 1 when the server failed, 2 for bad
    flags or a catalog that cannot be served (``build`` raising ``IntentError``).
    """
    from intent_mcp.catalog_server import serve_catalog

    problem = stdio_flag_problem(args, prog)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2

    def serve() -> int:
        settings = http_settings(args)
        return serve_catalog(build(), args.transport, name=name, http=settings, instructions=instructions,
                             log_level=args.log_level)

    return run_server(serve, prog)


__all__ = [
    "LOG_LEVELS",
    "add_http_arguments",
    "add_transport_arguments",
    "http_settings",
    "run_server",
    "serve_runtime",
    "stdio_flag_problem",
]
