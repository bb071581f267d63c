"""The checked load's fast path: a record exactly as this library writes it.

:meth:`Game.from_json <forestshuffle.core.game.Game.from_json>` re-derives the set-up, replays
every action through ``decide`` and checks that each event it causes is the record's. For a
record in the compact form :func:`forestshuffle.records.record.dumps` writes, this module makes the
same check on the text: the record's head (its parameters, everything before
``,"events":[``) is read and checked as always, its actions are read and replayed, and the
record is accepted when the rest of its text, from ``,"events":[`` to the end, is exactly
the text the replayed game writes. The record's events are never parsed: the set-up and
every event are checked by being written again.

This path only ever answers "exactly this game" or "look closer": for anything else (an
indented or otherwise formatted record, a version 1 record, a scenario, other plugin
versions, an action that is not legal, an event that differs) it gives up, and the general
load (:mod:`forestshuffle.records.record`, ``Game._load``) reads the record again and gives the same
game or the same error as without this path. What it accepts, the general load accepts too,
as the same game: the text is the record of the very events and actions the general load
would decide and compare.

Hostile input: the head is read by :func:`~forestshuffle.safety.read_json` with all its
limits and checked by :func:`~forestshuffle.records.record.check_record` like any record's; the
actions are parsed by the standard library's C parser (errors, deep nesting and numbers
beyond its limits make this path give up), and their values only choose among the
decision's options, by equality, before the text of the whole log is compared. Nothing else
is parsed; besides the checked head, nothing of the record's enters the game: its events are
the decided ones, its actions the decisions' own options.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.core.decisions import ACTION_TYPES
from forestshuffle.records.record import VERSION, body_text, check_record
from forestshuffle.safety import MAX_EVENTS, MAX_RECORD_BYTES, InputError, decode, read_json

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

#: where a compact record's events start, and its actions
EVENTS = ',"events":['
ACTIONS = ',"actions":['
_END = " \t\n\r"


def load(game_cls: Any, text: Any, rules: Ruleset | None) -> Any:
    """The game (of class *game_cls*, :class:`~forestshuffle.core.game.Game`, which imports this
    module) of the record *text* when it is exactly the record that game writes
    (compact, the current version, dealt from its seed, the installed plugin versions); else
    None, and the caller loads it the general way. Raises nothing but what the interpreter
    may raise anywhere (MemoryError, KeyboardInterrupt)."""
    if not isinstance(text, str | bytes):
        return None
    try:
        text = decode(text, limit=MAX_RECORD_BYTES)
    except InputError:
        return None
    start = text.find(EVENTS)
    actions_at = text.rfind(ACTIONS)
    end = len(text.rstrip(_END))
    if start < 0 or actions_at < start or not text.endswith("]}", 0, end):
        return None
    try:
        head = read_json(text[:start] + "}")
        # the actions only choose among the options; their text is compared at the end
        actions = json.loads(text[actions_at + len(ACTIONS) - 1:end - 1])
    except (InputError, ValueError, RecursionError):
        return None
    if type(head) is not dict or type(actions) is not list or "events" in head \
            or "actions" in head or head.get("version") != VERSION \
            or head.get("origin", "seed") != "seed":
        return None
    try:
        game = _replay(game_cls, {**head, "events": [], "actions": actions}, rules)
        if game is None or len(game.events) > MAX_EVENTS or body_text(game) != text[start:end]:
            return None
    except Exception:
        return None
    return game


def _replay(game_cls: Any, data: dict[str, Any], rules: Ruleset | None) -> Any:
    """The game of the checked head of *data*, dealt from its seed, with its actions
    applied (None, or an exception, when they cannot be)."""
    data, rules = check_record(data, rules, parsed=True, same_versions=True)
    game = game_cls(rules, data["players"], data["seed"], data["names"])
    game._start()
    if game.setup_events != data["setup"]:
        return None
    state = game.state
    own = game.rules.registry.actions
    events = game.events
    for d in data["actions"]:
        if type(d) is not dict or state.over or d.get("at") != len(events):
            return None
        name = d.get("type")
        cls = ACTION_TYPES.get(name) or own.get(name) if type(name) is str else None
        if cls is None:
            return None
        keys = _KEYS.get(cls) or _keys(cls)
        try:
            want = keys[0](d)
        except KeyError:
            return None
        get = keys[1]
        for option in state.pending.options:
            if type(option) is cls and get(option) == want:
                break
        else:
            return None
        game._answer(option)
        state = game.state
    return game


def _none(_: Any) -> None:
    return None


_KEYS: dict[type[Any], tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {}


def _keys(cls: type[Any]) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """For an action class: a function from a record's action dict to the values of its
    compared fields (KeyError if one is missing), and one from an action to the same
    (a value for one field, a tuple for more, None for none). Equal values choose the
    option; whether they are also of the same types, the written text shows at the end."""
    names = tuple(f.name for f in attrs.fields(cls) if f.eq)
    keys = (operator.itemgetter(*names), operator.attrgetter(*names)) if names else \
        (_none, _none)
    _KEYS[cls] = keys
    return keys
