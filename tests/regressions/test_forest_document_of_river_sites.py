"""Regression: the forest document of a game must read back (found by the toolkit).

``forestshuffle.testing.strategies.forests`` draws forest documents of random games; for
Smoky Mountains ``score_document`` refused them. ``forest_document`` wrote slot names
(``bottom_1``) where documents use slot groups (``below``), wrote a river card as a tree
(``Creek is not a tree``), a generic river as a sapling, and dropped the river of an
upgraded tree. Shrunk example: a 2-player Smoky game, seed 67, 38 random-bot actions: a
tree with a river, a Creek and a generic river.
"""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot

pytestmark = pytest.mark.skipif("smoky" not in fs.available_rulesets(),
                                reason="the smoky ruleset is not installed")


WANTED = {"smoky_tree_with_river", "smoky_river", "smoky_generic_river"}


def _kinds(game: fs.Game) -> set[str]:
    return {site.kind.id for f in game.state.forests for site in f.sites}


def _shrunk_game() -> fs.Game:
    """The shrunk example; should the card data change under it, the first seeded game
    that reaches the same kinds of site."""
    for seed, limit in ((67, 38), *((s, 400) for s in range(200))):
        game = fs.new_game("smoky", players=2, seed=seed)
        bot = RandomBot(seed)
        for _ in range(limit):
            if game.is_over or _kinds(game) >= WANTED:
                break
            game.apply(bot.choose(game))
        if _kinds(game) >= WANTED:
            return game
    raise AssertionError("no game reached a tree with a river, a river and a generic river")


def test_forest_document_names_every_site_as_documents_read_it() -> None:
    game = _shrunk_game()
    doc = game.forest_document()
    heads = [{k: v for k, v in site.items() if k in ("tree", "river", "sapling")}
             for p in doc["players"] for site in p["forest"]]
    assert any("tree" in h and h.get("river") is True for h in heads)
    assert {"river": "generic"} in heads
    assert any(isinstance(h.get("river"), dict) for h in heads)  # a river card by name
    for p in doc["players"]:
        for site in p["forest"]:
            assert not any(k.startswith(("bottom_", "top_")) for k in site), site


def test_forest_document_scores_as_the_game() -> None:
    game = _shrunk_game()
    report = fs.score_document(game.forest_document())
    assert tuple(p.total for p in report.players) == game.scores().totals
