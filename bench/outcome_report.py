"""One line of a scored corpus: how many phrases, and the shares right, wrong, ambiguous and
unresolved, with precision (right among the values given as resolved)."""

from __future__ import annotations

from collections import Counter

__all__ = ["report"]


def report(label: str, counts: Counter[str]) -> str:
    total = sum(counts.values())
    if not total:
        return f"{label}: no phrases"
    answered = counts["right"] + counts["wrong"]
    precision = counts["right"] / answered if answered else 0.0
    return (
        f"{label}: {total} phrases  right {counts['right'] / total:6.1%}  precision {precision:6.1%}  "
        f"wrong {counts['wrong'] / total:5.1%}  ambiguous {counts['ambiguous'] / total:5.1%}  "
        f"unresolved {counts['unresolved'] / total:5.1%}"
    )
