"""The scoring rule of every Smoky Mountains species (RULES.md §4, the species list).

Each test builds a forest with :func:`forestshuffle.testing.scenario` (cards picked by
species, side and tree symbol) and checks the points of the scoring cards, worked out by
hand in a comment. Facts are written as literals: the tests read nothing outside the
repository.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.testing import CardPicker, scenario

RULES = fs.get_ruleset("smoky")
GENERIC = "smoky_generic_river"

#: a card in a site spec: "species" or ("species", "Symbol")
CardSpec = str | tuple[str, str]


def sp(name: str) -> str:
    return f"smoky.{name}"


def _side(slot: str) -> str:
    return slot.split("_")[0]


class Built:
    """A scenario game with the card numbers picked for each species (in site order)."""

    def __init__(self, game: fs.Game, cards: dict[str, list[int]]) -> None:
        self.g = game
        self.cards = cards

    def card(self, species: str, i: int = 0) -> int:
        return self.cards[species][i]

    def pts(self, species: str, i: int = 0, player: int = 0) -> int:
        """Points of the *i*-th card of *species* in *player*'s forest."""
        c = self.card(species, i)
        for cs in self.g.scores()[player].cards:
            if cs.card == c:
                return cs.points
        raise KeyError(c)

    def all_pts(self, species: str) -> list[int]:
        return [self.pts(species, i) for i in range(len(self.cards[species]))]

    def total(self, player: int = 0) -> int:
        return self.g.scores()[player].total


def build(*sites: tuple[Any, Mapping[str, Sequence[CardSpec]]], cave: int = 0,
          river: Sequence[int] = ()) -> Built:
    """Player 0's forest. A site is ``(head, slots)``: head a tree or river species (a
    ``"tree+river"`` suffix tucks a generic river under the tree), or ``GENERIC``
    for a standalone generic river. ``cave`` cards go into player 0's cave."""
    pk = CardPicker(RULES)
    cards: dict[str, list[int]] = {}

    def pick(spec: CardSpec, side: str | None) -> int:
        name, symbol = (spec, None) if isinstance(spec, str) else spec
        c = pk.pick(sp(name), side=side, symbol=symbol)
        cards.setdefault(name, []).append(c)
        return c

    heads: list[tuple[Any, dict[str, list[int]], bool]] = []
    for head, slots in sites:
        picked = {slot: [pick(s, _side(slot)) for s in specs] for slot, specs in slots.items()}
        if head == GENERIC:
            heads.append((GENERIC, picked, False))
            continue
        name = head[0] if isinstance(head, tuple) else head
        with_river = name.endswith("+river")
        name = name.removesuffix("+river")
        spec = (name, head[1]) if isinstance(head, tuple) else name
        heads.append((pick(spec, None), picked, with_river))
    forest = []
    for head, picked, with_river in heads:
        if head == GENERIC:
            forest.append(((GENERIC, pk.filler(1, trees=False)[0]), picked))
        else:
            if with_river:
                picked["under"] = pk.filler(1, trees=False)
            forest.append((head, picked))
    caves = {0: pk.filler(cave)} if cave else None
    g = scenario("smoky", forests={0: forest}, caves=caves)
    return Built(g, cards)


# -- trees -------------------------------------------------------------------------------


def test_basswood_scores_2_per_basswood_symbol_at_its_own_site():
    b = build(
        ("basswood+river", {"top": [("virginia_opossum", "Basswood")],
                            "bottom_1": [("brook_trout", "Basswood")],
                            "bottom_2": [("greenside_darter", "Basswood")],
                            "left": [("bobcat", "Silver Maple")]}),
        ("hemlock", {"top": [("long_eared_owl", "Basswood")]}),
    )
    # Basswood symbols at its site: the tree, Opossum, Trout, Darter = 4 (the Bobcat shows
    # Silver Maple, the face-down river shows nothing, the Owl sits at another tree): 2 × 4
    assert b.pts("basswood") == 8


