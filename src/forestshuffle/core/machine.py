"""The turn machine: the rules' loop of asking, answering and resolving.

- :func:`decide` ``(state, action) -> events``: validates an answer to the pending decision
  (:func:`resolve`) and has the head step's kind say what it causes (:func:`answer`),
  without changing anything;
- :func:`~forestshuffle.core.state.evolve` ``(state, event)``: applies one event, never
  validating;
- :func:`advance` ``(state) -> Decision | events``: resolves the head of the resolution
  queue when it needs no input (its events), or returns the decision to ask.

The loops are built from them: :func:`fold` evolves a list of events, :func:`run` advances
and folds until a decision is pending, :func:`apply_answer` answers, folds and runs (what
:meth:`~forestshuffle.core.game.Game.apply` does), :func:`play_loop` lets bots choose the
answers (:func:`~forestshuffle.bots.play_out`). What each step does is its *step kind*'s
business (:mod:`forestshuffle.kinds`); the machine only dispatches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.core.decisions import (
    Action,
    Decision,
    Declare,
    describe,
    field_problem,
    find_option,
)
from forestshuffle.core.events import Event
from forestshuffle.core.state import evolve
from forestshuffle.errors import (
    ForestShuffleError,
    IllegalActionError,
    NoProgressError,
    PluginError,
)
from forestshuffle.safety import MAX_EVENTS_WITHOUT_DECISION, MAX_STEPS_WITHOUT_DECISION

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState
    from forestshuffle.core.steps import Step
    from forestshuffle.kinds import DeclarationKind, StepKind

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
    must be exactly one of the options (:func:`~forestshuffle.core.decisions.find_option`: the
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
    """Resolve the head step if it needs no input (its events, a list), or the decision to ask.

    A decision of a player also offers the ruleset's declarations whose condition holds
    (:class:`~forestshuffle.core.decisions.Declare` options after the step's own); a decision
    nobody can answer (no options, or not a player's) is the step kind's PluginError."""
    step = state.queue[0]
    kind: StepKind = state.rules.step_kinds[step.kind]
    res = kind.run(state, step)
    if isinstance(res, Decision):
        return _askable(state, step, res)
    return res if type(res) is list else list(res)


def ask_again(state: GameState) -> Decision | Events | None:
    """:func:`advance` for a state whose cards were renamed (a determinization): None where
    its head step asks a decision with no option of its own (a hand renamed so that it cannot
    pay what its player is paying), which no real game reaches."""
    step = state.queue[0]
    res = state.rules.step_kinds[step.kind].run(state, step)
    if isinstance(res, Decision):
        return _askable(state, step, res) if res.options else None
    return res if type(res) is list else list(res)


def _askable(state: GameState, step: Step, dec: Decision) -> Decision:
    """*dec*, asked by *step*, with the declarations added; PluginError if it cannot be
    answered."""
    if state.rules.declarations:
        dec = with_declarations(state, dec)
    if not dec.options or type(dec.player) is not int or not 0 <= dec.player < state.players:
        raise _unanswerable(state.rules, dec, step)
    return dec


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


def fold(state: GameState, events: Sequence[Event], log: list[Event]) -> None:
    """:func:`~forestshuffle.core.state.evolve` each of *events* into *state* and append it to
    *log*, stopping at the game's end."""
    for e in events:
        evolve(state, e)
        log.append(e)
        if state.over:
            return


def run(state: GameState, log: list[Event],
        apply: Callable[[Sequence[Event]], None] | None = None) -> None:
    """:func:`advance` until a decision is pending (it becomes ``state.pending``) or the game
    is over: each step's events are folded into *state* and appended to *log*, or handed to
    *apply* when given (a record being loaded compares them).

    A step kind that raises is reported as a PluginError naming it; one that never leads to
    a decision is stopped after :data:`~forestshuffle.safety.MAX_STEPS_WITHOUT_DECISION` steps
    or :data:`~forestshuffle.safety.MAX_EVENTS_WITHOUT_DECISION` events (NoProgressError)."""
    steps = produced = 0
    step: Step | None = None
    try:
        while not state.over:
            if not state.queue:  # every turn ends by queueing the next
                raise _emptied(state.rules, step)
            step = state.queue[0]
            res = advance(state)
            if isinstance(res, Decision):
                state.pending = res
                return
            steps += 1
            produced += len(res)
            if steps > MAX_STEPS_WITHOUT_DECISION or produced > MAX_EVENTS_WITHOUT_DECISION:
                raise _stalled(state.rules, step, steps, produced)
            if apply is None:
                fold(state, res, log)
            else:
                apply(res)
    except ForestShuffleError:
        raise
    except Exception as exc:
        raise _failure(state.rules, exc, step) from exc


def apply_answer(game: Any, action: Action) -> None:
    """``Game._answer``: apply *action*, an option of the pending decision of *game* (a
    :class:`~forestshuffle.core.game.Game`): :func:`answer` it, fold its events and
    :func:`run` to the next decision. While a record loads, the game compares each event
    with the record's (``game._run``, ``game._advance``).

    A step kind's exception becomes a PluginError naming it; on a failure after the answer
    the game is rebuilt as it was (``game._rebuild``)."""
    state: GameState = game.state
    if state.over:
        return
    step = state.queue[0]
    owner = _turn_action(state, step, action)
    try:
        events = answer(state, action)
    except ForestShuffleError:
        raise
    except Exception as exc:
        raise _failure(state.rules, exc, step, owner) from exc
    mark = len(game.events)
    try:
        if game._expect is None:
            fold(state, events, game.events)
            run(state, game.events)
        else:
            game._run(events)
            game._advance()
    except BaseException as exc:
        game._rebuild(mark)
        if isinstance(exc, ForestShuffleError) or not isinstance(exc, Exception):
            raise
        raise _failure(state.rules, exc, step, owner) from exc
    game.actions.append((action, mark))


def _turn_action(state: GameState, step: Step, action: Action) -> Any:
    """The turn action that answers *action* at the turn step (its events are its, not the
    turn step's, when they fail), or None."""
    if step.kind != "turn":
        return None
    return state.rules.action_owner.get(type(action))


def play_loop(game: Any, seats: Sequence[Callable[[Any], Action]], max_actions: int) -> bool:
    """The loop of :func:`~forestshuffle.bots.play_out`: at most *max_actions* actions, each
    chosen by the pending player's chooser of *seats* (one per player), checked with
    :func:`resolve` and applied by :func:`apply_answer`; True once the game is over, False
    if it did not end."""
    for _ in range(max_actions):
        state: GameState = game.state
        if state.over:
            return True
        dec = state.pending
        assert dec is not None
        apply_answer(game, resolve(state, seats[dec.player](game)))
    over: bool = game.state.over
    return over


def _failure(rules: Ruleset, exc: BaseException, step: Step | None,
             source: Any = None) -> PluginError:
    """The PluginError for *exc*, raised by a kind or while its events were folded: it names
    the kind (the turn action *source* whose answer made them, else the step kind of
    *step*) and its plugin."""
    from forestshuffle.plugins.manager import (
        plugin_failure,  # the error path only (plugins imports the kinds)
    )

    if source is not None:
        return plugin_failure(rules, exc, f"turn_actions:{source.name}")
    return plugin_failure(rules, exc, f"steps:{step.kind if step is not None else '?'}")


def _unanswerable(rules: Ruleset, dec: Decision, step: Step) -> PluginError:
    owner = rules.registry.owners.get(f"steps:{step.kind}", "?")
    return PluginError(f"step kind {step.kind!r} of plugin {owner!r} asked a decision "
                       f"that cannot be answered (player {dec.player!r}, "
                       f"{len(dec.options)} options)", plugin=owner, kind=step.kind)


def _emptied(rules: Ruleset, last: Step | None) -> PluginError:
    """The queue ran empty after the step kind run *last*."""
    kind = last.kind if last is not None else "?"
    return PluginError(f"the resolution queue ran empty after step kind {kind!r}",
                       plugin=rules.registry.owners.get(f"steps:{kind}"), kind=kind)


def _stalled(rules: Ruleset, step: Step, steps: int, produced: int) -> NoProgressError:
    owner = rules.registry.owners.get(f"steps:{step.kind}", "?")
    return NoProgressError(
        f"no decision after more than {MAX_STEPS_WITHOUT_DECISION} steps or "
        f"{MAX_EVENTS_WITHOUT_DECISION} events ({steps} steps, {produced} events): step kind "
        f"{step.kind!r} of plugin {owner!r} does not finish", plugin=owner, kind=step.kind)
