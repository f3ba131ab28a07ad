"""How well a model trained from examples does on examples it did not see: per-domain precision and
recall on a held-out split, and a confusion table (rows: the example's domain; columns: predicted)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from intent.nlu.examples import parse_example

__all__ = ["HeldOutReport", "held_out_report", "split_held_out"]


def split_held_out(examples: Mapping[str, Sequence[str]], every: int = 5
                   ) -> tuple[dict[str, list[str]], dict[str, list[str]]]:  # fmt: skip
    """(train, held out): every ``every``-th example of each domain is held out; deterministic."""
    train: dict[str, list[str]] = {}
    held: dict[str, list[str]] = {}
    for domain, items in examples.items():
        for index, item in enumerate(items):
            (held if index % every == every - 1 else train).setdefault(domain, []).append(item)
    return train, held


@dataclass
class HeldOutReport:
    domains: list[str]
    confusion: Counter[tuple[str, str]]
    slots_right: int
    slots_found: int
    slots_gold: int

    def precision_recall(self, domain: str) -> tuple[float, float, int]:
        predicted = sum(c for (_, p), c in self.confusion.items() if p == domain)
        actual = sum(c for (g, _), c in self.confusion.items() if g == domain)
        right = self.confusion[(domain, domain)]
        return (right / predicted if predicted else 0.0), (right / actual if actual else 0.0), actual

    def lines(self) -> list[str]:
        total = sum(self.confusion.values())
        right = sum(c for (g, p), c in self.confusion.items() if g == p)
        out = [f"held-out examples: {total}, domain accuracy {right / total if total else 0:.1%}"]
        width = max([len(d) for d in self.domains] + [6])
        out.append(f"{'domain':<{width}}  precision  recall  examples")
        for domain in self.domains:
            precision, recall, count = self.precision_recall(domain)
            out.append(f"{domain:<{width}}  {precision:9.1%}  {recall:6.1%}  {count:8d}")
        p = self.slots_right / self.slots_found if self.slots_found else 0.0
        r = self.slots_right / self.slots_gold if self.slots_gold else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        out.append(f"slots: precision {p:.3f}, recall {r:.3f}, F1 {f1:.3f} ({self.slots_gold} annotated)")
        out.append("confusion (rows: annotated domain; columns: predicted, same order, then (none))")
        for gold in self.domains:
            counts = [self.confusion[(gold, p)] for p in [*self.domains, "(none)"]]
            out.append(f"{gold:<{width}}  " + " ".join(f"{c:4d}" for c in counts))
        return out


def held_out_report(model: Any, held: Mapping[str, Sequence[str]], domains: Sequence[str]) -> HeldOutReport:
    """Score ``model`` (a ``TrainedModel``) on the held-out examples."""
    confusion: Counter[tuple[str, str]] = Counter()
    right = found = gold = 0
    for domain, items in held.items():
        for annotated in items:
            example = parse_example(domain, annotated)
            predicted, _ = model.domain(example.text)
            confusion[(domain, predicted or "(none)")] += 1
            expected = {(example.text[s:e].lower(), f) for s, e, f in example.slots}
            got = {(example.text[s:e].lower(), f) for s, e, f in model.slots(example.text, predicted)}
            right += len(expected & got)
            found += len(got)
            gold += len(expected)
    return HeldOutReport(list(domains), confusion, right, found, gold)
