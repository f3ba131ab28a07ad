"""Instance names, tool prefixes and tool names: one alphabet, checked before anything is registered."""

from __future__ import annotations

import re

from intent.errors import IntentError

NAME_PATTERN = r"^[A-Za-z0-9_.-]{1,64}$"
PREFIX_PATTERN = r"^[A-Za-z0-9_.-]{0,64}$"

# Refused for wire compatibility with implementations that keep instances in plain objects.
RESERVED_INSTANCE_NAMES = frozenset({"proto", "prototype", "constructor"})

_NAME = re.compile(NAME_PATTERN)
_PREFIX = re.compile(PREFIX_PATTERN)


def check_instance_name(name: object) -> str:
    """Return ``name`` if it is a valid instance name, else raise ``CONFIG_INVALID``."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise IntentError(
            "CONFIG_INVALID",
            "instance names use 1-64 characters of [A-Za-z0-9_.-]",
            path=f"/instances/{name}" if isinstance(name, str) else "/instances",
        )
    if name in RESERVED_INSTANCE_NAMES:
        raise IntentError(
            "CONFIG_INVALID",
            f"instance name {name!r} is reserved; choose another name",
            path=f"/instances/{name}",
        )
    return name


def check_tool_prefix(prefix: object) -> str:
    """Return ``prefix`` if it is a valid (possibly empty) tool prefix, else raise ``CONFIG_INVALID``."""
    if not isinstance(prefix, str) or not _PREFIX.fullmatch(prefix):
        raise IntentError(
            "CONFIG_INVALID",
            "tool_prefix uses 0-64 characters of [A-Za-z0-9_.-]",
            path="/tool_prefix",
        )
    return prefix
