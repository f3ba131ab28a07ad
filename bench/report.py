"""The benchmark table: one row per measured quantity, the floor beside it, the ratio and the target."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table. ``ratio``/``target`` are None where a quantity has no floor or no target."""

    measurement: str
    metric: str
    subject: str
    floor: str = "-"
    ratio: float | None = None
    target: float | None = None
    ok: bool | None = None

    @property
    def verdict(self) -> str:
        ok = self.ok
        if ok is None and self.ratio is not None and self.target is not None:
            ok = self.ratio <= self.target
        return "-" if ok is None else ("met" if ok else "MISSED")


@dataclass(slots=True)
class Section:
    """The rows and notes one measurement produced (or why it could not run)."""

    title: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def format_ratio(value: float | None) -> str:
    if value is None:
        return "-"
    return "inf" if math.isinf(value) else f"{value:.2f}x"


def format_seconds(seconds: float) -> str:
    if seconds >= 10.0:
        return f"{seconds:.2f} s"
    if seconds >= 1.0:
        return f"{seconds * 1e3:.0f} ms"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def format_bytes(count: int | None) -> str:
    if count is None:
        return "n/a"
    if abs(count) < 1024 * 1024:
        return f"{count / 1024:.1f} KiB"
    return f"{count / (1024 * 1024):.1f} MiB"


def as_records(sections: Sequence[Section]) -> dict[str, Any]:
    """The table as JSON-ready data, for keeping results from run to run."""
    return {
        "rows": [
            {
                "measurement": row.measurement,
                "metric": row.metric,
                "intentMcp": row.subject,
                "floor": row.floor,
                "ratio": None if row.ratio is None or math.isinf(row.ratio) else round(row.ratio, 4),
                "target": row.target,
                "result": row.verdict,
            }
            for section in sections
            for row in section.rows
        ],
        "notes": {section.title: list(section.notes) for section in sections},
    }


def render(sections: Sequence[Section]) -> str:
    """A Markdown table of every row, then each section's notes."""
    header = ["measurement", "metric", "intent-mcp", "floor", "ratio", "target", "result"]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for section in sections:
        for row in section.rows:
            target = f"<= {row.target:g}x" if row.target is not None else "-"
            cells = [
                row.measurement, row.metric, row.subject, row.floor,
                format_ratio(row.ratio), target, row.verdict,
            ]  # fmt: skip
            lines.append("| " + " | ".join(cells) + " |")
    notes = [f"- {section.title}: {note}" for section in sections for note in section.notes]
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)
