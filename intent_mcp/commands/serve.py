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


def add_execution_arguments(parser: argparse.ArgumentParser) -> None:
    """The verified-call flags every ``serve KIND`` shares (``--audit`` is the kind's own)."""
    calls = parser.add_argument_group("verified calls")
    calls.add_argument("--execute", action="store_true",
                       help="serve the intent tools and intent_execute instead of the catalog's tools: a request is "
                       "recognized against the catalog, and its call planned, checked and run only as the "
                       "person's words allow (see docs/verified-calls.md)")
    calls.add_argument("--mode", dest="execute_mode", choices=("executor", "host"),
                       help="with --execute: executor (default; intent_parse recognizes with the built-in "
                       "recognizer) or host (intent_prepare/intent_accept: the MCP host's model recognizes)")
    calls.add_argument("--expose-catalog-tools", action="store_true",
                       help="with --execute: also offer the catalog's own tools, which bypass the verification")


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


def execution_problem(args: argparse.Namespace, prog: str) -> str | None:
    given = [flag for flag, dest in (("--mode", "execute_mode"), ("--expose-catalog-tools", "expose_catalog_tools"))
             if getattr(args, dest, None) not in (None, False)]
    if given and not getattr(args, "execute", False):
        return f"{prog}: {', '.join(given)} only apply with --execute"
    return None


def verified_options(args: argparse.Namespace, runtime: Any) -> Any:
    """The ``VerifiedOptions`` of the flags, or None without ``--execute``.

    Verified-call audit lines go to the runtime's own audit log when it keeps one (Tool nodes:
    one file, the process records carrying the recognition's request id), else to ``--audit``.
    """
    if not getattr(args, "execute", False):
        return None
    from intent_mcp.verified_server import VerifiedOptions

    audit = getattr(runtime, "audit", None) or getattr(args, "audit", None)
    return VerifiedOptions(mode=args.execute_mode or "executor", expose_catalog_tools=args.expose_catalog_tools,
                           audit=audit)


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

    With ``--execute`` the intent tools and ``intent_execute`` are served over the runtime instead
    of its raw tools (``intent_mcp.verified_server``).

    Exit status (see ``run_server``): 0 after a clean stop, 1 when the server failed, 2 for bad
    flags or a catalog that cannot be served (``build`` raising ``IntentError``).
    """
    from intent_mcp.catalog_server import serve_catalog

    problem = stdio_flag_problem(args, prog) or execution_problem(args, prog)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2

    def serve() -> int:
        settings = http_settings(args)
        runtime = build()
        return serve_catalog(runtime, args.transport, name=name, http=settings, instructions=instructions,
                             log_level=args.log_level, verified=verified_options(args, runtime))

    return run_server(serve, prog)


__all__ = [
    "LOG_LEVELS",
    "add_execution_arguments",
    "add_http_arguments",
    "add_transport_arguments",
    "execution_problem",
    "http_settings",
    "run_server",
    "serve_runtime",
    "stdio_flag_problem",
    "verified_options",
]