def test_a_lone_basswood_counts_only_itself():
    b = build(("basswood", {"top": [("scarlet_tanager", "Yellow Birch")]}))
    assert b.pts("basswood") == 2  # 2 × 1 (itself)


def test_black_gum_scores_1_per_river_of_any_kind():
    b = build(("black_gum+river", {}), ("hemlock", {}), ("creek", {}), (GENERIC, {}))
    # rivers: the Black Gum's own generic river, the Creek, the standalone river = 3;
    # the Hemlock without river is none
    assert b.pts("black_gum") == 3
    assert build(("black_gum", {}), ("hemlock", {})).pts("black_gum") == 0


def test_buckeye_scores_1_per_visible_buckeye_symbol_in_the_forest():
    b = build(
        ("buckeye+river", {"top": [("long_eared_owl", "Buckeye")],
                           # S171: Thermometer Cricket (Buckeye) over Brook Trout (Yellow
                           # Birch); shown as the Trout, its Buckeye half is tucked away
                           "bottom_1": [("brook_trout", "Yellow Birch")]}),
        ("buckeye", {"bottom": [("wintergreen", "Buckeye")]}),
        ("hemlock", {}),
    )
    assert b.card("brook_trout") == 171
    # Buckeye symbols: 2 trees + Long-Eared Owl + Wintergreen = 4, each Buckeye 4
    assert b.all_pts("buckeye") == [4, 4]


def test_fraser_fir_scores_1_per_tree_card_rivers_excluded():
    b = build(("fraser_fir", {}), ("hemlock+river", {}), ("creek", {}), (GENERIC, {}))
    # tree cards: Fraser Fir + Hemlock (its river is no tree card) = 2; rivers are not trees
    assert b.pts("fraser_fir") == 2


def test_hemlock_scores_5():
    b = build(("hemlock+river", {"top": ["caddisfly"]}))
    assert b.pts("hemlock") == 5


def test_hickory_scores_2_per_attached_card_river_and_cards_below_included():
    b = build(("hickory+river", {"top": ["thermometer_cricket", "thermometer_cricket"],
                                 "left": ["bobcat"], "bottom_1": ["brook_trout"]}))
    # attached: 2 crickets (stacked cards each count), Bobcat, Trout = 4, + the river = 5
    assert b.pts("hickory") == 2 * 5
    plain = build(("hickory", {"top": ["scarlet_tanager"], "bottom": ["wood_frog"]}))
    assert plain.pts("hickory") == 2 * 2


def test_silver_maple_scores_5_each_only_with_at_least_3():
    three = build(("silver_maple", {}), ("silver_maple", {}), ("silver_maple", {}))
    assert three.all_pts("silver_maple") == [5, 5, 5]
    two = build(("silver_maple", {}), ("silver_maple", {}), ("hemlock", {}))
    assert two.all_pts("silver_maple") == [0, 0]


def test_yellow_birch_scores_1():
    assert build(("yellow_birch", {"top": ["scarlet_tanager"]})).pts("yellow_birch") == 1


# -- river terrain cards -------------------------------------------------------------------


def test_creek_scores_1_per_fish_card_in_the_forest():
    b = build(("creek", {"bottom_1": ["smallmouth_bass"], "bottom_2": ["brook_trout"],
                         "top_1": ["water_starwort"]}),
              ("hemlock+river", {"bottom_1": ["greenside_darter"],
                                 "bottom_2": ["eastern_hellbender"]}))
    # fish: Bass, Trout, Darter = 3 (Starwort is a plant, Hellbender an amphibian)
    assert b.pts("creek") == 3


def test_river_bend_and_waterfall_score_nothing():
    b = build(("river_bend", {"bottom_1": ["smallmouth_bass"]}),
              ("waterfall", {"bottom_1": ["greenside_darter"]}))
    assert b.pts("river_bend") == 0
    assert b.pts("waterfall") == 0


# -- top halves --------------------------------------------------------------------------


