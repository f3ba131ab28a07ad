"""Measurement 3: what ``Intent.accept`` costs beyond decoding the candidate and encoding the result.

For each input length the same prepared candidate is accepted over and over (a fresh task each
time, prepared outside the timer). The floor is ``orjson.loads`` of that candidate plus
``orjson.dumps`` of the finished result: the least any implementation must do with the bytes.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from bench.report import Row, Section, format_seconds
from bench.stats import Summary, ratio
from bench.workloads import MEDIUM_INPUT, SHORT_INPUT, long_input

# Time per character may rise this much faster than length before growth counts as worse than linear.
LINEAR_EXPONENT_LIMIT = 1.2
# Each size gets slices this long in turn.
_SLICE_SECONDS = 0.02


@dataclass(frozen=True, slots=True)
class CoreBudget:
    seconds_per_size: float
    warmup: int


@dataclass(frozen=True, slots=True)
class SizeOutcome:
    label: str
    chars: int
    accept: Summary
    floor: Summary


@dataclass(slots=True)
class _SizeProbe:
    """One input length: its request, the candidate for it, the result's dict, and the samples so far."""

    label: str
    request: dict[str, Any]
    candidate: str
    result_dict: dict[str, Any]
    accept_samples: list[float] = field(default_factory=list)
    floor_samples: list[float] = field(default_factory=list)

    def outcome(self) -> SizeOutcome:
        return SizeOutcome(
            self.label, len(self.request["input"]), Summary.of(self.accept_samples), Summary.of(self.floor_samples)
        )


async def _probe(intent: Any, label: str, text: str, warmup: int) -> _SizeProbe:
    request = {"input": text}
    first_task = intent.prepare(request)
    executor = intent.config.executor
    if executor is None:
        raise RuntimeError("the default configuration has no built-in recognizer")
    candidate = await executor.complete(first_task)
    result = await intent.accept(first_task, candidate)
    for _ in range(warmup):
        await intent.accept(intent.prepare(request), candidate)
    return _SizeProbe(label, request, candidate, result.to_dict())


async def _sample(intent: Any, probe: _SizeProbe, slice_seconds: float) -> None:
    """Accept, then the floor, alternately for about ``slice_seconds`` (at least once each)."""
    until = time.perf_counter() + slice_seconds
    while True:
        task = intent.prepare(probe.request)
        started = time.perf_counter()
        await intent.accept(task, probe.candidate)
        probe.accept_samples.append(time.perf_counter() - started)
        started = time.perf_counter()
        orjson.loads(probe.candidate)
        orjson.dumps(probe.result_dict)
        probe.floor_samples.append(time.perf_counter() - started)
        if time.perf_counter() >= until:
            return


async def measure_sizes(intent: Any, sizes: Sequence[tuple[str, str]], budget: CoreBudget) -> list[SizeOutcome]:
    """Every size in turn, in short slices, until the budget is spent: load on the machine hits all alike."""
    probes = [await _probe(intent, label, text, budget.warmup) for label, text in sizes]
    gc.collect()
    deadline = time.monotonic() + budget.seconds_per_size * len(probes)
    while True:
        for probe in probes:
            await _sample(intent, probe, _SLICE_SECONDS)
        if time.monotonic() >= deadline and all(len(probe.accept_samples) >= 5 for probe in probes):
            return [probe.outcome() for probe in probes]


def growth_exponent(smaller: SizeOutcome, larger: SizeOutcome) -> float:
    """k in time ∝ length^k between two sizes: 1 is linear, below 1 is fixed cost amortising."""
    return math.log(larger.accept.median / smaller.accept.median) / math.log(larger.chars / smaller.chars)


def fitted_exponent(outcomes: Sequence[SizeOutcome]) -> float:
    """Least-squares slope of log(time) over log(length): k in time ∝ length^k across all sizes."""
    xs = [math.log(outcome.chars) for outcome in outcomes]
    ys = [math.log(outcome.accept.median) for outcome in outcomes]
    mean_x = sum(xs) / len(xs)
    mean_y = sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        raise ValueError("the sizes must differ")
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread


async def measure_core(budget: CoreBudget) -> Section:
    from intent import Intent, IntentConfig, Limits

    section = Section("core overhead")
    limits = Limits()
    intent = Intent(IntentConfig(schema=None, domains=None, limits=limits))
    limit = limits.max_input_chars
    sizes = [("short", SHORT_INPUT), ("medium (60 words, 3 intents)", MEDIUM_INPUT)]
    # The growth ladder: the same kind of text at 1/8, 1/4, 1/2 and all of the input limit.
    ladder = [
        (f"long ({limit} char limit)" if part == 1 else f"1/{part} of the limit", long_input(limit // part))
        for part in (8, 4, 2, 1)
    ]
    try:
        measured = await measure_sizes(intent, [*sizes, *ladder], budget)
        outcomes, ladder_outcomes = measured[: len(sizes)], measured[len(sizes) :]
    finally:
        await intent.close()
    for outcome in [*outcomes, ladder_outcomes[-1]]:
        per_kchar = outcome.accept.median / outcome.chars * 1000
        section.rows.append(
            Row(
                "3. core accept",
                f"{outcome.label}: {outcome.chars} chars, median ({format_seconds(per_kchar)}/1k chars)",
                format_seconds(outcome.accept.median),
                format_seconds(outcome.floor.median),
                ratio(outcome.accept.median, outcome.floor.median),
            )
        )
    exponent = fitted_exponent(ladder_outcomes)
    per_kchar_steps = ", ".join(
        f"{outcome.chars}: {format_seconds(outcome.accept.median / outcome.chars * 1000)}"
        for outcome in ladder_outcomes
    )
    section.rows.append(
        Row(
            "3. core accept",
            f"growth: time ∝ length^k over {len(ladder_outcomes)} lengths (linear: k <= {LINEAR_EXPONENT_LIMIT})",
            f"k = {exponent:.2f}",
            ok=exponent <= LINEAR_EXPONENT_LIMIT,
        )
    )
    section.notes.append(f"accept time per 1k chars along the ladder: {per_kchar_steps}")
    section.notes.append("floor: orjson.loads of the candidate text plus orjson.dumps of the finished result's dict")
    return section
