"""The recognizer's fixed regular expressions, loaded as compiled code instead of compiled at each start.

``re.compile`` parses a pattern and generates its matching code in pure Python. For the time
grammar's few hundred patterns (about 55,000 characters) that is most of what ``import intent``
adds to a process start: on the order of 100 ms of CPU on an idle machine, several times that on a
busy one. Handing the regex engine code it generated before (``_sre.compile``, what
``re.compile`` itself ends with) takes a few milliseconds for all of them.

``compiled(pattern, flags)`` returns a pattern equal to ``re.compile(pattern, flags)``: equal
``re.Pattern`` objects have the same flags and the same matching code. The code comes from a table
kept where Python keeps the package's bytecode, and is written the way Python writes bytecode:
under ``sys.pycache_prefix`` when that is set, never when ``sys.dont_write_bytecode`` is, atomically,
and silently not when the folder is read-only. The table is named after the interpreter
(``sys.implementation.cache_tag``) and the regex engine's ``MAGIC``; each entry is keyed by the
pattern's full text and flags, so a pattern edited in the source is simply compiled again and never
matched against stale code. Whatever is unexpected (another interpreter, a damaged table, an engine
that builds different code) falls back to ``re.compile``; the engine itself validates the code it is
given.

Only fixed patterns written in this package go through here: a pattern built from a request, a
Schema or a catalog would put user text on disk and grow the table without bound, so those keep
``re.compile``.
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import sys
import threading
from collections.abc import Callable
from importlib import import_module
from importlib.util import cache_from_source
from pathlib import Path
from typing import Any

__all__ = ["compiled", "save_compiled"]

_FORMAT = 1
# A table holds at most this many entries (about twice the patterns of the package, about 2 MB);
# past it, a save keeps what this process used and the newest of the others, up to half of it:
# the code of patterns since edited away does not pile up in a checkout.
_MAX_ENTRIES = 600

_Key = tuple[str, int]
# (flags with the pattern's inline flags, code, number of groups - 1, name -> group, group -> name)
_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


class _Engine:
    """The parts of the regex engine that turn a pattern into code and code into a pattern."""

    def __init__(self, parse: Callable[[str, int], Any], generate: Callable[[Any, int], list[int]],
                 build: Callable[..., re.Pattern[str]], magic: int) -> None:
        self.parse, self.generate, self.build, self.magic = parse, generate, build, magic

    def entry(self, pattern: str, flags: int) -> _Entry:
        tree = self.parse(pattern, flags)
        code = [int(op) for op in self.generate(tree, flags)]
        state = tree.state
        names = {str(name): int(index) for name, index in state.groupdict.items()}
        index_to_name: list[str | None] = [None] * state.groups
        for name, index in names.items():
            index_to_name[index] = name
        return int(flags | state.flags), code, state.groups - 1, names, tuple(index_to_name)

    def pattern(self, pattern: str, entry: _Entry) -> re.Pattern[str]:
        flags, code, groups, names, index_to_name = entry
        return self.build(pattern, flags, code, groups, names, index_to_name)


def _engine() -> _Engine | None:
    """The running CPython's engine, if it builds exactly what ``re.compile`` builds."""
    if sys.implementation.name != "cpython":
        return None
    try:
        import _sre

        try:
            parser, generator = import_module("re._parser"), import_module("re._compiler")
        except ImportError:  # Python 3.10
            parser, generator = import_module("sre_parse"), import_module("sre_compile")
        engine = _Engine(parser.parse, generator._code, _sre.compile, int(_sre.MAGIC))
        # One probe with every feature an entry carries: named and numbered groups, inline and given flags.
        probe, flags = r"(?x) (?P<word>[a-z]+) \s+ (\d+) (?<=\d)", int(re.IGNORECASE)
        built, reference = engine.pattern(probe, engine.entry(probe, flags)), re.compile(probe, flags)
        if built != reference or built.groupindex != reference.groupindex or built.groups != reference.groups:
            return None
        return engine
    except Exception:  # an engine of another shape: compile as usual
        return None


