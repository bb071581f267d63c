"""Learn to beat the random bot at native speed: REINFORCE with a masked linear policy, NumPy
only (no torch), over the native core's Gymnasium vector adapter.

    pip install 'forestshuffle[rl]' ./native
    python examples/native_reinforce.py --steps 400

The learner plays seat 0 of 2-player base games in ``--envs`` games at once
(``forestshuffle.native.gym.NativeVectorEnv``); the native random bot plays seat 1. The
policy scores each legal action code by one weight per *kind* of action (the codec's blocks:
draw from the deck, take from the clearing, play a card, plant a sapling, pay, place...),
a softmax over the legal codes only (the action mask). After each game it moves the weights
of the choices it made by the game's return (+1 won, −1 lost) minus a running baseline.

Then it plays ``--eval`` new games (the first game of that many environments) with the learnt
policy and with uniformly random choices, on the same deals against the same bots, and prints
both win rates with 95% intervals.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import numpy as np

from forestshuffle.native.gym import NativeVectorEnv
from forestshuffle.search.codec import codec_of


def action_kinds(envs: NativeVectorEnv) -> tuple[list[str], Any]:
    """The codec's block names, and per action code the index of its block."""
    codec = codec_of(envs.env.rules)
    blocks = [codec.block_of(c).name for c in range(envs.env.num_actions)]
    names = sorted(set(blocks))
    return names, np.array([names.index(b) for b in blocks])


class Policy:
    """A softmax over the legal codes of each game, the logit of a code the weight of its
    kind (see the module)."""

    def __init__(self, kinds: Any, n_kinds: int, seed: int = 0) -> None:
        self.kinds, self.weights = kinds, np.zeros(n_kinds)
        self.rng = np.random.default_rng(seed)

    def act(self, mask: Any) -> tuple[Any, Any]:
        """A code per game (rows of *mask*), drawn from the policy; and per game the
        gradient of the log-probability of that code by the weights."""
        rows, cols = np.nonzero(mask)  # the legal codes, game by game
        n, k = mask.shape[0], self.weights.size
        kind = self.kinds[cols]
        e = np.exp(self.weights[kind] - self.weights.max())
        p = e / np.bincount(rows, e, minlength=n)[rows]
        cum = np.cumsum(p)
        first = np.searchsorted(rows, np.arange(n))  # each game's first legal code
        last = np.append(first[1:], rows.size) - 1
        target = cum[first] - p[first] + self.rng.random(n)
        pick = np.clip(np.searchsorted(cum, target, side="right"), first, last)
        grad = -np.bincount(rows * k + kind, p, minlength=n * k).reshape(n, k)
        grad[np.arange(n), kind[pick]] += 1.0
        return cols[pick], grad


def train(steps: int, envs_n: int = 64, seed: int = 0, lr: float = 0.05) -> Policy:
    """*steps* steps of *envs_n* games with REINFORCE; the learnt policy."""
    envs = NativeVectorEnv("base", envs_n, seat=0, parallel=False)
    names, kinds = action_kinds(envs)
    policy = Policy(kinds, len(names), seed)
    traces = np.zeros((envs_n, len(names)))  # per game, the sum of its gradients so far
    baseline = 0.0
    _, info = envs.reset(seed=seed)
    for _ in range(steps):
        actions, grad = policy.act(info["action_mask"])
        traces += grad
        _, rewards, terminated, truncated, info = envs.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            policy.weights += lr * (rewards[i] - baseline) * traces[i]
            baseline += 0.05 * (rewards[i] - baseline)
            traces[i] = 0.0
    return policy


def win_rate(policy: Policy | None, games: int, seed: int) -> tuple[int, int]:
    """(wins, games) of the first game of *games* environments, reset from *seed*, played
    by *policy* (None: uniformly random legal codes)."""
    envs = NativeVectorEnv("base", games, seat=0)
    _, info = envs.reset(seed=seed)
    result = np.full(games, np.nan)
    while np.isnan(result).any():
        if policy is None:
            actions = envs.sample_actions()
        else:
            actions, _ = policy.act(info["action_mask"])
        _, rewards, terminated, _, info = envs.step(actions)
        first = terminated & np.isnan(result)
        result[first] = rewards[first]
    return int((result > 0).sum()), games


def interval(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    z, p = 1.96, wins / games
    mid = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return mid - half, mid + half


def main() -> None:
    """Train, evaluate against random play on the same deals, print both."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=400, help="training steps (of all envs)")
    parser.add_argument("--envs", type=int, default=64, help="games played at once")
    parser.add_argument("--eval", type=int, default=1000, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    policy = train(args.steps, args.envs, args.seed)
    names, _ = action_kinds(NativeVectorEnv("base", 1))
    print("weights:", {n: round(float(w), 2) for n, w in zip(names, policy.weights, strict=True)})
    for who, rate in (("learnt", win_rate(policy, args.eval, 10**6)),
                      ("random", win_rate(None, args.eval, 10**6))):
        low, high = interval(*rate)
        print(f"{who}: won {rate[0]} of {rate[1]} ({rate[0] / rate[1]:.1%}, 95% interval "
              f"{low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
