"""Compile every Arazzo document in a folder against its OpenAPI sources: each workflow compiled or reported.

    python -m bench.arazzo_examples DIR [--source NAME=FILE ...] [--json]

DIR holds Arazzo documents (``*.arazzo.yaml``, ``*-arazzo.yaml``, JSON too) and the OpenAPI documents
their ``sourceDescriptions`` name by relative URL (a remote URL whose file name is in DIR uses that
file; ``--source NAME=FILE`` supplies any other). The published examples are in the Arazzo
Specification repository (github.com/OAI/Arazzo-Specification, ``examples/1.0.0``, Apache-2.0); copy
that folder and pass its path. A source that is a remote URL or missing file is reported as not
available (this command makes no network request). Exit status 0 when every document was read and
every workflow either compiled or was reported with a reason, 1 when anything crashed.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _is_arazzo(path: Path) -> bool:
    name = path.name.lower()
    return "arazzo" in name and path.suffix.lower() in (".yaml", ".yml", ".json")


def examine(path: Path, supplied: dict[str, Path] | None = None) -> dict[str, Any]:
    """``{document, valid, problems, sources, compiled, reported}`` for one Arazzo document."""
    from catalog.documents import load_document
    from catalog.openapi.arazzo import compile_workflows, operation_index, validate_arazzo
    from intent.errors import IntentError

    report: dict[str, Any] = {"document": path.name, "sources": {}, "compiled": [], "reported": []}
    document = load_document(path)
    report["schemaProblems"] = validate_arazzo(document)
    sources = {}
    for source in document.get("sourceDescriptions") or []:
        name, url = str(source.get("name")), str(source.get("url", ""))
        if source.get("type", "openapi") != "openapi":
            report["sources"][name] = f"not OpenAPI ({source.get('type')})"
            continue
        given = (supplied or {}).get(name)
        if given is not None:
            local = given
        elif "://" in url:
            local = path.parent / url.rsplit("/", 1)[-1]
        else:
            local = (path.parent / url).resolve()
        if not local.is_file():
            report["sources"][name] = f"not available offline ({url})"
            continue
        try:
            sources[name] = operation_index(load_document(local), name)
            report["sources"][name] = f"{len(sources[name].by_path)} operations from {local.name}"
        except IntentError as error:
            report["sources"][name] = f"unreadable: {error}"
    problems: list[dict[str, str]] = []
    compiled = compile_workflows(document, sources=sources, on_problem=problems.append)
    workflows = compiled["workflows"]
    report["compiled"] = [{"workflowId": tool["workflow"], "tool": tool["name"],
                           "steps": len(workflows[tool["workflow"]]["steps"])} for tool in compiled["tools"]]
    report["reported"] = problems
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arazzo_examples", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of Arazzo documents and their OpenAPI sources")
    parser.add_argument("--source", action="append", default=[], metavar="NAME=FILE",
                        help="the OpenAPI document of source NAME (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")
    args = parser.parse_args(argv)
    supplied = {}
    for item in args.source:
        name, _, file = item.partition("=")
        supplied[name] = Path(file).resolve()
    documents = sorted(path for path in args.folder.iterdir() if _is_arazzo(path))
    if not documents:
        print(f"no Arazzo documents in {args.folder}", file=sys.stderr)
        return 2
    reports, crashed = [], 0
    for path in documents:
        try:
            reports.append(examine(path, supplied))
        except Exception as error:  # the point of this run: any crash is a finding
            crashed += 1
            reports.append({"document": path.name, "crash": f"{type(error).__name__}: {error}",
                            "trace": traceback.format_exc(limit=3)})
    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        for report in reports:
            print(f"{report['document']}:")
            if "crash" in report:
                print(f"  CRASH {report['crash']}")
                continue
            print(f"  schema: {'valid' if not report['schemaProblems'] else report['schemaProblems'][0]}")
            for name, state in report["sources"].items():
                print(f"  source {name}: {state}")
            for item in report["compiled"]:
                print(f"  compiled {item['workflowId']} -> tool {item['tool']} ({item['steps']} steps)")
            for item in report["reported"]:
                print(f"  reported {item['workflowId']} at {item['path']}: {item['message']}")
    workflows = sum(len(r.get("compiled", [])) + len(r.get("reported", [])) for r in reports)
    compiled = sum(len(r.get("compiled", [])) for r in reports)
    print(f"{len(documents)} documents, {workflows} workflows: {compiled} compiled, {workflows - compiled} reported, "
          f"{crashed} crashed", file=sys.stderr)
    return 1 if crashed else 0


if __name__ == "__main__":
    raise SystemExit(main())
