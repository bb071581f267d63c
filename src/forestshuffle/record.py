"""Game records as versioned JSON.

A record holds the parameters (ruleset, players, names, seed, plugin versions), the
event log and the actions that caused it. Loading never executes code: it folds the
set-up events, then replays every action through ``decide`` and checks that each
produced event equals the recorded one, so a damaged, reordered or tampered log is
refused with the index of the first bad event.

Format ``forestshuffle-record``, version 1::

    {"format": "forestshuffle-record", "version": 1, "ruleset": "base",
     "players": 2, "names": [...], "seed": 7, "plugins": {"forestshuffle_base": "0.1.0"},
     "setup": 2, "events": [{"type": "DeckBuilt", "v": 1, ...}, ...],
     "actions": [{"type": "PlayCard", "card": 12, "at": 40}, ...]}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs
import cattrs

from . import events as ev
from .decisions import ACTION_TYPES, Action
from .errors import ForestShuffleError, RecordError
from .steps import Step, freeze_args

if TYPE_CHECKING:
    from .game import Game
    from .ruleset import Ruleset

FORMAT = "forestshuffle-record"
VERSION = 1

_conv = cattrs.Converter(forbid_extra_keys=True)
_conv.register_unstructure_hook(
    Step, lambda s: {"kind": s.kind, "player": s.player, "card": s.card, "args": _plain(s.args)}
)
_conv.register_structure_hook(Step, lambda d, _: _step(d))


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _step(d: Any) -> Step:
    if not isinstance(d, dict) or set(d) - {"kind", "player", "card", "args"}:
        raise ValueError(f"not a step: {d!r}")
    if not isinstance(d.get("kind"), str):
        raise ValueError("a step needs a kind")
    player, card, args = d.get("player", -1), d.get("card", -1), d.get("args", {})
    if not isinstance(player, int) or not isinstance(card, int) or not isinstance(args, dict):
        raise ValueError(f"bad step fields: {d!r}")
    return Step(d["kind"], player, card, freeze_args(args))


def event_to_dict(e: ev.Event) -> dict[str, Any]:
    """One event as a JSON-ready dict with its type name and class version."""
    d: dict[str, Any] = {"type": type(e).__name__, "v": type(e).class_version}
    d.update(_conv.unstructure(e))
    return d


def event_from_dict(d: Any, index: int) -> ev.Event:
    """The event of a dict written by :func:`event_to_dict`; RecordError if it is not one."""
    if not isinstance(d, dict):
        raise RecordError("an event must be an object", index=index)
    body = dict(d)
    name = body.pop("type", None)
    version = body.pop("v", 1)
    cls = ev.EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RecordError(f"unknown event type {name!r}", index=index, path="$.type")
    if not isinstance(version, int) or version > cls.class_version or version < 1:
        raise RecordError(f"unsupported version {version!r} of event {name}", index=index,
                          path="$.v")
    try:
        return _conv.structure(body, cls)
    except Exception as exc:
        msgs = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) \
            else [str(exc)]
        raise RecordError(f"bad {name} event: {'; '.join(msgs)}", index=index) from None


def action_to_dict(a: Action) -> dict[str, Any]:
    """One action as a JSON-ready dict (its label is left out)."""
    d: dict[str, Any] = {"type": type(a).__name__}
    d.update(attrs.asdict(a, filter=lambda att, _: att.name != "label"))
    return d


def action_from_dict(d: Any, index: int) -> tuple[Action, int]:
    """An action and the index of its first event."""
    if not isinstance(d, dict):
        raise RecordError(f"action {index} must be an object", path=f"$.actions[{index}]")
    body = dict(d)
    name = body.pop("type", None)
    at = body.pop("at", None)
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RecordError(f"unknown action type {name!r}", path=f"$.actions[{index}].type")
    if not isinstance(at, int):
        raise RecordError("an action needs 'at'", path=f"$.actions[{index}].at")
    try:
        return _conv.structure(body, cls), at
    except Exception as exc:
        raise RecordError(f"bad {name} action: {exc}", path=f"$.actions[{index}]") from None


def to_dict(game: Game) -> dict[str, Any]:
    """The record of *game* as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": game.rules.id,
        "players": game.players,
        "names": list(game.names),
        "seed": game.seed,
        "plugins": dict(game.rules.plugins),
        "setup": game.setup_events,
        **({"overrides": game.rules.overrides} if game.rules.overrides else {}),
        "events": [event_to_dict(e) for e in game.events],
        "actions": [{**action_to_dict(a), "at": at} for a, at in game.actions],
    }


