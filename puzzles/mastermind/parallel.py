"""Tasks of the exact search shared out to processes, one per core: `ExactSearch.on_every_core`'s rounds.

Each of WORKERS processes is forked from this one, so it starts with the
search and its memo as they stand, and takes the next task as it comes free;
it sends back its answers, the exact totals it found and the work it did.
Only the memo's counters (`layout`) and its `to_arrays` are asked of the
search, so this module knows nothing of the search itself.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection

import numpy as np

from puzzles.mastermind import layout as field

WORKERS = 2  # processes, one per core of the machines it is meant for
Found = Callable[..., dict[str, np.ndarray]]
"""The search's `to_arrays`: with `since`, the exact totals of the sets remembered after the first `since`."""


def shared_out(
    tasks: list[Callable[[], int]], meta: np.ndarray, found: Found
) -> tuple[list[int], dict[str, np.ndarray]]:
    """Each task's answer, the tasks run by WORKERS processes forked from this one, each taking the next task
    as it comes free; and the exact totals the workers found, as one `to_arrays`.  Their work is added to the
    search's counters (`meta`).  A worker that fails raises here, with its error."""
    since = int(meta[field.ENTRIES])
    if not tasks:
        return [], found(since=since)
    context = multiprocessing.get_context("fork")
    taken = context.Value("i", 0)
    readers, workers = [], []
    for _ in range(min(WORKERS, len(tasks))):
        reader, writer = context.Pipe(duplex=False)
        worker = context.Process(target=work_through, args=(tasks, meta, found, taken, since, writer), daemon=True)
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
        meta[field.NODES : field.TRIES + 1] += work
    return [answers[i] for i in range(len(tasks))], joined(pieces)


def work_through(
    tasks: list[Callable[[], int]],
    meta: np.ndarray,
    found: Found,
    taken: multiprocessing.sharedctypes.Synchronized,
    since: int,
    writer: Connection,
) -> None:
    """In a worker: take the next task until none is left, then send the answers, the totals found and the work."""
    try:
        before = meta[field.NODES : field.TRIES + 1].copy()
        done = {}
        while True:
            with taken.get_lock():
                i = taken.value
                taken.value += 1
            if i >= len(tasks):
                break
            done[i] = int(tasks[i]())
        work = meta[field.NODES : field.TRIES + 1] - before
        writer.send((False, (done, found(since=since), work)))
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
