"""Game records (versioned JSON) and undo.

A record loads by replaying every action and checking each produced event against the
recorded one: a malformed, foreign, damaged or tampered record is refused with a
RecordError naming where (``index`` for an event, ``path`` for a field).
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.core import events as ev


@pytest.fixture(scope="module")
def finished() -> fs.Game:
    g = fs.new_game("base", players=3, seed=11, names=["Ann", "Bo", "Cy"])
    play_out(g, RandomBot(11))
    return g


@pytest.fixture(scope="module")
def record(finished: fs.Game) -> dict[str, Any]:
    return json.loads(finished.to_json())


def load(data: Any) -> fs.Game:
    return fs.Game.from_json(json.dumps(data))


def refused(data: Any) -> fs.RecordError:
    with pytest.raises(fs.RecordError) as info:
        load(data)
    assert isinstance(info.value, ValueError)
    return info.value


def first_index(data: dict[str, Any], type_name: str, start: int = 0) -> int:
    return next(i for i, e in enumerate(data["events"]) if i >= start and e["type"] == type_name)


# -- round trip --------------------------------------------------------------------------


def test_a_finished_game_round_trips_through_json(finished):
    g = fs.Game.from_json(finished.to_json())
    assert g.events == finished.events
    assert g.actions == finished.actions
    assert g.state.snapshot() == finished.state.snapshot()
    assert g.is_over and g.end_reason == finished.end_reason
    assert g.scores() == finished.scores()
    assert g.winners == finished.winners
    assert (g.names, g.seed, g.players, g.rules.id) == (["Ann", "Bo", "Cy"], 11, 3, "base")
    assert g.to_json() == finished.to_json()


def test_a_record_is_versioned_and_names_its_plugins(record):
    assert record["format"] == "forestshuffle-record"
    assert record["version"] == 3
    assert record["ruleset"] == "base"
    assert "base" in record["plugins"]
    assert all(isinstance(e["type"], str) and isinstance(e["v"], int) for e in record["events"])


def test_an_unfinished_game_round_trips_and_plays_on_the_same():
    g = fs.new_game("base", players=2, seed=4)
    bot = RandomBot(4)
    for _ in range(60):
        g.apply(bot.choose(g))
    h = fs.Game.from_json(g.to_json(indent=2))
    assert h.state.snapshot() == g.state.snapshot()
    assert h.pending == g.pending
    assert h.legal_actions() == g.legal_actions()
    for _ in range(40):
        a = bot.choose(g)
        assert g.apply(a) == h.apply(a)
    assert h.to_json() == g.to_json()


def test_a_record_loads_from_bytes(finished):
    g = fs.Game.from_json(finished.to_json().encode())
    assert g.events == finished.events


def test_a_scenario_game_round_trips():
    from forestshuffle.testing import CardPicker, scenario

    pk = CardPicker(fs.get_ruleset("base"))
    birch = pk.pick("base.birch")
    g = scenario("base", 2, hands={0: [birch, *pk.filler(3, trees=False)]})
    g.apply(fs.PlayCard(birch))
    g.apply(fs.Use())
    # issue 15: a scenario's set-up is written, not dealt, so it loads only when trusted
    with pytest.raises(fs.RecordError) as info:
        fs.Game.from_json(g.to_json())
    assert info.value.path == "$.origin"
    h = fs.Game.from_json(g.to_json(), trust_setup=True)
    assert h.events == g.events and h.state.snapshot() == g.state.snapshot()
    assert h.origin == "scenario" and h.to_json() == g.to_json()


# -- refused records ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["{", "", "not json", "[1, 2", b"\xff\xfe"])
def test_malformed_json_is_refused(text):
    with pytest.raises(fs.RecordError):
        fs.Game.from_json(text)


@pytest.mark.parametrize("data", [[], 1, None, "record"])
def test_a_record_that_is_not_an_object_is_refused(data):
    refused(data)


@pytest.mark.parametrize("fmt", ["chess-pgn", None, 1])
def test_a_record_of_another_format_is_refused(record, fmt):
    data = dict(record, format=fmt)
    assert refused(data).path == "$.format"
    data = dict(record)
    del data["format"]
    assert refused(data).path == "$.format"


@pytest.mark.parametrize("version", [0, 4, 99, "1", None, 1.5])
def test_an_unsupported_record_version_is_refused(record, version):
    assert refused(dict(record, version=version)).path == "$.version"


def test_a_record_of_an_unknown_ruleset_is_refused(record):
    assert refused(dict(record, ruleset="nope")).path == "$.ruleset"


def test_a_record_needing_a_plugin_that_is_not_installed_is_refused(record):
    plugins = dict(record["plugins"], some_fan_expansion="1.0")
    assert refused(dict(record, plugins=plugins)).path == "$.plugins"


@pytest.mark.parametrize("key", ["ruleset", "players", "names", "seed", "setup", "events",
                                 "actions"])
def test_a_record_missing_a_field_is_refused(record, key):
    data = dict(record)
    del data[key]
    assert refused(data).path == f"$.{key}"


@pytest.mark.parametrize("players", [1, 6, True, "3"])
def test_a_record_with_a_bad_player_count_is_refused(record, players):
    refused(dict(record, players=players))


def test_a_record_whose_names_do_not_match_the_players_is_refused(record):
    refused(dict(record, names=["Ann", "Bo"]))


@pytest.mark.parametrize("name", ["CardStolen", "Event", "GameState", "os.system",
                                  "__import__", None, 3])
def test_an_unknown_event_type_is_refused(record, name):
    data = copy.deepcopy(record)
    i = first_index(data, "CardDrawn")
    data["events"][i]["type"] = name
    err = refused(data)
    assert err.index == i
    assert err.path == "$.type"


def test_an_unsupported_event_version_is_refused(record):
    data = copy.deepcopy(record)
    i = first_index(data, "CardDrawn")
    data["events"][i]["v"] = 2
    err = refused(data)
    assert err.index == i and err.path == "$.v"


@pytest.mark.parametrize("change", [{"extra": 1}, {"card": None}, {"player": "zero"}])
def test_an_event_with_bad_fields_is_refused(record, change):
    data = copy.deepcopy(record)
    i = first_index(data, "CardDrawn")
    data["events"][i].update(change)
    assert refused(data).index == i


def test_an_event_that_is_not_an_object_is_refused(record):
    data = copy.deepcopy(record)
    data["events"][7] = ["CardDrawn", 0, 12]
    assert refused(data).index == 7


def test_a_tampered_card_number_is_refused_at_its_event(record):
    data = copy.deepcopy(record)
    i = first_index(data, "CardDrawn", start=data["setup"] + 20)
    card = data["events"][i]["card"]
    data["events"][i]["card"] = next(c for c in range(1, 200) if c != card)
    err = refused(data)
    assert err.index == i


def test_a_tampered_player_is_refused_at_its_event(record):
    data = copy.deepcopy(record)
    i = first_index(data, "CardPlayed")
    data["events"][i]["player"] = (data["events"][i]["player"] + 1) % 3
    assert refused(data).index == i


def test_reordered_events_are_refused(record):
    data = copy.deepcopy(record)
    i = first_index(data, "CardDrawn")
    assert data["events"][i + 1]["type"] == "CardDrawn"
    data["events"][i], data["events"][i + 1] = data["events"][i + 1], data["events"][i]
    assert refused(data).index == i


def test_extra_trailing_events_are_refused(record):
    data = copy.deepcopy(record)
    n = len(data["events"])
    data["events"].append({"type": "CardRevealed", "v": 1, "card": 1})
    assert refused(data).index == n


def test_a_truncated_log_is_refused(record):
    data = copy.deepcopy(record)
    data["events"].pop()
    assert refused(data).index == len(data["events"])


def test_a_log_without_the_deal_is_refused(record):
    data = copy.deepcopy(record)
    del data["events"][0]
    assert refused(data).index == 0


def test_a_dealt_deck_that_is_not_the_rulesets_cards_is_refused(record):
    data = copy.deepcopy(record)
    order = data["events"][0]["order"]
    order[1] = order[0]
    assert refused(data).index == 0


def test_a_reordered_deck_is_refused_at_the_deal(record):
    """Issue 15: the set-up is re-derived from the seed, so a reordered deck is refused at the
    deal itself (it once loaded until the first draw it changed)."""
    data = copy.deepcopy(record)
    order = data["events"][0]["order"]
    order[0], order[1] = order[1], order[0]
    assert refused(data).index == 0


def test_a_damaged_set_up_queue_is_refused(record):
    for steps in ([{"kind": "os.system", "player": 0, "card": -1, "args": {}}],
                  [{"kind": "pay", "player": 0, "card": 3, "args": {}}],
                  [{"kind": "mulligan", "player": 7, "card": -1, "args": {}}],
                  []):
        data = copy.deepcopy(record)
        data["events"][1]["steps"] = steps
        err = refused(data)
        assert err.index is not None


def test_an_action_of_an_unknown_type_is_refused(record):
    data = copy.deepcopy(record)
    data["actions"][3]["type"] = "Exec"
    assert refused(data).path == "$.actions[3].type"


def test_an_action_at_the_wrong_event_is_refused(record):
    data = copy.deepcopy(record)
    at = data["actions"][3]["at"]
    data["actions"][3]["at"] = at + 1
    assert refused(data).index == at + 1


def test_a_changed_action_is_refused_at_its_first_event(record):
    data = copy.deepcopy(record)
    n, act = next((n, a) for n, a in enumerate(data["actions"]) if a["type"] == "PlaySapling")
    act["card"] = 99999
    assert refused(data).index == act["at"]
    assert n >= 0


def test_a_missing_action_is_refused(record):
    data = copy.deepcopy(record)
    last = data["actions"].pop()
    assert refused(data).index == last["at"]


def test_loading_a_record_executes_nothing_from_it(record, monkeypatch):
    calls = []
    monkeypatch.setattr(os, "system", lambda *a: calls.append(a) or 0)
    data = copy.deepcopy(record)
    data["events"][1]["steps"][0]["kind"] = "os.system"
    refused(data)
    data = copy.deepcopy(record)
    data["events"][3]["type"] = "os.system"
    refused(data)
    data = copy.deepcopy(record)
    data["ruleset"] = "os:system"
    refused(data)
    assert calls == []


# -- undo --------------------------------------------------------------------------------


def played(n: int, seed: int = 8) -> fs.Game:
    g = fs.new_game("base", players=2, seed=seed)
    bot = RandomBot(seed)
    for _ in range(n):
        g.apply(bot.choose(g))
    return g


def test_undo_zero_changes_nothing():
    g = played(30)
    snap, n, na = g.state.snapshot(), len(g.events), len(g.actions)
    g.undo(0)
    assert (g.state.snapshot(), len(g.events), len(g.actions)) == (snap, n, na)


def test_undo_takes_back_the_last_n_actions():
    g = played(30)
    h = played(25)
    g.undo(5)
    assert len(g.actions) == 25
    assert g.state.snapshot() == h.state.snapshot()
    assert g.events == h.events
    assert g.pending == h.pending
    assert g.to_json() == h.to_json()


def test_undo_defaults_to_one_action():
    g = played(30)
    g.undo()
    assert g.events == played(29).events


def test_undo_of_every_action_returns_to_the_first_decision():
    g = played(30)
    g.undo(30)
    fresh = fs.new_game("base", players=2, seed=8)
    assert g.actions == []
    assert g.events == fresh.events
    assert g.state.snapshot() == fresh.state.snapshot()
    assert g.pending == fresh.pending


@pytest.mark.parametrize("n", [31, 1000, -1, "1", 1.0, None])
def test_undo_of_more_than_was_applied_or_a_bad_count_raises(n):
    g = played(30)
    snap, events = g.state.snapshot(), list(g.events)
    with pytest.raises(ValueError):
        g.undo(n)  # type: ignore[arg-type]
    assert g.state.snapshot() == snap and g.events == events


def test_undo_after_the_end_reopens_the_game():
    g = fs.new_game("base", players=2, seed=8)
    play_out(g, RandomBot(8))
    assert g.is_over
    g.undo()
    assert not g.is_over and g.pending is not None
    assert not any(isinstance(e, ev.GameEnded) for e in g.events)
    assert len(g.state.winter) == 2


def test_an_undone_game_records_and_loads_like_one_never_played_further():
    g = played(50)
    g.undo(20)
    h = fs.Game.from_json(g.to_json())
    assert h.events == played(30).events
    assert h.state.snapshot() == g.state.snapshot()
