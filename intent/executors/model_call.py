"""One model call with a deadline and bounded retries with backoff.

Only upstream trouble is retried here (transport errors, 429, 5xx). A reply whose format is
wrong is returned as it is: the core spends its one correction with explicit feedback instead.
Progress notifications are the MCP adapter's business: it reports while the whole recognition runs.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import anyio

from intent.errors import IntentError
from intent.executors.model_settings import CallSettings
from intent.task.model_task import ModelTask

logger = logging.getLogger("intent.executors")

BACKOFF_BASE_SECONDS = 0.25
BACKOFF_CAP_SECONDS = 8.0


class UpstreamError(Exception):
    """A failed model attempt, already classified by the executor that made it.

    ``message`` must already be free of secrets: it reaches the caller's error envelope.
    """

    def __init__(self, message: str, *, retryable: bool, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.retryable = retryable
        self.retry_after = retry_after


def backoff_delay(attempt: int, retry_after: float | None = None) -> float:
    """Seconds to wait before retry number ``attempt`` (1-based): exponential with jitter, or Retry-After."""
    if retry_after is not None and math.isfinite(retry_after) and retry_after >= 0:
        return min(retry_after, BACKOFF_CAP_SECONDS)
    ceiling = min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * (2.0 ** (attempt - 1)))
    # Jitter keeps many clients from retrying in lockstep against a recovering server.
    return ceiling / 2 + random.uniform(0, ceiling / 2)


def _deadline(settings: CallSettings, task: Mapping[str, Any]) -> tuple[float, bool]:
    """The monotonic instant this call must end by, and whether the task's own deadline sets it."""
    own = time.monotonic() + settings.timeout_seconds
    task_deadline = task.deadline if isinstance(task, ModelTask) else None
    if task_deadline is not None and task_deadline < own:
        return float(task_deadline), True
    return own, False


async def _attempts(
    attempt: Callable[[], Awaitable[str]],
    settings: CallSettings,
    label: str,
    deadline: float,
) -> str:
    tries = settings.max_retries + 1
    for number in range(1, tries + 1):
        try:
            return await attempt()
        except UpstreamError as exc:
            if not exc.retryable or number == tries:
                suffix = f" after {number} attempts" if number > 1 else ""
                raise IntentError(
                    "EXECUTOR_FAILED", f"the {label} model call failed{suffix}: {exc.message}",
                    retryable=exc.retryable,
                ) from None
            delay = backoff_delay(number, exc.retry_after)
            if time.monotonic() + delay >= deadline:
                # Sleeping into the deadline would only turn a clear upstream failure into a timeout.
                raise IntentError(
                    "EXECUTOR_FAILED",
                    f"the {label} model call failed and no time is left to retry: {exc.message}",
                    retryable=True,
                ) from None
            logger.info("%s model call failed (%s); retry %d of %d in %.2fs",
                        label, exc.message, number, settings.max_retries, delay)
            await anyio.sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover


async def run_model_call(
    attempt: Callable[[], Awaitable[str]],
    *,
    settings: CallSettings,
    task: Mapping[str, Any],
    label: str,
) -> str:
    """Run ``attempt`` until it answers, retrying retryable ``UpstreamError`` within ``max_retries``.

    The whole call, retries and backoff included, ends by ``timeoutSeconds`` (or the task's
    deadline when that comes first) with ``TIMEOUT``; an exhausted or final upstream failure
    is ``EXECUTOR_FAILED``.
    """
    deadline, task_bound = _deadline(settings, task)
    remaining = deadline - time.monotonic()
    timeout = IntentError(
        "TIMEOUT",
        "the recognition deadline passed while waiting for the model"
        if task_bound
        else f"the {label} model did not answer within {settings.timeout_seconds:g} seconds",
    )
    if remaining <= 0:
        raise timeout
    outcome: str | None = None
    with anyio.move_on_after(remaining) as scope:
        outcome = await _attempts(attempt, settings, label, deadline)
    if scope.cancelled_caught or outcome is None:
        raise timeout
    return outcome
