"""What search and learning code needs of a game beyond playing it: independent copies
(:func:`clone`), fast :func:`undo` from saved states, position keys (:func:`state_key`,
:func:`infostate_key`), :func:`returns`, and pickling without the compiled ruleset.

:class:`~forestshuffle.core.game.Game` exposes each as a method (``game.clone()``...); this module
sits below the game and knows it only by the attributes it reads (:class:`GameLike`).
Determinization lives in :mod:`forestshuffle.search.determinize`.

**Undo.** A game keeps copies of its state at some action boundaries (before action ``i``
for ``i`` a multiple of :data:`SNAPSHOT_EVERY`), made lazily: nothing is copied while a game
is only played forward. ``undo(n)`` starts from the nearest saved state at or before the
target ``m``, refolds the events from there and drops the saved states after the target. On
the way it saves the boundaries :func:`kept_boundaries` names: the last multiple of
:data:`SNAPSHOT_EVERY` at or before ``m``, then ones whose gaps double going down (the last
multiple of ``2 *`` :data:`SNAPSHOT_EVERY` below it, of ``4 *`` below that...), a few copies
rather than one per :data:`SNAPSHOT_EVERY` actions. The first undo of a game refolds from
the start once (its cost is mostly that fold); an undo that passes below a saved state
refolds from the next one down, saving its own boundaries.
"""

from __future__ import annotations

import copyreg
import hashlib
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from forestshuffle.core.decisions import Action
from forestshuffle.core.events import Event
from forestshuffle.core.machine import advance
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.core.state import GameState, evolve
from forestshuffle.core.steps import Step
from forestshuffle.errors import ForestShuffleError, PickleError, UnknownRulesetError
from forestshuffle.plugins.manager import get_ruleset

if TYPE_CHECKING:
    from forestshuffle.core.outcome import Outcome

#: Saved states are kept before every action whose index is a multiple of this.
SNAPSHOT_EVERY = 16


class GameLike(Protocol):
    """What this module reads and writes of a :class:`~forestshuffle.core.game.Game`."""

    rules: Ruleset
    players: int
    seed: int
    origin: str
    names: list[str]
    seat_names: list[str]
    events: list[Event]
    actions: list[tuple[Action, int]]
    setup_events: int
    state: GameState

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    def outcome(self) -> Outcome | None:
        """How the game ended."""


G = TypeVar("G", bound=GameLike)


# -- clone -----------------------------------------------------------------------------------


def _saved(game: GameLike) -> dict[int, GameState]:
    """The game's saved states by action index (created empty on first use)."""
    saved: dict[int, GameState] | None = game.__dict__.get("_saved")
    if saved is None:
        saved = game.__dict__["_saved"] = {}
    return saved


def clone(game: G, *, state: bool = True) -> G:
    """An independent copy of *game* sharing its (immutable) compiled ruleset: the state is
    copied with :meth:`GameState.copy` (shared when not *state*: the caller replaces it),
    the log and the action list as new lists of the same (frozen) events and actions, the
    saved states of :func:`undo` as a new mapping."""
    new = object.__new__(type(game))
    d = new.__dict__
    for k, v in game.__dict__.items():
        if isinstance(v, GameState):
            d[k] = v.copy() if state else v
        elif isinstance(v, list | dict):
            d[k] = v.copy()
        else:
            d[k] = v
    d["_expect"] = None
    d.pop("_in_use", None)  # a copy made while the game changes is not being changed
    return new


# -- undo ------------------------------------------------------------------------------------


def _fold(state: GameState, events: list[Event], upto: int) -> None:
    for i in range(state.nevents, upto):
        evolve(state, events[i])


def kept_boundaries(m: int) -> set[int]:
    """The action boundaries an undo to *m* saves as it refolds (see the module's
    docstring): the last multiple of :data:`SNAPSHOT_EVERY` at or before *m*, then below
    each boundary the last multiple of twice the previous step, down to the start."""
    out = set()
    step = SNAPSHOT_EVERY
    b = m - m % step
    while b > 0:
        out.add(b)
        step *= 2
        b = (b - 1) - (b - 1) % step
    return out


