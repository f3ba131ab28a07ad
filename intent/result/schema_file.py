"""The shipped ``intent-result.schema.json``, generated from the models.

Regenerate after changing a model: ``python -m intent.result.schema_file``; a test fails while the
file is stale, so a change of the wire shape is always a visible change of this file.
"""

from __future__ import annotations

from pathlib import Path

import orjson

from intent.result.models import IntentResult

SCHEMA_PATH = Path(__file__).with_name("intent-result.schema.json")


def render() -> bytes:
    return orjson.dumps(IntentResult.json_schema(), option=orjson.OPT_INDENT_2) + b"\n"


if __name__ == "__main__":
    SCHEMA_PATH.write_bytes(render())
    print(SCHEMA_PATH)
