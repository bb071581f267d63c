"""Fuzzed actions and calls: at a drawn position of a drawn game, an action is applied if and
only if it is exactly a legal option (same class, fields of the same types and values), and a
refused one changes nothing; views, undo, apply_index and the player check take only what
they document.

Source: issue 15 ("actions with float or bool fields", "undo(-1), view("0")..."); DESIGN.md
(decide validates, evolve folds); docs/security.md.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.core.decisions import ACTION_TYPES
from forestshuffle.core.state import GameState, evolve

from .harness import TALLY, fuzz_settings
from .inputs import GAMES, game_at

JUNK: tuple[Any, ...] = (None, "0", "1", 0.0, 1.0, 1.5, True, False, -1, 10**9, [], (0,), b"0",
                         object())


def _exact(option: fs.Action, action: Any) -> bool:
    """The oracle, written apart from the library's: same class, same field types and values."""
    if type(option) is not type(action):
        return False
    for f in attrs.fields(type(option)):
        if f.eq:
            a, b = getattr(option, f.name), getattr(action, f.name)
            if type(a) is not type(b) or a != b:
                return False
    return True


@attrs.frozen(eq=False)
class _Liar(fs.Place):
    """An action subclass that says it equals anything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@st.composite
def candidates(draw: st.DrawFn, game: fs.Game) -> Any:
    """A legal option, a spoilt one, an action of any class, or something else."""
    opts = game.legal_actions()
    kind = draw(st.sampled_from(("legal", "spoilt", "liar", "any", "junk")))
    if kind == "legal" and opts:
        return draw(st.sampled_from(opts))
    if kind == "spoilt" and opts:
        a = draw(st.sampled_from(opts))
        fields = [f.name for f in attrs.fields(type(a)) if f.eq]
        if fields:
            name = draw(st.sampled_from(fields))
            value = getattr(a, name)
            near = (value + 1, float(value)) if type(value) is int else ("x", 0)
            spoil = draw(st.sampled_from((*JUNK, *near)))
            return attrs.evolve(a, **{name: spoil})
    if kind == "liar":
        return _Liar(draw(st.integers(-1, 2)), draw(st.integers(-1, 3)), "top")
    if kind == "any":
        cls = draw(st.sampled_from(sorted(ACTION_TYPES.values(), key=lambda c: c.__name__)))
        args = [draw(st.one_of(st.integers(-1, 200), st.sampled_from(JUNK),
                               st.sampled_from(("top", "left", "center", "nowhere"))))
                for f in attrs.fields(cls) if f.eq]
        return cls(*args)
    return draw(st.sampled_from((*JUNK, fs.Action(), "draw", fs.DrawFromDeck)))


def _state(game: fs.Game) -> Any:
    return (game.state.snapshot(), len(game.events), list(game.actions))


@given(st.integers(0, len(GAMES) - 1), st.integers(0, 80), st.data())
@fuzz_settings(60)
def test_an_action_is_applied_exactly_when_it_is_a_legal_option(index, steps, data):
    game = game_at(index, steps)
    opts = game.legal_actions()
    action = data.draw(candidates(game))
    legal = any(_exact(o, action) for o in opts)

    def check(_: Any) -> str | None:
        recorded = game.actions[-1][0]
        if not any(recorded is o for o in opts):
            return "the recorded action is not one of the options"
        if game.pending is not None and not game.legal_actions():
            return "the game waits for a decision without options"
        return None

    TALLY.run("actions", lambda: game.apply(action), valid=legal,
              snapshot=lambda: _state(game), check=check)


CALLS = ("view", "undo", "apply_index", "apply_player", "redacted")


@given(st.integers(0, len(GAMES) - 1), st.integers(0, 60), st.sampled_from(CALLS),
       st.one_of(st.sampled_from(JUNK), st.integers(-2, 8)))
@fuzz_settings(60)
def test_views_undo_and_indexes_take_only_what_they_document(index, steps, call, arg):
    game = game_at(index, steps)
    seat = type(arg) is int and 0 <= arg < game.players
    if call == "view":
        TALLY.run("views/undo", lambda: game.view(arg), valid=seat,
                  snapshot=lambda: _state(game), check=_view_holds_only_its_own(game, arg))
    elif call == "undo":
        ok = type(arg) is int and 0 <= arg <= len(game.actions)
        TALLY.run("views/undo", lambda: game.undo(arg), valid=ok,
                  snapshot=lambda: _state(game), check=_undone(game))
    elif call == "apply_index":
        ok = type(arg) is int and 0 <= arg < len(game.legal_actions())
        TALLY.run("views/undo", lambda: game.apply_index(arg), valid=ok,
                  snapshot=lambda: _state(game))
    elif call == "apply_player":
        pend = game.pending
        ok = pend is not None and (arg is None or (type(arg) is int and arg == pend.player))
        TALLY.run("views/undo", lambda: game.apply(game.legal_actions()[0], player=arg)
                  if pend is not None else game.apply(fs.Pass(), player=arg),
                  valid=ok, snapshot=lambda: _state(game))
    else:
        TALLY.run("views/undo", lambda: game.redacted_record(arg), valid=seat,
                  snapshot=lambda: _state(game), check=_redacted_holds_no_deck)


def _view_holds_only_its_own(game: fs.Game, player: Any):  # type: ignore[no-untyped-def]
    def check(view: fs.PlayerView) -> str | None:
        s = game.state
        if list(view.hand) != s.hands[player] or list(view.cave) != s.caves[player]:
            return "the view's hand or cave is not the player's"
        data = json.loads(view.to_json())
        if {"deck", "hands", "caves", "seed", "box"} & set(data):
            return "the view holds hidden zones"
        if view.pending is not None and view.pending.player != player:
            return "the view holds another player's decision"
        return None

    return check


def _undone(game: fs.Game):  # type: ignore[no-untyped-def]
    def check(_: Any) -> str | None:
        state = GameState(game.rules, game.players)
        for e in game.events:
            evolve(state, e)
        if state.snapshot() != game.state.snapshot():
            return "the state after undo is not the fold of the remaining events"
        if game.actions and game.actions[-1][1] >= len(game.events):
            return "an undone action is still listed"
        return None

    return check


def _redacted_holds_no_deck(red: dict[str, Any]) -> str | None:
    if "seed" in red or "order" in red["events"][0]:
        return "the redacted record holds the seed or the deck order"
    return None
