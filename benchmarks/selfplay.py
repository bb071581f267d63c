"""Self-play throughput: complete games per second between random bots, on one core.

Run from the repository root::

    .venv/bin/python benchmarks/selfplay.py --players 2 --games 300

Prints games, actions and events per second and the mean number of actions per game.
Each game is set up with :func:`forestshuffle.new_game` (the ruleset is compiled once,
before timing) and played out by :class:`forestshuffle.bots.RandomBot`, one per seat.
Nothing here asserts a speed: it only prints figures.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from _common import pin_to_one_core

import forestshuffle as fs


def run(ruleset: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Play *games* seeded games; returns the totals and the elapsed time."""
    fs.get_ruleset(ruleset)  # compile outside the timed loop
    actions = events = 0
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        game = fs.new_game(ruleset, players=players, seed=game_seed)
        bots = [fs.bots.RandomBot(game_seed * 100 + p) for p in range(players)]
        fs.bots.play_out(game, bots)
        actions += len(game.actions)
        events += len(game.events)
    elapsed = time.perf_counter() - start
    return {"games": games, "actions": actions, "events": events, "seconds": elapsed}


def main(argv: list[str] | None = None) -> int:
    """Parse options, play, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--game", default="base", help="ruleset id (default: base)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args(argv)

    where = pin_to_one_core()
    r = run(args.game, args.players, args.games, args.seed)
    secs = r["seconds"]
    print(f"forestshuffle {fs.__version__}, Python {platform.python_version()} "
          f"({sys.implementation.name}), {where}")
    print(f"ruleset {args.game!r}, {args.players} players, {args.games} games "
          f"from seed {args.seed}, random bots")
    print(f"  {secs:10.2f} s in all")
    print(f"  {r['games'] / secs:10.1f} games/s")
    print(f"  {r['actions'] / secs:10.0f} actions/s")
    print(f"  {r['events'] / secs:10.0f} events/s")
    print(f"  {r['actions'] / r['games']:10.1f} actions per game (mean)")
    print(f"  {r['events'] / r['games']:10.1f} events per game (mean)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