def undo(game: GameLike, n: int) -> None:
    """Take back the last *n* actions of *game* (``1 <= n <= len(game.actions)``, checked by
    the caller), from the nearest saved state (see the module's docstring)."""
    actions = game.actions
    events = game.events
    m = len(actions) - n
    mark = actions[m][1]
    saved = _saved(game)
    for i in [i for i in saved if i > m]:
        del saved[i]
    start = max(saved, default=None)
    if start is None:
        state = GameState(game.rules, game.players)
        start = 0
        _fold(state, events, actions[0][1])
        saved[0] = state.copy()
    else:
        state = saved[start].copy()
    keep = kept_boundaries(m)
    for i in range(start + 1, m + 1):
        _fold(state, events, actions[i][1])
        if i in keep:
            saved[i] = state.copy()
    del actions[m:]
    del events[mark:]
    state.pending = None
    res = advance(state)
    if not isinstance(res, list):
        state.pending = res
    else:  # pragma: no cover - a log always stops at decisions
        raise RuntimeError("an undone state did not stop at a decision")
    game.state = state


# -- keys -----------------------------------------------------------------------------------


#: types :func:`freeze` returns as they are
_ATOMS = frozenset({int, str, bool, float, type(None)})
#: positions in :meth:`GameState.snapshot` holding tuples of ints and strings only, so frozen
#: already: the deck, the hands, the clearing, the caves, the winter cards, the box, the
#: forests (:meth:`Forest.snapshot`), the extra turns
_PLAIN = frozenset({0, 1, 2, 3, 4, 5, 6, 10})


def freeze(value: Any) -> Any:
    """*value* as a hashable value: lists and tuples as tuples, mappings as sorted
    ``(key, value)`` tuples, sets as sorted tuples, steps as ``(kind, player, card, args)``."""
    if type(value) in _ATOMS:
        return value
    if isinstance(value, Step):
        return ("step", value.kind, value.player, value.card, freeze(value.args))
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(value))
    return value


def state_key(game: GameLike) -> tuple[Any, ...]:
    """A hashable key of the position: equal for equal positions (whatever the moves that led
    to them), different otherwise, within one ruleset.

    It covers every card zone with its order, each forest (sites, slots, cards, face-down
    cards), the resolution queue, the turn counter, whose turn it is, extra turns, the end
    state and the plugins' state (``state.ext``); not the number of events, the seed or the
    log. The key is a plain tuple of ints, strings, bools and tuples: the same position
    gives the same value in every process, but Python's ``hash()`` of it varies between
    processes (string hashing is salted): use :func:`digest` for a stable hash.
    """
    snap = game.state.snapshot()[:-1]  # all but the event count
    return tuple(v if i in _PLAIN else freeze(v) for i, v in enumerate(snap))


def digest(key: Any) -> str:
    """A stable hex digest of a key of :func:`state_key` or :func:`infostate_key` (the same
    in every process and run: a key's ``repr`` is made of ints, strings, bools, None and
    tuples)."""
    return hashlib.blake2b(repr(key).encode(), digest_size=16).hexdigest()


# -- returns --------------------------------------------------------------------------------


def returns(game: GameLike) -> tuple[float, ...]:
    """Per player, the game's result as a number in ``[-1, 1]``: the mean over the other
    players of +1 (this player won and that one did not), 0 (both won, or neither did) or
    −1 (that one won, this one did not). Zero-sum; in a 2-player game +1 for a win, −1 for a
    loss, 0 for a shared win. Winners as :meth:`~forestshuffle.core.game.Game.outcome` names
    them (a declared win, else the highest total with the tie-breakers). All zeros while the
    game goes on, and for a 1-player game."""
    out = game.outcome()
    n = game.players
    if out is None or n < 2:
        return (0.0,) * n
    won = out.winners
    w = sum(1 for p in range(n) if p in won)
    return tuple(((n - w) if p in won else -w) / (n - 1) for p in range(n))


# -- pickling --------------------------------------------------------------------------------


