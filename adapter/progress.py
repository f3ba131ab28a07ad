"""Progress notifications while a recognition runs, for calls that carried a progress token."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio

logger = logging.getLogger(__name__)

T = TypeVar("T")


def wants_progress(request_context: Any) -> bool:
    """Whether the MCP request asked for progress (its ``_meta`` carries a progress token)."""
    meta = getattr(request_context, "meta", None)
    if not meta:
        return False
    return meta.get("progressToken", meta.get("progress_token")) is not None


async def _heartbeat(request_context: Any, interval: float) -> None:
    beats = 0
    while True:
        await anyio.sleep(interval)
        beats += 1
        try:
            await request_context.session.report_progress(float(beats), None, "recognition in progress")
        except Exception as exc:  # a progress hiccup must never fail the recognition
            logger.debug("progress notification dropped: %s", type(exc).__name__)
            return


async def with_progress(request_context: Any, interval: float, work: Callable[[], Awaitable[T]]) -> T:
    """Run ``work``; meanwhile report progress every ``interval`` seconds if the request asked for it."""
    if request_context is None or interval <= 0 or not wants_progress(request_context):
        return await work()
    outcome: list[T] = []
    failure: list[BaseException] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(_heartbeat, request_context, interval)
        try:
            outcome.append(await work())
        except Exception as exc:  # re-raised below, outside the task group, unwrapped
            failure.append(exc)
        finally:
            tg.cancel_scope.cancel()
    if failure:
        raise failure[0]
    return outcome[0]
