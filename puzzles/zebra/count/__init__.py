"""Counting a logic grid's solutions exactly, within a budget: each stage takes the counts the one before cannot.

1. `search` branches and propagates, part by part: a short first go ends the
   counts of the first clues and of the last.
2. `elimination` places the values one at a time, in the order its `plan`
   chose, counting together the placements the values to come cannot tell
   apart: in Python while the states are few,
3. `kernel` the same passes compiled by numba after that (numba loads only
   for a count that needs it),
4. `splitting` case by case where one elimination would write too much, the
   cases on both cores.
"""
