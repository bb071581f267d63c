"""Game records as versioned JSON.

A record holds the parameters (ruleset, players, names, seed, overrides, plugin versions),
the event log and the actions that caused it. Loading never executes code and trusts
nothing in the record: it re-derives the set-up events from the parameters and compares
them with the record's, then replays every action through ``decide`` and checks that each
produced event equals the recorded one (strictly: ``0.7``, ``"0 "`` and ``false`` are not
the card ``0``), so a forged set-up, a damaged, reordered or tampered log is refused with
the index of the first bad event. Each piece is converted only when it is checked, within
the limits of :mod:`forestshuffle.safety`.

Format ``forestshuffle-record``, version 1::

    {"format": "forestshuffle-record", "version": 1, "ruleset": "base",
     "players": 2, "names": [...], "seed": 7, "plugins": {"forestshuffle_base": "0.1.0"},
     "origin": "seed", "setup": 2, "overrides": {...},
     "events": [{"type": "DeckBuilt", "v": 1, ...}, ...],
     "actions": [{"type": "PlayCard", "card": 12, "at": 40}, ...]}

``origin`` (added compatibly to version 1; absent means ``"seed"``) says how the set-up came
about: ``"seed"``, dealt from the seed, or ``"scenario"``, written as events by
:func:`forestshuffle.testing.scenario`, which loads only with ``trust_setup=True``.
``overrides`` (optional) is an inline mapping, never a file path.

:func:`redacted` gives the record as one player may know it (format
``forestshuffle-redacted-record``): no seed, no deck order, other players' hidden cards
left out. It cannot be loaded as a game.
"""

from __future__ import annotations

import bisect
import warnings
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import ACTION_TYPES, Action
from forestshuffle.core.steps import Step
from forestshuffle.errors import ForestShuffleError, OptionError, RecordError, RecordWarning
from forestshuffle.records.codegen import (
    action_reader_of,
    comparator_of,
    dumps_compact,
    list_text_encoder,
    text_encoder_of,
)
from forestshuffle.records.convert import converter, field_names, path_error
from forestshuffle.safety import (
    MAX_ACTIONS,
    MAX_EVENTS,
    MAX_RECORD_BYTES,
    InputError,
    check_depth,
    printable,
    read_json,
    strict_int,
)

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


class RecordedGame(Protocol):
    """What a record is written from: a :class:`~forestshuffle.core.game.Game` is one."""

    rules: Ruleset
    players: int
    names: list[str]
    seed: int
    origin: str
    setup_events: int
    events: list[ev.Event]
    actions: list[tuple[Action, int]]

FORMAT = "forestshuffle-record"
REDACTED_FORMAT = "forestshuffle-redacted-record"
VERSION = 3
#: Events that only keep the resolution queue: records of older versions (whose engine
#: queued steps with more of them) are replayed comparing every other event, and these not
#: at all.
BOOKKEEPING = (ev.StepsQueued, ev.StepsReplaced, ev.StepFinished, ev.StepUpdated)
BOOKKEEPING_NAMES = frozenset(c.__name__ for c in BOOKKEEPING)
REQUIRED_KEYS = ("format", "version", "ruleset", "players", "names", "seed", "setup", "events",
                 "actions")
OPTIONAL_KEYS = ("plugins", "overrides", "origin", "options", "expansions")


def _tag(cls: type[Any]) -> str:
    """A class's tag in records: its ``type_name`` (a plugin's, dotted) or its name."""
    return getattr(cls, "type_name", "") or cls.__name__


def _unknown_type(what: str, name: Any) -> str:
    shown = printable(repr(name))[:60]
    if type(name) is str and "." in name:
        return (f"unknown {what} type {shown} (a plugin's: is the plugin that contributes "
                "it installed?)")
    return f"unknown {what} type {shown}"


def event_to_dict(e: ev.Event) -> dict[str, Any]:
    """One event as a JSON-ready dict with its type name and class version."""
    d: dict[str, Any] = {"type": _tag(type(e)), "v": type(e).class_version}
    d.update(converter.unstructure(e))
    return d


