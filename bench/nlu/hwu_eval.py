"""A fully held-out check on real assistant requests: the HWU64 / NLU-Evaluation-Data test fold.

    python -m bench.nlu.hwu_eval DATA_DIR

DATA_DIR holds the annotated test files of one fold of the public xliuhw/NLU-Evaluation-Data
repository (``CrossValidation/autoGeneFromRealAnno/*/CrossValidation/KFold_1/testset/annotated/
<intent>/*.json``, copied flat as ``<intent>.json``; CC BY 4.0; not part of this repository). The
recognizer is configured exactly as for the SNIPS zero-shot run (``snips_setup``): its 64 intents
are not the 7 domains, so ``play_music`` should come out as PlayMusic, ``weather_query`` as
GetWeather, and every other request (alarms, lists, news, jokes...) as no domain at all. The report
gives accuracy on the two mapped intents and how often an unmapped request wrongly gets a domain.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
import orjson

from bench.nlu.snips_setup import HINTS, INTENTS, SCHEMA

__all__ = ["MAPPED", "main"]

MAPPED = {"play_music": "PlayMusic", "weather_query": "GetWeather"}


async def _run(data: Path) -> Counter[str]:
    from intent import Intent, IntentConfig

    instance = Intent(IntentConfig(schema=SCHEMA, domains=list(INTENTS), domain_hints=HINTS))
    counts: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    for file in sorted(data.glob("*.json")):
        items: list[dict[str, Any]] = orjson.loads(file.read_bytes())["test_data_annotation"]
        for item in items:
            result = await instance.parse(item["text"])
            domains = {i.domain for i in result.effective.intents if i.domain}
            predicted = domains.pop() if len(domains) == 1 else ("<conflict>" if domains else None)
            expected = MAPPED.get(item["intent"])
            group = "mapped" if expected else "unmapped"
            counts[f"{group}"] += 1
            counts[f"{group} answered"] += predicted is not None
            counts[f"{group} right"] += predicted == expected
            if predicted is not None and predicted != expected:
                wrong[f"{item['intent']} -> {predicted}"] += 1
    await instance.close()
    for key, count in wrong.most_common(10):
        counts[f"wrong: {key}"] = count
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hwu_eval", description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="folder of <intent>.json test files")
    counts = anyio.run(_run, parser.parse_args(argv).data)
    mapped, unmapped = counts["mapped"], counts["unmapped"]
    answered = counts["mapped answered"] + counts["unmapped answered"]
    right_answers = counts["mapped right"]
    print(f"mapped requests (play_music, weather_query): {mapped}")
    print(f"  right domain {counts['mapped right'] / max(mapped, 1):.1%}, "
          f"answered {counts['mapped answered'] / max(mapped, 1):.1%}")
    print(f"unmapped requests (62 other intents): {unmapped}")
    print(f"  wrongly given a domain {counts['unmapped answered'] / max(unmapped, 1):.1%}")
    print(f"accuracy among all answered: {right_answers / max(answered, 1):.1%} ({right_answers}/{answered})")
    for key, count in counts.items():
        if key.startswith("wrong: "):
            print(f"  {key[7:]}: {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
