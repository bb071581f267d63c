"""A vectorised environment of the native core, shaped like pgx's: ``num_envs`` games of
one ruleset stepped together, one action code per game (:mod:`forestshuffle.search.codec`)
for the player its pending decision asks, the GIL released while the games move.

>>> from forestshuffle import native
>>> if native.available():  # doctest: +SKIP
...     env = native.VecEnv("base", num_envs=64)
...     state = env.reset(seeds=0)  # game i dealt from seed i
...     while not state.terminated.any():
...         state = env.step(env.random_actions())

Every step returns a :class:`VecState` of NumPy arrays, one row per game: the observation of
the player to move (what ``Game.observation(player)`` gives for the same state, the layout of
:mod:`forestshuffle.search.observation`), the legal-action mask of that player (what
``Game.legal_actions_mask()`` gives), that player, the rewards of the step, and whether the
game ended (``terminated``) or was cut short after ``max_actions`` actions (``truncated``).
The rewards follow :mod:`forestshuffle.rl`: 0 until the end, then each player's
:meth:`~forestshuffle.core.game.Game.returns` (+1 / −1 in a 2-player game, 0 for a shared
win), so each row of rewards is the change of ``Game.returns()`` over the step.

With ``auto_reset`` (the default), a game that ends starts again at once, as pgx's
``auto_reset`` and Gymnasium's same-step autoreset do: the step that ended it returns its
rewards and ``terminated`` (or ``truncated``) True, beside the mask and player of the new
game's first decision. Environment ``i`` reset from seed ``s`` deals its ``k``-th new game
from ``s + k * num_envs`` (modulo 2**128): ``reset(seeds=0)`` plays seeds 0 to
``num_envs - 1``, then ``num_envs`` to ``2 * num_envs - 1``... with no deal played twice.
Without it, a finished game stays finished until ``reset``: its mask is all False, its
player −1, its rewards 0, its action ignored.

With ``learner=seat``, the environments ask that seat only: the other seats are played inside
the step by the random bot, ``fs.bots.RandomBot(seed=s)`` for the game dealt from seed ``s``
(one bot for every other seat, as ``play_many`` seats it), up to the learner's next decision
or the end. Every state then asks the learner (``current_player`` is the seat), and a reset
or an auto-reset lets the bot play up to the learner's first decision.

An action that is not a legal code of its game raises
:class:`~forestshuffle.errors.IllegalActionError` (a ValueError) naming the environment;
every action is checked before any game moves, so the others are left as they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.errors import ArgumentError, IllegalActionError
from forestshuffle.native._loading import _ext, _rules_of, _seed, load_rules

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset

__all__ = ["VecEnv", "VecState"]


@attrs.frozen
class VecState:
    """What :meth:`VecEnv.reset` and :meth:`VecEnv.step` return, one row per game.

    Attributes:
        observation: num_envs x observation_size float32, the observation of the player
            to move (``Game.observation(player)``; once finished, of the player whose turn
            it was), or None with ``observations=False``.
        legal_action_mask: num_envs x num_actions bools, True for the legal codes of the
            player to move (all False for a finished game that is not reset).
        current_player: int32 per game, the player to move (−1 once finished).
        rewards: num_envs x players float32, the change of ``Game.returns()``.
        terminated: bools, the game ended this step (or earlier, without auto-reset).
        truncated: bools, the game was cut short after ``max_actions`` actions.
    """

    observation: Any
    legal_action_mask: Any
    current_player: Any
    rewards: Any
    terminated: Any
    truncated: Any


class VecEnv:
    """``num_envs`` games of *ruleset* played natively, stepped together (see the module).

    *observations* (True) writes the observation of the player to move into every state
    (False saves the time: ``observation`` is then None); *max_actions* cuts a game short
    (``truncated``) after that many actions (None: never, every game ends by itself); with
    ``copy=False`` the arrays of a state are read-only views of the environment's own,
    overwritten by the next step (no copy is made); *parallel* spreads the games over the
    native core's threads (``RAYON_NUM_THREADS``) when there are enough of them; *learner*
    (None) names the one seat the actions are for, the others played by the random bot.
    ArgumentError for a ruleset or player count the native core does not play (NativeError
    when the extension is missing or lacks a kind of the ruleset).
    """

    def __init__(  # noqa: PLR0913 (new_game's parameters and the environment's knobs)
            self, ruleset: str | Ruleset, num_envs: int, players: int = 2,
            expansions: Sequence[str] = (), options: Mapping[str, Any] | None = None,
            auto_reset: bool = True, *, observations: bool = True,
            max_actions: int | None = None, copy: bool = True, parallel: bool = True,
            learner: int | None = None) -> None:
        import numpy as np

        from forestshuffle.search.codec import codec_of
        from forestshuffle.search.observation import observation_size

        if type(num_envs) is not int or num_envs < 1:
            raise ArgumentError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        if max_actions is not None and (type(max_actions) is not int
                                        or not 1 <= max_actions < 2**32):
            raise ArgumentError(f"max_actions must be None or a whole number from 1, not "
                                f"{max_actions!r}")
        #: the built ruleset
        self.rules = _rules_of(ruleset, options, expansions)
        #: the number of games, of players in each
        self.num_envs, self.players = num_envs, players
        #: the number of action codes (the width of the mask)
        self.num_actions: int = codec_of(self.rules).size
        #: whether the game that ends starts again at once
        self.auto_reset = auto_reset
        self._copy = copy
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._mask = np.zeros((num_envs, self.num_actions), dtype=bool)
        self._player = np.full(num_envs, -1, dtype=np.int32)
        self._rewards = np.zeros((num_envs, players), dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=bool)
        self._truncated = np.zeros(num_envs, dtype=bool)
        #: the values of an observation (0 without observations)
        self.observation_size: int = observation_size(self.rules) if observations else 0
        self._obs = np.zeros((num_envs, self.observation_size), dtype=np.float32) \
            if observations else None
        try:
            self._env = _ext().VecEnv(
                load_rules(self.rules), players, num_envs, auto_reset, max_actions,
                self._actions, self._mask.view(np.uint8), self._player, self._rewards,
                self._terminated.view(np.uint8), self._truncated.view(np.uint8), self._obs)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
        self._env.parallel = parallel
        if learner is not None and (type(learner) is not int or not 0 <= learner < players):
            raise ArgumentError(f"learner must be None or a seat from 0 to {players - 1}, not "
                                f"{learner!r}")
        #: the seat the actions are for (None: every seat's)
        self.learner = learner
        self._env.set_learner(learner)
        self._started = False

    def reset(self, seeds: int | Iterable[int] = 0) -> VecState:
        """Deal a new game in every environment: from ``seeds[i]``, or, for one whole
        number *s*, environment ``i`` from ``s + i``."""
        if isinstance(seeds, int):
            first = _seed(seeds, "seeds")
            seed_list = [(first + i) % 2**128 for i in range(self.num_envs)]
        else:
            seed_list = [_seed(s, "seeds") for s in seeds]
        if len(seed_list) != self.num_envs:
            raise ArgumentError(f"seeds: one per environment ({self.num_envs}), not "
                                f"{len(seed_list)}")
        self._env.reset(seed_list)
        self._started = True
        return self._state()

    def step(self, actions: Any) -> VecState:
        """Answer each game's pending decision with its code in *actions* (one integer per
        environment, in order). ArgumentError for anything but an integer array of shape
        ``(num_envs,)`` or before :meth:`reset`; IllegalActionError (naming the environment)
        for a code that is not legal in its game, and then no game moves."""
        import numpy as np

        if not self._started:
            raise ArgumentError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ArgumentError(f"actions: one code per environment is needed, an array of "
                                f"shape ({self.num_envs},), not {a.shape}")
        if a.dtype.kind not in "iu":
            raise ArgumentError(f"actions: integer codes are needed, not {a.dtype}")
        np.copyto(self._actions, a, casting="unsafe")
        try:
            self._env.step()
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
        return self._state()

    def random_actions(self, seed: int | None = None) -> Any:
        """One legal code per game, each drawn uniformly among its options (0 for a
        finished game), from the environment's own generator (``random.Random``'s draws;
        *seed* seeds it anew)."""
        if not self._started:
            raise ArgumentError("call reset() before random_actions()")
        if seed is not None:
            self._env.seed_sampler(_seed(seed, "seed"))
        self._env.sample()
        return self._actions.copy()

    @property
    def seeds(self) -> list[int]:
        """Per environment, the seed its current game was dealt from."""
        seeds: list[int] = self._env.current_seeds()
        return seeds

    @property
    def episodes(self) -> list[int]:
        """Per environment, the games it started since its reset (0 during the first)."""
        counts: list[int] = self._env.episodes()
        return counts

    def _state(self) -> VecState:
        arrays = (self._obs, self._mask, self._player, self._rewards, self._terminated,
                  self._truncated)
        if self._copy:
            return VecState(*(None if a is None else a.copy() for a in arrays))
        return VecState(*(_read_only(a) for a in arrays))


def _read_only(a: Any) -> Any:
    if a is None:
        return None
    view = a.view()
    view.flags.writeable = False
    return view
