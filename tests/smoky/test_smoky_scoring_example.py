"""The rulebook's scoring example (RB p.10-11, "This display of cards scores a total of 258"),
built as a forest document from its card numbers and scored with ``fs.score_document``.

The rulebook names the pictured cards by number and, per species, the points each scores;
the shown half of every split card follows from that list (e.g. S106 Yellow-Bellied
Sapsucker / River Otter is listed as River Otter, 18). The text does not give the
arrangement, so the test uses one that fits every per-card point: Hickory 10 = its river
and 4 cards; Black Bear 30 = 2 fish at its tree (Perch and Darter at the Hickory);
Water-Starwort 8 = 3 fish + 5 rivers, so 3 of the 4 trees have a generic river (the
"Tilia americana" card images are those face-down rivers); the Eastern Chipmunk, without
water requirement, goes to the bottom of the one tree without river; the Weevil Wasp sits
with the two Thermometer Crickets (another insect at its tree).

Each card's side and tree symbol are read from the package's card table by number, so the
Buckeyes' 10 points each test the reconstruction: it must put Buckeye on exactly 8 of the
other shown halves (RECONSTRUCTION.md, DECISIONS.md "Card data"). Every other per-card
point depends on types, slots and rivers only, none on a reconstructed symbol, so the
whole example is checked: 258.
"""

from __future__ import annotations

from typing import Any

import forestshuffle as fs
from forestshuffle.core.compiled import CompiledHalf

RULES = fs.get_ruleset("smoky")

#: the pictured cards and the half each shows (RB p.10-11)
SHOWN = {
    13: "black_gum", 25: "hickory", 48: "buckeye", 49: "buckeye", 59: "creek",
    64: "river_bend", 70: "weevil_wasp", 74: "white_tailed_deer", 81: "black_bear",
    83: "coyote", 94: "gray_squirrel", 97: "red_squirrel", 106: "river_otter",
    110: "rock_vole", 120: "bald_eagle", 122: "brown_water_scorpion",
    125: "eastern_hellbender", 126: "great_blue_heron", 128: "greenside_darter",
    134: "eastern_chipmunk", 141: "eastern_hellbender", 144: "water_starwort",
    153: "yellow_perch", 155: "smallmouth_bass", 164: "flying_squirrel",
    168: "thermometer_cricket", 169: "thermometer_cricket",
}

#: the arrangement (see the module docstring): "sides" are placed on the side the card
#: table gives their shown half
LAYOUT: list[dict[str, Any]] = [
    {"tree": 49, "river": True, "top": [126], "sides": [83, 94], "below": [125]},
    {"river": 64, "top": [120], "bottom": [122]},
    {"river": 59, "top": [144]},
    {"tree": 25, "river": True, "sides": [74, 81], "below": [153, 128]},
    {"tree": 48, "top": [164], "bottom": [134], "sides": [97, 110]},
    {"tree": 13, "river": True, "top": [169, 168], "sides": [70, 106], "below": [155, 141]},
]
CAVE = 2

#: the rulebook's points per species (display name), card by card
POINTS = {
    "Coyote": [30], "Black Bear": [30], "White-Tailed Deer": [8], "Rock Vole": [5],
    "River Otter": [18], "Weevil Wasp": [10],
    "Great Blue Heron": [6], "Bald Eagle": [10], "Water-Starwort": [8],
    "Thermometer Cricket": [4, 4],
    "Eastern Hellbender": [10, 10], "Brown Water Scorpion": [2], "Greenside Darter": [12],
    "Yellow Perch": [2], "Smallmouth Bass": [9],
    "Buckeye": [10, 10], "Hickory": [10], "Black Gum": [5],
    "River Bend": [0], "Creek": [3],
    "Face-down card": [0, 0, 0],  # the generic rivers under three trees
}
SQUIRRELS = ("Red Squirrel", "Gray Squirrel", "Flying Squirrel", "Eastern Chipmunk")


def shown_half(n: int) -> CompiledHalf:
    """The half of card *n* the example shows, as the card table has it."""
    (half,) = [h for h in RULES.halves[n] if h.species == f"smoky.{SHOWN[n]}"]
    return half


def card(n: int) -> dict[str, str]:
    h = shown_half(n)
    return {"species": h.name, "symbol": h.symbol or ""}


def example_document() -> dict[str, Any]:
    sites = []
    for spec in LAYOUT:
        if "tree" in spec:
            site: dict[str, Any] = {"tree": shown_half(spec["tree"]).name}
            if spec.get("river"):
                site["river"] = True
        else:
            site = {"river": card(spec["river"])}
        for slot in ("top", "bottom", "below"):
            if slot in spec:
                site[slot] = [card(n) for n in spec[slot]]
        for n in spec.get("sides", []):
            site.setdefault(shown_half(n).position.value, []).append(card(n))
        sites.append(site)
    return {"game": "smoky", "players": [{"name": "RB", "cave": CAVE, "forest": sites}]}


def test_the_example_forest_is_buildable_as_pictured() -> None:
    """Every tree gets one left and one right card from the table's sides, and the document
    is accepted (slots, water requirements, one physical card each)."""
    doc = example_document()
    for site in doc["players"][0]["forest"]:
        if "tree" in site:
            assert len(site.get("left", [])) == len(site.get("right", [])) == 1, site
    rivers_under = sum(1 for spec in LAYOUT if spec.get("river") is True)
    assert rivers_under == 3
    assert len(fs.score_document(doc).players[0].lines) == len(SHOWN) + rivers_under


def test_the_example_shows_10_buckeye_symbols() -> None:
    """RB p.11: each Buckeye scores 10, 1 per Buckeye symbol in the forest including its
    own, so the shown halves carry 10 Buckeye symbols: the 2 trees and 8 others."""
    symbols = [shown_half(n).symbol for n in SHOWN]
    assert symbols.count("Buckeye") == 10
    assert shown_half(128).symbol == "Basswood"  # the Darter's half (AP Basswood example)


def test_the_two_buckeyes_of_the_rulebook_scoring_example_score_10_each() -> None:
    """RB p.11 "Buckeye 20 (10 each)", scored from the card table's symbols."""
    rep = fs.score_document(example_document())
    assert [ln.points for ln in rep.players[0].lines if ln.card == "Buckeye"] == [10, 10]


def test_the_rulebook_scoring_example_scores_258() -> None:
    """RB p.10-11: every per-card point of the example, the squirrel set 40, the cave 2,
    total 258."""
    rep = fs.score_document(example_document())
    (player,) = rep.players
    got: dict[str, list[int]] = {}
    for ln in player.lines:
        got.setdefault(ln.card, []).append(ln.points)
    for name, points in POINTS.items():
        assert sorted(got.pop(name)) == sorted(points), name
    assert sum(sum(got.pop(s)) for s in SQUIRRELS) == 40  # a set of 4 different
    assert got == {}
    assert player.cave == CAVE
    assert player.total == 258
