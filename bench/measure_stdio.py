"""Measurements 1 and 2: round trip of ``tools/call`` and cold start, each against the bare SDK server.

The servers run side by side and are driven in alternating batches, so a noisy neighbour on
the machine slows both sides of a ratio alike instead of only one. The round trip also runs the
floor's echo tool on intent-mcp's own stdio transport: intent-mcp against that prices the
recognition work alone, and that against the floor prices the transport.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from bench import jsonrpc
from bench.processes import (
    FLOOR_ON_OUR_TRANSPORT,
    FLOOR_SERVER,
    INTENT_SERVER,
    ServerCommand,
    ServerProcess,
    cpu_seconds,
    spawn,
    stop,
)
from bench.report import Row, Section, format_seconds
from bench.stats import Summary, ratio
from bench.stdio_rpc import StdioRpcClient
from bench.workloads import SEED_ARGUMENTS

ROUND_TRIP_TARGET = 1.5
COLD_START_TARGET = 1.3
INTENT_TOOL = "intent_parse"
FLOOR_TOOL = "echo"


@dataclass(frozen=True, slots=True)
class StdioBudget:
    """How much work the stdio measurements may do."""

    round_trip_seconds: float
    round_trip_warmup: int
    batch: int
    cold_starts: int
    cold_start_warmup: bool = True


@dataclass(slots=True)
class _Subject:
    command: ServerCommand
    tool: str
    client: StdioRpcClient | None = None


async def cold_start_once(command: ServerCommand, tool: str) -> tuple[float, float]:
    """Seconds from spawn to the first ``tools/list`` answer (after the handshake), and to the first call's."""
    started = time.perf_counter()
    server = await spawn(command.stdio_argv(), stdio=True)
    try:
        client = StdioRpcClient(server)
        await client.initialize()
        tools = await client.list_tools()
        listed = time.perf_counter() - started
        await client.call_tool(tool, SEED_ARGUMENTS)
        called = time.perf_counter() - started
    except Exception as exc:
        tail = await stop(server)
        raise RuntimeError(f"{command.label} failed to start: {exc}; stderr: {tail[-500:]}") from exc
    await stop(server)
    if not tools:
        raise RuntimeError(f"{command.label} listed no tools")
    return listed, called


async def measure_cold_start(budget: StdioBudget) -> Section:
    section = Section("cold start")
    floor_samples: list[tuple[float, float]] = []
    intent_samples: list[tuple[float, float]] = []
    if budget.cold_start_warmup:
        # One unmeasured start each first: it warms the OS file cache and bytecode caches for both.
        await cold_start_once(FLOOR_SERVER, FLOOR_TOOL)
        await cold_start_once(INTENT_SERVER, INTENT_TOOL)
    for _ in range(budget.cold_starts):
        floor_samples.append(await cold_start_once(FLOOR_SERVER, FLOOR_TOOL))
        intent_samples.append(await cold_start_once(INTENT_SERVER, INTENT_TOOL))
    for index, (metric, target) in enumerate(
        (("spawn -> first tools/list", COLD_START_TARGET), ("spawn -> first tools/call answered", None))
    ):
        floor = Summary.of([sample[index] for sample in floor_samples])
        intent = Summary.of([sample[index] for sample in intent_samples])
        section.rows.append(
            Row(
                "2. cold start (stdio)",
                f"{metric}, median of {floor.count}",
                format_seconds(intent.median),
                format_seconds(floor.median),
                ratio(intent.median, floor.median),
                target,
            )
        )
    return section


