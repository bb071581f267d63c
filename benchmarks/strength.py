"""How strong the bundled bots are: win rates with 95 % intervals over seeded games.

    .venv/bin/python benchmarks/strength.py --pairs greedy:random,ismcts:greedy --games 40

For each pair ``A:B`` it plays ``--games`` 2-player games (``--players``, ``--game``) shuffled
from seeds ``--seed``, ``--seed + 1``..., A taking seat 0 in even games and seat 1 in odd ones;
bots are seeded from the game's seed. A's score is 1 per win, ½ per shared win; the line
gives A's win rate with its 95 % Wilson score interval and each bot's mean CPU time per
decision it was asked (decisions with one option are answered without asking). ``--iterations``
sets the ISMCTS budget per decision. Everything is seeded: the same options play the same
games.

``--engine native`` plays the pairs with the native core's bots (``forestshuffle.native.
play_many`` with a bot per seat: random, greedy, ismcts at its default budget), which make
the Python bots' choices for the same seeds; game *i* is shuffled from seed ``--seed + i``
as above, but seat *p*'s bot is seeded ``bot_seed(seed, p)`` (the seeding of
``forestshuffle simulate``), so the games are other samples than the Python engine's, and the
line gives the wall time per game instead of CPU per decision:

    .venv/bin/python benchmarks/strength.py --engine native --pairs ismcts:greedy --games 400
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


def duel_native(a: str, b: str, opts: argparse.Namespace) -> str:
    """:func:`duel` played by the native core's bots; the report line."""
    import numpy as np

    from forestshuffle import native

    seeds = np.arange(opts.seed, opts.seed + opts.games)
    score = 0.0
    start = time.perf_counter()
    for first, lineup in ((0, [a, b]), (1, [b, a])):
        lineup += [b] * (opts.players - 2)
        picked = [int(s) for s in seeds[first::2]]
        won = native.play_many(opts.game, picked, players=opts.players, bot=lineup).winners
        mine = won[:, lineup.index(a)]
        if opts.players == 2:
            theirs = won[:, lineup.index(b)]
            score += float(((mine.astype(float) - theirs + 1) / 2).sum())
        else:
            score += float((mine & (won.sum(axis=1) < opts.players)).sum())
    wall = (time.perf_counter() - start) / max(1, opts.games)
    lo, hi = wilson(score, opts.games)
    return (f"{a} vs {b} (native, default budgets): {score:g}/{opts.games} = "
            f"{100 * score / opts.games:.1f} % [{100 * lo:.1f} %, {100 * hi:.1f} %] "
            f"(95 % Wilson), {opts.players}p {opts.game}, seeds {opts.seed}.."
            f"{opts.seed + opts.games - 1}; {wall:.3f} s of wall time per game")


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
    ap.add_argument("--engine", choices=("python", "native"), default="python",
                    help="the Python bots, or the native core's (default budgets only)")
    opts = ap.parse_args(argv)
    default_budget = ISMCTSBot(0).iterations
    if opts.engine == "native" and opts.iterations != default_budget:
        ap.error(f"--engine native plays ISMCTS at its default budget ({default_budget} "
                 "iterations) only")
    pairs = [p.split(":") for p in opts.pairs.split(",")]
    for pair in pairs:
        if len(pair) != 2 or any(n not in BOTS for n in pair):
            ap.error(f"bad pair {':'.join(pair)!r} (bots: {', '.join(BOTS)})")
    print(f"# strength: {pin_to_one_core()}", flush=True)
    play = duel_native if opts.engine == "native" else duel
    for a, b in pairs:
        print(play(a, b, opts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