def ruleset_parameters(rules: Ruleset) -> tuple[str, Any, dict[str, Any], tuple[str, ...]]:
    """(id, overrides, options differing from their defaults, expansions) of *rules*."""
    defaults = {o.name: o.default for o in rules.spec.options}
    options = {k: v for k, v in rules.options.items()
               if k not in defaults or defaults[k] != v or type(defaults[k]) is not type(v)}
    return rules.id, rules.overrides, options, tuple(rules.expansions)


def load_ruleset(ruleset_id: str, overrides: Any, options: dict[str, Any],
                 expansions: tuple[str, ...]) -> Ruleset:
    """The installed ruleset a pickle names (what unpickling a ruleset calls)."""
    return get_ruleset(ruleset_id, overrides, options=options or None, expansions=expansions)


def _reduce_ruleset(rules: Ruleset) -> tuple[Any, tuple[Any, ...]]:
    """Pickle a ruleset by its parameters; PickleError unless the installed plugins build
    a ruleset of the same id and plugins from them."""
    params = ruleset_parameters(rules)
    try:
        installed = load_ruleset(*params)
    except (UnknownRulesetError, ForestShuffleError) as exc:
        raise PickleError(f"ruleset {rules.id!r} was not compiled from the installed plugins "
                          f"and cannot be pickled (another process could not rebuild it): "
                          f"{exc}") from None
    if installed is not rules and installed.plugins != rules.plugins:
        raise PickleError(f"ruleset {rules.id!r} was compiled from other plugins than the "
                          f"installed ones ({rules.plugins} against {installed.plugins}); it "
                          "cannot be pickled")
    return load_ruleset, params


copyreg.pickle(Ruleset, _reduce_ruleset)

#: Attributes of a game left out of its pickle (rebuilt on load).
_TRANSIENT = ("state", "_saved", "_expect", "_in_use")


def game_getstate(game: GameLike) -> dict[str, Any]:
    """A game's pickled form: its attributes but the state and the caches (the state is
    refolded from the log on load; the ruleset pickles by its parameters, or refuses with a
    PickleError; ``copy.deepcopy`` shares it)."""
    return {k: v for k, v in game.__dict__.items() if k not in _TRANSIENT}


#: The attributes a game's pickle restores, each checked (others, a subclass's own, are
#: restored as they are).
_PICKLED = ("rules", "players", "seed", "origin", "names", "seat_names", "events", "actions",
            "setup_events")


_PICKLED_TYPES: tuple[tuple[str, type], ...] = (
    ("players", int), ("seed", int), ("origin", str), ("names", list), ("seat_names", list),
    ("events", list), ("actions", list), ("setup_events", int))


def game_setstate(game: GameLike, data: dict[str, Any]) -> None:
    """Restore a pickled game as the checked record load does
    (:func:`forestshuffle.records.loading.load`): its parameters checked, the set-up re-derived from
    its seed (a scenario's set-up trusted: pickles are trusted anyway, see the security
    page) and every action replayed, the events it causes compared with the pickled log.
    PickleError for a pickle that does not hold a game that loads."""
    from types import SimpleNamespace

    from forestshuffle.errors import RecordError
    from forestshuffle.records import record
    from forestshuffle.records.loading import load

    if type(data) is not dict or not all(k in data for k in _PICKLED):
        raise PickleError("a pickled game must hold its parameters, events and actions")
    rules = data["rules"]
    if not isinstance(rules, Ruleset):
        raise PickleError("a pickled game's ruleset is not a Ruleset")
    for key, typ in _PICKLED_TYPES:
        if type(data[key]) is not typ:
            raise PickleError(f"a pickled game's {key} must be a {typ.__name__}, not "
                              f"{type(data[key]).__name__}")
    try:
        rec = record.to_dict(SimpleNamespace(**{k: data[k] for k in _PICKLED}))
    except Exception as exc:
        raise PickleError(f"a pickled game whose log is not a game's: {type(exc).__name__}") \
            from None
    try:
        loaded = load(type(game), rec, rules, data["origin"] == "scenario")
    except RecordError as exc:
        raise PickleError(f"a pickled game that does not load as its record: {exc}") from None
    extra = {k: v for k, v in data.items() if k not in _PICKLED and k not in _TRANSIENT}
    game.__dict__.update({**extra, **loaded.__dict__})
