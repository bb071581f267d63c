"""Instructions per greedy decision: the native greedy bot (``play_many(bot="greedy")``)
against the Python ``fs.bots.GreedyBot`` choosing the same actions, counted by valgrind
(callgrind). A decision is one with more than one option (a single option is taken without
thinking, by both).

Native: collection on only inside the extension's ``play_many_greedy`` (the calling thread)
and its pool's worker thread, on one thread, over ``--games`` whole games with the greedy bot
at every seat. Python: the whole process of playing ``--python-games`` such games with
``GreedyBot`` less the whole process of replaying the same actions without a bot (the
imports, the deal and the engine's own work cancel out), so the Python figure is what the
bot's choices cost (its situation, determinization and search).

    python benchmarks/native/greedy.py --games 20 --python-games 1 base
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

from _valgrind import counted, unavailable

NATIVE = """
import sys
from forestshuffle import native
from forestshuffle.native import _ext, _rules_of, load_rules
import numpy as np
ruleset, ex, n = sys.argv[1], [e for e in sys.argv[2].split("+") if e], int(sys.argv[3])
rules = _rules_of(ruleset, None, ex)
br = load_rules(rules)
raw = _ext().play_many_greedy(br, 2, list(range(n)), list(range(n)))
print(int(np.frombuffer(raw[5], dtype="<i4").sum()))
"""

PYTHON = """
import json, sys
import forestshuffle as fs
ruleset, ex, n, out = sys.argv[1], [e for e in sys.argv[2].split("+") if e], int(sys.argv[3]), \\
    sys.argv[4]
games = []
decisions = 0
for seed in range(n):
    game = fs.new_game(ruleset, players=2, seed=seed, expansions=ex)
    bot = fs.bots.GreedyBot(seed=seed)
    while not game.is_over:
        decisions += len(game.legal_actions()) > 1
        game.apply(bot.choose(game))
    games.append(game)
if out != "-":
    games = [[g.encode(a) for a, _ in g.actions] for g in games]
    json.dump(games, open(out, "w"))
print(decisions)
"""

REPLAY = """
import json, sys
import forestshuffle as fs
ruleset, ex, n, src = sys.argv[1], [e for e in sys.argv[2].split("+") if e], int(sys.argv[3]), \\
    sys.argv[4]
for seed, codes in enumerate(json.load(open(src))[:n]):
    game = fs.new_game(ruleset, players=2, seed=seed, expansions=ex)
    for code in codes:
        game.legal_actions()
        game.apply(game.decode(code))
print(0)
"""

TOGGLES = (
    "forestshuffle_native::bots::py::__pyfunction_play_many_greedy",
    "rayon_core::registry::ThreadBuilder::run",
)


def measure(workload: str, games: int, python_games: int) -> str:
    """The report line of one workload."""
    ruleset, _, ex = workload.partition("+")
    n_ins, n_dec = counted(NATIVE, [ruleset, ex, str(games)], toggles=TOGGLES)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "codes.json")
        subprocess.run([sys.executable, "-c", PYTHON, ruleset, ex, str(python_games), path],
                       check=True, capture_output=True)
        p_ins, p_dec = counted(PYTHON, [ruleset, ex, str(python_games), "-"])
        r_ins, _ = counted(REPLAY, [ruleset, ex, str(python_games), path])
    native = n_ins / max(1, n_dec)
    python = (p_ins - r_ins) / max(1, p_dec)
    return (f"{workload}: native {native:,.0f} instructions/decision ({games} games, "
            f"{n_dec} decisions); GreedyBot {python:,.0f} ({python_games} games, {p_dec} "
            f"decisions); {python / native:,.1f}x")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", default=["base"],
                    help="RULESET or base+EXPANSION+... (default: base)")
    ap.add_argument("--games", type=int, default=20, help="native games (default 20)")
    ap.add_argument("--python-games", type=int, default=1, help="Python games (default 1)")
    args = ap.parse_args()
    why = unavailable()
    if why is not None:
        print(f"skipped: {why}")
        return 0
    for w in args.workloads:
        print(measure(w, args.games, args.python_games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
