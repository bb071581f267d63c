"""A one-ply greedy bot, and the position evaluation the searching bots share.

:func:`evaluate` scores a position for a player: their points now (forest and cave, as the
game would score it if it ended here) plus :data:`HAND_WEIGHT` points per card in hand,
less the same for the best other player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from forestshuffle.bots.base import BotBase
from forestshuffle.bots.heuristic import quick_choice
from forestshuffle.core.scoring import score_forest

if TYPE_CHECKING:
    from forestshuffle.bots.base import Situation
    from forestshuffle.core.decisions import Action
    from forestshuffle.core.game import Game

#: What a card in hand is worth, in points, to :func:`evaluate` (it will be played or pay
#: for a play later); tuned against the other bots in 2-player base games.
HAND_WEIGHT = 1.5


def points(game: Game) -> list[int]:
    """Every player's points if the game ended now: forest and cave (no breakdown)."""
    s = game.state
    rules = game.rules
    return [score_forest(rules, s.forests, p, breakdown=False)[0] + len(s.caves[p])
            for p in range(game.players)]


def evaluate(game: Game, player: int, hand_weight: float = HAND_WEIGHT) -> float:
    """*player*'s points plus *hand_weight* per hand card, less the best other player's
    (just the former in a 1-player game)."""
    s = game.state
    pts = points(game)
    vals = [pts[p] + hand_weight * len(s.hands[p]) for p in range(game.players)]
    mine = vals[player]
    others = [v for p, v in enumerate(vals) if p != player]
    return mine - max(others) if others else mine


def finish_turn(game: Game, player: int, rng: random.Random, *, branch: bool = True,
                hand_weight: float = HAND_WEIGHT) -> None:
    """Play *player*'s decisions on in the current turn: where a card goes (``place``) the
    best placement by :func:`evaluate` (when *branch*), anything else by
    :func:`~forestshuffle.bots.heuristic.quick_choice`."""
    turn = game.state.turn
    while not game.is_over:
        dec = game.pending
        assert dec is not None
        if dec.player != player or game.state.turn != turn:
            return
        if branch and dec.kind == "place" and len(dec.options) > 1:
            game.apply(best_option(game, player, dec.options, rng, branch=False,
                                   hand_weight=hand_weight))
        else:
            game.apply(quick_choice(game, rng))


def greedy_values(game: Game, player: int, options: Sequence[Action], rng: random.Random,
                  *, branch: bool = True, hand_weight: float = HAND_WEIGHT) -> list[float]:
    """Per option of *options*, :func:`evaluate` of the position once *player*'s turn is
    finished by :func:`finish_turn` (what :func:`best_option` maximises)."""
    vals = []
    for a in options:
        g = game.clone()
        g.apply(a)
        finish_turn(g, player, rng, branch=branch, hand_weight=hand_weight)
        vals.append(evaluate(g, player, hand_weight))
    return vals


def best_option(game: Game, player: int, options: Sequence[Action],
                rng: random.Random, *, branch: bool = True,
                hand_weight: float = HAND_WEIGHT) -> Action:
    """The option of *options* whose position, once *player*'s turn is finished by
    :func:`finish_turn`, :func:`evaluate` rates highest (at random among equals)."""
    best: list[Action] = []
    top = float("-inf")
    vals = greedy_values(game, player, options, rng, branch=branch, hand_weight=hand_weight)
    for a, v in zip(options, vals, strict=True):
        if v > top + 1e-9:
            top, best = v, [a]
        elif v > top - 1e-9:
            best.append(a)
    return best[0] if len(best) == 1 else rng.choice(best)


class GreedyBot(BotBase):
    """One ply: for each legal action, in one determinization of the hidden cards, the
    position once its turn is finished (placements chosen the same way, other decisions by
    rule of thumb), rated by :func:`evaluate`: the immediate score change plus
    :data:`HAND_WEIGHT` per hand card, against the best opponent. Seeded; at random among
    equals."""

    def __init__(self, seed: int | None = None, hand_weight: float = HAND_WEIGHT) -> None:
        super().__init__(seed)
        self.hand_weight = hand_weight  #: the value of a hand card in the evaluation

    def act(self, situation: Situation) -> Action:
        """The best-rated legal action."""
        if len(situation.legal) == 1:
            return situation.legal[0]
        game = situation.determinize(self.rng)
        return best_option(game, situation.player, game.legal_actions(), self.rng,
                           hand_weight=self.hand_weight)
