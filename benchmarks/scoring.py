"""Scoring throughput: final forests scored per second, on one core.

Run from the repository root::

    .venv/bin/python benchmarks/scoring.py --games 50

Plays *games* seeded games between random bots once to get finished forests, then
times :func:`forestshuffle.scoring.score_forest` over every player's forest, repeated,
with the per-card breakdown and without it (``breakdown=False``). Scorers read the
forests' maintained counters, so this measures the scoring path alone. Nothing here
asserts a speed: it only prints figures.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence
from typing import Any

from _common import pin_to_one_core

import forestshuffle as fs
from forestshuffle.scoring import score_forest


def finished_games(ruleset: str, players: int, games: int, seed: int) -> list[fs.Game]:
    """*games* seeded random games, played to the end."""
    out = []
    for g in range(games):
        game_seed = seed + g
        game = fs.new_game(ruleset, players=players, seed=game_seed)
        fs.bots.play_out(game, [fs.bots.RandomBot(game_seed * 100 + p) for p in range(players)])
        out.append(game)
    return out


def time_documents(docs: Sequence[dict[str, Any]], repeat: int) -> tuple[float, int]:
    """Seconds to score every forest document *repeat* times through ``score_document``
    (parsing, card matching and scoring); forests scored."""
    scored = 0
    start = time.perf_counter()
    for _ in range(repeat):
        for doc in docs:
            scored += len(fs.score_document(doc).players)
    return time.perf_counter() - start, scored


def time_scoring(rules: fs.Ruleset, games: Sequence[Any], repeat: int,
                 breakdown: bool) -> tuple[float, int, int]:
    """Seconds to score every forest of *games* *repeat* times; forests scored; checksum."""
    scored = 0
    checksum = 0
    start = time.perf_counter()
    for _ in range(repeat):
        for forests in games:
            for p in range(len(forests)):
                total, _lines = score_forest(rules, forests, p, breakdown=breakdown)
                checksum += total
                scored += 1
    return time.perf_counter() - start, scored, checksum


def main(argv: list[str] | None = None) -> int:
    """Parse options, play, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=50, help="games played to get forests")
    parser.add_argument("--repeat", type=int, default=40,
                        help="times every forest is scored (per mode)")
    parser.add_argument("--game", default="base", help="ruleset id (default: base)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args(argv)

    where = pin_to_one_core()
    rules = fs.get_ruleset(args.game)
    played = finished_games(args.game, args.players, args.games, args.seed)
    games = [g.state.forests for g in played]
    cards = [len(f.order) for forests in games for f in forests]
    print(f"forestshuffle {fs.__version__}, Python {platform.python_version()} "
          f"({sys.implementation.name}), {where}")
    print(f"ruleset {args.game!r}, {args.players} players: {len(cards)} final forests from "
          f"{args.games} random games, {sum(cards) / len(cards):.1f} cards each (mean)")
    totals = {}
    for breakdown in (True, False):
        score_forest(rules, games[0], 0, breakdown=breakdown)  # warm the caches
        secs, scored, checksum = time_scoring(rules, games, args.repeat, breakdown)
        totals[breakdown] = checksum
        label = "with breakdown   " if breakdown else "breakdown=False  "
        print(f"  {label}{scored / secs:10.0f} forests/s  "
              f"({scored} forests in {secs:.2f} s, {secs / scored * 1e6:.1f} µs each)")
    docs = [g.forest_document() for g in played]
    fs.score_document(docs[0])
    secs, scored = time_documents(docs, max(1, args.repeat // 10))
    print(f"  score_document   {scored / secs:10.0f} forests/s  "
          f"({scored} forests in {secs:.2f} s, from documents: parse, match cards, score)")
    if totals[True] != totals[False]:
        print("  warning: the two modes gave different totals", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