def test_bald_eagle_scores_10_or_30_with_5_fish():
    four = {f"bottom_{i}": [f] for i, f in enumerate(
        ["smallmouth_bass", "greenside_darter", "brook_trout", "yellow_perch"], 1)}
    b = build(("waterfall", {"top_1": ["bald_eagle"], **four}))
    assert b.pts("bald_eagle") == 10  # 4 fish
    b = build(("waterfall", {"top_1": ["bald_eagle"], **four}),
              ("creek", {"bottom_1": ["smallmouth_bass"]}))
    assert b.pts("bald_eagle") == 30  # 5 fish


def test_caddisfly_scores_2():
    assert build(("creek", {"top_1": ["caddisfly"]})).pts("caddisfly") == 2


@pytest.mark.parametrize(("squirrels", "points"), [
    (["flying_squirrel"], 5),
    (["flying_squirrel", "eastern_chipmunk"], 10),
    (["flying_squirrel", "eastern_chipmunk", "red_squirrel"], 20),
    (["flying_squirrel", "eastern_chipmunk", "red_squirrel", "gray_squirrel"], 40),
])
def test_squirrels_score_as_a_set_of_different_species(squirrels, points):
    slot = {"flying_squirrel": "top", "eastern_chipmunk": "bottom", "red_squirrel": "left",
            "gray_squirrel": "right"}
    b = build(("hemlock", {slot[s]: [s] for s in squirrels}))
    assert sum(b.pts(s) for s in squirrels) == points
    assert b.total() == 5 + points  # + the Hemlock


def test_two_red_squirrels_make_two_squirrel_sets():
    b = build(("hemlock", {"left": ["red_squirrel"], "right": ["gray_squirrel"]}),
              ("buckeye", {"left": ["red_squirrel"]}))
    # set 1: Red + Gray = 10; set 2: the second Red = 5
    assert sum(b.all_pts("red_squirrel")) + b.pts("gray_squirrel") == 15


def test_great_blue_heron_scores_2_per_fish():
    b = build(("hemlock+river", {"top": ["great_blue_heron"], "bottom_1": ["brook_trout"],
                                 "bottom_2": ["smallmouth_bass"]}),
              ("creek", {"bottom_1": ["eastern_hellbender"]}))
    assert b.pts("great_blue_heron") == 2 * 2  # 2 fish (the Hellbender is no fish)


def test_long_eared_owl_scores_2_per_mouse():
    b = build(("hemlock", {"top": ["long_eared_owl"], "left": ["masked_shrew"],
                           "right": ["rock_vole"]}),
              ("buckeye", {"left": ["white_footed_mouse"], "right": ["coyote"]}))
    assert b.pts("long_eared_owl") == 2 * 3  # Masked Shrew, Rock Vole, White-Footed Mouse


def test_peregrine_falcon_scores_1_per_bird_itself_included():
    b = build(("hemlock", {"top": ["peregrine_falcon"], "left": ["chestnut_sided_warbler"]}),
              ("buckeye", {"top": ["scarlet_tanager"], "right": ["coyote"]}))
    assert b.pts("peregrine_falcon") == 3  # Falcon, Warbler, Tanager


def test_rockcap_fern_scores_1_per_plant_itself_included():
    b = build(("hemlock", {"top": ["rockcap_fern"], "bottom": ["blue_mistflower"],
                           "left": ["virgins_bower"]}))
    assert b.pts("rockcap_fern") == 3


def test_ruby_throated_hummingbird_scores_1_per_plant_and_per_tree_card():
    b = build(("hemlock", {"top": ["ruby_throated_hummingbird"],
                           "bottom": ["blue_mistflower"]}),
              ("buckeye+river", {"left": ["virgins_bower"]}), ("creek", {}))
    # plants: Mistflower, Virgin's Bower = 2; tree cards: Hemlock, Buckeye = 2 (no rivers)
    assert b.pts("ruby_throated_hummingbird") == 4


def test_scarlet_tanager_scores_2():
    assert build(("hemlock", {"top": ["scarlet_tanager"]})).pts("scarlet_tanager") == 2


