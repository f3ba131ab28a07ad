"""The executor protocol, kept importable from here; its home is ``intent.executor``."""

from __future__ import annotations

from intent.executor import Executor

__all__ = ["Executor"]
