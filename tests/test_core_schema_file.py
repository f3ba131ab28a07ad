from __future__ import annotations

import jsonschema

from intent import IntentResult
from intent.result.schema_file import SCHEMA_PATH, render
from tests.seeds import seed_reply


def test_shipped_result_schema_is_current() -> None:
    assert SCHEMA_PATH.read_bytes() == render(), "regenerate with: python -m intent.result.schema_file"


def test_seed_reply_validates_against_the_result_schema() -> None:
    jsonschema.Draft202012Validator(IntentResult.json_schema()).validate(seed_reply()["structuredContent"])
