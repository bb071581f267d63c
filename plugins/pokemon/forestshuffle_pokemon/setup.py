"""The set-up of ruleset ``pokemon`` (seed 003, 游戏设置): the deck, the opening redraw, and
the set-up of each mode, in this order:

1. the deck: shuffled, the removal for the content and player count returned unseen to the
   box (:mod:`.content`); with 2 to 5 players the 3 whistles in its last third as the base
   game has them, in a solo game one whistle mixed into its bottom 10 cards (the other two
   stay in the box); the mode decks shuffled too (training, challenge and chance cards);
2. each player draws 6 and, if none is a trainer, may redraw once (return all 6, draw 6): a
   professor dex is no trainer, so it does not count, unlike the core's ``no_tree`` mulligan
   which counts every card that opens a site;
3. solo: 5 cards face up into the grass;
4. with expansion 3: the special boxes, chosen in reverse turn order;
5. solo: the achievement and its level; challenge mode: each player keeps 1 of 2 challenges;
6. the first turn: the first player's (in a solo game, the player's).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from forestshuffle.core import events as ev
from forestshuffle.core.decisions import Decision, KeepHand, Redraw
from forestshuffle.core.rules import FINISHED
from forestshuffle.core.steps import Step
from forestshuffle.kinds import DeckBuilder, StepKind
from forestshuffle.kinds.setup import MulliganStep, WinterInLastThird

from .boxes import box_steps
from .content import check_content
from .solo import WHISTLE_AMONG, ChooseAchievementStep, SoloGrassStep, deal_solo
from .versus import challenge_steps, deal_challenges, deal_chances

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

DECK_BUILDER = "pokemon_deck"


class RedrawStep(MulliganStep):
    """Set-up: a player whose 6 opening cards hold no trainer may redraw once: all 6 return
    to the box and 6 new ones are drawn (seed 003, set-up 6). Only a trainer dex counts (a
    professor dex opens a site but is no trainer)."""

    name = "pokemon_redraw"

    def run(self, state: GameState, step: Step) -> Decision | list[ev.Event]:
        """Ask only when the hand has no trainer."""
        rules = state.rules
        if any(rules.is_tree_card(c) for c in state.hands[step.player]):
            return [FINISHED]
        return Decision(step.player, "mulligan", "keep this hand without a trainer, or redraw",
                        (KeepHand(label="keep the hand"),
                         Redraw(label="return the 6 cards and draw 6 new")))


def solo_deck(rules: Ruleset, rng: random.Random) -> ev.DeckBuilt:
    """A solo game's deck: shuffled, the removal for one player boxed, one whistle mixed into
    the bottom 10 cards; the other whistles stay in the box."""
    cards = list(rules.deck_cards)
    rng.shuffle(cards)
    remove = rules.spec.removal.get(1, 0)
    boxed, rest = cards[:remove], cards[remove:]
    whistle, *others = rules.winter_cards
    bottom = [*rest[len(rest) - WHISTLE_AMONG:], whistle]
    rng.shuffle(bottom)
    order = (*rest[: len(rest) - WHISTLE_AMONG], *bottom)
    return ev.DeckBuilt(order, (*boxed, *others))


class PokemonDeck(DeckBuilder):
    """The deck and every set-up step of ruleset ``pokemon`` (see the module's text)."""

    name = DECK_BUILDER

    def build(self, rules: Ruleset, players: int, rng: random.Random) -> list[ev.Event]:
        """DeckBuilt, the modes' set-up events, the set-up steps."""
        check_content(rules, players)
        solo = players == 1
        out: list[ev.Event]
        if solo:
            out = [solo_deck(rules, rng), deal_solo(rng)]
        else:
            out = [e for e in WinterInLastThird().build(rules, players, rng)
                   if isinstance(e, ev.DeckBuilt)]
        if rules.options.get("challenge"):
            out.append(deal_challenges(players, rng))
        if rules.options.get("chance"):
            out.append(deal_chances(players, rng))
        steps = [Step("deal"), *(Step(RedrawStep.name, p) for p in range(players))]
        if solo:
            steps.append(Step(SoloGrassStep.name))
        steps.extend(box_steps(rules, players))
        if solo:
            steps.append(Step(ChooseAchievementStep.name, 0))
        steps.extend(challenge_steps(rules, players))
        steps.append(Step("end_turn", -1))
        out.append(ev.StepsQueued(tuple(steps)))
        return out


STEP_KINDS: tuple[StepKind, ...] = (RedrawStep(),)
DECK_BUILDERS: tuple[DeckBuilder, ...] = (PokemonDeck(),)
