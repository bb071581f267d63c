"""A PettingZoo AEC environment played by the native core (needs the ``[rl]`` extra and the
extension): :func:`forestshuffle.rl.env`'s game, agents, spaces and rewards, over a
:class:`~forestshuffle.native.NativeGame`.

>>> from forestshuffle.native.pettingzoo import env
>>> e = env("base", players=2)  # doctest: +SKIP
>>> e.reset(seed=1)  # doctest: +SKIP

**What it is.** PettingZoo's AEC API steps one game, one agent at a time, and lets any agent
read its observation (``observe(agent)``); a batch of games has no PettingZoo API. So this is
the AEC view of one native game: ``reset(seed=s)`` deals the very game
``forestshuffle.rl.env(...).reset(seed=s)`` deals, and the same action codes give the same
agent selection, observations, masks and rewards. For many games at once, step
:class:`~forestshuffle.native.VecEnv` itself (every seat's decisions, pgx-shaped), or one seat
of each with :class:`forestshuffle.native.gym.NativeVectorEnv`.

An observation is a dict: ``observation`` (float32, ``Game.observation(player)``) and
``action_mask`` (int8, the legal codes of the agent to move, all 0 for the others); the
``extensions`` text of the Python environment is left out (the native core plays no plugin
view parts). Rewards are 0 until the end, then each player's ``Game.returns()``; every agent
is then terminated and steps None. An illegal action code raises
:class:`~forestshuffle.errors.IllegalActionError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from forestshuffle.errors import ArgumentError
from forestshuffle.native import NativeGame
from forestshuffle.native._loading import _rules_of
from forestshuffle.rl import OrderEnforcing, action_code

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

__all__ = ["NativeAECEnv", "env"]


class NativeAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module)."""

    #: PettingZoo's metadata: the environment's name, no rendering
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": [], "name": "forestshuffle_native_v0", "is_parallelizable": False}

    def __init__(self, ruleset: str | Ruleset = "base", players: int = 2, *,
                 options: Mapping[str, Any] | None = None,
                 expansions: Sequence[str] = ()) -> None:
        super().__init__()
        #: the ruleset the games are played by
        self.rules = _rules_of(ruleset, options, expansions)
        #: the number of players (one agent each)
        self.players = players
        #: the agents' names, ``player_0`` ... in seat order
        self.possible_agents = [f"player_{p}" for p in range(players)]
        #: the game being played (None before the first ``reset``)
        self.game: NativeGame | None = None
        probe = NativeGame(self.rules, players, 0)  # the sizes; the player count checked
        n, size = probe.num_distinct_actions, probe.observation_size
        high = float(max(len(self.rules.cards), 1))
        space = spaces.Dict({
            "observation": spaces.Box(0.0, high, (size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
        })
        self._obs_spaces = {a: space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of *agent* (the same for all)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the one ``forestshuffle.rl.env`` deals for the same *seed* (or
        ``options["seed"]``; else a seed drawn from the environment's generator)."""
        if seed is None and options and isinstance(options.get("seed"), int):
            seed = options["seed"]
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = NativeGame(self.rules, self.players, self._rng.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _playing(self) -> NativeGame:
        if self.game is None:
            raise ArgumentError("call reset() first")
        return self.game

    def _select(self) -> None:
        who = self._playing().to_move
        if who is not None:
            self.agent_selection = self.possible_agents[who]

    def observe(self, agent: str) -> dict[str, Any]:
        """*agent*'s observation and action mask (all 0 unless it is their decision)."""
        g = self._playing()
        p = self.possible_agents.index(agent)
        if g.to_move == p:
            mask = g.legal_actions_mask().view(np.int8)
        else:
            mask = np.zeros(g.num_distinct_actions, dtype=np.int8)
        return {"observation": g.observation(p), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action code (an integer, not a bool); a finished
        agent's step must be None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self._playing()
        g.apply(action_code(action, g.num_distinct_actions))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if g.is_over:
            for a, r in zip(self.possible_agents, g.returns(), strict=True):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def close(self) -> None:
        """Nothing to release."""


def env(ruleset: str | Ruleset = "base", players: int = 2, **kwargs: Any) -> AECEnv:
    """The environment in PettingZoo's order-enforcing wrapper (as :func:`forestshuffle.rl.
    env` wraps its own)."""
    return OrderEnforcing(NativeAECEnv(ruleset, players, **kwargs))