def _table_path(engine: _Engine) -> Path | None:
    try:
        bytecode = cache_from_source(__file__)  # honours sys.pycache_prefix
    except (NotImplementedError, TypeError, ValueError):
        return None
    tag = sys.implementation.cache_tag
    return Path(bytecode).parent / f"compiled_regex.{tag}.{engine.magic}.marshal"


def _read(path: Path, magic: int) -> dict[_Key, bytes]:
    """The entries stored at ``path``: each still marshalled, unpacked only when its pattern is asked for."""
    try:
        stored = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[:2] == (_FORMAT, magic)
            and isinstance(stored[2], dict)):
        return {}
    return stored[2]


class _Table:
    """Compiled code by pattern: what this process found stored, used and compiled anew."""

    def __init__(self, engine: _Engine | None, path: Path | None) -> None:
        self.engine, self.path = engine, path
        self.stored: dict[_Key, bytes] | None = None
        self.built: dict[_Key, re.Pattern[str]] = {}  # a pattern written twice ("\\d") is built once
        self.new: dict[_Key, bytes] = {}
        self.hits = 0
        self.lock = threading.Lock()
        self.save_registered = False

    def compiled(self, pattern: str, flags: int) -> re.Pattern[str]:
        engine = self.engine
        if engine is None:
            return re.compile(pattern, flags)
        key = (pattern, flags)
        with self.lock:
            if (built := self.built.get(key)) is not None:
                return built
            if self.stored is None:
                self.stored = _read(self.path, engine.magic) if self.path is not None else {}
            packed = self.stored.pop(key, None)
        if packed is not None:
            try:
                built = engine.pattern(pattern, marshal.loads(packed))
                self.hits += 1
            except Exception:  # damaged or foreign code (the engine refuses it): compiled afresh below
                built = None
        if built is None:
            try:
                entry = engine.entry(pattern, flags)
                built = engine.pattern(pattern, entry)
            except re.error:  # a mistake in the pattern: reported as re.compile reports it
                raise
            except Exception:
                return re.compile(pattern, flags)
            with self.lock:
                self.new[key] = marshal.dumps(entry)
                if not self.save_registered:
                    self.save_registered = True
                    atexit.register(self.save)
        with self.lock:
            self.built[key] = built
        return built

    def save(self) -> None:
        """Store what this process compiled anew beside what is stored already (another process's included)."""
        with self.lock:
            if not self.new or self.path is None or self.engine is None or sys.dont_write_bytecode:
                return
            new, self.new = self.new, {}
            entries = _read(self.path, self.engine.magic)
            entries.update(new)
            if len(entries) > _MAX_ENTRIES:
                kept = {key: packed for key, packed in entries.items() if key in self.built}
                for key, packed in reversed(entries.items()):  # the newest last: kept first
                    if len(kept) >= _MAX_ENTRIES // 2:
                        break
                    kept.setdefault(key, packed)
                entries = kept
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.{threading.get_ident()}")
                handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _file_mode())
                try:
                    with os.fdopen(handle, "wb") as file:
                        file.write(marshal.dumps((_FORMAT, self.engine.magic, entries)))
                    os.replace(temporary, self.path)
                except BaseException:
                    Path(temporary).unlink(missing_ok=True)
                    raise
            except OSError:  # a read-only installation: patterns keep being compiled at start
                pass


def _file_mode() -> int:
    """The mode Python gives bytecode: the source's, writable by its owner (the umask applies on creation)."""
    try:
        return (os.stat(__file__).st_mode | 0o200) & 0o666
    except OSError:
        return 0o644


_TABLE: _Table | None = None
_TABLE_LOCK = threading.Lock()


def _table() -> _Table:
    global _TABLE
    if _TABLE is None:
        with _TABLE_LOCK:
            if _TABLE is None:
                engine = _engine()
                _TABLE = _Table(engine, _table_path(engine) if engine is not None else None)
    return _TABLE


def compiled(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` for a fixed pattern of this package, from stored code when there is some."""
    return _table().compiled(pattern, int(flags))


def save_compiled() -> None:
    """Store the code of patterns compiled since the last save (also done at exit); nothing if there are none."""
    _table().save()