def test_thermometer_cricket_scores_1_per_insect_itself_included():
    b = build(("hemlock", {"top": ["thermometer_cricket", "thermometer_cricket"],
                           "bottom": ["skipper_caterpillar"],
                           "left": ["synchronous_firefly"]}))
    # insects: 2 Crickets, Skipper Caterpillar, Firefly = 4, for each Cricket
    assert b.all_pts("thermometer_cricket") == [4, 4]


@pytest.mark.parametrize(("species", "slot"), [
    ("tufted_titmouse", "top"), ("wood_thrush", "top"), ("raccoon", "left")])
def test_cards_with_only_an_effect_score_nothing(species, slot):
    b = build(("hemlock", {slot: [species]}))
    assert b.pts(species) == 0


def test_yellow_bullhead_and_river_bend_score_nothing():
    b = build(("river_bend", {"bottom_1": ["yellow_bullhead"]}))
    assert b.pts("yellow_bullhead") == 0
    assert b.total() == 0


def test_virginia_opossum_scores_2_per_different_symbol_at_its_tree():
    b = build(("basswood", {"top": [("virginia_opossum", "Fraser Fir")],
                            "bottom": [("wintergreen", "Buckeye")],
                            "left": [("bobcat", "Silver Maple")],
                            "right": [("chestnut_sided_warbler", "Basswood")]}),
              ("hemlock", {"top": [("scarlet_tanager", "Yellow Birch")]}))
    # symbols at its tree: Basswood (tree, Warbler), Fraser Fir, Buckeye, Silver Maple = 4
    # (the Tanager's Yellow Birch is at another tree)
    assert b.pts("virginia_opossum") == 2 * 4


def test_virginia_opossum_counts_the_cards_below_the_river():
    b = build(("hemlock+river", {"top": [("virginia_opossum", "Fraser Fir")],
                                 "bottom_1": [("brook_trout", "Yellow Birch")]}))
    # Hemlock, Fraser Fir, Yellow Birch = 3 (the tucked river shows none)
    assert b.pts("virginia_opossum") == 2 * 3


def test_water_starwort_scores_1_per_river_and_1_per_fish():
    b = build(("creek", {"top_1": ["water_starwort"], "bottom_1": ["smallmouth_bass"]}),
              ("hemlock+river", {"bottom_1": ["greenside_darter"]}), (GENERIC, {}),
              ("buckeye", {}))
    # rivers: Creek, the Hemlock's river, the generic river = 3; fish: Bass, Darter = 2
    assert b.pts("water_starwort") == 3 + 2


# -- bottom halves -----------------------------------------------------------------------


@pytest.mark.parametrize(("species", "head", "slot", "points"), [
    ("blue_mistflower", "hemlock", "bottom", 2),
    ("brown_water_scorpion", "creek", "bottom_1", 2),
    ("common_box_turtle", "hemlock", "bottom", 5),
    ("largeleaf_pondweed", "creek", "bottom_1", 2),
    ("six_spotted_tiger_beetle", "hemlock", "bottom", 5),
    ("yellow_perch", "creek", "bottom_1", 2),
    ("chestnut_sided_warbler", "hemlock", "left", 5),
    ("masked_shrew", "hemlock", "left", 3),
    ("mink", "hemlock+river", "left", 5),
    ("short_tailed_shrew", "hemlock", "left", 5),
    ("yellow_bellied_sapsucker", "hemlock", "right", 2),
])
def test_flat_points(species, head, slot, points):
    b = build((head, {slot: [species]}))
    assert b.pts(species) == points


def test_brook_trout_scores_3_per_river_without_fish_below_it():
    b = build(("hemlock+river", {"bottom_1": ["brook_trout"]}),
              ("buckeye", {}),
              ("creek", {"top_1": ["water_starwort"]}),
              (GENERIC, {}),
              (GENERIC, {"bottom_1": ["eastern_hellbender"]}),
              ("waterfall", {"bottom_1": ["smallmouth_bass"]}))
    # rivers without a fish below: the Creek (a plant on top only), the empty generic river,
    # the generic river with an amphibian below = 3; the Hemlock's river (the Trout) and
    # the Waterfall (Bass) have fish; the Buckeye has no river: 3 × 3
    assert b.pts("brook_trout") == 9


