"""Issue 15, overrides: files only from the caller's own arguments, bounded and UTF-8; inside
documents and records, inline mappings only; validation refuses what cannot work.

Source: docs/security.md ("Overrides").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.plugins.overrides import load_overrides
from forestshuffle.safety import MAX_DEPTH, MAX_OVERRIDES_BYTES

SECRET = "TOP-SECRET-LINE"


def refused(overrides: Any) -> fs.CardDataError:
    with pytest.raises(fs.CardDataError) as info:
        fs.get_ruleset("base", overrides)
    assert info.value.plugin == "overrides"
    return info.value


@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    p = tmp_path / "secret.json"
    p.write_text(f'{{"{SECRET}": 1, oops}}', encoding="utf-8")
    return p


def test_a_document_naming_an_override_file_is_refused_without_opening_it(secret_file,
                                                                          monkeypatch):
    opened: list[str] = []
    real = open
    monkeypatch.setattr("builtins.open", lambda f, *a, **k: opened.append(str(f)) or
                        real(f, *a, **k))
    for path in (str(secret_file), "/dev/zero"):
        doc = {"game": "base", "overrides": path, "players": [{"name": "A"}]}
        with pytest.raises(fs.DocumentError) as info:
            fs.score_document(doc)
        assert info.value.problems[0].where == "overrides"
        assert SECRET not in str(info.value)
    assert str(secret_file) not in opened and "/dev/zero" not in opened


def test_a_caller_may_still_pass_an_override_file(tmp_path):
    p = tmp_path / "o.json"
    p.write_text(json.dumps({"species": {"base.wolf": {"cost": 1}}}))
    doc = {"game": "base", "players": [{"name": "A"}]}
    assert fs.score_document(doc, overrides=str(p)).players[0].total == 0
    assert fs.new_game("base", 2, seed=1, overrides=p).rules.species["base.wolf"].cost == 1


def test_an_override_file_that_is_not_a_regular_file_is_refused():
    err = refused("/dev/zero")
    assert "regular file" in err.problem


def test_an_override_file_over_the_size_limit_is_refused(tmp_path):
    p = tmp_path / "big.json"
    p.write_text('{"cards": {}, "x": "' + "y" * MAX_OVERRIDES_BYTES + '"}')
    assert "too large" in refused(p).problem


def test_an_override_file_that_is_not_utf8_is_refused(tmp_path):
    p = tmp_path / "latin1.toml"
    p.write_bytes('[species."base.wolf"]\ncost = 1 # caf\xe9\n'.encode("latin-1"))
    assert "UTF-8" in refused(p).problem


def test_the_contents_of_a_bad_override_file_never_appear_in_the_error(secret_file):
    err = refused(secret_file)
    assert SECRET not in str(err) and "not valid JSON" in err.problem


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_deeply_nested_override_files_are_refused(tmp_path, suffix):
    p = tmp_path / f"deep{suffix}"
    depth = 5_000
    if suffix == ".json":
        p.write_text('{"cards": ' + "[" * depth + "]" * depth + "}")
    else:
        p.write_text("x = " + "[" * depth + "]" * depth + "\n")
    assert "nested" in refused(p).problem or "not valid" in refused(p).problem


def test_a_deeply_nested_or_cyclic_mapping_is_refused():
    deep: Any = {}
    for _ in range(MAX_DEPTH + 5):
        deep = {"x": deep}
    refused({"species": deep})
    cyclic: dict[str, Any] = {}
    cyclic["species"] = cyclic
    refused(cyclic)


@pytest.mark.parametrize("overrides", [[], 3, b"{}", "no/such/file.toml"])
def test_overrides_must_be_a_mapping_or_the_path_of_a_file(overrides):
    refused(overrides)


WOLF = "base.wolf"


@pytest.mark.parametrize("spec", [
    {"kind": "per", "args": {"points": 1, "count": 5}},          # a count that is not a name
    {"kind": "per", "args": {"points": 1.5, "count": "tag:deer"}},  # a fraction
    {"kind": "per", "args": ["points", 1]},                      # args that are not a table
    {"kind": "flat", "args": {"points": -5}},                    # negative points
    {"kind": "set_table", "args": {"table": [1, True], "count": "species:base.wolf"}},
    {"kind": "if_site_has", "args": {"points": 1, "tag": {}}},
    {"kind": "if_site_is", "args": {"points": 1, "species": ["base.birch"]}},
])
def test_a_scoring_override_that_cannot_work_is_refused(spec):
    refused({"species": {WOLF: {"score": [spec]}}})


def test_if_slot_shared_given_to_a_tree_is_refused_at_compile_time():
    """It once compiled, and then every scoring raised KeyError."""
    err = refused({"species": {"base.birch": {"score": [{"kind": "if_slot_shared",
                                                         "args": {"points": 3}}]}}})
    assert err.item == "species 'base.birch'" and err.field == "score"


@pytest.mark.parametrize("change", [
    {"effect": [{"kind": "draw", "args": {"n": 1.0}}]},
    {"effect": [{"kind": "draw", "args": {"n": True}}]},
    {"effect": [{"kind": "free_play", "args": {"filter": "bird"}}]},
    {"triggers": [{"kind": "on_play", "args": {"effect": "draw"}}]},
    {"tags": ["deer", 3]},
    {"cost": 1.0},
    {"cost": True},
])
def test_an_effect_or_species_override_that_cannot_work_is_refused(change):
    refused({"species": {WOLF: change}})


@pytest.mark.parametrize("card", [
    {"halves": [{"species": "base.birch", "position": [], "symbol": "Birch"}]},
    {"halves": [{"species": "base.birch", "symbol": 3}]},
    {"symbols": [5]},
])
def test_a_card_override_with_values_of_the_wrong_type_is_refused(card):
    refused({"cards": {"1": card}})


@pytest.mark.parametrize("key", [" 1", "1.0", "+1", "1_0", "0x1", "١"])
def test_a_card_key_must_be_plain_digits(key):
    err = refused({"cards": {key: {"symbols": ["Birch"]}}})
    assert err.field == "(number)"


def test_a_valid_override_still_plays_and_scores():
    rules = fs.get_ruleset("base", {"species": {WOLF: {"cost": 1, "score": [
        {"kind": "per", "args": {"points": 2, "count": "tag:deer"}}]}}})
    g = fs.new_game(rules, 2, seed=5)
    play_out(g, RandomBot(5))
    assert all(t >= 0 for t in g.scores().totals)


def test_an_override_given_as_a_mapping_with_non_json_values_is_refused():
    refused({"species": {WOLF: {"cost": object()}}})
    refused({"species": {WOLF: {"score": [{"kind": "flat", "args": {"points": float("nan")}}]}}})


def test_load_overrides_returns_a_plain_copy():
    src = {"species": {WOLF: {"cost": 1}}}
    got = load_overrides(src)
    assert got == src and got is not src
