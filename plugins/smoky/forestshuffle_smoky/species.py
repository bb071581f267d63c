"""The 67 species of Smoky Mountains: one line each, only data.

Effects are optional for the player; bonuses need every payment card to show the played
card's tree symbol; permanent effects work at once (not from the next turn on).
``RECONSTRUCTED_SPECIES`` lists the facts no public source gives (the type icons missing
from the texts); see ``plugins/smoky/RECONSTRUCTION.md``.
"""

from __future__ import annotations

from typing import Any

from forestshuffle.core.cards import Spec, Species
from forestshuffle.plugins.dsl import (
    cave_from_clearing_per,
    cave_from_hand_then_draw,
    clearing_to_cave_matching,
    distinct_sets,
    draw,
    draw_per,
    draw_then_cave,
    extra_turn,
    flat,
    free_play,
    if_at_least,
    if_site_has,
    on_play,
    per,
    per_same_symbol,
    play_face_down,
    play_from_clearing,
    shares_slot,
    take_from_clearing,
)

from .sites import GENERIC_RIVER, RIVER, TREE, WATERFALL

SET = "smoky"

# tags
AMPHIBIAN, TREE_TAG, INSECT, MOUSE, HOOFED = "amphibian", "tree", "insect", "mouse", "hoofed"
PLANT, PAWED, BIRD, FISH, SQUIRREL, RIVER_TAG = (
    "plant", "pawed", "bird", "fish", "squirrel", "river")
TAGS = (AMPHIBIAN, TREE_TAG, INSECT, MOUSE, HOOFED, PLANT, PAWED, BIRD, FISH, SQUIRREL,
        RIVER_TAG)

#: the eight tree symbols, in the set's order
SYMBOLS = ("Basswood", "Black Gum", "Hemlock", "Fraser Fir", "Hickory", "Yellow Birch",
           "Silver Maple", "Buckeye")

#: a water requirement; Water-Starwort also needs a river of its own (never a tree)
WATER = frozenset({"water"})
RIVER_ONLY = frozenset({"water", "river"})


def i(name: str) -> str:
    """The full id of a Smoky Mountains species."""
    return f"{SET}.{name}"


# -- scoring kinds of this plugin (see scoring.py) -------------------------------------


def per_symbol_at_site(points: int) -> Spec:
    """*points* per card at this site showing this card's tree symbol."""
    return Spec("per_symbol_at_site", {"points": points})


def per_distinct_symbol_at_site(points: int) -> Spec:
    """*points* per different tree symbol at this card's site."""
    return Spec("per_distinct_symbol_at_site", {"points": points})


def per_attached_or_under(points: int) -> Spec:
    """*points* per card in this site's slots or tucked under it."""
    return Spec("per_attached_or_under", {"points": points})


def per_site_without(points: int, feature: str, tag: str, side: str | None = None) -> Spec:
    """*points* per site with *feature* holding no *tag* card (on *side*)."""
    args: dict[str, Any] = {"points": points, "feature": feature, "tag": tag}
    if side is not None:
        args["side"] = side
    return Spec("per_site_without", args)


def if_alone_at_site(points: int) -> Spec:
    """*points* if no other card sits in this site's slots."""
    return Spec("if_alone_at_site", {"points": points})


def if_site_has_at_least(points: int, tag: str, n: int, otherwise: int = 0) -> Spec:
    """*points* if at least *n* other *tag* cards sit at this site, else *otherwise*."""
    args: dict[str, Any] = {"points": points, "tag": tag, "n": n}
    if otherwise:
        args["otherwise"] = otherwise
    return Spec("if_site_has_at_least", args)


# -- lines -----------------------------------------------------------------------------


def sp(name: str, display: str, cost: int, tags: Any, *, kind: str = "dweller",
       effect: Any = (), bonus: Any = (), triggers: Any = (), score: Any = (),
       sharing: Spec | None = None, needs: Any = frozenset(),
       site_kind: str | None = None) -> Species:
    """One species line."""
    tags = (tags,) if isinstance(tags, str) else tags
    return Species(i(name), display, kind, cost, frozenset(tags), effect, bonus, triggers,
                   score, sharing, (), site_kind, needs=needs)


def tree(name: str, display: str, cost: int, **kw: Any) -> Species:
    """One tree species line."""
    return sp(name, display, cost, TREE_TAG, kind="tree", site_kind=TREE, **kw)


def river(name: str, display: str, cost: int, site_kind: str = RIVER, **kw: Any) -> Species:
    """One river terrain line (a site that is not a tree)."""
    return sp(name, display, cost, RIVER_TAG, kind="site", site_kind=site_kind, **kw)


