"""The kinds of ``house-001``: its draw action (draw 2, keep 1, the other to the clearing),
passing a turn, discarding down to the hand limit at the end of a turn, the deck with the
winter cards at the bottom, and its end conditions. Its own events and action too.

Every one is a general kind registered through the public hooks; nothing in the core
names this ruleset.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision, DrawFromClearing, DrawFromDeck, PickCard
from forestshuffle.core.draws import shuffle
from forestshuffle.core.fastevents import card_taken, drawn_by
from forestshuffle.core.rules import FINISHED, deck_take, pick_card
from forestshuffle.core.steps import Step
from forestshuffle.kinds import (
    DeckBuilder,
    EndCondition,
    PluginEvent,
    StateKind,
    StepKind,
    TurnAction,
)
from forestshuffle.kinds.setup import setup_steps
from forestshuffle.kinds.turn import TurnStep

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

#: the name of this plugin's part of the state: consecutive turns without an action
PASSES = "house001.passes"


# -- events and actions ----------------------------------------------------------------------


@attrs.frozen
class CardsDiscarded(PluginEvent):
    """A player put hand cards face up into the clearing (the card not kept of a draw, or
    the cards over the hand limit at the end of a turn)."""

    type_name: ClassVar[str] = "house001.CardsDiscarded"
    player: int
    cards: tuple[int, ...]

    def apply(self, state: GameState) -> None:
        """Hand to clearing."""
        hand = state.hands[self.player]
        for c in self.cards:
            hand.remove(c)
        state.clearing.extend(self.cards)


@attrs.frozen
class TurnPassed(PluginEvent):
    """A player's turn went by without an action: passed, or nothing was possible."""

    type_name: ClassVar[str] = "house001.TurnPassed"
    player: int

    def apply(self, state: GameState) -> None:
        """One more turn in a row without an action."""
        state.ext[PASSES] = state.ext.get(PASSES, 0) + 1


@attrs.frozen
class PassesReset(PluginEvent):
    """A player acted: the turns in a row without an action start again from 0."""

    type_name: ClassVar[str] = "house001.PassesReset"

    def apply(self, state: GameState) -> None:
        """Back to 0."""
        state.ext[PASSES] = 0


@attrs.frozen
class PassTurn(Action):
    """Let the turn go by without acting (when every player in a row does, the game ends)."""

    type_name: ClassVar[str] = "house001.PassTurn"


#: the shared pass (actions are frozen)
_PASS: Final = PassTurn(label="pass (nobody acting for a round ends the game)")


EVENT_TYPES: tuple[type[PluginEvent], ...] = (CardsDiscarded, TurnPassed, PassesReset)
ACTION_TYPES: tuple[type[Action], ...] = (PassTurn,)


class Passes(StateKind):
    """Turns in a row in which nobody acted (everyone sees it)."""

    name = PASSES

    def initial(self, rules: Ruleset, players: int) -> Any:
        """None yet."""
        return 0


# -- set-up ----------------------------------------------------------------------------------


class WinterAtBottom(DeckBuilder):
    """Shuffle the deck without winters, return ``removal[players]`` cards unseen to the box,
    and put the winter cards face down at the very bottom, unshuffled (seed 001)."""

    name = "winter_at_bottom"

    def build(self, rules: Ruleset, players: int, rng: random.Random) -> list[ev.Event]:
        """The DeckBuilt event plus the set-up steps."""
        cards = list(rules.deck_cards)
        shuffle(rng, cards)  # rng.shuffle(cards): the same permutation, without its calls
        remove = rules.spec.removal.get(players, 0)
        boxed, rest = cards[:remove], cards[remove:]
        return [ev.DeckBuilt((*rest, *rules.winter_cards), tuple(boxed)),
                setup_steps(rules, players)]


# -- the turn --------------------------------------------------------------------------------


#: the shared deck draw of this turn action (actions are frozen)
_DRAW_TWO: Final = DrawFromDeck(label="draw 2 from the deck, keep 1")


