"""Executors answer model tasks with candidate text; see ``intent.executors.base.Executor``.

Model SDKs load only when their executor is built, so importing this package stays cheap.
"""

from intent.executors.anthropic import AnthropicExecutor
from intent.executors.base import Executor
from intent.executors.factory import build_executor
from intent.executors.openai import OpenAIExecutor
from intent.executors.scripted import ScriptedExecutor

__all__ = ["AnthropicExecutor", "Executor", "OpenAIExecutor", "ScriptedExecutor", "build_executor"]
