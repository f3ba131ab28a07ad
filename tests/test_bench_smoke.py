"""The benchmark command runs end to end, and its arithmetic is right.

The smoke run uses ``--quick``: its numbers are noise, so only the shape of the output and the
exit status are checked, never a speed.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
if str(PROJECT_ROOT) not in sys.path:  # bench/ runs from the source tree; it is not an installed package
    sys.path.insert(0, str(PROJECT_ROOT))

from bench.measure_core import SizeOutcome, fitted_exponent, growth_exponent  # noqa: E402
from bench.report import Row, Section, as_records, render  # noqa: E402
from bench.stats import Summary, percentile, ratio  # noqa: E402
from bench.workloads import MEDIUM_INPUT, long_input  # noqa: E402


def test_percentile_interpolates_between_ranks() -> None:
    samples = [4.0, 1.0, 3.0, 2.0]
    assert percentile(samples, 0.0) == 1.0
    assert percentile(samples, 1.0) == 4.0
    assert percentile(samples, 0.5) == pytest.approx(2.5)
    assert percentile(list(range(101)), 0.99) == pytest.approx(99.0)
    with pytest.raises(ValueError):
        percentile([], 0.5)
    with pytest.raises(ValueError):
        percentile([1.0], 1.5)


def test_ratio_and_verdicts() -> None:
    assert ratio(3.0, 2.0) == pytest.approx(1.5)
    assert math.isinf(ratio(1.0, 0.0))
    assert Row("m", "x", "1", "1", ratio=1.5, target=1.5).verdict == "met"
    assert Row("m", "x", "1", "1", ratio=1.51, target=1.5).verdict == "MISSED"
    assert Row("m", "x", "1", ok=False).verdict == "MISSED"
    assert Row("m", "x", "1").verdict == "-"


def test_render_lists_rows_and_notes() -> None:
    table = render([Section("one", [Row("1. a", "median", "2 ms", "1 ms", 2.0, 1.5)], ["a note"])])
    lines = table.splitlines()
    assert lines[0].startswith("| measurement |")
    assert "| 1. a | median | 2 ms | 1 ms | 2.00x | <= 1.5x | MISSED |" in lines
    assert "- one: a note" in lines


def test_records_carry_the_table_rows_and_drop_infinite_ratios() -> None:
    sections = [
        Section("one", [Row("1. a", "median", "2 ms", "1 ms", 2.0, 1.5), Row("1. a", "p99", "1 ms", "0 ms", math.inf)])
    ]
    records = as_records(sections)
    assert [row["ratio"] for row in records["rows"]] == [2.0, None]
    assert records["rows"][0]["result"] == "MISSED"
    assert records["notes"] == {"one": []}


def test_growth_exponent_tells_linear_from_quadratic() -> None:
    def outcome(chars: int, seconds: float) -> SizeOutcome:
        return SizeOutcome("s", chars, Summary(1, seconds, seconds), Summary(1, 1.0, 1.0))

    assert growth_exponent(outcome(100, 1.0), outcome(1000, 10.0)) == pytest.approx(1.0)
    assert growth_exponent(outcome(100, 1.0), outcome(1000, 100.0)) == pytest.approx(2.0)
    linear = [outcome(n, n / 1000) for n in (1000, 2000, 4000, 8000)]
    assert fitted_exponent(linear) == pytest.approx(1.0)
    # A fixed cost that dominates short inputs pulls the fitted exponent below 1.
    amortised = [outcome(n, 5.0 + n / 1000) for n in (1000, 2000, 4000, 8000)]
    assert fitted_exponent(amortised) < 0.9
    quadratic = [outcome(n, (n / 1000) ** 2) for n in (1000, 2000, 4000, 8000)]
    assert fitted_exponent(quadratic) == pytest.approx(2.0)
    with pytest.raises(ValueError):
        fitted_exponent([outcome(10, 1.0), outcome(10, 2.0)])


def test_workloads_have_the_promised_sizes() -> None:
    assert len(MEDIUM_INPUT.split()) == 60
    text = long_input(8000)
    assert 7900 < len(text) <= 8000
    assert text.endswith(".")


def test_quick_run_prints_all_five_measurements_with_floors(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PROJECT_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    json_path = tmp_path / "bench.json"
    completed = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--json", str(json_path)],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "could not run" not in completed.stdout
    table_rows = [line for line in completed.stdout.splitlines() if line.startswith("| ")]
    rows = json.loads(json_path.read_text())["rows"]
    assert len(table_rows) == len(rows) + 1  # the printed table is the same rows under a header
    by_number = {n: [row for row in rows if row["measurement"].startswith(f"{n}. ")] for n in range(1, 6)}
    for number, measured in by_number.items():
        assert measured, f"measurement {number} missing:\n{completed.stdout}"
    # Every timed comparison carries a positive ratio against a floor measured in the same run.
    for number in (1, 2, 3, 5):
        assert any(isinstance(row["ratio"], float) and row["ratio"] > 0 for row in by_number[number]), number
    targets = {row["target"] for row in rows if row["target"] is not None}
    assert targets == {1.5, 1.3}
    # The servers and the adapter answer every call; the adapter's memory stays under its bound.
    assert all(row["result"] == "met" for row in rows if row["metric"] == "errors")
    assert all(row["result"] == "met" for row in by_number[4] if row["metric"].startswith(("memory", "heap")))
