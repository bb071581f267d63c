"""The native core: a Rust engine (the optional extension ``forestshuffle_native``, the
distribution ``forestshuffle-native``) that plays exactly the same games as the Python
engine from the same seeds, many times faster, data-driven from the built ruleset.

Install it beside the library with ``pip install ./native`` (a Rust toolchain builds it);
without it, :func:`available` is False and everything else raises
:class:`~forestshuffle.errors.NativeError` saying how to install it.

>>> from forestshuffle import native
>>> if native.available():  # doctest: +SKIP
...     res = native.play_many("base", range(1000))
...     res.scores.mean(axis=0)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.errors import ArgumentError, NativeError
from forestshuffle.native._export import export, kinds_used

if TYPE_CHECKING:
    from forestshuffle.core.game import Game
    from forestshuffle.core.ruleset import Ruleset

__all__ = ["BOTS", "NativeGame", "SelfPlay", "available", "bot_rules", "export", "load_rules",
           "native_game", "play_many", "supports", "unsupported_kinds"]

#: how to get the extension, said by every error about its absence
INSTALL_HINT = ("the native core is not installed: build it with `pip install ./native` from "
                "a clone of the repository (it needs a Rust toolchain: https://rustup.rs)")


def _module() -> Any:
    try:  # (by name: the extension is optional, and untyped)
        return importlib.import_module("forestshuffle_native")
    except ImportError:
        return None


def available() -> bool:
    """Whether the compiled extension (``forestshuffle_native``) can be imported."""
    return _module() is not None


def _ext() -> Any:
    mod = _module()
    if mod is None:
        raise NativeError(INSTALL_HINT)
    return mod


def _rules_of(ruleset: str | Ruleset, options: Mapping[str, Any] | None = None,
              expansions: Sequence[str] = ()) -> Ruleset:
    from forestshuffle.core.ruleset import Ruleset

    if isinstance(ruleset, Ruleset):
        if options or expansions:
            raise ArgumentError("pass options and expansions with a ruleset id, not with a "
                                "built Ruleset")
        return ruleset
    if not isinstance(ruleset, str):
        raise ArgumentError(f"ruleset must be a ruleset id or a Ruleset, not {ruleset!r}")
    from forestshuffle.plugins.manager import get_ruleset

    built: Ruleset = get_ruleset(ruleset, options=options, expansions=expansions)
    return built


def _missing(rules: Ruleset, sections: Iterable[str] | None = None) -> tuple[str, ...]:
    known = dict(_ext().known_kinds())
    used = kinds_used(rules)
    out: list[str] = []
    for section, names in used.items():
        if sections is not None and section not in sections:
            continue
        have = set(known.get(section, ()))
        out.extend(f"{section}:{n}" for n in names if n not in have)
    out.extend(_missing_features(rules))
    return tuple(sorted(out))


def _missing_features(rules: Ruleset) -> list[str]:
    """Rule features the native core lacks, named like kinds (``spec:winter_steps``)."""
    spec = rules.spec
    out = []
    if spec.winter_steps:
        out.append("spec:winter_steps")
    if spec.automata:
        out.append("spec:automata")
    if spec.limits:
        out.append("spec:limits")
    if spec.tie_breakers:
        out.append("spec:tie_breakers")
    return out


def unsupported_kinds(ruleset: str | Ruleset, *, options: Mapping[str, Any] | None = None,
                      expansions: Sequence[str] = ()) -> tuple[str, ...]:
    """The kinds (``section:name``) of *ruleset* the native core lacks; empty when it plays
    the ruleset. NativeError when the extension is not installed."""
    return _missing(_rules_of(ruleset, options, expansions))


def supports(ruleset: str | Ruleset, *, options: Mapping[str, Any] | None = None,
             expansions: Sequence[str] = ()) -> bool:
    """Whether the native core plays *ruleset* (False, never an error, when the extension
    is not installed)."""
    if not available():
        return False
    return not unsupported_kinds(ruleset, options=options, expansions=expansions)


def load_rules(ruleset: str | Ruleset, *, options: Mapping[str, Any] | None = None,
               expansions: Sequence[str] = (), scoring: bool = True) -> Any:
    """The extension's parsed ruleset (made once per built Ruleset and kept on it).
    NativeError naming the kinds the native core lacks; ``scoring=False`` checks only the
    kinds of play (a game then plays, its scores are not those of the Python engine)."""
    rules = _rules_of(ruleset, options, expansions)
    skip = None if scoring else [s for s in kinds_used(rules) if s not in ("scoring", "counts")]
    missing = _missing(rules, skip)
    if missing:
        raise NativeError(f"the native core cannot play ruleset {rules.id!r}: it lacks "
                          f"{', '.join(missing)}", missing)
    cached = rules.derived.get("native.rules")
    if cached is None:
        cached = rules.derived["native.rules"] = _ext().NativeRules(export(rules))
    return cached


#: the bots :func:`play_many` plays natively, by name
BOTS = ("random", "greedy")


def bot_rules(ruleset: str | Ruleset) -> Any:
    """The extension's ruleset for its bots (``forestshuffle_native.BotRules``, made once
    per built Ruleset and kept on it); NativeError as :func:`load_rules`."""
    rules = _rules_of(ruleset)
    load_rules(rules)
    cached = rules.derived.get("native.bot_rules")
    if cached is None:
        cached = rules.derived["native.bot_rules"] = _ext().BotRules(export(rules))
    return cached


def _seed(value: Any, what: str) -> int:
    from forestshuffle.core.deal import check_seed

    try:
        return check_seed(value)
    except ArgumentError as exc:
        raise ArgumentError(f"{what}: {exc}") from None


class NativeGame:
    """One game played by the native core, seen from Python: the same game as
    ``fs.new_game(ruleset, players=players, seed=seed, ...)``, answered with codec ids
    (:mod:`forestshuffle.search.codec`)."""

    def __init__(self, ruleset: str | Ruleset, players: int = 2, seed: int = 0, *,
                 options: Mapping[str, Any] | None = None, expansions: Sequence[str] = (),
                 scoring: bool = True) -> None:
        #: the built ruleset
        self.rules = _rules_of(ruleset, options, expansions)
        #: the seed the game was dealt from
        self.seed = _seed(seed, "seed")
        #: the number of players
        self.players = players
        native = load_rules(self.rules, scoring=scoring)
        try:
            self._game = _ext().NativeGame(native, players, self.seed)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
        #: the codec ids applied so far, in order
        self.codes: list[int] = []

    def legal_codes(self) -> list[int]:
        """The codec ids of the pending decision's options, in the engine's order."""
        codes: list[int] = self._game.legal_codes()
        return codes

    def apply(self, code: int) -> None:
        """Answer the pending decision with the option of codec id *code*."""
        from forestshuffle.errors import IllegalActionError

        try:
            self._game.apply_code(code)
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
        self.codes.append(code)

    def to_game(self) -> Game:
        """The same game in the Python engine: dealt from the same seed, the same actions
        applied (each checked as the Python engine checks any action)."""
        from forestshuffle.core.game import new_game

        game = new_game(self.rules, players=self.players, seed=self.seed)
        for code in self.codes:
            game.apply(game.decode(code))
        return game

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as a record (:mod:`forestshuffle.records.record`) that ``Game.from_json`` loads
        and checks: the Python engine replays the actions to write its events."""
        return self.to_game().to_json(indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, *, scoring: bool = True) -> NativeGame:
        """A record of the Python engine (``Game.to_json``) played natively: the same
        ruleset, seed and actions (ArgumentError for a scenario record, which was not
        dealt from a seed)."""
        from forestshuffle.core.game import Game

        game = Game.from_json(text)
        if game.seed is None:
            raise ArgumentError("a record without a seed cannot be replayed natively")
        out = cls(game.rules, game.players, game.seed, scoring=scoring)
        for action, _ in game.actions:
            out.apply(game.encode(action))
        return out

    def __getattr__(self, name: str) -> Any:
        # the extension's read-outs: to_move, current_player, hands, clearing, deck_size,
        # caves, forests(), is_over, end_reason, scores(), winners()...
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._game, name)


