"""Evaluations of the built-in recognizer on public NLU data (data not in this repository)."""
