"""``StateKind.resample``: a plugin's state kind draws anew, for a determinization, what the
player has not seen of its part of the game (docs/plugins/open-core.md, "Hidden state and
determinization"). Ruleset ``test-open`` of the open-core test plugin, whose guesses
(``Guessed``) only their player sees, with a kind that redraws the other players' guesses
and their ``Guess`` actions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action
from forestshuffle.core.spec import RulesetSpec
from forestshuffle.kinds import Resampled, StateKind
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.testing import check_game

from . import plugin
from .plugin import Guess, Guessed


class HiddenGuesses(StateKind):
    """Redraws the other players' guesses (the value itself is unused)."""

    name = "test.hidden_guesses"

    def resample(self, value: Any, log: Sequence[ev.Event],
                 actions: Sequence[tuple[Action, int]], player: int,
                 rng: random.Random) -> Resampled | None:
        """Each other player's guess at random; their Guess actions follow."""
        events: dict[int, ev.Event] = {}
        guesses: dict[int, bool] = {}  # event index of the guess -> the new guess
        for i, e in enumerate(log):
            if isinstance(e, Guessed) and e.player != player:
                guesses[i] = rng.random() < 0.5
                events[i] = Guessed(e.player, guesses[i])
        acts = {}
        for j, (a, at) in enumerate(actions):
            # the action's events start at index `at`: the guess is among the first two
            hit = next((i for i in (at, at + 1) if i in guesses), None)
            if isinstance(a, Guess) and hit is not None:
                acts[j] = Guess(guesses[hit])
        return Resampled(events=events, actions=acts)


SPEC = attrs.evolve(plugin.RULESET, id="test-resample",
                    state_kinds=(*plugin.RULESET.state_kinds, HiddenGuesses.name))


class Extra:
    """The ruleset and its kind."""

    @hookimpl
    def forestshuffle_rulesets(self) -> Iterable[RulesetSpec]:
        return (SPEC,)

    @hookimpl
    def forestshuffle_state_kinds(self) -> Iterable[StateKind]:
        return (HiddenGuesses(),)


RULES = fs.PluginHost(extra=[plugin, Extra()]).ruleset("test-resample")


def _played(actions: int) -> fs.Game:
    g = fs.Game(RULES, 3, seed=5)
    g._start()
    bot = RandomBot(5)
    for _ in range(actions):
        g.apply(bot.choose(g))
    return g


def test_resample_replaces_the_hidden_events_and_actions_the_player_has_not_seen():
    g = _played(80)
    real = [e for e in g.events if isinstance(e, Guessed)]
    assert {e.player for e in real} == {0, 1, 2}
    p = g.pending.player
    changed = False
    for k in range(4):
        d = g.determinize(p, random.Random(k))
        assert d.view(p) == g.view(p) and d.infostate_key(p) == g.infostate_key(p)
        check_game(d)  # the log (changed) refolds to the state
        mine = [(i, e) for i, e in enumerate(d.events) if isinstance(e, Guessed)]
        assert [e for _, e in mine if e.player == p] == [e for e in real if e.player == p]
        changed |= [e for _, e in mine] != real
        # each other player's Guess action is the guess its event now shows
        for a, at in d.actions:
            if isinstance(a, Guess):
                ours = next(e for e in d.events[at:] if isinstance(e, Guessed))
                assert ours.even == a.even
    assert changed
    assert [e for e in g.events if isinstance(e, Guessed)] == real  # the game is untouched


def test_a_resampled_game_replays_from_its_record():
    g = _played(60)
    p = g.pending.player
    d = g.determinize(p, random.Random(1), exact=True)
    back = fs.Game.from_json(d.to_json(), rules=RULES, trust_setup=True)
    assert back.events == d.events and back.state.snapshot() == d.state.snapshot()
