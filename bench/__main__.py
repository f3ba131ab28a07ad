"""``python -m bench``: measure intent-mcp against bare-SDK floors and print the table.

``--quick`` runs a pass of a few seconds (numbers are noisy; it proves the harness works).
Exit status: 0 when every measurement ran, 1 when one could not run, 2 on bad usage;
with ``--strict``, also 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

import orjson

from bench.report import as_records, render
from bench.runner import MEASUREMENT_NUMBERS, BenchPlan, machine_line, run_plan


def _numbers(text: str) -> list[int]:
    try:
        numbers = [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError("expected numbers like 1,2,5") from exc
    unknown = sorted(set(numbers) - set(MEASUREMENT_NUMBERS))
    if not numbers or unknown:
        raise argparse.ArgumentTypeError(f"measurements are numbered {MEASUREMENT_NUMBERS}")
    return numbers


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError("expected a positive whole number") from exc
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError("expected a whole number from 1 to 256")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a short pass for smoke testing (noisy numbers)")
    parser.add_argument(
        "--only",
        type=_numbers,
        default=list(MEASUREMENT_NUMBERS),
        metavar="N[,N...]",
        help="run only these measurements (1 round trip, 2 cold start, 3 core, 4 host handoff, 5 HTTP)",
    )
    parser.add_argument("--sessions", type=_positive, help="in-process sessions for the host handoff (4)")
    parser.add_argument("--clients", type=_positive, help="concurrent HTTP clients (5)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the rows and notes as JSON to FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    preset = BenchPlan.quick if args.quick else BenchPlan.full
    overrides = {k: v for k, v in (("sessions", args.sessions), ("clients", args.clients)) if v is not None}
    plan = preset(**overrides)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    sections, failed = asyncio.run(run_plan(plan, args.only, progress=progress))
    print(machine_line())
    print()
    print(render(sections))
    if args.json is not None:
        record = {"machine": machine_line(), **as_records(sections)}
        args.json.write_bytes(orjson.dumps(record, option=orjson.OPT_INDENT_2))
    missed = [row for section in sections for row in section.rows if row.verdict == "MISSED"]
    if failed:
        return 1
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