def event_from_dict(d: Any, index: int, rules: Ruleset | None = None) -> ev.Event:
    """The event of a dict written by :func:`event_to_dict` (a plugin's own event when
    *rules* has its plugin); RecordError if it is not one."""
    if not isinstance(d, dict):
        raise RecordError("an event must be an object", index=index)
    body = dict(d)
    name = body.pop("type", None)
    version = body.pop("v", None)
    cls = ev.EVENT_TYPES.get(name) if type(name) is str else None
    if cls is None and rules is not None and type(name) is str:
        cls = rules.registry.events.get(name)
    if cls is None:
        raise RecordError(_unknown_type("event", name), index=index, path="$.type")
    if not strict_int(version) or version > cls.class_version or version < 1:
        raise RecordError(f"unsupported version {printable(repr(version))[:40]} of event "
                          f"{name}", index=index, path="$.v")
    if version < cls.class_version:
        try:
            body = cls.upcast(body, version)
        except Exception as exc:
            raise RecordError(f"cannot bring event {name} up from version {version}: "
                              f"{printable(str(exc))[:80]}", index=index, path="$.v") from None
    missing = field_names(cls) - set(body)
    if missing:
        raise RecordError(f"bad {name} event: missing {', '.join(sorted(missing))}",
                          index=index)
    try:
        return converter.structure(body, cls)
    except Exception as exc:
        raise RecordError(f"bad {name} event: {path_error(exc)}", index=index) from None


def action_to_dict(a: Action) -> dict[str, Any]:
    """One action as a JSON-ready dict (its label is left out)."""
    d: dict[str, Any] = {"type": _tag(type(a))}
    d.update(attrs.asdict(a, filter=lambda att, _: att.name != "label"))
    return d


def action_from_dict(d: Any, index: int, rules: Ruleset | None = None) -> tuple[Action, int]:
    """An action and the index of its first event (a plugin's own action when *rules* has
    its plugin)."""
    if type(d) is dict:  # the fast path: a dict exactly of an action (codegen)
        name = d.get("type")
        cls = ACTION_TYPES.get(name) if type(name) is str else None
        if cls is None and rules is not None and type(name) is str:
            cls = rules.registry.actions.get(name)
        read = action_reader_of(cls) if cls is not None else None
        a = read(d) if read is not None else None
        if a is not None:
            return a, d["at"]
    where = f"$.actions[{index}]"
    if not isinstance(d, dict):
        raise RecordError(f"action {index} must be an object", path=where)
    body = dict(d)
    name = body.pop("type", None)
    at = body.pop("at", None)
    cls = ACTION_TYPES.get(name) if type(name) is str else None
    if cls is None and rules is not None and type(name) is str:
        cls = rules.registry.actions.get(name)
    if cls is None:
        raise RecordError(_unknown_type("action", name), path=f"{where}.type")
    if not strict_int(at):
        raise RecordError("an action needs 'at', a whole number", path=f"{where}.at")
    if "label" in body:
        raise RecordError("an action's label is not part of a record", path=f"{where}.label")
    missing = field_names(cls) - {"label"} - set(body)
    if missing:
        raise RecordError(f"bad {name} action: missing {', '.join(sorted(missing))}",
                          path=where)
    try:
        return converter.structure(body, cls), at
    except Exception as exc:
        raise RecordError(f"bad {name} action: {path_error(exc)}", path=where) from None


class LazyEvents:
    """The record's events, each converted (and so checked) only when it is compared.

    With *modulo_bookkeeping* (a log of an older version), the replay compares the events
    that are not bookkeeping only; :attr:`seen` counts those compared so far."""

    def __init__(self, raw: list[Any], rules: Ruleset | None = None,
                 modulo_bookkeeping: bool = False) -> None:
        self.raw = raw
        self.rules = rules
        self.done: dict[int, ev.Event] = {}
        self.modulo_bookkeeping = modulo_bookkeeping
        self.seen = 0

    def __len__(self) -> int:
        return len(self.raw)

    def exactly(self, i: int, e: ev.Event) -> bool:
        """Whether the record's event *i* is exactly *e*, by the class's strict comparator
        (:mod:`forestshuffle.records.codegen`) without converting it; False means "not shown": the
        caller compares the converted event."""
        cmp = comparator_of(type(e))
        return cmp is not None and cmp(self.raw[i], e)

    def __getitem__(self, i: int) -> ev.Event:
        e = self.done.get(i)
        if e is None:
            e = self.done[i] = event_from_dict(self.raw[i], i, self.rules)
        return e


# -- writing --------------------------------------------------------------------------------


