"""The Woodland Edge card data (RULES.md §7, the reference card tables): 36 cards numbered
198–233, 19 species with their copies, costs, tags and sides, the Woodland Edge tag on every
card, the shrubs' site kind, the same-named Squeaker, and the base-game changes.

The published facts are written here as literal data, so the tests read nothing outside the
repository.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from expansions.support import BOTH, EDGE, ruleset

import forestshuffle_alpine as alpine
import forestshuffle_woodland_edge as woodland_edge
from forestshuffle.core.cards import Position
from forestshuffle.testing import check_card_set

SET = woodland_edge.card_set()

#: species -> (copies, cost, tags besides the Woodland Edge tag, sides)
FACTS: dict[str, tuple[int, int, tuple[str, ...], dict[str, int]]] = {
    "blackthorn": (4, 2, ("shrub",), {"center": 4}),
    "common_hazel": (4, 2, ("shrub",), {"center": 4}),
    "elderberry": (4, 2, ("shrub",), {"center": 4}),
    "bee_swarm": (3, 1, ("insect",), {"left": 1, "right": 2}),
    "common_pipistrelle": (3, 1, ("bat",), {"left": 2, "right": 1}),
    "crane_fly": (3, 1, ("insect",), {"left": 1, "right": 2}),
    "european_bison": (3, 3, ("cloven_hoofed",), {"left": 2, "right": 1}),
    "european_polecat": (3, 2, ("pawed_animal",), {"left": 1, "right": 2}),
    "european_wildcat": (3, 1, ("pawed_animal",), {"left": 2, "right": 1}),
    "squeaker": (3, 0, ("cloven_hoofed",), {"left": 1, "right": 2}),
    "wild_boar_female": (3, 2, ("cloven_hoofed",), {"left": 2, "right": 1}),
    "barn_owl": (2, 2, ("bird",), {"top": 2}),
    "digitalis": (4, 0, ("plant",), {"bottom": 4}),
    "eurasian_magpie": (3, 1, ("bird",), {"top": 3}),
    "great_green_bush_cricket": (3, 1, ("insect",), {"bottom": 3}),
    "map_butterfly": (4, 0, ("butterfly", "insect"), {"top": 4}),
    "nightingale": (3, 1, ("bird",), {"top": 3}),
    "stinging_nettle": (3, 0, ("plant",), {"bottom": 3}),
    "water_vole": (2, 2, ("pawed_animal",), {"bottom": 2}),
}

#: the tree symbol each shrub card shows
SHRUB_SYMBOLS = {
    198: "Linden", 199: "Sycamore", 200: "Birch", 201: "Oak",  # Elderberry
    202: "Horse Chestnut", 203: "Oak", 204: "Beech", 205: "Birch",  # Common Hazel
    206: "Douglas Fir", 207: "Birch", 208: "Silver Fir", 209: "Sycamore",  # Blackthorn
}


def test_the_box_has_36_cards_numbered_198_to_233_and_no_winter_card() -> None:
    """RULES.md §7: Woodland Edge, 36 cards, numbered after the Alpine box."""
    assert sorted(c.id for c in SET.cards) == list(range(198, 234))
    assert not any(c.winter for c in SET.cards)


@pytest.mark.parametrize("name", sorted(FACTS))
def test_each_species_has_its_published_copies_cost_tags_and_sides(name: str) -> None:
    """Copies, cost, tags and sides of every species, as the species table gives them."""
    copies, cost, tags, sides = FACTS[name]
    sp = {s.id: s for s in SET.species}[f"woodland_edge.{name}"]
    halves = [h for c in SET.cards for h in c.halves if h.species == sp.id]
    assert len(halves) == copies
    assert sp.cost == cost
    assert sp.tags == {"woodland_edge", *tags}
    assert Counter(h.position.value for h in halves) == Counter(sides)


def test_every_card_carries_the_woodland_edge_tag() -> None:
    assert len(SET.species) == 19
    assert all("woodland_edge" in s.tags for s in SET.species)


def test_the_shrubs_open_shrub_sites_and_show_a_base_tree_symbol() -> None:
    """The three shrubs are site cards (not trees) of the site kind ``shrub``; each card
    shows one of the base game's tree symbols."""
    shrubs = {s.id for s in SET.species if "shrub" in s.tags}
    assert shrubs == {f"woodland_edge.{n}" for n in ("blackthorn", "common_hazel",
                                                     "elderberry")}
    for sid in shrubs:
        sp = {s.id: s for s in SET.species}[sid]
        assert (sp.kind, sp.site_kind) == ("site", "shrub")
    shown = {c.id: c.halves[0].symbol for c in SET.cards if not c.is_split}
    assert shown == SHRUB_SYMBOLS
    assert all(c.halves[0].position is Position.CENTER for c in SET.cards if not c.is_split)


