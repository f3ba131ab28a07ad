"""The built-in offline recognizer: English requests read by rules, answered as a candidate.

``BuiltinExecutor`` is the default executor of ``IntentConfig``; ``recognize`` is its pure core.
"""

from intent.executors.builtin.executor import BuiltinExecutor
from intent.executors.builtin.recognize import recognize

__all__ = ["BuiltinExecutor", "recognize"]
