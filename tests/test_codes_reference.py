"""docs/errors.md is the code's own tables, and every code the code raises is in them."""

from __future__ import annotations

import re

from intent.codes_doc import render_codes_reference
from intent.errors import ERROR_CODE_HELP, ERROR_CODES, ISSUE_CODES
from tests.seeds import REPO

PACKAGES = ("intent", "adapter", "catalog", "intent_mcp")


def _source() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for package in PACKAGES
                     for path in sorted((REPO / package).rglob("*.py")))


def test_docs_errors_md_is_generated_from_the_tables() -> None:
    written = (REPO / "docs" / "errors.md").read_text(encoding="utf-8")
    assert written == render_codes_reference(), "run: python -m intent.codes_doc > docs/errors.md"


def test_every_error_code_has_its_meaning_and_advice() -> None:
    assert list(ERROR_CODE_HELP) == list(ERROR_CODES)
    assert all(meaning and action for meaning, action in ERROR_CODE_HELP.values())


def test_every_raised_error_and_issue_code_is_documented() -> None:
    source = _source()
    raised = set(re.findall(r'IntentError\(\s*"([A-Z_]+)"', source))
    issued = set(re.findall(r'\.issue\(\s*"([A-Z_]+)"', source)) | set(re.findall(r'return \("([A-Z_]+)", f?"', source))
    assert raised and issued
    assert raised <= set(ERROR_CODES), raised - set(ERROR_CODES)
    assert issued <= set(ISSUE_CODES), issued - set(ISSUE_CODES)
    text = render_codes_reference()
    for code in [*ERROR_CODES, *ISSUE_CODES]:
        assert f"| `{code}` |" in text
