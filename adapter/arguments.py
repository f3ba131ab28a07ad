"""Checks on tool arguments before anything runs: allowed keys, instance selection, handoff fields.

Messages name keys and expectations, never the values a caller sent (they may be secrets).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent import Intent
from intent.errors import IntentError
from intent.pointer import join_pointer

# Trusted configuration that a tool caller can never set; named in the refusal so callers learn why.
_CONFIGURATION_NOTE = "schema, executor, API keys, configuration paths and mode are trusted configuration"


def as_arguments(arguments: object) -> dict[str, Any]:
    """The arguments as a plain dict (absent means empty); anything but a JSON object is refused."""
    if arguments is None:
        return {}
    if not isinstance(arguments, Mapping):
        raise IntentError("INPUT_INVALID", "tool arguments must be a JSON object", path="")
    if not all(isinstance(key, str) for key in arguments):
        raise IntentError("INPUT_INVALID", "tool argument names must be strings", path="")
    return dict(arguments)


def check_keys(arguments: Mapping[str, Any], allowed: Mapping[str, Any], required: tuple[str, ...] = ()) -> None:
    """Refuse unknown keys (``additionalProperties: false``) and missing required ones."""
    for key in arguments:
        if key not in allowed:
            raise IntentError(
                "INPUT_INVALID",
                f"unknown argument {key!r}; allowed: {', '.join(sorted(allowed))} ({_CONFIGURATION_NOTE}, "
                "not tool arguments)",
                path=join_pointer(key),
            )
    for key in required:
        if key not in arguments:
            raise IntentError("INPUT_INVALID", f"argument {key!r} is required", path=join_pointer(key))


def select_instance(arguments: dict[str, Any], instances: Mapping[str, Intent]) -> tuple[str, Intent]:
    """Pop ``instance`` and resolve it; a single instance may be implied, several never are."""
    name = arguments.pop("instance", None)
    if name is None:
        if len(instances) == 1:
            only = next(iter(instances))
            return only, instances[only]
        raise IntentError(
            "INSTANCE_REQUIRED",
            f"several instances are configured ({', '.join(instances)}); pass instance to choose one",
            path="/instance",
        )
    if not isinstance(name, str):
        raise IntentError("INPUT_INVALID", "instance must be a string", path="/instance")
    if name not in instances:
        raise IntentError(
            "INSTANCE_UNKNOWN",
            f"unknown instance; configured: {', '.join(instances)}",
            path="/instance",
        )
    return name, instances[name]


def string_argument(arguments: Mapping[str, Any], key: str, *, allow_empty: bool = False) -> str:
    value = arguments.get(key)
    if not isinstance(value, str) or (not allow_empty and not value):
        raise IntentError("INPUT_INVALID", f"{key} must be a non-empty string", path=join_pointer(key))
    return value
