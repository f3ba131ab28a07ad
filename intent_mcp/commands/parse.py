"""``intent-mcp parse TEXT``: recognize one request (or a JSON Lines batch) and print the IntentResult.

The recognizer is the one the server would use: ``--config FILE [--instance NAME]`` builds the
configured instance (Schema, catalog, executor, limits) exactly as ``intent-mcp --config FILE``
does; without a configuration, the built-in recognizer runs over ``--schema FILE`` (or no fields).

Output: the result's compact JSON on stdout (``--pretty`` indents it, ``--format text`` shows it
for a person). Errors go to stderr (the serialized error as JSON, or one line with ``--format
text``) with exit 1; misused options exit 2. ``TEXT`` ``-`` reads the request from stdin.

``--jsonl`` reads JSON Lines (from ``-`` or a file): each line is a request text (a JSON string)
or a request object; each gives one output line, in order, a result or ``{"error": ...}``; the
exit is 1 when any line failed. A closed stdout (``| head``) ends the run quietly (see cli.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import IO, Any

NAME = "parse"
# Root (server) flags this command reads: none. Given before ``parse`` they are refused (see cli.py).
ROOT_FLAGS: tuple[str, ...] = ()

MAX_STDIN_BYTES = 1024 * 1024  # one request from stdin; longer input is refused, not read whole
MAX_LINE_BYTES = 1024 * 1024  # one JSON Lines request
MAX_SCHEMA_FILE_BYTES = 4 * 1024 * 1024


class UsageError(Exception):
    """Options that cannot be used together (exit 2, like argparse's own refusals)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT",
                        help="the request as the person wrote it; '-' reads it from stdin "
                        "(with --jsonl: a JSON Lines file, or '-' for stdin)")
    source = parser.add_argument_group("recognizer (as the server builds it)")
    source.add_argument("--config", dest="parse_config", metavar="FILE", type=Path,
                        help="the server's JSON configuration file; its instance's Schema, catalog, executor "
                        "and limits are used")
    source.add_argument("--instance", metavar="NAME",
                        help="the configured instance to use (needed when the file declares several)")
    source.add_argument("--schema", metavar="FILE", type=Path,
                        help="a JSON Schema file of the fields, for the built-in recognizer without --config")
    request = parser.add_argument_group("request")
    request.add_argument("--reference-time", metavar="T",
                         help="RFC 3339 time to resolve relative dates ('tomorrow', 'Friday') against "
                         "(default: now, local offset)")
    request.add_argument("--context", metavar="JSON", help="a JSON object of facts the request may rely on")
    request.add_argument("--baseline", metavar="FILE", type=Path,
                         help="a previous result (or its effective) as JSON, for a follow-up turn")
    output = parser.add_argument_group("output")
    output.add_argument("--format", choices=("json", "text"), default="json",
                        help="json (default: the IntentResult as the MCP reply carries it) or text (for a person)")
    output.add_argument("--pretty", action="store_true", help="indent the JSON")
    output.add_argument("--jsonl", action="store_true",
                        help="batch: each input line is a JSON request (a string or a request object); "
                        "one result per output line")


def _check_usage(args: argparse.Namespace) -> None:
    if args.parse_config is not None and args.schema is not None:
        raise UsageError("--schema is for a quick Schema without --config; set schema or schemaFile in the "
                         "configuration's instance instead")
    if args.instance is not None and args.parse_config is None:
        raise UsageError("--instance names an instance of a configuration file: add --config FILE")
    if args.pretty and args.format == "text":
        raise UsageError("--pretty indents JSON; it does not apply to --format text")
    if args.pretty and args.jsonl:
        raise UsageError("--jsonl writes one result per line; --pretty would break the lines")


def _read_json_file(path: Path, what: str, limit: int) -> Any:
    import orjson

    from intent.errors import IntentError

    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise IntentError("CONFIG_INVALID", f"cannot read the {what} file: {exc.strerror}", path=str(path)) from None
    if len(data) > limit:
        raise IntentError("CONFIG_INVALID", f"the {what} file is larger than {limit} bytes", path=str(path))
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise IntentError("CONFIG_INVALID", f"the {what} file is not JSON: {exc}", path=str(path)) from None


def build_recognizer(args: argparse.Namespace) -> Any:
    """The ``Intent`` the options describe: a configured instance, or the built-in recognizer."""
    from intent import Intent, IntentConfig, IntentError

    if args.parse_config is None:
        schema = _read_json_file(args.schema, "schema", MAX_SCHEMA_FILE_BYTES) if args.schema else None
        return Intent(IntentConfig(schema=schema))
    from intent_mcp.config import load_config_file
    from intent_mcp.serve import build_intent

    config = load_config_file(args.parse_config)
    names = list(config.instances)
    if args.instance is None:
        if len(names) != 1:
            raise IntentError("INSTANCE_REQUIRED", "the configuration declares several instances; choose one with "
                              "--instance (" + ", ".join(names) + ")", path="/instances")
        name = names[0]
    elif args.instance in config.instances:
        name = args.instance
    else:
        raise IntentError("INSTANCE_UNKNOWN", f"no instance {args.instance!r} in the configuration (instances: "
                          + ", ".join(names) + ")", path="/instances")
    # Whatever the file's mode, parse recognizes here: the instance's executor answers.
    return build_intent(config.instances[name], "executor")


