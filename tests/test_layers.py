"""The layers, checked: each package imports only the layers beneath it (see ARCHITECTURE.md).

Every import statement counts, wherever it stands: module top, inside a function (lazy imports),
or under ``TYPE_CHECKING``. A violation names the file, the line and the rule it breaks.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# package -> top-level modules it must never import. `catalog` may use the `mcp` SDK's types when a
# runtime needs them, but never the app; `adapter` is the MCP layer over the core.
FORBIDDEN: dict[str, frozenset[str]] = {
    "intent": frozenset({"adapter", "catalog", "intent_mcp", "mcp", "mcp_types", "starlette", "uvicorn"}),
    "adapter": frozenset({"intent_mcp"}),
    "catalog": frozenset({"intent_mcp", "adapter"}),
}


def _imported_modules(tree: ast.AST, relative_path: Path) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the file's own package
                base = list(relative_path.with_suffix("").parts[: -node.level])
                yield node.lineno, ".".join([*base, *([node.module] if node.module else [])])
            elif node.module:
                yield node.lineno, node.module
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value


def layer_violations(root: Path = ROOT) -> list[str]:
    found = []
    for package, forbidden in FORBIDDEN.items():
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for line, module in _imported_modules(tree, path.relative_to(root)):
                top = module.split(".", 1)[0]
                if top in forbidden:
                    found.append(f"{path.relative_to(root)}:{line}: {package} imports {module}")
    return found


def test_no_layer_imports_a_layer_above_it() -> None:
    assert layer_violations() == []


@pytest.mark.parametrize(
    ("package", "source", "expected"),
    [
        ("intent", "from adapter.sampling import SamplingExecutor\n", "intent imports adapter.sampling"),
        ("intent", "def f():\n    import mcp.types\n", "intent imports mcp.types"),
        ("intent", "from catalog import CatalogBinding\n", "intent imports catalog"),
        ("adapter", "def version():\n    from intent_mcp import __version__\n", "adapter imports intent_mcp"),
        ("catalog", "from ..intent_mcp import serve\n", "catalog imports intent_mcp"),
        ("catalog", "import importlib\nimportlib.import_module('intent_mcp.cli')\n", "catalog imports intent_mcp.cli"),
    ],
)
def test_the_check_sees_every_kind_of_import(tmp_path: Path, package: str, source: str, expected: str) -> None:
    # The guard itself must bite: a planted violation of each shape is reported with its line.
    for name in FORBIDDEN:
        (tmp_path / name).mkdir()
    (tmp_path / package / "planted.py").write_text(source, encoding="utf-8")
    (found,) = layer_violations(tmp_path)
    assert found.startswith(f"{package}/planted.py:") and found.endswith(expected)


def test_importing_the_core_loads_no_model_executor_or_mcp() -> None:
    # The Executor protocol has a light home: `import intent` (and building a config) pays for nothing else.
    script = """
import json, sys
import intent
from intent import Intent, IntentConfig, ScriptedExecutor
Intent(IntentConfig(executor=ScriptedExecutor([])))
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
      ("adapter", "catalog", "intent_mcp", "mcp", "mcp_types", "openai", "anthropic", "httpx")
      or m.startswith(("intent.executors.openai", "intent.executors.anthropic", "intent.executors.http_model",
                       "intent.executors.builtin", "intent.executors.factory")))))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True,
                         cwd=ROOT)
    assert json.loads(out.stdout) == []
