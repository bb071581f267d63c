"""The Python engine's games a batch of native environments should be playing (for the tests
of :class:`forestshuffle.native.VecEnv` and its adapters)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.core.game import Game


class Reference:
    """The Python engine's games an environment batch should be playing."""

    def __init__(self, ruleset: str, seeds: Sequence[int], players: int = 2, *,
                 auto_reset: bool = True, learner: int | None = None) -> None:
        self.ruleset, self.players, self.auto_reset = ruleset, players, auto_reset
        self.learner = learner
        self.first = list(seeds)
        self.restarts = [0] * len(seeds)
        self.bots: list[RandomBot | None] = [None] * len(seeds)
        self.games = [self._deal(i, s) for i, s in enumerate(seeds)]

    def _deal(self, i: int, seed: int) -> Game:
        """The game dealt from *seed*; with a learner seat, its random bot (seeded alike)
        plays up to the learner's first decision."""
        game = fs.new_game(self.ruleset, players=self.players, seed=seed)
        if self.learner is not None:
            self.bots[i] = RandomBot(seed=seed)
            self._opponents(i, game)
        return game

    def _opponents(self, i: int, g: Game) -> None:
        bot = self.bots[i]
        while bot is not None and not g.is_over and g.pending.player != self.learner:  # type: ignore[union-attr]
            g.apply(bot.choose(g))

    def seeds(self) -> list[int]:
        n = len(self.games)
        return [s + k * n for s, k in zip(self.first, self.restarts, strict=True)]

    def mask(self) -> Any:
        return np.stack([g.legal_actions_mask() if not g.is_over
                         else np.zeros(g.num_distinct_actions, dtype=bool) for g in self.games])

    def player(self) -> Any:
        return np.array([-1 if g.pending is None else g.pending.player for g in self.games])

    def observation(self) -> Any:
        """Per game, the observation of the player to move (once over, of the player whose
        turn it was)."""
        return np.stack([g.observation(g.state.current if g.pending is None
                                       else g.pending.player) for g in self.games])

    def step(self, actions: Any) -> tuple[Any, Any]:
        """(rewards: the change of returns(), terminated) of applying *actions*."""
        rewards, ended = [], []
        for i, code in enumerate(actions):
            g = self.games[i]
            if g.is_over:  # finished, not reset: the action is ignored
                rewards.append((0.0,) * self.players)
                ended.append(True)
                continue
            before = g.returns()
            g.apply(g.decode(int(code)))
            self._opponents(i, g)
            rewards.append(tuple(b - a for a, b in zip(before, g.returns(), strict=True)))
            ended.append(g.is_over)
            if g.is_over and self.auto_reset:
                self.restarts[i] += 1
                self.games[i] = self._deal(i, self.seeds()[i])
        return np.array(rewards, dtype=np.float32), np.array(ended)
