"""A Gymnasium environment of one seat of forestshuffle, with action masking (needs the
``[rl]`` extra).

The learner plays seat ``seat`` (0: first); bots play the other seats (a random bot each,
seeded from the episode's seed, unless ``opponents`` names others), between the learner's
steps. An observation is the learner's view as :func:`forestshuffle.search.observation.observe`
lays it out (a float32 ``Box``); the action space is ``Discrete(num_distinct_actions)``;
:meth:`ForestShuffleGymEnv.action_masks` is the mask of the legal codes, the method
sb3-contrib's ``MaskablePPO`` calls (``info["action_mask"]`` holds it too, and
``info["extensions"]`` the plugins' parts of the view as JSON text). Importing the module
registers it with Gymnasium as :data:`ENV_ID`: ``gymnasium.make(ENV_ID, ruleset="base")``.
The reward is 0 until the
game ends, then the learner's :meth:`~forestshuffle.core.game.Game.returns`. An illegal code ends
the episode with ``illegal_reward`` (−1) by default (``illegal_action="penalty"``, what
Gymnasium's env checker and random exploration expect), or raises
:class:`~forestshuffle.errors.IllegalActionError` (``illegal_action="raise"``).

>>> from forestshuffle.rl.single import ForestShuffleGymEnv
>>> e = ForestShuffleGymEnv("base", players=2)
>>> obs, info = e.reset(seed=1)
>>> int(e.action_masks().sum()) == int(info["action_mask"].sum()) > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from forestshuffle.bots import RandomBot
from forestshuffle.bots.base import choose
from forestshuffle.core.game import Game, new_game
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.errors import ArgumentError, IllegalActionError
from forestshuffle.plugins.manager import get_ruleset
from forestshuffle.rl import IllegalAction, observation_of, render_table
from forestshuffle.search.codec import codec_of
from forestshuffle.search.observation import ForestParts, observation_size

__all__ = ["ENV_ID", "ForestShuffleGymEnv"]

#: the id ``gymnasium.make`` knows it by (registered when this module is imported)
ENV_ID = "forestshuffle/ForestShuffle-v0"

#: makes the bot of a seat from a seed (the bots of :mod:`forestshuffle.bots` take one)
BotFactory = Callable[[int], Any]


class ForestShuffleGymEnv(gym.Env[Any, np.int64]):
    """One seat of a game against bots, as a Gymnasium environment (see the module)."""

    #: Gymnasium's metadata: the render modes
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(  # noqa: PLR0913 (the game's parameters and the environment's knobs)
            self, ruleset: str | Ruleset = "base", players: int = 2, *, seat: int = 0,
            opponents: Sequence[BotFactory] | None = None,
            options: Mapping[str, Any] | None = None, expansions: Sequence[str] = (),
            render_mode: str | None = None, illegal_action: IllegalAction = "penalty",
            illegal_reward: float = -1.0) -> None:
        #: the ruleset the games are played by
        self.rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(
            ruleset, options=options, expansions=expansions)
        if not 0 <= seat < players:
            raise ArgumentError(f"seat={seat}: a {players}-player game has seats 0 to "
                                f"{players - 1}")
        if illegal_action not in ("raise", "penalty"):
            raise ArgumentError(f"illegal_action must be 'raise' or 'penalty', not "
                                f"{illegal_action!r}")
        #: the number of players, the learner's seat
        self.players, self.seat = players, seat
        #: a bot factory per other seat, in seat order (default: random bots)
        self.opponents = list(opponents) if opponents is not None else \
            [RandomBot] * (players - 1)
        if len(self.opponents) != players - 1:
            raise ArgumentError(f"opponents: {players - 1} expected (one per other seat), "
                                f"not {len(self.opponents)}")
        self.render_mode = render_mode
        self.illegal_action: IllegalAction = illegal_action
        self.illegal_reward = illegal_reward
        self._codec = codec_of(self.rules)
        self.observation_space = spaces.Box(0.0, float(max(len(self.rules.cards), 1)),
                                            (observation_size(self.rules),), dtype=np.float32)
        self.action_space = spaces.Discrete(self._codec.size)
        #: the game being played (None before the first ``reset``)
        self.game: Game | None = None
        #: the forests' parts of the observations, kept between steps
        self._parts = ForestParts()
        self._bots: dict[int, Any] = {}
        self._over = False

    # -- the episode -----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a new game (from *seed*, else from the environment's generator); the bots
        play until the learner's first decision."""
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**62))
        rng = random.Random(deal)
        self.game = new_game(self.rules, players=self.players, seed=deal)
        others = [p for p in range(self.players) if p != self.seat]
        self._bots = {p: make(rng.randrange(2**32))
                      for p, make in zip(others, self.opponents, strict=True)}
        self._over = False
        self._bots_play()
        return self._observed()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action code, then the bots' turns up to the learner's next
        decision or the end."""
        g = self._game()
        if self._over:
            raise ArgumentError("the episode is over: call reset()")
        try:
            g.apply(g.decode(int(action)), player=self.seat)
        except (IllegalActionError, ArgumentError):
            if self.illegal_action == "raise":
                raise
            self._over = True
            obs, info = self._observed({"illegal_action": True})
            return obs, self.illegal_reward, True, False, info
        self._bots_play()
        reward = 0.0
        if g.is_over:
            self._over = True
            reward = float(g.returns()[self.seat])
        if self.render_mode == "human":
            self.render()
        obs, info = self._observed()
        return obs, reward, self._over, False, info

    def action_masks(self) -> Any:
        """One bool per action code, True for the learner's legal actions (all False once
        the game is over): what sb3-contrib's ``MaskablePPO`` reads."""
        g = self._game()
        mask = np.zeros(self._codec.size, dtype=bool)
        pend = g.pending
        if pend is not None and pend.player == self.seat and not self._over:
            mask[self._codec.codes(pend.options)] = True
        return mask

    def render(self) -> str | None:
        """The table as ``forestshuffle play`` draws it (``render_table`` of
        :mod:`forestshuffle.rl`)."""
        return render_table(self.game, self.render_mode)

    # -- helpers ---------------------------------------------------------------------------

    def _game(self) -> Game:
        if self.game is None:
            raise ArgumentError("call reset() first")
        return self.game

    def _bots_play(self) -> None:
        g = self._game()
        while g.pending is not None and g.pending.player != self.seat:
            g.apply(choose(self._bots[g.pending.player], g))

    def _observed(self, info: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """The learner's observation and the info (its mask and extensions, and *info*),
        from one view of the game."""
        vector, extensions = observation_of(self._game(), self.seat, self._parts)
        return vector, {"action_mask": self.action_masks(), "extensions": extensions,
                        **(info or {})}


if ENV_ID not in gym.registry:
    gym.register(ENV_ID, entry_point=f"{__name__}:ForestShuffleGymEnv")
