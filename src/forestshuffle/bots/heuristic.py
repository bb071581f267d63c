"""A simple rule-of-thumb bot: plays real cards rather than saplings, uses its effects.

The rules live in :func:`rule_of_thumb`, which the searching bots also use to play out
games quickly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from forestshuffle.bots.base import BotBase
from forestshuffle.core.decisions import (
    Action,
    Decision,
    Declare,
    DrawFromClearing,
    DrawFromDeck,
    Pass,
    PickCard,
    PlayCard,
    PlaySapling,
    Redraw,
    Use,
)

if TYPE_CHECKING:
    from forestshuffle.bots.base import Situation
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset


def rule_of_thumb(decision: Decision, rules: Ruleset, free_slots: int,
                  rng: random.Random) -> Action:
    """The :class:`HeuristicBot`'s choice for *decision*, the player's forest having
    *free_slots* empty slots; at random (from *rng*) among equals."""
    opts = decision.options
    if len(opts) == 1:
        return opts[0]
    declares = [a for a in opts if isinstance(a, Declare)]
    if declares:
        return declares[0]
    if decision.kind == "turn":
        return _turn_choice(opts, rules, free_slots, rng)
    for cls in (Use, Redraw):
        wanted = [a for a in opts if isinstance(a, cls)]
        if wanted:
            return wanted[0]
    if decision.kind in ("free_play", "play_from_clearing", "take", "play_further"):
        picks = [a for a in opts if isinstance(a, PickCard)]
        if picks:
            return rng.choice(picks)
    if decision.kind in ("cave", "upgrade_site", "play_face_down"):
        # cave a card or tuck a river now and then, but not the whole hand
        picks = [a for a in opts if isinstance(a, PickCard)]
        passes = [a for a in opts if isinstance(a, Pass)]
        if passes and (not picks or rng.random() < 0.5):
            return passes[0]
        return rng.choice(picks)
    return rng.choice(list(opts))


def _turn_choice(opts: Sequence[Action], rules: Ruleset, free_slots: int,
                 rng: random.Random) -> Action:
    """:func:`rule_of_thumb` for a turn: a tree while the forest has few empty slots, else a
    dweller; a draw when nothing can be played; a sapling last."""
    pick = rng.choice
    plays = [a for a in opts if isinstance(a, PlayCard)]
    if plays:
        trees = [a for a in plays if rules.opens_site(a.card)]
        if trees and free_slots < 3:
            return pick(trees)
        dwellers = [a for a in plays if not rules.opens_site(a.card)]
        return pick(dwellers or trees)
    draws = [a for a in opts if isinstance(a, DrawFromDeck | DrawFromClearing)]
    if draws:
        return pick(draws)
    saplings = [a for a in opts if isinstance(a, PlaySapling)]
    return pick(saplings or list(opts))


def quick_choice(game: Game, rng: random.Random) -> Action:
    """:func:`rule_of_thumb` for the pending decision of *game* (a game the caller may read
    whole: a determinized one, in search)."""
    dec = game.pending
    assert dec is not None
    if len(dec.options) == 1:
        return dec.options[0]
    free = sum(1 for site in game.state.forests[dec.player].sites
               for cards in site.slots.values() if not cards)
    return rule_of_thumb(dec, game.rules, free, rng)


class HeuristicBot(BotBase):
    """Chooses by a few rules of thumb, at random among equals (from its own seeded generator).

    On its turn it plays a card it can pay for (cards that open a site, such as trees, first
    while its forest has few free slots), else draws, and plants a sapling only when nothing
    else is possible; it uses every effect, bonus and trigger, picks a card whenever an
    effect offers one, redraws an opening hand without a tree, and declares whatever the
    ruleset lets it declare (an immediate win) as soon as it may. Not strong; a livelier
    opponent than :class:`RandomBot`.
    """

    def act(self, situation: Situation) -> Action:
        """A legal action."""
        forest = situation.view.forests[situation.player]
        free = sum(1 for site in forest.sites for _, cards in site.slots if not cards)
        return rule_of_thumb(situation.decision, situation.rules, free, self.rng)
