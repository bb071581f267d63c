"""The Smoky Mountains card data (RULES.md §3-4): counts, copies, the facts the official
texts reveal, and the marking of every reconstructed fact.

The known facts are written here as literal data (from ``smoky-known-cards.csv``), so the
tests do not read anything outside the repository.
"""

from __future__ import annotations

from collections import Counter

import pytest

import forestshuffle as fs
from forestshuffle.core.cards import Position
from forestshuffle_smoky import card_set
from forestshuffle_smoky.species import RECONSTRUCTED_SPECIES

RULES = fs.get_ruleset("smoky")
SET = card_set()
CARDS = {c.id: c for c in SET.cards}


def sp(name: str) -> str:
    return f"smoky.{name}"


#: species -> (slot, copies), from the species list (67 entries)
COPIES: dict[str, tuple[str, int]] = {
    "basswood": ("tree", 6), "black_gum": ("tree", 6), "buckeye": ("tree", 9),
    "fraser_fir": ("tree", 6), "hemlock": ("tree", 6), "hickory": ("tree", 6),
    "silver_maple": ("tree", 9), "yellow_birch": ("tree", 8),
    "creek": ("river", 3), "river_bend": ("river", 3), "waterfall": ("river", 3),
    "bald_eagle": ("top", 4), "caddisfly": ("top", 4), "flying_squirrel": ("top", 4),
    "great_blue_heron": ("top", 4), "long_eared_owl": ("top", 5),
    "peregrine_falcon": ("top", 4), "rockcap_fern": ("top", 3),
    "ruby_throated_hummingbird": ("top", 4), "scarlet_tanager": ("top", 4),
    "thermometer_cricket": ("top", 7), "tufted_titmouse": ("top", 3),
    "virginia_opossum": ("top", 5), "water_starwort": ("top", 4), "wood_thrush": ("top", 3),
    "blue_mistflower": ("bottom", 3), "brook_trout": ("bottom", 4),
    "brown_water_scorpion": ("bottom", 3), "common_box_turtle": ("bottom", 3),
    "eastern_chipmunk": ("bottom", 4), "eastern_hellbender": ("bottom", 3),
    "greenside_darter": ("bottom", 4), "imitator_salamander": ("bottom", 3),
    "largeleaf_pondweed": ("bottom", 3), "six_spotted_tiger_beetle": ("bottom", 3),
    "skipper_caterpillar": ("bottom", 4), "smallmouth_bass": ("bottom", 5),
    "solomons_seal": ("bottom", 3), "wintergreen": ("bottom", 3), "wood_frog": ("bottom", 3),
    "yellow_bullhead": ("bottom", 3), "yellow_perch": ("bottom", 4),
    "beaver": ("lr", 3), "black_bear": ("lr", 4), "bobcat": ("lr", 4),
    "chestnut_sided_warbler": ("lr", 4), "coyote": ("lr", 4), "elk": ("lr", 5),
    "gray_fox": ("lr", 3), "gray_squirrel": ("right", 4), "long_tailed_weasel": ("lr", 4),
    "masked_shrew": ("lr", 4), "mink": ("lr", 4), "pileated_woodpecker": ("lr", 4),
    "raccoon": ("lr", 3), "red_squirrel": ("left", 4), "river_otter": ("lr", 3),
    "rock_vole": ("lr", 5), "short_tailed_shrew": ("lr", 4), "spotted_skunk": ("lr", 3),
    "synchronous_firefly": ("lr", 4), "turkey": ("lr", 4), "virgins_bower": ("lr", 4),
    "weevil_wasp": ("lr", 5), "white_footed_mouse": ("lr", 4), "white_tailed_deer": ("lr", 4),
    "yellow_bellied_sapsucker": ("lr", 4),
}

