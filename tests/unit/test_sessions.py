"""The session document: what it keeps, how much, and that no damage to it gets past reading."""

import json
import os
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.kinds import BY_NAME, KINDS
from assistant.sessions import (
    MAX_BYTES,
    MAX_DEPTH,
    SessionError,
    check_nesting,
    claim,
    fitting,
    load_session,
    lock_file,
    release,
    save_session,
    session_file,
    state_entry,
)
from puzzles import hidoku, peg


def screen(kind: str):
    return BY_NAME[kind].screen()()


EDITS = {  # an edit per screen that its text alone would not keep
    "hidoku": lambda board: board.with_cell((0, 0), 91),
    "magic": lambda board: board.with_cell((0, 0), 9),
    "jodici": lambda board: board.with_cell((0, 2), 4),
    "equation": lambda puzzle: puzzle.with_cell((0, 1), 7),
    "peg": lambda position: position.play(position.legal_moves()[0]),
}


def restored(kind: str, states: list, index: int) -> tuple[tuple, int]:
    """Save `states` as the screen of `kind` would, read them back as it would."""
    view = screen(kind)
    save_session(kind, [state_entry(view.to_text(state), view.meaning(state)) for state in states], index, None)
    session = load_session(kind)
    back = tuple(view.with_meaning(view.from_text(text), session.meaning(i)) for i, text in enumerate(session.states))
    return back, session.index


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
def test_every_screen_gets_back_the_very_states_it_saved(kind):
    first = screen(kind).example_state()
    states = [first]
    if kind in EDITS:
        states += [EDITS[kind](first), EDITS[kind](EDITS[kind](first))]
    assert restored(kind, states, len(states) - 1) == (tuple(states), len(states) - 1)


def test_a_peg_game_comes_back_with_the_moves_it_was_played_with():
    game = peg.start("english", 17).play((5, 10, 17)).play((12, 11, 10))
    (back,), _ = restored("peg", [game], 0)
    assert back.played == game.played and peg.start_hole(back) == 17


def test_a_history_past_1_mib_keeps_the_newest_steps_that_fit():
    board = hidoku.blank(30, 30)
    states = [board.with_cell((0, 0), n) for n in range(1, 501)]  # ~3.6 KB of text each
    back, index = restored("hidoku", states, 499)
    assert session_file("hidoku").stat().st_size <= MAX_BYTES
    assert 100 < len(back) < 500 and back == tuple(states[-len(back) :]) and index == len(back) - 1


def test_undo_steps_go_before_redo_steps():
    assert fitting([10] * 6, 2, 35) == (2, 5)  # two undo steps dropped, then the newest redo step
    assert fitting([10] * 6, 5, 35) == (3, 6)
    assert fitting([10] * 6, 5, 60) == (0, 6)
    assert fitting([10, 50], 1, 35) == (1, 1)  # the current state alone is too big


def test_a_state_too_big_to_keep_fails_the_autosave_and_leaves_the_old_file():
    save_session("zebra", [state_entry("small", {})], 0, None)
    with pytest.raises(OSError, match="over 1 MiB"):
        save_session("zebra", [state_entry("x" * MAX_BYTES, {})], 0, None)
    assert load_session("zebra").states == ("small",)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "[[[[[[[[[[[[[[[[[["}',  # brackets inside a string
        r'{"a": "\"[[[[[[[[[[[[[[[[[["}',  # after an escaped quote, still inside
        '"' + "[" * 50,  # an unterminated string: not JSON, but nothing nests
        "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    ],
)
def test_nesting_counts_only_the_brackets_outside_strings(text):
    check_nesting(text)


def test_nesting_past_the_limit_is_refused_before_parsing():
    with pytest.raises(ValueError, match=f"over {MAX_DEPTH} levels"):
        check_nesting('{"a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")


# ---------------------------------------------------------------- damage anywhere

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def good_document(kind: str) -> dict:
    """A session of two states, the second with a meaning when the screen has one."""
    view = screen(kind)
    first = view.example_state()
    states = [first, EDITS[kind](first)] if kind in EDITS else [first]
    entries = [{"text": view.to_text(state), **view.meaning(state)} for state in states]
    return {"format": 2, "kind": kind, "path": "/tmp/x.txt", "index": len(states) - 1, "states": entries}


def places(value, where=()):
    """Every path into a JSON value (keys and indexes), the value itself first."""
    yield where
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield from places(inner, (*where, key))


def damaged(document: dict, where: tuple, value: object) -> object:
    if not where:
        return value
    copy = json.loads(json.dumps(document))
    holder = copy
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    return copy


@st.composite
def damaged_documents(draw, kind: str) -> str:
    document = good_document(kind)
    where = draw(st.sampled_from(list(places(document))))
    text = json.dumps(damaged(document, where, draw(JSON_VALUES)))
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]  # cut short, as a full disk might
    return text


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_session_damaged_anywhere_is_read_back_or_refused_never_crashes(kind, data):
    """Wrong types at every field and truncations: the session is refused (set aside) or every state reads back."""
    text = data.draw(damaged_documents(kind))
    path = session_file(kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    try:
        session = load_session(kind)
    except SessionError:
        assert not path.exists()  # set aside
        return
    assert type(session.index) is int and 0 <= session.index < len(session.states)
    assert session.path is None or isinstance(session.path, str)
    view = screen(kind)
    try:
        for i, state in enumerate(session.states):
            view.with_meaning(view.from_text(state), session.meaning(i))
    except ValueError:
        pass  # a text or meaning that does not fit: the screen sets the file aside (tests/app/test_sessions.py)


# ---------------------------------------------------------------- the lock


def test_a_window_claims_a_free_session_and_gives_it_back():
    assert claim("magic") is None
    assert lock_file("magic").read_text() == f"{os.getpid()}\n"
    assert claim("magic") is None  # this window's own lock
    release("magic")
    assert not lock_file("magic").exists()


def test_a_live_holder_keeps_the_session_and_a_gone_or_garbled_one_loses_it():
    lock = lock_file("magic")
    lock.parent.mkdir(parents=True, exist_ok=True)
    with subprocess.Popen(["sleep", "600"]) as live:
        lock.write_text(f"{live.pid}\n")
        assert claim("magic") == live.pid
        release("magic")
        assert lock.read_text() == f"{live.pid}\n", "not ours to give back"
        live.kill()
    for left in (f"{live.pid}\n", "not a process\n", "-1\n", ""):
        lock.write_text(left)
        assert claim("magic") is None
        release("magic")
