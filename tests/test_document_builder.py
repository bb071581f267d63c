"""Reading a forest document in one pass gives what reading it card by card gave (issue 16, §4).

``score_document`` reads a document with one walk that checks its nesting and counts its
cards (:func:`forestshuffle.documents.index.scan`), looks species, slots and cards up in an
index kept per ruleset, and builds each forest at once (:meth:`Forest.add_sites`) instead
of opening each site and attaching each card in turn. Rule (DESIGN.md, "Forest documents";
RULES.md, "Scoring"): a document scores exactly as the game whose forests it describes, so
the forest built at once must be the forest of playing its cards one by one (every
counter, the index of empty slots, the order of play), and the walk must refuse what
``check_depth`` refuses and count what the reader counted before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from unittest import mock

import pytest
from bundled import RULESETS, rules_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.core.forest import Forest
from forestshuffle.documents import reader as document_reader
from forestshuffle.documents.index import scan, scan_shape
from forestshuffle.documents.score import read_document, score_document
from forestshuffle.safety import MAX_DEPTH, InputError, check_depth
from forestshuffle.testing import strategies as fst


def _card_by_card(self: Forest, planned: Any, rules: Any, turn: int = 0) -> None:
    """``Forest.add_sites`` as the game builds a forest: open_site and attach per card."""
    document_reader._play_sites(self, list(planned), {}, rules)


def forest_facts(f: Forest) -> dict[str, Any]:
    """Everything a forest holds, comparable."""
    return {
        "sites": [(s.card, s.kind.id, s.species, s.symbol, s.slots, s.filled, s.extra_trees,
                   s.under) for s in f.sites],
        "where": f.where, "counts": f.counts, "order": f.order,
        "placed_turn": f.placed_turn, "open": f.open, "open_mask": f.open_mask,
        "open_defs": {(sd.name, id(sd)): n for sd, n in f.open_defs.items()},
        "empty": f.empty, "triggers": f.triggers,
    }


@pytest.mark.parametrize(("rid", "expansions"), RULESETS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_forest_built_at_once_is_the_forest_of_playing_its_cards_one_by_one(
    rid: str, expansions: Sequence[str], data: st.DataObject
) -> None:
    """Forests of random games of every ruleset, as documents: the one-pass builder gives
    the same forests (all counters and indexes) and the same scores as card by card."""
    rules = rules_of(rid, expansions)
    game = data.draw(fst.games(rules, max_actions=300))
    doc = game.forest_document()
    fast = read_document(doc)
    report = score_document(doc).to_dict()
    with mock.patch.object(Forest, "add_sites", _card_by_card):
        slow = read_document(doc)
        slow_report = score_document(doc).to_dict()
    assert fast[1:3] == slow[1:3] and fast[4] == slow[4]
    assert [forest_facts(f) for f in fast[3]] == [forest_facts(f) for f in slow[3]]
    assert report == slow_report
    assert [p["total"] for p in report["players"]] == list(game.scores().totals)


def test_add_sites_builds_only_an_empty_forest() -> None:
    """The one-pass builder fills a new forest; it never adds to one already built."""
    rules = fs.get_ruleset("base")
    f = Forest()
    assert rules.sapling_kind is not None
    f.open_site(1, None, rules.sapling_kind, rules, 0)
    with pytest.raises(ValueError, match="empty forest"):
        f.add_sites([(2, None, rules.sapling_kind, [])], rules)


def test_a_tree_with_a_generic_river_is_still_built_card_by_card() -> None:
    """An upgraded site (Smoky Mountains: a tree with a generic river, one more card tucked
    face down under it) is played as the game plays it: opened, upgraded, then its cards
    attached, and scores as the same tree without the river plus the river's part."""
    if "smoky" not in fs.available_rulesets():
        pytest.skip("the smoky ruleset is not installed")
    rules = fs.get_ruleset("smoky")
    tree = next(sp.name for sid, sp in rules.species.items() if sp.kind == "tree"
                and rules.site_kinds[rules.site_kind_of(sp.site_kind or "")].upgrade)
    doc = {"game": "smoky", "players": [{"name": "A", "forest": [{"tree": tree,
                                                                 "river": True}]}]}
    with mock.patch.object(Forest, "add_sites", side_effect=AssertionError):
        _, _, _, (forest,), _ = read_document(doc)
    (site,) = forest.sites
    assert len(site.under) == 1 and forest.where[site.under[0]][1] == "under"
    assert "river" in site.kind.features


