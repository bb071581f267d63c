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

from .decisions import Action, Decision, Declare, describe, field_problem, find_option
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

    Raises IllegalActionError (the state untouched) if it is not a legal answer: *action*
    must be exactly one of the options (:func:`~forestshuffle.decisions.find_option`: the
    same class, fields of the same types and values). The step kind gets the option itself,
    never the caller's object.
    """
    return answer(state, resolve(state, action))


def resolve(state: GameState, action: Action) -> Action:
    """The option of the pending decision that *action* is (itself, for an option the game
    offered); IllegalActionError, the state untouched, if it is none."""
    if state.over:
        raise IllegalActionError("the game is over")
    dec = state.pending
    if dec is None:
        raise RuntimeError("the state has not been advanced to a decision")
    for o in dec.options:
        if o is action:
            return action
    else:
        if not isinstance(action, Action):
            raise IllegalActionError(f"{describe(action)} is not an action", dec)
        try:
            problem = field_problem(action)
            found = find_option(dec.options, action) if problem is None else None
        except Exception:  # a hostile subclass: its fields cannot even be read
            problem, found = f"{describe(action)} cannot be read as an action", None
        if problem is not None:
            raise IllegalActionError(problem, dec)
        if found is None:
            raise IllegalActionError(f"{describe(action)} is not a legal answer", dec)
        return found


def answer(state: GameState, option: Action) -> Events:
    """The events of *option*, an option of the pending decision (see :func:`resolve`): the
    head step's kind answers it, or a declaration kind for a ``Declare``."""
    if type(option) is Declare:
        declaration: DeclarationKind = state.rules.registry.declarations[option.name]
        dec = state.pending
        assert dec is not None
        return declaration.declare(state, dec.player)
    step = state.queue[0]
    kind: StepKind = state.rules.step_kinds[step.kind]
    return kind.answer(state, step, option)


def advance(state: GameState) -> Decision | Events:
    """Resolve the head step if it needs no input (its events), or the decision to ask.

    A decision of a player also offers the ruleset's declarations whose condition holds
    (:class:`~forestshuffle.decisions.Declare` options after the step's own)."""
    step = state.queue[0]
    kind: StepKind = state.rules.step_kinds[step.kind]
    res = kind.run(state, step)
    if state.rules.declarations and isinstance(res, Decision):
        return with_declarations(state, res)
    return res


def with_declarations(state: GameState, dec: Decision) -> Decision:
    """*dec* with the ruleset's declarations its player may take now added as options."""
    rules = state.rules
    if dec.player >= state.players:
        return dec
    extra = tuple(rules.action(Declare, d.name, label=d.label or f"declare {d.name}")
                  for d in rules.declarations if d.available(state, dec.player))
    if not extra:
        return dec
    return Decision(dec.player, dec.kind, dec.prompt, dec.options + extra)
