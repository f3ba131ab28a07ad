"""Executors answer model tasks with candidate text; the protocol is ``intent.executor.Executor``.

Every name here loads on first use (model SDKs load only when their executor is built), so
importing this package, or one executor module of it, stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from intent.executor import Executor
    from intent.executors.anthropic import AnthropicExecutor
    from intent.executors.factory import CORE_EXECUTOR_KINDS, ExecutorKinds, build_executor
    from intent.executors.openai import OpenAIExecutor
    from intent.executors.scripted import ScriptedExecutor

_HOMES = {
    "AnthropicExecutor": "intent.executors.anthropic",
    "CORE_EXECUTOR_KINDS": "intent.executors.factory",
    "Executor": "intent.executor",
    "ExecutorKinds": "intent.executors.factory",
    "OpenAIExecutor": "intent.executors.openai",
    "ScriptedExecutor": "intent.executors.scripted",
    "build_executor": "intent.executors.factory",
}

__all__ = [
    "CORE_EXECUTOR_KINDS",
    "AnthropicExecutor",
    "Executor",
    "ExecutorKinds",
    "OpenAIExecutor",
    "ScriptedExecutor",
    "build_executor",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'intent.executors' has no attribute {name!r}")
    return getattr(import_module(home), name)
