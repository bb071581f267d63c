"""Fuzzed surfaces of the second reliability round: pickles (``Game.__setstate__``), trusted
loads, the PettingZoo env's actions, the score of a record against its game's outcome, and
documents given as Python objects.

Source: docs/security.md (the trust model, pickles, trusted loads, limits).
"""

from __future__ import annotations

import json
import math
import pickle
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.bots import RandomBot

from .harness import TALLY, fuzz_settings, plain_json
from .inputs import ADVERSARIAL, GAMES, adversarial, game_at, mutated, paths, record_text

RECORDS = [(i, n) for i in range(len(GAMES)) for n in (12, 45)]


class _Forged:
    """Pickles as a Game with the state *state*."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def __reduce__(self) -> Any:
        return (object.__new__, (fs.Game,), self.state)


def _spoilt_state(game: fs.Game, data: st.DataObject) -> tuple[dict[str, Any], bool]:
    """*game*'s pickled state with one event or action field, or one parameter, replaced by
    an adversarial value; whether it is unchanged."""
    state = dict(game.__getstate__())
    where = data.draw(st.sampled_from(["event", "action", "param"]))
    junk = data.draw(adversarial())
    if where == "event":
        i = data.draw(st.integers(0, len(game.events) - 1))
        e = game.events[i]
        fields = [f.name for f in attrs.fields(type(e))]
        if not fields:
            return state, True
        name = data.draw(st.sampled_from(fields))
        try:
            new = attrs.evolve(e, **{name: junk})
        except Exception:  # a converter refused the value: the pickle holds it all the same
            new = object.__new__(type(e))
            for f in fields:
                object.__setattr__(new, f, getattr(e, f))
            object.__setattr__(new, name, junk)
        state["events"] = [*game.events[:i], new, *game.events[i + 1:]]
    elif where == "action":
        i = data.draw(st.integers(0, len(game.actions) - 1))
        a, at = game.actions[i]
        state["actions"] = [*game.actions[:i], data.draw(st.sampled_from(
            [(a, junk), (junk, at), junk, (a, at + 1)])), *game.actions[i + 1:]]
    else:
        key = data.draw(st.sampled_from(["players", "seed", "names", "origin",
                                         "setup_events", "rules"]))
        state[key] = junk
    same = state == dict(game.__getstate__()) and _strict(state) == _strict(
        dict(game.__getstate__()))
    return state, same


def _strict(state: dict[str, Any]) -> str:
    """The pickled log and parameters as JSON text, in which ``1``, ``1.0`` and ``true``
    differ (a value the pickle holds that is not the game's is seen)."""
    from forestshuffle.records import record

    try:
        return plain_json([[record.event_to_dict(e) for e in state["events"]],
                           [[record.action_to_dict(a), at] for a, at in state["actions"]],
                           [repr(state[k]) for k in ("players", "seed", "names", "origin",
                                                     "setup_events", "rules")]])
    except Exception:
        return "not a game's"


@given(st.sampled_from(RECORDS), st.data())
@fuzz_settings(40)
def test_a_spoilt_pickle_is_refused_or_is_the_game_it_says(which: Any, data: Any) -> None:
    game = game_at(*which)
    state, same = _spoilt_state(game, data)

    def check(restored: fs.Game) -> str | None:
        if _strict(dict(restored.__getstate__())) != _strict(state):
            return "the restored game is not the pickled one"
        return None

    TALLY.run("pickles", lambda: pickle.loads(pickle.dumps(_Forged(state))),
              valid=True if same else None, check=check)


@given(st.sampled_from(RECORDS), st.data())
@fuzz_settings(40)
def test_a_spoilt_trusted_record_is_refused_or_undoes_and_saves(which: Any,
                                                                 data: Any) -> None:
    original = json.loads(record_text(*which))
    spoilt, _ = data.draw(mutated(original, list(paths(original))))

    def check(game: fs.Game) -> str | None:
        game.view(0)
        game.to_json()
        game.undo(len(game.actions))  # a forged game may load; it must not crash
        return None

    TALLY.run("trusted", lambda: fs.Game.from_json(json.dumps(spoilt), trusted=True),
              valid=None, check=check)


RL_JUNK: tuple[Any, ...] = (*ADVERSARIAL, math.nan, math.inf, -math.inf, 0.0, 1 + 0j, b"0")


@given(st.data())
@fuzz_settings(40)
def test_an_env_action_that_is_not_an_integer_code_is_refused(data: Any) -> None:
    np = __import__("pytest").importorskip("numpy")
    from forestshuffle.rl import raw_env

    e = raw_env(ruleset="base", players=2)
    e.reset(seed=data.draw(st.integers(0, 50)))
    g = e.game
    size = g.num_distinct_actions
    action = data.draw(st.one_of(st.sampled_from(RL_JUNK), st.integers(-5, size + 5),
                                 st.floats(), st.integers(0, size - 1).map(np.int64)))
    mask = e.observe(e.agent_selection)["action_mask"]
    legal = (type(action) is int or isinstance(action, np.integer)) and \
        0 <= int(action) < size and bool(mask[int(action)])
    TALLY.run("rl actions", lambda: e.step(action), valid=legal,
              snapshot=g.state.snapshot)


CONFIGURATIONS = [("base", {}, ()), ("house-001", {}, ()), ("smoky", {}, ()),
                  ("pokemon", {}, ("pokemon_exp3",)),
                  ("pokemon", {"challenge": True},
                   ("pokemon_exp1", "pokemon_exp2", "pokemon_exp3", "pokemon_oak")),
                  ("pokemon", {"chance": True},
                   ("pokemon_exp1", "pokemon_exp2", "pokemon_exp3", "pokemon_oak")),
                  ("base", {}, ("alpine", "woodland_edge"))]


@given(st.sampled_from(CONFIGURATIONS), st.integers(0, 2**32), st.integers(2, 4))
@fuzz_settings(15)
def test_a_records_score_is_its_games_outcome(config: Any, seed: int, players: int) -> None:
    rid, options, expansions = config
    g = fs.new_game(rid, players=players, seed=seed, options=options, expansions=expansions)
    bot = RandomBot(seed)
    while not g.is_over:
        g.apply(bot.choose(g))
    out = g.outcome()
    assert out is not None

    def check(report: fs.ScoreReport) -> str | None:
        if tuple(p.total for p in report.players) != out.scores:
            return f"totals {[p.total for p in report.players]} != the game's {out.scores}"
        if {g.names.index(n) for n in report.winners} != set(out.winners):
            return f"winners {report.winners} != the game's {sorted(out.winners)}"
        return None

    TALLY.run("record score", lambda: fs.score_document(g.to_json()), valid=True, check=check)


@given(st.data())
@fuzz_settings(40)
def test_a_document_object_with_any_value_is_refused_or_scored(data: Any) -> None:
    doc: dict[str, Any] = {"game": "base", "players": [
        {"name": "A", "cave": 2, "forest": [{"tree": "Oak", "top": ["Tawny Owl"]}]}]}
    where = data.draw(st.sampled_from([("players", 0, "cave"), ("players", 0, "name"),
                                       ("players", 0, "forest", 0, "tree"),
                                       ("players", 0, "forest", 0, "top", 0)]))
    value = data.draw(st.one_of(adversarial(), st.sampled_from(
        [10**41, -(10**41), 10**5000, float("nan"), float("inf")])))
    node: Any = doc
    for k in where[:-1]:
        node = node[k]
    node[where[-1]] = value
    TALLY.run("documents", lambda: fs.score_document(doc), valid=None)
