"""Instructions per ISMCTS decision: the native ISMCTS bot (``forestshuffle.native.bots.
ISMCTSBot``) against the Python ``fs.bots.ISMCTSBot``, both at the Python bot's default
budget (100 iterations, top 4 candidates, horizon "next"), on the same decisions, counted by
valgrind (callgrind). The two bots make the same searches (the same determinizations, walks,
playouts and choice: ``tests/native/test_ismcts.py``), so the figures compare like with like.

The decisions: in a 2-player game dealt from each seed, played at random (``random.Random(
seed)``) for 20, 60, 100 ... actions, the first decision from there with more than one
option, searched by a fresh bot seeded with the decision's number. Native: collection on only
inside the native search (``Ismcts::choose_in``). Python: the whole process searching those
decisions less the whole process reaching them without searching (the imports, the deal and
the engine's own work cancel out), so the Python figure is what the search costs.

    python benchmarks/native/ismcts.py --decisions 4 base
"""

from __future__ import annotations

import argparse

from _valgrind import counted, unavailable

PROGRAM = """
import random, sys
import forestshuffle as fs
from forestshuffle.native.bots import ISMCTSBot, KnownGame
ruleset, ex, n, engine = sys.argv[1], [e for e in sys.argv[2].split("+") if e], \\
    int(sys.argv[3]), sys.argv[4]
done = 0
seed = 0
while done < n:
    game = fs.new_game(ruleset, players=2, seed=seed, expansions=ex)
    nat = KnownGame(game.rules, 2, seed) if engine == "native" else None
    rng = random.Random(seed)
    at = 20
    while done < n and not game.is_over:
        if len(game.actions) >= at and len(game.legal_actions()) > 1:
            if engine == "native":
                nat.choose(ISMCTSBot(seed=done))
            elif engine == "python":
                fs.bots.ISMCTSBot(seed=done).choose(game)
            done += 1
            at += 40
        action = rng.choice(game.legal_actions())
        game.apply(action)
        if nat is not None:
            nat.apply(game.encode(action))
    seed += 1
print(done)
"""

#: the native search, wherever it is called from
TOGGLES = ("forestshuffle_native::bots::ismcts::Ismcts::choose_in",)


def callgrind(args: list[str], toggles: tuple[str, ...] = ()) -> tuple[int, int]:
    """(instructions counted, the number the program prints last)."""
    return counted(PROGRAM, args, toggles=toggles, hash_seed=True)


def measure(workload: str, decisions: int) -> str:
    """The report line of one workload."""
    ruleset, _, ex = workload.partition("+")
    args = [ruleset, ex, str(decisions)]
    n_ins, n_dec = callgrind([*args, "native"], TOGGLES)
    if n_ins == 0:
        raise RuntimeError(f"no instructions counted in {TOGGLES}: was the search inlined?")
    p_ins, p_dec = callgrind([*args, "python"])
    r_ins, _ = callgrind([*args, "none"])
    native = n_ins / max(1, n_dec)
    python = (p_ins - r_ins) / max(1, p_dec)
    return (f"{workload}: native {native:,.0f} instructions/decision; ISMCTSBot "
            f"{python:,.0f} ({n_dec} decisions); {python / native:,.1f}x")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", default=["base"],
                    help="RULESET or base+EXPANSION+... (default: base)")
    ap.add_argument("--decisions", type=int, default=4, help="decisions searched (default 4)")
    args = ap.parse_args()
    why = unavailable()
    if why is not None:
        print(f"skipped: {why}")
        return 0
    for w in args.workloads:
        print(measure(w, args.decisions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