def header(game: RecordedGame) -> dict[str, Any]:
    """The record of *game* without its events and actions (its parameters)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": game.rules.id,
        "players": game.players,
        "names": list(game.names),
        "seed": game.seed,
        "plugins": dict(game.rules.plugins),
        "origin": game.origin,
        "setup": game.setup_events,
        **({"overrides": game.rules.overrides} if game.rules.overrides else {}),
        **({"options": dict(game.rules.options)} if game.rules.options else {}),
        **({"expansions": list(game.rules.expansions)} if game.rules.expansions else {}),
    }


def to_dict(game: RecordedGame) -> dict[str, Any]:
    """The record of *game* as a JSON-ready dict."""
    return {
        **header(game),
        "events": [event_to_dict(e) for e in game.events],
        "actions": [{**action_to_dict(a), "at": at} for a, at in game.actions],
    }


def _event_text(e: ev.Event) -> str:
    enc = text_encoder_of(type(e))
    return enc(e) if enc is not None else dumps_compact(event_to_dict(e))


def _action_text(a: Action, at: int) -> str:
    enc = text_encoder_of(type(a), action=True)
    return enc(a, at) if enc is not None else dumps_compact({**action_to_dict(a), "at": at})


#: the core's event classes, the most frequent in games first
_EVENT_ORDER = [ev.StepsReplaced, ev.StepFinished, ev.TurnStarted, ev.CardPlayed, ev.CardTaken,
                ev.CardRevealed, ev.CardDrawn]
_events_text = list_text_encoder(
    [*_EVENT_ORDER, *(c for c in ev.EVENT_TYPES.values() if c not in _EVENT_ORDER)],
    _event_text)
_actions_text = list_text_encoder(list(ACTION_TYPES.values()), _action_text, action=True)


def body_text(game: RecordedGame) -> str:
    """The end of the record's compact text, from its events on:
    ``,"events":[...],"actions":[...]}``, exactly what ``json.dumps`` writes of the last two
    keys of :func:`to_dict` (by the generated text encoders of :mod:`forestshuffle.records.codegen`;
    when one cannot write a value, by ``json``)."""
    try:
        events = _events_text(game.events)
    except Exception:
        events = [dumps_compact(event_to_dict(e)) for e in game.events]
    try:
        actions = _actions_text(game.actions)
    except Exception:
        actions = [dumps_compact({**action_to_dict(a), "at": at}) for a, at in game.actions]
    return ',"events":[' + ",".join(events) + '],"actions":[' + ",".join(actions) + "]}"


def dumps(game: RecordedGame, indent: int | None = None) -> str:
    """The record of *game* as JSON text (compact unless *indent* is given)."""
    if indent is not None:
        import json

        return json.dumps(to_dict(game), indent=indent,
                          separators=None if indent else (",", ":"))
    return dumps_compact(header(game))[:-1] + body_text(game)


# -- reading --------------------------------------------------------------------------------


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older record version up to :data:`VERSION`.

    Versions 2 and 3 changed only how the engine keeps its resolution queue, not what
    happens in a game: version 2 has fewer bookkeeping events (``StepsReplaced``, and
    ``TurnStarted`` queueing its own turn); version 3 reveals a card after a tree or sapling
    is played without queueing and finishing a reveal step (an event fewer per play). So
    an older record keeps its fields, and its log is read *modulo bookkeeping*:
    :meth:`forestshuffle.core.game.Game.from_record` replays its actions and compares every
    event but the bookkeeping ones (:data:`BOOKKEEPING`); its action positions (``at``)
    count those events only. The loaded game holds current events.
    """
    return data


def semantic(raw: list[Any]) -> list[Any]:
    """The events of an older log that are not bookkeeping (see :func:`upcast`)."""
    return [d for d in raw if not (isinstance(d, dict) and d.get("type") in BOOKKEEPING_NAMES)]


def _check_fields(data: dict[str, Any]) -> None:
    unknown = sorted(k for k in data if k not in REQUIRED_KEYS + OPTIONAL_KEYS)
    if unknown:
        raise RecordError(f"unknown key {printable(repr(unknown[0]))[:60]} (a record holds: "
                          f"{', '.join(REQUIRED_KEYS + OPTIONAL_KEYS)})",
                          path=f"$.{printable(str(unknown[0]))[:60]}")
    for key, typ in (("ruleset", str), ("players", int), ("names", list), ("seed", int),
                     ("setup", int), ("events", list), ("actions", list)):
        if type(data.get(key)) is not typ:
            raise RecordError(f"missing or bad {key!r}", path=f"$.{key}")
    if len(data["events"]) > MAX_EVENTS:
        raise RecordError(f"more than {MAX_EVENTS} events", path="$.events")
    if len(data["actions"]) > MAX_ACTIONS:
        raise RecordError(f"more than {MAX_ACTIONS} actions", path="$.actions")
    if data.get("origin", "seed") not in ("seed", "scenario"):
        raise RecordError("'origin' must be \"seed\" or \"scenario\"", path="$.origin")
    if "overrides" in data and not isinstance(data["overrides"], dict):
        raise RecordError("'overrides' must be an inline mapping (a record never names a "
                          "file)", path="$.overrides")


