"""The bundled intent-handoff Skill: it validates, states every rule, and its steps work by hand."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from intent_mcp.cli import main as cli_main

REPO = Path(__file__).resolve().parents[1]
SKILL_DIR = REPO / "skills" / "intent-handoff"
SKILL_MD = SKILL_DIR / "SKILL.md"


def _skill_text() -> tuple[str, str]:
    text = SKILL_MD.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    assert match, "SKILL.md starts with YAML front matter between --- lines"
    return match.group(1), match.group(2)


def _normalized(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


def test_skill_passes_the_reference_validator() -> None:
    validator = pytest.importorskip("skills_ref.validator", reason="skills-ref (test extra) is not installed")
    assert validator.validate(SKILL_DIR) == []
    cli = shutil.which("agentskills") or str(Path(sys.executable).with_name("agentskills"))
    if Path(cli).exists():
        completed = subprocess.run([cli, "validate", str(SKILL_DIR)], capture_output=True, text=True, timeout=60)
        assert completed.returncode == 0, completed.stdout + completed.stderr


def test_skill_validator_rejects_a_broken_copy(tmp_path: Path) -> None:
    # Guards the check above: the validator really reads our front matter.
    validator = pytest.importorskip("skills_ref.validator", reason="skills-ref (test extra) is not installed")
    broken = tmp_path / "intent-handoff"
    shutil.copytree(SKILL_DIR, broken)
    text = (broken / "SKILL.md").read_text(encoding="utf-8").replace("name: intent-handoff", "name: Intent_Handoff")
    (broken / "SKILL.md").write_text(text, encoding="utf-8")
    assert validator.validate(broken) != []


def test_front_matter_names_the_skill_and_says_when_to_use_it() -> None:
    front, _ = _skill_text()
    fields = dict(line.split(":", 1) for line in front.splitlines() if line and not line.startswith(" "))
    assert fields["name"].strip() == SKILL_DIR.name
    description = fields["description"].strip()
    assert 0 < len(description) <= 1024
    for tool in ("intent_prepare", "intent_accept", "intent_cancel"):
        assert tool in description


# Each rule of the handoff, and the phrases of SKILL.md's body that must state it.
RULES: dict[str, tuple[str, ...]] = {
    "call intent_prepare first": ("call `intent_prepare`", "never make up a `requestid` or `submissiontoken`"),
    "follow instructions and match outputSchema": ("follow `instructions`", "matches `outputschema`"),
    "from the given input only": ("use the given `input` only", "from the given `input` only"),
    "submit whole with intent_accept": ("submit the candidate whole", "`intent_accept`", "`candidatetext`"),
    "at most one correction": ("at most one correction",),
    "only from explicit feedback": (
        "only from the server's explicit `feedback`",
        "correct only what the feedback names",
    ),
    "no correction for missing information": ("missing information is a valid answer",),
    "no correction for indeterminate fields": ("indeterminate",),
    "cancel with refusal or incomplete": ("`intent_cancel`", '"refusal"', '"incomplete"'),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_skill_states_every_handoff_rule(rule: str) -> None:
    _, body = _skill_text()
    text = _normalized(body)
    for phrase in RULES[rule]:
        assert _normalized(phrase) in text, f"SKILL.md does not state {rule!r} ({phrase!r})"


def test_never_correct_for_missing_information_is_one_sentence() -> None:
    # The rule must forbid the correction, not merely mention missing information.
    _, body = _skill_text()
    text = _normalized(body)
    assert re.search(r"never \"correct\" a candidate to fill those in", text)
    assert "never invent a value" in text


def test_reference_files_linked_from_the_skill_exist() -> None:
    _, body = _skill_text()
    links = re.findall(r"\]\(([^)]+)\)", body)
    assert links, "the Skill links its worked example"
    for link in links:
        assert (SKILL_DIR / link).is_file(), link


def test_cli_prints_shows_and_installs_the_skill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["skill", "path"]) == 0
    assert Path(capsys.readouterr().out.strip()) == SKILL_DIR
    assert cli_main(["skill"]) == 0
    assert Path(capsys.readouterr().out.strip()) == SKILL_DIR
    assert cli_main(["skill", "show"]) == 0
    assert capsys.readouterr().out == SKILL_MD.read_text(encoding="utf-8")
    assert cli_main(["skill", "install", str(tmp_path)]) == 0
    installed = Path(capsys.readouterr().out.strip())
    assert (installed / "SKILL.md").read_bytes() == SKILL_MD.read_bytes()
    assert (installed / "references" / "EXAMPLE.md").is_file()
    assert cli_main(["skill", "install", str(tmp_path)]) == 1
    assert "exists" in capsys.readouterr().err
    assert cli_main(["skill", "install", str(tmp_path), "--force"]) == 0


# --- The Skill followed by hand, end to end, against a host-mode server -------------------------


def _example_candidate() -> dict[str, Any]:
    """The candidate of references/EXAMPLE.md, taken from the file so the example itself is tested."""
    example = (SKILL_DIR / "references" / "EXAMPLE.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", example, re.S)
    candidates = [json.loads(block) for block in blocks if '"turnKind"' in block and "..." not in block]
    assert len(candidates) == 1
    candidate: dict[str, Any] = candidates[0]
    return candidate


def _quotes_of(candidate: dict[str, Any]) -> list[str]:
    quotes = [intent["evidence"] for intent in candidate["intents"]]
    quotes += [intent["action"] for intent in candidate["intents"]]
    quotes += [intent["target"] for intent in candidate["intents"] if intent["target"]]
    quotes += [constraint["text"] for constraint in candidate["constraints"]]
    return quotes


def _tool_json(result: Any) -> dict[str, Any]:
    text = result.content[0].text
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.mark.anyio
async def test_skill_followed_by_hand_end_to_end() -> None:
    from mcp.client import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    server = StdioServerParameters(
        command=sys.executable, args=["-m", "intent_mcp", "--transport", "stdio", "--mode", "host"], cwd=str(REPO)
    )
    # The server's stderr goes to a real file: the transport needs a file descriptor, whatever pytest captures.
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as errlog:
        async with Client(stdio_client(server, errlog=errlog), mode="legacy") as client:
            await _follow_the_skill(client)


async def _follow_the_skill(client: Any) -> None:
    """Steps 1-5 of SKILL.md, in order, as a host model would take them."""
    tools = {tool.name for tool in (await client.list_tools()).tools}
    assert {"intent_prepare", "intent_accept", "intent_cancel"} <= tools

    # Step 1: prepare.
    prepared = await client.call_tool("intent_prepare", {"input": "Look up order 000123. Do not cancel the order."})
    assert prepared.is_error is False
    task = _tool_json(prepared)
    assert task["kind"] == "model_task"
    assert prepared.structured_content == task

    # Step 2: the candidate, written from the task alone, checked as the Skill says.
    candidate = _example_candidate()
    jsonschema.validate(candidate, task["outputSchema"])
    assert task["input"]["fields"] == {}  # so no field is filled
    for quote in _quotes_of(candidate):
        assert quote in task["input"]["text"], quote

    # Step 4 first: a candidate with a key left out gets explicit feedback, corrected once from it.
    malformed = {key: value for key, value in candidate.items() if key != "removals"}
    rejected = await client.call_tool(
        "intent_accept",
        {
            "requestId": task["requestId"],
            "submissionToken": task["submissionToken"],
            "candidateText": json.dumps(malformed),
        },
    )
    assert rejected.is_error is True
    error = _tool_json(rejected)["error"]
    assert error["code"] == "CANDIDATE_INVALID"
    assert error["retryable"] is True
    assert error["feedback"], "the correction is allowed only from explicit feedback"
    assert any("removals" in item["message"] or "removals" in item["pointer"] for item in error["feedback"])

    # Step 3: submit the whole candidate (corrected exactly where the feedback pointed).
    accepted = await client.call_tool(
        "intent_accept",
        {
            "requestId": task["requestId"],
            "submissionToken": task["submissionToken"],
            "candidateText": json.dumps(candidate),
        },
    )
    assert accepted.is_error is False
    result = _tool_json(accepted)
    assert accepted.structured_content == result
    assert result["status"] == "complete"
    (intent,) = result["effective"]["intents"]
    assert (intent["action"], intent["target"]) == ("Look up", "order 000123")
    assert [(c["kind"], c["text"]) for c in intent["constraints"]] == [("prohibition", "Do not cancel the order")]

    # Step 5: a task the host cannot complete is cancelled with a reason.
    second = _tool_json(await client.call_tool("intent_prepare", {"input": "Delete every customer record."}))
    cancelled = await client.call_tool("intent_cancel", {"requestId": second["requestId"], "reason": "refusal"})
    assert cancelled.is_error is False
    assert _tool_json(cancelled) == {"requestId": second["requestId"], "status": "cancelled"}