#: tree and river card numbers the official texts show: number -> species
KNOWN_SITES = {
    1: "basswood", 3: "basswood", 10: "hemlock", 13: "black_gum", 25: "hickory",
    30: "hickory", 31: "silver_maple", 35: "silver_maple", 40: "yellow_birch",
    41: "yellow_birch", 48: "buckeye", 49: "buckeye", 53: "buckeye", 57: "creek", 58: "creek",
    59: "creek", 64: "river_bend",
}

#: the 50 split cards with both halves known: number -> (first printed, side, second, side);
#: side None where the sources leave it open (19 left/right cards)
KNOWN_SPLITS: dict[int, tuple[str, str | None, str, str | None]] = {
    66: ("spotted_skunk", None, "pileated_woodpecker", None),
    67: ("turkey", None, "gray_fox", None),
    69: ("coyote", None, "weevil_wasp", None),
    70: ("weevil_wasp", None, "mink", None),
    71: ("long_tailed_weasel", None, "chestnut_sided_warbler", None),
    72: ("white_footed_mouse", "right", "red_squirrel", "left"),
    74: ("white_tailed_deer", None, "virgins_bower", None),
    76: ("gray_squirrel", "right", "bobcat", "left"),
    78: ("beaver", None, "long_tailed_weasel", None),
    80: ("raccoon", None, "spotted_skunk", None),
    81: ("white_footed_mouse", None, "black_bear", None),
    83: ("elk", None, "coyote", None),
    86: ("masked_shrew", "right", "red_squirrel", "left"),
    89: ("elk", None, "weevil_wasp", None),
    90: ("virgins_bower", None, "rock_vole", None),
    91: ("turkey", None, "black_bear", None),
    94: ("gray_squirrel", "right", "beaver", "left"),
    97: ("river_otter", "right", "red_squirrel", "left"),
    98: ("mink", None, "masked_shrew", None),
    101: ("chestnut_sided_warbler", None, "elk", None),
    102: ("black_bear", "right", "red_squirrel", "left"),
    103: ("chestnut_sided_warbler", None, "white_footed_mouse", None),
    104: ("gray_squirrel", "right", "weevil_wasp", "left"),
    106: ("yellow_bellied_sapsucker", None, "river_otter", None),
    107: ("synchronous_firefly", None, "turkey", None),
    110: ("rock_vole", None, "elk", None),
    118: ("long_eared_owl", "top", "brook_trout", "bottom"),
    120: ("bald_eagle", "top", "skipper_caterpillar", "bottom"),
    121: ("wood_thrush", "top", "yellow_perch", "bottom"),
    122: ("peregrine_falcon", "top", "brown_water_scorpion", "bottom"),
    124: ("tufted_titmouse", "top", "wintergreen", "bottom"),
    125: ("ruby_throated_hummingbird", "top", "eastern_hellbender", "bottom"),
    126: ("great_blue_heron", "top", "imitator_salamander", "bottom"),
    128: ("flying_squirrel", "top", "greenside_darter", "bottom"),
    129: ("virginia_opossum", "top", "yellow_bullhead", "bottom"),
    130: ("thermometer_cricket", "top", "blue_mistflower", "bottom"),
    134: ("wood_thrush", "top", "eastern_chipmunk", "bottom"),
    135: ("peregrine_falcon", "top", "brook_trout", "bottom"),
    141: ("flying_squirrel", "top", "eastern_hellbender", "bottom"),
    142: ("virginia_opossum", "top", "smallmouth_bass", "bottom"),
    143: ("thermometer_cricket", "top", "wood_frog", "bottom"),
    144: ("water_starwort", "top", "six_spotted_tiger_beetle", "bottom"),
    146: ("rockcap_fern", "top", "six_spotted_tiger_beetle", "bottom"),
    153: ("flying_squirrel", "top", "yellow_perch", "bottom"),
    155: ("rockcap_fern", "top", "smallmouth_bass", "bottom"),
    164: ("flying_squirrel", "top", "solomons_seal", "bottom"),
    167: ("virginia_opossum", "top", "brook_trout", "bottom"),
    168: ("thermometer_cricket", "top", "smallmouth_bass", "bottom"),
    169: ("thermometer_cricket", "top", "yellow_perch", "bottom"),
    171: ("thermometer_cricket", "top", "brook_trout", "bottom"),
}

