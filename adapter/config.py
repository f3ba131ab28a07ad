"""The adapter's configuration and its checks: mode, caller-created instances, tool prefix, bounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from adapter.execution import IntentExecution
from adapter.names import check_instance_name, check_tool_prefix
from intent import Intent, IntentConfig
from intent.errors import IntentError

AdapterMode = Literal["executor", "host"]

DEFAULT_MAX_TERMINAL_RECORDS = 32
DEFAULT_MAX_TERMINAL_BYTES = 8 * 1024 * 1024
DEFAULT_MAX_PENDING_RECORDS = 256
DEFAULT_MAX_PENDING_BYTES = 16 * 1024 * 1024
DEFAULT_PROGRESS_INTERVAL = 2.0


@dataclass(frozen=True, kw_only=True)
class IntentMcpAdapterConfig:
    """What an adapter offers and how much it may retain.

    ``instances`` maps instance names to caller-created ``intent.Intent`` objects (the adapter
    borrows them and never closes them). ``mode="executor"`` offers ``intent_parse`` and needs an
    executor on every instance; ``mode="host"`` offers ``intent_prepare`` / ``intent_accept`` /
    ``intent_cancel`` and makes no model call. ``tool_prefix`` is prepended to every tool name
    as given (``"crm."`` gives ``crm.intent_parse``). The bounds apply per adapter, and
    eviction under them is fair between sessions (see ``adapter.records``).

    ``execution`` (an ``adapter.execution.IntentExecution``) adds ``intent_execute`` in either mode:
    recognitions are then kept in the session's records under their request id (an
    ``intent_parse`` result carries it in the tool result's ``_meta``) for later execution.
    """

    instances: Mapping[str, Intent] = field(default_factory=dict)
    mode: AdapterMode = "executor"
    tool_prefix: str = ""
    max_terminal_records: int = DEFAULT_MAX_TERMINAL_RECORDS
    max_terminal_bytes: int = DEFAULT_MAX_TERMINAL_BYTES
    max_pending_records: int = DEFAULT_MAX_PENDING_RECORDS
    max_pending_bytes: int = DEFAULT_MAX_PENDING_BYTES
    progress_interval: float = DEFAULT_PROGRESS_INTERVAL
    execution: IntentExecution | None = None


def _positive_int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IntentError("CONFIG_INVALID", f"{name} must be a positive integer", path=f"/{name}")
    return value


def validate_config(config: object) -> IntentMcpAdapterConfig:
    """Return ``config`` if it is usable, else raise ``CONFIG_INVALID`` naming the offending part."""
    if not isinstance(config, IntentMcpAdapterConfig):
        raise IntentError("CONFIG_INVALID", "pass an IntentMcpAdapterConfig", path="")
    if config.mode not in ("executor", "host"):
        raise IntentError("CONFIG_INVALID", 'mode must be "executor" or "host"', path="/mode")
    check_tool_prefix(config.tool_prefix)
    if not isinstance(config.instances, Mapping) or not config.instances:
        raise IntentError("CONFIG_INVALID", "instances must map at least one name to an Intent", path="/instances")
    for name, instance in config.instances.items():
        check_instance_name(name)
        if isinstance(instance, IntentConfig):
            raise IntentError(
                "CONFIG_INVALID",
                "adapter instances are caller-created Intent objects, not IntentConfig: wrap it in Intent(...)",
                path=f"/instances/{name}",
            )
        if not isinstance(instance, Intent):
            raise IntentError("CONFIG_INVALID", "each instance must be an intent.Intent", path=f"/instances/{name}")
        if config.mode == "executor" and instance.config.executor is None:
            raise IntentError(
                "CONFIG_INVALID",
                "executor mode needs an executor on every instance; configure one or use mode='host'",
                path=f"/instances/{name}",
            )
    if config.execution is not None and not isinstance(config.execution, IntentExecution):
        raise IntentError("CONFIG_INVALID", "execution must have an async execute(request) method",
                          path="/execution")
    _positive_int(config.max_terminal_records, "max_terminal_records")
    _positive_int(config.max_terminal_bytes, "max_terminal_bytes")
    _positive_int(config.max_pending_records, "max_pending_records")
    _positive_int(config.max_pending_bytes, "max_pending_bytes")
    interval = config.progress_interval
    if isinstance(interval, bool) or not isinstance(interval, (int, float)) or interval <= 0:
        raise IntentError("CONFIG_INVALID", "progress_interval must be a positive number of seconds",
                          path="/progress_interval")
    return config