def _check_plugins(data: dict[str, Any], rules: Ruleset, same_versions: bool) -> None:
    plugins = data.get("plugins", {})
    if not isinstance(plugins, dict) or not all(
            type(k) is str and type(v) is str for k, v in plugins.items()):
        raise RecordError("'plugins' must map plugin names to version texts", path="$.plugins")
    missing = sorted(p for p in plugins if p not in rules.plugins)
    if missing:
        raise RecordError(f"the record needs plugin(s) {printable(str(missing))[:200]} that "
                          "are not installed", path="$.plugins")
    changed = sorted(p for p, v in plugins.items() if rules.plugins[p] != v)
    if changed and same_versions:
        raise RecordError("the record was written with other plugin versions",
                          path="$.plugins")
    if changed:
        warnings.warn(RecordWarning(
            "the record was written with other plugin versions: " + ", ".join(
                f"{p} {printable(plugins[p])[:40]} (installed: {rules.plugins[p]})"
                for p in changed)), stacklevel=4)


def _ruleset(data: dict[str, Any], rules: Ruleset | None) -> Ruleset:
    from forestshuffle.plugins.manager import get_ruleset

    overrides = data.get("overrides") or None
    options = data.get("options")
    expansions = data.get("expansions", [])
    if "options" in data and (type(options) is not dict or not all(
            type(k) is str for k in options)):
        raise RecordError("'options' must be a mapping of option names to values",
                          path="$.options")
    if type(expansions) is not list or not all(type(e) is str for e in expansions):
        raise RecordError("'expansions' must be a list of expansion ids", path="$.expansions")
    if rules is None:
        try:
            rules = get_ruleset(data["ruleset"], overrides, options=options,
                                expansions=expansions)
        except ForestShuffleError as exc:
            path = ("$.options" if isinstance(exc, OptionError) and options else
                    "$.expansions" if isinstance(exc, OptionError) else "$.ruleset")
            raise RecordError(f"cannot load the ruleset: {exc}", path=path) from None
        if rules.id != data["ruleset"]:
            raise RecordError(f"a record names its ruleset by id ({rules.id!r}), not by an "
                              f"alias", path="$.ruleset")
        return rules
    if rules.id != data["ruleset"]:
        raise RecordError(f"the record is a game of {printable(data['ruleset'])[:60]!r}, not "
                          f"{rules.id!r}", path="$.ruleset")
    if (rules.overrides or None) != overrides:
        raise RecordError("the record's overrides are not those of the given ruleset",
                          path="$.overrides")
    defaults = {o.name: o.default for o in rules.spec.options}
    if options is not None and dict(rules.options) != {**defaults, **options}:
        raise RecordError("the record's options are not those of the given ruleset",
                          path="$.options")
    if list(rules.expansions) != expansions:
        raise RecordError("the record's expansions are not those of the given ruleset",
                          path="$.expansions")
    return rules


def check_record(data: Any, rules: Ruleset | None = None, *, parsed: bool = False,
                 same_versions: bool = False) -> tuple[dict[str, Any], Ruleset]:
    """The record *data* checked for its format, version, fields and plugins, upcast to the
    current version, and its ruleset (compiled from its parameters, or the given *rules*
    checked against them). RecordError if anything is wrong; events and actions are left for
    the replay to convert one by one. *parsed*: *data* comes from :func:`parse`, whose
    reading already bounded its nesting. *same_versions*: other plugin versions than the
    installed ones are a RecordError, not a warning."""
    if isinstance(data, dict) and not parsed:
        try:
            check_depth(data)
        except InputError as exc:
            raise RecordError(str(exc)) from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") == REDACTED_FORMAT:
        raise RecordError("a redacted record holds only what one player may know; it cannot "
                          "be loaded as a game", path="$.format")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a forestshuffle record (format "
                          f"{printable(repr(data.get('format')))[:60]})", path="$.format")
    version: Any = data.get("version")
    if not strict_int(version) or version < 1 or version > VERSION:
        raise RecordError(f"unsupported record version {printable(repr(version))[:40]} (this "
                          f"library reads up to {VERSION})", path="$.version")
    data = upcast(data)
    _check_fields(data)
    rules = _ruleset(data, rules)
    _check_plugins(data, rules, same_versions)
    return data, rules


