"""Issue 15, forest documents: bounded, strictly read, and exported so that they score and
re-export exactly as the game.

Source: docs/security.md ("Forest documents"), docs/score-documents.md.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.documents.score import document_of, read_document
from forestshuffle.safety import MAX_DEPTH, MAX_RECORD_BYTES


def problems(doc: Any) -> list[fs.documents.DocumentProblem]:
    with pytest.raises(fs.DocumentError) as info:
        fs.score_document(doc)
    return info.value.problems


def one_player(forest: list[Any], **player: Any) -> dict[str, Any]:
    return {"game": "base", "players": [{"name": "Ann", "cave": 0, "forest": forest, **player}]}


def test_a_document_naming_more_cards_than_the_game_has_is_refused_at_once():
    """Thousands of cards in one slot once took quadratic time to refuse."""
    doc = one_player([{"tree": "Birch", "bottom": ["Common Toad"] * 5_000}])
    (p,) = problems(doc)
    assert "5001 cards" in p.message and "161" in p.message


def test_a_full_size_document_is_refused_with_one_problem_per_card_beyond_the_copies():
    """Within the bound the matcher reports each card it cannot place, counting copies per
    species once (not once per card)."""
    doc = one_player([{"tree": "Birch", "left": ["European Hare"] * 150}])
    ps = problems(doc)
    assert all("European Hare" in p.message for p in ps)
    assert any("more European Hare cards than the game has (150" in p.message for p in ps)


@pytest.mark.parametrize("cave", [10**4000, 162, -1, True, 1.5, "3"])
def test_a_cave_count_must_be_a_whole_number_up_to_the_games_cards(cave):
    """A cave count of thousands of digits once crashed the score report."""
    (p,) = problems(one_player([], cave=cave))
    assert p.where.endswith("cave")


def test_more_players_than_the_ruleset_allows_is_refused():
    doc = {"game": "base", "players": [{"name": f"P{i}"} for i in range(6)]}
    (p,) = problems(doc)
    assert p.where == "players"


@pytest.mark.parametrize("name", ["Ann\n  - Winner: Eve", "\x1b]0;pwned\x07", "a\u202eb",
                                  "x" * 500, 3])
def test_a_player_name_with_control_characters_is_refused_and_not_echoed(name):
    (p,) = problems(one_player([], name=name))
    assert "\x1b" not in str(p) and "\n" not in str(p) and "\u202e" not in str(p)


def test_an_unknown_species_with_control_characters_is_reported_escaped():
    (p,) = problems(one_player([{"tree": "Birch", "top": ["\x1b[2JOwl"]}]))
    assert "\x1b" not in p.message and "\\x1b[2JOwl" in p.message


def test_a_huge_species_name_is_reported_shortly():
    (p,) = problems(one_player([{"tree": "Birch", "top": ["Owl" * 100_000]}]))
    assert len(p.message) < 200


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deeply_nested_document_text_is_refused(depth):
    text = '{"game": "base", "players": ' + "[" * depth + "]" * depth + "}"
    (p,) = problems(text)
    assert "nested" in p.message


def test_a_deeply_nested_document_dict_is_refused():
    deep: Any = []
    for _ in range(MAX_DEPTH + 5):
        deep = [deep]
    (p,) = problems({"game": "base", "players": deep})
    assert "nested" in p.message


def test_a_document_larger_than_the_limit_is_refused():
    (p,) = problems('{"game": "' + "x" * MAX_RECORD_BYTES + '"}')
    assert "too large" in p.message


def test_a_document_that_is_not_utf8_is_refused():
    (p,) = problems(b'{"game": "base\xff"}')
    assert "UTF-8" in p.message


def test_duplicate_keys_in_a_document_are_refused():
    (p,) = problems('{"game": "base", "game": "smoky", "players": []}')
    assert "duplicate" in p.message


# -- exported documents ----------------------------------------------------------------------


def _tree_symbol_overrides(rid: str, rng: random.Random) -> dict[str, Any]:
    rules = fs.get_ruleset(rid)
    trees = [c for c in rules.halves if rules.is_tree_card(c)]
    return {"cards": {str(c): {"symbols": [rng.choice(rules.symbols)]}
                      for c in rng.sample(trees, 12)}}


@pytest.mark.parametrize("rid", ["base", "smoky"])
@pytest.mark.parametrize("seed", range(6))
def test_an_exported_document_scores_as_the_game_with_overrides_touching_trees(rid, seed):
    """Tree symbols were once left out of exported documents, and the overrides with them:
    with overrides that change tree symbols the document scored differently."""
    rng = random.Random(seed)
    rules = fs.get_ruleset(rid, _tree_symbol_overrides(rid, rng))
    g = fs.new_game(rules, rng.randint(2, 4), seed=seed)
    play_out(g, RandomBot(seed))
    doc = g.forest_document()
    assert doc["overrides"] == rules.overrides
    report = fs.score_document(json.loads(json.dumps(doc)))
    assert [p.total for p in report.players] == list(g.scores().totals)


@pytest.mark.parametrize("rid", ["base", "smoky"])
def test_an_exported_document_re_exports_identically(rid):
    g = fs.new_game(rid, 3, seed=11)
    play_out(g, RandomBot(11))
    doc = g.forest_document()
    rules, names, caves, forests, _ = read_document(doc)
    assert document_of(rules, names, caves, forests) == doc


def test_an_exported_tree_names_its_symbol():
    g = fs.new_game("base", 2, seed=2)
    play_out(g, RandomBot(2))
    trees = [s["tree"] for p in g.forest_document()["players"] for s in p["forest"]
             if "tree" in s]
    assert trees and all(isinstance(t, dict) and t["symbol"] for t in trees)
