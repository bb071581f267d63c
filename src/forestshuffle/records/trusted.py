"""Loading records the caller wrote itself: ``Game.from_json(text, trusted=True)``.

The default load (:mod:`forestshuffle.records.record`) trusts nothing: it re-derives the set-up and
replays every action through ``decide``, comparing each event. A *trusted* load skips all of
that: it decodes the events straight into their classes (one small decoder per class, built
from its field types, instead of the general converter), folds them into a state and asks
the head step for the pending decision. Use it only for records your own program wrote (a
cache, a saved search tree, a results file); a damaged trusted record raises
:class:`~forestshuffle.errors.RecordError` where it can be seen to be bad, but a forged one
may load as a game that never happened.

JSON is read with ``orjson`` when it is installed (``pip install forestshuffle[fast]``), else
with the standard library; records the current version writes load trusted, older ones go
through the checked load (their bookkeeping events differ).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.core.collector import paused
from forestshuffle.core.decisions import ACTION_TYPES, Action
from forestshuffle.core.machine import fold
from forestshuffle.errors import ForestShuffleError, RecordError
from forestshuffle.records.codegen import Decoder, decoder_of, list_decoder
from forestshuffle.records.record import (
    FORMAT,
    VERSION,
    _ruleset,
    action_from_dict,
    event_from_dict,
)

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

try:  # pragma: no cover - depends on the environment
    import orjson as _orjson

    _loads: Callable[[Any], Any] | None = _orjson.loads
    _OrjsonError: type[Exception] = _orjson.JSONDecodeError
except ImportError:  # pragma: no cover - depends on the environment
    _loads = None
    _OrjsonError = ValueError


def parse(text: str | bytes) -> Any:
    """The JSON value of *text*: through orjson when installed (unless the record's seed is
    beyond the 64 bits orjson reads as whole numbers), else the standard library."""
    if _loads is not None:
        try:
            value = _loads(text)
        except _OrjsonError:
            pass
        else:  # orjson reads whole numbers beyond 64 bits as floats: a record's seed may be one
            if not (isinstance(value, dict) and type(value.get("seed")) is float):
                return value
    try:
        return json.loads(text)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"not a JSON record: {exc}") from None


Entry = tuple[int, Decoder | None]
_CORE: dict[str, Entry] = {}


def _entry(cls: type[Any]) -> Entry:
    return cls.class_version, decoder_of(cls)


def _event_table(rules: Ruleset) -> dict[str, Entry]:
    """Per event tag, its class's current version and decoder (None: decode it the checked
    way): the core's events, then the ruleset's plugins' own."""
    if not _CORE:
        _CORE.update({tag: _entry(cls) for tag, cls in ev.EVENT_TYPES.items()})
    own = rules.registry.events
    if not own:
        return _CORE
    return {**{tag: _entry(cls) for tag, cls in own.items()}, **_CORE}


#: the core's event classes, the most frequent in games first
_ORDER = [ev.StepsReplaced, ev.StepFinished, ev.TurnStarted, ev.CardPlayed, ev.CardTaken,
          ev.CardRevealed, ev.CardDrawn]
_CORE_EVENTS: list[type[ev.Event]] = [
    *_ORDER, *(c for c in ev.EVENT_TYPES.values() if c not in _ORDER)]
#: the core's events, and actions, decoded in one generated loop each (codegen.list_decoder)
_decode_events = list_decoder(_CORE_EVENTS)
_decode_actions = list_decoder(list(ACTION_TYPES.values()), action=True)


def _events(raw: list[Any], rules: Ruleset) -> list[ev.Event]:
    """The events of a record's log, decoded; an event of an older version of its class (or
    of a class this decoder does not know) goes through the checked decoder."""
    table = _event_table(rules)
    none: Entry = (0, None)

    def other(d: Any, i: int) -> ev.Event:
        version, dec = table.get(d["type"], none)
        if dec is None or d["v"] != version:
            return event_from_dict(d, i, rules)
        event: ev.Event = dec(d)
        return event

    events: list[ev.Event] = _decode_events(raw, other)
    return events


def _action(d: Any, index: int, rules: Ruleset) -> tuple[Action, int]:
    name = d["type"]
    cls = ACTION_TYPES.get(name) or rules.registry.actions.get(name)
    dec = decoder_of(cls) if cls is not None else None
    if dec is None:
        return action_from_dict(d, index, rules)
    return dec(d), d["at"]


def load(game_cls: Any, text: str | bytes, rules: Ruleset | None) -> Any:
    """The game (of class *game_cls*, :class:`~forestshuffle.core.game.Game`, which imports this
    module) of a record *text* the caller wrote itself, without re-deciding it (see the
    module's docstring). RecordError for what is not a record of the current version of a
    loadable ruleset, or whose log does not fold to a decision.

    The cyclic garbage collector is paused while the record loads (as it was before
    afterwards): a load makes thousands of objects that all live on, and the collections
    their allocations set off (each young object looked at again and again, a full
    collection of everything the program holds now and then) were about a third of a
    load's time (most of it in cache misses: 6 % of its instructions). What a load makes
    lives on in the game; a failed load's garbage is collected afterwards. The pause is
    the process's (:func:`forestshuffle.core.collector.paused`): other threads' garbage waits for
    the load's end too."""
    return paused(_load, game_cls, text, rules)


def _load(game_cls: Any, text: str | bytes, rules: Ruleset | None) -> Any:
    data = parse(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record", path="$.format")
    if data.get("version") != VERSION:
        return game_cls.from_record(data, rules=rules, trust_setup=True)
    try:
        rules = _ruleset(data, rules)
        game = game_cls(rules, data["players"], data["seed"], data["names"])
        game.origin = data.get("origin", "seed")
        game.setup_events = data["setup"]
        raw = data["events"]
        events = _events(raw, rules)
        game.actions = _decode_actions(data["actions"], lambda d, i: _action(d, i, rules))
    except ForestShuffleError as exc:
        raise RecordError(f"a trusted record that does not load: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"a trusted record that does not load: {type(exc).__name__} "
                          f"{str(exc)[:80]} (load it checked to find where)") from None
    state = game.state
    try:
        fold(state, events, game.events)
        if len(game.events) != len(events):
            raise RecordError("a trusted record whose log goes on after the game's end",
                              index=len(game.events))
        if not state.over:
            game._advance()
    except ForestShuffleError as exc:
        raise RecordError(f"a trusted record whose log does not fold: {exc}") from None
    except Exception as exc:
        raise RecordError(f"a trusted record whose log does not fold: {type(exc).__name__} "
                          "(load it checked to find where)") from None
    if len(game.events) != len(events):
        raise RecordError("a trusted record whose log stops before its decision (load it "
                          "checked to find where)", index=len(events))
    return game
