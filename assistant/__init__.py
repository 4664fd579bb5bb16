"""Puzzle Assistant: a terminal companion that keeps a puzzle's candidates live."""

__version__ = "0.1.0"
