"""The turn machine: :func:`decide` and :func:`advance`.

``decide(state, action)`` validates an answer to the pending decision and returns the
events it causes, without changing anything. ``advance(state)`` resolves the head of
the resolution queue when it needs no input (returning its events) or returns the
decision to ask. The :class:`~forestshuffle.core.game.Game` alternates them with
:func:`~forestshuffle.core.state.evolve`. What each step does is its *step kind*'s business
(:mod:`forestshuffle.kinds`); the machine only dispatches.
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
from forestshuffle.core.fastevents import (
    CARD_DRAWN,
    CARD_PLAYED,
    CARD_REVEALED,
    CARD_TAKEN,
    STEP_FINISHED,
    STEPS_REPLACED,
    TURN_STARTED,
    TURN_STARTS,
    turn_started,
)
from forestshuffle.core.state import EVOLVE_TABLE, card_played_into
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
    """Resolve the head step if it needs no input (its events), or the decision to ask.

    A decision of a player also offers the ruleset's declarations whose condition holds
    (:class:`~forestshuffle.core.decisions.Declare` options after the step's own)."""
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


def fold(state: GameState, events: Sequence[Event], log: list[Event]) -> None:
    """Fold *events* into *state* and append them to *log*, stopping at the game's end (the
    first part of :func:`run`'s loop alone)."""
    _loop(state, log, events, False, None, None, None, None, 1, (), None, ())


def run(state: GameState, log: list[Event],
        apply: Callable[[Sequence[Event]], None] | None = None) -> None:
    """Resolve the head steps that need no input until a decision is pending (it becomes
    ``state.pending``) or the game is over: each step's events are folded into *state* and
    appended to *log*, or handed to *apply* when given (a record being loaded compares them).

    The loop of :class:`~forestshuffle.core.game.Game` (one function, so that the compiled build
    compiles it). A step kind that raises is reported as a PluginError naming it; one that
    never leads to a decision is stopped after
    :data:`~forestshuffle.safety.MAX_STEPS_WITHOUT_DECISION` steps or
    :data:`~forestshuffle.safety.MAX_EVENTS_WITHOUT_DECISION` events (NoProgressError)."""
    _loop(state, log, None, True, apply, None, None, None, 1, (), None, ())


def apply_answer(game: Any, action: Action) -> None:
    """``Game._answer``: apply *action*, an option of the pending decision of *game* (a
    :class:`~forestshuffle.core.game.Game`), fold its events and :func:`run` to the next decision;
    on a failure the game is rebuilt as it was (``game._rebuild``) and a plugin's exception
    becomes a PluginError. Here, not in ``game``, so that the compiled build compiles it."""
    _loop(game.state, game.events, None, True, None, game, None, None, 1, (), action, ())


def play_loop(game: Any, one: Callable[[Any], Action] | None,
              seats: Sequence[Callable[[Any], Action]] | None, max_actions: int,
              exact: Sequence[bool] = (),
              bits: Sequence[Callable[[int], int] | None] = ()) -> bool:
    """The loop of :func:`~forestshuffle.bots.play_out`: at most *max_actions* actions, each
    chosen by *one* (every seat's chooser) or by the pending player's of *seats*, applied
    as :func:`apply_answer` applies it; True once the game is over, False if it did not end.

    What a chooser returns is checked with :func:`resolve`, unless *exact* says, by seat
    (one entry for *one*), that it returns an option of the pending decision itself (the
    library's own random choice does: it picks from ``state.pending.options``). *bits*, by
    seat likewise, gives that choice's ``getrandbits`` where it draws with CPython's bit
    loop (:class:`~forestshuffle.bots.uniform.UniformChoice`): the loop then draws as it
    would, without calling it (the same option, the same generator state)."""
    return _loop(game.state, game.events, None, True, None, game, one, seats, max_actions,
                 exact, None, bits)


def _loop(state: GameState, log: list[Event], events: Sequence[Event] | None, steps: bool,
          apply: Callable[[Sequence[Event]], None] | None, game: Any,
          one: Callable[[Any], Action] | None, seats: Sequence[Callable[[Any], Action]] | None,
          max_actions: int, exact: Sequence[bool], given: Action | None,
          bits: Sequence[Callable[[int], int] | None]) -> bool:
    """The machine, one loop: :func:`fold` (*events*, no *steps*), :func:`run` (*steps*),
    and, with a *game*, :func:`apply_answer` (*given*: one action) and :func:`play_loop`
    (up to *max_actions* actions chosen by *one* or *seats*). Per action: choose it, have the
    head step's kind answer it, then fold its events and resolve the head steps that need no
    input until a decision is pending, with no call per step but the step kind's, nor per
    action but the choice; on a failure after an answer the game is rebuilt as it was. True
    once the game is over.

    Folding is :func:`~forestshuffle.core.state.evolve` inlined, the events that are nine in ten
    of every log applied here by their class, in the order of how often they come, most
    without a call (what ``state._steps_replaced``, ``_turn_started``... do); it stops at the
    game's end. A failure while folding a step's events is that step kind's (PluginError)."""
    # what does not change while the loop runs (a rebuilt game's state is only made on the
    # way out, by a failure)
    rules = state.rules
    kinds = rules.step_kinds
    queue = state.queue
    table = EVOLVE_TABLE
    # the end of a turn that only starts the next one (EndTurnStep's common case), done here
    quick_end = rules.core_end_turn and apply is None
    declarations = rules.declarations
    # the core's turn step hands an answer to the turn action that offered it: done here
    turn_kind = kinds.get("turn") if rules.core_turn_step else None
    owners = rules.action_owner
    # step kinds whose decisions need no check (the core's, which ask only with options)
    sure = rules.sure_kinds
    limit = rules.spec.clearing_limit
    conds = rules.end_conditions
    starts = TURN_STARTS
    driving = game is not None
    plain = not driving or game._expect is None
    actions: list[tuple[Action, int]] = game.actions if driving else []
    draws = () if given is not None or not driving else \
        tuple(bits) + (None,) * max(0, (1 if seats is None else len(seats)) - len(bits))
    step: Step | None = None
    action: Action | None = None
    mark = 0
    for _ in range(max_actions):
        if driving:  # choose the action and answer it
            if state.over:
                return True
            if given is None:
                dec = state.pending
                assert dec is not None
                seat = 0 if seats is None else dec.player
                draw = draws[seat]
                if draw is not None:  # UniformChoice.__call__, without its call
                    opts = dec.options
                    n = len(opts)
                    if n <= 1:
                        action = opts[0]
                    else:
                        k = n.bit_length()
                        r = draw(k)
                        while r >= n:
                            r = draw(k)
                        action = opts[r]
                else:
                    chooser = one if seats is None else seats[seat]
                    assert chooser is not None
                    action = chooser(game)
                    if seat >= len(exact) or not exact[seat]:
                        action = resolve(state, action)
            else:
                action = given
            step = queue[0]
            try:
                if type(action) is Declare:
                    events = answer(state, action)
                else:  # what answer() does, without its call (the hot path)
                    kind: StepKind = kinds[step.kind]
                    if kind is turn_kind:  # TurnStep.answer: its turn action's, called here
                        events = owners[type(action)].answer(state, step, action)
                    else:
                        events = kind.answer(state, step, action)
            except ForestShuffleError:
                raise
            except Exception as exc:
                raise _failure(rules, exc, step) from exc
            mark = len(log)
        nsteps = produced = 0
        more = steps  # steps to resolve after the events
        try:
            if not plain:  # a record being loaded: its events compared one by one
                game._run(events)
                game._advance()
                events = None
                more = False
            while True:
                if events is not None:
                    if apply is not None:
                        apply(events)
                    else:
                        n = 0
                        for e in events:
                            t = type(e)
                            if t is STEPS_REPLACED:
                                queue[0:1] = e.steps  # type: ignore[attr-defined]
                            elif t is STEP_FINISHED:
                                del queue[0]
                            elif t is CARD_PLAYED:
                                card_played_into(state, e)  # type: ignore[arg-type]
                            elif t is CARD_TAKEN:
                                state.clearing.remove(e.card)  # type: ignore[attr-defined]
                                state.hands[e.player].append(  # type: ignore[attr-defined]
                                    e.card)  # type: ignore[attr-defined]
                            elif t is CARD_REVEALED:
                                state.clearing.append(state.deck.pop())
                            elif t is CARD_DRAWN:
                                state.hands[e.player].append(  # type: ignore[attr-defined]
                                    state.deck.pop())
                            elif t is TURN_STARTED:  # (most turns start below)
                                p: int = e.player  # type: ignore[attr-defined]
                                state.current = p
                                state.turn += 1
                                if e.extra:  # type: ignore[attr-defined]
                                    state.extra_turns[p] -= 1
                                queue[0:1 if queue else 0] = state.turn_queues[p]
                            else:  # only these can end the game
                                fn = table.get(t)
                                if fn is None:
                                    e.apply(state)  # type: ignore[attr-defined]  # a plugin's
                                else:
                                    fn(state, e)
                                if state.over:
                                    log.append(e)
                                    n += 1
                                    break
                            log.append(e)
                            n += 1
                        state.nevents += n
                        state.pending = None
                if not more or state.over:
                    break
                if not queue:
                    last = step.kind if step is not None else "?"
                    raise PluginError(
                        f"the resolution queue ran empty after step kind {last!r}",
                        plugin=rules.registry.owners.get(f"steps:{last}"), kind=last)
                step = queue[0]
                if quick_end and step.kind == "end_turn" and len(state.clearing) < limit \
                        and state.end_scheduled is None and (not conds or not _ended(conds, state)):
                    # EndTurnStep.run's events (an extra turn of the player, or the next
                    # seat's turn), folded as the loop above folds them
                    p = state.current
                    if 0 <= step.player < state.players and state.extra_turns[p] > 0:
                        e = turn_started(p, True)
                        state.extra_turns[p] -= 1
                    else:
                        p = 0 if step.player < 0 else (p + 1) % state.seats
                        pair = starts.get(p)
                        e = turn_started(p, False) if pair is None else pair[0]
                    state.current = p
                    state.turn += 1
                    queue[0:1] = state.turn_queues[p]
                    log.append(e)
                    state.nevents += 1
                    nsteps += 1
                    produced += 1
                    if nsteps > MAX_STEPS_WITHOUT_DECISION:  # (a turn of nothing but its end)
                        raise _stalled(rules, step, nsteps, produced)
                    events = None
                    continue
                res = kinds[step.kind].run(state, step)
                if type(res) is list:
                    produced += len(res)
                else:
                    if isinstance(res, Decision):
                        if declarations:
                            res = with_declarations(state, res)
                        if step.kind not in sure and (
                                not res.options or type(res.player) is not int
                                or not 0 <= res.player < state.players):
                            raise _unanswerable(rules, res, step)
                        state.pending = res
                        break
                    res = list(res) if isinstance(res, tuple) else res
                    produced += len(res) if isinstance(res, list) else 0
                nsteps += 1
                if nsteps > MAX_STEPS_WITHOUT_DECISION or \
                        produced > MAX_EVENTS_WITHOUT_DECISION:
                    raise _stalled(rules, step, nsteps, produced)
                events = res
        except BaseException as exc:
            if driving:
                game._rebuild(mark)
            if isinstance(exc, ForestShuffleError) or not isinstance(exc, Exception) \
                    or step is None:  # (None: the caller's events)
                raise
            raise _failure(rules, exc, step) from exc
        if not driving:
            return state.over
        assert action is not None
        actions.append((action, mark))
        events = None
    return state.over and driving


def _ended(conds: Sequence[Any], state: GameState) -> bool:
    """Whether one of the end conditions *conds* holds in *state* (EndTurnStep's check)."""
    for cond in conds:  # noqa: SIM110 (a loop: no generator per turn)
        if cond.ended(state):
            return True
    return False


def _failure(rules: Ruleset, exc: BaseException, step: Step | None) -> PluginError:
    from forestshuffle.plugins.manager import (
        plugin_failure,  # the error path only (plugins imports the kinds)
    )

    return plugin_failure(rules, exc, f"steps:{step.kind if step is not None else '?'}")


def _unanswerable(rules: Ruleset, dec: Decision, step: Step) -> PluginError:
    owner = rules.registry.owners.get(f"steps:{step.kind}", "?")
    return PluginError(f"step kind {step.kind!r} of plugin {owner!r} asked a decision "
                       f"that cannot be answered (player {dec.player!r}, "
                       f"{len(dec.options)} options)", plugin=owner, kind=step.kind)


def _stalled(rules: Ruleset, step: Step, steps: int, produced: int) -> NoProgressError:
    owner = rules.registry.owners.get(f"steps:{step.kind}", "?")
    return NoProgressError(
        f"no decision after more than {MAX_STEPS_WITHOUT_DECISION} steps or "
        f"{MAX_EVENTS_WITHOUT_DECISION} events ({steps} steps, {produced} events): step kind "
        f"{step.kind!r} of plugin {owner!r} does not finish", plugin=owner, kind=step.kind)
