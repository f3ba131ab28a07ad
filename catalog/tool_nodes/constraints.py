"""Whether an argv input's type makes a payload unrepresentable, and checking values against it."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from functools import partial
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker

from catalog.tool_nodes.formats import ARGV_SAFE_FORMATS, FORMAT_CHECKS, check_format
from catalog.tool_nodes.patterns import full_match, pattern_problem

# Types whose parsed values cannot spell a payload.
SAFE_SCALAR_TYPES = frozenset({"integer", "number", "boolean"})


def _format_checker() -> FormatChecker:
    """A checker for exactly the formats of ``FORMAT_CHECKS`` (non-strings pass, as JSON Schema says)."""
    checker = FormatChecker(formats=())
    for name in FORMAT_CHECKS:
        checker.checks(name)(partial(_checked, name))
    return checker


def _checked(name: str, value: object) -> bool:
    return not isinstance(value, str) or check_format(name, value)


def unconstrained_reason(schema: Mapping[str, Any]) -> str | None:
    """Why values of ``schema`` could be a payload in argv, or None when the type rules that out.

    Constrained: an ``enum`` or ``const``; an integer, number or boolean; a string with a format of
    ``ARGV_SAFE_FORMATS``, or with a pattern that must match the whole value and provably matches no
    probe of the payload corpus (see ``catalog.tool_nodes.patterns``). Anything else is free text.
    """
    if "enum" in schema or "const" in schema:
        return None
    kind = schema.get("type")
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else []
    if not kinds:
        return "has no declared type"
    concrete = [item for item in kinds if item != "null"]
    if concrete and all(item in SAFE_SCALAR_TYPES for item in concrete):
        return None
    if concrete == ["string"]:
        if schema.get("format") in ARGV_SAFE_FORMATS:
            return None
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            problem = pattern_problem(pattern)
            if problem is None:
                return None
            return f"is a string that {problem}"
        if "format" in schema:
            return f"is a string whose format '{schema['format']}' can spell a payload"
        return "is a free string without enum, pattern or format"
    return f"has type {kind!r}, which cannot be passed safely as an argument"


def full_match_problem(schema: Mapping[str, Any], value: Any) -> str | None:
    """The call-time pattern rule: a string must match its pattern as a whole, not just contain a match."""
    pattern = schema.get("pattern")
    if isinstance(value, str) and isinstance(pattern, str) and not full_match(pattern, value):
        return f"does not match the whole of its pattern {json.dumps(pattern)[:120]}"
    return None


def validation_errors(schema: Mapping[str, Any], value: Any) -> list[str]:
    """Messages for each way ``value`` breaks ``schema`` (formats checked exactly)."""
    if isinstance(value, float) and not math.isfinite(value):
        return ["must be a finite number"]
    validator = Draft202012Validator(schema, format_checker=_format_checker())
    messages = []
    for error in validator.iter_errors(value):
        # Named by keyword and schema value, never by the offending value: it may be a secret.
        where = "/".join(str(part) for part in error.absolute_path)
        expected = json.dumps(error.validator_value, ensure_ascii=False)
        if len(expected) > 120:
            expected = expected[:117] + "..."
        messages.append(f"{where + ' ' if where else ''}fails {error.validator} {expected}")
        if len(messages) >= 5:
            break
    return messages


# --- commands that re-create a shell ------------------------------------------------------------------

# Programs that only start another program: the one they start is what runs.
_WRAPPERS = frozenset({"env", "nice", "nohup", "timeout", "stdbuf", "command", "exec", "busybox", "sudo", "doas",
                       "setsid", "ionice", "chrt", "taskset", "unbuffer", "time"})
# Programs that turn their input into the arguments of another program.
_ARGUMENT_BUILDERS = frozenset({"xargs", "parallel"})
# Interpreter -> the short option letters (and long options) that make it run code given as an argument.
_EVAL_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "shell": ("c", ("--command",)),
    "python": ("c", ()),
    "perl": ("eE", ()),
    "ruby": ("e", ()),
    "node": ("ep", ("--eval", "--print")),
    "php": ("rR", ("--run",)),
    "lua": ("e", ()),
    "tcl": ("", ()),
    "powershell": ("ceC", ("-command", "-encodedcommand", "-ec")),
    "osascript": ("e", ()),
    "r": ("e", ("--expr",)),
    "julia": ("eE", ("--eval", "--print")),
    "awk": ("", ()),
    "lisp": ("ec", ("--eval", "-eval", "--expr")),
}
# Interpreter -> its options whose value is the next word (`python3 -W ignore`): that word names no
# script. Listing an option that in truth takes no value only errs towards refusing.
_VALUE_OPTIONS: dict[str, frozenset[str]] = {
    "shell": frozenset({"-o", "+o", "-O", "+O", "--rcfile", "--init-file"}),
    "python": frozenset({"-W", "-X", "--check-hash-based-pycs"}),
    "perl": frozenset({"-I"}),
    "ruby": frozenset({"-I", "-r", "-C", "-E", "--encoding", "--external-encoding", "--internal-encoding"}),
    "node": frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader", "--input-type",
                       "--title", "-C", "--conditions", "--env-file"}),
    "php": frozenset({"-d", "-c", "-z"}),
    "lua": frozenset({"-l"}),
    "tcl": frozenset({"-encoding"}),
    "powershell": frozenset(),
    "osascript": frozenset({"-l", "-s"}),
    "r": frozenset(),
    "julia": frozenset({"-t", "--threads", "-p", "--procs", "-C", "--cpu-target", "-J", "--sysimage", "-L",
                        "--load"}),
    "awk": frozenset({"-v", "-F", "--assign", "--field-separator"}),
    "lisp": frozenset(),
}
# Interpreter -> a first word that is a subcommand running code given as an argument (`deno eval`).
_EVAL_SUBCOMMANDS: dict[str, frozenset[str]] = {"node": frozenset({"eval"})}
_INTERPRETERS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(expression), family)
    for expression, family in (
        (r"(?:ba|da|z|k|mk|a|fi|c|tc|rba|yash|posh|)sh", "shell"),
        (r"(?:python|pypy)[0-9.]*", "python"),
        (r"perl[0-9.]*", "perl"),
        (r"j?ruby[0-9.]*|irb", "ruby"),
        (r"node(?:js)?|deno|bun", "node"),
        (r"php[0-9.]*(?:-cli)?", "php"),
        (r"lua(?:jit)?[0-9.]*", "lua"),
        (r"tclsh[0-9.]*|wish[0-9.]*|expect", "tcl"),
        (r"pwsh|powershell(?:\.exe)?", "powershell"),
        (r"osascript", "osascript"),
        (r"R|Rscript", "r"),
        (r"julia", "julia"),
        (r"[gmn]?awk|busybox-awk", "awk"),
        (r"guile|racket|sbcl|clisp|ecl|erl|escript|groovy|scala|jshell", "lisp"),
    )
)


def _program(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def _interpreter_family(word: str) -> str | None:
    name = _program(word)
    return next((family for expression, family in _INTERPRETERS if expression.fullmatch(name)), None)


def _split_string_option(words: list[str]) -> str | None:
    """``env -S`` / ``--split-string`` splits one word into a command, the way a shell would."""
    for word in words:
        if word == "--split-string" or word.startswith(("-S", "--split-string=")):
            return "runs 'env -S', which splits a string into a command like a shell"
    return None


def _interpreter_problem(words: list[str], position: int, code_inputs: bool) -> str | None:
    program = _program(words[position])
    if program in _ARGUMENT_BUILDERS:
        return f"runs '{program}', which turns its input into the arguments of another command"
    family = _interpreter_family(words[position])
    if family is None:
        return None
    letters, long_options = _EVAL_OPTIONS[family]
    # Shells also take options after a '+' (`bash +o posix`, `+x`).
    option_starts = ("-", "+") if family == "shell" else ("-",)
    takes_value = False
    for word in words[position + 1 :]:
        if takes_value:
            takes_value = False
            continue  # the value of the option before it, not a script
        lowered = word.lower() if family == "powershell" else word
        if lowered in long_options or any(lowered.startswith(option + "=") for option in long_options):
            return f"runs '{program} {word}': an interpreter told to run its arguments is a shell by another name"
        if word == "-":
            break  # the program is read from stdin
        if word.startswith(option_starts):
            if set(word[1:]) & set(letters) and word[1:].isalpha():
                return (f"runs '{program} {word}': an interpreter told to run its arguments is a shell by "
                        "another name")
            # Another of the interpreter's own options (`-x`, `--norc`, `--inspect`; `--` too: a script
            # named `-c` after it is refused as if it were the option, which is the safe side).
            takes_value = word in _VALUE_OPTIONS[family]
            continue
        if word in _EVAL_SUBCOMMANDS.get(family, ()):
            return f"runs '{program} {word}': an interpreter told to run its arguments is a shell by another name"
        return None  # a script (or module) named in the command: that is what runs
    if code_inputs:
        return f"runs '{program}' without a script, so it would read its program from the call's inputs"
    return None


def command_problem(command: list[str] | tuple[str, ...], *, code_inputs: bool) -> str | None:
    """Why ``command`` would hand values to a shell or an interpreter as code, or None.

    ``code_inputs`` says whether the node has positional or stdin inputs: an interpreter given no
    script in the command reads its program from exactly those. Behind a wrapper (``env``,
    ``timeout``, ``sudo``, ...) every later word is read as a possible program: no parsing of the
    wrapper's own options can then hide an interpreter.
    """
    words = list(command)
    if not words:
        return None
    if _program(words[0]) not in _WRAPPERS:
        return _interpreter_problem(words, 0, code_inputs)
    if any(_program(word) == "env" for word in words):
        problem = _split_string_option(words)
        if problem is not None:
            return problem
    for candidate in range(1, len(words)):
        problem = _interpreter_problem(words, candidate, code_inputs)
        if problem is not None:
            return problem
    return None
