"""Executors answer model tasks with candidate text; see ``intent.executors.base.Executor``."""

from intent.executors.base import Executor
from intent.executors.scripted import ScriptedExecutor

__all__ = ["Executor", "ScriptedExecutor"]
