"""The fields of the exact search's plain arrays, and its limit that no total reaches, named once for both sides:
`optimal` (Python) and `kernel` (compiled).

The arrays are owned by `optimal.ExactSearch` so they outlast a compiled
call; both sides index them by these names (numba reads them as constants).
"""

# meta: counters, the work allowed to a call, and whether the memo is full
NODES, TRIES, WORK, STOP_AT, ENTRIES, POOL_USED, FULL = range(7)
# game: the variant
PEGS, COLOURS, WIN, OUTCOMES, FEEDBACKS, REPEATS = range(6)
# memo: its arrays, in this order
SLOTS, HASHES, STARTS, LENGTHS, LOWERS, TOTALS, GUESSES, POOL = range(8)

NEVER = 1 << 50  # a limit no total reaches
