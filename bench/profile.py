"""``python -m bench.profile accept|server|imports``: where the time goes, for the benchmark note.

- ``accept``: pyinstrument over ``Intent.accept`` of a prepared candidate (``--size``).
- ``server``: pyinstrument inside ``intent-mcp --transport stdio`` while it answers the seed call.
- ``breakdown``: median time of each stage of one ``intent_parse`` of the seed request, in
  process (recognizer, candidate validation, resolution, serialisation, adapter, SDK encoding),
  and of the time grammar on the seed input and on a request full of dates and times; then a
  dated request with date, date-time and integer fields read afresh: the grammar's share of it,
  the recognizer's read of the input, the verifier's reads of each quote and its
  ``unread_in_context`` checks (which find the input's reading in the cache).
- ``whatif``: the stdio round trip of intent-mcp with candidate validation and/or the built-in
  recognizer made free (``bench/whatif_server.py``), against the floor and against the floor's
  echo tool on intent-mcp's own transport: what each would buy.
- ``imports``: ``-X importtime`` of both servers from spawn to the first ``tools/list``, the
  costliest top-level packages first: what cold start pays for.

pyinstrument is a development tool and is imported only here.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson

from bench.processes import FLOOR_ON_OUR_TRANSPORT, FLOOR_SERVER, INTENT_SERVER, ServerCommand, spawn, stop
from bench.stats import percentile
from bench.stdio_rpc import StdioRpcClient
from bench.workloads import MEDIUM_INPUT, SEED_ARGUMENTS, SHORT_INPUT, long_input


def _profiler() -> Any:
    try:
        from pyinstrument import Profiler
    except ImportError:
        raise SystemExit("profiling needs pyinstrument: pip install pyinstrument") from None
    return Profiler(interval=0.0002, async_mode="disabled")


async def profile_accept(size: str, seconds: float) -> str:
    from intent import Intent, IntentConfig, Limits

    limits = Limits()
    text = {"short": SHORT_INPUT, "medium": MEDIUM_INPUT, "long": long_input(limits.max_input_chars)}[size]
    intent = Intent(IntentConfig(limits=limits))
    executor = intent.config.executor
    if executor is None:
        raise SystemExit("the default configuration has no built-in recognizer")
    candidate = await executor.complete(intent.prepare({"input": text}))
    profiler = _profiler()
    calls = 0
    deadline = time.monotonic() + seconds
    profiler.start()
    while time.monotonic() < deadline:
        await intent.accept(intent.prepare({"input": text}), candidate)
        calls += 1
    profiler.stop()
    await intent.close()
    report: str = profiler.output_text(unicode=True, color=False)
    return f"{calls} accepts of a {len(text)}-char input\n" + report


async def profile_server(seconds: float) -> str:
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "profile.txt"
        argv = [
            sys.executable, "-m", "pyinstrument", "--renderer", "text", "--outfile", str(output),
            "--interval", "0.0002", "-m", INTENT_SERVER.module, "--transport", "stdio",
        ]  # fmt: skip
        server = await spawn(argv, stdio=True)
        calls = 0
        try:
            client = StdioRpcClient(server)
            await client.initialize()
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                await client.call_tool("intent_parse", SEED_ARGUMENTS)
                calls += 1
        finally:
            tail = await stop(server, grace=10.0)
        if not output.exists():
            raise SystemExit(f"the profiled server wrote no profile; stderr: {tail}")
        return f"{calls} intent_parse calls over stdio, whole server process\n" + output.read_text()


async def import_costs(command: ServerCommand) -> tuple[float, dict[str, int]]:
    """Wall time to first tools/list and microseconds of import time per top-level package."""
    argv = [sys.executable, "-X", "importtime", *command.stdio_argv()[1:]]
    started = time.perf_counter()
    server = await spawn(argv, stdio=True)
    try:
        client = StdioRpcClient(server)
        await client.initialize()
        await client.list_tools()
        elapsed = time.perf_counter() - started
    finally:
        process = server.process
        if process.stdin is not None:
            process.stdin.close()
        await process.wait()
    server.stderr_file.seek(0)
    report = server.stderr_file.read().decode("utf-8", "replace")
    server.stderr_file.close()
    per_package: dict[str, int] = defaultdict(int)
    for line in report.splitlines():
        # "import time: self_us | cumulative_us | module" - summing self time per top-level name.
        parts = line.split("|")
        if not line.startswith("import time:") or len(parts) != 3 or not parts[0].split(":")[1].strip().isdigit():
            continue
        per_package[parts[2].strip().split(".")[0]] += int(parts[0].split(":")[1])
    return elapsed, dict(per_package)


async def profile_imports(top: int) -> str:
    lines = []
    for command in (FLOOR_SERVER, INTENT_SERVER):
        try:
            elapsed, costs = await import_costs(command)
        except Exception as exc:
            lines.append(f"{command.label}: could not start ({type(exc).__name__}: {exc})")
            continue
        total = sum(costs.values())
        lines.append(f"{command.label}: first tools/list after {elapsed * 1e3:.0f} ms; imports {total / 1e3:.0f} ms")
        for name, micros in sorted(costs.items(), key=lambda item: -item[1])[:top]:
            lines.append(f"  {micros / 1e3:8.1f} ms  {name}")
    return "\n".join(lines)


DATED_INPUT = "Book a table for 4 the day after tomorrow at 7:30pm, and remind me on Friday at 9am CET."


def _median_micros(work: Callable[[], object], *, calls: int, warmup: int = 100) -> float:
    for _ in range(warmup):
        work()
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        work()
        samples.append(time.perf_counter() - started)
    return percentile(samples, 0.5) * 1e6


async def _median_micros_async(work: Callable[[], Awaitable[object]], *, calls: int, warmup: int = 100) -> float:
    for _ in range(warmup):
        await work()
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        await work()
        samples.append(time.perf_counter() - started)
    return percentile(samples, 0.5) * 1e6


DATED_SCHEMA = {
    "type": "object",
    "properties": {
        "when": {"type": "string", "format": "date-time"},
        "day": {"type": "string", "format": "date"},
        "people": {"type": "integer"},
    },
}


async def _dated_breakdown(calls: int) -> list[tuple[str, float]]:
    """The time grammar's share of a dated request with time fields, each request read afresh.

    A new request's text is not in the grammar's cache, so the cache is emptied before each one;
    the recognizer's read of the input then fills it, and the verifier's reads (each quote with its
    sentence's tense, and ``unread_in_context``'s read of the whole input) come after it.
    """
    from intent import Intent, IntentConfig
    from intent.normalize.temporal import grammar
    from intent.resolve import fields

    intent = Intent(IntentConfig(schema=DATED_SCHEMA))
    executor = intent.config.executor
    if executor is None:
        raise SystemExit("the default configuration has no built-in recognizer")
    request = {"input": DATED_INPUT, "referenceTime": "2026-11-30T10:00:00Z"}
    # (fields imports the name, so it is replaced there; mypy sees no re-export, hence vars())
    cached_read, check_context = grammar._read, vars(fields)["unread_in_context"]
    phase = ["recognizer"]
    spent: dict[str, float] = defaultdict(float)

    def timed_read(text: str, reference: datetime | None, tense: Any = None) -> Any:
        started = time.perf_counter()
        try:
            return cached_read(text, reference, tense)
        finally:
            spent[f"read:{phase[0]}"] += time.perf_counter() - started

    def timed_context(text: str, start: int, end: int, reference: datetime | None = None) -> bool:
        outer, phase[0] = phase[0], "context"
        started = time.perf_counter()
        try:
            return bool(check_context(text, start, end, reference))
        finally:
            spent["context"] += time.perf_counter() - started
            spent["context calls"] += 1
            phase[0] = outer

    samples: dict[str, list[float]] = defaultdict(list)
    grammar._read = timed_read
    vars(fields)["unread_in_context"] = timed_context
    try:
        for index in range(calls + 20):
            spent.clear()
            grammar._cached_read.cache_clear()
            task = intent.prepare(request)
            phase[0] = "recognizer"
            started = time.perf_counter()
            candidate = await executor.complete(task)
            recognized = time.perf_counter()
            phase[0] = "verifier"
            await intent.accept(task, candidate)
            accepted = time.perf_counter()
            if index < 20:
                continue
            samples["parse"].append(accepted - started)
            samples["recognizer"].append(recognized - started)
            samples["accept"].append(accepted - recognized)
            for key in ("read:recognizer", "read:verifier", "read:context", "context", "context calls"):
                samples[key].append(spent[key])
            samples["grammar"].append(spent["read:recognizer"] + spent["read:verifier"] + spent["read:context"])
    finally:
        grammar._read = cached_read
        vars(fields)["unread_in_context"] = check_context
    intent_parse = percentile(samples["parse"], 0.5)
    grammar_share = percentile(samples["grammar"], 0.5)

    def micros(key: str) -> float:
        return percentile(samples[key], 0.5) * 1e6

    context_calls = int(percentile(samples["context calls"], 0.5))
    return [
        ("dated request, 3 fields, grammar cache emptied per request: prepare + recognizer + accept",
         intent_parse * 1e6),
        ("  recognizer", micros("recognizer")),
        ("    of which the time grammar (the input, uncached)", micros("read:recognizer")),
        ("  accept (verifier)", micros("accept")),
        ("    of which the time grammar: each quote with its tense", micros("read:verifier")),
        (f"    of which unread_in_context, {context_calls} calls in all", micros("context")),
        ("      of which its reads (the input from the cache, a quote alone)", micros("read:context")),
        (f"  time grammar in all: {100 * grammar_share / intent_parse:.0f}% of the request", grammar_share * 1e6),
    ]


async def profile_breakdown(calls: int) -> str:
    """Each stage of answering the seed ``intent_parse`` in process, median microseconds per call."""
    import mcp_types as types

    from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter
    from intent import Intent, IntentConfig

    # Internal stages, named here only to attribute time; mypy checks bench/, so a rename fails CI.
    from intent.candidate.parse import _check_for, parse_candidate
    from intent.normalize.temporal.grammar import _reading as read_temporal_uncached
    from intent.resolve import resolve

    intent = Intent(IntentConfig())
    executor = intent.config.executor
    if executor is None:
        raise SystemExit("the default configuration has no built-in recognizer")
    request = dict(SEED_ARGUMENTS)
    task = intent.prepare(request)
    candidate = await executor.complete(task)
    result = await intent.accept(task, candidate)
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": intent}))
    session = adapter.connect(protocol_version="2025-11-25")
    reply = await session.call_tool("intent_parse", request)
    assert isinstance(reply, types.CallToolResult)
    limits = intent.config.limits
    lines: list[tuple[str, float]] = [
        ("Intent.prepare", _median_micros(lambda: intent.prepare(request), calls=calls)),
        (
            "built-in recognizer (executor.complete)",
            await _median_micros_async(lambda: executor.complete(task), calls=calls),
        ),
    ]
    # The recognizer and the verifier share one cached reading per request; this is its uncached cost.
    read = read_temporal_uncached
    reference = datetime(2026, 11, 30, 10, tzinfo=timezone.utc)
    seed_text = str(request.get("input", ""))
    lines += [
        ("  of which the time grammar (uncached)", _median_micros(lambda: read(seed_text, reference), calls=calls)),
        ("time grammar, a dated request (uncached)", _median_micros(lambda: read(DATED_INPUT, reference), calls=calls)),
    ]
    value = orjson.loads(candidate)
    check = _check_for(task.output_schema)
    checked = parse_candidate(candidate, task.output_schema, limits)
    lines += [
        (
            "  candidate: parse_candidate (all format checks)",
            _median_micros(lambda: parse_candidate(candidate, task.output_schema, limits), calls=calls),
        ),
        (
            "    of which the compiled schema check",
            _median_micros(lambda: check.is_valid(value), calls=calls),
        ),
        (
            "  resolve (grounding + resolution)",
            _median_micros(lambda: resolve(checked, task.request, intent.config), calls=calls),
        ),
    ]
    lines += [
        ("Intent.accept (prepare outside)", await _accept_micros(intent, request, candidate, calls)),
        ("IntentResult.to_json", _median_micros(result.to_json, calls=calls)),
        ("IntentResult.to_dict", _median_micros(result.to_dict, calls=calls)),
        (
            "Intent.parse (prepare + recognizer + accept)",
            await _median_micros_async(lambda: intent.parse(request), calls=calls),
        ),
        (
            "adapter session.call_tool('intent_parse')",
            await _median_micros_async(lambda: session.call_tool("intent_parse", request), calls=calls),
        ),
        (
            "SDK encoding of the reply (model_dump_json)",
            _median_micros(lambda: reply.model_dump_json(by_alias=True, exclude_none=True), calls=calls),
        ),
    ]
    await session.close()
    await adapter.close()
    await intent.close()
    lines += await _dated_breakdown(calls=max(calls // 4, 50))
    width = max(len(name) for name, _ in lines)
    return "\n".join(
        [
            f"median of {calls} calls, seed request, in process",
            *(f"{name:<{width}}  {micros:8.1f} µs" for name, micros in lines),
        ]
    )


async def _accept_micros(intent: Any, request: dict[str, Any], candidate: str, calls: int) -> float:
    samples = []
    for index in range(calls + 100):
        task = intent.prepare(request)
        started = time.perf_counter()
        await intent.accept(task, candidate)
        if index >= 100:
            samples.append(time.perf_counter() - started)
    return percentile(samples, 0.5) * 1e6


async def profile_whatif(seconds: float) -> str:
    """Round-trip medians of intent-mcp and of variants with stages made free, in alternating batches."""
    from bench.measure_stdio import FLOOR_TOOL, INTENT_TOOL

    whatif = "bench.whatif_server"
    variants = [
        ("bare SDK echo server (floor)", FLOOR_SERVER, FLOOR_TOOL),
        ("echo on intent-mcp's transport", FLOOR_ON_OUR_TRANSPORT, FLOOR_TOOL),
        ("intent-mcp", INTENT_SERVER, INTENT_TOOL),
        ("without candidate validation", ServerCommand("no validation", whatif, ("--skip", "validation")), INTENT_TOOL),
        ("without recognizer work", ServerCommand("no recognizer", whatif, ("--skip", "recognizer")), INTENT_TOOL),
        (
            "without either",
            ServerCommand("neither", whatif, ("--skip", "validation,recognizer")),
            INTENT_TOOL,
        ),
    ]
    servers = [await spawn(command.stdio_argv(), stdio=True) for _, command, _ in variants]
    samples: list[list[float]] = [[] for _ in variants]
    try:
        clients = [StdioRpcClient(server) for server in servers]
        for client, (_, _, tool) in zip(clients, variants, strict=True):
            await client.initialize()
            for _ in range(100):
                await client.call_tool(tool, SEED_ARGUMENTS)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for index, (client, (_, _, tool)) in enumerate(zip(clients, variants, strict=True)):
                for _ in range(50):
                    started = time.perf_counter()
                    await client.call_tool(tool, SEED_ARGUMENTS)
                    samples[index].append(time.perf_counter() - started)
    finally:
        await asyncio.gather(*(stop(server) for server in servers))
    floor = percentile(samples[0], 0.5)
    lines = [f"stdio round trip of the seed intent_parse, medians of {len(samples[0])} calls each"]
    for (label, _, _), timings in zip(variants, samples, strict=True):
        median = percentile(timings, 0.5)
        lines.append(f"{label:<30} {median * 1e6:8.1f} µs  {median / floor:5.2f}x")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.profile", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("target", choices=("accept", "server", "breakdown", "whatif", "imports"))
    parser.add_argument("--size", choices=("short", "medium", "long"), default="long")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--top", type=int, default=15, help="packages listed by 'imports'")
    args = parser.parse_args(argv)
    seconds = min(max(args.seconds, 0.1), 60.0)
    if args.target == "accept":
        print(asyncio.run(profile_accept(args.size, seconds)))
    elif args.target == "server":
        print(asyncio.run(profile_server(seconds)))
    elif args.target == "whatif":
        print(asyncio.run(profile_whatif(seconds)))
    elif args.target == "breakdown":
        print(asyncio.run(profile_breakdown(calls=2000)))
    else:
        print(asyncio.run(profile_imports(args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
