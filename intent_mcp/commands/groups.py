"""Subcommand groups (``serve KIND``, ``check KIND``): one nested parser per catalog kind, each its own module."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Mapping

_MODULE_DEST = "_kind_module"


def add_kinds(
    parser: argparse.ArgumentParser,
    kinds: Mapping[str, tuple[str, str]],
    *,
    common: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """One subparser per kind; ``common`` adds the flags every kind of the group shares."""
    subparsers = parser.add_subparsers(dest="kind", metavar="KIND", required=True)
    for name, (module_name, help_text) in kinds.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(**{_MODULE_DEST: module_name})
        module = importlib.import_module(f"intent_mcp.commands.{module_name}")
        module.add_arguments(sub)
        if common is not None:
            common(sub)


def run_kind(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"intent_mcp.commands.{getattr(args, _MODULE_DEST)}")
    return int(module.run(args))


__all__ = ["add_kinds", "run_kind"]
