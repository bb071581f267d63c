"""How strong the bundled bots are: win rates with 95 % intervals over seeded games.

    .venv/bin/python benchmarks/strength.py --pairs greedy:random,ismcts:greedy --games 40

For each pair ``A:B`` it plays ``--games`` 2-player games (``--players``, ``--game``) shuffled
from seeds ``--seed``, ``--seed + 1``..., A taking seat 0 in even games and seat 1 in odd ones;
bots are seeded from the game's seed. A's score is 1 per win, ½ per shared win; the line
gives A's win rate with its 95 % Wilson score interval and each bot's mean CPU time per
decision it was asked (decisions with one option are answered without asking). ``--iterations``
sets the ISMCTS budget per decision. Everything is seeded: the same options play the same
games.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from _common import pin_to_one_core

import forestshuffle as fs
from forestshuffle.bots import BOTS, ISMCTSBot
from forestshuffle.bots.base import Situation


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion *score* / *n* (95 % for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def make(name: str, seed: int, iterations: int) -> Any:
    """Bot *name* seeded with *seed* (ISMCTS with *iterations* per decision)."""
    if name == "ismcts":
        return ISMCTSBot(seed, iterations=iterations)
    return BOTS[name](seed)


def duel(a: str, b: str, opts: argparse.Namespace) -> str:
    """Play the games of pair *a* against *b*; the report line."""
    score = 0.0
    cpu = {a: 0.0, b: 0.0}
    asked = {a: 0, b: 0}
    for i in range(opts.games):
        seed = opts.seed + i
        game = fs.new_game(opts.game, players=opts.players, seed=seed)
        names = [a, b] if i % 2 == 0 else [b, a]
        names += [b] * (opts.players - 2)
        bots = [make(n, seed * 10 + k, opts.iterations) for k, n in enumerate(names)]
        while not game.is_over:
            dec = game.pending
            assert dec is not None
            if len(dec.options) == 1:
                game.apply(dec.options[0])
                continue
            who = names[dec.player]
            t = time.process_time()
            action = bots[dec.player].act(Situation(game))
            cpu[who] += time.process_time() - t
            asked[who] += 1
            game.apply(action)
        r = game.returns()[names.index(a)]
        score += (r + 1) / 2 if opts.players == 2 else float(r > 0)
        if opts.verbose:
            print(f"  game {i} (seed {seed}): {a} {game.returns()[names.index(a)]:+.1f} "
                  f"scores {game.scores().totals}", flush=True)
    lo, hi = wilson(score, opts.games)
    per = {n: cpu[n] / asked[n] if asked[n] else 0.0 for n in (a, b)}
    budget = f" (ISMCTS {opts.iterations} iterations)" if "ismcts" in (a, b) else ""
    return (f"{a} vs {b}{budget}: {score:g}/{opts.games} = {100 * score / opts.games:.1f} % "
            f"[{100 * lo:.1f} %, {100 * hi:.1f} %] (95 % Wilson), {opts.players}p "
            f"{opts.game}, seeds {opts.seed}..{opts.seed + opts.games - 1}; "
            f"CPU per decision: {a} {per[a]:.3f} s, {b} {per[b]:.3f} s")


def main(argv: list[str] | None = None) -> int:
    """Run every pair; print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", default="greedy:random,ismcts:greedy",
                    help=f"comma-separated A:B pairs of bot names ({', '.join(BOTS)})")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--game", default="base", help="ruleset id")
    ap.add_argument("--iterations", type=int, default=ISMCTSBot(0).iterations or 200)
    ap.add_argument("--verbose", action="store_true", help="a line per game")
    opts = ap.parse_args(argv)
    pairs = [p.split(":") for p in opts.pairs.split(",")]
    for pair in pairs:
        if len(pair) != 2 or any(n not in BOTS for n in pair):
            ap.error(f"bad pair {':'.join(pair)!r} (bots: {', '.join(BOTS)})")
    print(f"# strength: {pin_to_one_core()}", flush=True)
    for a, b in pairs:
        print(duel(a, b, opts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
