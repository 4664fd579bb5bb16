"""Puzzle Assistant: a terminal companion that keeps a puzzle's candidates live."""

import os

# One BLAS thread, set before anything loads numpy.  The app runs its numpy work in
# a worker thread of its own; OpenBLAS's threads on top of it fought over two cores,
# and a Zebra clue's batched products took 1-4 s instead of 0.1-1 s.  A value the
# person set in the environment wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
