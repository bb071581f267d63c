"""Loading a record with every event checked (:meth:`forestshuffle.core.game.Game.from_record`,
and :meth:`~forestshuffle.core.game.Game.from_json` when its fast path does not apply): the set-up
compared with what the seed deals, then each action replayed, the events it causes compared
with the record's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from forestshuffle.core import events as ev
from forestshuffle.core.deal import derive_setup
from forestshuffle.core.state import evolve
from forestshuffle.errors import ForestShuffleError, RecordError
from forestshuffle.records import record
from forestshuffle.safety import printable, strict_equal

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


def load(cls: Any, data: Any, rules: Ruleset | None, trust_setup: bool, *,
         parsed: bool = False) -> Any:
    """The game (of class *cls*, a :class:`~forestshuffle.core.game.Game`) of record *data* (a
    dict): its set-up re-derived from the seed (or, a scenario, trusted on request) and every
    action replayed and checked event by event; the work of ``Game.from_record`` (*parsed*:
    *data* came from :func:`forestshuffle.records.record.parse`)."""
    data, rules = record.check_record(data, rules, parsed=parsed)
    try:
        game = cls(rules, data["players"], data["seed"], data["names"])
    except ForestShuffleError as exc:
        raise RecordError(str(exc), path="$.seed" if "seed" in str(exc) else "$.players") \
            from None
    origin = data.get("origin", "seed")
    game.origin = origin
    raw: list[Any] = data["events"]
    old = data["version"] < record.VERSION  # read modulo bookkeeping (see record.upcast)
    positions: list[int] | None = None
    if old:
        # an action's "at" counts every event of the old log: map it to the events kept
        positions = [0]
        for d in raw:
            positions.append(positions[-1] + (0 if isinstance(d, dict) and d.get("type")
                                              in record.BOOKKEEPING_NAMES else 1))
        setup = len(record.semantic(raw[: data["setup"]]))
        raw = record.semantic(raw)
    else:
        setup = data["setup"]
    fold_setup(game, raw, setup, trust_setup, origin, old)
    expect = record.LazyEvents(raw, rules, modulo_bookkeeping=old)
    expect.seen = setup
    game._expect = expect
    try:
        replay(game, data["actions"], len(raw), positions)
    finally:
        game._expect = None
    return game


def fold_setup(game: Any, raw: list[Any], setup: int, trust_setup: bool,
                origin: str, old: bool = False) -> None:
    """Fold the set-up: re-derived from the seed and compared with the record, or (a
    scenario, trusted on request) the record's own events. An older record (*old*) is
    compared and folded modulo bookkeeping (its *raw* events hold no bookkeeping)."""
    rules = game.rules
    if not 0 < setup <= len(raw):
        raise RecordError("the log must start with the set-up events", index=0)
    if origin == "seed":
        full = derive_setup(rules, game.players, game.seed)
        derived = [e for e in full if type(e) not in record.BOOKKEEPING] if old else full
        for i, want in enumerate(derived):
            if i >= setup:
                raise RecordError(f"the record has {setup} set-up events; the seed deals "
                                  f"{len(derived)}", index=i)
            got = record.event_from_dict(raw[i], i, rules)
            if not strict_equal(got, want):
                raise RecordError(f"set-up event {i} is not what the seed deals (a forged or "
                                  "damaged set-up)", index=i)
        if setup != len(derived):
            raise RecordError(f"the record has {setup} set-up events; the seed deals "
                              f"{len(derived)}", index=len(derived))
        game._run(full)
        game.setup_events = len(full)
        return
    if not trust_setup:
        raise RecordError("the record is a scenario game (its set-up was written, not dealt "
                          "from its seed); load it with trust_setup=True if you trust it",
                          path="$.origin")
    events = [record.event_from_dict(raw[i], i, rules) for i in range(setup)]
    deal = events[0]
    if not isinstance(deal, ev.DeckBuilt):
        raise RecordError("the log must start with the set-up events", index=0)
    if sorted(deal.order + deal.boxed) != sorted(rules.cards):
        raise RecordError("the dealt deck is not the ruleset's cards", index=0)
    try:
        for e in events:
            evolve(game.state, e)
            game.events.append(e)
    except Exception as exc:
        raise RecordError(f"the set-up events do not fold: {type(exc).__name__}",
                          index=len(game.events)) from None
    game.setup_events = len(events)


def replay(game: Any, raw_actions: list[Any], n_events: int,
            positions: list[int] | None = None) -> None:
    """Replay the record's actions, each checked to start where the game is (*positions*
    maps an old log's event indexes to those of its events that are not bookkeeping)."""
    try:
        game._advance()
    except RecordError:
        raise
    except ForestShuffleError as exc:
        raise RecordError(f"the set-up does not lead to a decision: {exc}",
                          index=len(game.events)) from None
    expect = game._expect
    for n, raw in enumerate(raw_actions):
        action, at = record.action_from_dict(raw, n, game.rules)
        here = expect.seen if expect.modulo_bookkeeping else len(game.events)
        if positions is not None:
            at = positions[at] if 0 <= at < len(positions) else -1
        if at != here:
            raise RecordError(f"action {n} should start at event {here}, not {at}", index=at)
        try:
            game.apply(action)
        except RecordError:
            raise
        except ForestShuffleError as exc:
            raise RecordError(f"action {n} ({printable(repr(action))[:80]}) is not legal "
                              f"there: {exc}", index=at) from None
    done = expect.seen if expect.modulo_bookkeeping else len(game.events)
    if done != n_events:
        raise RecordError("the log has events that no action caused", index=done)