#: tree-symbol facts given for a named half: (card, species) -> symbol
KNOWN_SYMBOLS = {
    (171, "brook_trout"): "Yellow Birch",
    (122, "peregrine_falcon"): "Basswood",
    (126, "imitator_salamander"): "Basswood",
}
#: cards with the symbol on one of their halves, which one not said
ONE_HALF_SHOWS = {72: "Yellow Birch", 86: "Basswood", 101: "Basswood", 103: "Basswood",
                  110: "Basswood", 118: "Basswood", 128: "Basswood", 167: "Basswood"}

TREE_SYMBOL = {"basswood": "Basswood", "black_gum": "Black Gum", "buckeye": "Buckeye",
               "fraser_fir": "Fraser Fir", "hemlock": "Hemlock", "hickory": "Hickory",
               "silver_maple": "Silver Maple", "yellow_birch": "Yellow Birch"}


def short(species_id: str) -> str:
    return species_id.split(".", 1)[1]


def deck_cards() -> list[fs.Card]:
    return [c for c in SET.cards if not c.winter]


# -- counts ---------------------------------------------------------------------------------


def test_components_add_up() -> None:
    """175 cards in the set (180 minus the 5 caves): 56 trees, 9 rivers, 58 top/bottom,
    49 left/right, 3 winter; numbers S001-S172 and S178-S180."""
    kinds: Counter[str] = Counter()
    for c in SET.cards:
        if c.winter:
            kinds["winter"] += 1
        elif not c.is_split:
            kinds[RULES.species[c.halves[0].species].kind] += 1
        elif c.halves[0].position in (Position.TOP, Position.BOTTOM):
            kinds["top/bottom"] += 1
        else:
            kinds["left/right"] += 1
    assert kinds == {"tree": 56, "site": 9, "top/bottom": 58, "left/right": 49, "winter": 3}
    assert sorted(CARDS) == [*range(1, 173), 178, 179, 180]
    assert SET.caves == 5
    assert len(RULES.deck_cards) == 172 and len(RULES.winter_cards) == 3
    assert RULES.spec.removal == {2: 45, 3: 30, 4: 15, 5: 0}
    assert RULES.spec.sapling_kind is None


def test_every_species_has_its_copies() -> None:
    """Each of the 67 species appears on exactly as many cards as the species list says,
    on its side (squirrels: Red left only, Gray right only)."""
    assert len(SET.species) == 67
    assert {short(s.id) for s in SET.species} == set(COPIES)
    copies: Counter[str] = Counter()
    sides: dict[str, set[str]] = {}
    for c in deck_cards():
        for h in c.halves:
            copies[short(h.species)] += 1
            sides.setdefault(short(h.species), set()).add(h.position.value)
    assert copies == {k: n for k, (_, n) in COPIES.items()}
    want = {"tree": {"center"}, "river": {"center"}, "top": {"top"}, "bottom": {"bottom"},
            "lr": {"left", "right"}, "left": {"left"}, "right": {"right"}}
    for name, (slot, _) in COPIES.items():
        assert sides[name] <= want[slot], name


def test_all_species_resolve() -> None:
    """Every species compiles (kinds and arguments checked by the ruleset), every card half
    names a known species, and the reconstructed type icons name real species."""
    assert len(RULES.species) == 67
    for c in deck_cards():
        for h in c.halves:
            assert h.species in RULES.species
    for sid in RECONSTRUCTED_SPECIES:
        assert sid in RULES.species
    kinds = Counter(s.kind for s in SET.species)
    assert kinds == {"tree": 8, "site": 3, "dweller": 56}


