"""Training time and the cost of trained inference, on the SNIPS benchmark's training utterances.

    python -m bench.nlu.train_speed DATA_DIR [--per-intent 286]

Trains on the first N annotated training utterances of each of the 7 intents (286 each: 2,002
examples), once, and reports the time of the import of the optional extra and of training itself
(one process; the solvers run on one core, so its CPU time is the one-core figure). Then times
``recognize`` on the 700 validate utterances with hints only and with the trained model (median
per request and the difference).
DATA_DIR as for ``bench.nlu.snips_eval``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bench.nlu.snips_eval import annotated, load_split
from bench.nlu.snips_setup import HINTS, INTENTS, SCHEMA

__all__ = ["main"]


def _median_ms(texts: list[str], task: Mapping[str, Any], model: object, rounds: int = 3) -> float:
    from intent.executors.builtin import recognize

    samples = []
    for _ in range(rounds):
        for text in texts:
            started = time.perf_counter()
            recognize({**task, "text": text}, model=model)
            samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="train_speed", description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--per-intent", type=int, default=286)
    args = parser.parse_args(argv)
    train = load_split(args.data, "train")
    examples = {i: [annotated(c) for g, c in train if g == i][: args.per_intent] for i in INTENTS}
    count = sum(len(v) for v in examples.values())
    started = time.perf_counter()
    import pycrfsuite  # noqa: F401
    import sklearn.svm  # noqa: F401

    print(f"import of the nlu extra: {time.perf_counter() - started:.2f} s")
    from intent.nlu.setup import load_or_train

    started, cpu = time.perf_counter(), time.process_time()
    model = load_or_train(examples, list(INTENTS), list(SCHEMA["properties"]))
    print(f"training on {count} examples: {time.process_time() - cpu:.2f} s of CPU "
          f"({time.perf_counter() - started:.2f} s wall; on a busy machine wall time is longer)")
    fields = {name: {"schema": schema, "required": False} for name, schema in SCHEMA["properties"].items()}
    task = {"fields": fields, "domains": list(INTENTS), "domainHints": HINTS, "referenceTime": None}
    texts = ["".join(c["text"] for c in chunks) for _, chunks in load_split(args.data, "validate")]
    hints_only = _median_ms(texts, task, None)
    trained = _median_ms(texts, task, model)
    print(f"recognize, median per request: hints only {hints_only:.3f} ms, trained {trained:.3f} ms "
          f"(+{trained - hints_only:.3f} ms)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
