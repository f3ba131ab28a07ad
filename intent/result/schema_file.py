"""The shipped ``intent-result.schema.json``, generated from the models.

Regenerate after changing a model: ``python -m intent.result.schema_file``; a test fails while the
file is stale, so a change of the wire shape is always a visible change of this file. Being kept
equal to the models, the file is also what a server advertises: reading it costs a fraction of a
millisecond, generating the schema from the models 5-20 ms of every start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from intent.result.models import IntentResult

SCHEMA_PATH = Path(__file__).with_name("intent-result.schema.json")


def shipped_schema() -> dict[str, Any]:
    """The IntentResult JSON Schema as shipped (a new dict per call); generated if the file is missing."""
    try:
        loaded = orjson.loads(SCHEMA_PATH.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return IntentResult.json_schema()
    return loaded if isinstance(loaded, dict) else IntentResult.json_schema()


def render() -> bytes:
    return orjson.dumps(IntentResult.json_schema(), option=orjson.OPT_INDENT_2) + b"\n"


if __name__ == "__main__":
    SCHEMA_PATH.write_bytes(render())
    print(SCHEMA_PATH)