def parse(text: str | bytes) -> Any:
    """The JSON of a record (at most :data:`~forestshuffle.safety.MAX_RECORD_BYTES` long,
    nesting and numbers bounded), not yet checked."""
    try:
        return read_json(text, limit=MAX_RECORD_BYTES)
    except InputError as exc:
        raise RecordError(f"not a readable record: {exc}") from None


# -- redacted records -------------------------------------------------------------------------


def redacted(game: RecordedGame, player: int) -> dict[str, Any]:
    """The record of *game* as *player* may know it (to redact a stored record, load it
    first: ``Game.from_json(text).redacted_record(player)``).

    Kept: the parameters but the seed, every public event, *player*'s own cards. Left out:
    the seed, the deck order and the boxed cards (their numbers only), other players' drawn,
    returned, caved and face-down cards (``null``), the arguments of other players' steps,
    and the card of another player's action unless the public events of that turn show it
    (a card played, paid or taken). Event indexes are those of the full record; each action
    names the player who chose it. The result cannot be loaded as a game.
    """
    if not strict_int(player) or not 0 <= player < game.players:
        from forestshuffle.errors import ArgumentError

        raise ArgumentError(f"no player {player!r} in a {game.players}-player game")
    events = [_redact_event(e, player) for e in game.events]
    deciders = _deciders(game)
    turn_ends = [i for i, e in enumerate(game.events) if isinstance(e, ev.TurnStarted)]
    actions = []
    for (a, at), who in zip(game.actions, deciders, strict=True):
        d = {**action_to_dict(a), "at": at, "player": who}
        if who != player:
            k = bisect.bisect_right(turn_ends, at)
            end = turn_ends[k] if k < len(turn_ends) else len(events)
            shown = _public_cards(events[at:end])
            for key in [k for k in d if k == "card"]:
                if d[key] not in shown:
                    d[key] = None
        actions.append(d)
    return {
        "format": REDACTED_FORMAT,
        "version": 1,
        "player": player,
        "ruleset": game.rules.id,
        "players": game.players,
        "names": list(game.names),
        "plugins": dict(game.rules.plugins),
        **({"overrides": game.rules.overrides} if game.rules.overrides else {}),
        "setup": game.setup_events,
        "events": events,
        "actions": actions,
    }


def _deciders(game: RecordedGame) -> list[int]:
    """The player whose decision each action of *game* answered (by refolding the log)."""
    from forestshuffle.core.machine import advance
    from forestshuffle.core.state import GameState, evolve

    state = GameState(game.rules, game.players)
    out = []
    i = 0
    for _, at in game.actions:
        while i < at:
            evolve(state, game.events[i])
            i += 1
        dec = advance(state)
        out.append(dec.player if not isinstance(dec, list) else -1)
    return out


_CORE_EVENTS = frozenset(ev.EVENT_TYPES.values())


def _hide_step(s: Step) -> dict[str, Any]:
    return {"kind": s.kind, "player": s.player}


def _redact_event(e: ev.Event, player: int) -> dict[str, Any]:
    if type(e) not in _CORE_EVENTS:  # a plugin's event says what the player may know
        return event_to_dict(e.seen_by(player))
    d = event_to_dict(e)
    other = getattr(e, "player", player) != player
    if isinstance(e, ev.DeckBuilt):
        return {"type": d["type"], "v": d["v"], "cards": len(e.order), "boxed": len(e.boxed)}
    if isinstance(e, ev.CardDrawn | ev.SiteUpgraded) and other:
        d["card"] = None
    elif other and (isinstance(e, ev.HandReturned) or
                    (isinstance(e, ev.CardsCaved) and e.source != "clearing")):
        d["cards"] = [None] * len(e.cards)
    elif isinstance(e, ev.CardPlayed) and other and e.half is None:
        d["card"] = None
    elif isinstance(e, ev.StepsQueued):
        d["steps"] = [converter.unstructure(s) if s.player in (player, -1) else _hide_step(s)
                      for s in e.steps]
    elif isinstance(e, ev.StepUpdated) and e.step.player not in (player, -1):
        d["step"] = _hide_step(e.step)
    return d


def _public_cards(events: list[dict[str, Any]]) -> set[int]:
    """Every card a redacted event of *events* shows."""
    out: set[int] = set()
    for d in events:
        if d["type"] in BOOKKEEPING_NAMES:
            continue
        for key in ("card", "cards", "paid"):
            v: Any = d.get(key)
            if strict_int(v):
                out.add(v)
            elif isinstance(v, list):
                out.update(x for x in v if strict_int(x))
    return out