def test_split_cards_are_well_formed() -> None:
    """Two different species per split card, top over bottom or right and left, and each
    half with a tree symbol."""
    for c in deck_cards():
        if not c.is_split:
            continue
        a, b = c.halves
        assert a.species != b.species, c.id
        assert {a.position, b.position} in ({Position.TOP, Position.BOTTOM},
                                            {Position.LEFT, Position.RIGHT}), c.id
        assert a.symbol in SET.symbols and b.symbol in SET.symbols, c.id


# -- known facts --------------------------------------------------------------------------


def test_known_sites_are_respected() -> None:
    for n, name in KNOWN_SITES.items():
        (h,) = CARDS[n].halves
        assert h.species == sp(name), n
        assert "halves[0].species" not in CARDS[n].reconstructed


def test_trees_show_their_own_symbol() -> None:
    for c in deck_cards():
        h = c.halves[0]
        if RULES.species[h.species].kind == "tree":
            assert h.symbol == TREE_SYMBOL[short(h.species)], c.id


@pytest.mark.parametrize("number", sorted(KNOWN_SPLITS))
def test_known_pairings_are_respected(number: int) -> None:
    """Both halves as the texts print them; the sides where the texts fix them."""
    a, sa, b, sb = KNOWN_SPLITS[number]
    card = CARDS[number]
    assert [h.species for h in card.halves] == [sp(a), sp(b)]
    assert "pairing" not in card.reconstructed
    if sa is not None:
        assert [h.position.value for h in card.halves] == [sa, sb]
        assert not any(f.endswith(".position") for f in card.reconstructed)
    elif card.halves[0].position in (Position.LEFT, Position.RIGHT):
        # the .md's inference: the first-printed half is the right half, marked as chosen
        assert [h.position.value for h in card.halves] == ["right", "left"]
        assert {"halves[0].position", "halves[1].position"} <= set(card.reconstructed)


def test_known_symbols_are_respected() -> None:
    for (n, name), sym in KNOWN_SYMBOLS.items():
        (i,) = [i for i, h in enumerate(CARDS[n].halves) if h.species == sp(name)]
        assert CARDS[n].halves[i].symbol == sym
        assert f"halves[{i}].symbol" not in CARDS[n].reconstructed
    for n, sym in ONE_HALF_SHOWS.items():
        assert sym in {h.symbol for h in CARDS[n].halves}, n


def test_example_symbol_constraints() -> None:
    """The appendix's Opossum example: the Opossum of S129, the Blue Mistflower of S130 and
    the halves of S104 (and S086's Basswood half) show pairwise different symbols, none of
    them Birch; every Turkey shows a different symbol."""
    shown = [CARDS[129].halves[0].symbol, CARDS[130].halves[1].symbol, "Basswood"]
    assert len(set(shown)) == 3 and "Yellow Birch" not in shown
    for h in CARDS[104].halves:
        assert h.symbol not in shown and h.symbol != "Yellow Birch"
    turkeys = [h.symbol for c in deck_cards() for h in c.halves if h.species == sp("turkey")]
    assert len(turkeys) == len(set(turkeys)) == 4


def test_symbols_spread_over_each_species() -> None:
    """The reconstruction gives the copies of each non-tree species different symbols, and
    the two halves of a card different symbols."""
    by_species: dict[str, list[str | None]] = {}
    for c in deck_cards():
        for h in c.halves:
            if RULES.species[h.species].kind != "tree":
                by_species.setdefault(h.species, []).append(h.symbol)
        if c.is_split:
            assert c.halves[0].symbol != c.halves[1].symbol, c.id
    for name, syms in by_species.items():
        assert len(syms) == len(set(syms)), name


# -- reconstruction marks -----------------------------------------------------------------


