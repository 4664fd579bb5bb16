"""Undo and redo over immutable puzzle states.

Screens keep their puzzle as an immutable value, so a history is just a list of
values and a cursor: no command objects, nothing to invert.
"""

from __future__ import annotations

from typing import Generic, TypeVar

State = TypeVar("State")


class History(Generic[State]):
    LIMIT = 500  # undo steps kept: the autosave writes them all after every edit

    def __init__(self, initial: State) -> None:
        self._states = [initial]
        self._index = 0

    @property
    def current(self) -> State:
        return self._states[self._index]

    def push(self, state: State) -> State:
        """Record a new state; whatever could have been redone is dropped."""
        if state != self.current:
            del self._states[self._index + 1 :]
            self._states.append(state)
            del self._states[: -self.LIMIT - 1]  # the oldest beyond the limit go
            self._index = len(self._states) - 1
        return self.current

    def undo(self) -> State | None:
        if self._index == 0:
            return None
        self._index -= 1
        return self.current

    def redo(self) -> State | None:
        if self._index == len(self._states) - 1:
            return None
        self._index += 1
        return self.current

    def reset(self, state: State) -> State:
        """Start over from `state`, as after opening a file."""
        self._states = [state]
        self._index = 0
        return state

    @property
    def states(self) -> tuple[State, ...]:
        return tuple(self._states)

    @property
    def index(self) -> int:
        return self._index

    @classmethod
    def restore(cls, states: tuple[State, ...], index: int) -> History[State]:
        history = cls(states[0])
        history._states = list(states)
        history._index = index
        return history
