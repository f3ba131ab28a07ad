"""An executor that returns given candidates in order: for tests, examples and replays."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from intent.errors import FeedbackItem, IntentError


class ScriptedExecutor:
    """Returns ``candidates`` one per call; records the tasks and feedback it was given."""

    def __init__(self, candidates: Iterable[str]) -> None:
        self._candidates = list(candidates)
        self.calls: list[tuple[Mapping[str, Any], list[FeedbackItem] | None]] = []

    async def complete(
        self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None
    ) -> str:
        self.calls.append((task, list(feedback) if feedback is not None else None))
        if len(self.calls) > len(self._candidates):
            raise IntentError("EXECUTOR_FAILED", "the scripted executor has no candidate left", retryable=False)
        return self._candidates[len(self.calls) - 1]

    async def aclose(self) -> None:
        """Nothing to release."""
