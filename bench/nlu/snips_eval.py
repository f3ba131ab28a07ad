"""Evaluate the built-in recognizer on the SNIPS NLU benchmark (2017-06 custom intent engines).

    python -m bench.nlu.snips_eval DATA_DIR [--trained N] [--split validate|train] [--failures K]

DATA_DIR holds the benchmark's ``train_<Intent>.json`` and ``validate_<Intent>.json`` files (from
the public snipsco/nlu-benchmark repository, folder ``2017-06-custom-intent-engines``; CC0 1.0; not
part of this repository). Zero-shot (the default) configures one domain per intent with hints
written from the intent names only (``snips_setup``); ``--trained N`` adds the first N training
utterances of each intent as annotated examples. Every utterance of ``--split`` is parsed through
``Intent.parse``; the report gives domain accuracy, the share answered, accuracy among the
answered, and slot precision/recall/F1 (a slot counts when its field and its quoted text match).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
import orjson

from bench.nlu.snips_setup import HINTS, INTENTS, SCHEMA

__all__ = ["annotated", "load_split", "main"]


def load_split(data: Path, split: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """(intent, chunks) of every utterance of one split, in file order."""
    out: list[tuple[str, list[dict[str, Any]]]] = []
    for intent in INTENTS:
        document = orjson.loads((data / f"{split}_{intent}.json").read_bytes())
        out += [(intent, item["data"]) for item in document[intent]]
    return out


def annotated(chunks: list[dict[str, Any]]) -> str:
    """SNIPS chunks -> ``"play [the beatles](artist)"``."""
    return "".join(f"[{c['text']}]({c['entity']})" if "entity" in c and "[" not in c["text"] and "]" not in c["text"]
                   else c["text"] for c in chunks)  # fmt: skip


def _norm(text: str) -> str:
    return " ".join(text.lower().strip(" .,?!'\"").split())


async def _evaluate(utterances: list[tuple[str, list[dict[str, Any]]]], config: Any, failures: int) -> dict[str, Any]:
    from intent import Intent

    instance = Intent(config)
    counts: Counter[str] = Counter()
    confusion: Counter[tuple[str, str]] = Counter()
    wrong_fields: Counter[str] = Counter()
    shown = 0
    started = time.perf_counter()
    for gold, chunks in utterances:
        text = "".join(c["text"] for c in chunks).strip()
        result = await instance.parse(text)
        domains = [i.domain for i in result.effective.intents if i.domain]
        predicted = domains[0] if domains and len(set(domains)) == 1 else ("<conflict>" if domains else None)
        counts["total"] += 1
        if predicted is not None:
            counts["answered"] += 1
            counts["right"] += predicted == gold
            confusion[(gold, predicted)] += 1
        if predicted != gold and shown < failures:
            shown += 1
            print(f"  miss {gold} -> {predicted}: {text}")
        gold_slots = {(c["entity"], _norm(c["text"])) for c in chunks if "entity" in c}
        found = {(k, _norm(str(v))) for i in result.effective.intents for k, v in i.inputs.items()}
        counts["slot_gold"] += len(gold_slots)
        counts["slot_found"] += len(found)
        counts["slot_right"] += len(gold_slots & found)
        for field, _ in found - gold_slots:
            wrong_fields[field] += 1
    elapsed = time.perf_counter() - started
    await instance.close()
    return {"counts": counts, "confusion": confusion, "seconds": elapsed, "wrong_fields": wrong_fields}


def _report(name: str, outcome: dict[str, Any]) -> None:
    c = outcome["counts"]
    total, answered, right = c["total"], c["answered"], c["right"]
    precision = c["slot_right"] / c["slot_found"] if c["slot_found"] else 0.0
    recall = c["slot_right"] / c["slot_gold"] if c["slot_gold"] else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    print(f"{name}: {total} utterances, {outcome['seconds'] * 1000 / max(total, 1):.2f} ms each")
    print(f"  domain accuracy        {right / total:7.1%}  ({right}/{total})")
    print(f"  answered               {answered / total:7.1%}  ({answered}/{total})")
    print(f"  accuracy when answered {right / answered if answered else 0:7.1%}")
    print(f"  slots P/R/F1           {precision:.3f} / {recall:.3f} / {f1:.3f}  "
          f"({c['slot_right']} right of {c['slot_found']} found, {c['slot_gold']} gold)")  # fmt: skip
    worst = ", ".join(f"{name} {count}" for name, count in outcome["wrong_fields"].most_common(6))
    print(f"  fields most often wrong: {worst}")
    wrong = [(k, v) for k, v in outcome["confusion"].items() if k[0] != k[1]]
    for (gold, predicted), count in sorted(wrong, key=lambda kv: -kv[1])[:8]:
        print(f"    {gold:>22} -> {predicted:<22} {count}")


def config_for(data: Path, trained: int) -> Any:
    from intent import IntentConfig

    hints = {name: dict(hint) for name, hint in HINTS.items()}
    if trained:
        train = load_split(data, "train")
        for intent in INTENTS:
            hints[intent]["examples"] = [annotated(chunks) for gold, chunks in train if gold == intent][:trained]
    return IntentConfig(schema=SCHEMA, domains=list(INTENTS), domain_hints=hints)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="snips_eval", description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="folder with train_*.json and validate_*.json")
    parser.add_argument("--trained", type=int, default=0, help="annotated training examples per intent")
    parser.add_argument("--split", default="validate", choices=("validate", "train"))
    parser.add_argument("--skip", type=int, default=0, help="with --split train: leave out the first N per intent")
    parser.add_argument("--failures", type=int, default=0, help="print up to K misses")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    config = config_for(args.data, args.trained)
    print(f"configured in {time.perf_counter() - started:.2f} s")
    utterances = load_split(args.data, args.split)
    if args.skip:
        seen: Counter[str] = Counter()
        kept = []
        for gold, chunks in utterances:
            seen[gold] += 1
            if seen[gold] > args.skip:
                kept.append((gold, chunks))
        utterances = kept
    mode = f"trained on {args.trained}/intent" if args.trained else "zero-shot"
    outcome = anyio.run(_evaluate, utterances, config, args.failures)
    _report(f"SNIPS {args.split} ({mode})", outcome)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
