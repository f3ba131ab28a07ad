"""What an executor is: anything that answers a model task with candidate text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from intent.errors import FeedbackItem


@runtime_checkable
class Executor(Protocol):
    """Answers a model task (``instructions``, ``input``, ``outputSchema``) with candidate JSON text.

    ``feedback`` is set only on the one correction a recognition allows: the explicit format
    problems of the previous candidate. Raise ``IntentError`` (``EXECUTOR_FAILED``, ``TIMEOUT``)
    for upstream failures; any other exception becomes ``EXECUTOR_FAILED``.
    """

    async def complete(
        self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None
    ) -> str: ...