def test_eastern_hellbender_scores_2_per_river():
    b = build(("hemlock+river", {"bottom_1": ["eastern_hellbender"]}), ("creek", {}),
              ("waterfall", {}), ("buckeye", {}))
    assert b.pts("eastern_hellbender") == 2 * 3  # the Hemlock's river, Creek, Waterfall


def test_greenside_darter_scores_3_per_insect():
    b = build(("hemlock+river", {"bottom_1": ["greenside_darter"], "top": ["caddisfly"],
                                 "left": ["synchronous_firefly"]}),
              ("buckeye", {"top": ["thermometer_cricket"]}))
    assert b.pts("greenside_darter") == 3 * 3  # Caddisfly, Firefly, Cricket


def test_imitator_salamander_needs_3_different_amphibians():
    b = build(("hemlock", {"bottom": ["imitator_salamander"]}),
              ("buckeye", {"bottom": ["wood_frog"]}),
              ("yellow_birch", {"bottom": ["common_box_turtle"]}))
    assert b.pts("imitator_salamander") == 10  # Salamander, Wood Frog, Box Turtle
    b = build(("hemlock", {"bottom": ["imitator_salamander"]}),
              ("buckeye", {"bottom": ["imitator_salamander"]}),
              ("yellow_birch", {"bottom": ["wood_frog"]}))
    assert b.all_pts("imitator_salamander") == [0, 0]  # 3 amphibians, 2 species


def test_skipper_caterpillar_needs_3_different_insects():
    b = build(("hemlock", {"bottom": ["skipper_caterpillar"], "top": ["thermometer_cricket"],
                           "left": ["synchronous_firefly"]}))
    assert b.pts("skipper_caterpillar") == 10
    b = build(("hemlock", {"bottom": ["skipper_caterpillar"],
                           "top": ["thermometer_cricket", "thermometer_cricket"]}))
    assert b.pts("skipper_caterpillar") == 0  # 3 insects, 2 species


def test_smallmouth_bass_scores_3_per_different_fish_species():
    b = build(("creek", {"bottom_1": ["smallmouth_bass"], "bottom_2": ["smallmouth_bass"]}),
              ("hemlock+river", {"bottom_1": ["greenside_darter"],
                                 "bottom_2": ["brook_trout"]}))
    # fish species: Bass, Darter, Trout = 3 (the second Bass adds none): 9 for each Bass
    assert b.all_pts("smallmouth_bass") == [9, 9]


def test_solomons_seal_scores_6_per_amphibian():
    b = build(("hemlock", {"bottom": ["solomons_seal"]}),
              ("buckeye+river", {"bottom_1": ["eastern_hellbender"]}),
              ("yellow_birch", {"bottom": ["wood_frog"]}))
    assert b.pts("solomons_seal") == 6 * 2  # Hellbender, Wood Frog


def test_wintergreen_scores_3_per_squirrel():
    b = build(("hemlock", {"bottom": ["wintergreen"], "left": ["red_squirrel"],
                           "right": ["gray_squirrel"], "top": ["flying_squirrel"]}))
    assert b.pts("wintergreen") == 3 * 3


def test_wood_frog_scores_1_per_tree_card():
    b = build(("hemlock", {"bottom": ["wood_frog"]}), ("buckeye+river", {}), ("creek", {}))
    assert b.pts("wood_frog") == 2  # Hemlock, Buckeye; the Creek is no tree


# -- left / right halves -------------------------------------------------------------------


def test_beaver_scores_1_per_cave_card_and_the_cave_scores_too():
    b = build(("hemlock+river", {"left": ["beaver"]}), cave=3)
    assert b.pts("beaver") == 3
    # Hemlock 5 + Beaver 3 + 3 cave cards
    assert b.total() == 5 + 3 + 3


