"""Summaries of timing samples: medians and tail percentiles, computed the same way everywhere."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The ``fraction`` (0..1) percentile by linear interpolation between closest ranks."""
    if not samples:
        raise ValueError("percentile of no samples")
    if not 0.0 <= fraction <= 1.0:
        raise ValueError("fraction must lie in [0, 1]")
    ordered = sorted(samples)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = math.ceil(position)
    if low == high:
        return ordered[low]
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True, slots=True)
class Summary:
    """Count, median and 99th percentile of a set of samples (seconds)."""

    count: int
    median: float
    p99: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Summary:
        return cls(count=len(samples), median=percentile(samples, 0.5), p99=percentile(samples, 0.99))


def ratio(measured: float, floor: float) -> float:
    """How many times the floor the measurement is; infinite when the floor is zero."""
    return measured / floor if floor > 0 else math.inf
