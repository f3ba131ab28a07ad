from __future__ import annotations

import jsonschema
import orjson

from intent import IntentResult
from intent.result.schema_file import SCHEMA_PATH, render
from tests.seeds import seed_reply


def test_shipped_result_schema_is_current() -> None:
    assert SCHEMA_PATH.read_bytes() == render(), "regenerate with: python -m intent.result.schema_file"


def test_seed_reply_validates_against_the_result_schema() -> None:
    jsonschema.Draft202012Validator(IntentResult.json_schema()).validate(seed_reply()["structuredContent"])


def test_servers_advertise_the_shipped_schema_as_the_models_write_it() -> None:
    from adapter.schemas import intent_result_schema

    advertised = intent_result_schema()
    # Same keys in the same order: the outputSchema on the wire is the one the models generate.
    assert orjson.dumps(advertised) == orjson.dumps(IntentResult.json_schema())
    advertised["properties"].clear()  # each caller gets a copy of its own
    assert intent_result_schema()["properties"]
