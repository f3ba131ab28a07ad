"""A small reader of JavaScript/TypeScript call structure: tokens, calls and their arguments.

Java's call structure reads the same way (its string and character literals, their escapes,
comments and brackets are written alike): ``bench.natty_corpus`` reads natty's JUnit tests with it.
So does Go's, with ``tokenize(source, raw_backticks=True)``: a Go `...` string is raw (its
backslashes are text, not escapes); ``bench.go_time_corpus`` reads Go test files with it.

Enough to read test files written as calls with literal arguments (``f(x, "text", new Date(2012,
7, 10), (result) => { expect(result.text).toBe("..."); })``): string literals (with their
escapes), numbers, names, comments and balanced brackets. It does not evaluate JavaScript; a
caller asks for the literal value of an argument and gets None when the argument is anything else.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "Call", "Token", "bindings", "calls", "closing", "int_value", "split_arguments", "split_top_level", "string_value",
    "tokenize",
]


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "string", "number", "name", "punct"
    text: str  # for a string: its value, escapes read; else the source text
    template: bool = False  # a template literal (`...`): only a literal when it has no ${...}
    line: int = 0  # 1-based line of the source where the token starts


_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<line_comment>//[^\n]*)
      | (?P<block_comment>/\*.*?\*/)
      | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)
      | (?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
      | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
      | (?P<arrow>=>)
      | (?P<punct>[^\sA-Za-z0-9_$])""",
    re.VERBOSE | re.DOTALL,
)
# Go: a backtick string is raw up to the next backtick (a backslash before it does not escape it).
_GO_TOKEN = re.compile(_TOKEN.pattern.replace(r"|`(?:[^`\\]|\\.)*`", r"|`[^`]*`"), re.VERBOSE | re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "b": "\b", "f": "\f", "v": "\v"}


def _unescape(body: str) -> str:
    def one(match: re.Match[str]) -> str:
        ch = match.group(1)
        if ch.startswith("u") or ch.startswith("x"):
            return chr(int(ch[1:].strip("{}"), 16))
        return _ESCAPES.get(ch, ch)

    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", one, body, flags=re.DOTALL)


def tokenize(source: str, raw_backticks: bool = False) -> list[Token]:
    """The tokens of ``source``, comments and spaces left out (a character no rule knows is punctuation).
    ``raw_backticks``: a backtick string is raw, as in Go (no escapes, no ``${...}``)."""
    tokens: list[Token] = []
    line, counted = 1, 0
    for match in (_GO_TOKEN if raw_backticks else _TOKEN).finditer(source):
        kind = match.lastgroup or "punct"
        text = match.group()
        if kind in ("space", "line_comment", "block_comment"):
            continue
        line += source.count("\n", counted, match.start())
        counted = match.start()
        if kind == "string" and raw_backticks and text[0] == "`":
            tokens.append(Token("string", text[1:-1], line=line))
        elif kind == "string":
            tokens.append(Token("string", _unescape(text[1:-1]), template=text[0] == "`", line=line))
        elif kind == "arrow":
            tokens.append(Token("punct", "=>", line=line))
        else:
            tokens.append(Token(kind, text, line=line))
    return tokens


@dataclass(frozen=True, slots=True)
class Call:
    name: str  # the dotted name called, e.g. "testSingleCase" or "expect"
    line: int  # where the call starts
    start: int  # the index of its first token
    arguments: list[list[Token]]
    end: int  # the index of the token after the closing parenthesis


_OPEN, _CLOSE = "([{", ")]}"


def closing(tokens: Sequence[Token], start: int) -> int:
    """The index of the bracket that closes the one at ``start`` (len(tokens) when unbalanced)."""
    depth = 0
    for i in range(start, len(tokens)):
        token = tokens[i]
        if token.kind != "punct":
            continue
        if token.text in _OPEN:
            depth += 1
        elif token.text in _CLOSE:
            depth -= 1
            if depth == 0:
                return i
    return len(tokens)


