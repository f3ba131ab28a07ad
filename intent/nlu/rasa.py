"""Rasa NLU training data (YAML, ``nlu:`` with ``intent:`` and ``examples:``) as domains and their examples.

Rasa's annotation syntax is the one ``examples`` take (``[Berlin](city)``, ``[NYC](city:New York)``,
``[Berlin]{"entity": "city"}``); ``synonym``, ``regex`` and ``lookup`` entries are not used.
Reading YAML needs PyYAML (``pip install 'intent-mcp[yaml]'``).
"""

from __future__ import annotations

from pathlib import Path

from intent.errors import IntentError

__all__ = ["MAX_RASA_FILE_BYTES", "load_rasa_nlu"]

MAX_RASA_FILE_BYTES = 16 * 1024 * 1024


def _examples(block: object, where: str) -> list[str]:
    if isinstance(block, list):
        return [str(item).strip() for item in block if str(item).strip()]
    if not isinstance(block, str):
        raise IntentError("CONFIG_INVALID", "examples must be a block of '- ' lines", path=where)
    out: list[str] = []
    for line in block.splitlines():
        line = line.strip()
        if line.startswith("- "):
            out.append(line[2:].strip())
        elif line:
            raise IntentError("CONFIG_INVALID", f"an examples line must start with '- ': {line[:60]!r}", path=where)
    return [e for e in out if e]


def load_rasa_nlu(path: str | Path, *, where: str = "") -> dict[str, list[str]]:
    """Intent name -> its annotated examples, in file order."""
    try:
        import yaml
    except ImportError:
        raise IntentError("CONFIG_INVALID", "reading a Rasa NLU file needs PyYAML: pip install 'intent-mcp[yaml]'",
                          path=where) from None
    file = Path(path)
    try:
        if file.stat().st_size > MAX_RASA_FILE_BYTES:
            raise IntentError("CONFIG_INVALID", f"the Rasa NLU file is larger than {MAX_RASA_FILE_BYTES} bytes",
                              path=where)
        document = yaml.safe_load(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise IntentError("CONFIG_INVALID", f"cannot read the Rasa NLU file {str(file)!r}: {exc.strerror}",
                          path=where) from None
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise IntentError("CONFIG_INVALID", f"the Rasa NLU file is not YAML: {exc}", path=where) from None
    entries = document.get("nlu") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise IntentError("CONFIG_INVALID", "a Rasa NLU file needs a top-level 'nlu:' list", path=where)
    out: dict[str, list[str]] = {}
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or "intent" not in entry:
            continue  # synonym, regex, lookup: not used
        name = entry.get("intent")
        if not isinstance(name, str) or not name.strip():
            raise IntentError("CONFIG_INVALID", "an intent needs a name", path=f"{where}#nlu/{index}")
        out.setdefault(name.strip(), []).extend(_examples(entry.get("examples", ""), f"{where}#nlu/{index}"))
    return out
