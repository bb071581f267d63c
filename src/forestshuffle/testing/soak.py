"""Soak runner: play many seeded random games per ruleset and check the invariants.

    python -m forestshuffle.testing.soak --games 10000 --ruleset base
    python -m forestshuffle.testing.soak --games 10000 --ruleset base+alpine+woodland_edge
    python -m forestshuffle.testing.soak --games 2000 --jobs 4        # every ruleset
    python -m forestshuffle.testing.soak --ruleset 'house-001?saplings=1' --players 2

A ruleset is named by its id, followed by ``+expansion`` for each expansion mixed in, then
``?name=value`` for options (``&`` between several; ``true``/``false`` and whole numbers are
read as such; quote it in a shell). ``--players`` restricts the player counts (default:
every count the ruleset allows, in turn).

Each game is dealt from its own seed (``--seed`` plus its number), played by a random
bot to its end, and checked cheaply: every invariant of
:func:`~forestshuffle.testing.checks.check_game` at the end, and the cheap ones (cards,
hand limit, clearing timing, pending decision) at a sample of its steps (``--sample``).
Every ``--deep``-th game is also checked fully at its sampled steps and saved and loaded
at its end. Failures print the ruleset, player count, seed and step, which replay the game
exactly; the exit status is 1 if any game failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from forestshuffle.core.game import Game, new_game
from forestshuffle.core.spec import OptionValue
from forestshuffle.plugins.manager import available_rulesets, get_ruleset
from forestshuffle.testing.checks import (
    InvariantError,
    check_cards_conserved,
    check_clearing_timing,
    check_game,
    check_hand_limit,
    check_pending,
)

MAX_ACTIONS = 20_000


@attrs.frozen
class Failure:
    """A game that broke: enough to replay it."""

    ruleset: str
    players: int
    seed: int
    step: int
    error: str

    def __str__(self) -> str:
        return (f"{self.ruleset} players={self.players} seed={self.seed} step={self.step}: "
                f"{self.error}")


@attrs.frozen
class SoakResult:
    """The games played for one ruleset, their failures and the time taken."""

    ruleset: str
    games: int
    actions: int
    failures: tuple[Failure, ...]
    seconds: float


def _cheap(game: Game) -> None:
    check_cards_conserved(game)
    check_hand_limit(game)
    check_clearing_timing(game)
    check_pending(game)


def parse_ruleset(name: str) -> tuple[str, tuple[str, ...]]:
    """``base+alpine+woodland_edge`` -> (``base``, (``alpine``, ``woodland_edge``)); options
    after ``?`` are left out (see :func:`parse_options`)."""
    rid, *expansions = name.partition("?")[0].split("+")
    return rid, tuple(expansions)


def _value(text: str) -> OptionValue:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(name: str) -> dict[str, OptionValue]:
    """The options of a ruleset name: ``pokemon?challenge=true&chance=1`` ->
    ``{"challenge": True, "chance": 1}`` (``true``/``false``, whole numbers, else text)."""
    _, sep, query = name.partition("?")
    out: dict[str, OptionValue] = {}
    for part in query.split("&") if sep and query else ():
        key, eq, value = part.partition("=")
        if not key or not eq:
            raise ValueError(f"expected name=value after '?', not {part!r} in {name!r}")
        out[key] = _value(value)
    return out


def play_and_check(ruleset: str, players: int, seed: int, *, sample: float = 0.02,
                   deep: bool = False) -> tuple[int, Failure | None]:
    """Play one random game of *ruleset* (an id, ``+expansion`` for each expansion,
    ``?name=value&...`` for options) to its end, checking it; (actions played, failure or
    None)."""
    rng = random.Random(seed)
    step = 0
    try:
        rid, expansions = parse_ruleset(ruleset)
        game = new_game(rid, players=players, seed=seed, expansions=expansions,
                        options=parse_options(ruleset))
        while not game.is_over:
            if step >= MAX_ACTIONS:
                raise InvariantError("ends", f"no end after {MAX_ACTIONS} actions", game)
            if rng.random() < sample:
                check_game(game) if deep else _cheap(game)
            opts = game.legal_actions()
            game.apply(opts[rng.randrange(len(opts))])
            step += 1
        check_game(game)
        if deep:
            loaded = Game.from_json(game.to_json())
            if loaded.state.snapshot() != game.state.snapshot():
                raise InvariantError("save and load", "the loaded game differs", game)
    except Exception as exc:
        return step, Failure(ruleset, players, seed, step, f"{type(exc).__name__}: {exc}")
    return step, None


def _batch(args: tuple[str, list[tuple[int, int]], float, int]) -> tuple[int, list[Failure]]:
    ruleset, games, sample, deep_every = args
    actions = 0
    failures = []
    for players, seed in games:
        n, failure = play_and_check(ruleset, players, seed, sample=sample,
                                    deep=deep_every > 0 and seed % deep_every == 0)
        actions += n
        if failure is not None:
            failures.append(failure)
    return actions, failures


def soak(ruleset: str, games: int, *, seed: int = 0, sample: float = 0.02,
         deep_every: int = 50, jobs: int = 1,
         players: Sequence[int] = ()) -> SoakResult:
    """Play *games* random games of *ruleset* (*players* counts in turn; default: every
    count the ruleset allows) and check them."""
    rid, expansions = parse_ruleset(ruleset)
    spec = get_ruleset(rid, expansions=expansions, options=parse_options(ruleset)).spec
    counts = list(players) or list(range(spec.min_players, spec.max_players + 1))
    plan = [(counts[i % len(counts)], seed + i) for i in range(games)]
    start = time.perf_counter()
    actions = 0
    failures: list[Failure] = []
    if jobs <= 1:
        actions, failures = _batch((ruleset, plan, sample, deep_every))
    else:
        chunks = [(ruleset, plan[i::jobs * 4], sample, deep_every) for i in range(jobs * 4)]
        with ProcessPoolExecutor(jobs) as pool:
            for n, fs in pool.map(_batch, chunks):
                actions += n
                failures.extend(fs)
    failures.sort(key=lambda f: f.seed)
    return SoakResult(ruleset, games, actions, tuple(failures), time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: prints games, failures and time per ruleset."""
    ap = argparse.ArgumentParser(prog="python -m forestshuffle.testing.soak",
                                 description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=1000, help="games per ruleset (1000)")
    ap.add_argument("--ruleset", action="append", default=[],
                    help="ruleset id, +expansion for each expansion mixed in, ?name=value&... "
                         "for options (repeatable; default: every installed ruleset)")
    ap.add_argument("--players", type=int, action="append", default=[],
                    help="player count to play (repeatable; default: every allowed count)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    ap.add_argument("--sample", type=float, default=0.02,
                    help="share of steps checked during a game (0.02)")
    ap.add_argument("--deep", type=int, default=50,
                    help="every Nth game is checked fully and saved/loaded (50; 0: never)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (1)")
    ap.add_argument("--show", type=int, default=10, help="failures printed per ruleset (10)")
    args = ap.parse_args(argv)
    rulesets = args.ruleset or available_rulesets()
    failed = False
    for rid in rulesets:
        r = soak(rid, args.games, seed=args.seed, sample=args.sample, deep_every=args.deep,
                 jobs=args.jobs, players=args.players)
        rate = r.games / r.seconds if r.seconds else 0.0
        print(f"{rid}: {r.games} games, {r.actions} actions, {len(r.failures)} failures, "
              f"{r.seconds:.1f} s ({rate:.0f} games/s)")
        for f in r.failures[: args.show]:
            print(f"  FAIL {f}")
        failed = failed or bool(r.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
