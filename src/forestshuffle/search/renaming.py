"""Renaming cards in a game's state, log and actions, for determinization
(:mod:`forestshuffle.search.determinize`): which fields of events, actions and steps hold card ids,
whether an event mentions a set of cards, and the renamed copies."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action
from forestshuffle.core.machine import ask_again
from forestshuffle.core.state import GameState
from forestshuffle.core.steps import Step

#: Field names of events and actions that hold card ids (an int or a tuple of ints).
CARD_FIELDS = frozenset({"card", "cards", "paid", "order", "boxed"})
#: Step arguments that hold card ids (the core's; a step kind may list its own as
#: ``card_args``, a tuple of argument names).
CARD_ARGS = frozenset({"drawn", "eligible", "pool", "paid", "played"})


def card_ints(value: Any) -> Iterable[int]:
    """The card ids in *value*: an int, or the ints of nested tuples and lists."""
    if type(value) is int:
        yield value
    elif isinstance(value, tuple | list):
        for v in value:
            yield from card_ints(v)


_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def card_fields(cls: type[Any]) -> tuple[str, ...]:
    """The card-holding fields of an attrs event or action class (by name)."""
    out = _FIELDS.get(cls)
    if out is None:
        out = _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls)
                                   if f.name in CARD_FIELDS) if attrs.has(cls) else ()
    return out


_STEP_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def step_fields(cls: type[Any]) -> tuple[str, ...]:
    """The fields of an attrs event class that hold steps (``step``, ``steps``)."""
    out = _STEP_FIELDS.get(cls)
    if out is None:
        out = _STEP_FIELDS[cls] = tuple(
            f.name for f in attrs.fields(cls) if f.name in ("step", "steps")) \
            if attrs.has(cls) else ()
    return out




def renamed(value: Any, sigma: dict[int, int]) -> Any:
    """*value* with every card id renamed by *sigma* (nested tuples and lists alike)."""
    if type(value) is int:
        return sigma.get(value, value)
    if isinstance(value, tuple):
        return tuple(renamed(v, sigma) for v in value)
    if isinstance(value, list):
        return [renamed(v, sigma) for v in value]
    return value


def card_args(rules: Any, kind: str) -> frozenset[str]:
    """The arguments of a step of *kind* that hold card ids: :data:`CARD_ARGS` and the step
    kind's own ``card_args``."""
    k = rules.step_kinds.get(kind)
    extra = getattr(k, "card_args", ())
    return CARD_ARGS | frozenset(extra) if extra else CARD_ARGS


def step_mentions(s: Step, unseen: frozenset[int], rules: Any) -> bool:
    """Whether step *s* names one of the *unseen* cards (its card or a card argument)."""
    if s.card in unseen:
        return True
    if not s.args:
        return False
    keys = card_args(rules, s.kind)
    for k, v in s.args.items():
        if k in keys:
            for c in card_ints(v):
                if c in unseen:
                    return True
    return False


def rename_step(s: Step, sigma: dict[int, int], rules: Any) -> Step:
    """*s* with its card and card arguments renamed by *sigma* (itself if unchanged)."""
    if s.card not in sigma and not s.args:
        return s
    keys = card_args(rules, s.kind)
    args = {k: (renamed(v, sigma) if k in keys else v) for k, v in s.args.items()}
    return Step(s.kind, s.player, sigma.get(s.card, s.card), args)


def mentions(e: ev.Event, unseen: frozenset[int], rules: Any) -> bool:
    """Whether event *e* names one of the *unseen* cards (a card field or a queued step)."""
    cls = type(e)
    for f in card_fields(cls):
        v = getattr(e, f)
        if type(v) is int:
            if v in unseen:
                return True
        elif not unseen.isdisjoint(card_ints(v)):
            return True
    for f in step_fields(cls):
        v = getattr(e, f)
        for s in (v if isinstance(v, tuple) else (v,)):
            if isinstance(s, Step) and step_mentions(s, unseen, rules):
                return True
    return False


def rename_event(e: ev.Event, sigma: dict[int, int], rules: Any) -> ev.Event:
    """A copy of event *e* with its card fields and steps renamed by *sigma*."""
    cls = type(e)
    changes: dict[str, Any] = {f: renamed(getattr(e, f), sigma) for f in card_fields(cls)}
    for f in step_fields(cls):
        v = getattr(e, f)
        if isinstance(v, tuple):
            changes[f] = tuple(rename_step(s, sigma, rules) if isinstance(s, Step) else s
                               for s in v)
        elif isinstance(v, Step):
            changes[f] = rename_step(v, sigma, rules)
    return attrs.evolve(e, **changes)  # type: ignore[misc]


def rename_action(a: Action, sigma: dict[int, int], rules: Any) -> Action:
    """Action *a* with its cards renamed by *sigma*: the ruleset's shared instance where
    there is one, else a copy (without its label, which named the old card)."""
    shared = {"PlaySapling": rules.sapling_actions, "PlayCard": rules.play_actions,
              "PayWith": rules.pay_actions, "DrawFromClearing": rules.take_actions}
    table = shared.get(type(a).__name__) if not type(a).type_name else None
    if table is not None:
        return table[sigma.get(a.card, a.card)]  # type: ignore[attr-defined, no-any-return]
    changes = {f: renamed(getattr(a, f), sigma) for f in card_fields(type(a))}
    return attrs.evolve(a, label="", **changes)


def rename_state(state: GameState, sigma: dict[int, int],
                  who: int | None) -> GameState | None:
    """*state* (a fresh copy) with its cards renamed by *sigma*, its pending decision asked
    again: None unless that is a decision of player *who* with options (a renamed hand may
    no longer pay for the card being paid for)."""
    if sigma:
        g = sigma.get
        state.deck = [g(c, c) for c in state.deck]
        state.box = [g(c, c) for c in state.box]
        state.hands = [[g(c, c) for c in h] for h in state.hands]
        state.caves = [[g(c, c) for c in cv] for cv in state.caves]
        for f in state.forests:
            if any(c in sigma for c in f.order):
                rename_forest(f, sigma)
        rules = state.rules
        state.queue = [rename_step(s, sigma, rules) for s in state.queue]
    if not state.over:
        state.pending = None
        res = ask_again(state)
        if res is None or isinstance(res, list) or res.player != who:
            return None
        state.pending = res
    return state


def rename_forest(f: Any, sigma: dict[int, int]) -> None:
    """Rename the cards of a forest (a copy) in place: sites, slots, tucked cards, indexes."""
    g = sigma.get
    for s in f.sites:
        s.card = g(s.card, s.card)
        s.under = [g(c, c) for c in s.under]
        s.slots = {k: [g(c, c) for c in v] for k, v in s.slots.items()}
    f.where = {g(c, c): w for c, w in f.where.items()}
    f.order = [g(c, c) for c in f.order]
    f.placed_turn = {g(c, c): t for c, t in f.placed_turn.items()}
    f.triggers = [g(c, c) for c in f.triggers]
