"""Every code block of README.md, ARCHITECTURE.md and docs/ runs as shown.

The convention (also at the top of docs/README.md), by the block's language:

- ``python``: run. The blocks of one file run in order in one namespace, with the repository as
  the working directory, so a later block may use the names an earlier one defined. A block whose
  first line is ``# fragment: <what it needs>`` is only compiled: it shows code that needs
  something the reader brings (a server of their own, an API key, a model endpoint), and says so.
  Top-level ``await`` is allowed (the block then runs in an event loop).
- ``sh`` / ``bash`` / ``shell``: each command line runs with bash from the repository root and must
  exit 0 (``#`` starts a comment). ``pip install`` lines are not run; what they install is checked
  instead (a local path and extras that pyproject.toml declares), and ``python -m pytest`` is the
  suite running this very test. A command that serves
  (``intent-mcp`` without a subcommand, or ``--transport``) is started, must still be running after
  a few seconds, and is stopped; ``--port N`` becomes ``--port 0``. A block whose first line is
  ``# not run: <reason>`` (minutes-long benchmarks, the test suite itself) is only listed.
- ``json``: must parse. Abbreviated JSON is shown as ``text`` and the prose says it is abbreviated.
- ``text``, ``console``, no language, or any other: output, transcripts, diagrams and data; not run.

A block right after ``<!-- file: PATH -->`` shows that file: it must equal it (less a first
``# fragment:`` line).
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import orjson
import pytest

REPO = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)
SHELL = ("sh", "bash", "shell")
SERVE_SECONDS = 4.0


@dataclass(frozen=True)
class Block:
    file: str
    line: int
    language: str
    code: str

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


def documents() -> list[Path]:
    files = [REPO / "README.md", REPO / "ARCHITECTURE.md", *sorted((REPO / "docs").rglob("*.md"))]
    return [file for file in files if file.is_file()]


def blocks(file: Path) -> list[Block]:
    text = file.read_text(encoding="utf-8")
    name = str(file.relative_to(REPO))
    return [Block(name, text.count("\n", 0, match.start()) + 1, match.group(1).lower(), match.group(2))
            for match in BLOCK.finditer(text)]


ALL = [block for file in documents() for block in blocks(file)]


def _first_line(block: Block) -> str:
    return block.code.lstrip().split("\n", 1)[0].strip()


# --- python --------------------------------------------------------------------------------------


def python_files() -> list[str]:
    return sorted({block.file for block in ALL if block.language == "python"})


@pytest.mark.parametrize("file", python_files())
def test_python_blocks_run(file: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(REPO)
    namespace: dict[str, object] = {"__name__": f"docs:{file}"}
    for block in (block for block in ALL if block.file == file and block.language == "python"):
        code = compile(block.code, block.where, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        if _first_line(block).startswith("# fragment:"):
            continue
        try:
            outcome = eval(code, namespace)  # a block with top-level await gives a coroutine to run
            if inspect.iscoroutine(outcome):
                asyncio.run(outcome)
        except BaseException as error:  # name the block; SystemExit included
            pytest.fail(f"{block.where}: {type(error).__name__}: {error}")
    capsys.readouterr()


# --- shell ---------------------------------------------------------------------------------------


def shell_lines() -> list[tuple[str, str]]:
    lines: list[tuple[str, str]] = []
    for block in ALL:
        if block.language not in SHELL or _first_line(block).startswith("# not run:"):
            continue
        for offset, raw in enumerate(block.code.splitlines()):
            command = _strip_comment(raw).strip()
            if command:
                lines.append((f"{block.file}:{block.line + 1 + offset}", command))
    return lines


def _strip_comment(line: str) -> str:
    """The line up to its first ``#`` comment (a ``#`` outside quotes, at the start or after a space)."""
    quote: str | None = None
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index]
    return line


def _pyproject_extras() -> set[str]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project.get("optional-dependencies", {}))


def _check_pip_install(command: str, where: str) -> None:
    for part in command.split("&&"):
        words = shlex.split(part)
        if words[:2] != ["pip", "install"]:
            continue
        targets = [word for word in words[2:] if not word.startswith("-")]
        assert targets, f"{where}: pip install without a target"
        for target in targets:
            match = re.fullmatch(r"(\.|[\w./-]+)(?:\[([\w,-]+)\])?", target)
            assert match is not None, f"{where}: install from the checkout ('.[extra]'), not {target!r}"
            path, extras = match.group(1), match.group(2)
            assert (REPO / path).exists(), f"{where}: {path} does not exist in the checkout"
            unknown = set((extras or "").split(",")) - {""} - _pyproject_extras()
            assert not unknown, f"{where}: pyproject.toml declares no extra {sorted(unknown)}"


def _serves(words: list[str]) -> bool:
    if not words or words[0] != "intent-mcp":
        return False
    rest = [word for word in words[1:] if not word.startswith("-")]
    return "--transport" in words or not rest


@pytest.mark.parametrize(("where", "command"), shell_lines())
def test_shell_lines_run(where: str, command: str, tmp_path: Path) -> None:
    if "pip install" in command:
        _check_pip_install(command, where)
        rest = [part for part in command.split("&&") if "pip install" not in part]
        command = "&&".join(rest).strip()
        if not command:
            return
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "HOME": str(tmp_path)}
    words = shlex.split(command)
    if _serves(words):
        _check_serving(where, command, env, tmp_path)
        return
    if words[:3] == ["python", "-m", "pytest"]:
        return  # the test suite: it is what runs this
    done = subprocess.run(["bash", "-c", command], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 0, f"{where}: {command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def _check_serving(where: str, command: str, env: dict[str, str], tmp_path: Path) -> None:
    command = re.sub(r"--port\s+\d+", "--port 0", command)
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=REPO, env=env, stdin=subprocess.PIPE,
                                   stdout=subprocess.DEVNULL, stderr=sink)
    try:
        deadline = time.monotonic() + SERVE_SECONDS
        while time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
        assert process.poll() is None, f"{where}: {command} stopped: {log.read_text(errors='replace')[-2000:]}"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- json ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("block", [block for block in ALL if block.language == "json"], ids=lambda block: block.where)
def test_json_blocks_parse(block: Block) -> None:
    try:
        orjson.loads(block.code)
    except orjson.JSONDecodeError as error:
        pytest.fail(f"{block.where}: not JSON ({error}); show abbreviated JSON as ```text and say so")


# --- blocks that show a file ------------------------------------------------------------------------


def test_blocks_marked_with_a_file_show_it_as_it_is() -> None:
    """``<!-- file: PATH -->`` before a block: the block (less a ``# fragment:`` line) is that file."""
    shown = 0
    for file in documents():
        text = file.read_text(encoding="utf-8")
        for match in re.finditer(r"<!-- file: (\S+) -->\n```[\w-]*\n(.*?)^```", text, re.S | re.M):
            code = match.group(2)
            if code.startswith("# fragment:"):
                code = code.split("\n", 1)[1]
            assert code == (REPO / match.group(1)).read_text(encoding="utf-8"), f"{file.name}: {match.group(1)}"
            shown += 1
    assert shown >= 4  # docs/hosts.md shows its four recipes
