"""Run the five measurements in order, each bounded in time, and collect their table sections.

A measurement that cannot run (a server that fails to start, a missing piece) becomes a note
in the table instead of stopping the others.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bench.measure_core import CoreBudget, measure_core
from bench.measure_handoff import HandoffBudget, measure_handoff
from bench.measure_http import HttpBudget, measure_http
from bench.measure_stdio import StdioBudget, measure_cold_start, measure_round_trip
from bench.report import Section

MEASUREMENT_NUMBERS = (1, 2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class BenchPlan:
    """Every budget of one run; ``quick`` and ``full`` are the two presets."""

    stdio: StdioBudget
    core: CoreBudget
    handoff: HandoffBudget
    http: HttpBudget

    @classmethod
    def full(cls, *, sessions: int = 8, clients: int = 16) -> BenchPlan:
        return cls(
            stdio=StdioBudget(round_trip_seconds=6.0, round_trip_warmup=200, batch=100, cold_starts=7),
            core=CoreBudget(seconds_per_size=3.0, warmup=50),
            handoff=HandoffBudget(sessions=sessions, seconds=5.0, memory_requests=10_000),
            http=HttpBudget(clients=clients, seconds=8.0, warmup_calls=100),
        )

    @classmethod
    def quick(cls, *, sessions: int = 4, clients: int = 4) -> BenchPlan:
        return cls(
            stdio=StdioBudget(
                round_trip_seconds=0.6, round_trip_warmup=20, batch=25, cold_starts=1, cold_start_warmup=False
            ),
            core=CoreBudget(seconds_per_size=0.2, warmup=3),
            handoff=HandoffBudget(sessions=sessions, seconds=0.5, memory_requests=320),
            http=HttpBudget(clients=clients, seconds=0.8, warmup_calls=5),
        )


def _steps(plan: BenchPlan) -> dict[int, tuple[str, Callable[[], Awaitable[Section]]]]:
    return {
        1: ("round trip", lambda: measure_round_trip(plan.stdio)),
        2: ("cold start", lambda: measure_cold_start(plan.stdio)),
        3: ("core overhead", lambda: measure_core(plan.core)),
        4: ("host handoff", lambda: measure_handoff(plan.handoff)),
        5: ("HTTP under load", lambda: measure_http(plan.http)),
    }


async def run_plan(
    plan: BenchPlan, only: Sequence[int] = MEASUREMENT_NUMBERS, *, progress: Callable[[str], None] | None = None
) -> tuple[list[Section], list[str]]:
    """Run the chosen measurements; return their sections and the names of those that failed."""
    sections: list[Section] = []
    failed: list[str] = []
    for number, (title, step) in _steps(plan).items():
        if number not in only:
            continue
        if progress is not None:
            progress(f"measuring {number}. {title} ...")
        started = time.monotonic()
        try:
            section = await step()
        except Exception as exc:
            failed.append(title)
            section = Section(title, notes=[f"could not run: {type(exc).__name__}: {exc}"[:600]])
        section.notes.append(f"took {time.monotonic() - started:.1f} s")
        sections.append(section)
    return sections, failed


def machine_line() -> str:
    """Where the numbers came from, printed above the table."""
    return (
        f"Python {platform.python_version()} ({sys.implementation.name}), {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )
