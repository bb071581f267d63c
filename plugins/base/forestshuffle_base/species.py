"""The species of the base game: one line each, only data.

Effects are optional for the player; bonuses need every payment card to show the played
card's tree symbol. See ``DECISIONS.md`` for the interpretations behind some lines.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import Spec, Species
from forestshuffle.plugins.dsl import (
    cave_from_hand_then_draw,
    clearing_to_cave,
    counts_as_tree,
    distinct_sets,
    draw,
    draw_per,
    extra_turn,
    flat,
    free_play,
    if_at_least,
    if_site_has,
    if_site_is,
    if_slot_shared,
    majority,
    on_play,
    per,
    per_attached,
    per_same_symbol,
    play_further,
    set_table,
    shares_slot,
)

SET = "base"

# tags
TREE, PAWED, CLOVEN, DEER, BAT = "tree", "pawed_animal", "cloven_hoofed", "deer", "bat"
INSECT, BUTTERFLY, BIRD, PLANT = "insect", "butterfly", "bird", "plant"
AMPHIBIAN, MUSHROOM = "amphibian", "mushroom"
TAGS = (TREE, PAWED, CLOVEN, DEER, BAT, INSECT, BUTTERFLY, BIRD, PLANT, AMPHIBIAN, MUSHROOM)

#: the eight tree symbols, in the set's order
SYMBOLS = ("Linden", "Oak", "Silver Fir", "Birch", "Beech", "Sycamore", "Douglas Fir",
           "Horse Chestnut")


def i(name: str) -> str:
    """The full id of a base species."""
    return f"{SET}.{name}"


HARE, ROE_DEER, SQUEAKER, GNAT = i("european_hare"), i("roe_deer"), i("squeaker"), i("gnat")
BEECH, OAK = i("beech"), i("oak")


def sp(name: str, display: str, cost: int, tags: Any, *, kind: str = "dweller",
       effect: Any = (), bonus: Any = (), triggers: Any = (), score: Any = (),
       sharing: Spec | None = None, modifiers: Any = ()) -> Species:
    """One species line."""
    tags = (tags,) if isinstance(tags, str) else tags
    return Species(i(name), display, kind, cost, frozenset(tags), effect, bonus, triggers,
                   score, sharing, modifiers, "tree" if kind == "tree" else None)


def tree(name: str, display: str, cost: int, **kw: Any) -> Species:
    """One tree species line."""
    return sp(name, display, cost, TREE, kind="tree", **kw)


def mushroom(**when: Any) -> Spec:
    """A mushroom's permanent trigger: whenever you play a card matching *when*, you may draw
    1, from your next turn on; it resolves after the cost is paid and before the played
    card's effect and bonus (card appendix)."""
    return on_play(draw(1), from_next_turn=True, before_effects=True, **when)


SPECIES: tuple[Species, ...] = (
    # trees
    tree("linden", "Linden", 1, score=majority(3, f"trees_of:{i('linden')}", otherwise=1)),
    tree("oak", "Oak", 2, bonus=extra_turn(), score=if_at_least(10, "tree_species", 8)),
    tree("silver_fir", "Silver Fir", 2, bonus=free_play(tag=PAWED), score=per_attached(2)),
    tree("birch", "Birch", 0, effect=draw(1), score=flat(1)),
    tree("beech", "Beech", 1, effect=draw(1), score=if_at_least(5, f"trees_of:{BEECH}", 4)),
    tree("sycamore", "Sycamore", 2, score=per(1, "trees")),
    tree("douglas_fir", "Douglas Fir", 2, bonus=extra_turn(), score=flat(5)),
    tree("horse_chestnut", "Horse Chestnut", 1,
         score=set_table((1, 4, 9, 16, 25, 36, 49), f"trees_of:{i('horse_chestnut')}")),
    # left / right halves
    sp("european_hare", "European Hare", 0, PAWED, sharing=shares_slot(None),
       score=per(1, f"species:{HARE}")),
    sp("european_badger", "European Badger", 1, PAWED, bonus=free_play(tag=PAWED),
       score=flat(2)),
    sp("red_fox", "Red Fox", 2, PAWED, effect=draw_per(f"species:{HARE}"),
       score=per(2, f"species:{HARE}")),
    sp("raccoon", "Raccoon", 1, PAWED, effect=cave_from_hand_then_draw()),
    sp("brown_bear", "Brown Bear", 3, PAWED, effect=clearing_to_cave(),
       bonus=(draw(1), extra_turn())),
    sp("beech_marten", "Beech Marten", 1, PAWED, effect=draw(1), score=per(5, "full_sites")),
    sp("european_fat_dormouse", "European Fat Dormouse", 1, PAWED,
       score=if_site_has(15, BAT)),
    sp("lynx", "Lynx", 1, PAWED, score=if_at_least(10, f"species:{ROE_DEER}", 1)),
    sp("wolf", "Wolf", 3, PAWED, effect=draw_per(f"tag:{DEER}"), bonus=extra_turn(),
       score=per(5, f"tag:{DEER}")),
    sp("wild_boar", "Wild Boar", 2, CLOVEN, score=if_at_least(10, f"species:{SQUEAKER}", 1)),
    sp("squeaker", "Squeaker", 0, CLOVEN, score=flat(1)),
    sp("fallow_deer", "Fallow Deer", 2, (CLOVEN, DEER), bonus=draw(2),
       score=per(3, f"tag:{CLOVEN}")),
    sp("red_deer", "Red Deer", 2, (CLOVEN, DEER), bonus=free_play(tag=DEER),
       score=(per(1, "trees"), per(1, f"tag:{PLANT}"))),
    sp("roe_deer", "Roe Deer", 2, (CLOVEN, DEER), bonus=draw(1), score=per_same_symbol(3)),
    sp("barbastelle_bat", "Barbastelle Bat", 1, BAT,
       score=if_at_least(5, f"distinct_tag:{BAT}", 3)),
    sp("bechsteins_bat", "Bechstein's Bat", 1, BAT,
       score=if_at_least(5, f"distinct_tag:{BAT}", 3)),
    sp("brown_long_eared_bat", "Brown Long-Eared Bat", 1, BAT,
       score=if_at_least(5, f"distinct_tag:{BAT}", 3)),
    sp("greater_horseshoe_bat", "Greater Horseshoe Bat", 1, BAT,
       score=if_at_least(5, f"distinct_tag:{BAT}", 3)),
    sp("gnat", "Gnat", 0, INSECT, effect=free_play(tag=BAT, any_number=True),
       score=per(1, f"tag:{BAT}")),
    sp("violet_carpenter_bee", "Violet Carpenter Bee", 1, INSECT, modifiers=counts_as_tree(1)),
    # top / bottom halves
    *(sp(n, d, 0, (INSECT, BUTTERFLY), score=distinct_sets((0, 3, 6, 12, 20), BUTTERFLY))
      for n, d in (("camberwell_beauty", "Camberwell Beauty"),
                   ("large_tortoiseshell", "Large Tortoiseshell"),
                   ("peacock_butterfly", "Peacock Butterfly"),
                   ("purple_emperor", "Purple Emperor"),
                   ("silver_washed_fritillary", "Silver-Washed Fritillary"))),
    sp("bullfinch", "Bullfinch", 1, BIRD, score=per(2, f"tag:{INSECT}")),
    sp("chaffinch", "Chaffinch", 1, BIRD, score=if_site_is(5, BEECH)),
    sp("eurasian_jay", "Eurasian Jay", 1, BIRD, effect=extra_turn(), score=flat(3)),
    sp("goshawk", "Goshawk", 2, BIRD, score=per(3, f"tag:{BIRD}")),
    sp("great_spotted_woodpecker", "Great Spotted Woodpecker", 1, BIRD, effect=draw(1),
       score=majority(10, "tree_total")),
    sp("tawny_owl", "Tawny Owl", 2, BIRD, effect=draw(1), bonus=draw(2), score=flat(5)),
    sp("red_squirrel", "Red Squirrel", 0, PAWED, score=if_site_is(5, OAK)),
    sp("blackberries", "Blackberries", 0, PLANT, score=per(2, f"tag:{PLANT}")),
    sp("moss", "Moss", 0, PLANT, score=if_at_least(10, "tree_total", 10)),
    sp("tree_ferns", "Tree Ferns", 1, PLANT, effect=draw(1), score=per(6, f"tag:{AMPHIBIAN}")),
    sp("wild_strawberries", "Wild Strawberries", 0, PLANT,
       score=if_at_least(10, "tree_species", 8)),
    sp("chanterelle", "Chanterelle", 2, MUSHROOM,
       triggers=mushroom(tree=True)),
    sp("fly_agaric", "Fly Agaric", 2, MUSHROOM,
       triggers=mushroom(tag=PAWED)),
    sp("parasol_mushroom", "Parasol Mushroom", 2, MUSHROOM,
       triggers=mushroom(slot="bottom")),
    sp("penny_bun", "Penny Bun", 2, MUSHROOM,
       triggers=mushroom(slot="top")),
    sp("common_toad", "Common Toad", 0, AMPHIBIAN, sharing=shares_slot(2),
       score=if_slot_shared(5)),
    sp("fire_salamander", "Fire Salamander", 1, AMPHIBIAN, bonus=free_play(tag=PAWED),
       score=set_table((5, 15, 25), f"species:{i('fire_salamander')}")),
    sp("pond_turtle", "Pond Turtle", 2, AMPHIBIAN, effect=draw(1), score=flat(5)),
    sp("tree_frog", "Tree Frog", 0, AMPHIBIAN, score=per(5, f"species:{GNAT}")),
    sp("fireflies", "Fireflies", 0, INSECT,
       score=set_table((0, 10, 15, 20), f"species:{i('fireflies')}")),
    sp("stag_beetle", "Stag Beetle", 2, INSECT, bonus=free_play(tag=BIRD),
       score=per(1, f"tag:{PAWED}")),
    sp("wood_ant", "Wood Ant", 1, INSECT, score=per(2, "slot:bottom")),
    sp("hedgehog", "Hedgehog", 1, PAWED, bonus=draw(1), score=per(2, f"tag:{BUTTERFLY}")),
    sp("mole", "Mole", 2, PAWED, effect=play_further()),
)
