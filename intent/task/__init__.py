"""Request -> model task: the instructions, the input and the candidate's JSON Schema."""

from intent.task.instructions import INSTRUCTIONS
from intent.task.model_task import ModelTask, build_task, recognition_of
from intent.task.output_schema import build_output_schema
from intent.task.recognition import Recognition

__all__ = ["INSTRUCTIONS", "ModelTask", "Recognition", "build_output_schema", "build_task", "recognition_of"]