def _request_defaults(args: argparse.Namespace) -> dict[str, Any]:
    """The request keys the options set; a JSON Lines request object may set its own."""
    import orjson

    from intent import IntentError

    # "tomorrow at 7pm" needs a day to count from: a person at the command line means now, here.
    # Inferred values name the reference time they used in the result's inferences.
    request: dict[str, Any] = {
        "referenceTime": args.reference_time or datetime.now().astimezone().isoformat(timespec="seconds")}
    if args.context is not None:
        try:
            request["context"] = orjson.loads(args.context)
        except orjson.JSONDecodeError as exc:
            raise IntentError("INPUT_INVALID", f"--context is not JSON: {exc}", path="/context") from None
    if args.baseline is not None:
        baseline = _read_json_file(args.baseline, "baseline", MAX_STDIN_BYTES)
        if isinstance(baseline, dict) and "effective" in baseline:
            baseline = baseline["effective"]
        request["baseline"] = baseline
    return request


def _read_stdin_text() -> str:
    from intent import IntentError

    data = sys.stdin.buffer.read(MAX_STDIN_BYTES + 1)
    if len(data) > MAX_STDIN_BYTES:
        raise IntentError("INPUT_INVALID", f"stdin holds more than {MAX_STDIN_BYTES} bytes", path="/input")
    try:
        return data.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        raise IntentError("INPUT_INVALID", "stdin is not UTF-8 text", path="/input") from None


def _line_request(line: bytes, number: int, defaults: Mapping[str, Any]) -> dict[str, Any]:
    import orjson

    from intent import IntentError

    if len(line) > MAX_LINE_BYTES:
        raise IntentError("INPUT_INVALID", f"line {number} is longer than {MAX_LINE_BYTES} bytes", path="")
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        raise IntentError("INPUT_INVALID", f"line {number} is not JSON: {exc}", path="") from None
    if isinstance(value, str):
        return {**defaults, "input": value}
    if isinstance(value, dict):
        return {**defaults, **value}
    raise IntentError("INPUT_INVALID", f"line {number} must be a JSON string or a request object", path="")


def _lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """(line number, line without its end) of the non-blank lines; a line over the bound comes cut."""
    number = 0
    while line := stream.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(line) > MAX_LINE_BYTES:
            rest = line
            while not rest.endswith(b"\n") and (rest := stream.readline(MAX_LINE_BYTES)):
                pass  # skip the rest of the long line so the next one starts clean
            yield number, line
        elif line.strip():
            yield number, line.rstrip(b"\r\n")


class _Output:
    """Writes results and errors in the chosen format; errors always to stderr."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.format = args.format
        self.pretty = args.pretty
        self.batch = args.jsonl

    def result(self, result: Any) -> None:
        import orjson

        from intent_mcp.commands.parse_text import render_text

        if self.format == "text":
            text = render_text(result.to_dict()) + ("\n" if self.batch else "")
        elif self.pretty:
            text = orjson.dumps(result.to_dict(), option=orjson.OPT_INDENT_2).decode()
        else:
            text = result.to_json()
        sys.stdout.write(text + "\n")

    def error(self, error: Any, where: str = "") -> None:
        import orjson

        from intent_mcp.commands.parse_text import render_error_text

        payload = {"error": error.to_dict()}
        if self.batch:
            # The batch's output lines stay aligned with its input lines.
            if self.format == "text":
                sys.stdout.write(render_error_text(payload["error"]) + "\n\n")
            else:
                sys.stdout.write(orjson.dumps(payload).decode() + "\n")
        line = render_error_text(payload["error"]) if self.format == "text" else orjson.dumps(payload).decode()
        sys.stderr.write(f"intent-mcp parse: {where}{line}\n")


async def _run(args: argparse.Namespace, out: _Output) -> int:
    from intent import IntentError

    intent = build_recognizer(args)
    try:
        defaults = _request_defaults(args)
        if not args.jsonl:
            text = _read_stdin_text() if args.text == "-" else args.text
            out.result(await intent.parse({**defaults, "input": text}))
            return 0
        failed = 0
        stream = sys.stdin.buffer if args.text == "-" else _open_batch(args.text)
        try:
            for number, line in _lines(stream):
                try:
                    out.result(await intent.parse(_line_request(line, number, defaults)))
                except IntentError as error:
                    failed += 1
                    out.error(error, f"line {number}: ")
                sys.stdout.flush()
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
        return 1 if failed else 0
    finally:
        await intent.close()
        aclose = getattr(intent.config.executor, "aclose", None)
        if aclose is not None:
            await aclose()


def _open_batch(name: str) -> IO[bytes]:
    from intent import IntentError

    try:
        return open(name, "rb")  # closed by the caller's finally
    except OSError as exc:
        raise IntentError("INPUT_INVALID", f"cannot read the JSON Lines file: {exc.strerror}", path=name) from None


def run(args: argparse.Namespace) -> int:
    import anyio

    from intent import IntentError

    out = _Output(args)
    try:
        _check_usage(args)
        return anyio.run(_run, args, out)
    except UsageError as error:
        sys.stderr.write(f"intent-mcp parse: {error}\n")
        return 2
    except IntentError as error:
        out.batch = False  # a failure before the first line: stderr only
        out.error(error)
        return 1
    except (BrokenPipeError, KeyboardInterrupt):
        raise
    except Exception as exc:  # a short coded line for a person, never a traceback
        out.batch = False
        out.error(IntentError("INTERNAL", f"parse failed ({type(exc).__name__})"))
        return 1
