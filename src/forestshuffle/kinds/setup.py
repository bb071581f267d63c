"""Set-up kinds: the deck builder that shuffles, removes and places the winter cards, the
deal and the opening mulligan."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Action, Decision, KeepHand, Redraw
from forestshuffle.core.draws import shuffle
from forestshuffle.core.fastevents import drawn_by
from forestshuffle.core.rules import FINISHED, Events, deck_take
from forestshuffle.core.steps import Step
from forestshuffle.kinds import DeckBuilder, StepKind

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState


class WinterInLastThird(DeckBuilder):
    """Shuffle the deck without winters, return ``removal[players]`` cards unseen to the
    box, split the rest in three piles, shuffle all but one winter into the bottom pile,
    put the last winter on top of it, and stack the other piles on top."""

    name = "winter_in_last_third"

    def build(self, rules: Ruleset, players: int, rng: random.Random) -> list[ev.Event]:
        """The DeckBuilt event plus the set-up steps."""
        cards = list(rules.deck_cards)
        shuffle(rng, cards)
        remove = rules.spec.removal.get(players, 0)
        boxed, rest = cards[:remove], cards[remove:]
        third = len(rest) // 3
        top, middle, bottom = rest[:third], rest[third : 2 * third], rest[2 * third :]
        winters = list(rules.winter_cards)
        if winters:
            last, others = winters[0], winters[1:]
            bottom = bottom + others
            shuffle(rng, bottom)
            bottom = [last, *bottom]
        order = top + middle + bottom
        return [ev.DeckBuilt(tuple(order), tuple(boxed)), setup_steps(rules, players)]


def setup_steps(rules: Ruleset, players: int) -> ev.StepsQueued:
    """Deal, mulligans in seat order, then the first turn."""
    steps = [Step("deal")]
    if rules.spec.mulligan == "no_tree":
        steps.extend(Step("mulligan", p) for p in range(players))
    steps.append(Step("end_turn", -1))
    return ev.StepsQueued(tuple(steps))


class DealStep(StepKind):
    """Set-up: every player draws the opening hand."""

    name = "deal"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Deal."""
        out: Events = [FINISHED]
        n = state.rules.spec.opening_hand
        players = state.players
        dealt = [0]

        def make(c: int) -> ev.Event:
            p = dealt[0] // n
            dealt[0] += 1
            return ev.CardDrawn(p, c)

        deck_take(state, n * players, make, out)
        return out


class MulliganStep(StepKind):
    """Set-up: a player whose opening hand holds no tree may redraw it once. A card that opens
    a site as a tree does (a shrub) counts as one: the hand can start a forest."""

    name = "mulligan"

    def run(self, state: GameState, step: Step) -> Decision | Events:
        """Ask only when the hand has no tree."""
        rules = state.rules
        hand = state.hands[step.player]
        if any(rules.opens_site(c) for c in hand):
            return [FINISHED]
        return Decision(step.player, "mulligan", "keep this hand without a tree, or redraw", (
            KeepHand(label="keep the hand"), Redraw(label="return the hand and draw 6 new")))

    def answer(self, state: GameState, step: Step, action: Action) -> Events:
        """Redraw: the hand goes to the box, a new one is drawn."""
        if isinstance(action, KeepHand):
            return [FINISHED]
        hand = tuple(state.hands[step.player])
        out: Events = [FINISHED, ev.HandReturned(step.player, hand)]
        player = step.player
        deck_take(state, len(hand), drawn_by(player), out)
        return out


#: The set-up step kinds.
SETUP_STEPS: tuple[StepKind, ...] = (DealStep(), MulliganStep())
