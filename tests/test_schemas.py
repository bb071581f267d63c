"""The published JSON Schemas (docs/schemas/, on the site under schemas/): every forest
document and record forestshuffle writes, and the documents the docs show, validate against
them; a document or record with an unknown key fails them as it fails the loader; the docs
link them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "docs" / "schemas"


def _validator(name: str) -> jsonschema.protocols.Validator:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


DOCUMENT = _validator("forest-document.schema.json")
RECORD = _validator("record.schema.json")


def _errors(validator: Any, data: Any) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in validator.iter_errors(data)]


def _played(rid: str, seed: int) -> fs.Game:
    rules = fs.get_ruleset(rid)
    game = fs.new_game(rid, players=rules.spec.min_players, seed=seed)
    play_out(game, RandomBot(seed))
    return game


@pytest.mark.parametrize("rid", fs.available_rulesets())
def test_the_forest_documents_and_records_written_validate(rid: str) -> None:
    """``game.forest_document()`` and ``game.to_json()`` of a played game of each ruleset."""
    game = _played(rid, 3)
    assert _errors(DOCUMENT, game.forest_document()) == []
    record = json.loads(game.to_json())
    assert _errors(RECORD, record) == []
    assert fs.score_document(game.forest_document()).players


def test_a_record_with_options_expansions_and_overrides_validates() -> None:
    game = fs.new_game("base", players=3, seed=2, expansions=["alpine"],
                       options={"mulligan": False},
                       overrides={"species": {"base.wolf": {"cost": 1}}})
    for _ in range(30):
        game.apply_index(0)
    assert _errors(RECORD, json.loads(game.to_json())) == []


def test_the_stored_records_validate() -> None:
    records = sorted((ROOT / "tests" / "records").rglob("*.json"))
    assert records
    for path in records:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") == "forestshuffle-record":
            assert _errors(RECORD, data) == [], path.name


def _json_blocks(page: str) -> list[Any]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return [json.loads(b) for b in re.findall(r"^```json\n(.*?)^```", text, re.M | re.S)]


def test_the_documents_the_docs_show_validate() -> None:
    blocks = _json_blocks("score-documents.md")
    docs = [b for b in blocks if isinstance(b, dict) and "game" in b]
    assert len(docs) >= 2
    for doc in docs:
        assert _errors(DOCUMENT, doc) == [], doc


@pytest.mark.parametrize(("spoil", "where"), [
    (lambda d: d.update(colour="red"), "$"),
    (lambda d: d["players"][0].update(hand=[]), "$.players[0]"),
    (lambda d: d["players"][0].update(cave=-1), "$.players[0].cave"),
    (lambda d: d["players"][0]["forest"][0].update(top=[{"species": "Tawny Owl",
                                                           "colour": 1}]),
     "$.players[0].forest[0].top"),
    (lambda d: d.update(players=[]), "$.players"),
])
def test_a_spoilt_document_fails_the_schema_and_the_scorer(spoil: Any, where: str) -> None:
    doc = {"game": "base", "players": [{"name": "Ada", "cave": 1, "forest": [
        {"tree": "Silver Fir", "top": ["Tawny Owl"]}]}]}
    assert _errors(DOCUMENT, doc) == []
    fs.score_document(doc)
    spoil(doc)
    assert any(e.startswith(where) for e in _errors(DOCUMENT, doc)), _errors(DOCUMENT, doc)
    with pytest.raises(fs.DocumentError):
        fs.score_document(doc)


def test_a_record_with_an_unknown_key_fails_the_schema_and_the_loader() -> None:
    record = json.loads(_played("base", 1).to_json())
    record["cheat"] = True
    assert _errors(RECORD, record)
    with pytest.raises(fs.RecordError):
        fs.Game.from_json(json.dumps(record))


@pytest.mark.parametrize(("page", "schema"), [
    ("score-documents.md", "schemas/forest-document.schema.json"),
    ("rules-engine.md", "schemas/record.schema.json"),
])
def test_the_docs_link_the_schemas(page: str, schema: str) -> None:
    assert f"]({schema})" in (ROOT / "docs" / page).read_text(encoding="utf-8")
