"""Instructions per environment step of ``forestshuffle.native.VecEnv``, counted by valgrind
(callgrind), and steps per second on one core, by batch size, with and without observations.

    python benchmarks/native/vecenv.py --ruleset base --sizes 1 64 1024 [--views] [--learner 0]

Every run plays random legal actions (``VecEnv.random_actions``) from seeds 0 to
``num_envs - 1`` on one thread (``RAYON_NUM_THREADS=1``). Two counts per configuration:

* **native**: the inclusive count of the extension's ``VecEnv.step`` (checking the actions,
  releasing the GIL, every game's step, its mask, rewards and observation), over all steps,
  divided by the environment steps;
* **through Python**: the whole ``state = env.step(actions)`` as a caller sees it (the
  wrapper's checks, the copies of the state's arrays, the loop), as the difference of a run
  of ``2 * steps`` and one of ``steps`` (start-up, imports and the ruleset's export cancel
  out), less the extension's draws of ``random_actions`` (their inclusive count).

With ``--learner SEAT``, the environments ask that seat only (``VecEnv(..., learner=SEAT)``):
each step is a learner's decision and the native random bot's decisions up to its next one,
all counted in that step.

Steps per second time ``env.step`` alone (``time.perf_counter`` around each call, best of
``--repeat`` runs): on a shared machine they move with its load, the counts do not.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time

from _valgrind import collected, inclusive, unavailable

PROGRAM = """
import sys
from forestshuffle import native
ruleset, n, steps, obs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
learner = None if sys.argv[6] == "-" else int(sys.argv[6])
env = native.VecEnv(ruleset, n, observations=obs, copy=sys.argv[5] == "1", learner=learner)
env.reset(0)
env.random_actions(seed=0)
for _ in range(steps):
    env.step(env.random_actions())
print(sum(env.episodes))
"""

#: the extension's step and draws, as callgrind names them
STEP = "forestshuffle_native::vecenv::py::PyVecEnv::__pymethod_step__"
SAMPLE = "forestshuffle_native::vecenv::py::PyVecEnv::__pymethod_sample__"


#: the seat the environments ask (None: every seat), set by --learner
LEARNER: int | None = None


def _callgrind(ruleset: str, n: int, steps: int, obs: bool, copy: bool,
               out: str = "/dev/null") -> int:
    """Instructions of a whole run (callgrind's output in *out*)."""
    args = [ruleset, str(n), str(steps), "1" if obs else "0", "1" if copy else "0",
            "-" if LEARNER is None else str(LEARNER)]
    return collected(PROGRAM, args, out=out)[0]


def count(ruleset: str, n: int, steps: int, obs: bool, copy: bool) -> tuple[float, float]:
    """(inside the extension's ``step``, through Python) instructions per environment
    step."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "callgrind.out")
        two = _callgrind(ruleset, n, 2 * steps, obs, copy, path)
        step = inclusive(path, STEP)
        sample = inclusive(path, SAMPLE)
    one = _callgrind(ruleset, n, steps, obs, copy)
    per = n * steps
    return step / (2 * per), (two - one) / per - sample / (2 * per)


def steps_per_second(ruleset: str, n: int, steps: int, obs: bool,
                     knobs: tuple[bool, bool], repeat: int) -> float:
    """Environment steps per second of ``env.step``, best of *repeat*; *knobs*: (copy,
    parallel: on rayon's pool rather than the calling thread)."""
    copy, parallel = knobs
    from forestshuffle import native

    best = float("inf")
    for _ in range(repeat):
        env = native.VecEnv(ruleset, n, observations=obs, copy=copy, parallel=parallel,
                            learner=LEARNER)
        env.reset(0)
        spent = 0.0
        for _ in range(steps):
            actions = env.random_actions()
            t = time.perf_counter()
            env.step(actions)
            spent += time.perf_counter() - t
        best = min(best, spent)
    return n * steps / best


def _steps_for(n: int, total: int) -> int:
    return max(20, total // n)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="base")
    ap.add_argument("--sizes", type=int, nargs="*", default=[1, 64, 1024])
    ap.add_argument("--env-steps", type=int, default=20_000,
                    help="environment steps per counted run (steps x num_envs)")
    ap.add_argument("--timed-steps", type=int, default=200_000,
                    help="environment steps per timed run")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-count", action="store_true", help="time only")
    ap.add_argument("--views", action="store_true",
                    help="copy=False: states are views of the environment's arrays")
    ap.add_argument("--parallel", action="store_true",
                    help="time on rayon's pool (RAYON_NUM_THREADS, default every core); "
                         "no counts")
    ap.add_argument("--learner", type=int, default=None,
                    help="the seat the environments ask; the random bot plays the others")
    args = ap.parse_args()
    global LEARNER
    LEARNER = args.learner
    why = unavailable(need_valgrind=False)
    if why is not None:
        print(f"skipped: {why}")
        return 0
    counting = not (args.no_count or args.parallel) and shutil.which("valgrind") is not None
    where = "all threads" if args.parallel else "one core"
    print("| num_envs | observations | native instr/step | through Python instr/step "
          f"| steps/s ({where}) |")
    print("|---:|---|---:|---:|---:|")
    for n in args.sizes:
        for obs in (False, True):
            steps = _steps_for(n, args.env_steps)
            nat, py = "-", "-"
            if counting:
                inside, through = count(args.ruleset, n, steps, obs, not args.views)
                nat, py = f"{inside:,.0f}", f"{through:,.0f}"
            rate = steps_per_second(args.ruleset, n, _steps_for(n, args.timed_steps), obs,
                                    (not args.views, args.parallel), args.repeat)
            print(f"| {n} | {'yes' if obs else 'no'} | {nat} | {py} | {rate:,.0f} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
