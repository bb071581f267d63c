"""Two small, general additions to the core that the expansions need, tested on their own:
the effect kind ``cave_from_clearing`` and ``counts_as_tree`` counting only at tree sites."""

from __future__ import annotations

from collections.abc import Iterable

import forestshuffle as fs
from forestshuffle.core.cards import Card, CardSet, Half, Position, Species
from forestshuffle.core.layouts import SiteKind, four_sided
from forestshuffle.core.ruleset import RulesetSpec
from forestshuffle.plugins.dsl import cave_from_clearing
from forestshuffle.plugins.hookspecs import hookimpl
from forestshuffle.testing import CardPicker, scenario


def test_cave_from_clearing_puts_n_chosen_clearing_cards_into_the_cave() -> None:
    """cave_from_clearing(2): two clearing cards of the player's choice go to the cave, one
    decision each; the Tawny Owl is given the effect by an override."""
    rules = fs.PluginHost().ruleset("base", overrides={"species": {"base.tawny_owl": {
        "effect": [{"kind": "cave_from_clearing", "args": {"n": 2}}]}}})
    pk = CardPicker(rules)
    owl = pk.pick("base.tawny_owl", side="top")
    birch = pk.pick("base.birch")
    pay = pk.filler(2, trees=False)
    clear = pk.filler(3)
    g = scenario(rules, hands={0: [owl, *pay]}, forests={0: [(birch, {})]}, clearing=clear,
                 deck=pk.filler(3))
    g.apply(fs.PlayCard(owl))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.Place)))
    for c in sorted(pay):
        g.apply(fs.PayWith(c))
    g.apply(fs.Use())
    assert g.pending is not None and g.pending.kind == "cave"
    picks = [a for a in g.legal_actions() if isinstance(a, fs.PickCard)]
    assert {a.card for a in picks} == {*clear, *pay}  # the payment is in the clearing too
    g.apply(fs.PickCard(clear[0]))
    g.apply(fs.PickCard(pay[0]))
    assert g.state.caves[0] == [clear[0], pay[0]]
    assert g.pending is not None and g.pending.kind != "cave"


def test_cave_from_clearing_may_stop_early_and_is_validated() -> None:
    """The player may stop after none or one card; ``n`` must be a whole number >= 1."""
    assert cave_from_clearing(2).args == {"n": 2}
    kinds = fs.PluginHost().registry().steps
    kind = kinds["cave_from_clearing"]
    rules = fs.get_ruleset("base")
    kind.validate({"n": 3}, rules)
    for bad in ({"n": 0}, {"n": "2"}, {"m": 1}):
        try:
            kind.validate(bad, rules)
        except ValueError:
            continue
        raise AssertionError(f"{bad} was accepted")


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


def test_an_expansion_without_cards_does_not_count_for_the_removal() -> None:
    """``removal_with`` counts the expansions that add card sets: a box of mode cards only
    (``card_sets=()``) mixed in beside Alpine leaves the removal of one box (RULES.md §7)."""
    from forestshuffle.core.spec import ExpansionSpec

    class Modes:
        @hookimpl
        def forestshuffle_expansions(self) -> Iterable[ExpansionSpec]:
            return [ExpansionSpec(id="test-modes", name="Mode cards only", card_sets=(),
                                  rulesets=("base",))]

    host = fs.PluginHost(extra=[Modes()])
    alone = host.ruleset("base", expansions=["test-modes"])
    assert alone.spec.removal == fs.get_ruleset("base").spec.removal
    assert alone.expansions == ("test-modes",) and len(alone.cards) == 161
    mixed = host.ruleset("base", expansions=["alpine", "test-modes"])
    assert mixed.spec.removal == fs.get_ruleset("base", expansions=["alpine"]).spec.removal
