"""Call every operation of a folder of OpenAPI documents against a loopback echo server.

    python -m bench.openapi_requests DIR [--json]

For each document (``*.yaml``, ``*.yml``, ``*.json``; Arazzo documents are skipped) the manifest is
built, and every tool is called through the real runtime with arguments made from its ``inputSchema``
(every property, the first enum value, arrays of two items) and a base URL pointing at a loopback server that
echoes what arrived. A call counts as right when the echo shows the tool's method, a path with every
parameter filled in, and each query argument's name. Reported: documents, tools, right calls, and
every wrong one with its reason; documents whose first server URL is empty or relative (they need
``API_BASE_URL``) are counted too. Data: the examples of the OpenAPI Specification repository
(github.com/OAI/OpenAPI-Specification, ``examples/`` in its history, Apache-2.0); not shipped here.
Exit status 0 when every call was right, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import anyio


def sample(schema: Any, depth: int = 0) -> Any:
    """A value that fits ``schema`` well enough to build a request."""
    if not isinstance(schema, Mapping) or depth > 4:
        return "x"
    if schema.get("enum"):
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    for key in ("anyOf", "oneOf", "allOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            return sample(schema[key][0], depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((item for item in kind if item != "null"), "string")
    if kind == "integer":
        return max(1, int(schema.get("minimum", 1)))
    if kind == "number":
        return 1.5
    if kind == "boolean":
        return True
    if kind == "array":
        item = sample(schema.get("items"), depth + 1)
        return [item, item]
    if kind == "object" or "properties" in schema:
        return {str(name): sample(value, depth + 1) for name, value in (schema.get("properties") or {}).items()}
    formats = {"date": "2026-01-01", "date-time": "2026-01-01T00:00:00Z", "email": "a@example.com",
               "uuid": "00000000-0000-4000-8000-000000000000", "uri": "https://example.com"}
    return formats.get(str(schema.get("format")), "x-1")


@contextmanager
def echo_server() -> Iterator[str]:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    async def echo(request: Request) -> JSONResponse:
        body = await request.body()
        return JSONResponse({"method": request.method, "path": request.scope["raw_path"].decode(),
                             "query": request.scope["query_string"].decode(), "bodyBytes": len(body)})

    app = Starlette(routes=[Route("/{rest:path}", echo, methods=["GET", "POST", "PUT", "PATCH", "DELETE",
                                                                  "HEAD", "OPTIONS"])])
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/base"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()


def _wrong(tool: Mapping[str, Any], args: Mapping[str, Any], result: Mapping[str, Any]) -> str | None:
    operation = tool["operation"]
    if result.get("isError"):
        return "error result: " + str(result["content"][0].get("text", ""))[:200]
    if operation["method"] == "HEAD":
        return None  # no body comes back
    echoed = result.get("structuredContent") or {}
    if echoed.get("method") != operation["method"]:
        return f"method {echoed.get('method')} instead of {operation['method']}"
    path = str(echoed.get("path", ""))
    if "{" in path or "%7B" in path:
        return f"path parameter left unfilled: {path}"
    sent = {key.split("[", 1)[0] for key, _ in parse_qsl(str(echoed.get("query", "")), keep_blank_values=True)}
    for param in operation["params"]:
        arg = param.get("arg", param["name"])
        if param["in"] == "query" and arg in args and param["name"] not in sent and param.get("style") != "form":
            return f"query parameter {param['name']} missing from {echoed.get('query')}"
    return None


async def _run_document(path: Path, base_url: str) -> dict[str, Any]:
    from catalog.documents import load_document
    from catalog.openapi import build_mcp_manifest
    from catalog.openapi.runtime import create_mcp_runtime

    manifest = build_mcp_manifest(load_document(path))
    report: dict[str, Any] = {"document": path.name, "tools": len(manifest["tools"]), "right": 0, "wrong": [],
                              "baseUrl": next(iter(manifest["sources"].values()))["baseUrl"]}
    runtime = create_mcp_runtime(manifest, base_urls={name: base_url for name in manifest["sources"]},
                                 credentials={name: "secret-value" for source in manifest["sources"].values()
                                              for name in source["securitySchemes"]})
    try:
        for tool in manifest["tools"]:
            args = sample(tool["inputSchema"])
            result = await runtime.call_tool(tool["name"], args)
            problem = _wrong(tool, args, result)
            if problem is None:
                report["right"] += 1
            else:
                report["wrong"].append({"tool": tool["name"], "problem": problem})
    finally:
        await runtime.aclose()
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.openapi_requests", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    documents = sorted(path for path in args.folder.iterdir()
                       if path.suffix.lower() in (".yaml", ".yml", ".json") and "arazzo" not in path.name.lower())
    reports: list[dict[str, Any]] = []
    with echo_server() as base_url:
        for path in documents:
            try:
                reports.append(anyio.run(_run_document, path, base_url))
            except Exception as error:  # a document the manifest builder refuses is a finding too
                reports.append({"document": path.name, "crash": f"{type(error).__name__}: {error}"})
    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        for report in reports:
            if "crash" in report:
                print(f"{report['document']}: CRASH {report['crash']}")
                continue
            print(f"{report['document']}: {report['right']}/{report['tools']} calls right"
                  f" (server URL '{report['baseUrl']}')")
            for item in report["wrong"]:
                print(f"  {item['tool']}: {item['problem']}")
    tools = sum(report.get("tools", 0) for report in reports)
    right = sum(report.get("right", 0) for report in reports)
    relative = sum(1 for report in reports if "baseUrl" in report
                   and not str(report["baseUrl"]).startswith(("http://", "https://")))
    crashed = sum(1 for report in reports if "crash" in report)
    print(f"{len(reports)} documents ({relative} with an empty or relative server URL), {tools} tools: "
          f"{right} calls right, {tools - right} wrong, {crashed} documents refused", file=sys.stderr)
    return 0 if right == tools and not crashed else 1


if __name__ == "__main__":
    raise SystemExit(main())
