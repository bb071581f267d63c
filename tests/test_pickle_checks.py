"""``Game.__setstate__`` checks what it restores as the checked record load does: a pickle
whose log, actions or parameters are not a game's is refused with PickleError (pickles run
code and are for your own programs only, see docs/security.md; this keeps a damaged or edited
one from becoming a game that is not one)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.core import events as ev
from forestshuffle.errors import PickleError


class _Forged:
    """Pickles as a Game with the state *state* (what an edited pickle holds)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def __reduce__(self) -> Any:
        return (object.__new__, (fs.Game,), self.state)


def _game(actions: int = 30) -> fs.Game:
    g = fs.new_game("base", players=2, seed=11)
    bot = RandomBot(11)
    for _ in range(actions):
        g.apply(bot.choose(g))
    return g


def _unpickled(state: Any) -> fs.Game:
    game: fs.Game = pickle.loads(pickle.dumps(_Forged(state)))
    return game


def test_a_good_pickle_and_a_deep_copy_restore_the_game() -> None:
    g = _game()
    for again in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g),
                  _unpickled(g.__getstate__())):
        assert again.state.snapshot() == g.state.snapshot()
        assert again.events == g.events and again.actions == g.actions
        assert again.pending == g.pending


def test_a_determinized_sample_a_scenario_pickles() -> None:
    g = _game()
    sample = g.determinize(0, random.Random(3))
    assert sample.origin == "scenario"
    assert pickle.loads(pickle.dumps(sample)).state.snapshot() == sample.state.snapshot()


def _with(change: Any) -> dict[str, Any]:
    state = dict(_game().__getstate__())
    change(state)
    return state


def _card_taken_changed(state: dict[str, Any]) -> None:
    events = list(state["events"])
    i = next(i for i, e in enumerate(events) if type(e) is ev.CardTaken)
    events[i] = attrs.evolve(events[i], card=events[i].card + 1)
    state["events"] = events


def _deal_forged(state: dict[str, Any]) -> None:
    events = list(state["events"])
    deal = events[0]
    events[0] = attrs.evolve(deal, order=deal.order[::-1])
    state["events"] = events


@pytest.mark.parametrize("change", [
    _card_taken_changed,
    _deal_forged,
    lambda s: s.update(actions=[("junk", 3)]),
    lambda s: s.update(actions=s["actions"][:-1]),  # events no action caused
    lambda s: s.update(events=[*s["events"], "junk"]),
    lambda s: s.update(rules="base"),
    lambda s: s.update(players=5),
    lambda s: s.update(names=["a\x1b[31m", "b"]),
    lambda s: s.update(seed=-1),
    lambda s: s.pop("events"),
], ids=["card-taken-changed", "deal-forged", "junk-action", "action-dropped", "junk-event",
        "rules-a-text", "players", "names", "seed", "no-events"])
def test_a_pickle_that_is_not_a_game_is_refused(change: Any) -> None:
    with pytest.raises(PickleError):
        _unpickled(_with(change))


def test_a_pickle_that_is_not_a_dict_is_refused() -> None:
    with pytest.raises(PickleError):
        _unpickled(["rules", "players"])


@pytest.mark.parametrize(("key", "value"), [("names", "0 "), ("names", ("A", "B")),
                                            ("players", 2.0), ("players", True),
                                            ("origin", None), ("events", ())])
def test_parameters_of_another_type_are_refused(key: str, value: Any) -> None:
    state = dict(_game().__getstate__())
    state[key] = value
    with pytest.raises(PickleError):
        _unpickled(state)
