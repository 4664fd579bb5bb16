"""A big set searched on both cores: its first guess's parts shared out, then its other guesses.

Without a budget (benchmarks, the command line) a set of
`optimal.PARALLEL_FROM` codes or more is searched in two rounds of WORKERS processes, each forked from this
one so it starts with the memo as it stands, each taking the next task as it
comes free:

1. the parts of the guess the search tries first: nothing is known yet to
   beat, so each part is solved outright and the parts are independent (a
   part bigger than all the others together is searched this same way
   first, so one part cannot keep one core busy while the other waits);
2. the other guesses, one task each, searched below the first guess's total.

The least total found is the set's; the memo keeps the workers' totals of
round 1 and, when a guess beat the first, those of round 2.  The workers'
work is neither counted nor cancelled, which is why the app (always on a
budget) never comes here.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from functools import partial
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

import numpy as np

from puzzles.core import Deadline
from puzzles.mastermind import layout as field
from puzzles.mastermind.game import Code

if TYPE_CHECKING:
    from puzzles.mastermind.optimal import ExactSearch

SPLIT_FROM = 300  # a part this big, bigger than the others together, is itself searched on every worker
WORKERS = 2  # processes, one per core of the machines it is meant for


def solve(search: ExactSearch, codes: np.ndarray, played: list[Code]) -> None:
    """Put the exact total of `codes` (left by `played`) and its best guess in `search`'s memo."""
    from puzzles.mastermind.kernel import ranked_guesses
    from puzzles.mastermind.memo import remember

    search.meta[field.STOP_AT] = search.meta[field.WORK] + 1  # the scan of the codes: one node of work
    ranked = ranked_guesses(codes, search.history(played), len(played), True, *search.arguments)
    if not len(ranked):  # settled without a guess: the search answers at once
        return
    first = int(ranked[0])
    after_first = [*played, search.space.code(int(search.universe[first]))]
    parts = search.parts(codes, search.table[first, codes])
    solve_parts(search, parts, after_first)
    limit = len(codes) + sum(search.total(part, after_first, field.NEVER, Deadline(None)) for part in parts)
    best, guess = limit, first
    others = [partial(beats, search, codes, played, int(g), limit) for g in ranked[1:]]
    totals, arrays = shared_out(search, others)
    if min(totals, default=limit) < limit:
        best, guess = min(zip(totals, ranked[1:].tolist()))
        search.take(arrays)
    remember(codes, best, best, guess, search.arrays, search.meta)


def solve_parts(search: ExactSearch, parts: list[np.ndarray], played: list[Code]) -> None:
    """Every part's exact total into the memo: each part of SPLIT_FROM codes or more in turn on every worker,
    then the smaller ones shared out."""
    for part in parts:
        if len(part) >= SPLIT_FROM:
            solve(search, part, played)
    small = [p for p in parts if len(p) < SPLIT_FROM]
    _, arrays = shared_out(search, [partial(search.total, p, played, field.NEVER, Deadline(None)) for p in small])
    search.take(arrays)


def beats(search: ExactSearch, codes: np.ndarray, played: list[Code], guess: int, limit: int) -> int:
    """In a worker: the total of `codes` with `guess` first if below `limit`, else at least `limit`.

    What the search remembers of `codes` itself holds for this guess alone, so it is forgotten before and after.
    """
    forget(search, codes)
    total = search.total(codes, played, limit, Deadline(None), only=np.array([guess], dtype=np.int64))
    forget(search, codes)
    return total


def forget(search: ExactSearch, codes: np.ndarray) -> None:
    from puzzles.mastermind.memo import find

    entry = find(codes, search.arrays)
    if entry >= 0:
        search.arrays[field.LOWERS][entry], search.arrays[field.TOTALS][entry] = 0, -1


def shared_out(search: ExactSearch, tasks: list[Callable[[], int]]) -> tuple[list[int], dict[str, np.ndarray]]:
    """Each task's answer, the tasks run by WORKERS processes forked from this one, each taking the next task
    as it comes free; and the exact totals the workers found, as one `to_arrays`.  Their work is added to
    `search`'s.  A worker that fails raises here, with its error."""
    if not tasks:
        return [], search.to_arrays(since=int(search.meta[field.ENTRIES]))
    context = multiprocessing.get_context("fork")
    taken = context.Value("i", 0)
    since = int(search.meta[field.ENTRIES])
    readers, workers = [], []
    for _ in range(min(WORKERS, len(tasks))):
        reader, writer = context.Pipe(duplex=False)
        worker = context.Process(target=work_through, args=(search, tasks, taken, since, writer), daemon=True)
        worker.start()
        writer.close()
        readers.append(reader)
        workers.append(worker)
    try:
        sent = [reader.recv() for reader in readers]
    except EOFError:
        raise RuntimeError("a worker of the exact search died") from None
    finally:
        for worker in workers:
            worker.join()
    answers: dict[int, int] = {}
    pieces = []
    for failed, message in sent:
        if failed:
            raise RuntimeError(f"a worker of the exact search failed: {message}")
        done, arrays, work = message
        answers.update(done)
        pieces.append(arrays)
        search.meta[field.NODES : field.TRIES + 1] += work
    return [answers[i] for i in range(len(tasks))], joined(pieces)


def work_through(
    search: ExactSearch,
    tasks: list[Callable[[], int]],
    taken: multiprocessing.sharedctypes.Synchronized,
    since: int,
    writer: Connection,
) -> None:
    """In a worker: take the next task until none is left, then send the answers, the totals found and the work."""
    try:
        before = search.meta[field.NODES : field.TRIES + 1].copy()
        done = {}
        while True:
            with taken.get_lock():
                i = taken.value
                taken.value += 1
            if i >= len(tasks):
                break
            done[i] = int(tasks[i]())
        work = search.meta[field.NODES : field.TRIES + 1] - before
        writer.send((False, (done, search.to_arrays(since=since), work)))
    except Exception as error:  # sent to the parent, which raises it
        writer.send((True, repr(error)))
    finally:
        writer.close()


def joined(pieces: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """Several `to_arrays` of one variant as one."""
    return {
        "variant": pieces[0]["variant"],
        **{
            name: np.concatenate([piece[name] for piece in pieces])
            for name in ("lengths", "codes", "totals", "guesses")
        },
    }