RIVERS = "feature:river"
SQUIRREL_SETS = distinct_sets((5, 10, 20, 40), SQUIRREL)
GENERIC = play_face_down(GENERIC_RIVER)

# The permanent "whenever you play a ... card, draw 1" effects (River Bend, Wood Thrush,
# Tufted Titmouse, Yellow Bullhead) resolve after the played card's cost is paid and before
# its effect and bonus, as their card texts say: ``before_effects=True``. (The general order
# of seed 000, effects first, applies to none of them.)
SPECIES: tuple[Species, ...] = (
    # trees
    tree("basswood", "Basswood", 1, score=per_symbol_at_site(2)),
    tree("black_gum", "Black Gum", 1, score=per(1, RIVERS)),
    tree("buckeye", "Buckeye", 1, score=per(1, "symbol:Buckeye")),
    tree("fraser_fir", "Fraser Fir", 2, bonus=free_play(tag=TREE_TAG), score=per(1, "trees")),
    tree("hemlock", "Hemlock", 2, bonus=extra_turn(), score=flat(5)),
    tree("hickory", "Hickory", 2, effect=draw(1), bonus=take_from_clearing(1),
         score=per_attached_or_under(2)),
    tree("silver_maple", "Silver Maple", 1, effect=draw(1),
         score=if_at_least(5, f"tree_cards_of:{i('silver_maple')}", 3)),
    tree("yellow_birch", "Yellow Birch", 0, effect=draw(1), score=flat(1)),
    # river terrain cards
    river("creek", "Creek", 2, bonus=extra_turn(), score=per(1, f"tag:{FISH}")),
    river("river_bend", "River Bend", 2,
          triggers=on_play(draw(1), tag=FISH, before_effects=True)),
    river("waterfall", "Waterfall", 2, site_kind=WATERFALL,
          bonus=play_from_clearing(reveal=5, tag=FISH)),
    # top halves
    sp("bald_eagle", "Bald Eagle", 3, BIRD, needs=WATER,
       effect=play_from_clearing(reveal=5, tag=FISH), bonus=extra_turn(),
       score=if_at_least(30, f"tag:{FISH}", 5, otherwise=10)),
    sp("caddisfly", "Caddisfly", 0, INSECT, needs=WATER, effect=free_play(tag=FISH),
       score=flat(2)),
    sp("flying_squirrel", "Flying Squirrel", 0, (SQUIRREL, PAWED), score=SQUIRREL_SETS),
    sp("great_blue_heron", "Great Blue Heron", 1, BIRD, needs=WATER, bonus=GENERIC,
       score=per(2, f"tag:{FISH}")),
    sp("long_eared_owl", "Long-Eared Owl", 2, BIRD, effect=draw_per(f"tag:{MOUSE}"),
       score=per(2, f"tag:{MOUSE}")),
    sp("peregrine_falcon", "Peregrine Falcon", 1, BIRD,
       effect=play_from_clearing(reveal=3, tag=BIRD), score=per(1, f"tag:{BIRD}")),
    sp("rockcap_fern", "Rockcap Fern", 1, PLANT, bonus=take_from_clearing(1),
       score=per(1, f"tag:{PLANT}")),
    sp("ruby_throated_hummingbird", "Ruby-Throated Hummingbird", 0, BIRD,
       score=(per(1, f"tag:{PLANT}"), per(1, f"tag:{TREE_TAG}"))),
    sp("scarlet_tanager", "Scarlet Tanager", 0, BIRD, effect=take_from_clearing(1),
       score=flat(2)),
    sp("thermometer_cricket", "Thermometer Cricket", 0, INSECT, sharing=shares_slot(None),
       score=per(1, f"tag:{INSECT}")),
    sp("tufted_titmouse", "Tufted Titmouse", 2, BIRD,
       triggers=on_play(draw(1), tag=BIRD, before_effects=True)),
    sp("virginia_opossum", "Virginia Opossum", 1, PAWED, effect=draw(1),
       score=per_distinct_symbol_at_site(2)),
    sp("water_starwort", "Water-Starwort", 1, PLANT, needs=RIVER_ONLY,
       score=(per(1, RIVERS), per(1, f"tag:{FISH}"))),
    sp("wood_thrush", "Wood Thrush", 2, BIRD,
       triggers=on_play(draw(1), tag=BIRD, before_effects=True)),
    # bottom halves
    sp("blue_mistflower", "Blue Mistflower", 0, PLANT, effect=take_from_clearing(1),
       score=flat(2)),
    sp("brook_trout", "Brook Trout", 2, FISH, needs=WATER, bonus=GENERIC,
       score=per_site_without(3, "river", FISH, side="bottom")),
    sp("brown_water_scorpion", "Brown Water Scorpion", 0, INSECT, needs=WATER,
       effect=free_play(tag=FISH), score=flat(2)),
    sp("common_box_turtle", "Common Box Turtle", 0, AMPHIBIAN, score=flat(5)),
    sp("eastern_chipmunk", "Eastern Chipmunk", 0, (SQUIRREL, PAWED), score=SQUIRREL_SETS),
    sp("eastern_hellbender", "Eastern Hellbender", 1, AMPHIBIAN, needs=WATER,
       effect=draw_then_cave(), score=per(2, RIVERS)),
    sp("greenside_darter", "Greenside Darter", 0, FISH, needs=WATER,
       score=per(3, f"tag:{INSECT}")),
    sp("imitator_salamander", "Imitator Salamander", 1, AMPHIBIAN,
       score=if_at_least(10, f"distinct_tag:{AMPHIBIAN}", 3)),
    sp("largeleaf_pondweed", "Largeleaf Pondweed", 0, PLANT, needs=WATER,
       effect=play_from_clearing(reveal=5, tag=FISH), score=flat(2)),
    sp("six_spotted_tiger_beetle", "Six-Spotted Tiger Beetle", 1, INSECT,
       effect=draw_then_cave(), bonus=free_play(tag=INSECT), score=flat(5)),
    sp("skipper_caterpillar", "Skipper Caterpillar", 1, INSECT,
       score=if_at_least(10, f"distinct_tag:{INSECT}", 3)),
    sp("smallmouth_bass", "Smallmouth Bass", 1, FISH, needs=WATER,
       score=per(3, f"distinct_tag:{FISH}")),
    sp("solomons_seal", "Solomons Seal", 1, PLANT, score=per(6, f"tag:{AMPHIBIAN}")),
    sp("wintergreen", "Wintergreen", 1, PLANT, bonus=extra_turn(),
       score=per(3, f"tag:{SQUIRREL}")),
    sp("wood_frog", "Wood Frog", 1, AMPHIBIAN, bonus=extra_turn(), score=per(1, "trees")),
    sp("yellow_bullhead", "Yellow Bullhead", 1, FISH, needs=WATER,
       triggers=on_play(draw(1), feature="river", before_effects=True)),
    sp("yellow_perch", "Yellow Perch", 0, FISH, needs=WATER,
       effect=play_from_clearing(reveal=5, tag=FISH), score=flat(2)),
    # left / right halves
    sp("beaver", "Beaver", 1, PAWED, needs=WATER,
       effect=clearing_to_cave_matching(tag=TREE_TAG), score=per(1, "cave")),
    sp("black_bear", "Black Bear", 3, PAWED, effect=GENERIC, bonus=extra_turn(),
       score=if_site_has_at_least(30, FISH, 2, otherwise=10)),
    sp("bobcat", "Bobcat", 3, PAWED, effect=free_play(tag=BIRD), bonus=take_from_clearing(1),
       score=if_at_least(30, f"tag:{BIRD}", 5, otherwise=10)),
    sp("chestnut_sided_warbler", "Chestnut-Sided Warbler", 1, BIRD, bonus=extra_turn(),
       score=flat(5)),
    sp("coyote", "Coyote", 3, PAWED, effect=draw(1), bonus=take_from_clearing(1),
       score=if_at_least(30, f"tag:{PAWED}", 6, otherwise=10)),
    sp("elk", "Elk", 3, HOOFED, effect=play_from_clearing(reveal=3, tag=TREE_TAG),
       score=if_at_least(30, "tree_species", 5, otherwise=10)),
    sp("gray_fox", "Gray Fox", 2, PAWED, effect=draw_per(f"tag:{PAWED}"),
       score=per(1, f"tag:{PAWED}")),
    sp("gray_squirrel", "Gray Squirrel", 0, (SQUIRREL, PAWED), score=SQUIRREL_SETS),
    sp("long_tailed_weasel", "Long-Tailed Weasel", 1, PAWED,
       effect=play_from_clearing(reveal=3, tag=MOUSE),
       score=if_at_least(10, f"tag:{MOUSE}", 3)),
    sp("masked_shrew", "Masked Shrew", 0, MOUSE, effect=draw(1), score=flat(3)),
    sp("mink", "Mink", 1, PAWED, needs=WATER, effect=play_from_clearing(reveal=5, tag=FISH),
       score=flat(5)),
    sp("pileated_woodpecker", "Pileated Woodpecker", 1, BIRD, effect=draw_then_cave(),
       score=per(1, f"tag:{BIRD}")),
    sp("raccoon", "Raccoon", 0, PAWED, effect=cave_from_hand_then_draw()),
    sp("red_squirrel", "Red Squirrel", 0, (SQUIRREL, PAWED), score=SQUIRREL_SETS),
    sp("river_otter", "River Otter", 2, PAWED, needs=WATER, bonus=extra_turn(),
       score=(per(2, f"tag:{FISH}"), per(2, f"tag:{INSECT}"), per(2, f"tag:{AMPHIBIAN}"))),
    sp("rock_vole", "Rock Vole", 1, MOUSE, effect=play_from_clearing(reveal=3, tag=MOUSE),
       score=(per(1, f"tag:{MOUSE}"), per(1, f"tag:{INSECT}"))),
    sp("short_tailed_shrew", "Short-Tailed Shrew", 1, MOUSE, effect=draw_then_cave(),
       bonus=free_play(tag=MOUSE), score=flat(5)),
    sp("spotted_skunk", "Spotted Skunk", 2, PAWED, bonus=extra_turn(),
       score=if_alone_at_site(10)),
    sp("synchronous_firefly", "Synchronous Firefly", 0, INSECT,
       score=per(3, f"species:{i('synchronous_firefly')}")),
    sp("turkey", "Turkey", 1, BIRD, effect=draw(1), score=per_same_symbol(2)),
    sp("virgins_bower", "Virgin's Bower", 2, PLANT, bonus=free_play(tag=BIRD),
       score=per(2, f"tag:{BIRD}")),
    sp("weevil_wasp", "Weevil Wasp", 1, INSECT, bonus=take_from_clearing(1),
       score=if_site_has(10, INSECT)),
    sp("white_footed_mouse", "White-Footed Mouse", 1, MOUSE,
       effect=cave_from_clearing_per(f"tag:{MOUSE}"), score=per(1, f"tag:{MOUSE}")),
    sp("white_tailed_deer", "White-Tailed Deer", 2, HOOFED, bonus=free_play(tag=TREE_TAG),
       score=per(2, "trees")),
    sp("yellow_bellied_sapsucker", "Yellow-Bellied Sapsucker", 0, BIRD,
       effect=free_play(tag=BIRD), score=flat(2)),
)

