"""A ``Game`` is for one thread at a time: a change (``apply``, ``undo``) from a second
thread while a first is changing it raises ConcurrentUseError and changes nothing, and the
first thread's change completes; so concurrent use fails loudly instead of corrupting the
game. The test holds the first thread inside ``apply`` with events, not with timing."""

from __future__ import annotations

import pickle
import threading
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.core import game as game_module
from forestshuffle.errors import ConcurrentUseError

#: a guard against a hang (the test fails on it), not a measurement
GUARD = 120


def _held_inside_apply(g: fs.Game, monkeypatch: Any) -> tuple[threading.Thread,
                                                               threading.Event, list[Any]]:
    """A thread applying an action to *g*, stopped inside ``apply`` until the event is set."""
    inside, go = threading.Event(), threading.Event()
    real = game_module.apply_answer

    def slow(game: Any, action: Any) -> None:
        inside.set()
        assert go.wait(GUARD)
        real(game, action)

    monkeypatch.setattr(game_module, "apply_answer", slow)
    done: list[Any] = []
    action = g.legal_actions()[0]
    t = threading.Thread(target=lambda: done.append(g.apply(action)), daemon=True)
    t.start()
    assert inside.wait(GUARD)
    monkeypatch.setattr(game_module, "apply_answer", real)
    return t, go, done


@pytest.mark.parametrize("second", ["apply", "undo", "apply_index"])
def test_a_second_thread_changing_a_busy_game_fails_and_changes_nothing(
        monkeypatch: Any, second: str) -> None:
    g = fs.new_game("base", players=2, seed=9)
    bot = RandomBot(9)
    for _ in range(6):
        g.apply(bot.choose(g))
    before = (list(g.events), list(g.actions))
    t, go, done = _held_inside_apply(g, monkeypatch)
    with pytest.raises(ConcurrentUseError, match="one thread at a time"):
        if second == "apply":
            g.apply(g.legal_actions()[0])
        elif second == "undo":
            g.undo(1)
        else:
            g.apply_index(0)
    assert (g.events, g.actions) == before
    go.set()
    t.join(GUARD)
    assert done and len(g.actions) == len(before[1]) + 1
    # the game is whole: it saves, loads and plays on from either thread
    again = fs.Game.from_json(g.to_json())
    assert again.state.snapshot() == g.state.snapshot()
    g.apply(bot.choose(g))
    g.undo(1)


def test_clones_and_pickles_of_a_busy_game_are_free(monkeypatch: Any) -> None:
    g = fs.new_game("base", players=2, seed=9)
    t, go, _ = _held_inside_apply(g, monkeypatch)
    copy = g.clone()
    assert "_in_use" not in copy.__dict__
    copy.apply(copy.legal_actions()[0])
    go.set()
    t.join(GUARD)
    assert "_in_use" not in pickle.loads(pickle.dumps(g)).__dict__
