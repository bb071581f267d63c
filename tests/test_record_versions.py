"""Records of every format version load (older ones are upcast, not refused)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.records import record

RECORDS = Path(__file__).parent / "records"


def test_there_is_a_test_record_for_every_format_version():
    versions = {json.loads(p.read_text())["version"] for p in RECORDS.glob("*.json")}
    assert versions == set(range(1, record.VERSION + 1))


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.name)
def test_a_stored_record_loads_and_plays_on(path: Path):
    data = json.loads(path.read_text())
    game = fs.Game.from_json(path.read_text())
    assert game.names == data["names"]
    assert len(game.actions) == len(data["actions"])
    # an older version's log is read modulo bookkeeping (record.upcast): the same game
    stored = data["events"] if data["version"] == record.VERSION else record.semantic(
        data["events"])
    loaded = json.loads(game.to_json())["events"]
    if data["version"] != record.VERSION:
        loaded = record.semantic(loaded)
    assert loaded == stored
    # the record stays valid: it plays on and saves again identically up to the stored events
    fs.bots.play_out(game, fs.bots.RandomBot(1))
    assert game.is_over
    again = json.loads(game.to_json())["events"]
    if data["version"] != record.VERSION:
        again = record.semantic(again)
    assert again[: len(stored)] == stored


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_log_is_read_modulo_bookkeeping_and_tampering_is_still_refused(version):
    """Versions 2 and 3 keep the queue with fewer bookkeeping events; an older record
    replays comparing every other event (record.upcast), so a tampered card is still
    refused."""
    path = RECORDS / f"v{version}-base-2p-seed7.json"
    data = json.loads(path.read_text())
    fs.Game.from_json(json.dumps(data))  # untampered, it loads
    i = next(i for i, e in enumerate(data["events"]) if e["type"] == "CardTaken")
    data["events"][i]["card"] = data["events"][i]["card"] + 1
    with pytest.raises(fs.RecordError):
        fs.Game.from_json(json.dumps(data))


def test_a_newer_record_version_is_refused_with_the_path():
    data = json.loads(sorted(RECORDS.glob("*.json"))[0].read_text())
    data["version"] = record.VERSION + 1
    with pytest.raises(fs.RecordError) as err:
        fs.Game.from_json(json.dumps(data))
    assert err.value.path == "$.version"


def test_apply_checks_whose_decision_it_is():
    game = fs.new_game("base", players=2, seed=3)
    pending = game.pending
    assert pending is not None
    other = 1 - pending.player
    before = game.state.snapshot()
    with pytest.raises(fs.IllegalActionError, match="not player"):
        game.apply(game.legal_actions()[0], player=other)
    assert game.state.snapshot() == before
    game.apply(game.legal_actions()[0], player=pending.player)


def test_a_view_as_json_holds_only_what_its_player_may_see():
    game = fs.new_game("base", players=3, seed=5)
    bot = fs.bots.RandomBot(5)
    for _ in range(60):
        game.apply(bot.choose(game))
    for p in range(3):
        data = json.loads(game.view(p).to_json())
        assert data["hand"] == list(game.state.hands[p])
        assert data["cave"] == list(game.state.caves[p])
        assert set(data) >= {"hand_sizes", "cave_sizes", "deck_size", "clearing", "forests"}
        assert "deck" not in data and "hands" not in data and "caves" not in data
        assert data["hand_sizes"] == [len(h) for h in game.state.hands]