def split_top_level(
    tokens: Sequence[Token], separator: str, breaks: Callable[[Token, Token], bool] | None = None
) -> list[list[Token]]:
    """``tokens`` split at ``separator`` at bracket depth 0 (the separator dropped), and before a token
    for which ``breaks(previous, token)`` holds at depth 0 (a language's own end of statement).
    Empty parts are kept: the caller says whether a trailing one means anything."""
    parts: list[list[Token]] = [[]]
    depth = 0
    for token in tokens:
        if depth == 0 and breaks is not None and parts[-1] and breaks(parts[-1][-1], token):
            parts.append([])
        if token.kind == "punct" and token.text in _OPEN:
            depth += 1
        elif token.kind == "punct" and token.text in _CLOSE:
            depth -= 1
        if depth == 0 and token.kind == "punct" and token.text == separator:
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def split_arguments(tokens: Sequence[Token]) -> list[list[Token]]:
    """The comma-separated parts of ``tokens`` at bracket depth 0 (an empty trailing part dropped)."""
    parts = split_top_level(tokens, ",")
    if not parts[-1]:
        parts.pop()
    return parts


def bindings(tokens: Sequence[Token]) -> list[tuple[int, str, list[Token]]]:
    """(index, name, value tokens) of every ``const|let|var NAME = VALUE`` whose value ends at a
    comma, a semicolon or a closing bracket at its own depth."""
    found: list[tuple[int, str, list[Token]]] = []
    for i, token in enumerate(tokens[:-3]):
        if token.kind != "name" or token.text not in ("const", "let", "var") or tokens[i + 1].kind != "name":
            continue
        if tokens[i + 2].text != "=":
            continue
        depth, j = 0, i + 3
        while j < len(tokens):
            text = tokens[j].text if tokens[j].kind == "punct" else ""
            if text and text in _OPEN:
                depth += 1
            elif text and text in _CLOSE:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and text in (",", ";"):
                break
            j += 1
        found.append((i, tokens[i + 1].text, list(tokens[i + 3 : j])))
    return found


def calls(tokens: Sequence[Token], names: frozenset[str]) -> Iterator[Call]:
    """Every call of one of ``names`` (dotted names such as ``result.start.get`` compared whole)."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        preceded_by_dot = i > 0 and tokens[i - 1].kind == "punct" and tokens[i - 1].text == "."
        if token.kind != "name" or preceded_by_dot:
            i += 1
            continue
        j, parts = i + 1, [token.text]
        while j + 1 < len(tokens) and tokens[j].text == "." and tokens[j + 1].kind == "name":
            parts.append(tokens[j + 1].text)
            j += 2
        dotted = ".".join(parts)
        if dotted in names and j < len(tokens) and tokens[j].kind == "punct" and tokens[j].text == "(":
            close = closing(tokens, j)
            yield Call(dotted, token.line, i, split_arguments(tokens[j + 1 : close]), close + 1)
            i = close + 1
        else:
            i = j if j > i + 1 else i + 1


def string_value(argument: Sequence[Token]) -> str | None:
    """The value of an argument that is one string literal, else None."""
    if len(argument) == 1 and argument[0].kind == "string":
        if argument[0].template and "${" in argument[0].text:
            return None
        return argument[0].text
    return None


def _arithmetic(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _arithmetic(node.operand)
        return None if operand is None else -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
        left, right = _arithmetic(node.left), _arithmetic(node.right)
        if left is None or right is None:
            return None
        return left + right if isinstance(node.op, ast.Add) else left - right if isinstance(node.op, ast.Sub) \
            else left * right
    return None


def int_value(argument: Sequence[Token]) -> int | None:
    """The value of an argument made of integer literals, + - * and parentheses (``8 - 1``,
    ``-(2 * 60 + 30)``), else None."""
    if not argument or any(t.kind not in ("number", "punct") for t in argument):
        return None
    if any(t.kind == "punct" and t.text not in "+-*()" for t in argument):
        return None
    if any(t.kind == "number" and not t.text.isdigit() for t in argument):
        return None
    try:
        tree = ast.parse(" ".join(str(int(t.text)) if t.kind == "number" else t.text for t in argument), mode="eval")
    except SyntaxError:
        return None
    return _arithmetic(tree.body)
