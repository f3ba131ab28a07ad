"""Measurement 5: concurrent clients on loopback against ``intent-mcp --transport http`` and the bare SDK server.

Each client holds one MCP session and calls back to back for a bounded time. The two servers
take turns (floor, intent-mcp, floor, intent-mcp) so drift on the machine hits both alike.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from bench.http_rpc import HttpRpcSession, new_http_client
from bench.processes import (
    FLOOR_SERVER,
    INTENT_SERVER,
    LOOPBACK,
    ServerCommand,
    ServerProcess,
    cpu_seconds,
    free_loopback_port,
    resident_bytes,
    spawn,
    stop,
    wait_for_port,
)
from bench.report import Row, Section, format_bytes, format_seconds
from bench.stats import Summary, ratio
from bench.workloads import SEED_ARGUMENTS

MCP_PATH = "/mcp"
INTENT_TOOL = "intent_parse"
STARTUP_TIMEOUT = 30.0


@dataclass(frozen=True, slots=True)
class HttpBudget:
    clients: int
    seconds: float
    warmup_calls: int


@dataclass(slots=True)
class LoadOutcome:
    """What one server did under load: per-call latencies, failures, and time spent loading."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    first_error: str | None = None
    elapsed: float = 0.0

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed > 0 else 0.0

    def record_error(self, exc: BaseException) -> None:
        self.errors += 1
        if self.first_error is None:
            self.first_error = f"{type(exc).__name__}: {exc}"[:300]


async def _client_loop(url: str, tool: str, deadline: float, outcome: LoadOutcome, client: Any) -> None:
    session = HttpRpcSession(client, url)
    try:
        await session.initialize()
    except Exception as exc:
        outcome.record_error(exc)
        return
    try:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                await session.call_tool(tool, SEED_ARGUMENTS)
            except Exception as exc:
                outcome.record_error(exc)
                continue
            outcome.latencies.append(time.perf_counter() - started)
    finally:
        try:
            await session.close()
        except Exception as exc:
            outcome.record_error(exc)


async def load(url: str, tool: str, *, clients: int, seconds: float, outcome: LoadOutcome) -> None:
    """Run ``clients`` concurrent sessions against ``url`` for ``seconds``; add to ``outcome``."""
    async with new_http_client(clients, timeout=30.0) as client:
        started = time.monotonic()
        deadline = started + seconds
        await asyncio.gather(*(_client_loop(url, tool, deadline, outcome, client) for _ in range(clients)))
        outcome.elapsed += time.monotonic() - started


@dataclass(slots=True)
class _HttpSubject:
    command: ServerCommand
    tool: str
    port: int = 0
    server: ServerProcess | None = None
    outcome: LoadOutcome = field(default_factory=LoadOutcome)
    rss_before: int | None = None
    rss_after: int | None = None
    cpu_used: float | None = 0.0

    def add_cpu(self, before: float | None, after: float | None) -> None:
        if self.cpu_used is None or before is None or after is None:
            self.cpu_used = None
        else:
            self.cpu_used += after - before

    def cpu_per_call(self) -> float | None:
        calls = len(self.outcome.latencies)
        return self.cpu_used / calls if self.cpu_used is not None and calls else None

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}{MCP_PATH}"


async def _start(subject: _HttpSubject) -> None:
    subject.port = free_loopback_port()
    subject.server = await spawn(subject.command.http_argv(subject.port, MCP_PATH), stdio=False)
    try:
        await wait_for_port(subject.port, timeout=STARTUP_TIMEOUT, server=subject.server)
    except Exception as exc:
        tail = await stop(subject.server)
        raise RuntimeError(f"{subject.command.label} over HTTP did not start: {exc}; stderr: {tail[-500:]}") from exc


async def measure_http(budget: HttpBudget) -> Section:
    section = Section("HTTP under load")
    subjects = [_HttpSubject(FLOOR_SERVER, "echo"), _HttpSubject(INTENT_SERVER, INTENT_TOOL)]
    try:
        # Both start at once: the untimed start-up need not be paid twice in wall time.
        await asyncio.gather(*(_start(subject) for subject in subjects))
        for subject in subjects:
            async with new_http_client(1, timeout=30.0) as client:
                session = HttpRpcSession(client, subject.url)
                await session.initialize()
                for _ in range(budget.warmup_calls):
                    await session.call_tool(subject.tool, SEED_ARGUMENTS)
                await session.close()
            assert subject.server is not None
            subject.rss_before = resident_bytes(subject.server.pid)
        for _turn in range(2):
            for subject in subjects:
                assert subject.server is not None
                before = cpu_seconds(subject.server.pid)
                await load(
                    subject.url,
                    subject.tool,
                    clients=budget.clients,
                    seconds=budget.seconds / 2,
                    outcome=subject.outcome,
                )
                subject.add_cpu(before, cpu_seconds(subject.server.pid))
        for subject in subjects:
            assert subject.server is not None
            subject.rss_after = resident_bytes(subject.server.pid)
    finally:
        await asyncio.gather(*(stop(subject.server) for subject in subjects if subject.server is not None))
    floor, intent = subjects
    _add_rows(section, budget, floor, intent)
    return section


def _add_rows(section: Section, budget: HttpBudget, floor: _HttpSubject, intent: _HttpSubject) -> None:
    label = f"5. HTTP, {budget.clients} clients"
    if not intent.outcome.latencies or not floor.outcome.latencies:
        section.notes.append(
            f"no successful calls (intent-mcp: {intent.outcome.first_error}; floor: {floor.outcome.first_error})"
        )
        return
    intent_summary = Summary.of(intent.outcome.latencies)
    floor_summary = Summary.of(floor.outcome.latencies)
    section.rows += [
        Row(
            label,
            "throughput, calls/s (ratio = floor ÷ intent-mcp)",
            f"{intent.outcome.throughput:.0f}/s",
            f"{floor.outcome.throughput:.0f}/s",
            ratio(floor.outcome.throughput, intent.outcome.throughput),
        ),
        Row(
            label,
            "latency p50",
            format_seconds(intent_summary.median),
            format_seconds(floor_summary.median),
            ratio(intent_summary.median, floor_summary.median),
        ),
        Row(
            label,
            "latency p99",
            format_seconds(intent_summary.p99),
            format_seconds(floor_summary.p99),
            ratio(intent_summary.p99, floor_summary.p99),
        ),
        *_cpu_rows(label, floor, intent),
        Row(
            label,
            "errors",
            str(intent.outcome.errors),
            str(floor.outcome.errors),
            ok=intent.outcome.errors == 0,
        ),
        Row(
            label,
            "server RSS before -> after",
            f"{format_bytes(intent.rss_before)} -> {format_bytes(intent.rss_after)}",
            f"{format_bytes(floor.rss_before)} -> {format_bytes(floor.rss_after)}",
        ),
    ]
    if intent.outcome.first_error:
        section.notes.append(f"first intent-mcp error: {intent.outcome.first_error}")


def _cpu_rows(label: str, floor: _HttpSubject, intent: _HttpSubject) -> list[Row]:
    intent_cpu, floor_cpu = intent.cpu_per_call(), floor.cpu_per_call()
    if intent_cpu is None or floor_cpu is None:
        return []
    return [
        Row(
            label,
            "server CPU per call (user+sys)",
            format_seconds(intent_cpu),
            format_seconds(floor_cpu),
            ratio(intent_cpu, floor_cpu),
        )
    ]
