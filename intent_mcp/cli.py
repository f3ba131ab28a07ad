"""``intent-mcp``: the MCP server by default, plus one-shot subcommands.

The root parser carries the server's flags; a subcommand, when given, runs instead of the server.
Each subcommand's module is imported only when it runs, and the server's own modules only when
it serves.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from intent_mcp import __version__
from intent_mcp.commands import COMMANDS
from intent_mcp.commands.serve import LOG_LEVELS, add_http_arguments, run_server, stdio_flag_problem

EPILOG = """\
examples:
  intent-mcp --transport stdio
      serve one MCP host over stdin/stdout (built-in offline recognizer, instance "main")
  intent-mcp --transport stdio --config intent-mcp.json --mode host
      serve the instances of a configuration file; the host's own model recognizes
  intent-mcp --transport http --host 127.0.0.1 --port 3001 --path /mcp
      serve Streamable HTTP on loopback
  intent-mcp --transport http --host 0.0.0.0 --public-origin https://mcp.example.com
      serve behind a reverse proxy that clients reach at https://mcp.example.com
  intent-mcp parse "Look up order 000123. Do not cancel the order."
      recognize one request and print the IntentResult
  intent-mcp parse --format text --config intent-mcp.json --instance orders -
      recognize the request on stdin with a configured instance, for a person to read
  intent-mcp print-config claude-desktop
      print the snippet that registers this server with Claude Desktop

Logs go to stderr; on stdio, stdout carries nothing but protocol.
"""

def transport_help() -> str:
    """``--transport``'s help: the protocol versions each transport speaks, from ``adapter.versions``."""
    from adapter.versions import DECLARED_PROTOCOL_VERSIONS, HTTP_PROTOCOL_VERSIONS

    return (f"stdio (default; protocol versions {', '.join(DECLARED_PROTOCOL_VERSIONS)}) or "
            f"http (stateful Streamable HTTP; {', '.join(HTTP_PROTOCOL_VERSIONS)})")


class _RootParser(argparse.ArgumentParser):
    """The root parser, whose help names the protocol versions only when it is shown.

    The versions come from the SDK's registry; importing it costs about as much as a whole ``parse``
    run, so building the parser (which every command does) must not.
    """

    transport: argparse.Action | None = None

    def format_help(self) -> str:
        if self.transport is not None:
            self.transport.help = transport_help()
        return super().format_help()


class _CommandParser(argparse.ArgumentParser):
    """A subcommand's parser, whose own arguments come from its module the first time it is used.

    Serving (no command) then imports none of the command modules: building the parser stays
    cheap on the server's start, and ``intent-mcp COMMAND ...`` or its help loads only that one.
    """

    module_name = ""  # empty for the nested parsers of a group (``serve KIND``), built whole by their command
    _arguments_added = False

    def _add_command_arguments(self) -> None:
        if self.module_name and not self._arguments_added:
            self._arguments_added = True
            importlib.import_module(f"intent_mcp.commands.{self.module_name}").add_arguments(self)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        self._add_command_arguments()
        return super().parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        self._add_command_arguments()
        return super().format_usage()

    def format_help(self) -> str:
        self._add_command_arguments()
        return super().format_help()


def _add_server_arguments(parser: argparse.ArgumentParser) -> argparse.Action:
    """The server's flags on ``parser``; returns the ``--transport`` action, whose help is filled in late."""
    server = parser.add_argument_group("server")
    transport = server.add_argument("--transport", choices=("stdio", "http"), default="stdio",
                                    help="stdio (default) or http (stateful Streamable HTTP)")
    server.add_argument("--config", metavar="FILE", help="JSON configuration file (see intent_mcp/config.schema.json)")
    server.add_argument("--mode", choices=("executor", "host"),
                        help="executor: the server recognizes (intent_parse); host: the MCP host's model "
                        "recognizes (intent_prepare/intent_accept/intent_cancel). Default: executor")
    server.add_argument("--tool-prefix", metavar="P", help="prepend P to every tool name (default: none)")
    server.add_argument("--log-level", choices=LOG_LEVELS, default="warning",
                        help="stderr log level (default: warning)")
    add_http_arguments(parser)
    return transport


def build_parser() -> argparse.ArgumentParser:
    parser = _RootParser(
        prog="intent-mcp",
        description="Recognize natural-language requests as verified IntentResults, over MCP or one-shot. "
        "Without a COMMAND, serve MCP.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"intent-mcp {__version__}")
    parser.transport = _add_server_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    for name, (module_name, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(_module=module_name)
        sub.module_name = module_name
    return parser


def _serve(args: argparse.Namespace) -> int:
    from intent_mcp.config import ConfigOverrides, ServerConfig, apply_overrides, load_config_file
    from intent_mcp.serve import serve

    problem = stdio_flag_problem(args, "intent-mcp")
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2

    def configured_serve() -> int:
        config = load_config_file(args.config) if args.config else ServerConfig()
        config = apply_overrides(
            config,
            ConfigOverrides(
                mode=args.mode,
                tool_prefix=args.tool_prefix,
                host=args.host,
                port=args.port,
                path=args.path,
                public_origin=args.public_origin,
                max_body_bytes=args.max_body_bytes,
                max_sessions=args.max_sessions,
                session_idle_seconds=args.session_idle_seconds,
            ),
        )
        return serve(config, args.transport, log_level=args.log_level)

    source = f" in {args.config}" if args.config else ""
    return run_server(configured_serve, "intent-mcp", error_prefix=f"configuration error{source}: ")


def _root_flags_given(argv: Sequence[str] | None) -> list[str]:
    """The root (server) flags written before the command name, as their option strings.

    Parsed again apart from the subcommands: a subcommand's own option may share a root flag's
    name (print-config's ``host``), and argparse would let it overwrite the root value.
    """
    root = argparse.ArgumentParser(add_help=False)
    _add_server_arguments(root)
    root.add_argument("rest", nargs=argparse.REMAINDER)
    values, _ = root.parse_known_args(argv)
    defaults = vars(root.parse_args([]))
    return [
        action.option_strings[-1]
        for action in root._actions  # argparse offers no public list of a parser's options
        if action.option_strings and getattr(values, action.dest) != defaults[action.dest]
    ]


def _refuse_root_flags(argv: Sequence[str] | None, args: argparse.Namespace, module: object) -> str | None:
    """A refusal when server flags precede a command that does not read them.

    A command module declares ``ROOT_FLAGS`` (the root flags' option strings it reads) to have
    the others refused; a module without the attribute is left to handle them itself.
    """
    used = getattr(module, "ROOT_FLAGS", None)
    if used is None:
        return None
    unused = [flag for flag in _root_flags_given(argv) if flag not in used]
    if not unused:
        return None
    return (f"intent-mcp {args.command}: {', '.join(unused)} before '{args.command}' set the server's "
            f"options, which '{args.command}' does not use; put its own options after its name "
            f"(see intent-mcp {args.command} --help)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    module_name = getattr(args, "_module", None)
    if module_name is None:
        return _serve(args)
    module = importlib.import_module(f"intent_mcp.commands.{module_name}")
    refusal = _refuse_root_flags(argv, args, module)
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 2
    try:
        code = int(module.run(args))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader closed stdout (``| head``): end quietly, and let the interpreter's last flush go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code
