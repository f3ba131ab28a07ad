"""Score the recognizer on a corpus file: the share of expected parts it gets right.

    python -m bench.corpus_score FILE [--schemas FILE] [--failures]
    python -m bench.corpus_score --speed


Each line of FILE is a case (``id``, ``input``, ``referenceTime``, ``schema``, optional
``baseline``, optional ``domains``: a list of names or names -> hints, ``expect``); ``schema``
names an entry of the schemas file (by default
``schemas.json`` beside FILE). Every expected part is one check; the report gives the share of
checks that hold per part and overall. Cases run through ``Intent.parse`` with the default
(built-in) executor, exactly as a caller would.

``--speed`` times the recognizer on a 30-word request instead: the median of ``recognize``
alone and of a whole ``Intent.parse``, each beside the median of a plain ``orjson.loads`` +
``dumps`` of the same result, and the time to import the recognizer.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import orjson

__all__ = ["PARTS", "Check", "load_cases", "main", "run_case", "score_case"]

PARTS = ("statuses", "intents", "actions", "targets", "goals", "domains", "constraints", "relations", "fields",
         "references", "turn kinds", "changes")


@dataclass(frozen=True, slots=True)
class Check:
    """One expected part of one case, and whether the result has it."""

    case: str
    part: str
    ok: bool
    detail: str


def load_cases(path: Path) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            case = orjson.loads(line)
            if not isinstance(case, dict) or "input" not in case or "expect" not in case:
                raise ValueError(f"{path}:{number}: a case needs input and expect")
            cases.append(case)
    return cases


def _norm(value: Any) -> str:
    return str(value or "").strip().casefold()


def _all_constraints(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    effective = result["effective"]
    found = list(effective.get("constraints", []))
    for intent in effective.get("intents", []):
        found.extend(intent.get("constraints", []))
    return found


def score_case(case: Mapping[str, Any], result: Mapping[str, Any]) -> list[Check]:
    """The checks of ``case`` against ``result`` (an ``IntentResult.to_dict()``), as the corpus README defines."""
    name = str(case.get("id", "?"))
    expect = case["expect"]
    effective = result["effective"]
    intents = effective.get("intents", [])
    checks: list[Check] = []

    def check(part: str, ok: bool, detail: str) -> None:
        checks.append(Check(name, part, ok, detail))

    if "status" in expect:
        check("statuses", result["status"] == expect["status"], f"status {result['status']!r} != {expect['status']!r}")
    if "intent_count" in expect:
        check("intents", len(intents) == expect["intent_count"], f"{len(intents)} intents != {expect['intent_count']}")
    for index, wanted in enumerate(expect.get("intents", [])):
        got = intents[index] if index < len(intents) else {}
        if "action" in wanted:
            check("actions", _norm(got.get("action")) == _norm(wanted["action"]),
                  f"intent {index + 1} action {got.get('action')!r} != {wanted['action']!r}")  # fmt: skip
        if "domain" in wanted:
            check("domains", got.get("domain") == wanted["domain"],
                  f"intent {index + 1} domain {got.get('domain')!r} != {wanted['domain']!r}")  # fmt: skip
        if "target_has" in wanted:
            target = _norm(got.get("target"))
            check("targets", all(_norm(part) in target for part in wanted["target_has"]),
                  f"intent {index + 1} target {got.get('target')!r} lacks {wanted['target_has']!r}")  # fmt: skip
        if "target_lacks" in wanted:
            target = _norm(got.get("target"))
            kept = [part for part in wanted["target_lacks"] if _norm(part) in target]
            check("targets", bool(got) and not kept, f"intent {index + 1} target {got.get('target')!r} has {kept!r}")
        if "goal_has" in wanted:
            goal = _norm(got.get("goal"))
            check("goals", all(_norm(part) in goal for part in wanted["goal_has"]),
                  f"intent {index + 1} goal {got.get('goal')!r} lacks {wanted['goal_has']!r}")  # fmt: skip
    constraints = _all_constraints(result)
    for wanted in expect.get("constraints", []):
        needle = _norm(wanted["text_has"])
        ok = any(c.get("kind") == wanted["kind"] and needle in _norm(c.get("text")) for c in constraints)
        got = [(c.get("kind"), c.get("text")) for c in constraints]
        check("constraints", ok, f"no {wanted['kind']} with {wanted['text_has']!r} in {got!r}")
    relations = effective.get("relations", [])
    for wanted in expect.get("relations", []):
        ok = any(r.get("kind") == wanted["kind"] and r.get("from") == wanted["from"] and r.get("to") == wanted["to"]
                 for r in relations)  # fmt: skip
        check("relations", ok, f"no {wanted} in {relations!r}")
    field_results = {f.get("field"): f for f in result.get("fieldResults", [])}
    for field, value in expect.get("fields", {}).items():
        got = field_results.get(field, {})
        ok = got.get("status") in ("found", "inferred") and orjson.dumps(got.get("value")) == orjson.dumps(value)
        check("fields", ok, f"field {field}: {got.get('status')!r} {got.get('value')!r} != {value!r}")
    for intent_id in expect.get("references_on", []):
        holder: Mapping[str, Any] = next((i for i in intents if i.get("id") == intent_id), {})
        check("references", bool(holder.get("references")), f"{intent_id} has no references")
    if "turn_kind" in expect:
        kind = result.get("turn", {}).get("kind")
        check("turn kinds", kind == expect["turn_kind"], f"turn {kind!r} != {expect['turn_kind']!r}")
    changes = result.get("turn", {}).get("changes", [])
    for wanted in expect.get("changes", []):
        ok = any(_change_matches(change, wanted, str(result.get("input", ""))) for change in changes)
        got = [(c.get("operation"), c.get("target", {}).get("id"), c.get("description")) for c in changes]
        check("changes", ok, f"no applied change like {wanted!r} in {got!r}")
    return checks


def _change_matches(change: Mapping[str, Any], wanted: Mapping[str, Any], text: str) -> bool:
    """An applied change with the operation, target id and description words asked for, whose
    input evidence (``sourceRefs`` cut from the input) contains every quote of ``evidence``."""
    if change.get("effect") != "applied" or change.get("operation") != wanted["operation"]:
        return False
    if "target" in wanted and change.get("target", {}).get("id") != wanted["target"]:
        return False
    if "has" in wanted and _norm(wanted["has"]) not in _norm(change.get("description")):
        return False
    quotes = [text[r["start"] : r["end"]] for r in change.get("sourceRefs", [])
              if r.get("root") == "input" and r.get("start") is not None and r.get("end") is not None]  # fmt: skip
    return all(any(_norm(needle) in _norm(quote) for quote in quotes) for needle in wanted.get("evidence", []))


async def run_case(case: Mapping[str, Any], schemas: Mapping[str, Any]) -> dict[str, Any]:
    """Parse the case (and its baseline turn first, if any) with a fresh default instance."""
    from intent import Intent, IntentConfig

    schema_name = case.get("schema")
    schema = schemas[schema_name] if schema_name else None
    domains = case.get("domains")  # a list of names, or names -> hints
    hints = {name: hint for name, hint in domains.items() if hint} if isinstance(domains, dict) else None
    intent = Intent(IntentConfig(schema=schema, domains=list(domains) if domains else None, domain_hints=hints or None))
    try:
        request: dict[str, Any] = {"input": case["input"]}
        if case["expect"].get("changes"):
            request["output"] = {"spans": True}  # a change's evidence is checked by its offsets
        if case.get("referenceTime"):
            request["referenceTime"] = case["referenceTime"]
        if case.get("baseline"):
            first = await intent.parse({**request, "input": case["baseline"]})
            request["baseline"] = first.to_dict()["effective"]
        result = await intent.parse(request)
        return result.to_dict()
    finally:
        await intent.close()


async def score_corpus(cases: Sequence[Mapping[str, Any]], schemas: Mapping[str, Any]) -> list[Check]:
    checks: list[Check] = []
    for case in cases:
        checks.extend(score_case(case, await run_case(case, schemas)))
    return checks


def report(checks: Sequence[Check], *, failures: bool) -> str:
    lines = []
    for part in PARTS:
        mine = [c for c in checks if c.part == part]
        if mine:
            held = sum(c.ok for c in mine)
            lines.append(f"{part:<12} {held:>4}/{len(mine):<4} {100 * held / len(mine):6.1f}%")
    held = sum(c.ok for c in checks)
    total = len(checks) or 1
    lines.append(f"{'overall':<12} {held:>4}/{len(checks):<4} {100 * held / total:6.1f}%")
    if failures:
        lines.extend(f"FAIL {c.case} [{c.part}] {c.detail}" for c in checks if not c.ok)
    return "\n".join(lines)


SPEED_REQUEST = (
    "Please book 2 business seats to Lisbon for December 24 at 7pm, then email the receipt to "
    "john.doe@example.org, but don't use my saved card unless the fare is under $900."
)
SPEED_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "passengers": {"type": "integer", "minimum": 1, "description": "Number of passengers or seats"},
        "departureDate": {"type": "string", "format": "date", "description": "Day of departure"},
        "cabin": {"type": "string", "enum": ["economy", "business", "first"], "description": "Cabin class"},
        "email": {"type": "string", "format": "email", "description": "Email address to send to"},
    },
    "required": ["departureDate"],
}


def _median_seconds(action: Any, rounds: int) -> float:
    import time

    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    samples.sort()
    return samples[len(samples) // 2]


def speed(rounds: int = 2000) -> str:
    """Time recognition of ``SPEED_REQUEST`` against the plain JSON round trip of its result."""
    import subprocess
    import time

    probe = (
        "import time, intent; t = time.perf_counter(); import intent.executors.builtin; "
        "print(time.perf_counter() - t)"
    )
    imported = float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)

    from intent import Intent, IntentConfig
    from intent.executors.builtin import recognize

    intent = Intent(IntentConfig(schema=SPEED_SCHEMA))
    reference = "2026-11-30T10:00:00Z"
    task_input = dict(intent.prepare({"input": SPEED_REQUEST, "referenceTime": reference})["input"])
    candidate = recognize(task_input)
    candidate_json = orjson.dumps(candidate)

    async def parse_once() -> Any:
        return await intent.parse({"input": SPEED_REQUEST, "referenceTime": reference})

    result_json = anyio.run(parse_once).to_json()
    parse_samples = []

    async def parse_many() -> None:
        for _ in range(rounds // 4):
            start = time.perf_counter()
            await intent.parse({"input": SPEED_REQUEST, "referenceTime": reference})
            parse_samples.append(time.perf_counter() - start)

    anyio.run(parse_many)
    parse_samples.sort()
    recognize_median = _median_seconds(lambda: recognize(task_input), rounds)
    candidate_floor = _median_seconds(lambda: orjson.dumps(orjson.loads(candidate_json)), rounds)
    result_floor = _median_seconds(lambda: orjson.dumps(orjson.loads(result_json)), rounds)
    parse_median = parse_samples[len(parse_samples) // 2]
    words = len(SPEED_REQUEST.split())
    return "\n".join(
        [
            f"request: {words} words, {len(candidate['intents'])} intents",
            f"import intent.executors.builtin after intent: {imported * 1000:.1f} ms",
            f"recognize() median:   {recognize_median * 1e6:8.1f} us  "
            f"({recognize_median / candidate_floor:.1f}x orjson loads+dumps of the candidate, "
            f"{candidate_floor * 1e6:.1f} us)",
            f"Intent.parse median:  {parse_median * 1e6:8.1f} us  "
            f"({parse_median / result_floor:.1f}x orjson loads+dumps of the result, {result_floor * 1e6:.1f} us)",
            f"recognize() / result round trip: {recognize_median / result_floor:.1f}x",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="corpus_score", description="Score the built-in recognizer on a corpus")
    parser.add_argument("corpus", type=Path, nargs="?", help="a .jsonl corpus file")
    parser.add_argument("--schemas", type=Path, default=None, help="schemas file (default: schemas.json beside it)")
    parser.add_argument("--failures", action="store_true", help="list the checks that do not hold")
    parser.add_argument("--speed", action="store_true", help="time recognition of a 30-word request instead")
    args = parser.parse_args(argv)
    if args.speed:
        print(speed())
        return 0
    if args.corpus is None:
        parser.error("a corpus file is required (or --speed)")
    schemas_path = args.schemas or args.corpus.with_name("schemas.json")
    try:
        cases = load_cases(args.corpus)
        schemas = orjson.loads(schemas_path.read_bytes()) if schemas_path.exists() else {}
    except (OSError, ValueError) as error:
        print(f"corpus_score: {error}", file=sys.stderr)
        return 2
    checks = anyio.run(score_corpus, cases, schemas)
    print(f"{args.corpus}: {len(cases)} cases, {len(checks)} checks")
    print(report(checks, failures=args.failures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
