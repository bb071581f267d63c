"""The Alpine card data (RULES.md §7, the reference card tables): 36 cards numbered 162–197,
17 species with their copies, costs, tags and sides, the Mountain tag on every card, the two
new trees and their symbols, and the base-game changes the box brings.

The published facts are written here as literal data, so the tests read nothing outside the
repository.
"""

from __future__ import annotations

from collections import Counter

import pytest
from expansions.support import ALPINE, ruleset

import forestshuffle_alpine as alpine
from forestshuffle.core.cards import Position
from forestshuffle.testing import check_card_set

SET = alpine.card_set()

#: species -> (copies, cost, tags besides the Mountain tag, sides)
FACTS: dict[str, tuple[int, int, tuple[str, ...], dict[str, int]]] = {
    "alpine_marmot": (4, 1, ("pawed_animal",), {"left": 2, "right": 2}),
    "capercaillie": (4, 1, ("bird",), {"left": 2, "right": 2}),
    "chamois": (3, 1, ("cloven_hoofed",), {"left": 1, "right": 2}),
    "mountain_hare": (3, 0, ("pawed_animal",), {"left": 2, "right": 1}),
    "savis_pipistrelle": (3, 1, ("bat",), {"left": 2, "right": 1}),
    "steinbock": (3, 3, ("cloven_hoofed",), {"left": 1, "right": 2}),
    "alpine_newt": (3, 1, ("amphibian",), {"bottom": 3}),
    "bearded_vulture": (3, 1, ("bird",), {"top": 3}),
    "black_trumpet": (2, 2, ("mushroom",), {"bottom": 2}),
    "blueberry": (2, 1, ("plant",), {"bottom": 2}),
    "common_raven": (2, 1, ("bird",), {"top": 2}),
    "edelweiss": (2, 1, ("plant",), {"bottom": 2}),
    "gentian": (3, 0, ("plant",), {"bottom": 3}),
    "golden_eagle": (3, 1, ("bird",), {"top": 3}),
    "phoebus_apollo": (4, 0, ("butterfly", "insect"), {"top": 4}),
    "european_larch": (7, 1, ("tree",), {"center": 7}),
    "stone_pine": (7, 2, ("tree",), {"center": 7}),
}


def test_the_box_has_36_cards_numbered_162_to_197_and_no_winter_card() -> None:
    """RULES.md §7: Alpine, 36 cards; the card table numbers them after the base game."""
    assert sorted(c.id for c in SET.cards) == list(range(162, 198))
    assert not any(c.winter for c in SET.cards)
    assert sum(1 for c in SET.cards if not c.is_split) == 14  # 7 + 7 trees


@pytest.mark.parametrize("name", sorted(FACTS))
def test_each_species_has_its_published_copies_cost_tags_and_sides(name: str) -> None:
    """Copies, cost, tags and sides of every species, as the species table gives them."""
    copies, cost, tags, sides = FACTS[name]
    sp = {s.id: s for s in SET.species}[f"alpine.{name}"]
    halves = [h for c in SET.cards for h in c.halves if h.species == sp.id]
    assert len(halves) == copies
    assert sp.cost == cost
    assert sp.tags == {"alpine_mountain", *tags}
    assert Counter(h.position.value for h in halves) == Counter(sides)


def test_every_alpine_card_carries_the_mountain_tag() -> None:
    """The Mountain symbol is on every card of the box (the Stone Pine and Larch count it)."""
    assert len(SET.species) == 17
    assert all("alpine_mountain" in s.tags for s in SET.species)


def test_the_new_trees_show_their_own_new_symbols() -> None:
    """European Larch and Stone Pine are trees and tree symbols of their own."""
    for card in SET.cards:
        if card.is_split:
            continue
        (h,) = card.halves
        assert h.position is Position.CENTER
        assert h.symbol in ("European Larch", "Stone Pine")
        assert h.symbol == {"alpine.european_larch": "European Larch",
                            "alpine.stone_pine": "Stone Pine"}[h.species]
    rules = ruleset(ALPINE)
    assert rules.symbols[-2:] == ["European Larch", "Stone Pine"]
    assert len(rules.symbols) == 10


def test_the_provisional_ruleset_holds_both_sets_and_the_one_box_removal() -> None:
    """Base + Alpine: 161 + 36 cards; removal 55/40/25/10 (RULES.md §7)."""
    rules = ruleset(ALPINE)
    assert len(rules.cards) == 161 + 36
    assert rules.spec.removal == {2: 55, 3: 40, 4: 25, 5: 10}
    assert rules.plugin_of["alpine.chamois"] == "alpine"


def test_base_changes_are_override_data_that_compile() -> None:
    """BASE_CHANGES is plain override data (JSON values) naming base species only; applied,
    every base butterfly scores with the 7-species table and the hare rules count both
    hares."""
    import json

    json.dumps(alpine.BASE_CHANGES)
    assert all(sid.startswith("base.") for sid in alpine.BASE_CHANGES)
    rules = ruleset(ALPINE)
    tables = {sid: sp.score[0].args["table"] for sid, sp in rules.species.items()
              if "butterfly" in sp.tags}
    assert len(tables) == 6
    assert set(tables.values()) == {(0, 3, 6, 12, 20, 35, 55)}


def test_check_card_set_finds_no_problem_in_base_plus_alpine() -> None:
    """The toolkit's card-set check: compile, counts, playable, every effect kind run,
    random games end and keep every invariant."""
    report = check_card_set(ruleset(ALPINE), games=30, seed=3)
    assert report.ok, str(report)
    assert report.games == 30
    assert report.effect_kinds <= report.effect_kinds_seen
