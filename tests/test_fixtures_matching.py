"""The fixture matcher, the volatile-value marker and the fixture file checks."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from intent_mcp.fixtures import (
    Captures,
    FixtureError,
    MarkerError,
    VolatileMarker,
    load_fixtures,
    load_profiles,
    match,
    parse_fixture,
)


def test_equal_values_match_and_differences_name_the_pointer() -> None:
    expected = {"a": [1, {"b": "x"}], "c": None}
    assert match(expected, copy.deepcopy(expected), Captures()) == []
    differences = match(expected, {"a": [1, {"b": "y"}], "c": None}, Captures())
    assert differences == ['/a/1/b: expected "x", got "y"']


def test_long_strings_show_where_they_part() -> None:
    expected = "a" * 200 + "expected tail"
    actual = "a" * 200 + "actual tail"
    (difference,) = match(expected, actual, Captures())
    assert difference.startswith("/: strings differ at character 200:")
    assert "expected tail" in difference and "actual tail" in difference


def test_missing_and_extra_keys_and_array_length_are_differences() -> None:
    differences = match({"a": 1, "b": 2}, {"a": 1, "z": 2}, Captures())
    assert any("missing key(s) 'b'" in d for d in differences)
    assert any("unexpected key(s) 'z'" in d for d in differences)
    assert match([1, 2], [1, 2, 3], Captures()) == ["/: expected 2 item(s), got 3"]


def test_numbers_compare_by_value_but_booleans_are_not_numbers() -> None:
    assert match({"n": 1}, {"n": 1.0}, Captures()) == []
    assert match({"n": 1}, {"n": True}, Captures()) != []
    assert match({"n": False}, {"n": 0}, Captures()) != []


@pytest.mark.parametrize(
    ("kind", "good", "bad"),
    [("string", "v1.2", 3), ("integer", 3, 3.5), ("number", 3.5, "3"), ("object", {}, []), ("null", None, 0)],
)
def test_match_marker_checks_the_json_type(kind: str, good: Any, bad: Any) -> None:
    assert match({"@match": kind}, good, Captures()) == []
    assert match({"@match": kind}, bad, Captures()) != []


def test_capture_then_ref_requires_the_same_value() -> None:
    expected = [{"@capture": "token"}, {"@ref": "token"}]
    captures = Captures()
    assert match(expected, ["t-1", "t-1"], captures) == []
    assert captures.values == {"token": "t-1"}
    assert match(expected, ["t-1", "t-2"], Captures()) == ["/1: expected the value captured as 'token', got \"t-2\""]


def test_ref_before_capture_and_double_capture_are_fixture_errors() -> None:
    with pytest.raises(MarkerError):
        match({"@ref": "nope"}, "x", Captures())
    with pytest.raises(MarkerError):
        match([{"@capture": "a"}, {"@capture": "a"}], ["x", "y"], Captures())
    with pytest.raises(MarkerError):
        match({"@match": "date"}, "x", Captures())


def test_json_marker_parses_the_text_and_matches_inside() -> None:
    expected = {"@json": {"requestId": {"@capture": "requestId"}, "n": 1}}
    captures = Captures()
    assert match(expected, '{"n": 1, "requestId": "r1"}', captures) == []
    assert captures.values["requestId"] == "r1"
    assert match(expected, '{"n": 2, "requestId": "r1"}', Captures()) == ["/n: expected 1, got 2"]
    assert "does not parse" in match(expected, "{not json", Captures())[0]


def test_literal_marker_takes_markers_as_data() -> None:
    literal = {"@literal": {"@ref": "x"}}
    assert match(literal, {"@ref": "x"}, Captures()) == []
    assert match(literal, "x", Captures()) != []
    # A JSON Schema's own "$ref" is plain data, never a marker.
    assert match({"$ref": "#/a"}, {"$ref": "#/b"}, Captures()) != []


def test_substitute_replaces_refs_in_messages_to_send() -> None:
    captures = Captures({"requestId": "r-9"})
    message = {"params": {"arguments": {"requestId": {"@ref": "requestId"}, "candidateText": "{}"}}}
    assert captures.substitute(message) == {"params": {"arguments": {"requestId": "r-9", "candidateText": "{}"}}}
    with pytest.raises(MarkerError):
        captures.substitute({"@ref": "submissionToken"})
    with pytest.raises(MarkerError):
        captures.substitute({"@match": "any"})


def _prepare_reply(request_id: str, token: str, version: str = "1.0") -> dict[str, Any]:
    task = {"kind": "model_task", "requestId": request_id, "submissionToken": token, "input": {"text": "hi"}}
    return {
        "jsonrpc": "2.0",
        "id": 2,
        "result": {
            "content": [{"type": "text", "text": json.dumps(task)}],
            "structuredContent": task,
            "isError": False,
            "serverInfo": {"name": "intent-mcp", "version": version},
        },
    }


def test_marker_abstracts_volatile_values_and_the_result_matches_another_run() -> None:
    recorded = _prepare_reply("r-1", "s-1")
    marker = VolatileMarker()
    expected = marker.mark(recorded)
    text_marker = expected["result"]["content"][0]["text"]
    assert text_marker["@json"]["requestId"] == {"@capture": "requestId"}
    assert expected["result"]["structuredContent"]["requestId"] == {"@ref": "requestId"}
    assert expected["result"]["serverInfo"]["version"] == {"@match": "string"}
    assert marker.captures.values == {"requestId": "r-1", "submissionToken": "s-1"}
    # Another run: other tokens, another server version, same behaviour.
    assert match(expected, _prepare_reply("r-2", "s-2", version="2.0"), Captures()) == []
    # The text and the structured copy disagree: a difference.
    broken = _prepare_reply("r-2", "s-2")
    broken["result"]["structuredContent"]["requestId"] = "r-3"
    assert match(expected, broken, Captures()) != []
    # A stable value changed: a difference.
    changed = _prepare_reply("r-2", "s-2")
    changed["result"]["structuredContent"]["input"]["text"] = "hello"
    assert match(expected, changed, Captures()) != []


def test_marker_names_distinct_values_in_order() -> None:
    marker = VolatileMarker()
    first = marker.mark({"requestId": "a"})
    second = marker.mark({"requestId": "b"})
    again = marker.mark({"requestId": "a"})
    assert (first, second, again) == (
        {"requestId": {"@capture": "requestId"}},
        {"requestId": {"@capture": "requestId2"}},
        {"requestId": {"@ref": "requestId"}},
    )


def _fixture(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "case",
        "protocolVersion": "2025-06-18",
        "server": "executor",
        "transports": ["stdio", "http"],
        "exchanges": [
            {
                "send": {"jsonrpc": "2.0", "id": 1, "method": "ping"},
                "expect": {"jsonrpc": "2.0", "id": 1, "result": {}},
            },
            {"send": {"jsonrpc": "2.0", "method": "notifications/initialized"}},
        ],
    }
    data.update(overrides)
    return data


def test_a_well_formed_fixture_parses() -> None:
    fixture = parse_fixture(Path("case.json"), _fixture())
    assert [exchange.is_request for exchange in fixture.exchanges] == [True, False]
    assert fixture.to_json()["exchanges"][1] == {"send": {"jsonrpc": "2.0", "method": "notifications/initialized"}}


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"extra": 1}, "unknown key"),
        ({"protocolVersion": "2024-01-01"}, "protocolVersion"),
        ({"protocolVersion": "2026-07-28"}, "not served over http"),
        ({"transports": []}, "transports"),
        ({"exchanges": [{"send": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}]}, 'needs "expect"'),
        (
            {
                "exchanges": [
                    {"send": {"jsonrpc": "2.0", "method": "x"}, "expect": {"jsonrpc": "2.0", "id": 1, "result": {}}}
                ]
            },
            "notification",
        ),
        (
            {
                "exchanges": [
                    {
                        "send": {"jsonrpc": "2.0", "id": 1, "method": "a"},
                        "expect": {"jsonrpc": "2.0", "id": 1, "result": {}},
                    },
                    {
                        "send": {"jsonrpc": "2.0", "id": 1, "method": "b"},
                        "expect": {"jsonrpc": "2.0", "id": 1, "result": {}},
                    },
                ]
            },
            "reuses request id",
        ),
    ],
)
def test_malformed_fixtures_are_refused_with_the_reason(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(FixtureError, match=message):
        parse_fixture(Path("case.json"), _fixture(**overrides))


def test_a_fixture_in_the_wrong_version_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "2025-11-25"
    folder.mkdir()
    (folder / "case.json").write_text(json.dumps(_fixture()), encoding="utf-8")
    with pytest.raises(FixtureError, match="stands in the 2025-11-25 folder"):
        load_fixtures(tmp_path)
    (folder / "case.json").write_text("{broken", encoding="utf-8")
    with pytest.raises(FixtureError, match="not JSON"):
        load_fixtures(tmp_path)


def test_profiles_resolve_path_arguments_against_the_fixtures_folder(tmp_path: Path) -> None:
    (tmp_path / "servers.json").write_text(
        json.dumps({"p": {"args": ["--mode", "host", {"path": "configs/x.json"}]}}), encoding="utf-8"
    )
    profile = load_profiles(tmp_path)["p"]
    assert profile.args == ("--mode", "host", str((tmp_path / "configs" / "x.json").resolve()))
    (tmp_path / "servers.json").write_text(json.dumps({"p": {"args": [3]}}), encoding="utf-8")
    with pytest.raises(FixtureError):
        load_profiles(tmp_path)
