"""Measurement 4: the host handoff (``intent_prepare`` then ``intent_accept``) under concurrency, in process.

N adapter sessions hand off back to back for a bounded time; the floor is the same number of
workers calling ``Intent.prepare``/``Intent.accept`` directly, the two taking turns. Then 10,000
requests pass through the sessions while the memory the adapter keeps is watched against its
8 MiB bound on retained records.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bench.processes import resident_bytes
from bench.report import Row, Section, format_bytes, format_seconds
from bench.stats import Summary, ratio
from bench.workloads import SEED_INPUT

if TYPE_CHECKING:
    from mcp_types import CallToolResult

    from adapter import IntentMcpAdapter, IntentMcpSession
    from intent import Intent

RECORD_MEMORY_BOUND = 8 * 1024 * 1024
# Requests run under tracemalloc at the end of the memory run (it slows them several times over).
_TRACED_REQUESTS = 2000
HOST_PROTOCOL_VERSION = "2025-11-25"
# Distinct requests, so replies differ and no cache can stand in for the work.
_VARIANTS = 16


# One prepare-and-accept of (request text, candidate text).
Handoff = Callable[[str, str], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class HandoffBudget:
    sessions: int
    seconds: float
    memory_requests: int


@dataclass(slots=True)
class WorkerTally:
    """Handoffs done and failed; latencies kept only when asked (the memory run must not grow a list)."""

    keep_latencies: bool = True
    latencies: list[float] = field(default_factory=list)
    completed: int = 0
    errors: int = 0
    first_error: str | None = None

    def record_success(self, seconds: float) -> None:
        self.completed += 1
        if self.keep_latencies:
            self.latencies.append(seconds)

    def record_error(self, exc: BaseException) -> None:
        self.errors += 1
        if self.first_error is None:
            self.first_error = f"{type(exc).__name__}: {exc}"[:300]


def request_texts() -> list[str]:
    return [SEED_INPUT.replace("000123", f"{123 + n:06d}") for n in range(_VARIANTS)]


async def builtin_candidates(texts: list[str]) -> dict[str, str]:
    """Candidate text for each request, written once by the built-in recognizer (the 'host model')."""
    from intent import Intent, IntentConfig

    recognizer = Intent(IntentConfig(schema=None, domains=None))
    executor = recognizer.config.executor
    if executor is None:
        raise RuntimeError("the default configuration has no built-in recognizer")
    try:
        return {text: await executor.complete(recognizer.prepare({"input": text})) for text in texts}
    finally:
        await recognizer.close()


def _structured(reply: CallToolResult | None) -> dict[str, Any]:
    """The structured body of a tool reply; RuntimeError with the error text when the call failed."""
    if reply is None:
        raise RuntimeError("the adapter did not recognize the tool")
    body = reply.structured_content
    if reply.is_error or not isinstance(body, dict):
        text = getattr(reply.content[0], "text", None) if reply.content else None
        raise RuntimeError(f"tool failed: {str(text)[:300]}")
    return body


def session_handoff(session: IntentMcpSession) -> Handoff:
    async def handoff(text: str, candidate: str) -> None:
        await adapter_handoff(session, text, candidate)

    return handoff


async def adapter_handoff(session: IntentMcpSession, text: str, candidate: str) -> None:
    task = _structured(await session.call_tool("intent_prepare", {"input": text}))
    result = _structured(
        await session.call_tool(
            "intent_accept",
            {
                "requestId": task["requestId"],
                "submissionToken": task["submissionToken"],
                "candidateText": candidate,
            },
        )
    )
    if result.get("input") != text:
        raise RuntimeError("the accepted result is not for the prepared request")


def core_handoff(intent: Intent) -> Handoff:
    async def handoff(text: str, candidate: str) -> None:
        result = await intent.accept(intent.prepare({"input": text}), candidate)
        if result.input != text:
            raise RuntimeError("the accepted result is not for the prepared request")

    return handoff


async def _worker(
    handoff: Handoff,
    candidates: dict[str, str],
    offset: int,
    tally: WorkerTally,
    *,
    deadline: float | None = None,
    count: int | None = None,
) -> None:
    texts = list(candidates)
    done = 0
    while (deadline is None or time.monotonic() < deadline) and (count is None or done < count):
        text = texts[(offset + done) % len(texts)]
        done += 1
        started = time.perf_counter()
        try:
            await handoff(text, candidates[text])
        except Exception as exc:
            tally.record_error(exc)
            continue
        tally.record_success(time.perf_counter() - started)


async def _timed_run(
    handoffs: list[Handoff],
    candidates: dict[str, str],
    seconds: float,
    tally: WorkerTally,
) -> float:
    """Run the workers for ``seconds``, adding to ``tally``; return the time it took."""
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(*(_worker(h, candidates, i, tally, deadline=deadline) for i, h in enumerate(handoffs)))
    return time.monotonic() - started


def _ledger_of(adapter: IntentMcpAdapter) -> Any:
    """The adapter's record ledger, when it exposes its byte count (an optional detail, read if present)."""
    ledger = getattr(adapter, "ledger", None)
    return ledger if hasattr(ledger, "terminal_bytes") else None


