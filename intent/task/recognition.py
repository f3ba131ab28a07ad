"""The core's state of one recognition: what it needs to judge the candidates for one task.

It is kept beside the ``ModelTask`` message, never in it: an executor sees only the message,
while ``Intent.accept`` reads the checked request, the owner and the correction budget here.
"""

from __future__ import annotations

import time

from intent.request import NormalizedRequest


class Recognition:
    """The checked request, who prepared it, its deadline and the one correction it allows."""

    __slots__ = ("_corrections_left", "deadline", "owner", "request")

    def __init__(self, request: NormalizedRequest, owner: object, deadline: float | None) -> None:
        self.request = request
        self.owner = owner
        self.deadline = deadline
        self._corrections_left = 1

    def remaining(self) -> float | None:
        """Seconds left before the deadline (a ``time.monotonic()`` instant), or None without one."""
        return None if self.deadline is None else self.deadline - time.monotonic()

    @property
    def may_correct(self) -> bool:
        return self._corrections_left > 0

    def use_correction(self) -> bool:
        """Spend the correction: True if one was left (so the caller may ask again)."""
        left = self._corrections_left > 0
        self._corrections_left = 0
        return left
