"""Forest documents (the score calculator) with the expansions: a shrub is a site named by
its feature, ``{"shrub": "Common Hazel", "top": [...], ...}``, with the slots by their usual
names, and a game's forests export and score back the same.

The documents name a ruleset id, and the expansions have no installed ruleset yet, so these
tests point ``get_ruleset`` at the provisional rulesets.
"""

from __future__ import annotations

from typing import Any

import pytest

import forestshuffle as fs
from expansions.support import BOTH, EDGE, ruleset
from forestshuffle.testing import CardPicker, scenario


def test_a_document_names_a_shrub_by_its_feature_with_slots_by_side() -> None:
    doc = {"game": "base", "expansions": ["woodland_edge"], "players": [{"name": "Ada", "forest": [
        {"shrub": "Common Hazel", "top": ["Nightingale"], "left": ["Common Pipistrelle"]},
        {"tree": "Birch", "top": ["Nightingale"]},
    ]}]}
    report = fs.score_document(doc)
    lines = {(ln.card, ln.site): ln.points for ln in report.players[0].lines}
    assert lines[("Nightingale", 0)] == 5  # at a shrub
    assert lines[("Nightingale", 1)] == 0  # at a tree
    assert lines[("Common Hazel", 0)] == 0


def test_a_shrub_is_refused_as_a_tree() -> None:
    doc = {"game": "base", "expansions": ["woodland_edge"],
           "players": [{"forest": [{"tree": "Common Hazel"}]}]}
    with pytest.raises(fs.DocumentError, match="Common Hazel is not a tree"):
        fs.score_document(doc)


@pytest.mark.parametrize("rid", [EDGE, BOTH])
def test_a_game_with_shrubs_exports_a_document_that_scores_the_same(rid: str) -> None:
    rules = ruleset(rid)
    pk = CardPicker(rules)
    hazel = pk.pick("woodland_edge.common_hazel", symbol="Beech")
    night = pk.pick("woodland_edge.nightingale", side="top")
    roe = pk.pick("base.roe_deer", side="right", symbol="Beech")
    beech = pk.pick("base.beech")
    g = scenario(rules, forests={0: [(hazel, {"shrub_top": [night], "shrub_right": [roe]}),
                                     (beech, {})]})
    doc = g.forest_document()
    site = doc["players"][0]["forest"][0]
    assert site["shrub"] == {"species": "Common Hazel", "symbol": "Beech"}
    assert set(site) == {"shrub", "top", "bottom", "left", "right"}  # slots by their groups
    assert (site["left"], site["bottom"]) == ([], [])
    report = fs.score_document(doc)
    assert tuple(p.total for p in report.players) == g.scores().totals


def test_a_base_squeaker_survives_the_document_round_trip_beside_the_other_boxs() -> None:
    """The Woodland Edge box has a Squeaker too: a document written from a game must say
    which box a Squeaker is from, or the European Wildcat (1 per Woodland Edge card) scores
    it wrongly."""
    rules = ruleset(EDGE)
    pk = CardPicker(rules)
    cat = pk.pick("woodland_edge.european_wildcat", side="left")
    squeaker = pk.pick("base.squeaker", side="right")
    g = scenario(rules, forests={0: [(pk.pick("base.birch"), {"left": [cat],
                                                              "right": [squeaker]})]})
    doc = g.forest_document()
    assert doc["players"][0]["forest"][0]["right"][0]["species"] == "base.squeaker"
    report = fs.score_document(doc)
    assert report.players[0].total == g.scores()[0].total


def squeaker_doc(side: str, card: Any) -> dict[str, Any]:
    """A base + Woodland Edge document: a Birch with *card* in its *side* slot."""
    return {"game": "base", "expansions": ["woodland_edge"], "players": [{"forest": [
        {"tree": "Birch", side: [card]}]}]}


@pytest.mark.parametrize(("side", "symbol", "box"), [
    ("right", "Silver Fir", "woodland_edge"), ("right", "Douglas Fir", "woodland_edge"),
    ("right", "Oak", "base"), ("right", "Sycamore", "base"), ("left", "Oak", "base")])
def test_a_shared_name_is_the_one_box_that_prints_it_on_that_side_with_that_symbol(
        side: str, symbol: str, box: str) -> None:
    """A species name two boxes share (Squeaker: base and Woodland Edge): the side and the
    tree symbol printed there tell which box's card it is (RULES.md §7; cards 99, 105, 106,
    108 and 225-227 of the card list). The European Wildcat's 1 per Woodland Edge card
    tells them apart in the score."""
    doc = squeaker_doc(side, {"species": "Squeaker", "symbol": symbol})
    line = next(ln for ln in fs.score_document(doc).players[0].lines if ln.card == "Squeaker")
    assert line.species == f"{box}.squeaker"


@pytest.mark.parametrize(("side", "symbol"), [
    ("right", None), ("left", None), ("left", "Horse Chestnut")])
def test_a_shared_name_that_side_and_symbol_do_not_settle_asks_for_the_id(
        side: str, symbol: str | None) -> None:
    """Both boxes print a Squeaker on both sides, and on a left half both show Horse
    Chestnut: the document must write the id, and the error names the ids that fit."""
    card: Any = "Squeaker" if symbol is None else {"species": "Squeaker", "symbol": symbol}
    with pytest.raises(fs.DocumentError,
                       match=r"2 of them show on this side.*\(base\.squeaker, "
                             r"woodland_edge\.squeaker\): write the species id"):
        fs.score_document(squeaker_doc(side, card))
    doc = squeaker_doc(side, "woodland_edge.squeaker")
    assert fs.score_document(doc).players[0].total >= 1


def test_a_shared_name_with_a_symbol_neither_box_prints_there_names_both_ids() -> None:
    with pytest.raises(fs.DocumentError, match=r"\(base\.squeaker, woodland_edge\.squeaker\), "
                                               r"and none of them shows on this side with "
                                               r"symbol 'Linden'"):
        fs.score_document(squeaker_doc("right", {"species": "Squeaker", "symbol": "Linden"}))


def test_a_name_only_one_box_has_needs_no_id() -> None:
    base_only = {"game": "base", "players": [{"forest": [
        {"tree": "Birch", "right": ["Squeaker"]}]}]}
    assert fs.score_document(base_only).players[0].total == 2  # one Squeaker: no ambiguity


def test_a_document_may_stack_butterflies_of_different_species_on_top_of_a_nettles_tree():
    """Stinging Nettle (card appendix): butterflies of any species share the top slot of its
    tree; a document says so by listing them in that slot. Without a Nettle there, refused."""
    doc = {"game": "base", "expansions": ["woodland_edge"], "players": [{"forest": [
        {"tree": "Birch", "top": ["Peacock Butterfly", "Map Butterfly", "Purple Emperor"],
         "bottom": ["Stinging Nettle"]}]}]}
    report = fs.score_document(doc)
    lines = {ln.card: ln.points for ln in report.players[0].lines}
    assert lines["Stinging Nettle"] == 6  # 2 per butterfly
    del doc["players"][0]["forest"][0]["bottom"]
    with pytest.raises(fs.DocumentError, match="one species may share a slot"):
        fs.score_document(doc)
