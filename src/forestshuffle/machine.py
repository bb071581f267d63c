"""The turn machine: :func:`decide` and :func:`advance`.

``decide(state, action)`` validates an answer to the pending decision and returns the
events it causes, without changing anything. ``advance(state)`` resolves the head of
the resolution queue when it needs no input (returning its events) or returns the
decision to ask. The :class:`~forestshuffle.game.Game` alternates them with
:func:`~forestshuffle.state.evolve`. What each step does is its *step kind*'s business
(:mod:`forestshuffle.kinds`); the machine only dispatches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import Action, Decision, Declare
from .errors import IllegalActionError
from .events import Event

if TYPE_CHECKING:
    from .kinds import DeclarationKind, StepKind
    from .state import GameState

Events = list[Event]


def pending(state: GameState) -> Decision | None:
    """The decision the game waits for, or None when it is over."""
    if state.over:
        return None
    if state.pending is None:
        raise RuntimeError("the state has not been advanced to a decision")
    return state.pending


def decide(state: GameState, action: Action) -> Events:
    """Validate *action* against the pending decision and return its events.

    Raises IllegalActionError (the state untouched) if it is not a legal answer.
    """
    if state.over:
        raise IllegalActionError("the game is over")
    dec = pending(state)
    assert dec is not None
    if not isinstance(action, Action):
        raise IllegalActionError(f"{action!r} is not an action", dec)
    for o in dec.options:
        if o is action:
            break
    else:
        if action not in dec.options:
            raise IllegalActionError(f"{action!r} is not a legal answer", dec)
    if isinstance(action, Declare):
        declaration: DeclarationKind = state.rules.registry.declarations[action.name]
        return declaration.declare(state, dec.player)
    step = state.queue[0]
    kind: StepKind = state.rules.step_kinds[step.kind]
    return kind.answer(state, step, action)


def advance(state: GameState) -> Decision | Events:
    """Resolve the head step if it needs no input (its events), or the decision to ask.

    A decision of a player also offers the ruleset's declarations whose condition holds
    (:class:`~forestshuffle.decisions.Declare` options after the step's own)."""
    step = state.queue[0]
    kind: StepKind = state.rules.step_kinds[step.kind]
    res = kind.run(state, step)
    if state.rules.declarations and isinstance(res, Decision) and res.player < state.players:
        extra = tuple(state.rules.action(Declare, d.name, label=d.label or f"declare {d.name}")
                      for d in state.rules.declarations if d.available(state, res.player))
        if extra:
            return Decision(res.player, res.kind, res.prompt, res.options + extra)
    return res
