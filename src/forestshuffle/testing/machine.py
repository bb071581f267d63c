"""A hypothesis state machine that plays games and checks every invariant after each step.

:class:`GameMachine` mirrors OpenSpiel's generic conformance tests (``RandomSimTest``
and ``RandomSimTestWithUndo``) for forestshuffle. Its rules play a random legal action
(or several), try an illegal one (it must raise and change nothing), undo (the state
must equal the one before those actions), save and load (the loaded game must equal the
saved one, and play may go on with it), and look at every player's view. After every
step it runs :func:`~forestshuffle.testing.checks.check_game`: cards conserved, hand
limit, clearing timing, one well-formed pending decision, scores never negative,
``decide`` pure, option codes round-trip, the event log refolds to the state, views leak
nothing; and :func:`~forestshuffle.testing.search_checks.check_search`: a clone equals the
game, apply then undo restores it, the game pickles and unpickles equal, and every legal
action round-trips through the action codec, the mask being the legal set.

Use it for a ruleset of your own::

    from forestshuffle.testing import GameMachine

    TestMyRuleset = GameMachine.for_ruleset("my-ruleset").TestCase

``python -m pytest --fs-soak`` (or ``FORESTSHUFFLE_SOAK=1``) switches to :data:`SOAK`
settings: many more and longer runs.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, cast

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from forestshuffle.core.game import Game, new_game
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.errors import IllegalActionError
from forestshuffle.plugins.manager import available_rulesets, get_ruleset
from forestshuffle.testing.checks import InvariantError, check_game, hidden_cards, soak_enabled
from forestshuffle.testing.search_checks import check_search
from forestshuffle.testing.strategies import illegal_actions, player_counts, rulesets, seeds

__all__ = ["FAST", "SOAK", "GameMachine", "machine_settings", "soak_enabled"]

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

#: Quick runs: a few short games (seconds per ruleset).
FAST = settings(max_examples=12, stateful_step_count=30, deadline=None,
                suppress_health_check=_QUIET)
#: Long runs for ``--fs-soak``: many games, long enough to reach the end.
SOAK = settings(max_examples=1000, stateful_step_count=250, deadline=None,
                suppress_health_check=_QUIET)

settings.register_profile("forestshuffle-fast", FAST)
settings.register_profile("forestshuffle-soak", SOAK)


def machine_settings() -> settings:
    """:data:`SOAK` when soaking, else :data:`FAST`."""
    return SOAK if soak_enabled() else FAST


def _view_data(view: Any) -> dict[str, Any]:
    """A view as plain data, its pending decision's options field by field (a Decision is
    not an attrs class; its options are)."""
    data: dict[str, Any] = attrs.asdict(view, filter=lambda a, _: a.name != "pending")
    dec = view.pending
    data["pending"] = None if dec is None else {
        "player": dec.player, "kind": dec.kind, "prompt": dec.prompt,
        "options": [attrs.asdict(o) for o in dec.options]}
    return data


def _json_cards(data: Any) -> list[int]:
    """Every card id of a serialised view, found by field name (not by substring)."""
    out: list[int] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("hand", "cave", "clearing", "winter_cards") and isinstance(v, list):
                out.extend(c for c in v if isinstance(c, int))
            elif k == "card" and isinstance(v, int):
                out.append(v)
            elif k == "slots" and isinstance(v, list):
                out.extend(c for _, cards in v for c in cards)
            else:
                out.extend(_json_cards(v))
    elif isinstance(data, list):
        for v in data:
            out.extend(_json_cards(v))
    return out


class GameMachine(RuleBasedStateMachine):
    """Plays one game per run with random legal (and illegal) actions, undo, save and load,
    checking every invariant after each step.

    Set :attr:`ruleset` and :attr:`players` on a subclass (or use :meth:`for_ruleset`);
    left as None, each run draws an installed ruleset and a player count.
    """

    #: the ruleset played (an installed id or a compiled Ruleset); None: drawn per run
    ruleset: ClassVar[str | Ruleset | None] = None
    #: the player count; None: drawn per run from what the ruleset allows
    players: ClassVar[int | None] = None
    #: most actions one undo takes back
    max_undo: ClassVar[int] = 12
    #: most actions the ``play_several`` rule applies at once
    max_burst: ClassVar[int] = 40

    def __init__(self) -> None:
        super().__init__()
        self._game: Game | None = None
        #: (snapshot, number of events) before each action applied, for undo
        self.history: list[tuple[Any, int]] = []

    # -- helpers ---------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played."""
        assert self._game is not None, "the machine has not dealt a game yet"
        return self._game

    def _rules(self, rid: str | Ruleset) -> Ruleset:
        return get_ruleset(rid) if isinstance(rid, str) else rid

    def _apply_index(self, data: st.DataObject) -> None:
        p = self.game.pending
        assert p is not None
        k = len(p.options)
        i = data.draw(st.integers(0, k - 1), label="option") if k > 1 else 0
        self.history.append((self.game.state.snapshot(), len(self.game.events)))
        self.game.apply(p.options[i])

    def _installed(self) -> bool:
        rules = self.game.rules
        return rules.id in available_rulesets() and get_ruleset(rules.id) is rules

    # -- rules -----------------------------------------------------------------------------

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Deal a new game (ruleset, players and seed drawn unless fixed)."""
        rid = self.ruleset if self.ruleset is not None else data.draw(rulesets(),
                                                                        label="ruleset")
        rules = self._rules(rid)
        players = self.players if self.players is not None else data.draw(
            player_counts(rules), label="players")
        seed = data.draw(seeds(), label="seed")
        self._game = new_game(rules, players=players, seed=seed)
        self.history = []

    @precondition(lambda self: self._game is not None and not self._game.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Apply a random legal action."""
        self._apply_index(data)

    @precondition(lambda self: self._game is not None and not self._game.is_over)
    @rule(data=st.data())
    def play_several(self, data: st.DataObject) -> None:
        """Apply a burst of random legal actions (to reach the late game in few steps)."""
        n = data.draw(st.integers(2, self.max_burst), label="burst")
        for _ in range(n):
            if self.game.is_over:
                break
            self._apply_index(data)

    @precondition(lambda self: self._game is not None and not self._game.is_over)
    @rule(seed=st.integers(0, 2**16))
    def play_to_the_end(self, seed: int) -> None:
        """Play on to the end by a seeded random bot (reaches final states cheaply; the
        seed, not each choice, is what shrinks here)."""
        import random

        rng = random.Random(seed)
        g = self.game
        for _ in range(100_000):
            p = g.pending
            if p is None:
                return
            self.history.append((g.state.snapshot(), len(g.events)))
            g.apply(p.options[rng.randrange(len(p.options))])
        raise InvariantError("ends", "no end after 100000 actions", g)

    @rule(data=st.data())
    def play_illegal(self, data: st.DataObject) -> None:
        """An illegal action raises IllegalActionError and changes nothing."""
        g = self.game
        bad = data.draw(illegal_actions(g), label="illegal action")
        before = (g.state.snapshot(), len(g.events), len(g.actions), g.pending)
        try:
            g.apply(bad)
        except IllegalActionError:
            pass
        else:
            raise InvariantError("illegal action", f"{bad!r} was accepted", g)
        after = (g.state.snapshot(), len(g.events), len(g.actions), g.pending)
        if after != before:
            raise InvariantError("illegal action", f"rejecting {bad!r} changed the game", g)
        try:
            g.apply_index(len(g.legal_actions()))
        except IllegalActionError:
            pass
        else:
            raise InvariantError("illegal action", "an option number out of range was "
                                                   "accepted", g)

    @precondition(lambda self: bool(self.history))
    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        """Undo n actions: the state and the log equal those before them."""
        n = data.draw(st.integers(1, min(len(self.history), self.max_undo)), label="undo")
        g = self.game
        g.undo(n)
        snap, nevents = self.history[-n]
        del self.history[-n:]
        if g.state.snapshot() != snap or len(g.events) != nevents:
            raise InvariantError("undo", f"undoing {n} action(s) did not restore the state", g)

    @precondition(lambda self: self._game is not None)
    @rule(go_on_with_loaded=st.booleans())
    def save_and_load(self, go_on_with_loaded: bool) -> None:
        """A saved game loads equal (state, events, actions); play may go on with it."""
        g = self.game
        text = g.to_json()
        h = Game.from_json(text) if self._installed() else Game.from_json(text, rules=g.rules)
        if (h.state.snapshot() != g.state.snapshot() or h.events != g.events
                or h.actions != g.actions or h.pending != g.pending
                or (h.players, h.seed, h.names) != (g.players, g.seed, g.names)):
            raise InvariantError("save and load", "the loaded game differs", g)
        if h.to_json() != text:
            raise InvariantError("save and load", "the loaded game saves differently", g)
        if go_on_with_loaded:
            self._game = h

    @precondition(lambda self: self._game is not None)
    @rule()
    def view_each_player(self) -> None:
        """Each view serialises to JSON, and no card field in it names a hidden card."""
        g = self.game
        for p in range(g.players):
            v = g.view(p)
            data = json.loads(json.dumps(_view_data(v), default=str))
            secret = hidden_cards(g.state, p)
            leaked = sorted(c for c in _json_cards(data) if c in secret)
            if leaked:
                raise InvariantError("views", f"player {p}'s serialised view shows hidden "
                                              f"cards {leaked}", g)

    # -- invariants ------------------------------------------------------------------------

    @invariant()
    def invariants_hold(self) -> None:
        """Every invariant of :func:`~forestshuffle.testing.checks.check_game` and
        :func:`~forestshuffle.testing.search_checks.check_search`."""
        if self._game is not None:
            check_game(self._game)
            check_search(self._game)

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def for_ruleset(
        cls,
        ruleset: str | Ruleset,
        players: int | None = None,
        *,
        settings: settings | None = None,
    ) -> type[GameMachine]:
        """A subclass playing *ruleset* (with *players*, or any allowed count), whose
        ``TestCase`` runs with *settings* (default :func:`machine_settings`)."""
        rid = ruleset if isinstance(ruleset, str) else ruleset.id
        name = f"GameMachine_{rid.replace('-', '_')}" + (f"_{players}p" if players else "")
        sub = cast("type[GameMachine]", type(name, (cls,), {
            "ruleset": ruleset, "players": players, "__module__": cls.__module__}))
        sub.TestCase.settings = settings if settings is not None else machine_settings()
        return sub


GameMachine.TestCase.settings = machine_settings()
