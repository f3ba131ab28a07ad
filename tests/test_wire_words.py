"""One home per wire word: JSON Pointer tokens, protocol versions, error codes and their wire form."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from adapter.versions import (
    DECLARED_PROTOCOL_VERSIONS,
    HTTP_PROTOCOL_VERSIONS,
    MODERN_DECLARED_VERSIONS,
    PRE_OUTPUT_SCHEMA_VERSIONS,
)
from intent.errors import ERROR_CODES, ErrorCode, IntentError
from intent.grounding import resolve_pointer
from intent.pointer import escape_token, join_pointer, pointer_tokens, to_pointer, unescape_token

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "protocol_fixtures"


@given(st.lists(st.text(alphabet="ab~/01", max_size=6), max_size=4))
def test_pointer_tokens_round_trip(tokens: list[str]) -> None:
    pointer = to_pointer(tokens)
    assert pointer_tokens(pointer) == tokens
    assert resolve_pointer(_nest(tokens, "leaf"), pointer) == "leaf"


def _nest(tokens: list[str], leaf: Any) -> Any:
    for token in reversed(tokens):
        leaf = {token: leaf}
    return leaf


def test_pointer_escaping_order() -> None:
    # "~1" written as a key must come back as "~1", not "/": escape "~" first, unescape it last.
    assert escape_token("~1") == "~01" and unescape_token("~01") == "~1"
    assert join_pointer("a/b", 0, "~") == "/a~1b/0/~0"
    with pytest.raises(ValueError):
        pointer_tokens("a/b")


def test_declared_versions_come_from_the_sdk_and_each_has_its_fixtures() -> None:
    recorded = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and p.name[:2] == "20")
    assert list(DECLARED_PROTOCOL_VERSIONS) == recorded
    assert set(HTTP_PROTOCOL_VERSIONS) == set(DECLARED_PROTOCOL_VERSIONS) & set(HANDSHAKE_PROTOCOL_VERSIONS)
    assert MODERN_DECLARED_VERSIONS == set(DECLARED_PROTOCOL_VERSIONS) & set(MODERN_PROTOCOL_VERSIONS)
    assert HTTP_PROTOCOL_VERSIONS and MODERN_DECLARED_VERSIONS


def test_cli_help_names_the_versions_of_their_home(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import adapter.versions
    from intent_mcp.cli import main, transport_help

    with pytest.raises(SystemExit):
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    stdio, http = shown.split("--transport {stdio,http} stdio (default; ", 1)[1].split(" or http (", 1)
    assert stdio.startswith("protocol versions " + ", ".join(DECLARED_PROTOCOL_VERSIONS) + ")")
    assert http.startswith("stateful Streamable HTTP; " + ", ".join(HTTP_PROTOCOL_VERSIONS) + ")")
    # A version the SDK brings shows up without a word of the CLI changing.
    monkeypatch.setattr(adapter.versions, "DECLARED_PROTOCOL_VERSIONS", (*DECLARED_PROTOCOL_VERSIONS, "2099-01-01"))
    assert "2099-01-01" in transport_help().split(" or http")[0]


def test_building_the_cli_parser_does_not_import_the_sdk() -> None:
    # The versions are read when help is shown: a one-shot command must not pay for the SDK's import.
    script = (
        "import json, sys\n"
        "from intent_mcp.cli import build_parser\n"
        "build_parser().parse_args(['parse', 'hello'])\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('adapter', 'mcp', 'mcp_types'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout) == []


def _dates(text: str) -> list[str]:
    return re.findall(r"\d{4}-\d{2}-\d{2}", text)


def test_the_docs_name_the_versions_of_their_home() -> None:
    # Prose cannot import the home; it is checked against it instead, so a new SDK version fails here.
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = re.search(r"stdio speaks protocol versions ([^;]+); HTTP ([^,]+(?:, [^,]+)*?),", readme)
    assert said is not None
    assert _dates(said[1]) == list(DECLARED_PROTOCOL_VERSIONS) and _dates(said[2]) == list(HTTP_PROTOCOL_VERSIONS)
    server = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    rows = {row.split("|")[1].strip(): _dates(row.split("|")[2]) for row in server.splitlines()
            if row.startswith("| `--transport ")}
    assert rows == {"`--transport stdio` (default)": list(DECLARED_PROTOCOL_VERSIONS),
                    "`--transport http`": list(HTTP_PROTOCOL_VERSIONS)}
    older = re.search(r"also completes at the older versions ([^:]+):", " ".join(server.split()))
    assert older is not None and set(_dates(older[1])) == PRE_OUTPUT_SCHEMA_VERSIONS


def test_every_error_code_has_a_category() -> None:
    assert set(get_args(ErrorCode)) == set(ERROR_CODES)


@pytest.mark.parametrize("code", sorted(ERROR_CODES))
def test_errors_round_trip_through_their_wire_form(code: ErrorCode) -> None:
    error = IntentError(code, "what; how to fix", path="/a", retryable=True,
                        feedback=[{"pointer": "/intents/0", "message": "bad"}])
    again = IntentError.from_dict(error.to_dict())
    assert again.to_dict() == error.to_dict() and again is not error


def test_with_path_changes_only_the_path() -> None:
    error = IntentError("INPUT_INVALID", "bad", path="/limits", category="config", retryable=True,
                        feedback=[{"pointer": "", "message": "m"}])
    moved = error.with_path("/instances/main" + error.path)
    assert moved.to_dict() == {**error.to_dict(), "path": "/instances/main/limits"}
    assert error.path == "/limits"


@pytest.mark.parametrize(
    "data",
    [
        {"code": "NOT_A_CODE", "message": "m"},
        {"code": "INTERNAL"},
        {"code": "INTERNAL", "message": "m", "category": "weather"},
        {"code": "INTERNAL", "message": "m", "retryable": "yes"},
        {"code": "INTERNAL", "message": "m", "path": 3},
        {"code": "INTERNAL", "message": "m", "feedback": [{"pointer": 1, "message": "m"}]},
        {"code": "INTERNAL", "message": "m", "feedback": ["x"]},
    ],
)
def test_from_dict_refuses_what_is_not_an_error(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        IntentError.from_dict(data)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("2026-11-30T10:00:00Z", True),
        ("2026-11-30t10:00:00.123456789+05:30", True),
        ("2026-11-30 10:00:00-08:00", True),
        ("2026-11-30T10:00Z", False),  # seconds are required
        ("2026-11-30T10:00:00", False),  # so is the offset
        ("2026-02-30T10:00:00Z", False),  # no such day
        ("2026-W48-1T10:00:00Z", False),  # ISO week dates are not RFC 3339
        ("20261130T100000Z", False),
        ("2026-11-30T10:00:00+24:00", False),
    ],
)
def test_one_rfc3339_rule_for_reference_times_and_date_time_fields(text: str, ok: bool) -> None:
    from catalog.tool_nodes.formats import check_format
    from intent import Intent, IntentConfig
    from intent.executors.builtin.state import _parse_reference_time
    from intent.resolve.fields import _formats
    from intent.rfc3339 import is_date_time

    assert is_date_time(text) is ok
    assert _formats().conforms(text, "date-time") is ok
    assert (_parse_reference_time(text) is not None) is ok
    # An argv word takes the strict form: no space between date and time.
    assert is_date_time(text, strict=True) is check_format("date-time", text) is (ok and " " not in text)
    intent = Intent(IntentConfig(executor=None))
    if ok:
        assert intent.prepare({"input": "hi", "referenceTime": text}).request.reference_time is not None
    else:
        with pytest.raises(IntentError) as caught:
            intent.prepare({"input": "hi", "referenceTime": text})
        assert caught.value.path == "/referenceTime"


@pytest.mark.parametrize(
    ("text", "full_time", "partial_time"),
    [
        ("10:30:00Z", True, True),
        ("10:30:00.123456789+05:30", True, True),
        ("10:30:00z", True, True),
        ("10:30:00", False, True),  # a partial-time has no offset
        ("10:30", False, False),
        ("25:00:00Z", False, False),
        ("10:61:00+01:00", False, False),
        ("10:30:00+1:00", False, False),
        ("10:30:00+24:00", False, False),
        ("T10:30:00Z", False, False),
        ("10:30:00Z\n", False, False),
    ],
)
def test_one_rfc3339_rule_for_times(text: str, full_time: bool, partial_time: bool) -> None:
    from catalog.tool_nodes.formats import check_format
    from intent.resolve.fields import _formats
    from intent.rfc3339 import is_time, parse_time

    assert is_time(text) is _formats().conforms(text, "time") is full_time
    # A Tool node's time argument may leave the offset out.
    assert is_time(text, offset_required=False) is check_format("time", text) is partial_time
    if full_time:
        assert parse_time(text).utcoffset() is not None


def test_parsed_values_keep_their_offset_and_fraction() -> None:
    from datetime import timedelta

    from intent.rfc3339 import parse_date_time, parse_time

    moment = parse_date_time("2026-11-30t10:00:00.1234567-08:00")
    assert moment.utcoffset() == timedelta(hours=-8) and moment.microsecond == 123456
    assert parse_time("10:00:00.5Z").utcoffset() == timedelta(0) and parse_time("10:00:00.5Z").microsecond == 500000
    assert parse_time("10:00:00", offset_required=False).tzinfo is None


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        ("date_time", "2026-11-30 10:00:00Z", "not an RFC 3339 date-time (YYYY-MM-DDThh:mm:ss[.fff] with Z or +hh:mm)"),
        ("date_time", 1764496800, "not an RFC 3339 date-time (YYYY-MM-DDThh:mm:ss[.fff] with Z or +hh:mm)"),
        ("time", "10:00:00", "not an RFC 3339 time (hh:mm:ss[.fff] with Z or +hh:mm)"),
        ("time", None, "not an RFC 3339 time (hh:mm:ss[.fff] with Z or +hh:mm)"),
    ],
)
def test_what_is_not_rfc3339_is_refused_saying_what_is(parse: str, text: object, message: str) -> None:
    from intent import rfc3339

    with pytest.raises(ValueError) as refused:
        if parse == "date_time":
            rfc3339.parse_date_time(text, strict=True)
        else:
            rfc3339.parse_time(text)
    assert str(refused.value) == message
    assert not rfc3339.is_time(text)
    if not isinstance(text, str):  # a value of another JSON type is no date-time, and no TypeError either
        assert not rfc3339.is_date_time(text)


_HOMES = {"intent/pointer.py", "intent/rfc3339.py", "adapter/versions.py"}
# An exported OpenAPI server carries a verbatim copy of this package and imports nothing of the project.
_STANDALONE = "catalog/openapi/runtime/"


def test_pointers_date_times_and_protocol_versions_are_written_only_in_their_homes() -> None:
    import ast

    from mcp_types.version import SUPPORTED_PROTOCOL_VERSIONS

    found = []
    for package in ("intent", "adapter", "catalog", "intent_mcp"):
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where in _HOMES or where.startswith(_STANDALONE):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value in ("~0", "~1", *SUPPORTED_PROTOCOL_VERSIONS):
                    found.append(f"{where}:{node.lineno}: {node.value!r}")
                elif isinstance(node, ast.Attribute) and node.attr in ("fromisoformat", "strptime"):
                    found.append(f"{where}:{node.lineno}: {node.attr}")
    assert found == []
