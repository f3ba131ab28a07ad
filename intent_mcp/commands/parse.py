"""``intent-mcp parse TEXT``: recognize one request and print the IntentResult JSON.

Exit 0 with the result on stdout; on failure, the serialized error on stdout and exit 1.
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path

NAME = "parse"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", help="the request, as the person wrote it")
    parser.add_argument("--reference-time", metavar="T",
                        help="RFC 3339 time to resolve relative dates against (default: now, local offset)")
    parser.add_argument("--schema", metavar="FILE", type=Path, help="JSON Schema file of the fields")
    parser.add_argument("--context", metavar="JSON", help="a JSON object of facts the request may rely on")
    parser.add_argument("--baseline", metavar="FILE", type=Path,
                        help="a previous result (or its effective) as JSON, for a follow-up turn")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON")


def run(args: argparse.Namespace) -> int:
    import anyio
    import orjson

    from intent import Intent, IntentConfig, IntentError

    def emit(payload: object) -> None:
        option = orjson.OPT_INDENT_2 if args.pretty else 0
        sys.stdout.write(orjson.dumps(payload, option=option).decode() + "\n")

    def load_json(path: Path, what: str) -> object:
        try:
            return orjson.loads(path.read_bytes())
        except OSError as exc:
            message = f"cannot read the {what} file: {exc.strerror}"
            raise IntentError("CONFIG_INVALID", message, path=str(path)) from None
        except orjson.JSONDecodeError as exc:
            raise IntentError("CONFIG_INVALID", f"the {what} file is not JSON: {exc}", path=str(path)) from None

    try:
        schema = load_json(args.schema, "schema") if args.schema else None
        request: dict[str, object] = {"input": args.text}
        # "tomorrow at 7pm" needs a day to count from: a person at the command line means now, here.
        # Inferred values name the reference time they used in the result's inferences.
        request["referenceTime"] = args.reference_time or datetime.now().astimezone().isoformat(timespec="seconds")
        if args.context is not None:
            try:
                request["context"] = orjson.loads(args.context)
            except orjson.JSONDecodeError as exc:
                raise IntentError("INPUT_INVALID", f"--context is not JSON: {exc}", path="/context") from None
        if args.baseline is not None:
            baseline = load_json(args.baseline, "baseline")
            if isinstance(baseline, dict) and "effective" in baseline:
                baseline = baseline["effective"]
            request["baseline"] = baseline
        intent = Intent(IntentConfig(schema=schema))  # type: ignore[arg-type]
        result = anyio.run(intent.parse, request)
    except IntentError as error:
        emit({"error": error.to_dict()})
        return 1
    if args.pretty:
        emit(result.to_dict())
    else:
        sys.stdout.write(result.to_json() + "\n")
    return 0
