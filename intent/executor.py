"""What an executor is: anything that answers a model task with candidate text.

This module stands alone (it imports only ``intent.errors``) so that ``import intent`` and every
layer that only needs the protocol never load the model executors or their SDKs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from intent.errors import FeedbackItem


@runtime_checkable
class Completer(Protocol):
    """The one call the core makes of an executor; ``IntentConfig.executor`` accepts any such object."""

    async def complete(
        self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None
    ) -> str: ...


@runtime_checkable
class Executor(Protocol):
    """Answers a model task (``instructions``, ``input``, ``outputSchema``) with candidate JSON text.

    ``feedback`` is set only on the one correction a recognition allows: the explicit format
    problems of the previous candidate. Raise ``IntentError`` (``EXECUTOR_FAILED``, ``TIMEOUT``)
    for upstream failures; any other exception becomes ``EXECUTOR_FAILED``.

    ``aclose`` releases what the executor holds (HTTP clients, connections); whoever built the
    executor calls it once, after its last ``complete``. An executor that holds nothing makes it
    a no-op. (``IntentConfig`` still accepts an object with only ``complete``; such an object is
    simply never closed: it is a ``Completer``.)
    """

    async def complete(
        self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None
    ) -> str: ...

    async def aclose(self) -> None: ...


async def close_executor(executor: object) -> None:
    """Close ``executor`` if it has ``aclose`` (objects with only ``complete`` hold nothing to release)."""
    aclose = getattr(executor, "aclose", None)
    if aclose is not None:
        await aclose()


__all__ = ["Completer", "Executor", "close_executor"]
