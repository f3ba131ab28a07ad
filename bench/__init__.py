"""Benchmarks for intent-mcp: each measurement beside a floor measured in the same run.

Run with ``python -m bench`` (``--quick`` for a pass of a few seconds); ``python -m bench.profile``
shows where the time goes. Nothing here is imported by the project itself; the servers under
test run as child processes on loopback.
"""

from __future__ import annotations

from bench.report import Row, Section, render
from bench.runner import BenchPlan, run_plan
from bench.stats import Summary, percentile, ratio

__all__ = ["BenchPlan", "Row", "Section", "Summary", "percentile", "ratio", "render", "run_plan"]
