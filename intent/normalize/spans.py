"""A set of character spans that answers "does this span overlap one already taken?" by bisection.

Readers of a text take the spans they read so a later reading cannot claim the same words;
checking each new span against every taken one made reading quadratic in the mentions.
"""

from __future__ import annotations

import bisect

__all__ = ["SpanSet"]


class SpanSet:
    """Taken ``(start, end)`` spans, kept sorted.

    While no two taken spans overlap (as in every reading so far) the neighbours of a new span
    decide; should two ever overlap, every span is checked, as a plain list would be.
    """

    __slots__ = ("_disjoint", "_spans")

    def __init__(self) -> None:
        self._spans: list[tuple[int, int]] = []
        self._disjoint = True

    def add(self, start: int, end: int) -> None:
        if self._disjoint and not self.free(start, end):
            self._disjoint = False
        bisect.insort(self._spans, (start, end))

    def free(self, start: int, end: int) -> bool:
        """True when no taken span overlaps ``[start, end)``."""
        spans = self._spans
        if not self._disjoint:
            return all(end <= s or start >= e for s, e in spans)
        at = bisect.bisect_left(spans, (start, end))
        for near in (at, at + 1):
            if near < len(spans) and spans[near][0] < end and start < spans[near][1]:
                return False
        return at == 0 or spans[at - 1][1] <= start or spans[at - 1][0] >= end
