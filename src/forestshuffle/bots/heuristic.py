"""A simple rule-of-thumb bot: plays real cards rather than saplings, uses its effects."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..decisions import (
    Action,
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
    from ..game import Game


class HeuristicBot:
    """Chooses by a few rules of thumb, at random among equals (from its own seeded generator).

    On its turn it plays a card it can pay for (cards that open a site, such as trees, first
    while its forest has few free slots), else draws, and plants a sapling only when nothing
    else is possible; it uses every effect, bonus and trigger, picks a card whenever an
    effect offers one, redraws an opening hand without a tree, and declares whatever the
    ruleset lets it declare (an immediate win) as soon as it may. Not strong; a livelier
    opponent than :class:`RandomBot`.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        """A legal action."""
        p = game.pending
        if p is None:
            raise ValueError("the game is over")
        opts = p.options
        if len(opts) == 1:
            return opts[0]
        declares = [a for a in opts if isinstance(a, Declare)]
        if declares:
            return declares[0]
        pick = self.rng.choice
        if p.kind == "turn":
            plays = [a for a in opts if isinstance(a, PlayCard)]
            if plays:
                rules = game.rules
                forest = game.state.forests[p.player]
                free = sum(n for n in forest.open.values() if n > 0)
                trees = [a for a in plays if rules.opens_site(a.card)]
                if trees and free < 3:
                    return pick(trees)
                dwellers = [a for a in plays if not rules.opens_site(a.card)]
                return pick(dwellers or trees)
            draws = [a for a in opts if isinstance(a, DrawFromDeck | DrawFromClearing)]
            if draws:
                return pick(draws)
            saplings = [a for a in opts if isinstance(a, PlaySapling)]
            return pick(saplings or list(opts))
        for cls in (Use, Redraw):
            wanted = [a for a in opts if isinstance(a, cls)]
            if wanted:
                return wanted[0]
        if p.kind in ("free_play", "play_from_clearing", "take", "play_further"):
            picks = [a for a in opts if isinstance(a, PickCard)]
            if picks:
                return pick(picks)
        if p.kind in ("cave", "upgrade_site", "play_face_down"):
            # cave a card or tuck a river now and then, but not the whole hand
            picks = [a for a in opts if isinstance(a, PickCard)]
            passes = [a for a in opts if isinstance(a, Pass)]
            if passes and (not picks or self.rng.random() < 0.5):
                return passes[0]
            return pick(picks)
        return pick(list(opts))
