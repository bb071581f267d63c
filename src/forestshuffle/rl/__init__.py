"""A PettingZoo AEC environment of forestshuffle (needs the ``[rl]`` extra: numpy, gymnasium,
pettingzoo).

>>> from forestshuffle.rl import env
>>> e = env(ruleset="base", players=2)
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'

Agents are the players (``player_0`` ...; a ruleset's automated seats play by themselves).
Every decision is a step: a turn made of several decisions (play a card, then where, then
how to pay) gives the same agent several steps in a row. An observation is a dict:
``observation``, the player's view as :func:`forestshuffle.search.observation.observe` lays it out
(float32), and ``action_mask``, an int8 mask over the ruleset's action codes
(:mod:`forestshuffle.search.codec`); the action space is ``Discrete(num_distinct_actions)``. Rewards
are 0 until the end, then each player's :meth:`~forestshuffle.core.game.Game.returns` (+1 / −1 in
a 2-player game, 0 for a shared win). ``reset(seed=...)`` deals the game from that seed; the
``options`` of ``reset`` may hold ``"seed"`` too. ``env.game`` is the game being played (it
holds the hidden cards: a learner should read only observations).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from forestshuffle.core.game import Game, new_game
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.plugins.manager import get_ruleset
from forestshuffle.search.codec import codec_of
from forestshuffle.search.observation import observation_size

__all__ = ["ForestShuffleEnv", "env", "raw_env"]


class ForestShuffleEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module's docstring)."""

    #: PettingZoo's metadata: the render modes, the environment's name
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "forestshuffle_v0",
        "is_parallelizable": False}

    def __init__(self, ruleset: str | Ruleset = "base", players: int = 2, *,
                 options: Mapping[str, Any] | None = None, expansions: Sequence[str] = (),
                 render_mode: str | None = None) -> None:
        super().__init__()
        #: the ruleset the games are played by
        self.rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(
            ruleset, options=options, expansions=expansions)
        #: the number of players (one agent each)
        self.players = players
        #: "human" (render prints the game), "ansi" or None (it returns the text)
        self.render_mode = render_mode
        #: the agents' names, ``player_0`` ... in seat order
        self.possible_agents = [f"player_{p}" for p in range(players)]
        n = codec_of(self.rules).size
        size = observation_size(self.rules)
        high = float(max(len(self.rules.cards), 1))
        space = spaces.Dict({
            "observation": spaces.Box(0.0, high, (size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
        })
        self._obs_spaces = {a: space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        #: the game being played (None before the first ``reset``)
        self.game: Game | None = None
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of *agent* (the same for all)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (from *seed*, or ``options["seed"]``, else a seed drawn from the
        environment's generator)."""
        if seed is None and options and isinstance(options.get("seed"), int):
            seed = options["seed"]
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = new_game(self.rules, players=self.players,
                             seed=self._rng.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        g = self.game
        assert g is not None
        if g.pending is not None:
            self.agent_selection = self.possible_agents[g.pending.player]

    def observe(self, agent: str) -> dict[str, Any]:
        """*agent*'s observation and action mask (all False unless it is their decision)."""
        g = self.game
        assert g is not None
        p = self.possible_agents.index(agent)
        n = codec_of(self.rules).size
        mask = np.zeros(n, dtype=np.int8)
        pend = g.pending
        if pend is not None and pend.player == p:
            mask[codec_of(self.rules).codes(pend.options)] = 1
        return {"observation": g.observation(p), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action code (an illegal code raises
        IllegalActionError; a finished agent's step must be None)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        g.apply(g.decode(int(action)))
        self.rewards = {a: 0.0 for a in self.agents}
        if g.is_over:
            for a, r in zip(self.possible_agents, g.returns(), strict=True):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game as one line (``ansi``: returned; ``human``: printed)."""
        text = repr(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(ruleset: str | Ruleset = "base", players: int = 2, **kwargs: Any) -> ForestShuffleEnv:
    """The environment without wrappers."""
    return ForestShuffleEnv(ruleset, players, **kwargs)


def env(ruleset: str | Ruleset = "base", players: int = 2, **kwargs: Any) -> AECEnv:
    """The environment, wrapped in PettingZoo's order-enforcing wrapper (steps before
    ``reset`` and illegal agents are refused)."""
    return wrappers.OrderEnforcingWrapper(raw_env(ruleset, players, **kwargs))
