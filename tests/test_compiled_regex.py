"""The recognizer's fixed patterns loaded as stored compiled code (``intent.compiled_regex``)."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import intent.normalize.temporal  # noqa: F401  (its patterns fill the process's table)
from intent import compiled_regex
from intent.compiled_regex import _engine, _Table

ROOT = Path(__file__).resolve().parent.parent

SAMPLES = [
    (r"(?P<day>\d{1,2})/(?P<month>\d{1,2})(?:/(\d{4}))?", 0),
    (r"\b(next|last)\s+(?:mon|tues?|wed(?:nes)?)(?:day)?\b", re.IGNORECASE),
    (r"(?x) (\d+) \s* (am|pm)  # a clock", re.IGNORECASE),
    (r"(?<![\w/.-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?![\d/-])", 0),
    (r"^[ \t]*(?:re|fwd?)\s*:\s*", re.IGNORECASE | re.MULTILINE),
    (r"[à-ÿ]+(?=\s)|€\d+", 0),
]
TEXTS = ["12/05/2027 and 3/4", "next Tuesday, last wed", "at 5 PM or 17 am", "Re: fwd: hi", "café €20 ", "01-02-2027"]


def _engine_or_skip() -> compiled_regex._Engine:
    engine = _engine()
    if engine is None:
        pytest.skip("this interpreter's regex engine is not CPython's")
    return engine


def _same(built: re.Pattern[str], pattern: str, flags: int) -> None:
    reference = re.compile(pattern, flags)
    assert built == reference  # same flags and the same matching code
    assert (built.groups, built.groupindex, built.pattern) == (reference.groups, reference.groupindex, pattern)
    for text in TEXTS:
        assert [m.span() + m.groups() for m in built.finditer(text)] == [
            m.span() + m.groups() for m in reference.finditer(text)
        ]


def test_stored_code_gives_the_pattern_re_compile_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    engine = _engine_or_skip()
    path = tmp_path / "table.marshal"
    first = _Table(engine, path)
    for pattern, flags in SAMPLES:
        _same(first.compiled(pattern, int(flags)), pattern, int(flags))
    assert first.hits == 0 and len(first.new) == len(SAMPLES)
    first.save()
    assert path.is_file() and not first.new

    second = _Table(engine, path)
    for pattern, flags in SAMPLES:
        _same(second.compiled(pattern, int(flags)), pattern, int(flags))
    assert second.hits == len(SAMPLES) and not second.new
    before = path.stat()
    second.save()  # nothing new: the file is left as it is
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_every_fixed_pattern_of_the_grammar_comes_back_equal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    engine = _engine_or_skip()
    keys = list(compiled_regex._table().built)
    assert len(keys) > 150  # the time grammar's patterns go through the table
    path = tmp_path / "table.marshal"
    writer = _Table(engine, path)
    for pattern, flags in keys:
        writer.compiled(pattern, flags)
    writer.save()
    reader = _Table(engine, path)
    for pattern, flags in keys:
        assert reader.compiled(pattern, flags) == re.compile(pattern, flags), pattern[:80]
    assert reader.hits == len(keys)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not a table",
        marshal.dumps((1, 0, {})),  # another engine's magic
        marshal.dumps(["a list", "not a table"]),
    ],
)
def test_an_unreadable_table_is_ignored(tmp_path: Path, content: bytes) -> None:
    engine = _engine_or_skip()
    path = tmp_path / "table.marshal"
    path.write_bytes(content)
    table = _Table(engine, path)
    for pattern, flags in SAMPLES:
        _same(table.compiled(pattern, int(flags)), pattern, int(flags))
    assert table.hits == 0


def test_code_the_engine_refuses_is_compiled_afresh(tmp_path: Path) -> None:
    engine = _engine_or_skip()
    pattern, flags = SAMPLES[0]
    good = engine.entry(pattern, flags)
    damaged = (good[0], [7, 7, 7, 7], good[2], good[3], good[4])
    path = tmp_path / "table.marshal"
    path.write_bytes(marshal.dumps((compiled_regex._FORMAT, engine.magic, {(pattern, flags): marshal.dumps(damaged)})))
    table = _Table(engine, path)
    _same(table.compiled(pattern, flags), pattern, flags)
    assert table.hits == 0 and (pattern, flags) in table.new


def test_a_mistaken_pattern_fails_as_re_compile_fails(tmp_path: Path) -> None:
    table = _Table(_engine_or_skip(), tmp_path / "table.marshal")
    with pytest.raises(re.error, match="missing \\)"):
        table.compiled(r"(\d+", 0)


def test_nothing_is_written_where_python_writes_no_bytecode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "table.marshal"
    table = _Table(_engine_or_skip(), path)
    table.compiled(*SAMPLES[0])
    table.save()
    assert not path.exists()


def test_a_read_only_folder_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    table = _Table(_engine_or_skip(), blocked / "table.marshal")
    table.compiled(*SAMPLES[0])
    table.save()  # the folder cannot be made: no error, nothing stored
    assert blocked.read_text() == ""


def test_the_table_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(compiled_regex, "_MAX_ENTRIES", 6)
    engine = _engine_or_skip()
    path = tmp_path / "table.marshal"
    older = _Table(engine, path)
    for index in range(6):
        older.compiled(rf"old{index}\d", 0)
    older.save()
    newer = _Table(engine, path)  # the patterns were edited since: two others are in use now
    newer.compiled(r"new\d", 0)
    newer.compiled(r"old0\d", 0)
    newer.save()
    stored = marshal.loads(path.read_bytes())[2]
    # what this process used, then the newest others up to half the bound
    assert list(stored) == [(r"old0\d", 0), (r"new\d", 0), (r"old5\d", 0)]


_REPORT = (
    "import json, intent.normalize.temporal, intent.executors.builtin\n"
    "from intent import compiled_regex as c\n"
    "t = c._table()\n"
    "keys = sorted(map(list, t.built))\n"
    "print(json.dumps({'hits': t.hits, 'new': len(t.new), 'built': len(t.built), 'keys': keys}))\n"
)


def test_a_second_start_compiles_no_fixed_pattern(tmp_path: Path) -> None:
    """Two processes with different hash seeds: the first stores, the second only loads (same pattern texts)."""
    _engine_or_skip()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "bytecode")
    env["PYTHONPATH"] = str(ROOT)
    runs = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", _REPORT], env={**env, "PYTHONHASHSEED": seed}, cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=True)
        runs.append(json.loads(done.stdout))
    first, second = runs
    assert first["hits"] == 0 and first["new"] == first["built"] > 150
    assert second["keys"] == first["keys"], "a pattern's text differs between processes (set order?)"
    assert (second["hits"], second["new"]) == (first["built"], 0)
    assert list((tmp_path / "bytecode").rglob("compiled_regex.*.marshal"))