async def measure_round_trip(budget: StdioBudget) -> Section:
    section = Section("round trip")
    subjects = [
        _Subject(FLOOR_SERVER, FLOOR_TOOL),
        _Subject(INTENT_SERVER, INTENT_TOOL),
        _Subject(FLOOR_ON_OUR_TRANSPORT, FLOOR_TOOL),
    ]
    servers = [await spawn(subject.command.stdio_argv(), stdio=True) for subject in subjects]
    samples: list[list[float]] = [[] for _ in subjects]
    try:
        # All start at once: the untimed start-up need not be paid several times in wall time.
        await asyncio.gather(
            *(_ready(subject, server, budget) for subject, server in zip(subjects, servers, strict=True))
        )
        cpu_before = [cpu_seconds(server.pid) for server in servers]
        deadline = time.monotonic() + budget.round_trip_seconds
        while time.monotonic() < deadline:
            for index, subject in enumerate(subjects):
                assert subject.client is not None
                samples[index].extend(await _timed_batch(subject.client, subject.tool, budget.batch))
        cpu_per_call = [
            _per_call(before, cpu_seconds(server.pid), len(calls))
            for before, server, calls in zip(cpu_before, servers, samples, strict=True)
        ]
    finally:
        await asyncio.gather(*(stop(server) for server in servers))
    floor, intent, transport = (Summary.of(timings) for timings in samples)
    section.rows.append(
        Row(
            "1. round trip (stdio)",
            f"tools/call median, {intent.count} calls",
            format_seconds(intent.median),
            format_seconds(floor.median),
            ratio(intent.median, floor.median),
            ROUND_TRIP_TARGET,
        )
    )
    section.rows.append(
        Row(
            "1. round trip (stdio)",
            "tools/call p99",
            format_seconds(intent.p99),
            format_seconds(floor.p99),
            ratio(intent.p99, floor.p99),
        )
    )
    floor_cpu, intent_cpu, transport_cpu = cpu_per_call
    if floor_cpu is not None and intent_cpu is not None:
        section.rows.append(
            Row(
                "1. round trip (stdio)",
                "server CPU per call (user+sys)",
                format_seconds(intent_cpu),
                format_seconds(floor_cpu),
                ratio(intent_cpu, floor_cpu),
            )
        )
    # The same split priced the other way: the echo tool on intent-mcp's transport as the floor.
    section.rows.append(
        Row(
            "1. round trip (stdio)",
            "tools/call median vs echo on intent-mcp's transport (recognition alone)",
            format_seconds(intent.median),
            format_seconds(transport.median),
            ratio(intent.median, transport.median),
        )
    )
    section.rows.append(
        Row(
            "1. round trip (stdio)",
            "echo tools/call median, intent-mcp's transport vs the SDK's (transport alone)",
            format_seconds(transport.median),
            format_seconds(floor.median),
            ratio(transport.median, floor.median),
        )
    )
    if transport_cpu is not None and intent_cpu is not None:
        section.rows.append(
            Row(
                "1. round trip (stdio)",
                "server CPU per call vs echo on intent-mcp's transport",
                format_seconds(intent_cpu),
                format_seconds(transport_cpu),
                ratio(intent_cpu, transport_cpu),
            )
        )
    return section


def _per_call(before: float | None, after: float | None, calls: int) -> float | None:
    if before is None or after is None or calls == 0:
        return None
    return (after - before) / calls


async def _ready(subject: _Subject, server: ServerProcess, budget: StdioBudget) -> None:
    """Handshake, check the tool is offered, and warm up (untimed)."""
    client = subject.client = StdioRpcClient(server)
    try:
        await client.initialize()
        names = {tool.get("name") for tool in await client.list_tools()}
        if subject.tool not in names:
            raise RuntimeError(f"{subject.command.label} does not offer {subject.tool}")
        for _ in range(budget.round_trip_warmup):
            await client.call_tool(subject.tool, SEED_ARGUMENTS)
    except jsonrpc.RpcFailure as exc:
        raise RuntimeError(f"{subject.command.label}: {exc}") from exc


async def _timed_batch(client: StdioRpcClient, tool: str, count: int) -> list[float]:
    timings: list[float] = []
    for _ in range(count):
        started = time.perf_counter()
        await client.call_tool(tool, SEED_ARGUMENTS)
        timings.append(time.perf_counter() - started)
    return timings
