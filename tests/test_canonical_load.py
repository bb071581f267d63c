"""The checked load's fast path for records exactly as this library writes them
(:mod:`forestshuffle.records.canonical`), and the generated text encoders that write records
(:func:`forestshuffle.records.codegen.text_encoder_of`).

Rule (issue 16 §5, DECISIONS "A record exactly as written is checked by its text"): the fast
path accepts a record only when its log is, byte for byte, the text of the game its actions
replay to, and then gives the game the general checked load gives; for anything else it gives
up and the general load gives the same error as ever. The writer's text is exactly what
``json.dumps`` makes of the record dict.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from bundled import random_game

import forestshuffle as fs
from forestshuffle.errors import RecordError, RecordWarning
from forestshuffle.records import canonical, record

CASES = [("base", (), 2), ("base", (), 4), ("smoky", (), 3), ("house-001", (), 2),
         ("base", ("alpine",), 3), ("base", ("woodland_edge",), 2), ("pokemon", (), 1),
         ("pokemon", ("pokemon_exp1", "pokemon_exp2", "pokemon_exp3"), 3)]


def _general(text: str) -> fs.Game:
    """The general checked load, without the fast path."""
    return fs.Game._load(record.parse(text), None, False, parsed=True)


def _compact(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


@pytest.fixture(scope="module")
def game() -> fs.Game:
    return random_game("base", (), 2, 11)


@pytest.mark.parametrize(("ruleset", "expansions", "players"), CASES)
def test_the_writer_writes_exactly_what_json_makes_of_the_record_dict(
        ruleset: str, expansions: tuple[str, ...], players: int) -> None:
    """The generated text encoders give the very text ``json.dumps`` gives of ``to_dict``
    (so records keep their format), mid-game and at the end, for every ruleset."""
    for seed, actions in ((3, 30), (5, None)):
        g = random_game(ruleset, expansions, players, seed, actions)
        assert g.to_json() == _compact(record.to_dict(g))


@pytest.mark.parametrize(("ruleset", "expansions", "players"), CASES)
def test_a_compact_record_loads_by_its_text_as_the_game_the_general_load_gives(
        ruleset: str, expansions: tuple[str, ...], players: int) -> None:
    """Same events, actions (the options themselves, labels and all), state and decision."""
    for seed, actions in ((3, 30), (5, None)):
        text = random_game(ruleset, expansions, players, seed, actions).to_json()
        fast = canonical.load(fs.Game, text, None)
        assert fast is not None, "a record this library wrote takes the fast path"
        slow = _general(text)
        assert fast.events == slow.events
        assert fast.actions == slow.actions
        assert [a.label for a, _ in fast.actions] == [a.label for a, _ in slow.actions]
        assert fast.state.snapshot() == slow.state.snapshot()
        assert fast.pending == slow.pending
        assert fast.to_json() == text


def test_the_writer_falls_back_to_json_for_a_number_it_has_no_text_for(game: fs.Game) -> None:
    """A whole number beyond the cached ones is written the general way, the same text."""
    clone = game.clone()
    clone.actions[0] = (clone.actions[0][0], 10**30)
    assert clone.to_json() == _compact(record.to_dict(clone))


def test_a_record_with_a_trailing_newline_takes_the_fast_path(game: fs.Game) -> None:
    assert canonical.load(fs.Game, game.to_json() + "\n", None) is not None
    assert canonical.load(fs.Game, game.to_json().encode("utf-8"), None) is not None


def test_other_layouts_and_old_versions_take_the_general_way(game: fs.Game) -> None:
    """An indented record, one with spaces, a version 1 record: the fast path gives up and
    the general load gives the game."""
    for text in (game.to_json(indent=2), json.dumps(record.to_dict(game))):
        assert canonical.load(fs.Game, text, None) is None
        assert fs.Game.from_json(text).events == game.events
    old = {**record.to_dict(game), "version": 1}
    assert canonical.load(fs.Game, _compact(old), None) is None


def _forge_event(data: dict[str, Any]) -> None:
    i = next(i for i, e in enumerate(data["events"]) if e["type"] == "CardDrawn")
    data["events"][i]["card"] += 1


def _forge_step_arg(data: dict[str, Any]) -> None:
    e = next(e for e in data["events"] if e["type"] == "StepsReplaced" and e["steps"][0]["args"])
    key = next(iter(e["steps"][0]["args"]))
    e["steps"][0]["args"][key] = True if e["steps"][0]["args"][key] == 1 else 1


def _with_card(d: dict[str, Any], n: int = 0) -> dict[str, Any]:
    """The *n*-th action of the record dict *d* that names a card."""
    action: dict[str, Any] = [a for a in d["actions"] if "card" in a][n]
    return action


FORGERIES = {
    "an event changed": _forge_event,
    "a bool for the number it equals in step args": _forge_step_arg,
    "an event dropped": lambda d: d["events"].pop(5),
    "an event added at the end": lambda d: d["events"].append({"type": "StepFinished", "v": 1}),
    "a float card in an action": lambda d: _with_card(d).update(card=_with_card(d)["card"] + 0.0),
    "a bool at": lambda d: d["actions"][0].update(at=True),
    "an action's at moved": lambda d: d["actions"][3].update(at=d["actions"][3]["at"] + 1),
    "an action's label": lambda d: d["actions"][0].update(label="x"),
    "an extra action key": lambda d: d["actions"][0].update(extra=1),
    "an illegal action": lambda d: _with_card(d, 1).update(card=-5),
    "an action dropped": lambda d: d["actions"].pop(),
    "another seed": lambda d: d.update(seed=d["seed"] + 1),
    "the set-up count": lambda d: d.update(setup=d["setup"] + 1),
    "an unknown key": lambda d: d.update(colour="red"),
    "a scenario origin": lambda d: d.update(origin="scenario"),
    "a bad player count": lambda d: d.update(players=True),
    "other plugins": lambda d: d.update(plugins={"nope": "1"}),
}


@pytest.mark.parametrize("forge", FORGERIES.values(), ids=FORGERIES.keys())
def test_a_forged_compact_record_is_refused_with_the_general_loads_error(
        game: fs.Game, forge: Any) -> None:
    """Whatever is forged, the fast path does not accept it, and loading the compact text
    raises the error the general load raises (the same message, index and path)."""
    data = json.loads(game.to_json())
    forge(data)
    text = _compact(data)
    assert canonical.load(fs.Game, text, None) is None
    with pytest.raises(RecordError) as general:
        _general(text)
    with pytest.raises(RecordError) as got:
        fs.Game.from_json(text)
    assert str(got.value) == str(general.value)
    assert (got.value.index, got.value.path) == (general.value.index, general.value.path)


def _hostile_texts(text: str) -> dict[str, str]:
    start = text.index(canonical.EVENTS)
    at = text.rindex(canonical.ACTIONS) + len(canonical.ACTIONS)
    return {
        "duplicate actions key in the head": text[:start] + ',"actions":[]' + text[start:],
        "duplicate key in the head": text.replace('"ruleset":"base"',
                                                  '"ruleset":"base","ruleset":"base"', 1),
        "deep nesting in the actions": text[:at] + "[" * 5000 + "]" * 5000 + "," + text[at:],
        "deep nesting in the head": text[:start] + ',"x":' + "[" * 5000 + "]" * 5000
        + text[start:],
        "a huge number in the actions": text[:at] + "1" + "0" * 5000 + "," + text[at:],
        "a huge number at": text.replace('"at":', '"at":' + "9" * 60, 1),
        "1e999 in the actions": text[:at] + "1e999," + text[at:],
        "NaN in the actions": text[:at] + "NaN," + text[at:],
        "Infinity as a seed": text.replace('"seed":11', '"seed":Infinity', 1),
        "an unterminated head": text[:start] + '"' + text[start:],
        "text after the end": text + "{}",
        "a second record after the first": text + text,
        "not UTF-8": "",
    }


@pytest.mark.parametrize("name", _hostile_texts('{"x":1},"events":[],"actions":[]}').keys())
def test_hostile_compact_text_is_refused_as_before(game: fs.Game, name: str) -> None:
    """Duplicate keys, deep nesting, huge numbers, ``1e999``, ``NaN``, junk around a compact
    record: the fast path gives up and the general load refuses it with a RecordError."""
    text = game.to_json()
    assert '"seed":11' in text
    hostile = _hostile_texts(text)[name]
    data: str | bytes = hostile if name != "not UTF-8" else text.encode("utf-8")[:-3] + b"\xff]}"
    assert canonical.load(fs.Game, data, None) is None
    with pytest.raises(RecordError):
        fs.Game.from_json(data)


def test_other_plugin_versions_warn_once_and_load(game: fs.Game) -> None:
    """A record of other plugin versions loads the general way, warning once."""
    data = json.loads(game.to_json())
    data["plugins"] = {k: v + ".1" for k, v in data["plugins"].items()}
    text = _compact(data)
    assert canonical.load(fs.Game, text, None) is None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = fs.Game.from_json(text)
    assert [type(w.message) for w in caught] == [RecordWarning]
    assert loaded.events == game.events


def test_a_checked_load_of_a_compact_record_does_not_read_its_events(
        game: fs.Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path is taken: neither the general load nor the event converter runs."""
    def boom(*_: Any, **__: Any) -> Any:
        raise AssertionError("the general load ran")

    monkeypatch.setattr(fs.Game, "_load", classmethod(boom))
    monkeypatch.setattr(record, "event_from_dict", boom)
    assert fs.Game.from_json(game.to_json()).events == game.events