# -- the first walk: nesting and the cards named ------------------------------------------


def reference_count(data: Any) -> int:
    """How the reader counted the cards a document names before the one walk: a card per
    site and the cards listed in its slots, for a list of players."""
    players = data.get("players") if isinstance(data, Mapping) else None
    if not isinstance(players, list):
        return 0
    n = 0
    for pl in players:
        forest = pl.get("forest") if isinstance(pl, Mapping) else None
        if not isinstance(forest, list):
            continue
        n += len(forest)
        for site in forest:
            if isinstance(site, Mapping):
                n += sum(len(v) for v in site.values() if isinstance(v, list))
    return n


def _nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=3), inner, max_size=3)
                      | st.tuples(inner), max_leaves=12)
deep_values = st.builds(_nest, values, st.integers(0, MAX_DEPTH + 2))
cards = st.one_of(deep_values, st.fixed_dictionaries(
    {"species": st.one_of(st.text(max_size=5), deep_values)},
    optional={"symbol": deep_values}))
sites = st.one_of(deep_values, st.dictionaries(
    st.sampled_from(["sapling", "tree", "top", "bottom", "left", "right", "river"]),
    st.one_of(st.lists(cards, max_size=3), cards, st.booleans()), max_size=5))
players = st.one_of(deep_values, st.fixed_dictionaries(
    {"forest": st.one_of(st.lists(sites, max_size=4), deep_values)},
    optional={"name": deep_values, "cave": deep_values}))
documents = st.one_of(deep_values, st.fixed_dictionaries(
    {"players": st.one_of(st.lists(players, max_size=3), deep_values)},
    optional={"game": deep_values, "overrides": deep_values}))


@settings(max_examples=300, deadline=None)
@given(doc=documents)
def test_the_one_walk_refuses_what_check_depth_refuses_and_counts_as_before(doc: Any) -> None:
    """On documents of every shape, with deep values anywhere: ``scan`` raises the message
    of ``check_depth`` exactly when it raises, and otherwise counts what the reader
    counted."""
    try:
        check_depth(doc)
    except InputError as exc:
        with pytest.raises(InputError) as got:
            scan(doc)
        assert str(got.value) == str(exc) == f"nested more than {MAX_DEPTH} deep"
        return
    assert scan(doc) == reference_count(doc)


def test_a_cycle_through_the_document_shape_is_too_deep() -> None:
    """A document holding itself (as a player, a site or a card) nests without end."""
    doc: dict[str, Any] = {"game": "base", "players": []}
    doc["players"].append(doc)
    site: dict[str, Any] = {"sapling": True, "top": []}
    site["top"].append(site)
    for bad in (doc, {"game": "base", "players": [{"forest": [site]}]}):
        with pytest.raises(InputError, match=f"nested more than {MAX_DEPTH} deep"):
            scan(bad)
        (p,) = _problems(bad)
        assert p.message == f"malformed JSON: nested more than {MAX_DEPTH} deep"


def _problems(doc: Any) -> list[Any]:
    with pytest.raises(fs.documents.DocumentError) as got:
        read_document(doc)
    return got.value.problems


def test_a_score_line_formats_its_reason_when_read_and_keeps_it() -> None:
    """Score report lines hold the breakdown's reason unformatted until read; read, it is
    the text (with the symbol assumed), compares and prints as text, and stays frozen."""
    doc = {"game": "base", "players": [{"name": "A", "forest": [
        {"tree": "Birch", "right": ["Roe Deer"], "top": [{"species": "Chaffinch",
                                                         "symbol": "Birch"}]}]}]}
    first = score_document(doc)
    again = score_document(doc)
    right = next(x for x in first.players[0].lines if x.slot == "right")
    top = next(x for x in first.players[0].lines if x.slot == "top")
    assert right.reason.endswith("(symbol Birch assumed)")
    assert "assumed" not in top.reason
    assert first == again and hash(first) == hash(again)
    assert '"reason": "' in first.to_json()
    with pytest.raises(AttributeError):
        right.reason = "changed"  # type: ignore[misc]


