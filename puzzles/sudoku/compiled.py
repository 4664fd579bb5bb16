"""The search loop (`kernel.py`) compiled by numba, read from numba's cache after the first run.

`run` calls `propagate` by its name in `kernel`, a plain function there;
registering it as jitable lets numba compile that call into `run`, so the
kernel is one copy of the loop whether Python or numba runs it.
"""

from __future__ import annotations

from numba import extending, njit

from puzzles.sudoku import kernel

extending.register_jitable(kernel.propagate)

propagate = njit(cache=True, nogil=True)(kernel.propagate)
run = njit(cache=True, nogil=True)(kernel.run)
dead_ends = njit(cache=True, nogil=True)(kernel.dead_ends)
