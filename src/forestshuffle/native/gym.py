"""A Gymnasium vector environment over the native core's :class:`~forestshuffle.native.VecEnv`
(needs the ``[rl]`` extra and the extension): ``num_envs`` games of one seat each, the other
seats played inside the step by the native random bot.

>>> from forestshuffle.native.gym import NativeVectorEnv
>>> envs = NativeVectorEnv("base", num_envs=8)  # doctest: +SKIP
>>> obs, info = envs.reset(seed=0)  # doctest: +SKIP
>>> obs, rewards, terminated, truncated, info = envs.step(envs.sample_actions())  # doctest: +SKIP

**The single-agent view.** The learner plays ``seat`` (0 by default) in every game; the other
seats are played by ``fs.bots.RandomBot(seed=s)`` for the game dealt from seed ``s`` (one bot
for every other seat), inside the native core, between the learner's steps (``VecEnv(...,
learner=seat)``). So every observation is the learner's: the vector of
``Game.observation(seat)`` (a float32 ``Box``), and the action space of one game is
``Discrete(num_distinct_actions)``.

**Action masks.** ``info["action_mask"]`` (num_envs x actions bools) and
:meth:`NativeVectorEnv.action_masks` hold the legal codes of every game, the method
sb3-contrib's ``MaskablePPO`` calls; :meth:`NativeVectorEnv.sample_actions` draws a legal code
per game. An illegal code raises :class:`~forestshuffle.errors.IllegalActionError` (naming the
game) and no game moves.

**Rewards and autoreset.** The reward is 0 until a game ends, then the learner's
``Game.returns()`` (+1 / −1 in a 2-player game, 0 for a shared win). Autoreset is
Gymnasium's same-step mode (``metadata["autoreset_mode"]``): the step that ends a game
returns its reward and ``terminated`` beside the first observation of the next game (dealt from
the environment's next seed, as ``VecEnv`` deals them). The last observation of the finished
game is not kept (``final_obs`` is absent): it has no value to bootstrap from after a
termination; a game cut short after ``max_actions`` is ``truncated``.

``reset(seed=s)`` deals game ``i`` from ``s + i`` (a list of seeds: one each); ``reset()``
draws ``s`` from the environment's generator.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from forestshuffle.native.vecenv import VecEnv, VecState

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

__all__ = ["NativeVectorEnv"]


class NativeVectorEnv(gym.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games, the learner at *seat* of each and the native random bot at the
    others, as a Gymnasium vector environment (see the module). *max_actions* cuts a game
    short (``truncated``) after that many actions of all seats; *parallel* spreads the games
    over the native core's threads."""

    #: Gymnasium's metadata: same-step autoreset
    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(  # noqa: PLR0913 (the game's parameters and the environment's knobs)
            self, ruleset: str | Ruleset = "base", num_envs: int = 1, players: int = 2, *,
            seat: int = 0, expansions: Sequence[str] = (),
            options: Mapping[str, Any] | None = None, max_actions: int | None = None,
            parallel: bool = True) -> None:
        #: the native environments the games are played in
        self.env = VecEnv(ruleset, num_envs, players, expansions, options, True,
                          max_actions=max_actions, parallel=parallel, learner=seat)
        #: the learner's seat
        self.seat = seat
        self.num_envs = num_envs
        cards = float(max(len(self.env.rules.cards), 1))
        self.single_observation_space = spaces.Box(0.0, cards, (self.env.observation_size,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.env.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._mask: Any = np.zeros((num_envs, self.env.num_actions), dtype=bool)

    def reset(self, *, seed: int | Iterable[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a new game in every environment (see the module); the bot plays up to the
        learner's first decision. (observations, ``{"action_mask": ...}``)."""
        if isinstance(seed, int) or seed is None:
            super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        obs, _, _, _, info = self._out(self.env.reset(seed))
        return obs, info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play the learner's code in each game, then the bot's turns up to the learner's
        next decision (or the end, and the next game's first decision)."""
        return self._out(self.env.step(actions))

    def _out(self, st: VecState) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        self._mask = st.legal_action_mask
        rewards = st.rewards[:, self.seat].astype(np.float64)
        return st.observation, rewards, st.terminated, st.truncated, {"action_mask": self._mask}

    def action_masks(self) -> Any:
        """The legal codes of every game, num_envs x actions bools (``info["action_mask"]``
        of the last reset or step)."""
        return self._mask

    def sample_actions(self, seed: int | None = None) -> Any:
        """One legal code per game, uniformly drawn by the native environments' generator
        (*seed* seeds it anew)."""
        return self.env.random_actions(seed)
