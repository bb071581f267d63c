"""Card-data overrides: users correct card facts without editing a plugin."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out

# Card 70 is European Hare (left, Linden) / European Badger (right, Douglas Fir).
SYMBOLS = {"cards": {"70": {"symbols": ["Oak", "Oak"]}}}


def test_an_override_changes_a_cards_symbols_in_the_game():
    g = fs.new_game("base", players=2, seed=1, overrides=SYMBOLS)
    assert [h.symbol for h in g.rules.halves[70]] == ["Oak", "Oak"]
    plain = fs.new_game("base", players=2, seed=1)
    assert [h.symbol for h in plain.rules.halves[70]] == ["Linden", "Douglas Fir"]


def test_an_override_file_in_toml_and_json_is_read(tmp_path: Path):
    toml = tmp_path / "fix.toml"
    toml.write_text('[cards.70]\nsymbols = ["Oak", "Oak"]\n\n'
                    '[species."base.birch"]\ncost = 1\n', encoding="utf-8")
    js = tmp_path / "fix.json"
    js.write_text(json.dumps(SYMBOLS), encoding="utf-8")
    g = fs.new_game("base", players=2, seed=1, overrides=toml)
    assert g.rules.species["base.birch"].cost == 1
    assert g.rules.halves[70][0].symbol == "Oak"
    assert fs.new_game("base", 2, seed=1, overrides=str(js)).rules.halves[70][1].symbol == "Oak"


def test_an_override_can_replace_a_species_scoring():
    ov = {"species": {"base.squeaker": {"score": [{"kind": "flat", "args": {"points": 7}}]}}}
    doc = {"game": "base", "players": [{"name": "A", "forest": [
        {"tree": "Oak", "left": ["Squeaker"]}]}]}
    # Oak: 0 (one species); Squeaker: 1 by the card, 7 by the override
    assert fs.score_document(doc).players[0].total == 1
    assert fs.score_document(doc, overrides=ov).players[0].total == 7
    assert fs.score_document({**doc, "overrides": ov}).players[0].total == 7


def test_a_game_with_overrides_saves_and_loads_with_them():
    g = fs.new_game("base", players=2, seed=4, overrides=SYMBOLS)
    play_out(g, RandomBot(4))
    again = fs.Game.from_json(g.to_json())
    assert again.rules.halves[70][0].symbol == "Oak"
    assert again.state.snapshot() == g.state.snapshot()


@pytest.mark.parametrize(
    ("overrides", "item", "field"),
    [
        ({"cards": {"9999": {"symbols": []}}}, "card 9999", "(number)"),
        ({"cards": {"70": {"symbols": ["Moo", "Oak"]}}}, "card 70", "halves[0].symbol"),
        ({"cards": {"70": {"symbols": ["Oak"]}}}, "card 70", "symbols"),
        ({"cards": {"70": {"colour": "red"}}}, "card 70", "colour"),
        ({"species": {"base.nope": {"cost": 1}}}, "species 'base.nope'", "(id)"),
        ({"species": {"base.birch": {"cost": -1}}}, "species 'base.birch'", "cost"),
        ({"species": {"base.birch": {"name": "B"}}}, "species 'base.birch'", "name"),
        ({"species": {"base.wolf": {"score": [{"kind": "per_tags", "args": {}}]}}},
         "species 'base.wolf'", "score[0].kind"),
        ({"cards": {"70": {"halves": [{"species": "base.wolff", "position": "left"}]}}},
         "card 70", "halves[0].species"),
        ({"colours": {}}, "overrides", "(top)"),
    ],
)
def test_a_bad_override_names_the_card_or_species_and_field(overrides, item, field):
    with pytest.raises(fs.CardDataError) as err:
        fs.new_game("base", players=2, seed=1, overrides=overrides)
    assert err.value.plugin == "overrides"
    assert err.value.item == item
    assert err.value.field == field


def test_the_cli_takes_an_override_file_and_reports_a_bad_one(tmp_path: Path):
    good = tmp_path / "good.toml"
    good.write_text('[cards.70]\nsymbols = ["Oak", "Oak"]\n', encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text("[cards.70\n", encoding="utf-8")
    exe = Path(sys.executable).with_name("forestshuffle")
    ok = subprocess.run([str(exe), "demo", "--quiet", "--overrides", str(good)],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and "Scores:" in ok.stdout
    ko = subprocess.run([str(exe), "demo", "--overrides", str(bad)],
                        capture_output=True, text=True, check=False)
    assert ko.returncode == 2
    assert "Traceback" not in ko.stderr and "not valid TOML" in ko.stderr


@pytest.mark.parametrize(
    ("overrides", "field", "problem"),
    [
        ({"species": {"base.birch": {"cost": "3"}}}, "cost", "must be a whole number, not str"),
        ({"species": {"base.birch": {"cost": True}}}, "cost", "not bool"),
        ({"species": {"base.birch": {"tags": "bird"}}}, "tags", "must be a list, not str"),
        ({"species": {"base.birch": {"tags": ["bird", 3]}}}, "tags[1]", "must be a name"),
        ({"species": {"base.birch": {"score": [{"kind": "flat", "args": [1]}]}}},
         "score[0].args", "must be a table/object"),
        ({"species": {"base.birch": {"score": [{"kind": "flat", "extra": 1}]}}},
         "score[0].extra", "unknown key (known: kind, args)"),
        ({"species": {"base.birch": {"triggers": [
            {"kind": "x", "args": {"effect": [{"kind": 1}]}}]}}},
         "triggers[0].args.effect[0].kind", "must be a name"),
        ({"cards": {"70": {"halves": [{"species": "base.wolf", "position": "up"}]}}},
         "halves[0].position", "unknown position 'up'"),
        ({"cards": {"70": {"symbols": ["Oak", 1]}}}, "symbols[1]", "must be a name"),
    ],
)
def test_an_override_is_structured_field_by_field_and_names_the_exact_path(
        overrides, field, problem):
    """Overrides are structured into typed entries (cattrs, strict: no text for a number, no
    text for a list): a wrong value is named by its path inside the card or species."""
    with pytest.raises(fs.CardDataError) as err:
        fs.get_ruleset("base", overrides)
    assert err.value.field == field
    assert problem in err.value.problem