def test_every_reconstructed_fact_is_marked() -> None:
    """A fact the texts do not give is named in ``reconstructed`` and explained in ``note``;
    a fact they give is not."""
    known_symbol_halves = {(n, sp(s)) for n, s in KNOWN_SYMBOLS}
    for c in deck_cards():
        marks = set(c.reconstructed)
        want: set[str] = set()
        if not c.is_split:
            if c.id not in KNOWN_SITES:
                want.add("halves[0].species")
            if RULES.species[c.halves[0].species].kind == "site":
                want.add("halves[0].symbol")  # river symbols: none is known
        else:
            if c.id not in KNOWN_SPLITS:
                want.add("pairing")
            known_sides = c.id in KNOWN_SPLITS and KNOWN_SPLITS[c.id][1] is not None
            if not known_sides:
                want |= {"halves[0].position", "halves[1].position"} if c.halves[0].position in (
                    Position.LEFT, Position.RIGHT) else set()
            for i, h in enumerate(c.halves):
                if (c.id, h.species) not in known_symbol_halves:
                    want.add(f"halves[{i}].symbol")
        assert marks == want, (c.id, sorted(marks), sorted(want))
        assert bool(c.note) == bool(marks), c.id
    assert all(not c.reconstructed for c in SET.cards if c.winter)


def test_reconstructed_species_facts_are_listed() -> None:
    """Every effect whose type icon the texts lose is listed as reconstructed."""
    expected = {"river_bend", "waterfall", "bald_eagle", "caddisfly", "long_eared_owl",
                "peregrine_falcon", "tufted_titmouse", "brown_water_scorpion",
                "largeleaf_pondweed", "six_spotted_tiger_beetle", "yellow_perch", "bobcat",
                "elk", "long_tailed_weasel", "mink", "rock_vole", "short_tailed_shrew",
                "virgins_bower", "white_tailed_deer", "yellow_bellied_sapsucker"}
    assert {short(s) for s in RECONSTRUCTED_SPECIES} == expected
    assert all(RECONSTRUCTED_SPECIES.values())


def test_squirrels_are_pawed() -> None:
    for name in ("red_squirrel", "gray_squirrel", "flying_squirrel", "eastern_chipmunk"):
        assert {"squirrel", "pawed"} <= RULES.species[sp(name)].tags


def test_water_requirements() -> None:
    water = {short(s.id) for s in SET.species if "water" in s.needs}
    assert water == {
        "bald_eagle", "caddisfly", "great_blue_heron", "water_starwort", "brook_trout",
        "brown_water_scorpion", "eastern_hellbender", "greenside_darter",
        "largeleaf_pondweed", "smallmouth_bass", "yellow_bullhead", "yellow_perch",
        "beaver", "mink", "river_otter"}
    assert RULES.species[sp("water_starwort")].needs == {"water", "river"}


def test_table_is_the_generators_output() -> None:
    """``cards.py`` is exactly what the documented generator writes (it reads no files)."""
    import importlib.util
    from pathlib import Path

    import forestshuffle_smoky

    pkg = Path(forestshuffle_smoky.__file__).resolve().parent
    tool = pkg.parent / "tools" / "reconstruct_cards.py"
    if not tool.exists():
        pytest.skip("the generator is not installed with the package")
    spec = importlib.util.spec_from_file_location("reconstruct_cards", tool)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.render(mod.build()) == (pkg / "cards.py").read_text(encoding="utf-8")


def test_a_river_terrain_card_opens_a_site_but_is_not_a_tree_card():
    """River terrain cards (Creek, River Bend, Waterfall) open a site of their own but are not
    trees (RULES.md §3): ``Ruleset.is_tree_card`` is false for them, ``opens_site`` true,
    so bots and card pickers never take a Creek for a tree."""
    rules = fs.get_ruleset("smoky")
    rivers = [c for c, hs in rules.halves.items() if hs[0].kind == "site"]
    trees = [c for c, hs in rules.halves.items() if hs[0].kind == "tree"]
    assert len(rivers) == 9 and len(trees) == 56
    assert not any(rules.is_tree_card(c) for c in rivers)
    assert all(rules.opens_site(c) for c in rivers)
    assert all(rules.is_tree_card(c) and rules.opens_site(c) for c in trees)
    dwellers = [c for c, hs in rules.halves.items() if hs[0].kind == "dweller"]
    assert not any(rules.is_tree_card(c) or rules.opens_site(c) for c in dwellers)