@dataclass(slots=True)
class MemoryOutcome:
    """What the adapter held while requests passed through, each figure the peak over the checkpoints."""

    tally: WorkerTally = field(default_factory=lambda: WorkerTally(keep_latencies=False))
    requests: int = 0
    traced_requests: int = 0
    traced_growth: int = 0
    rss_growth: int | None = None
    ledger_bytes: int | None = None
    records: int = 0


async def _memory_run(
    sessions: list[IntentMcpSession], candidates: dict[str, str], requests: int, ledger: Any
) -> MemoryOutcome:
    """Push ``requests`` handoffs through in ten rounds, watching what stays held after each.

    tracemalloc costs several times the work it watches, so only the last rounds (about
    ``_TRACED_REQUESTS``) run under it: long enough for every bounded store to turn over many
    times, so a per-request leak shows as growth. The process's resident size is watched
    across all of them as an upper bound.
    """
    outcome = MemoryOutcome()
    checkpoints = 10
    per_session = max(1, requests // checkpoints // len(sessions))
    per_round = per_session * len(sessions)
    traced_rounds = max(1, min(checkpoints, _TRACED_REQUESTS // per_round))
    gc.collect()
    rss_baseline = resident_bytes(os.getpid())
    traced_baseline = 0
    try:
        for round_index in range(checkpoints):
            if round_index == checkpoints - traced_rounds:
                gc.collect()
                tracemalloc.start()
                traced_baseline = tracemalloc.get_traced_memory()[0]
            await asyncio.gather(
                *(
                    _worker(session_handoff(s), candidates, i, outcome.tally, count=per_session)
                    for i, s in enumerate(sessions)
                )
            )
            outcome.requests += per_round
            gc.collect()
            if tracemalloc.is_tracing():
                outcome.traced_requests += per_round
                outcome.traced_growth = max(outcome.traced_growth, tracemalloc.get_traced_memory()[0] - traced_baseline)
            rss = resident_bytes(os.getpid())
            if rss is not None and rss_baseline is not None:
                outcome.rss_growth = max(outcome.rss_growth or 0, rss - rss_baseline)
            if ledger is not None:
                outcome.ledger_bytes = max(outcome.ledger_bytes or 0, int(ledger.terminal_bytes))
            outcome.records = max(outcome.records, sum(s.record_count for s in sessions))
    finally:
        tracemalloc.stop()
    return outcome


async def measure_handoff(budget: HandoffBudget) -> Section:
    from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter
    from intent import Intent, IntentConfig

    section = Section("host handoff")
    candidates = await builtin_candidates(request_texts())
    host_intent = Intent(IntentConfig(schema=None, executor=None))
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(mode="host", instances={"main": host_intent}))
    sessions = [adapter.connect(protocol_version=HOST_PROTOCOL_VERSION) for _ in range(budget.sessions)]
    try:
        # Warm both paths so first-call costs (imports, schema compilation) stay out of the numbers.
        for text, candidate in list(candidates.items())[:4]:
            await adapter_handoff(sessions[0], text, candidate)
            await core_handoff(host_intent)(text, candidate)
        # Floor and adapter take turns, so a busy moment on the machine hits both alike.
        floor_tally, tally = WorkerTally(), WorkerTally()
        floor_elapsed = elapsed = 0.0
        for _turn in range(2):
            floor_elapsed += await _timed_run(
                [core_handoff(host_intent)] * budget.sessions, candidates, budget.seconds / 4, floor_tally
            )
            elapsed += await _timed_run([session_handoff(s) for s in sessions], candidates, budget.seconds / 4, tally)
        memory = await _memory_run(sessions, candidates, budget.memory_requests, _ledger_of(adapter))
    finally:
        for session in sessions:
            await session.close()
        await adapter.close()
        await host_intent.close()
    _add_rows(section, budget, tally, elapsed, floor_tally, floor_elapsed, memory)
    return section


def _add_rows(
    section: Section,
    budget: HandoffBudget,
    tally: WorkerTally,
    elapsed: float,
    floor_tally: WorkerTally,
    floor_elapsed: float,
    memory: MemoryOutcome,
) -> None:
    label = f"4. host handoff, {budget.sessions} sessions"
    if not tally.latencies or not floor_tally.latencies:
        section.notes.append(f"no successful handoffs: {tally.first_error or floor_tally.first_error}")
        return
    rate = len(tally.latencies) / elapsed
    floor_rate = len(floor_tally.latencies) / floor_elapsed
    summary = Summary.of(tally.latencies)
    floor_summary = Summary.of(floor_tally.latencies)
    memory_tally = memory.tally
    section.rows += [
        Row(
            label,
            "prepare+accept per second (ratio = floor ÷ adapter)",
            f"{rate:.0f}/s",
            f"{floor_rate:.0f}/s",
            ratio(floor_rate, rate),
        ),
        Row(
            label,
            "latency p50",
            format_seconds(summary.median),
            format_seconds(floor_summary.median),
            ratio(summary.median, floor_summary.median),
        ),
        Row(
            label,
            "latency p99",
            format_seconds(summary.p99),
            format_seconds(floor_summary.p99),
            ratio(summary.p99, floor_summary.p99),
        ),
        Row(
            label,
            "errors",
            str(tally.errors + memory_tally.errors),
            str(floor_tally.errors),
            ok=tally.errors + memory_tally.errors == 0,
        ),
        Row(
            label,
            f"memory held while {memory.requests} requests pass (peak): RSS growth",
            format_bytes(memory.rss_growth),
            f"bound {format_bytes(RECORD_MEMORY_BOUND)}",
            ok=memory.rss_growth is None or memory.rss_growth <= RECORD_MEMORY_BOUND,
        ),
        Row(
            label,
            f"heap growth over the last {memory.traced_requests} (tracemalloc); records; ledger reply bytes",
            f"{format_bytes(memory.traced_growth)}; {memory.records}; {format_bytes(memory.ledger_bytes)}",
            f"bound {format_bytes(RECORD_MEMORY_BOUND)}",
            ok=memory.traced_growth <= RECORD_MEMORY_BOUND,
        ),
    ]
    section.notes.append(
        "floor: the same workers calling Intent.prepare/Intent.accept directly; memory rows: "
        "growth after gc against the state before, peak over 10 checkpoints"
    )
    for name, error in (("adapter", tally.first_error or memory_tally.first_error), ("core", floor_tally.first_error)):
        if error:
            section.notes.append(f"first {name} error: {error}")
