"""The native core's scoring gives exactly the Python engine's points: every card's points,
the caves, the totals, the winners and the points per species, for finished random games of
every required ruleset (played by the Python engine, their positions scored natively alone)
and for hand-built forests at each scoring kind's edge cases."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle import native
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.core.game import Game
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.native import _export, unsupported_kinds
from forestshuffle.native._export_scoring import (
    count_kinds,
    position,
    scoring_counts,
    scoring_only,
)
from forestshuffle.testing.native import compare
from forestshuffle.testing.scenario import CardPicker, scenario

#: the required rulesets, with options that change their cards
RULESETS: tuple[tuple[str, tuple[str, ...], dict[str, Any] | None], ...] = (
    ("base", (), None),
    ("base", (), {"mulligan": False}),
    ("base", ("alpine",), None),
    ("base", ("alpine",), {"mountain_hare_shares_hare_slots": True}),
    ("base", ("woodland_edge",), None),
    ("base", ("woodland_edge",), {"shrub_slots_count_as_tree_slots": True}),
    ("base", ("alpine", "woodland_edge"), None),
    ("smoky", (), None),
)
#: finished random games per ruleset
GAMES = 60

Row = tuple[int, int, list[tuple[int, int]], dict[str, int]]


def _python(game: Game) -> tuple[list[Row], list[int]]:
    """Each player's (total, cave, [(card, points)] in order, {species: points}) and the
    winners, as the Python engine scores the position."""
    sc = game.scores()
    rows = []
    for p in sc.players:
        by_species: dict[str, int] = {}
        for c in p.cards:
            if c.species:
                by_species[c.species] = by_species.get(c.species, 0) + c.points
        rows.append((p.total, p.cave, [(c.card, c.points) for c in p.cards],
                     {k: v for k, v in by_species.items() if v}))
    return rows, sorted(sc.winners)


def _native(rules: Ruleset, games: Sequence[Game]) -> list[tuple[list[Row], list[int]]]:
    """The same, scored by the native core from each game's position."""
    ext = importlib.import_module("forestshuffle_native")
    species = list(rules.species)
    ruleset = json.dumps(scoring_only(_export.ruleset_data(rules)))
    got = ext._score_positions(ruleset, [position(g.state) for g in games])
    out = []
    for rows, winners in got:
        out.append(([(total, cave, list(cards),
                      {species[i]: v for i, v in enumerate(by_sp) if v})
                     for total, cave, cards, by_sp in rows], list(winners)))
    return out


def _assert_same(rules: Ruleset, games: Sequence[Game]) -> None:
    for game, got in zip(games, _native(rules, games), strict=True):
        assert got == _python(game), f"seed {game.seed}"


def _label(case: tuple[str, tuple[str, ...], Mapping[str, Any] | None]) -> str:
    rid, ex, opts = case
    return "+".join((rid, *ex)) + ("" if not opts else "-" + ",".join(f"{k}={v}" for k, v in
                                                                      opts.items()))


@pytest.mark.parametrize("case", RULESETS, ids=_label)
def test_finished_random_games_score_alike(
        case: tuple[str, tuple[str, ...], dict[str, Any] | None]) -> None:
    rid, expansions, options = case
    rules = fs.get_ruleset(rid, expansions=expansions, options=options)
    assert not [k for k in unsupported_kinds(rules) if k.startswith(("scoring:", "counts:"))]
    low, high = rules.spec.min_players, rules.spec.max_players
    games = []
    for seed in range(GAMES):
        players = low + seed % (high - low + 1)
        game = fs.new_game(rules, players=players, seed=seed)
        play_out(game, RandomBot(seed=seed))
        assert game.is_over
        games.append(game)
    _assert_same(rules, games)