class DrawTwoKeepOne(TurnAction):
    """Draw 2 cards from the deck, keep 1 and put the other face up into the clearing; or
    take 1 card from the clearing (seed 001). The hand may go over its limit until the end
    of the turn."""

    name = "draw_two_keep_one"
    handles = (DrawFromDeck, DrawFromClearing)

    def options(self, state: GameState, player: int) -> list[Action]:
        """The deck (if it has cards) and every clearing card."""
        rules = state.rules
        opts: list[Action] = []
        if state.deck:
            opts.append(_DRAW_TWO)
        opts.extend(map(rules.take_actions.__getitem__, sorted(state.clearing)))
        return opts

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Draw 2 and ask which to keep, or take the clearing card."""
        player = step.player
        if isinstance(action, DrawFromClearing):
            return [FINISHED, card_taken(player, action.card)]
        out: list[ev.Event] = [FINISHED]
        deck_take(state, 2, drawn_by(player), out)
        drawn = tuple(e.card for e in out if isinstance(e, ev.CardDrawn))
        if len(drawn) > 1:
            out.append(ev.StepsQueued((Step("keep_one", player, -1, {"drawn": drawn}),)))
        return out


class KeepOneStep(StepKind):
    """Keep one of the cards just drawn; the others go face up into the clearing."""

    name = "keep_one"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask which card to keep."""
        return pick_card(state, step.player, "keep", "keep one of the cards drawn",
                         step.args["drawn"], "keep {}")

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Keep it, discard the rest."""
        assert isinstance(action, PickCard)
        others = tuple(c for c in step.args["drawn"] if c != action.card)
        return [FINISHED, CardsDiscarded(step.player, others)]


class PassAction(TurnAction):
    """Let the turn go by (seed 001: the game ends when no player "can or will" act)."""

    name = "pass_turn"
    handles = (PassTurn,)

    def options(self, state: GameState, player: int) -> list[Action]:
        """Always possible."""
        return [_PASS]

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Note the pass."""
        return [FINISHED, TurnPassed(step.player)]


class HouseTurnStep(TurnStep):
    """The core's turn step; a turn in which the player acts starts the count of turns
    without an action again."""

    name = "house_turn"

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """The turn action's events, after a reset when the player acts."""
        # TurnStep.answer: the turn action that offered it answers (without super()'s call)
        owner: TurnAction = state.rules.action_owner[type(action)]
        out = owner.answer(state, step, action)
        if not isinstance(action, PassTurn) and state.ext.get(PASSES, 0):
            out.insert(0, PassesReset())
        return out


class CannotActStep(StepKind):
    """A player with no possible turn action lets the turn go by."""

    name = "nothing_to_do"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """A turn without an action."""
        return [FINISHED, TurnPassed(step.player)]


class DiscardToLimitStep(StepKind):
    """End of a turn: a hand over the limit is discarded down to it, one card at a time,
    the player choosing which; the cards go face up into the clearing (seed 001)."""

    name = "discard_to_hand_limit"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask for a card while the hand is over the limit."""
        hand = state.hands[step.player]
        over = len(hand) - state.rules.spec.hand_limit
        if over <= 0:
            return [FINISHED]
        return pick_card(state, step.player, "discard",
                         f"discard down to the hand limit ({over} more)", sorted(hand),
                         "discard {}")

    def answer(self, state: GameState, step: Step, action: Action) -> list[ev.Event]:
        """Discard it; the step asks again while the hand is still over."""
        assert isinstance(action, PickCard)
        return [CardsDiscarded(step.player, (action.card,))]


# -- the end ---------------------------------------------------------------------------------


class DeckExhausted(EndCondition):
    """The deck is empty and the clearing cannot supply a draw (seed 001)."""

    name = "deck_exhausted"

    def ended(self, state: GameState) -> bool:
        """No card left to draw anywhere."""
        return not state.deck and not state.clearing


class NobodyActs(EndCondition):
    """Every player in a row let the turn go by: no player can or will act (seed 001)."""

    name = "nobody_acts"

    def ended(self, state: GameState) -> bool:
        """A whole round without an action."""
        return bool(state.ext.get(PASSES, 0) >= state.players)


STEP_KINDS: tuple[StepKind, ...] = (KeepOneStep(), HouseTurnStep(), CannotActStep(),
                                    DiscardToLimitStep())
TURN_ACTIONS: tuple[TurnAction, ...] = (DrawTwoKeepOne(), PassAction())
END_CONDITIONS: tuple[EndCondition, ...] = (DeckExhausted(), NobodyActs())

