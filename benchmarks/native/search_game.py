"""Instructions per call of what search and learning ask of a game, native against Python:
an observation (``observation(player)``), the legal-actions mask (``legal_actions_mask()``),
an undo of one action and the action again (``undo(1)`` then ``apply``), counted by valgrind
(callgrind) and taken by difference: one random 2-player game (seed 0) is played by both
engines side by side, once with no call at each position and once with *reps* calls of the
workload per player (per position for the mask and undo) on one engine's game; the extra
instructions over the extra calls are the figure. Interpreter start-up, imports and the game
itself are in both runs and drop out; the Python wrapper of a native call (argument checks,
the NumPy array) stays in. A third run counts only inside the extension's methods of the
workload (callgrind toggled on in them): the native core's own share. Stable under load,
unlike time.

    python benchmarks/native/search_game.py base smoky --reps 20
"""

from __future__ import annotations

import argparse

from _valgrind import counted, unavailable

PROGRAM = """
import random, sys
from forestshuffle.core.game import new_game
from forestshuffle.native import NativeGame, _rules_of
from forestshuffle.search.codec import codec_of
ruleset, ex, engine, what = sys.argv[1:5]
reps = int(sys.argv[5])
rules = _rules_of(ruleset, None, [e for e in ex.split("+") if e])
codec = codec_of(rules)
py, nat = new_game(rules, players=2, seed=0), NativeGame(rules, 2, 0)
game = py if engine == "python" else nat
for g in (py, nat):  # first calls build what later calls reuse (layouts, the codec)
    g.observation(0), g.legal_actions_mask()
rng, calls = random.Random(0), 0
while not py.is_over:
    options = py.legal_actions()
    i = rng.randrange(len(options))
    if what == "observation":
        for _ in range(reps):
            game.observation(0), game.observation(1)
        calls += 2 * reps
    elif what == "mask":
        for _ in range(reps):
            game.legal_actions_mask()
        calls += reps
    py.apply(options[i])
    nat.apply(codec.codes(options)[i])
    if what == "undo":
        again = options[i] if engine == "python" else codec.codes(options)[i]
        for _ in range(reps):
            game.undo(1)
            game.apply(again)
        calls += reps
print(calls)
"""

WORKLOADS = ("observation", "mask", "undo")

#: per workload, the extension's methods it calls (where the third run counts)
METHODS = {
    "observation": ("observe_onto_zeros",),
    "mask": ("legal_mask_onto_zeros",),
    "undo": ("undo", "apply_code"),
}


def count(ruleset: str, expansions: str, engine: str, what: str, reps: int,
          inside: tuple[str, ...] = ()) -> tuple[int, int]:
    """(instructions of the whole run, or only inside the extension's methods *inside*;
    calls of the workload)."""
    toggles = tuple(f"forestshuffle_native::py::NativeGame::__pymethod_{m}__" for m in inside)
    return counted(PROGRAM, [ruleset, expansions, engine, what, str(reps)], toggles=toggles,
                   hash_seed=True)


def per_call(ruleset: str, expansions: str, engine: str, what: str, reps: int) -> float:
    """Instructions per call of *what* on *engine*'s game, by difference with no call."""
    base, _ = count(ruleset, expansions, engine, what, 0)
    total, calls = count(ruleset, expansions, engine, what, reps)
    return (total - base) / max(1, calls)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", default=["base"],
                    help="RULESET or base+EXPANSION+... (default: base)")
    ap.add_argument("--reps", type=int, default=20,
                    help="calls per position of the native workload (a fifth for Python)")
    ap.add_argument("--what", nargs="*", default=list(WORKLOADS), choices=WORKLOADS)
    args = ap.parse_args()
    why = unavailable()
    if why is not None:
        print(f"skipped: {why}")
        return 0
    for w in args.workloads:
        ruleset, _, ex = w.partition("+")
        for what in args.what:
            py = per_call(ruleset, ex, "python", what, max(1, args.reps // 5))
            nat = per_call(ruleset, ex, "native", what, args.reps)
            ext, calls = count(ruleset, ex, "native", what, args.reps, METHODS[what])
            print(f"{w} {what}: Python {py:,.0f} instructions/call, native {nat:,.0f} "
                  f"({py / max(1.0, nat):,.1f}x fewer), {ext / max(1, calls):,.0f} of them "
                  "inside the extension")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
