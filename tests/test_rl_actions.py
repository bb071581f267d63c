"""Only integers in range are actions of the PettingZoo env: ``0.7`` and ``"0"`` are not
action 0, and ``None``, ``nan``, ``inf``, bools, texts and arrays raise IllegalActionError
(the game unchanged), never a raw Python error; NumPy integers are actions."""

from __future__ import annotations

import math
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import forestshuffle as fs  # noqa: E402
from forestshuffle.rl import raw_env  # noqa: E402


def _env() -> Any:
    e = raw_env(ruleset="base", players=2)
    e.reset(seed=1)
    return e


def _legal(e: Any) -> int:
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("bad", [0.7, 0.0, "0", b"0", None, math.nan, math.inf, -math.inf,
                                 True, False, [0], np.array([0]), np.float64(0.0), 1 + 0j,
                                 -1, 10**30])
def test_what_is_not_an_integer_code_is_refused_and_changes_nothing(bad: Any) -> None:
    e = _env()
    g = e.game
    before = g.state.snapshot()
    agent = e.agent_selection
    with pytest.raises(fs.IllegalActionError):
        e.step(bad)
    assert g.state.snapshot() == before and e.agent_selection == agent


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint16,
                                  lambda c: np.array(c, dtype=np.int64)])
def test_integers_of_numpy_too_are_actions(kind: Any) -> None:
    e = _env()
    n = len(e.game.actions)
    e.step(kind(_legal(e)))
    assert len(e.game.actions) == n + 1
