"""Where the times and periods of a text stand, merged and sorted once, looked up by bisection.

The later readings (``run_ons``, ``noun_requests``) ask of every word whether it is part of a time;
a sorted list of disjoint spans answers in logarithmic time however many times the text holds.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

__all__ = ["covered", "merge_spans", "overlaps"]

Span = tuple[int, int]


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """The union of ``spans`` as sorted, disjoint spans."""
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def covered(spans: list[Span], position: int) -> bool:
    """Is ``position`` inside one of ``spans`` (sorted and disjoint)?"""
    index = bisect_right(spans, (position, float("inf"))) - 1
    return index >= 0 and spans[index][0] <= position < spans[index][1]


def overlaps(spans: list[Span], start: int, end: int) -> bool:
    """Does ``[start, end)`` share a character with one of ``spans`` (sorted and disjoint)?"""
    index = bisect_right(spans, (end, float("-inf"))) - 1  # the last span starting before ``end``
    return index >= 0 and spans[index][1] > start
