"""Documents and records given as Python objects (not JSON text) keep the limits of the
text reader: a whole number of more than 40 digits (5,000 digits: beyond what Python turns
into text) is the library's own error, DocumentError or RecordError, never a ValueError."""

from __future__ import annotations

import json
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.safety import MAX_INT_DIGITS

HUGE = [10**MAX_INT_DIGITS, 10**5000, -(10**5000)]


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    g = fs.new_game("base", players=2, seed=1)
    play_out(g, RandomBot(1))
    data: dict[str, Any] = json.loads(g.to_json())
    return data


@pytest.mark.parametrize("n", HUGE, ids=["41-digits", "5000-digits", "minus-5000-digits"])
@pytest.mark.parametrize("where", ["seed", "players", "event", "action"])
def test_a_record_object_with_a_huge_number_is_a_record_error(record: dict[str, Any], n: int,
                                                              where: str) -> None:
    data = json.loads(json.dumps(record))
    if where == "event":
        data["events"][3]["card"] = n
    elif where == "action":
        data["actions"][0]["at"] = n
    else:
        data[where] = n
    with pytest.raises(fs.RecordError, match="digits"):
        fs.Game.from_record(data)
    with pytest.raises(fs.DocumentError, match="digits"):
        fs.score_document(data)


@pytest.mark.parametrize("n", HUGE, ids=["41-digits", "5000-digits", "minus-5000-digits"])
def test_a_document_object_with_a_huge_number_is_a_document_error(n: int) -> None:
    doc = {"game": "base", "players": [{"name": "A", "cave": n, "forest": []}]}
    with pytest.raises(fs.DocumentError, match="digits"):
        fs.score_document(doc)
    doc = {"game": "base", "players": [{"name": "A", "forest": [{"tree": n}]}]}
    with pytest.raises(fs.DocumentError, match="digits"):
        fs.score_document(doc)
