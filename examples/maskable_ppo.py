"""Train a masked PPO agent on one seat of forestshuffle (Stable-Baselines3's sb3-contrib).

    pip install 'forestshuffle[rl]' sb3-contrib      # sb3-contrib brings torch
    python examples/maskable_ppo.py --steps 20000

The learner plays seat 0 of a 2-player base game against a random bot. ``MaskablePPO`` asks
the environment for ``action_masks()`` before each step, so it only ever picks legal actions
(forestshuffle.rl.single.ForestShuffleGymEnv provides it). At the end it plays 20 games
with the learnt policy and prints its mean return (+1 a win, -1 a loss).
"""

from __future__ import annotations

import argparse
from typing import Any

from forestshuffle.rl.single import ForestShuffleGymEnv


def make_env(seed: int = 0) -> ForestShuffleGymEnv:
    """The environment the agent learns on: seat 0 of base, one random opponent."""
    env = ForestShuffleGymEnv("base", players=2, seat=0)
    env.reset(seed=seed)
    return env


def evaluate(model: Any, games: int = 20) -> float:
    """The mean return of *model* over *games* new games (masked, deterministic)."""
    env = make_env(seed=10_000)
    total = 0.0
    for episode in range(games):
        obs, _ = env.reset(seed=10_000 + episode)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        total += reward
    return total / games


def main() -> None:
    """Train for ``--steps`` environment steps, then evaluate."""
    from sb3_contrib import MaskablePPO  # needs: pip install sb3-contrib

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--steps", type=int, default=20_000, help="training steps (20000)")
    args = ap.parse_args()
    model = MaskablePPO("MlpPolicy", make_env(), seed=0, verbose=1)
    model.learn(total_timesteps=args.steps)
    print(f"mean return over 20 games: {evaluate(model):+.2f}")


if __name__ == "__main__":
    main()
