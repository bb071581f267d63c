"""A run's games played by the native core (``forestshuffle simulate --engine native``).

Game *i* is the game the Python engine plays for the same configuration: dealt from
:func:`~forestshuffle.simulate.runner.game_seed`, each seat's bot seeded by
:func:`~forestshuffle.simulate.runner.bot_seed`, so both engines give the same results,
game by game. The native core plays the bots :func:`native_bots` names; a line-up with
another bot, or a ruleset the native core lacks a kind of, is refused before any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from forestshuffle.errors import ArgumentError
from forestshuffle.plugins.manager import get_ruleset

if TYPE_CHECKING:
    from forestshuffle.simulate.config import GameResult, SimConfig


def native_bots() -> tuple[str, ...]:
    """The bots the native core plays (NativeError if the extension is not installed)."""
    from forestshuffle.native import _loading

    return tuple(_loading._ext().native_bots())


def _native_rules(config: SimConfig) -> Any:
    from forestshuffle import native

    rules = get_ruleset(config.game, options=dict(config.options), expansions=config.expansions)
    return native.load_rules(rules)


def check_native(config: SimConfig) -> None:
    """Refuse, before any game, a run the native core cannot play: the extension missing
    (NativeError), a kind of the ruleset it lacks (NativeError naming them), a bot it does
    not play (ArgumentError naming those it does)."""
    _native_rules(config)
    have = native_bots()
    others = sorted({b for b in config.bots if b not in have})
    if others:
        raise ArgumentError(f"the native engine has no bot {', '.join(others)} "
                            f"(it plays: {', '.join(have)}); use --engine python")


def play_native_batch(config: SimConfig, indices: Sequence[int], *,
                      parallel: bool = False) -> list[GameResult]:
    """Play the games *indices* of *config*'s run natively, the GIL released: on every core
    when *parallel*, else on the calling thread (one worker process per core)."""
    from forestshuffle.simulate.config import GameResult, bot_seed, game_seed

    rules = _native_rules(config)
    species = rules.species()
    seeds = [game_seed(config.seed, i) for i in indices]
    lineups = [config.lineup(i) for i in indices]
    games = [(s, [(b, bot_seed(s, p)) for p, b in enumerate(line)])
             for s, line in zip(seeds, lineups, strict=True)]
    rows = rules_call(rules, config.players, games, parallel)
    return [GameResult(i, s, line, tuple(totals), tuple(caves), tuple(sorted(won)), turns,
                       actions, reason,
                       tuple({species[k]: (n, pts) for k, n, pts in seat} for seat in by_seat))
            for i, s, line, (totals, caves, won, turns, actions, reason, by_seat)
            in zip(indices, seeds, lineups, rows, strict=True)]


def rules_call(rules: Any, players: int, games: list[Any], parallel: bool) -> list[Any]:
    """The extension's ``play_seatings`` (its errors as ArgumentError)."""
    from forestshuffle.native import _loading

    try:
        rows: list[Any] = _loading._ext().play_seatings(rules, players, games,
                                                      parallel=parallel)
    except ValueError as exc:
        raise ArgumentError(str(exc)) from None
    return rows