def test_black_bear_scores_30_with_2_fish_at_its_tree_else_10():
    b = build(("hemlock+river", {"left": ["black_bear"], "bottom_1": ["smallmouth_bass"],
                                 "bottom_2": ["brook_trout"]}),
              ("buckeye+river", {"left": ["black_bear"], "bottom_1": ["greenside_darter"]}))
    # first Bear: 2 fish at its tree; second: 1 (the other tree's fish do not count)
    assert b.all_pts("black_bear") == [30, 10]


def test_bobcat_scores_10_or_30_with_5_birds():
    birds = {"top": ["scarlet_tanager"], "left": ["chestnut_sided_warbler"]}
    four = build(("hemlock", {"right": ["bobcat"], **birds}),
                 ("buckeye", {"top": ["peregrine_falcon"], "left": ["pileated_woodpecker"]}))
    assert four.pts("bobcat") == 10
    five = build(("hemlock", {"right": ["bobcat"], **birds}),
                 ("buckeye", {"top": ["peregrine_falcon"], "left": ["pileated_woodpecker"],
                              "right": ["yellow_bellied_sapsucker"]}))
    assert five.pts("bobcat") == 30


def test_coyote_scores_30_with_6_pawed_cards_coyotes_and_squirrels_included():
    sites = [("hemlock", {"left": ["coyote"], "right": ["coyote"], "top": ["flying_squirrel"]}),
             ("buckeye", {"left": ["red_squirrel"], "right": ["gray_fox"]})]
    five = build(*sites)
    assert five.all_pts("coyote") == [10, 10]  # 2 Coyotes, Squirrel, Red Squirrel, Fox = 5
    six = build(*sites, ("yellow_birch", {"left": ["raccoon"]}))
    assert six.all_pts("coyote") == [30, 30]  # + Raccoon = 6


def test_elk_scores_30_with_5_different_tree_species():
    trees = [("hemlock", {"left": ["elk"]}), ("buckeye", {}), ("hemlock", {}),
             ("yellow_birch", {}), ("hickory", {}), ("creek", {})]
    assert build(*trees).pts("elk") == 10  # 4 tree species (Creek is no tree)
    assert build(*trees, ("black_gum", {})).pts("elk") == 30


def test_gray_fox_scores_1_per_pawed_card_itself_included():
    b = build(("hemlock", {"left": ["gray_fox"], "right": ["coyote"],
                           "bottom": ["eastern_chipmunk"]}))
    assert b.pts("gray_fox") == 3  # Fox, Coyote, Chipmunk (pawed squirrel)


def test_long_tailed_weasel_needs_3_mice():
    b = build(("hemlock", {"left": ["long_tailed_weasel"], "right": ["masked_shrew"]}),
              ("buckeye", {"left": ["rock_vole"], "right": ["white_footed_mouse"]}))
    assert b.pts("long_tailed_weasel") == 10
    b = build(("hemlock", {"left": ["long_tailed_weasel"], "right": ["masked_shrew"]}),
              ("buckeye", {"left": ["rock_vole"]}))
    assert b.pts("long_tailed_weasel") == 0


def test_pileated_woodpecker_scores_1_per_bird_itself_included():
    b = build(("hemlock", {"left": ["pileated_woodpecker"], "top": ["wood_thrush"],
                           "right": ["turkey"]}))
    assert b.pts("pileated_woodpecker") == 3


def test_river_otter_scores_2_per_fish_insect_and_amphibian():
    b = build(("hemlock+river", {"left": ["river_otter"], "bottom_1": ["smallmouth_bass"],
                                 "bottom_2": ["eastern_hellbender"], "top": ["caddisfly"]}),
              ("creek", {"bottom_1": ["greenside_darter"]}))
    # fish: Bass, Darter; insect: Caddisfly; amphibian: Hellbender = 4
    assert b.pts("river_otter") == 2 * 4


