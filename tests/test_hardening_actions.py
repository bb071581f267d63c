"""Hardening, actions and calls: an action answers a decision only if it is exactly one of its
options, and every argument of the public calls is checked, with a documented error and the
game unchanged. Seeds are not shown where a player could see them.

Source: docs/security.md ("Actions and calls", "Seeds").
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot


@pytest.fixture
def game() -> fs.Game:
    g = fs.new_game("base", players=2, seed=7)
    bot = RandomBot(7)
    while g.pending is not None and g.pending.kind != "place":
        g.apply(bot.choose(g))
    return g


def unchanged(g: fs.Game, action: Any) -> fs.IllegalActionError:
    before = (g.state.snapshot(), list(g.events), list(g.actions))
    with pytest.raises(fs.IllegalActionError) as info:
        g.apply(action)
    assert (g.state.snapshot(), list(g.events), list(g.actions)) == before
    return info.value


def test_a_place_with_a_float_site_is_refused_and_the_game_plays_on(game):
    """A float site once passed (``0.0 == 0``) and left a game whose every option raised
    TypeError."""
    place = next(a for a in game.legal_actions() if isinstance(a, fs.Place))
    err = unchanged(game, fs.Place(place.half, float(place.site), place.slot))
    assert "float" in err.reason
    game.apply(game.legal_actions()[0])
    assert game.legal_actions() or game.is_over


@pytest.mark.parametrize("field", ["half", "site"])
@pytest.mark.parametrize("wrap", [float, bool, str])
def test_a_place_with_a_field_of_another_type_is_refused(game, field, wrap):
    place = next(a for a in game.legal_actions() if isinstance(a, fs.Place)
                 and getattr(a, field) in (0, 1))
    bad = attrs.evolve(place, **{field: wrap(getattr(place, field))})
    assert unchanged(game, bad).reason


def test_a_card_action_with_a_bool_card_is_refused():
    g = fs.new_game("base", players=2, seed=7)
    while not any(isinstance(a, fs.PlayCard | fs.PlaySapling) for a in g.legal_actions()):
        g.apply(g.legal_actions()[0])
    a = next(a for a in g.legal_actions() if isinstance(a, fs.PlayCard | fs.PlaySapling))
    if a.card in (0, 1):
        pytest.skip("card 1 equals True")
    unchanged(g, type(a)(True))
    unchanged(g, type(a)(float(a.card)))


def test_an_action_subclass_with_its_own_eq_is_not_a_legal_option(game):
    @attrs.frozen(eq=False)
    class Anything(fs.Place):
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 0

    place = next(a for a in game.legal_actions() if isinstance(a, fs.Place))
    unchanged(game, Anything(place.half, place.site, place.slot))


def test_the_recorded_action_is_the_option_not_the_callers_object(game):
    place = next(a for a in game.legal_actions() if isinstance(a, fs.Place))
    mine = fs.Place(place.half, place.site, place.slot)
    assert mine is not place
    game.apply(mine)
    assert game.actions[-1][0] is place


@pytest.mark.parametrize("thing", [None, 0, "draw", object(), fs.Action()])
def test_things_that_are_not_actions_are_refused(game, thing):
    unchanged(game, thing)


# -- arguments of the calls ------------------------------------------------------------------


@pytest.mark.parametrize("n", [-1, 1.0, "1", True, None, 10**9])
def test_undo_with_a_bad_count_is_an_argument_error_and_changes_nothing(n):
    g = fs.new_game("base", players=2, seed=7)
    g.apply(g.legal_actions()[0])
    before = (g.state.snapshot(), list(g.events))
    with pytest.raises(fs.ArgumentError) as info:
        g.undo(n)
    assert isinstance(info.value, ValueError) and isinstance(info.value, TypeError)
    assert (g.state.snapshot(), list(g.events)) == before


@pytest.mark.parametrize("player", ["0", 1.0, True, -1, 2, None])
def test_a_view_of_no_such_player_is_an_argument_error(player):
    g = fs.new_game("base", players=2, seed=7)
    with pytest.raises(fs.ArgumentError):
        g.view(player)


@pytest.mark.parametrize("index", [True, False, 1.0, "0", None, -1, 10**6])
def test_apply_index_takes_only_an_int_numbering_a_legal_action(index):
    g = fs.new_game("base", players=2, seed=7)
    before = g.state.snapshot()
    with pytest.raises(fs.IllegalActionError):
        g.apply_index(index)
    assert g.state.snapshot() == before


@pytest.mark.parametrize("player", [True, 1.0, "1", 5, -1])
def test_apply_with_a_bad_player_is_an_argument_error(player):
    g = fs.new_game("base", players=2, seed=7)
    with pytest.raises(fs.ArgumentError):
        g.apply(g.legal_actions()[0], player=player)


@pytest.mark.parametrize("seed", [1.5, "7", True, -1, 2**128, b"7"])
def test_a_seed_must_be_a_whole_number_in_range(seed):
    with pytest.raises(fs.ArgumentError):
        fs.new_game("base", players=2, seed=seed)


@pytest.mark.parametrize("name", ["Ann\nBo", "\x1b[31mred", "a\u202eb", "x" * 101, "\ud800",
                                  ""])
def test_a_player_name_with_control_characters_or_too_long_is_refused(name):
    with pytest.raises(fs.PlayerCountError):
        fs.new_game("base", players=2, names=[name, "Bo"])


def test_names_that_are_a_string_are_refused():
    with pytest.raises(fs.PlayerCountError):
        fs.new_game("base", players=2, names="AB")


def test_emoji_and_accents_are_fine_in_names():
    g = fs.new_game("base", players=2, names=["Zoë", "👩\u200d🌾"])
    assert g.names == ["Zoë", "👩\u200d🌾"]


# -- seeds -----------------------------------------------------------------------------------


def test_repr_does_not_show_the_seed():
    g = fs.new_game("base", players=2, seed=123456789)
    assert "123456789" not in repr(g) and "seed" not in repr(g)


def test_a_view_does_not_hold_the_seed_or_the_deck():
    g = fs.new_game("base", players=2, seed=123456789)
    text = g.view(0).to_json()
    data = json.loads(text)
    assert "123456789" not in text and "seed" not in data
    assert "deck" not in data and data["deck_size"] == len(g.state.deck)


def test_without_a_seed_the_deal_comes_from_the_operating_system():
    seeds = {fs.new_game("base", players=2).seed for _ in range(5)}
    assert len(seeds) == 5 and all(0 <= s < 2**63 for s in seeds)
