"""The README's commands and example stay true."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.seeds import REPO, SEED_INPUT, seed_reply

README = (REPO / "README.md").read_text(encoding="utf-8")


def test_quick_start_commands_are_the_documented_ones() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quick, re.S)
    assert commands == [f'pip install . && intent-mcp parse "{SEED_INPUT}"',
                        "pip install -e '.[test]' && python -m pytest"]


def test_quick_start_recognition_prints_the_seed_result() -> None:
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "parse", SEED_INPUT], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == seed_reply()["content"][0]["text"]


def test_python_api_example_runs(capsys: object) -> None:
    code = re.search(r"## The Python API\n\n```python\n(.*?)```", README, re.S)
    assert code is not None
    exec(compile(code.group(1), "README.md", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.splitlines()[:2] == ["complete", "{'orderId': '000123'}"]


def test_first_screen_text_output_is_what_parse_prints() -> None:
    import shlex

    shown = re.search(r"```text\n\$ (intent-mcp parse --format text [^\n]*)\n(.*?)```", README, re.S)
    assert shown is not None and README.index(shown.group(0)) < 2500  # on the first screen
    words = shlex.split(shown.group(1))
    done = subprocess.run([sys.executable, "-m", "intent_mcp", *words[1:]], capture_output=True, text=True,
                          timeout=60, check=False, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout == shown.group(2)
