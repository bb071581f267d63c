"""Small, general additions to the core that the expansions need, tested on their own."""

from __future__ import annotations

from collections.abc import Iterable

import forestshuffle as fs
from forestshuffle.cards import Card, CardSet, Half, Position, Species
from forestshuffle.hookspecs import hookimpl
from forestshuffle.layouts import SiteKind, four_sided
from forestshuffle.ruleset import RulesetSpec
from forestshuffle.testing import CardPicker, scenario

# -- counts_as_tree only at trees ---------------------------------------------------------


HEDGE_KIND = "test_hedge"


class HedgePlugin:
    """A card set with one non-tree site card (four sides, not a tree) and a ruleset."""

    @hookimpl
    def forestshuffle_site_kinds(self) -> Iterable[SiteKind]:
        return (four_sided(HEDGE_KIND, is_tree=False, reveals=False, label="Hedge"),)

    @hookimpl
    def forestshuffle_card_sets(self) -> Iterable[CardSet]:
        hedge = Species("hedgetest.hedge", "Hedge", "site", 0, (), site_kind=HEDGE_KIND)
        card = Card(9001, (Half(hedge.id, Position.CENTER, "Oak"),))
        return (CardSet("hedgetest", "Hedge test", (hedge,), (card,), ("Oak",), ()),)

    @hookimpl
    def forestshuffle_rulesets(self) -> Iterable[RulesetSpec]:
        return (RulesetSpec(id="test-hedge", name="Hedge test", card_sets=("base", "hedgetest"),
                            removal={2: 30, 3: 20, 4: 10, 5: 0}),)


def test_a_carpenter_bee_at_a_site_that_is_not_a_tree_adds_no_tree() -> None:
    """counts_as_tree: "the tree it sits at counts as one more tree" (RULES.md §1); a site
    card that is not a tree gives no extra tree, at a tree the bee still adds one."""
    rules = fs.PluginHost(extra=[HedgePlugin()]).ruleset("test-hedge")
    pk = CardPicker(rules)
    bees = [pk.pick("base.violet_carpenter_bee", side="left") for _ in range(2)]
    oak = pk.pick("base.oak")
    g = scenario(rules, forests={0: [(9001, {"left": [bees[0]]}), (oak, {"left": [bees[1]]})]})
    f = g.state.forests[0]
    assert f.count("trees") == 1
    assert f.count("tree_total") == 2  # the Oak and its bee; the hedge's bee adds nothing
    assert f.count("trees_of:base.oak") == 2
    assert f.count("trees_of:hedgetest.hedge") == 0
