"""``intent-mcp check KIND FILE``: check a tool catalog the way a server would read it, without serving it."""

from __future__ import annotations

import argparse

from intent_mcp.commands import CHECK_KINDS
from intent_mcp.commands.groups import add_kinds, run_kind

NAME = "check"
HELP = "check a tool catalog and list what would be omitted"
# Root flags this command reads: none (serve kinds take their own transport flags after KIND); see cli.py.
ROOT_FLAGS: tuple[str, ...] = ()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_kinds(parser, CHECK_KINDS)


def run(args: argparse.Namespace) -> int:
    return run_kind(args)
