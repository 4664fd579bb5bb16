"""Screens under test spend steps, not seconds: what they show must not depend on the machine's speed."""

import pytest

from assistant.kinds import KINDS
from puzzles.core import Budget

STEPS = Budget(work=20_000)  # for engines with no work budget of their own


@pytest.fixture(autouse=True)
def budgets_in_steps(monkeypatch):
    """Each screen gets its engine's own work budget in place of its live time limit."""
    for kind in KINDS:
        monkeypatch.setattr(kind.screen(), "BUDGET", getattr(kind.engine, "BUDGET", None) or STEPS)