def dumps(game: Game, indent: int | None = None) -> str:
    """The record of *game* as JSON text."""
    return json.dumps(to_dict(game), indent=indent, separators=None if indent else (",", ":"))


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older record version up to :data:`VERSION` (none older exists yet)."""
    return data


def from_dict(data: Any, rules: Ruleset | None = None) -> Game:
    """Load a record dict, replaying and checking every event."""
    from .game import Game
    from .plugins import get_ruleset
    from .state import evolve

    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a forestshuffle record (format {data.get('format')!r})",
                          path="$.format")
    version = data.get("version")
    if not isinstance(version, int) or version < 1 or version > VERSION:
        raise RecordError(f"unsupported record version {version!r} (this library reads up to "
                          f"{VERSION})", path="$.version")
    data = upcast(data)
    for key, typ in (("ruleset", str), ("players", int), ("names", list), ("seed", int),
                     ("setup", int), ("events", list), ("actions", list)):
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise RecordError(f"missing or bad {key!r}", path=f"$.{key}")
    if rules is None:
        try:
            rules = get_ruleset(data["ruleset"], data.get("overrides"))
        except ForestShuffleError as exc:
            raise RecordError(f"cannot load the ruleset: {exc}", path="$.ruleset") from None
    elif rules.id != data["ruleset"]:
        raise RecordError(f"the record is a game of {data['ruleset']!r}, not {rules.id!r}",
                          path="$.ruleset")
    plugins = data.get("plugins", {})
    if isinstance(plugins, dict):
        missing = [p for p in plugins if p not in rules.plugins]
        if missing:
            raise RecordError(f"the record needs plugin(s) {missing} that are not installed",
                              path="$.plugins")
    events = [event_from_dict(d, i) for i, d in enumerate(data["events"])]
    actions = [action_from_dict(d, i) for i, d in enumerate(data["actions"])]
    try:
        game = Game(rules, data["players"], data["seed"], data["names"])
    except ForestShuffleError as exc:
        raise RecordError(str(exc), path="$.players") from None
    setup = data["setup"]
    if not 0 < setup <= len(events) or not isinstance(events[0], ev.DeckBuilt):
        raise RecordError("the log must start with the set-up events", index=0)
    deal = events[0]
    assert isinstance(deal, ev.DeckBuilt)
    if sorted(deal.order + deal.boxed) != sorted(rules.cards):
        raise RecordError("the dealt deck is not the ruleset's cards", index=0)
    try:
        for e in events[:setup]:
            evolve(game.state, e)
            game.events.append(e)
    except Exception as exc:
        raise RecordError(f"the set-up events do not fold: {exc!r}",
                          index=len(game.events)) from None
    game.setup_events = setup
    game._expect = events
    try:
        try:
            game._advance()
        except ForestShuffleError:
            raise
        except Exception as exc:  # a damaged set-up queue (unknown step kind, bad args...)
            raise RecordError(f"the set-up events do not lead to a decision: {exc!r}",
                              index=len(game.events)) from None
        for n, (action, at) in enumerate(actions):
            if at != len(game.events):
                raise RecordError(f"action {n} should start at event {len(game.events)}, "
                                  f"not {at}", index=at)
            try:
                game.apply(action)
            except RecordError:
                raise
            except ForestShuffleError as exc:
                raise RecordError(f"action {n} ({action!r}) is not legal there: {exc}",
                                  index=at) from None
            except Exception as exc:  # damaged steps in the log fail while resolving
                raise RecordError(f"action {n} ({action!r}) cannot be replayed: {exc!r}",
                                  index=at) from None
        if len(game.events) != len(events):
            raise RecordError("the log has events that no action caused",
                              index=len(game.events))
    finally:
        game._expect = None
    return game


def loads(text: str | bytes, rules: Ruleset | None = None) -> Game:
    """Load a record from JSON text (of an installed ruleset, or of *rules*)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    return from_dict(data, rules)
