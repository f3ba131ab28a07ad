"""Measurement 3: what ``Intent.accept`` costs beyond decoding the candidate and encoding the result.

For each input length the same prepared candidate is accepted over and over (a fresh task each
time, prepared outside the timer). The floor is ``orjson.loads`` of that candidate plus
``orjson.dumps`` of the finished result: the least any implementation must do with the bytes.
"""

from __future__ import annotations

import gc
import math
import time
from dataclasses import dataclass
from typing import Any

import orjson

from bench.report import Row, Section, format_seconds
from bench.stats import Summary, ratio
from bench.workloads import MEDIUM_INPUT, SHORT_INPUT, long_input

# Time per character may rise this much faster than length before growth counts as worse than linear.
LINEAR_EXPONENT_LIMIT = 1.2


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


async def _measure_size(intent: Any, label: str, text: str, budget: CoreBudget) -> SizeOutcome:
    request = {"input": text}
    first_task = intent.prepare(request)
    executor = intent.config.executor
    if executor is None:
        raise RuntimeError("the default configuration has no built-in recognizer")
    candidate = await executor.complete(first_task)
    result = await intent.accept(first_task, candidate)
    result_dict = result.to_dict()
    for _ in range(budget.warmup):
        await intent.accept(intent.prepare(request), candidate)
    gc.collect()
    accept_samples: list[float] = []
    deadline = time.monotonic() + budget.seconds_per_size / 2
    while time.monotonic() < deadline or len(accept_samples) < 5:
        task = intent.prepare(request)
        started = time.perf_counter()
        await intent.accept(task, candidate)
        accept_samples.append(time.perf_counter() - started)
    floor_samples: list[float] = []
    deadline = time.monotonic() + budget.seconds_per_size / 2
    while time.monotonic() < deadline or len(floor_samples) < 5:
        started = time.perf_counter()
        orjson.loads(candidate)
        orjson.dumps(result_dict)
        floor_samples.append(time.perf_counter() - started)
    return SizeOutcome(label, len(text), Summary.of(accept_samples), Summary.of(floor_samples))


def growth_exponent(smaller: SizeOutcome, larger: SizeOutcome) -> float:
    """k in time ∝ length^k between two sizes: 1 is linear, below 1 is fixed cost amortising."""
    return math.log(larger.accept.median / smaller.accept.median) / math.log(larger.chars / smaller.chars)


async def measure_core(budget: CoreBudget) -> Section:
    from intent import Intent, IntentConfig, Limits

    section = Section("core overhead")
    limits = Limits()
    intent = Intent(IntentConfig(schema=None, domains=None, limits=limits))
    sizes = [
        ("short", SHORT_INPUT),
        ("medium (60 words, 3 intents)", MEDIUM_INPUT),
        (f"long ({limits.max_input_chars} char limit)", long_input(limits.max_input_chars)),
    ]
    try:
        outcomes = [await _measure_size(intent, label, text, budget) for label, text in sizes]
    finally:
        await intent.close()
    for outcome in outcomes:
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
    exponent = growth_exponent(outcomes[1], outcomes[2])
    section.rows.append(
        Row(
            "3. core accept",
            f"growth medium -> long: time ∝ length^k (linear k <= {LINEAR_EXPONENT_LIMIT})",
            f"k = {exponent:.2f}",
            ok=exponent <= LINEAR_EXPONENT_LIMIT,
        )
    )
    return section
