"""Per-tool fields on real OpenAPI documents: flattened bodies round-trip, and what the union would lose.

    python -m bench.tool_fields DIR [--json]

For each document under ``DIR`` (recursively: ``*.yaml``, ``*.yml``, ``*.json``; files that are not
OpenAPI documents, such as shared schema fragments, are skipped) a ``CatalogBinding`` is built and,
for every tool, a value is sampled for each of its own fields (``bench.openapi_requests.sample`` on
the field's own schema), mapped back to call arguments (``binding.arguments_for``) and validated
against the tool's ``inputSchema``. Reported: documents, tools, fields, flattened request bodies,
renamed fields, round trips valid, and the field names whose union schema differs from some tool's
own (where one flat field set would have widened or dropped an enum, a format, a type).

Data: the examples of the OpenAPI Specification repository (github.com/OAI/OpenAPI-Specification,
``examples/`` in its history, Apache-2.0); not shipped here. Exit status 0 when every round trip is
valid, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from bench.openapi_requests import sample
from catalog.documents import load_document
from catalog.recognition import CatalogBinding


def measure(path: Path) -> dict[str, Any] | None:
    """The figures of one document, or None when it is not an OpenAPI document."""
    document = load_document(path)
    if not isinstance(document, dict) or not ("openapi" in document or "swagger" in document):
        return None
    binding = CatalogBinding.from_document(document)
    report: dict[str, Any] = {"document": str(path), "tools": 0, "fields": 0, "flattenedBodies": 0,
                              "renamedFields": 0, "valid": 0, "invalid": [], "differFromUnion": []}
    union = binding.fields["properties"]
    differ: set[str] = set()
    for name, tool in binding.tools.items():
        fields = binding.tool_fields(name)
        report["tools"] += 1
        report["fields"] += len(fields)
        report["flattenedBodies"] += int(any(spec.path for spec in fields.values()))
        # A parameter whose argument is not its wire name (id_query), a body property renamed (username_body).
        report["renamedFields"] += sum(1 for arg, (wire, where) in tool.parameters.items()
                                       if arg != wire and where != "body" and arg in fields)
        report["renamedFields"] += sum(1 for spec in fields.values() if spec.path and spec.name != spec.path[1:])
        values = {field: sample(spec.schema) for field, spec in fields.items()}
        arguments = binding.arguments_for(name, values)
        errors = list(Draft202012Validator(tool.input_schema).iter_errors(arguments))
        if errors:
            report["invalid"].append({"tool": name, "problem": errors[0].message[:200]})
        else:
            report["valid"] += 1
        differ |= {field for field, spec in fields.items() if spec.schema != union.get(field)}
    report["differFromUnion"] = sorted(differ)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tool_fields", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    paths = sorted(path for path in args.folder.rglob("*") if path.suffix.lower() in (".yaml", ".yml", ".json"))
    reports: list[dict[str, Any]] = []
    for path in paths:
        try:
            report = measure(path)
        except Exception as error:  # a document the catalog refuses is a finding too
            report = {"document": str(path), "crash": f"{type(error).__name__}: {error}"}
        if report is not None:
            reports.append(report)
    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        for report in reports:
            if "crash" in report:
                print(f"{report['document']}: CRASH {report['crash']}")
                continue
            print(f"{report['document']}: {report['valid']}/{report['tools']} round trips valid, "
                  f"{report['fields']} fields, {report['flattenedBodies']} bodies flattened, "
                  f"{report['renamedFields']} renamed, differ from the union: {report['differFromUnion']}")
            for item in report["invalid"]:
                print(f"  {item['tool']}: {item['problem']}")
    total = {key: sum(report.get(key, 0) for report in reports)
             for key in ("tools", "fields", "flattenedBodies", "renamedFields", "valid")}
    crashed = sum(1 for report in reports if "crash" in report)
    differ = sum(len(report.get("differFromUnion", ())) for report in reports)
    print(f"{len(reports)} documents, {total['tools']} tools, {total['fields']} fields: {total['valid']} round "
          f"trips valid, {total['flattenedBodies']} bodies flattened, {total['renamedFields']} fields renamed, "
          f"{differ} field names whose union schema differs from a tool's own, {crashed} documents refused",
          file=sys.stderr)
    return 0 if total["valid"] == total["tools"] and not crashed else 1


if __name__ == "__main__":
    raise SystemExit(main())
