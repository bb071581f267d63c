"""A test plugin that uses every hook of the open core: its own action, decision, event
and state, an automated seat, a declaration, an end-of-turn rule, a tie-breaker, a
per-game limit and options. Ruleset ``test-open`` plays the base cards with them.

- After each player's turn, the player guesses whether the deck's size is even
  (``Guess(even)``, a plugin action); the guess is a plugin event that only its player sees.
- An automated seat, the Squirrel, takes a turn after the players (in games of 1 or 2
  players, option ``squirrel``): it reveals the top deck card into the clearing and counts
  its turns in the plugin's state.
- A player with 3 or more trees may declare an immediate win at any of their decisions.
- Ties go to the player with more cards in hand; saplings are limited to 1 per player.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.rules import FINISHED, deck_take
from forestshuffle.core.spec import AutomatonSeat, Option, RulesetSpec
from forestshuffle.core.state import GameState
from forestshuffle.kinds import DeclarationKind, PluginEvent, StateKind, StepKind
from forestshuffle.plugins.hookspecs import hookimpl

SQUIRREL = "test.squirrel"
GUESSES = "test.guesses"


@attrs.frozen
class Guess(Action):
    """Guess whether the deck holds an even number of cards."""

    type_name: ClassVar[str] = "test.Guess"
    even: bool


@attrs.frozen
class Guessed(PluginEvent):
    """A player guessed the parity of the deck; only they see what (``even`` is None in the
    others' view)."""

    type_name: ClassVar[str] = "test.Guessed"
    player: int
    even: bool | None

    def apply(self, state: GameState) -> None:
        """Count the guess."""
        n = state.ext[GUESSES]
        state.ext[GUESSES] = (*n[: self.player], n[self.player] + 1, *n[self.player + 1:])

    def seen_by(self, player: int) -> ev.Event:
        """The guess hidden from the others."""
        return self if player == self.player else Guessed(self.player, None)


@attrs.frozen
class SquirrelActed(PluginEvent):
    """The Squirrel took a turn."""

    type_name: ClassVar[str] = "test.SquirrelActed"

    def apply(self, state: GameState) -> None:
        """One more Squirrel turn."""
        state.ext[SQUIRREL] += 1


class GuessStep(StepKind):
    """End of a player's turn: guess the deck's parity."""

    name = "test_guess"

    def run(self, state: GameState, step: Any) -> Decision | list[ev.Event]:
        """Ask."""
        rules = state.rules
        return Decision(step.player, "guess", "is the deck's size even?", (
            rules.action(Guess, True, label="even"), rules.action(Guess, False, label="odd")))

    def answer(self, state: GameState, step: Any, action: Action) -> list[ev.Event]:
        """Record the guess."""
        assert isinstance(action, Guess)
        return [FINISHED, Guessed(step.player, action.even)]


class SquirrelTurn(StepKind):
    """The Squirrel's turn: reveal the top deck card into the clearing."""

    name = "test_squirrel_turn"

    def run(self, state: GameState, step: Any) -> Decision | list[ev.Event]:
        """Reveal, count."""
        out: list[ev.Event] = [FINISHED, SquirrelActed()]
        deck_take(state, 1, ev.CardRevealed, out)
        return out


class Squirrel(StateKind):
    """The Squirrel's turns so far."""

    name = SQUIRREL

    def initial(self, rules: Any, players: int) -> Any:
        """None yet."""
        return 0


class Guesses(StateKind):
    """How many guesses each player made (everyone may know the counts)."""

    name = GUESSES

    def initial(self, rules: Any, players: int) -> Any:
        """None yet."""
        return (0,) * players


class DeclareWin(DeclarationKind):
    """A player with at least 3 trees may declare an immediate win."""

    name = "test.win"
    label = "declare an immediate win (3 trees)"

    def available(self, state: GameState, player: int) -> bool:
        """3 trees or more."""
        return state.forests[player].count("trees") >= 3

    def declare(self, state: GameState, player: int) -> list[ev.Event]:
        """The game ends; the player wins."""
        return [ev.GameEnded("declared_win", (player,))]


SEAT = AutomatonSeat("Squirrel", "test_squirrel_turn", players=(1, 2))

RULESET = RulesetSpec(
    id="test-open",
    name="Base with every open-core hook",
    card_sets=("base",),
    min_players=1,
    max_players=4,
    removal={1: 30, 2: 30, 3: 20, 4: 10},
    end_of_turn=("test_guess",),
    automata=(SEAT,),
    declarations=("test.win",),
    state_kinds=(SQUIRREL, GUESSES),
    tie_breakers=("hand",),
    limits={"saplings": 1},
    options=(
        Option("squirrel", True, "an automated Squirrel seat in games of 1 or 2 players",
               changes=lambda v: {"automata": (SEAT,) if v else ()}),
        Option("saplings", 1, "saplings per player", minimum=0, maximum=5,
               changes=lambda v: {"limits": {"saplings": v}}),
    ),
)


@hookimpl
def forestshuffle_rulesets() -> Iterable[RulesetSpec]:
    """Ruleset ``test-open``."""
    return (RULESET,)


@hookimpl
def forestshuffle_step_kinds() -> Iterable[StepKind]:
    """The guess and the Squirrel's turn."""
    return (GuessStep(), SquirrelTurn())


@hookimpl
def forestshuffle_declaration_kinds() -> Iterable[DeclarationKind]:
    """The immediate win."""
    return (DeclareWin(),)


@hookimpl
def forestshuffle_state_kinds() -> Iterable[StateKind]:
    """The Squirrel's turns and the guess counts."""
    return (Squirrel(), Guesses())


@hookimpl
def forestshuffle_event_types() -> Iterable[type[PluginEvent]]:
    """Guesses and Squirrel turns."""
    return (Guessed, SquirrelActed)


@hookimpl
def forestshuffle_action_types() -> Iterable[type[Action]]:
    """The guess."""
    return (Guess,)
