import pytest

from assistant.history import History
from puzzles.core import Budget, Count, Deadline, OutOfBudget, PuzzleError, Stopped


def test_error_names_its_place():
    error = PuzzleError("'pink' is not a colour", line=3, column=5)
    assert str(error) == "line 3, column 5: 'pink' is not a colour"
    assert str(PuzzleError("duplicate 7", where="cell r2c3")) == "cell r2c3: duplicate 7"
    assert str(PuzzleError("empty file")) == "empty file"


def test_count_says_when_it_is_only_a_lower_bound():
    assert str(Count(1234)) == "1,234"
    assert str(Count(1234, exact=False)) == "at least 1,234"


def test_a_count_of_one_takes_its_noun_in_the_singular():
    assert Count(1, exact=False).of("completion") == "at least 1 completion"
    assert Count(1).of("winning game") == "1 winning game"
    assert [Count(n).of("solution") for n in (0, 2, 1234)] == ["0 solutions", "2 solutions", "1,234 solutions"]


def test_deadline_raises_when_cancelled():
    stop = False
    deadline = Deadline(None, lambda: stop)
    assert not deadline.expired()
    stop = True
    with pytest.raises(Stopped):
        deadline.check()


def test_a_work_budget_runs_out_after_its_steps_and_stays_out():
    deadline = Deadline(Budget(work=10))
    assert not deadline.expired(4) and not deadline.expired(6)
    assert deadline.expired() and deadline.expired(0)
    with pytest.raises(OutOfBudget):
        deadline.spend()


def test_no_budget_never_runs_out():
    deadline = Deadline(None)
    assert not deadline.bounded
    assert not any(deadline.expired(10**9) for _ in range(10))
    assert Deadline(Budget(work=1)).bounded and Deadline(Budget(seconds=60)).bounded
    assert str(Budget(seconds=1.5)) == "1.5 s" and str(Budget(work=2000)) == "2,000 steps"


def test_history_undo_redo_and_branching():
    history = History("a")
    history.push("b")
    history.push("c")
    assert history.undo() == "b"
    assert history.undo() == "a"
    assert history.undo() is None
    assert history.redo() == "b"
    history.push("x")
    assert history.redo() is None
    assert history.current == "x"
    history.push("x")
    assert history.undo() == "b"


def test_history_keeps_its_last_steps_only():
    """The autosave writes the whole history after every edit, so it stays bounded."""
    history = History(0)
    for n in range(1, History.LIMIT + 50):
        history.push(n)
    undone = []
    while (state := history.undo()) is not None:
        undone.append(state)
    assert len(undone) == History.LIMIT and undone[-1] == 49
    assert history.redo() == 50


def test_a_portion_spends_at_most_its_share_and_is_charged_back():
    deadline = Deadline(Budget(work=100))
    part = deadline.portion(30)
    assert not part.expired(10) and part.expired(25)  # the share ends first
    deadline.charge(part)
    assert deadline.work_left == 70  # all 30 of the share, no more
    small = deadline.portion(500)
    assert small.work_left == 70  # never more than is left
