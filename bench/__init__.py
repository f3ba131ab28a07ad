"""Benchmarks for intent-mcp: each measurement beside a floor measured in the same run.

Run with ``python -m bench`` (``--quick`` for a pass of a few seconds); ``python -m bench.profile``
shows where the time goes. Nothing here is imported by the project itself; the servers under
test run as child processes on loopback.

The names below load on first use: the floor server (``python -m bench.floor_server``) imports
this package first, and its cold start should pay for the SDK alone, not for the harness's
measurement modules (about 15 of them, ``tracemalloc`` among them).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bench.report import Row, Section, render
    from bench.runner import BenchPlan, run_plan
    from bench.stats import Summary, percentile, ratio

__all__ = ["BenchPlan", "Row", "Section", "Summary", "percentile", "ratio", "render", "run_plan"]

_HOMES = {
    "Row": "bench.report", "Section": "bench.report", "render": "bench.report",
    "BenchPlan": "bench.runner", "run_plan": "bench.runner",
    "Summary": "bench.stats", "percentile": "bench.stats", "ratio": "bench.stats",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bench' has no attribute {name!r}")
    return getattr(import_module(home), name)
