"""Every corpus case, Duckling style: the recognizer, through ``Intent.parse``, gets each expected part."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from bench.corpus_score import load_cases, run_case, score_case

REPO = Path(__file__).resolve().parents[1]
OWN = REPO / "tests" / "corpus"
SHARED = REPO.parent / "shared" / "corpus"  # the development set lives beside the checkout


def _cases(directory: Path) -> list[Any]:
    if not directory.is_dir():
        return []
    params = []
    for path in sorted(directory.glob("*.jsonl")):
        for case in load_cases(path):
            params.append(pytest.param(case, id=f"{path.stem}:{case['id']}"))
    return params


OWN_SCHEMAS = orjson.loads((OWN / "schemas.json").read_bytes())


def test_own_corpus_is_large_and_varied() -> None:
    cases = [p.values[0] for p in _cases(OWN)]
    assert len(cases) >= 150
    kinds = {key for case in cases for key in case["expect"]}
    assert {"status", "intent_count", "intents", "constraints", "relations", "fields", "turn_kind"} <= kinds
    assert len({case["id"] for case in cases}) == len(cases)


@pytest.mark.anyio
@pytest.mark.parametrize("case", _cases(OWN))
async def test_own_corpus_case(case: dict[str, Any]) -> None:
    result = await run_case(case, OWN_SCHEMAS)
    failed = [c.detail for c in score_case(case, result) if not c.ok]
    assert not failed, failed


@pytest.mark.anyio
@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared development corpus is not beside the checkout")
@pytest.mark.parametrize("case", _cases(SHARED))
async def test_development_corpus_case(case: dict[str, Any]) -> None:
    schemas = orjson.loads((SHARED / "schemas.json").read_bytes())
    result = await run_case(case, schemas)
    failed = [c.detail for c in score_case(case, result) if not c.ok]
    assert not failed, failed
