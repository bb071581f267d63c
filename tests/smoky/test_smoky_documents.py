"""Smoky Mountains forest documents (``fs.score_document``): whole forests with totals
worked out by hand, bad documents (every placement rule of RULES.md §3 refused with its
place named), and round trips of random games through ``game.forest_document()``.

Site forms: ``{"tree": name, "river": true, "top"/"left"/"right": [...], "below": [up to 2]}``
for a tree with a generic river, ``{"tree": name, "top"/"bottom"/"left"/"right": ...}``
without one, ``{"river": "Creek" | "River Bend" | "Waterfall" | "generic", "top": [...],
"bottom": [...]}`` for rivers (the Waterfall takes 4 below).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out


def doc(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"game": "smoky", "players": [
        {"name": f"P{i + 1}", "cave": caves[i] if i < len(caves) else 0, "forest": f}
        for i, f in enumerate(forests)]}


def score(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> fs.ScoreReport:
    return fs.score_document(doc(*forests, caves=caves))


def pts(rep: fs.ScoreReport, card: str, player: int = 0) -> list[int]:
    return [ln.points for ln in rep.players[player].lines if ln.card == card]


def problems(*forests: list[dict[str, Any]]) -> list[str]:
    with pytest.raises(fs.DocumentError) as exc:
        score(*forests)
    return [str(p) for p in exc.value.problems]


# -- whole forests ------------------------------------------------------------------------------

RIVER_FOREST = [
    {"tree": "Hickory", "river": True, "top": ["Great Blue Heron"], "left": ["Black Bear"],
     "right": ["Mink"], "below": ["Brook Trout", "Smallmouth Bass"]},
    {"river": "Creek", "top": ["Caddisfly", "Water-Starwort"],
     "bottom": ["Greenside Darter", "Smallmouth Bass"]},
    {"river": "generic", "bottom": ["Eastern Hellbender"]},
    {"tree": "Hemlock", "top": ["Flying Squirrel"], "bottom": ["Eastern Chipmunk"],
     "left": ["Red Squirrel"], "right": ["Gray Squirrel"]},
]

INSECT_FOREST = [
    {"tree": "Silver Maple", "top": ["Thermometer Cricket", "Thermometer Cricket"],
     "bottom": ["Skipper Caterpillar"], "left": ["Synchronous Firefly"],
     "right": ["Synchronous Firefly"]},
    {"tree": "Silver Maple", "left": ["Weevil Wasp"], "right": ["Weevil Wasp"]},
    {"tree": "Silver Maple"},
]


def test_a_river_forest_scored_by_hand():
    rep = score(RIVER_FOREST, caves=(2,))
    # fish: Trout + 2 Bass + Darter = 4 (3 species); insects: Caddisfly; amphibians:
    # Hellbender; rivers: the Hickory's, the Creek, the generic one = 3
    assert pts(rep, "Hickory") == [12]  # 5 cards + its river = 6 × 2
    assert pts(rep, "Great Blue Heron") == [8]  # 4 fish × 2
    assert pts(rep, "Black Bear") == [30]  # Trout and Bass at its tree
    assert pts(rep, "Mink") == [5]
    assert pts(rep, "Brook Trout") == [3]  # only the generic river lacks fish below
    assert pts(rep, "Smallmouth Bass") == [9, 9]  # 3 fish species × 3
    assert pts(rep, "Creek") == [4]  # 4 fish
    assert pts(rep, "Caddisfly") == [2]
    assert pts(rep, "Water-Starwort") == [7]  # 3 rivers + 4 fish
    assert pts(rep, "Greenside Darter") == [3]  # 1 insect × 3
    assert pts(rep, "Eastern Hellbender") == [6]  # 3 rivers × 2
    assert pts(rep, "Hemlock") == [5]
    squirrels = ["Flying Squirrel", "Eastern Chipmunk", "Red Squirrel", "Gray Squirrel"]
    assert sum(sum(pts(rep, s)) for s in squirrels) == 40  # a set of 4 different
    # 12 + 8 + 30 + 5 + 3 + 18 + 4 + 2 + 7 + 3 + 6 + 0 (generic river) + 5 + 40 + 2 cave
    assert rep.players[0].total == 145
    assert rep.players[0].cave == 2


def test_an_insect_forest_scored_by_hand_and_the_winner():
    rep = score(RIVER_FOREST, INSECT_FOREST, caves=(2, 0))
    # insects: 2 Crickets, Skipper, 2 Fireflies, 2 Wasps = 7, of 4 species
    assert pts(rep, "Silver Maple", 1) == [5, 5, 5]  # 3 Silver Maples
    assert pts(rep, "Thermometer Cricket", 1) == [7, 7]
    assert pts(rep, "Skipper Caterpillar", 1) == [10]
    assert pts(rep, "Synchronous Firefly", 1) == [6, 6]  # 2 × 3 each
    assert pts(rep, "Weevil Wasp", 1) == [10, 10]  # each with the other
    # 15 + 14 + 10 + 12 + 20
    assert [p.total for p in rep.players] == [145, 71]
    assert rep.winners == ("P1",)


def test_symbols_given_in_a_document_are_used():
    forest = [{"tree": "Basswood", "river": True,
               "top": [{"species": "Virginia Opossum", "symbol": "Basswood"}],
               "left": [{"species": "Turkey", "symbol": "Basswood"}],
               "below": [{"species": "Brook Trout", "symbol": "Basswood"},
                         {"species": "Greenside Darter", "symbol": "Basswood"}]},
              {"tree": "Buckeye", "bottom": [{"species": "Wintergreen",
                                              "symbol": "Buckeye"}]}]
    rep = score(forest)
    # Basswood: itself + 4 Basswood cards at its tree = 5 × 2
    assert pts(rep, "Basswood") == [10]
    # Opossum: only Basswood at its tree = 1 × 2
    assert pts(rep, "Virginia Opossum") == [2]
    # Turkey (Basswood): 5 Basswood cards in the forest × 2
    assert pts(rep, "Turkey") == [10]
    # Buckeye: itself and the Wintergreen; the Wintergreen: no squirrel, 0
    assert pts(rep, "Buckeye") == [2] and pts(rep, "Wintergreen") == [0]
    # Trout: rivers without fish below: none (the one river has 2) = 0; Darter: no insect
    assert pts(rep, "Brook Trout") == [0] and pts(rep, "Greenside Darter") == [0]
    assert rep.players[0].total == 10 + 2 + 10 + 0 + 0 + 2 + 0


def test_a_waterfall_with_4_fish_and_an_eagle():
    forest = [{"river": "Waterfall", "top": ["Bald Eagle"],
               "bottom": ["Smallmouth Bass", "Greenside Darter", "Yellow Perch",
                          "Brook Trout"]},
              {"river": "River Bend", "bottom": ["Yellow Bullhead"]}]
    rep = score(forest)
    # fish: 5 -> Eagle 30; Bass: 5 species × 3 = 15; Darter: 0 insects; Perch 2; Trout:
    # both rivers hold fish = 0; Bullhead, River Bend, Waterfall 0
    assert pts(rep, "Bald Eagle") == [30]
    assert pts(rep, "Smallmouth Bass") == [15]
    assert rep.players[0].total == 30 + 15 + 0 + 2 + 0
    assert rep.players[0].cave == 0


def test_equal_totals_share_the_win():
    rep = score([{"tree": "Hemlock"}], [{"tree": "Silver Maple"}, {"tree": "Yellow Birch"}],
                caves=(0, 4))
    # 5 against 0 + 1 + 4 cave
    assert [p.total for p in rep.players] == [5, 5]
    assert rep.winners == ("P1", "P2")


# -- bad documents ------------------------------------------------------------------------------


def test_a_water_card_on_a_tree_without_river_is_refused():
    msgs = problems([{"tree": "Hemlock", "bottom": ["Brook Trout"]}])
    assert len(msgs) == 1 and "site 0, bottom[0]" in msgs[0] and "Brook Trout" in msgs[0]
    msgs = problems([{"tree": "Hemlock", "left": ["Mink"]}])
    assert len(msgs) == 1 and "Mink" in msgs[0]


def test_a_card_without_water_requirement_in_a_river_is_refused():
    msgs = problems([{"river": "Creek", "top": ["Scarlet Tanager"]}])
    assert len(msgs) == 1 and "site 0, top[0]" in msgs[0] and "Scarlet Tanager" in msgs[0]
    msgs = problems([{"river": "generic", "bottom": ["Common Box Turtle"]}])
    assert len(msgs) == 1 and "Common Box Turtle" in msgs[0]


def test_a_card_without_water_requirement_below_a_tree_river_is_refused():
    msgs = problems([{"tree": "Hemlock", "river": True, "below": ["Wood Frog"]}])
    assert len(msgs) == 1 and "below[0]" in msgs[0] and "Wood Frog" in msgs[0]


def test_too_many_cards_below_a_river_are_refused():
    msgs = problems([{"tree": "Hemlock", "river": True,
                      "below": ["Brook Trout", "Smallmouth Bass", "Greenside Darter"]}])
    assert len(msgs) == 1 and "below" in msgs[0]
    msgs = problems([{"river": "Creek", "bottom": ["Brook Trout", "Smallmouth Bass",
                                                   "Greenside Darter"]}])
    assert len(msgs) == 1 and "bottom" in msgs[0]
    five = ["Smallmouth Bass", "Greenside Darter", "Yellow Perch", "Brook Trout",
            "Smallmouth Bass"]
    msgs = problems([{"river": "Waterfall", "bottom": five}])
    assert len(msgs) == 1 and "bottom" in msgs[0]


def test_a_waterfall_bottom_without_fish_is_refused():
    msgs = problems([{"river": "Waterfall", "bottom": ["Eastern Hellbender"]}])
    assert len(msgs) == 1 and "bottom[0]" in msgs[0] and "fish" in msgs[0]
    msgs = problems([{"river": "Waterfall", "bottom": ["Largeleaf Pondweed"]}])
    assert len(msgs) == 1 and "Largeleaf Pondweed" in msgs[0]


def test_water_starwort_on_a_tree_with_river_is_refused():
    msgs = problems([{"tree": "Hemlock", "river": True, "top": ["Water-Starwort"]}])
    assert len(msgs) == 1 and "Water-Starwort" in msgs[0]
    assert score([{"river": "generic", "top": ["Water-Starwort"]}]).players[0].total == 1


def test_squirrels_on_the_wrong_side_are_refused():
    msgs = problems([{"tree": "Hemlock", "right": ["Red Squirrel"], "left": ["Gray Squirrel"]}])
    assert len(msgs) == 2
    assert any("Red Squirrel" in m for m in msgs) and any("Gray Squirrel" in m for m in msgs)


def test_only_crickets_share_a_slot():
    msgs = problems([{"tree": "Hemlock", "top": ["Scarlet Tanager", "Scarlet Tanager"]}])
    assert len(msgs) == 1 and "share" in msgs[0]
    crickets = ["Thermometer Cricket"] * 7
    rep = score([{"tree": "Hemlock", "top": crickets}])
    assert rep.players[0].total == 5 + 7 * 7  # every Cricket: 7 insects


def test_bad_site_shapes_are_refused():
    # a tree with river has no plain bottom slot; rivers have no sides
    assert "bottom" in problems([{"tree": "Hemlock", "river": True,
                                  "bottom": ["Brook Trout"]}])[0]
    assert "left" in problems([{"river": "Creek", "left": ["Mink"]}])[0]
    # a river is no tree, a tree no river
    assert "not a tree" in problems([{"tree": "Creek"}])[0]
    assert "not a river" in problems([{"river": "Hemlock"}])[0]
    assert problems([{"tree": "Hemlock", "river": "yes"}])


def test_more_river_cards_than_the_game_has_are_refused():
    msgs = problems([{"river": "Creek"}] * 4)
    assert len(msgs) == 1 and "more Creek cards than the game has" in msgs[0]


def test_every_mistake_is_reported_at_once():
    msgs = problems([{"tree": "Hemlock", "bottom": ["Brook Trout"]},
                     {"river": "Creek", "top": ["Scarlet Tanager"]},
                     {"river": "Waterfall", "bottom": ["Eastern Hellbender"]}])
    assert len(msgs) == 3
    assert [m.split(",")[1].strip() for m in msgs] == ["site 0", "site 1", "site 2"]


# -- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 5), (3, 1), (4, 2), (5, 3)])
def test_finished_games_round_trip_through_documents(players, seed):
    g = fs.new_game("smoky", players=players, seed=seed)
    play_out(g, RandomBot(seed))
    d = json.loads(json.dumps(g.forest_document()))  # plain JSON
    rep = fs.score_document(d)
    assert [p.total for p in rep.players] == list(g.scores().totals)
    assert [p.cave for p in rep.players] == [len(c) for c in g.state.caves]
    kinds = {s.kind.id for f in g.state.forests for s in f.sites}
    assert "smoky_tree" in kinds or "smoky_tree_with_river" in kinds


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_games_in_progress_round_trip_through_documents(seed):
    g = fs.new_game("smoky", players=3, seed=seed)
    bot = RandomBot(seed)
    for _ in range(150):
        g.apply(bot.choose(g))
    assert not g.is_over
    rep = fs.score_document(g.forest_document())
    assert [p.total for p in rep.players] == list(g.scores().totals)
    # per card too
    for p, pr in zip(g.scores(), rep.players, strict=True):
        assert sorted(c.points for c in p.cards) == sorted(ln.points for ln in pr.lines)


def test_a_document_with_rivers_of_every_kind_round_trips():
    """Across seeds, find games whose forests hold a tree with river, a named river and a
    generic river, and compare their documents' scores with the games'."""
    seen: set[str] = set()
    for seed in range(12):
        g = fs.new_game("smoky", players=3, seed=seed)
        play_out(g, RandomBot(seed))
        d = g.forest_document()
        for pl in d["players"]:
            for site in pl["forest"]:
                if site.get("river") is True:
                    seen.add("tree_with_river")
                elif site.get("river") == "generic":
                    seen.add("generic")
                elif isinstance(site.get("river"), dict | str):
                    seen.add("named")
        assert [p.total for p in fs.score_document(d).players] == list(g.scores().totals)
        if seen >= {"tree_with_river", "generic", "named"}:
            break
    assert seen >= {"tree_with_river", "generic", "named"}
