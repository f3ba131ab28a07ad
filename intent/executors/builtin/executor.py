"""``BuiltinExecutor``: the offline, deterministic executor every ``Intent`` uses by default."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import anyio
import anyio.to_thread
import orjson

from intent.budget import offload_worthy
from intent.errors import FeedbackItem, IntentError
from intent.executors.builtin.language import unsupported_language_message
from intent.executors.builtin.recognize import recognize

__all__ = ["BuiltinExecutor"]


class BuiltinExecutor:
    """Answers a model task from ``task["input"]`` alone, with rules instead of a model.

    No model, key or network: the same input always gives the same candidate, and the core
    verifies it like any model's answer. It writes a well-formed candidate, so correction
    feedback cannot improve it and is ignored.
    """

    def __init__(self, model: Any = None) -> None:
        self.model = model  # trained from examples (intent.nlu), or None: hints and rules only

    async def complete(self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None) -> str:
        task_input = task.get("input")
        if not isinstance(task_input, Mapping):
            raise IntentError("EXECUTOR_FAILED", "the model task has no input object", retryable=False)
        text = task_input.get("text")
        if isinstance(text, str) and offload_worthy(len(text)):
            # A long input is read on a worker thread: the event loop keeps serving other calls
            # and a deadline around this call is honoured while it runs.
            candidate = await anyio.to_thread.run_sync(
                functools.partial(recognize, task_input, model=self.model), abandon_on_cancel=True
            )
        else:
            candidate = recognize(task_input, model=self.model)
        return orjson.dumps(candidate).decode()

    async def aclose(self) -> None:
        """Nothing to release: the recognizer holds no connection."""

    def explain_no_intent(self, text: str) -> tuple[str, str] | None:
        """An issue (code, message) telling why ``text`` gave no intent, when the reason is known."""
        reason = unsupported_language_message(text)
        if reason is None:
            return None
        return ("UNSUPPORTED_LANGUAGE", f"{reason}; the built-in recognizer reads English only: configure a model "
                "executor or use host mode for other languages")

    def __repr__(self) -> str:
        return "BuiltinExecutor(trained)" if self.model is not None else "BuiltinExecutor()"
