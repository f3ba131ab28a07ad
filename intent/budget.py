"""A work budget for one recognition, spent cooperatively by the passes whose cost the input can choose.

Most of the pipeline is linear in what it reads. The passes that are not (fuzzy alignment compares
every word window of the input with a quote) spend from a ``WorkBudget`` as they go: when the
units are gone the pass stops and gives its conservative answer (a quote it could not align is
dropped, as any unaligned quote is), so the answer depends on the input alone, never on the
machine. The same call checks the recognition's deadline, so a deadline stops the work itself,
not only the wait for it.

The budget in force is found through a context variable, so the passes keep their signatures:
``with spending(WorkBudget(...)): resolve(...)``. A pass run outside any ``spending`` block gets a
fresh default budget of its own, so it is bounded too.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from intent.errors import IntentError

__all__ = ["DEFAULT_WORK_UNITS", "OFFLOAD_CHARS", "WorkBudget", "current_budget", "offload_worthy", "spending"]

# One unit is about 25 ns of work on a slow core. Sixteen million keep the worst request near
# 0.4 s of CPU and still align a 100-word quote with a slip in natural text (about 8 million).
DEFAULT_WORK_UNITS = 16_000_000
# Work on more characters than this (input plus candidate) runs on a worker thread, off the event
# loop; below it the thread hop would cost more than the work (a short request takes ~100 µs).
OFFLOAD_CHARS = 4096


def offload_worthy(chars: int) -> bool:
    """Is work over ``chars`` characters of text large enough to run off the event loop?"""
    return chars > OFFLOAD_CHARS


class WorkBudget:
    """Units of work left for one recognition, and the monotonic deadline it must finish by."""

    __slots__ = ("deadline", "units")

    def __init__(self, units: int = DEFAULT_WORK_UNITS, *, deadline: float | None = None) -> None:
        self.units = units
        self.deadline = deadline

    def spend(self, units: int) -> bool:
        """Take ``units``; False (and nothing taken) when too few are left. Raises TIMEOUT past the deadline."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise IntentError("TIMEOUT", "the recognition's deadline passed", retryable=True)
        if units > self.units:
            self.units = 0  # a pass that could not afford its step stops; later ones stop too
            return False
        self.units -= units
        return True

    @property
    def exhausted(self) -> bool:
        return self.units <= 0

    def __repr__(self) -> str:
        return f"WorkBudget(units={self.units}, deadline={self.deadline})"


_CURRENT: ContextVar[WorkBudget | None] = ContextVar("intent_work_budget", default=None)


def current_budget() -> WorkBudget:
    """The budget in force, or a fresh default one when none is."""
    budget = _CURRENT.get()
    return budget if budget is not None else WorkBudget()


@contextmanager
def spending(budget: WorkBudget) -> Iterator[WorkBudget]:
    """Make ``budget`` the one the passes spend from inside the block."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)
