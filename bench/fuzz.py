"""``python -m bench.fuzz``: fuzz the library and the adapter with hostile requests and candidates.

Hypothesis draws requests (text built from connectors, punctuation, digits and time words near
the input limit; lone surrogates; integers of thousands of digits; reference times at the
calendar's edge; unknown keys; deep nesting) and candidates (near-schema JSON quoting the input,
with slips, wrong types and hostile strings). Each request goes through ``Intent.parse`` and the
adapter's ``intent_parse``; each candidate through ``Intent.accept``. A failure is anything but a
result or a coded ``IntentError``: an uncoded exception, a result whose JSON cannot be written,
or an adapter reply coded ``INTERNAL``. The run reports inputs tried, failures and the worst time.

    python -m bench.fuzz --requests 10000 --candidates 10000     # the documented long run
    python -m bench.fuzz --requests 100 --candidates 100 --seed 1

The test suite runs a small fixed slice (``tests/test_fuzz_slice.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter
from intent import Intent, IntentConfig, IntentError

__all__ = ["FuzzReport", "fuzz", "main"]

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "orderId": {"type": "string", "pattern": "^\\d{6}$", "description": "Six-digit order number"},
        "partySize": {"type": "integer", "minimum": 1, "description": "Number of people"},
        "date": {"type": "string", "format": "date", "description": "Date of the booking"},
        "time": {"type": "string", "format": "time", "description": "Time of the booking"},
        "amount": {"type": "number", "description": "Amount in dollars"},
        "cabin": {"type": "string", "enum": ["economy", "business", "first"]},
        "email": {"type": "string", "format": "email"},
    },
    "required": ["orderId"],
}
LIMIT = 8000
PIECES = [
    "-", "—", ",", ", ", ";", " and ", " then ", " after that ", " but ", " & ", " or ", "Do not", " never ",
    " only if ", " unless ", " if you can ", " please ", " at 7 ", " 7pm ", " 7:30 ", " noon ", " tomorrow ",
    " on Friday ", " the 15th ", " 12/24 ", " in 3 days ", " half past seven ", " 000123 ", " $75.50 ",
    " twenty-five ", " 4 people ", " business ", " a@b.co ", " it ", " them ", "Actually, make it 5. ",
    "Book a table", "Look up order", "Cancel", "?", "!", ".", "\n", "'s", "9" * 40, "\ud800", "\x00", "\u202e",
]  # fmt: skip
ANY_CHAR = st.characters(exclude_categories=())  # surrogates and control characters too
_SURROGATES = re.compile("[\ud800-\udfff]")  # a candidate's input must be one a request could carry


def _texts() -> st.SearchStrategy[str]:
    pieces = st.lists(st.sampled_from(PIECES), min_size=1, max_size=60).map("".join)
    repeated = st.tuples(st.sampled_from(PIECES), st.integers(1, LIMIT)).map(lambda p: (p[0] * p[1])[: LIMIT + 8])
    return st.one_of(pieces, repeated, st.text(ANY_CHAR, max_size=200))


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.builds(pow, st.just(10), st.integers(19, 5000)), st.just(-(2**70)),
        st.floats(allow_nan=True, allow_infinity=True), st.text(ANY_CHAR, max_size=30),
    )  # fmt: skip
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(ANY_CHAR, max_size=8), inner, max_size=4)),
        max_leaves=12)  # fmt: skip


@dataclass(frozen=True)
class Deep:
    """``{key: [[[...]]]}`` nested ``depth`` deep, built only when used (a short repr for Hypothesis)."""

    key: str
    depth: int

    def build(self) -> dict[str, Any]:
        return {self.key: _deep(self.depth)}


def _built(request: Any) -> Any:
    if isinstance(request, dict):
        return {key: value.build() if isinstance(value, Deep) else value for key, value in request.items()}
    return request


def _deep(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


def _reference_times() -> st.SearchStrategy[Any]:
    valid = st.datetimes().map(lambda moment: moment.isoformat(timespec="seconds") + "Z")
    return st.one_of(valid, st.sampled_from(["9999-12-31T23:59:59Z", "0001-01-01T00:00:00+00:00",
                                             "2026-11-30T10:00:00Z", "2026-02-30T10:00:00Z", "tomorrow", ""]),
                     st.text(ANY_CHAR, max_size=30), st.integers())


def requests() -> st.SearchStrategy[Any]:
    """Native requests, well-formed or not."""
    keys = {
        "fields": st.one_of(st.just(None), st.lists(st.sampled_from([*SCHEMA["properties"], "nope", "\udfff"]))),
        "context": st.one_of(st.dictionaries(st.text(ANY_CHAR, max_size=12), _json_values(), max_size=4),
                             st.builds(Deep, st.just("deep"), st.integers(1, 3000))),
        "baseline": st.one_of(_json_values(), st.builds(Deep, st.just("intents"), st.integers(1, 3000))),
        "referenceTime": _reference_times(),
        "output": st.one_of(st.just({"spans": True}), _json_values()),
    }
    structured = st.fixed_dictionaries({"input": st.one_of(_texts(), _json_values())},
                                       optional=keys).flatmap(
        lambda request: st.dictionaries(st.text(ANY_CHAR, max_size=10), _json_values(), max_size=2).map(
            lambda extra: {**extra, **request}))  # fmt: skip
    return st.one_of(_texts(), structured, _json_values())


def candidates(text: str) -> st.SearchStrategy[str]:
    """Candidate texts for ``text``: near the output schema, quoting it with slips, or arbitrary."""
    words = text.split() or ["x"]
    quote = st.tuples(st.integers(0, len(words) - 1), st.integers(1, 120), st.booleans()).map(
        lambda q: _slip(" ".join(words[q[0]:q[0] + q[1]]), q[2]))
    strings = st.one_of(quote, st.text(ANY_CHAR, max_size=40), _texts())
    value = st.one_of(strings, _json_values())
    field_value = st.fixed_dictionaries({
        "field": st.one_of(st.sampled_from(list(SCHEMA["properties"])), strings), "value": value,
        "evidence": strings, "source": st.sampled_from(["input", "context", "baseline", "x"]),
        "pointer": st.one_of(st.none(), strings), "candidates": st.one_of(st.none(), st.lists(value, max_size=3)),
    })  # fmt: skip
    one_intent = st.fixed_dictionaries({
        "key": st.sampled_from(["i1", "i2", "i3", ""]), "evidence": strings, "action": strings,
        "target": st.one_of(st.none(), strings), "domain": st.none(),
        "understanding": st.sampled_from(["clear", "ambiguous", "?"]), "readings": st.lists(strings, max_size=2),
        "references": st.lists(st.fixed_dictionaries({"text": strings, "refersTo": st.one_of(
            st.none(), st.sampled_from(["i1", "i2", "intent-1"]))}), max_size=2),
        "fields": st.lists(field_value, max_size=4),
    })  # fmt: skip
    shaped = st.fixed_dictionaries({
        "turnKind": st.sampled_from(["request", "correction", "addition", "cancellation", "answer", "x"]),
        "intents": st.lists(one_intent, max_size=6),
        "constraints": st.lists(st.fixed_dictionaries({
            "kind": st.sampled_from(["prohibition", "requirement", "preference", "condition"]), "text": strings,
            "appliesTo": st.one_of(st.none(), st.sampled_from(["i1", "i2"]))}), max_size=3),
        "relations": st.lists(st.fixed_dictionaries({
            "kind": st.sampled_from(["sequence", "dependency"]), "from": st.sampled_from(["i1", "i2", "i9"]),
            "to": st.sampled_from(["i1", "i2", "i9"])}), max_size=3),
        "updates": st.just([]), "removals": st.just([]),
    })  # fmt: skip
    as_json = shaped.map(lambda body: orjson.dumps(body, option=orjson.OPT_PASSTHROUGH_SUBCLASS, default=str)
                         .decode() if _encodable(body) else "{}")
    return st.one_of(as_json, st.text(ANY_CHAR, max_size=200), st.just("[" * 5000 + "]" * 5000))


def _slip(quote: str, slip: bool) -> str:
    return quote[:-1] + "q" if slip and len(quote) > 1 else quote


def _encodable(body: Any) -> bool:
    try:
        orjson.dumps(body)
    except (TypeError, orjson.JSONEncodeError):
        return False
    return True


@dataclass
class FuzzReport:
    """Inputs tried, the failures found (with a short description each) and the worst time."""

    tried: dict[str, int] = field(default_factory=lambda: {"requests": 0, "candidates": 0})
    failures: list[str] = field(default_factory=list)
    worst_seconds: float = 0.0
    worst_case: str = ""

    def summary(self) -> str:
        return (f"{self.tried['requests']} requests, {self.tried['candidates']} candidates, "
                f"{len(self.failures)} failures, worst {self.worst_seconds * 1000:.0f} ms")

    def lines(self) -> list[str]:
        out = [f"requests tried: {self.tried['requests']}", f"candidates tried: {self.tried['candidates']}",
               f"failures: {len(self.failures)}",
               f"worst time: {self.worst_seconds * 1000:.0f} ms ({self.worst_case})"]  # fmt: skip
        out += [f"  {failure}" for failure in self.failures[:20]]
        return out


class _Runner:
    def __init__(self, report: FuzzReport, progress: int = 0) -> None:
        self.report = report
        self.progress = progress
        self.loop = asyncio.new_event_loop()
        self.intent = Intent(IntentConfig(schema=SCHEMA))
        self.host = Intent(IntentConfig(schema=SCHEMA, executor=None))
        config = IntentMcpAdapterConfig(mode="executor", instances={"main": self.intent})
        self.session = create_intent_mcp_adapter(config).connect(protocol_version="2025-11-25")

    def timed(self, label: str, work: Callable[[], Any]) -> None:
        done = sum(self.report.tried.values())
        if self.progress and done % self.progress == 0:
            print(f"progress: {self.report.summary()}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        try:
            self.loop.run_until_complete(work())
        except Exception as exc:  # the harness's finding: anything uncoded
            self.report.failures.append(f"{label}: {type(exc).__name__}: {_short(traceback.format_exc(limit=-2))}")
        elapsed = time.perf_counter() - started
        if elapsed > self.report.worst_seconds:
            self.report.worst_seconds, self.report.worst_case = elapsed, label

    async def request(self, request: Any) -> None:
        try:
            result = await self.intent.parse(request)
            result.to_json()
        except IntentError as error:
            orjson.dumps(error.to_dict())
        arguments = request if isinstance(request, dict) else {"input": request}
        reply = await self.session.call_tool("intent_parse", arguments)
        if reply is None:
            raise AssertionError("the adapter gave no reply")
        if reply.is_error:
            code = orjson.loads(reply.content[0].text)["error"]["code"]  # type: ignore[union-attr]
            if code == "INTERNAL":
                raise AssertionError("the adapter answered INTERNAL")

    async def candidate(self, text: str, candidate_text: str) -> None:
        task = self.host.prepare({"input": text, "referenceTime": "2026-11-30T10:00:00Z"})
        for _ in range(2):  # a first malformed candidate leaves one correction
            try:
                result = await self.host.accept(task, candidate_text)
                result.to_json()
                return
            except IntentError as error:
                orjson.dumps(error.to_dict())
                if error.code == "INTERNAL":
                    raise AssertionError(f"INTERNAL: {error.message}") from None


def _short(text: str) -> str:
    return " | ".join(line.strip() for line in text.strip().splitlines()[-3:])[:300]


def fuzz(*, requests_count: int, candidates_count: int, seed_value: int = 0, progress: int = 0) -> FuzzReport:
    """Run the fuzzer with fixed example counts and seed; return what it found.

    ``progress`` > 0 prints a summary line to stderr every that many inputs.
    """
    report = FuzzReport()
    runner = _Runner(report, progress)
    def budget(examples: int) -> settings:
        return settings(database=None, deadline=None, phases=[Phase.generate], print_blob=False,
                        suppress_health_check=list(HealthCheck), max_examples=examples)  # fmt: skip

    if requests_count:
        @seed(seed_value)
        @budget(requests_count)
        @given(requests())
        def each_request(request: Any) -> None:
            report.tried["requests"] += 1
            runner.timed(f"request {_describe(request)}", lambda: runner.request(_built(request)))

        each_request()

    if candidates_count:
        @seed(seed_value)
        @budget(candidates_count)
        @given(_texts().map(lambda text: _SURROGATES.sub("", text)[:LIMIT]).filter(str.strip).flatmap(
            lambda text: st.tuples(st.just(text), candidates(text))))
        def each_candidate(pair: tuple[str, str]) -> None:
            report.tried["candidates"] += 1
            runner.timed(f"candidate {len(pair[1])} chars", lambda: runner.candidate(*pair))

        each_candidate()
    runner.loop.close()
    return report


def _describe(request: Any) -> str:
    try:
        text = repr(request)
    except ValueError:  # an integer too long for Python to print
        return f"<{type(request).__name__} holding a huge integer>"
    return text[:80] + ("…" if len(text) > 80 else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000, help="requests to try (default 1000)")
    parser.add_argument("--candidates", type=int, default=1000, help="candidates to try (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", type=int, default=500, help="print a summary every N inputs (0: never)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    report = fuzz(requests_count=args.requests, candidates_count=args.candidates, seed_value=args.seed,
                  progress=args.progress)
    for line in report.lines():
        print(line)
    print(f"total: {time.perf_counter() - started:.0f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
