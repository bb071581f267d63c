"""``forestshuffle.testing.scenario`` refuses positions the rules cannot reach, unless asked
not to check (an impossible set-up is an error, not a game)."""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario
from forestshuffle.testing.scenario import ScenarioError


def test_a_water_card_on_a_tree_without_a_river_is_refused():
    """Smoky water requirement (RULES.md §3): a water card goes only into a river's slots or
    below a tree's river, so a Brook Trout below a plain tree is no position of the game."""
    pk = CardPicker(fs.get_ruleset("smoky"))
    tree, trout = pk.pick("smoky.hemlock"), pk.pick("smoky.brook_trout")
    with pytest.raises(ScenarioError, match="cannot go there"):
        scenario("smoky", forests={0: [(tree, {"bottom": [trout]})]})
    # below the river of a tree with one, it is fine
    under = pk.filler(1, trees=False)[0]
    g = scenario("smoky", forests={0: [(tree, {"under": [under], "bottom_1": [trout]})]})
    assert g.state.forests[0].where[trout][:2] == (0, "bottom_1")


def test_two_cards_in_a_slot_that_holds_one_are_refused():
    """A slot holds one card unless a card says more (RULES.md §1 placement)."""
    pk = CardPicker(fs.get_ruleset("base"))
    birch = pk.pick("base.birch")
    fox, badger = pk.pick("base.red_fox", side="left"), pk.pick("base.european_badger",
                                                                 side="left")
    with pytest.raises(ScenarioError, match="cannot go there"):
        scenario(forests={0: [(birch, {"left": [fox, badger]})]})
    hares = [pk.pick("base.european_hare", side="left") for _ in range(3)]
    g = scenario(forests={0: [(birch, {"left": hares})]})  # hares share a slot
    assert g.state.forests[0].sites[0].slots["left"] == hares


def test_a_dweller_cannot_open_a_site_and_hands_respect_the_limit():
    pk = CardPicker(fs.get_ruleset("base"))
    fox = pk.pick("base.red_fox", side="left")
    with pytest.raises(ScenarioError, match="does not open a site"):
        scenario(forests={0: [(fox, {})]})
    with pytest.raises(ScenarioError, match="hand limit"):
        scenario(hands={0: pk.filler(11)})
    with pytest.raises(ScenarioError, match="clearing"):
        scenario(clearing=pk.filler(10))


def test_validate_false_builds_a_deliberately_illegal_position():
    pk = CardPicker(fs.get_ruleset("base"))
    birch = pk.pick("base.birch")
    fox, badger = pk.pick("base.red_fox", side="left"), pk.pick("base.european_badger",
                                                                 side="left")
    g = scenario(forests={0: [(birch, {"left": [fox, badger]})]}, validate=False)
    assert g.state.forests[0].sites[0].slots["left"] == [fox, badger]


def test_a_scenario_folds_a_plugins_own_set_up_events_before_the_turn():
    """``events``: a plugin's state is set up as its deck builder would deal it (here the
    open-core test plugin's Squirrel, which counts its turns in ``state.ext``)."""
    from open_core import plugin

    rules = fs.PluginHost(extra=[plugin]).ruleset("test-open")
    g = scenario(rules, players=2, events=[plugin.SquirrelActed(), plugin.SquirrelActed()])
    assert g.state.ext[plugin.SQUIRREL] == 2
    assert isinstance(g.events[g.setup_events - 3], plugin.SquirrelActed)
    assert g.pending.kind == "turn" and g.pending.player == 0
