"""Seed 003's scoring example (计分示例, 85 points), reproduced card by card from the forest
document ``plugins/pokemon/examples/seed-003-85-points.json``.

The seed's table, entry by entry (source, card, points, condition):

===========  ========================  ======  =============================================
box          box (empty)               0       no card in the box
trainer      竹兰 Cynthia               0       only 5 different groups (8 needed)
trainer      小光 Dawn                  5       5 trainer cards
trainer      科拿 Lorelei               1       —
trainer      武藏 Jessie                12      6 cards collected
trainer      莎莉娜 Serena              5       —
top/bottom   未知图腾 E / P / !          6       3 different Unown cards
top/bottom   波克基斯 Togekiss          6       2 flying cards
top/bottom   天蝎王 Gliscor             5       —
top/bottom   土龙弟弟 Dunsparce         3       3 electric cards
top/bottom   电气球 Light Ball          0       —
top/bottom   掘掘兔 Bunnelby            6       3 cards below a dex
left/right   伊布 Eevee                 3       3 Eeveelution cards
left/right   炎武王 Emboar              9       3 cards marked with its group
left/right   水伊布 Vaporeon            5       3 different Eeveelutions
left/right   雷伊布 Jolteon             5       3 different Eeveelutions
left/right   火伊布 Flareon             5       3 different Eeveelutions
left/right   皮卡丘 Pikachu             9       3 Pikachu
===========  ========================  ======  =============================================

Two entries are three cards each (the three Unown, a set of three; the three Pikachu
sharing a slot), so the team is 21 cards. DECISIONS.md ("Pokémon re-theme") gives the
readings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.cli.app import main
from forestshuffle.documents.score import read_document

DOC_PATH = (Path(__file__).resolve().parents[2] / "plugins" / "pokemon" / "examples"
            / "seed-003-85-points.json")

#: the seed's entries: (card names, points of the entry); trainers first, then the halves
ENTRIES = [
    (("Cynthia",), 0), (("Dawn",), 5), (("Lorelei",), 1), (("Jessie",), 12), (("Serena",), 5),
    (("Unown E", "Unown P", "Unown !"), 6), (("Togekiss",), 6), (("Gliscor",), 5),
    (("Dunsparce",), 3), (("Light Ball",), 0), (("Bunnelby",), 6),
    (("Eevee",), 3), (("Emboar",), 9), (("Vaporeon",), 5), (("Jolteon",), 5), (("Flareon",), 5),
    (("Pikachu", "Pikachu", "Pikachu"), 9),
]


@pytest.fixture(scope="module")
def report() -> fs.ScoreReport:
    return fs.score_document(DOC_PATH.read_text(encoding="utf-8"))


def test_the_seed_example_scores_85_with_an_empty_box(report):
    """Seed 003, 计分示例: total 85; the box holds no card (0)."""
    (player,) = report.players
    assert player.total == 85
    assert player.cave == 0
    assert sum(e[1] for e in ENTRIES) == 85


def test_the_seed_example_is_the_seeds_21_cards_and_nothing_else(report):
    (player,) = report.players
    named = sorted(n for names, _ in ENTRIES for n in names)
    assert sorted(line.card for line in player.lines) == named
    assert len(player.lines) == 21


@pytest.mark.parametrize(("names", "expected"), ENTRIES, ids=[" / ".join(e[0]) for e in ENTRIES])
def test_each_entry_of_the_seed_example_scores_as_the_seed_says(report, names, expected):
    """Each row of the seed's table: the points of its card(s)."""
    (player,) = report.players
    lines = [line for line in player.lines if line.card in set(names)]
    assert len(lines) == len(names)
    assert sum(line.points for line in lines) == expected


def test_the_seed_examples_conditions_hold_card_by_card(report):
    """The 计分条件 column: why each card scores what it does."""
    (player,) = report.players
    by = {}
    for line in player.lines:
        by.setdefault(line.card, []).append(line)
    assert "only 5 trainer groups (needs 8)" in by["Cynthia"][0].reason
    assert by["Dawn"][0].reason == "1 × 5 tree cards"
    assert by["Jessie"][0].reason == "2 × 6 cards at this tree"
    assert by["Togekiss"][0].reason == "3 × 2 flying"
    assert by["Dunsparce"][0].reason == "1 × 3 electric"
    assert by["Bunnelby"][0].reason == "2 × 3 cards in bottom slots"
    assert by["Eevee"][0].reason == "1 × 3 eeveelution"
    assert by["Emboar"][0].reason == "3 × 3 cards showing Great Ball"
    for name in ("Vaporeon", "Jolteon", "Flareon"):
        assert by[name][0].points == 5
        assert "3 different eeveelution species" in by[name][0].reason
    # the set of three different Unown gives its 6 points to its first card
    assert [line.points for line in player.lines if line.card.startswith("Unown")] == [6, 0, 0]
    assert [line.points for line in by["Pikachu"]] == [3, 3, 3]
    assert all(line.slot == "left" and line.site == 3 for line in by["Pikachu"])


def test_the_seed_example_uses_one_physical_card_per_entry_card():
    """The document names every card's group mark, so each maps to one physical card."""
    doc = json.loads(DOC_PATH.read_text(encoding="utf-8"))
    cards = [c for site in doc["players"][0]["forest"] for slot in ("top", "bottom", "left",
             "right") for c in site.get(slot, [])]
    assert len(cards) == 16 and all("symbol" in c for c in cards)
    _, _, _, forests, assumed = read_document(doc)
    assert assumed == {}
    assert len(forests[0].order) == 21 == len(set(forests[0].order))


def test_the_seed_example_scores_85_on_the_command_line(capsys):
    assert main(["score", str(DOC_PATH)]) == 0
    out = capsys.readouterr().out
    assert "Seed 003 example: 85 points" in out
    assert "Emboar" in out and "Totals: Seed 003 example 85" in out