@pytest.mark.parametrize("case", RULESETS, ids=_label)
def test_native_games_end_with_the_python_engines_scores(
        case: tuple[str, tuple[str, ...], dict[str, Any] | None]) -> None:
    # whole games played natively: the final points of every card, the winners, and
    # play_many's totals, winners and points per species
    rid, expansions, options = case
    if not native.supports(rid, expansions=expansions, options=options):
        pytest.skip(f"the native core does not play {_label(case)}")
    report = compare(rid, range(20), players=3, expansions=expansions, options=options)
    assert report.ok, report.first
    res = native.play_many(rid, range(12), players=2, expansions=expansions, options=options)
    for i in range(12):
        game = fs.new_game(rid, players=2, seed=i, expansions=expansions, options=options)
        play_out(game, RandomBot(seed=i))
        rows, won = _python(game)
        assert res.scores[i].tolist() == [r[0] for r in rows]
        assert [p for p in range(2) if res.winners[i][p]] == won
        for p, row in enumerate(rows):
            assert {s: int(v) for s, v in zip(res.species, res.species_points[i][p], strict=True)
                    if v} == row[3]


def test_tie_breakers_decide_as_the_python_engine() -> None:
    # house-001 breaks tied totals by trees, then dwellers, then cards in hand
    # (forestshuffle.core.outcome.best); among these games one tie is decided that way
    rules = fs.get_ruleset("house-001")
    assert rules.spec.tie_breakers == ("trees", "dwellers", "hand")
    games = []
    for seed in range(60):
        game = fs.new_game(rules, players=2 + seed % 3, seed=seed)
        play_out(game, RandomBot(seed=seed))
        games.append(game)
    _assert_same(rules, games)
    broken = [g for g in games if list(g.scores().totals).count(max(g.scores().totals)) > 1
              and len(g.winners) == 1]
    assert broken


# -- hand-built forests -------------------------------------------------------------------


def _same(game: Game) -> list[Row]:
    """Assert the native core scores *game*'s position as the Python engine does; the rows."""
    _assert_same(game.rules, [game])
    return _python(game)[0]


def _points(rows: Sequence[Row], player: int, card: int) -> int:
    return dict(rows[player][2])[card]


def test_majority_ties_count_as_most_and_tied_totals_share_the_win() -> None:
    # base Linden: 3 points with the most lindens (a tie counts as most), else 1
    rules = fs.get_ruleset("base")
    pick = CardPicker(rules)
    a, b, c = pick.pick("base.linden"), pick.pick("base.linden"), pick.pick("base.linden")
    game = scenario(rules, 3, forests={0: [(a, {})], 1: [(b, {})], 2: []},
                    caves={2: [c]})
    rows = _same(game)
    assert _points(rows, 0, a) == _points(rows, 1, b) == 3
    assert _python(game)[1] == [0, 1]
    d = pick.pick("base.linden")
    game = scenario(rules, 2, forests={0: [(a, {}), (d, {})], 1: [(b, {})]})
    rows = _same(game)
    assert (_points(rows, 0, a), _points(rows, 1, b)) == (3, 1)


def test_set_tables_and_distinct_sets_over_levels() -> None:
    # base Fireflies: a set table (0, 10, 15, 20) shared out over the cards; Butterflies:
    # sets of different species, each scored on its first card
    rules = fs.get_ruleset("base")
    pick = CardPicker(rules)
    trees = [pick.pick("base.oak") for _ in range(5)]
    flies = [pick.pick("base.fireflies") for _ in range(4)]
    bflies = [pick.pick(s) for s in
              ("base.peacock_butterfly", "base.peacock_butterfly", "base.purple_emperor",
               "base.camberwell_beauty", "base.peacock_butterfly")]
    sites = [(t, {"bottom": flies[i:i + 1], "top": [bflies[i]]}) for i, t in enumerate(trees)]
    game = scenario(rules, 2, forests={0: sites, 1: []})
    rows = _same(game)
    assert [_points(rows, 0, f) for f in flies] == [0, 10, 5, 5]
    # sets: {peacock, emperor, camberwell} = 6, {peacock} = 0, {peacock} = 0
    assert [_points(rows, 0, b) for b in bflies] == [6, 0, 0, 0, 0]