_FROM_SCORING = "(inferred from its own scoring)"
_WATER_RULE = "(no hint in its scoring; a water card or river: fish)"
_OWN_RULE = "(no hint in its scoring; its own type)"

#: Species facts no public source gives: the type icons lost from the texts. Rule: the type
#: the card's own scoring names; else fish for water cards and rivers; else its own type.
RECONSTRUCTED_SPECIES: dict[str, str] = {
    i("river_bend"): f"triggers[0].filter.tag: fish {_WATER_RULE}",
    i("waterfall"): "bonus[0].filter.tag: fish (the Waterfall takes fish below it)",
    i("bald_eagle"): f"effect[0].filter.tag: fish {_FROM_SCORING}",
    i("caddisfly"): f"effect[0].filter.tag: fish {_WATER_RULE}",
    i("long_eared_owl"): f"effect[0].count: tag:mouse {_FROM_SCORING}",
    i("peregrine_falcon"): f"effect[0].filter.tag: bird {_FROM_SCORING}",
    i("tufted_titmouse"): f"triggers[0].filter.tag: bird {_OWN_RULE}",
    i("brown_water_scorpion"): f"effect[0].filter.tag: fish {_WATER_RULE}",
    i("largeleaf_pondweed"): f"effect[0].filter.tag: fish {_WATER_RULE}",
    i("six_spotted_tiger_beetle"): f"bonus[0].filter.tag: insect {_OWN_RULE}",
    i("yellow_perch"): f"effect[0].filter.tag: fish {_WATER_RULE}",
    i("bobcat"): f"effect[0].filter.tag: bird {_FROM_SCORING}",
    i("elk"): f"effect[0].filter.tag: tree {_FROM_SCORING}",
    i("long_tailed_weasel"): f"effect[0].filter.tag: mouse {_FROM_SCORING}",
    i("mink"): f"effect[0].filter.tag: fish {_WATER_RULE}",
    i("rock_vole"): f"effect[0].filter.tag: mouse {_FROM_SCORING} (mouse: its own type)",
    i("short_tailed_shrew"): f"bonus[0].filter.tag: mouse {_OWN_RULE}",
    i("virgins_bower"): f"bonus[0].filter.tag: bird {_FROM_SCORING}",
    i("white_tailed_deer"): f"bonus[0].filter.tag: tree {_FROM_SCORING}",
    i("yellow_bellied_sapsucker"): f"effect[0].filter.tag: bird {_OWN_RULE}",
}