def test_report_lines_are_made_when_first_read_and_are_those_of_the_breakdown() -> None:
    """A report's lines are made on the first read of ``lines`` (a report whose totals
    alone are read makes none) and are then one line per scored card, with the points and
    reasons of the game's own breakdown; they compare and turn into data as lines made at
    once."""
    game = fs.new_game("base", players=2, seed=5)
    fs.bots.play_out(game, [fs.bots.RandomBot(1), fs.bots.RandomBot(2)])
    doc = game.forest_document()
    report = score_document(doc)
    scores = game.scores()
    assert [p.total for p in report.players] == list(scores.totals)
    for p, ps in zip(report.players, scores.players, strict=True):
        lines = p.lines
        assert p.lines is lines and type(lines) is tuple
        # the document lists a site's cards after it, the game in the order played
        assert sorted((ln.card, ln.points, ln.reason) for ln in lines) == \
            sorted((c.name, c.points, c.reason) for c in ps.cards)
    again = score_document(doc)
    assert again.to_dict() == report.to_dict() and again == report
    made = fs.documents.PlayerReport("A", 3, 1, (report.players[0].lines[0],))
    assert made.lines == (report.players[0].lines[0],)
    with pytest.raises(AttributeError):
        report.players[0].lines = ()  # type: ignore[misc]


# -- bare saplings told by comparing their site --------------------------------------------


class _EqualToAnything:
    """Not a list, yet equal to one (and to anything): what no JSON text holds."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


_BARE = {"sapling": True, "top": [], "bottom": [], "left": [], "right": []}


def test_only_a_forest_of_json_types_lets_a_site_compare_as_a_bare_sapling() -> None:
    """The reader tells a bare sapling by comparing its site with the ruleset's bare
    sapling only where ``scan_shape`` found every forest of exactly JSON's types: a value
    that merely compares equal to an empty list is read as what it is (here: not a card),
    as the reader did before the comparison, and a bare sapling written with its slots left
    out still reads as one."""
    plain = {"game": "base", "players": [{"name": "A", "forest": [
        dict(_BARE), {"sapling": True}, {"tree": "Birch", "top": ["Chaffinch"]}]}]}
    assert scan_shape(plain) == (4, True)
    _, _, _, (forest,), _ = read_document(plain)
    assert [len(s.slots) for s in forest.sites] == [4, 4, 4]
    assert forest.counts["saplings"] == 2 and len(forest) == 4
    odd = {"game": "base", "players": [{"name": "A", "forest": [
        {**_BARE, "top": _EqualToAnything()}]}]}
    assert scan_shape(odd) == (1, False)
    (p,) = _problems(odd)
    assert p.where == "player 1 (A), site 0, top[0]" and "species name" in p.message
    subclass = {"game": "base", "players": [{"name": "A", "forest": [
        {**_BARE, "left": type("L", (list,), {})()}]}]}
    assert scan_shape(subclass) == (1, False)
    assert score_document(subclass).players[0].total == score_document(
        {"game": "base", "players": [{"name": "A", "forest": [dict(_BARE)]}]}).players[0].total


def test_a_report_scores_the_breakdown_only_when_its_lines_are_read() -> None:
    """``score_document`` totals each forest with the points-only scorers (issue 16, §4:
    both give the same points); the per-card breakdown is scored on the first read of a
    player's lines, once, and its points add up to that player's total."""
    import forestshuffle.core.scoring as scoring

    game = fs.new_game("base", players=2, seed=3)
    fs.bots.play_out(game, [fs.bots.RandomBot(4), fs.bots.RandomBot(5)])
    totals = list(game.scores().totals)
    doc = game.forest_document()
    with mock.patch.object(scoring, "score_forest", wraps=scoring.score_forest) as full:
        report = score_document(doc)
        assert full.call_count == 0
        assert [p.total for p in report.players] == totals
        for n, p in enumerate(report.players, 1):
            assert sum(ln.points for ln in p.lines) + p.cave == p.total
            assert p.lines is p.lines and full.call_count == n