def native_game(ruleset: str | Ruleset, players: int = 2, seed: int = 0, **kw: Any) -> NativeGame:
    """A :class:`NativeGame` (see there)."""
    return NativeGame(ruleset, players, seed, **kw)


@attrs.frozen
class SelfPlay:
    """What :func:`play_many` returns, one row per game.

    Attributes:
        scores: final totals, a NumPy int array of games x players.
        winners: games x players bools: the players with the highest total.
        lengths: actions per game.
        over: whether each game ended (it always does but for a cap of actions).
        species_points: games x players x species points (``species`` names the columns).
        species: the ruleset's species ids, in column order.
    """

    scores: Any
    winners: Any
    lengths: Any
    over: Any
    species_points: Any
    species: tuple[str, ...]


def play_many(  # noqa: PLR0913 (the keyword-only knobs of new_game, a bot, and the run)
        ruleset: str | Ruleset, seeds: Iterable[int], *, players: int = 2,
        expansions: Sequence[str] = (), options: Mapping[str, Any] | None = None,
        bot: str = "random", bot_seeds: Iterable[int] | None = None,
        max_actions: int = 100_000, scoring: bool = True) -> SelfPlay:
    """Play one game per seed natively, in parallel on every core, the GIL released.

    With ``bot="random"``, game *i* is exactly ``fs.new_game(ruleset, players=players,
    seed=seeds[i], expansions=expansions, options=options)`` played by one
    ``fs.bots.RandomBot(seed=bot_seeds[i])`` choosing for every seat (*bot_seeds* defaults
    to *seeds*); with ``bot="greedy"``, by one ``fs.bots.GreedyBot(seed=bot_seeds[i])``
    (which rates positions by their scores: it needs ``scoring=True``). NativeError when
    the extension is missing or lacks a kind of the ruleset; ``scoring=False`` plays a
    ruleset whose scoring kinds it lacks (its scores then count the caves only). A game
    still going after *max_actions* actions stops (``over`` False).
    """
    import numpy as np

    if bot not in BOTS:
        raise ArgumentError(f"the native core plays the bots {', '.join(map(repr, BOTS))}, "
                            f"not {bot!r}")
    if bot == "greedy" and not scoring:
        raise ArgumentError("bot 'greedy' rates positions by their scores: it needs "
                            "scoring=True")
    seed_list = [_seed(s, "seeds") for s in seeds]
    bots = seed_list if bot_seeds is None else [_seed(s, "bot_seeds") for s in bot_seeds]
    if len(bots) != len(seed_list):
        raise ArgumentError(f"{len(bots)} bot seeds for {len(seed_list)} seeds")
    rules = _rules_of(ruleset, options, expansions)
    native = load_rules(rules, scoring=scoring)
    try:
        if bot == "greedy":
            raw = _ext().play_many_greedy(bot_rules(rules), players, seed_list, bots,
                                          max_actions)
        else:
            raw = _ext().play_many(native, players, seed_list, bots, max_actions)
    except ValueError as exc:
        raise ArgumentError(str(exc)) from None
    n = len(seed_list)
    species = tuple(native.species())
    scores = np.frombuffer(raw[0], dtype="<i4").reshape(n, players).astype(np.int64)
    bits = np.frombuffer(raw[1], dtype="<i4")
    winners = ((bits[:, None] >> np.arange(players)[None, :]) & 1).astype(bool)
    return SelfPlay(scores, winners, np.frombuffer(raw[2], dtype="<i4").astype(np.int64),
                    np.frombuffer(raw[3], dtype="<i4").astype(bool),
                    np.frombuffer(raw[4], dtype="<i4").reshape(n, players, len(species)),
                    species)