def test_the_shrub_site_kind_has_four_sides_like_a_tree_but_is_no_tree() -> None:
    """A shrub: four slots (top, bottom, left, right) like a tree; not a tree card; playing it
    reveals nothing; its slots are its own (not a tree's top or bottom)."""
    rules = ruleset(EDGE)
    kind = rules.site_kinds["shrub"]
    assert [(sd.name, sd.group_name, {p.value for p in sd.accepts}) for sd in kind.slots] == [
        ("shrub_top", "top", {"top"}), ("shrub_bottom", "bottom", {"bottom"}),
        ("shrub_left", "left", {"left"}), ("shrub_right", "right", {"right"})]
    assert not kind.is_tree
    assert not kind.reveals
    assert kind.features == {"shrub"}
    assert rules.plain_slots  # shrub slots care about sides only: the fast paths stay on


def test_the_squeakers_of_the_two_boxes_are_two_species_with_one_name() -> None:
    """Same-named cards stay distinguishable: ids, card sets and tags tell them apart."""
    rules = ruleset(EDGE)
    squeakers = sorted(sid for sid, sp in rules.species.items() if sp.name == "Squeaker")
    assert squeakers == ["base.squeaker", "woodland_edge.squeaker"]
    assert rules.plugin_of["base.squeaker"] == "base"
    assert rules.plugin_of["woodland_edge.squeaker"] == "woodland_edge"
    assert "woodland_edge" in rules.species["woodland_edge.squeaker"].tags
    assert "woodland_edge" not in rules.species["base.squeaker"].tags
    cards = {c for c, hs in rules.halves.items() for h in hs if h.species.endswith(".squeaker")}
    assert {c for c in cards if c > 161} == {225, 226, 227}


def test_the_provisional_rulesets_hold_the_sets_and_the_removal_of_rules_section_7() -> None:
    """Base + Woodland Edge: 197 cards, removal 55/40/25/10; with both boxes: 233 cards,
    removal 90/60/45/30."""
    edge, both = ruleset(EDGE), ruleset(BOTH)
    assert len(edge.cards) == 161 + 36
    assert edge.spec.removal == {2: 55, 3: 40, 4: 25, 5: 10}
    assert len(both.cards) == 161 + 36 + 36
    assert both.spec.removal == {2: 90, 3: 60, 4: 45, 5: 30}


def test_base_changes_are_override_data_and_agree_with_the_alpine_box() -> None:
    """BASE_CHANGES is plain override data naming base species; where both boxes change a
    base species (the butterflies), they change it identically, so composing both is safe."""
    json.dumps(woodland_edge.BASE_CHANGES)
    assert all(sid.startswith("base.") for sid in woodland_edge.BASE_CHANGES)
    shared = set(alpine.BASE_CHANGES) & set(woodland_edge.BASE_CHANGES)
    assert shared == {f"base.{n}" for n in ("camberwell_beauty", "large_tortoiseshell",
                                            "peacock_butterfly", "purple_emperor",
                                            "silver_washed_fritillary")}
    for sid in shared:
        assert alpine.BASE_CHANGES[sid] == woodland_edge.BASE_CHANGES[sid]
    assert woodland_edge.BUTTERFLY_TABLE == alpine.BUTTERFLY_TABLE
    both = ruleset(BOTH)
    tables = {sp.score[0].args["table"] for sp in both.species.values() if "butterfly" in sp.tags}
    assert tables == {(0, 3, 6, 12, 20, 35, 55)}


def test_check_card_set_finds_no_problem_in_base_plus_woodland_edge() -> None:
    """The toolkit's card-set check: compile, counts, playable, every effect kind run, and
    random games that end and keep every invariant."""
    report = check_card_set(ruleset(EDGE), games=100, seed=1)
    assert report.ok, str(report)
    assert report.games == 100