def test_rock_vole_scores_1_per_mouse_and_insect():
    b = build(("hemlock", {"left": ["rock_vole"], "right": ["masked_shrew"],
                           "top": ["thermometer_cricket"], "bottom": ["wood_frog"]}))
    assert b.pts("rock_vole") == 3  # Vole, Shrew, Cricket


def test_spotted_skunk_scores_10_only_alone_at_its_tree():
    b = build(("hemlock+river", {"left": ["spotted_skunk"]}),
              ("buckeye", {"left": ["spotted_skunk"], "top": ["scarlet_tanager"]}))
    assert b.all_pts("spotted_skunk") == [10, 0]  # the tucked river does not count


@pytest.mark.parametrize(("n", "each"), [(1, 3), (2, 6), (3, 9), (4, 12)])
def test_synchronous_firefly_scores_3_per_firefly_each(n, each):
    slots = [("hemlock", "left"), ("hemlock", "right"), ("buckeye", "left"),
             ("buckeye", "right")][:n]
    sites: dict[str, dict[str, list[str]]] = {}
    for tree, side in slots:
        sites.setdefault(tree, {})[side] = ["synchronous_firefly"]
    b = build(*sites.items())
    # n Fireflies × 3 each: totals 3 / 12 / 27 / 48
    assert b.all_pts("synchronous_firefly") == [each] * n
    assert sum(b.all_pts("synchronous_firefly")) == [3, 12, 27, 48][n - 1]


def test_turkey_scores_2_per_card_showing_its_symbol():
    b = build(("basswood", {"left": [("turkey", "Basswood")]}),
              ("hemlock", {"top": [("long_eared_owl", "Basswood")],
                           "right": [("turkey", "Fraser Fir")]}))
    # Basswood Turkey: Basswood tree, Owl, itself = 3; Fraser Fir Turkey: itself only
    assert b.all_pts("turkey") == [6, 2]


def test_virgins_bower_scores_2_per_bird():
    b = build(("hemlock", {"left": ["virgins_bower"], "top": ["scarlet_tanager"],
                           "right": ["turkey"]}))
    assert b.pts("virgins_bower") == 4


def test_weevil_wasp_needs_another_insect_at_its_tree():
    b = build(("hemlock", {"left": ["weevil_wasp"], "top": ["thermometer_cricket"]}),
              ("buckeye", {"left": ["weevil_wasp"], "right": ["weevil_wasp"]}),
              ("yellow_birch", {"left": ["weevil_wasp"]}))
    # a Cricket at the first; two Wasps together at the second; the last alone (insects
    # at other trees do not count)
    assert b.all_pts("weevil_wasp") == [10, 10, 10, 0]


def test_white_footed_mouse_scores_1_per_mouse_itself_included():
    b = build(("hemlock", {"left": ["white_footed_mouse"], "right": ["masked_shrew"],
                           "top": ["long_eared_owl"]}))
    assert b.pts("white_footed_mouse") == 2


def test_white_tailed_deer_scores_2_per_tree_card():
    b = build(("hemlock", {"left": ["white_tailed_deer"]}), ("buckeye+river", {}),
              ("waterfall", {}))
    assert b.pts("white_tailed_deer") == 2 * 2


def test_a_whole_forest_total_is_every_card_plus_the_cave():
    b = build(("hickory+river", {"top": ["bald_eagle"], "left": ["river_otter"],
                                 "bottom_1": ["brook_trout"], "bottom_2": ["smallmouth_bass"]}),
              ("creek", {"bottom_1": ["greenside_darter"], "top_1": ["caddisfly"]}),
              cave=2)
    # Hickory: 4 attached + river = 5 × 2 = 10; Eagle: 3 fish -> 10; Otter: 3 fish + 1
    # insect = 4 × 2 = 8; Trout: rivers without fish: none (both have fish) = 0; Bass: 3
    # fish species × 3 = 9; Creek: 3 fish = 3; Darter: 1 insect × 3 = 3; Caddisfly 2;
    # cave 2
    assert b.total() == 10 + 10 + 8 + 0 + 9 + 3 + 3 + 2 + 2 == 47
