"""Reading catalog documents: JSON and YAML, and clear errors for what cannot be read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from catalog.documents import MAX_DOCUMENT_BYTES, load_document, parse_document
from intent.errors import IntentError


def test_json_and_yaml_parse_to_the_same_data() -> None:
    assert parse_document('{"a": [1, 2], "b": null}') == parse_document("a: [1, 2]\nb: null\n") == {
        "a": [1, 2], "b": None
    }


def test_yaml_keeps_dates_as_written_and_keys_as_strings() -> None:
    assert parse_document("version: 2024-01-31\nresponses:\n  200: ok\n") == {
        "version": "2024-01-31", "responses": {"200": "ok"}
    }


def test_bom_and_leading_space_are_ignored() -> None:
    assert parse_document('\ufeff  \n{"a": 1}') == {"a": 1}


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "empty"), ("   \n", "empty"), ("a: [1,\n", "YAML"), ("x: !!python/object:os.system {}\n", "YAML"),
     ("a: .nan\n", "non-finite"), ("a: !!binary aGVsbG8=\n", "bytes"), ('{"a": NaN}', "NaN"),
     ('{"a": 1e999}', "too large"), ("a: &a [*a]\n", "deeply")],
)
def test_bad_text_is_a_coded_error(text: str, words: str) -> None:
    with pytest.raises(IntentError) as caught:
        parse_document(text)
    assert caught.value.code == "CONFIG_INVALID"
    assert words in caught.value.message


def test_yaml_alias_expansion_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("catalog.documents.MAX_YAML_NODES", 50_000)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, "
              f"*a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 6)]
    with pytest.raises(IntentError, match="expands"):
        parse_document("\n".join(lines) + "\n")


def test_deep_nesting_is_a_coded_error() -> None:
    with pytest.raises(IntentError, match="deeply"):
        parse_document("[" * 100_000 + "]" * 100_000)


def test_yaml_without_pyyaml_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "yaml", None)
    with pytest.raises(IntentError, match="pyyaml"):
        parse_document("a: 1\n")
    assert parse_document('{"a": 1}') == {"a": 1}
    with pytest.raises(IntentError, match="not valid JSON"):
        parse_document('{"a": }')


def test_load_document_errors(tmp_path: Path) -> None:
    with pytest.raises(IntentError, match="cannot read"):
        load_document(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(IntentError, match="UTF-8"):
        load_document(binary)
    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(MAX_DOCUMENT_BYTES + 1)
    with pytest.raises(IntentError, match="larger"):
        load_document(big)
    good = tmp_path / "good.yaml"
    good.write_text("name: shop\n")
    assert load_document(good) == {"name": "shop"}