def test_site_kinds_read_their_own_site() -> None:
    # base Chaffinch at a Beech, Red Squirrel at an Oak, both at a sapling; Common Toad
    # sharing its slot; Roe Deer's tree symbol; Silver Fir per attached card
    rules = fs.get_ruleset("base")
    pick = CardPicker(rules)
    beech, oak, fir = pick.pick("base.beech"), pick.pick("base.oak"), pick.pick("base.silver_fir")
    sap = pick.pick("base.oak")
    finch = pick.pick("base.chaffinch")
    squirrel = pick.pick("base.red_squirrel")
    finch2 = pick.pick("base.chaffinch")
    toads = [pick.pick("base.common_toad"), pick.pick("base.common_toad")]
    deer = pick.pick("base.roe_deer")
    game = scenario(rules, 2, validate=False, forests={
        0: [(beech, {"top": [finch], "bottom": toads}), (oak, {"top": [squirrel]}),
            (("sapling", sap), {"top": [finch2]}), (fir, {"left": [deer]})],
        1: []})
    rows = _same(game)
    assert _points(rows, 0, finch) == 5 and _points(rows, 0, finch2) == 0
    assert _points(rows, 0, squirrel) == 5
    assert _points(rows, 0, fir) == 2


def test_woodland_edge_kinds_at_shrubs_and_trees() -> None:
    rules = fs.get_ruleset("base", expansions=("woodland_edge",))
    pick = CardPicker(rules)
    shrubs = [s for s in rules.species if "shrub" in rules.species[s].tags]
    shrub, oak = pick.pick(shrubs[0]), pick.pick("base.oak")
    polecat = pick.pick("woodland_edge.european_polecat")
    bird = pick.pick("woodland_edge.nightingale")
    plants = [pick.pick("woodland_edge.digitalis") for _ in range(2)]
    game = scenario(rules, 2, validate=False, forests={
        0: [(shrub, {"shrub_left": [polecat]}), (oak, {"top": [bird], "bottom": plants[:1]}),
            (pick.pick("base.oak"), {"bottom": plants[1:]})],
        1: [(pick.pick(shrubs[1]), {"shrub_top": [pick.pick("woodland_edge.nightingale")]})]})
    _same(game)


def test_smoky_site_kinds_with_rivers_and_cards_under() -> None:
    rules = fs.get_ruleset("smoky")
    for seed in range(200):  # positions mid-game, every few actions
        game = fs.new_game(rules, players=2, seed=seed)
        bot = RandomBot(seed=seed)
        for _ in range(40 + seed % 60):
            if game.is_over:
                break
            game.apply(bot.choose(game))
        _same(game)


def test_positions_mid_game_score_alike() -> None:
    # scores read at any moment (not only at the end), for each required ruleset
    for rid, expansions, options in RULESETS:
        rules = fs.get_ruleset(rid, expansions=expansions, options=options)
        games = []
        for seed in range(10):
            game = fs.new_game(rules, players=2 + seed % 3, seed=seed)
            bot = RandomBot(seed=seed)
            for _ in range(30 + 7 * seed):
                if game.is_over:
                    break
                game.apply(bot.choose(game))
            games.append(game)
        _assert_same(rules, games)


def test_an_empty_forest_scores_its_cave() -> None:
    rules = fs.get_ruleset("base")
    pick = CardPicker(rules)
    game = scenario(rules, 2, caves={0: pick.filler(3), 1: pick.filler(3)})
    rows = _same(game)
    assert [r[:3] for r in rows] == [(3, 3, []), (3, 3, [])]
    assert _python(game)[1] == [0, 1]


@pytest.mark.no_extension_needed
def test_the_counts_scoring_reads_are_listed() -> None:
    assert count_kinds("sum_of:species:a+tag:b") == {"sum_of", "species", "tag"}
    assert count_kinds("tag:bird") == {"tag"}
    rules = fs.get_ruleset("base", expansions=("woodland_edge",))
    got = scoring_counts(rules)
    assert {"sum_of", "full_trees", "distinct_tag", "tag"} <= set(got)
    assert _export.kinds_used(rules)["counts"] == got
