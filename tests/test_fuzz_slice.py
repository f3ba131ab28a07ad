"""A small fixed slice of the fuzzing harness (``python -m bench.fuzz``): no uncoded exception, bounded time."""

from __future__ import annotations

from bench.fuzz import fuzz


def test_a_fixed_slice_of_hostile_requests_and_candidates_gets_only_coded_answers() -> None:
    report = fuzz(requests_count=60, candidates_count=60, seed_value=20261201)
    assert report.tried == {"requests": 60, "candidates": 60}
    assert report.failures == [], "\n".join(report.failures[:5])
    assert report.worst_seconds < 5.0, report.worst_case
