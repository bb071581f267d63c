"""Forest documents (the score calculator) with the expansions: a shrub is a site named by
its feature, ``{"shrub": "Common Hazel", "top": [...], ...}``, with the slots by their usual
names, and a game's forests export and score back the same.

The documents name a ruleset id, and the expansions have no installed ruleset yet, so these
tests point ``get_ruleset`` at the provisional rulesets.
"""

from __future__ import annotations

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


def test_a_name_two_species_carry_is_refused_in_a_document_the_id_is_asked():
    """Two boxes' Squeakers (base, Woodland Edge) share the name: a document must name the
    box's species by its id where a rule cares which box a card is from."""
    doc = {"game": "base", "expansions": ["woodland_edge"], "players": [{"forest": [
        {"tree": "Birch", "right": ["Squeaker"]}]}]}
    with pytest.raises(fs.DocumentError, match=r"base\.squeaker, woodland_edge\.squeaker"):
        fs.score_document(doc)
    doc["players"][0]["forest"][0]["right"] = ["woodland_edge.squeaker"]
    assert fs.score_document(doc).players[0].total >= 1
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
