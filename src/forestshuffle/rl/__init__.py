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
(float32), ``action_mask``, an int8 mask over the ruleset's action codes
(:mod:`forestshuffle.search.codec`), and ``extensions``, the plugins' parts of the view
(``view.extensions``) as compact JSON text; the action space is
``Discrete(num_distinct_actions)``. Rewards are 0 until the end, then each player's
:meth:`~forestshuffle.core.game.Game.returns` (+1 / −1 in a 2-player game, 0 for a shared win).
An illegal action code raises :class:`~forestshuffle.errors.IllegalActionError`
(``illegal_action="raise"``, the default) or, with ``illegal_action="penalty"``, ends the
game: the agent that played it is paid ``illegal_reward`` (−1), the others 0, and every
agent is terminated (PettingZoo's convention for its classic games). ``reset(seed=...)``
deals the game from that seed; the ``options`` of ``reset`` may hold ``"seed"`` too.
``render()`` draws the table as ``forestshuffle play`` does. ``env.game`` is the game being
played (it holds the hidden cards: a learner should read only observations).
:mod:`forestshuffle.rl.single` wraps a seat of it as a Gymnasium environment.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from forestshuffle.core.decisions import Action, Decision
from forestshuffle.core.game import Game, new_game
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.core.views import PlayerView, view_extensions
from forestshuffle.errors import ArgumentError, IllegalActionError
from forestshuffle.plugins.manager import get_ruleset
from forestshuffle.safety import printable
from forestshuffle.search.codec import codec_of
from forestshuffle.search.observation import ForestParts, observation_size, observe_state

__all__ = ["ForestShuffleEnv", "IllegalAction", "OrderEnforcing", "action_code", "env",
           "extensions_space", "extensions_text", "observation_of", "raw_env", "render_table",
           "table_text"]

#: what an illegal action code does: raise IllegalActionError, or end the game with a penalty
IllegalAction = Literal["raise", "penalty"]
#: the longest ``extensions`` text of an observation
MAX_EXTENSIONS_TEXT = 1 << 16


def extensions_space() -> spaces.Text:
    """The space of an observation's ``extensions``: compact JSON, printable ASCII."""
    return spaces.Text(MAX_EXTENSIONS_TEXT, min_length=2,
                       charset="".join(chr(c) for c in range(32, 127)))


def extensions_text(view: PlayerView) -> str:
    """A view's plugin parts (``view.extensions``) as compact JSON (keys sorted, ASCII; a
    tuple is a list): ``{}`` for a ruleset without any."""
    return _json_text(view.extensions)


def _json_text(ext: dict[str, Any]) -> str:
    return json.dumps(ext, sort_keys=True, separators=(",", ":"), default=str) if ext else "{}"


def observation_of(game: Game, player: int,
                   parts: ForestParts | None = None) -> tuple[Any, str]:
    """*player*'s observation vector and extensions text: what
    :func:`~forestshuffle.search.observation.observe` and :func:`extensions_text` make of
    ``game.view(player)``, read straight from the state (no view is built); *parts* keeps
    the forests' parts between calls (:class:`~forestshuffle.search.observation.ForestParts`)."""
    state = game.state
    vector = observe_state(state, player,
                           parts.sync(state, game.events) if parts is not None else None)
    return vector, _json_text(view_extensions(state, player)) if state.rules.state_kinds \
        else "{}"


def render_table(game: Game | None, render_mode: str | None) -> str | None:
    """An environment's ``render()``: the table as ``forestshuffle play`` draws it
    (:func:`table_text`); ``ansi`` returns it, ``human`` prints it in colour (None)."""
    if game is None:
        return None
    if render_mode == "human":
        print(table_text(game, colour=True), end="")
        return None
    return table_text(game)


def table_text(game: Game, *, colour: bool = False, width: int = 120) -> str:
    """The table as ``forestshuffle play`` draws it (the clearing, every forest, the hand of
    the player to move, the decision and its options), as text; ANSI colours with
    *colour*."""
    from rich.console import Console

    from forestshuffle.display.terminal import decision, position

    buf = io.StringIO()
    seat = game.pending.player if game.pending is not None else None
    Console(file=buf, width=width, force_terminal=colour, no_color=not colour,
            highlight=False).print(position(game, seat), decision(game))
    return buf.getvalue()


class ForestShuffleEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module's docstring)."""

    #: PettingZoo's metadata: the render modes, the environment's name
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "forestshuffle_v0",
        "is_parallelizable": False}

    def __init__(self, ruleset: str | Ruleset = "base", players: int = 2, *,
                 options: Mapping[str, Any] | None = None, expansions: Sequence[str] = (),
                 render_mode: str | None = None, illegal_action: IllegalAction = "raise",
                 illegal_reward: float = -1.0) -> None:
        super().__init__()
        if illegal_action not in ("raise", "penalty"):
            raise ArgumentError(f"illegal_action must be 'raise' or 'penalty', not "
                                f"{illegal_action!r}")
        #: "raise" (IllegalActionError) or "penalty" (the game ends, see the module)
        self.illegal_action = illegal_action
        #: the reward of an agent that plays an illegal code under "penalty"
        self.illegal_reward = illegal_reward
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
            "extensions": extensions_space(),
        })
        self._obs_spaces = {a: space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        #: the game being played (None before the first ``reset``)
        self.game: Game | None = None
        self._rng = random.Random()
        #: the decision last coded (:meth:`_coded`), its options' codes and its mask
        self._coding: tuple[Decision, list[int], Any] | None = None
        #: the forests' parts of the observations, kept between steps
        self._parts = ForestParts()

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
        pend = g.pending
        if pend is not None and pend.player == p:
            mask = self._coded(pend)[1].copy()
        else:
            mask = np.zeros(codec_of(self.rules).size, dtype=np.int8)
        vector, extensions = observation_of(g, p, self._parts)
        return {"observation": vector, "action_mask": mask, "extensions": extensions}

    def _coded(self, dec: Decision) -> tuple[list[int], Any]:
        """The codes of *dec*'s options and their mask, kept while *dec* is the decision
        asked."""
        if self._coding is None or self._coding[0] is not dec:
            codec = codec_of(self.rules)
            codes = codec.codes(dec.options)
            mask = np.zeros(codec.size, dtype=np.int8)
            mask.put(codes, 1)
            self._coding = (dec, codes, mask)
        return self._coding[1], self._coding[2]

    def _option(self, code: int) -> Action:
        """The pending decision's option of *code*, as ``game.decode`` finds it (the first
        option of that code), from the codes :meth:`observe` kept for it."""
        g = self.game
        assert g is not None
        coding = self._coding
        if coding is not None and coding[0] is g.pending:
            try:
                option: Action = coding[0].options[coding[1].index(code)]
            except ValueError:  # no option of that code: decode makes the action
                pass
            else:
                return option
        return g.decode(code)

    def step(self, action: Any) -> None:
        """Apply the selected agent's action code: an integer (a Python ``int`` or a NumPy
        integer, not a bool) from 0 to ``num_distinct_actions - 1``. Anything else (``0.7``,
        ``"0"``, ``None``, ``nan``) and an illegal code are illegal actions: see
        ``illegal_action``. A finished agent's step must be None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        try:
            g.apply(self._option(action_code(action, g.num_distinct_actions)))
        except (IllegalActionError, ArgumentError):
            if self.illegal_action == "raise":
                raise
            self.rewards[agent] = self.illegal_reward
            self.terminations = {a: True for a in self.agents}
            self.infos[agent]["illegal_action"] = True
        else:
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
        """The table as ``forestshuffle play`` draws it (:func:`render_table`)."""
        return render_table(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def action_code(action: Any, size: int) -> int:
    """*action* as an action code: an integer (``int`` or a NumPy integer, a 0-d integer
    array too; never a bool, a float or a text) from 0 to *size* - 1, else
    IllegalActionError."""
    if type(action) is int and 0 <= action < size:  # the common case, at once
        return action
    if isinstance(action, np.ndarray) and action.shape == () and \
            np.issubdtype(action.dtype, np.integer):
        action = action.item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise IllegalActionError(f"an action is an integer code from 0 to {size - 1}, not "
                                 f"{type(action).__name__} {printable(repr(action))[:40]}")
    code = int(action)
    if not 0 <= code < size:
        raise IllegalActionError(f"no action code {code} (codes run from 0 to {size - 1})")
    return code


def raw_env(ruleset: str | Ruleset = "base", players: int = 2, **kwargs: Any) -> ForestShuffleEnv:
    """The environment without wrappers."""
    return ForestShuffleEnv(ruleset, players, **kwargs)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper whose ``last()`` asks the environment at once:
    the same result and the same refusal before ``reset``, without a look-up through the
    wrapper for each field."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (when *observe*), cumulative reward,
        termination, truncation and info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        got: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return got

    def __str__(self) -> str:
        return str(self.env)


def env(ruleset: str | Ruleset = "base", players: int = 2, **kwargs: Any) -> AECEnv:
    """The environment, wrapped in PettingZoo's order-enforcing wrapper (steps before
    ``reset`` and illegal agents are refused; :class:`OrderEnforcing`)."""
    return OrderEnforcing(raw_env(ruleset, players, **kwargs))
