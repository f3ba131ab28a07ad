"""intent: turn a natural-language request into a verified, structured IntentResult.

The model proposes, the core verifies: a request becomes a model task, an executor (or a host
model) answers it with candidate JSON, and the core grounds, types and merges that candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from intent.catalog_view import CatalogView
from intent.config import IntentConfig, Limits
from intent.errors import IntentError, SerializedIntentError
from intent.executor import Completer, Executor
from intent.executors.scripted import ScriptedExecutor
from intent.intent import Intent
from intent.request import REQUEST_SCHEMA
from intent.result import EffectiveState, IntentResult
from intent.task import ModelTask

if TYPE_CHECKING:
    from intent.executors.builtin import BuiltinExecutor

__all__ = [
    "REQUEST_SCHEMA",
    "BuiltinExecutor",
    "CatalogView",
    "Completer",
    "EffectiveState",
    "Executor",
    "Intent",
    "IntentConfig",
    "IntentError",
    "IntentResult",
    "Limits",
    "ModelTask",
    "ScriptedExecutor",
    "SerializedIntentError",
]


def __getattr__(name: str) -> Any:
    # The recognizer's tables load only when it is used.
    if name == "BuiltinExecutor":
        from intent.executors.builtin import BuiltinExecutor

        return BuiltinExecutor
    raise AttributeError(name)
