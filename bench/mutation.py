"""``python -m bench.mutation``: mutation testing of the security and verification modules.

Runs mutmut with the ``[tool.mutmut]`` configuration of pyproject.toml (the modules to mutate
and the tests that guard them), then compares the survivors with the explained ones in
docs/mutation.md. Exit status: 0 when every surviving mutant has a written reason, 1 when one
has none (or the run could not finish), 2 on bad usage. ``--check-config`` only checks that the
configuration names files that exist (what CI runs; the whole run takes minutes).

mutmut writes its copy of the packages and its results under ``mutants/`` (ignored by git); a
second run reuses the results of mutants whose function did not change.
"""

from __future__ import annotations

import argparse
import fnmatch
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
EXPLAINED = ROOT / "docs" / "mutation.md"
# Statuses that mean a test noticed the mutant.
DETECTED = frozenset({"killed", "caught by type check", "timeout"})
# Statuses that mean a mutant is alive: no test failed, or no selected test ran its code.
ALIVE = frozenset({"survived", "no tests", "suspicious"})
_RESULT_LINE = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+): (?P<status>.+?)\s*$")
_EXPLAINED_ROW = re.compile(r"^\|\s*`(?P<name>[\w.]+__mutmut_\d+)`\s*\|\s*(?P<reason>.*?)\s*\|\s*$")


@dataclass(frozen=True)
class MutationConfig:
    source_paths: tuple[str, ...]
    only_mutate: tuple[str, ...]
    tests: tuple[str, ...]
    also_copy: tuple[str, ...]


def load_config(root: Path = ROOT) -> MutationConfig:
    table = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return MutationConfig(
        source_paths=tuple(table["source_paths"]),
        only_mutate=tuple(table["only_mutate"]),
        tests=tuple(table["pytest_add_cli_args_test_selection"]),
        also_copy=tuple(table.get("also_copy", ())),
    )


def config_problems(config: MutationConfig, root: Path = ROOT) -> list[str]:
    """What in the configuration names nothing: a missing path, or a module pattern matching no file."""
    problems = [f"{path} does not exist" for path in (*config.source_paths, *config.tests, *config.also_copy)
                if not (root / path).exists()]
    sources = [str(p.relative_to(root)) for top in config.source_paths for p in (root / top).rglob("*.py")]
    problems += [f"only_mutate pattern {pattern!r} matches no module" for pattern in config.only_mutate
                 if not any(fnmatch.fnmatch(path, pattern) for path in sources)]
    problems += [f"only_mutate pattern {pattern!r} is outside the source paths" for pattern in config.only_mutate
                 if pattern.split("/", 1)[0] not in config.source_paths]
    return problems


def parse_results(text: str) -> dict[str, str]:
    """``mutmut results --all true`` output -> mutant name -> status."""
    return {m["name"]: m["status"] for line in text.splitlines() if (m := _RESULT_LINE.match(line))}


def explained_survivors(text: str) -> dict[str, str]:
    """The table rows of docs/mutation.md: mutant name -> why it may survive."""
    return {m["name"]: m["reason"] for line in text.splitlines() if (m := _EXPLAINED_ROW.match(line))}


def module_of(mutant: str) -> str:
    """``intent.grounding.align.x__fuzzy__mutmut_3`` -> ``intent.grounding.align``."""
    head = mutant.split("__mutmut_", 1)[0]
    return ".".join(part for part in head.split(".") if not part.startswith(("x_", "xǁ")))


@dataclass(frozen=True)
class Verdict:
    statuses: Mapping[str, str]
    unexplained: tuple[str, ...]
    stale: tuple[str, ...]
    unchecked: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.unexplained and not self.unchecked


def judge(statuses: Mapping[str, str], explained: Mapping[str, str]) -> Verdict:
    alive = sorted(name for name, status in statuses.items() if status in ALIVE)
    return Verdict(
        statuses=statuses,
        unexplained=tuple(name for name in alive if not explained.get(name)),
        stale=tuple(sorted(name for name in explained if statuses.get(name) not in ALIVE)),
        unchecked=tuple(sorted(name for name, status in statuses.items()
                               if status not in ALIVE and status not in DETECTED)),
    )


def render(verdict: Verdict) -> str:
    by_module: dict[str, Counter[str]] = {}
    for name, status in verdict.statuses.items():
        by_module.setdefault(module_of(name), Counter())[status] += 1
    lines = [f"{'module':44} {'mutants':>7} {'detected':>8} {'alive':>5}"]
    for module, counts in sorted(by_module.items()):
        detected = sum(counts[s] for s in DETECTED)
        alive = sum(counts[s] for s in ALIVE)
        lines.append(f"{module:44} {sum(counts.values()):7} {detected:8} {alive:5}")
    lines += [f"UNEXPLAINED {name}: {verdict.statuses[name]} (mutmut show {name})" for name in verdict.unexplained]
    lines += [f"NOT CHECKED {name}: {verdict.statuses[name]}" for name in verdict.unchecked]
    lines += [f"explained but no longer alive (remove from docs/mutation.md): {name}" for name in verdict.stale]
    lines.append("all surviving mutants are explained" if verdict.ok else
                 f"{len(verdict.unexplained)} unexplained survivor(s), {len(verdict.unchecked)} unchecked")
    return "\n".join(lines)


def _mutmut(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=ROOT, text=True, capture_output=True,
                          check=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mutation", description=__doc__.split("\n")[0])
    parser.add_argument("--check-config", action="store_true", help="only check the configuration")
    parser.add_argument("--max-children", type=int, default=1, help="parallel mutant runs (default 1: one core)")
    parser.add_argument("--report-only", action="store_true", help="judge the results of the last run")
    parser.add_argument("modules", nargs="*", metavar="MODULE",
                        help="only these modules, as dotted patterns of their functions (intent.grounding.*, "
                             "intent.resolve.fields.*); default: all configured")
    args = parser.parse_args(argv)
    config = load_config()
    problems = config_problems(config)
    for problem in problems:
        print(f"configuration: {problem}", file=sys.stderr)
    if problems or args.check_config:
        return 1 if problems else 0
    if not args.report_only:
        command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children)]
        run = subprocess.run([*command, *(f"{pattern}__mutmut_*" for pattern in args.modules)], cwd=ROOT,
                             check=False)
        if run.returncode not in (0, 1):
            print(f"mutmut run ended with status {run.returncode}", file=sys.stderr)
            return 1
    results = _mutmut("results", "--all", "true")
    if results.returncode != 0:
        print(results.stderr, file=sys.stderr)
        return 1
    explained = explained_survivors(EXPLAINED.read_text(encoding="utf-8")) if EXPLAINED.exists() else {}
    def chosen(name: str) -> bool:
        return not args.modules or any(fnmatch.fnmatch(name, f"{pattern}__mutmut_*") for pattern in args.modules)

    statuses = {name: status for name, status in parse_results(results.stdout).items() if chosen(name)}
    if args.modules and not statuses:
        # a verdict over no mutants would say "all explained" for a run that tested nothing
        print(f"no mutant matches {' '.join(args.modules)}: a module is written with its functions' "
              "wildcard, e.g. intent.resolve.fields.*", file=sys.stderr)
        return 1
    verdict = judge(statuses, {name: reason for name, reason in explained.items() if chosen(name)})
    print(render(verdict))
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
