"""Statistics of a simulated run (:mod:`forestshuffle.simulate.runner`): win rates with 95 %
intervals, score distributions, game length, and the balance lab per species; PNG charts.

A tied win counts as a win for every tied winner (ties share the win, as in the game).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from forestshuffle.simulate.runner import GameResult

#: z for a 95 % interval
Z95 = 1.959964


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion *wins* / *n* (0, 1 when *n* is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def describe(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation, minimum, quartiles and maximum of *values*."""
    if not values:
        return {"n": 0}
    v = sorted(values)
    q = statistics.quantiles(v, n=4, method="inclusive") if len(v) > 1 else [v[0]] * 3
    return {"n": len(v), "mean": statistics.fmean(v),
            "sd": statistics.stdev(v) if len(v) > 1 else 0.0, "min": v[0], "p25": q[0],
            "median": q[1], "p75": q[2], "max": v[-1]}


def _rate(wins: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"n": n, "wins": wins, "win_rate": wins / n if n else 0.0, "ci_low": lo,
            "ci_high": hi}


def summarize(results: Sequence[GameResult],
              species_names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Every statistic of *results*, as JSON-ready data (the keys are the tables the command
    line prints: ``by_bot``, ``by_seat``, ``length``, ``end_reasons``, ``species``)."""
    names = species_names or {}
    by_bot: dict[str, list[tuple[int, bool]]] = {}
    by_seat: dict[int, list[bool]] = {}
    played: dict[str, list[int]] = {}  # species -> [player-games with it, wins with it, cards,
    #                                    points]
    seat_games = 0
    all_wins = 0
    for r in results:
        for p, bot in enumerate(r.bots):
            won = p in r.winners
            by_bot.setdefault(bot, []).append((r.scores[p], won))
            by_seat.setdefault(p, []).append(won)
            seat_games += 1
            all_wins += won
            for sp, (cards, pts) in r.species[p].items():
                acc = played.setdefault(sp, [0, 0, 0, 0])
                acc[0] += 1
                acc[1] += won
                acc[2] += cards
                acc[3] += pts
    bots = []
    for bot, rows in sorted(by_bot.items()):
        scores = [float(s) for s, _ in rows]
        bots.append({"bot": bot, **_rate(sum(w for _, w in rows), len(rows)),
                     "score": describe(scores)})
    seats = [{"seat": p, **_rate(sum(w), len(w))} for p, w in sorted(by_seat.items())]
    species: list[dict[str, Any]] = []
    for sp, (n_with, w_with, cards, pts) in played.items():
        n_without = seat_games - n_with
        w_without = all_wins - w_with
        species.append({"species": sp, "name": names.get(sp, sp),
                        "played_in": n_with / seat_games if seat_games else 0.0,
                        "cards": cards, "mean_points": pts / cards if cards else 0.0,
                        "with": _rate(w_with, n_with), "without": _rate(w_without, n_without)})
    species.sort(key=lambda s: (-s["played_in"], s["species"]))
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.end_reason] = reasons.get(r.end_reason, 0) + 1
    return {"games": len(results), "by_bot": bots, "by_seat": seats,
            "length": {"turns": describe([float(r.turns) for r in results]),
                       "actions": describe([float(r.actions) for r in results])},
            "end_reasons": dict(sorted(reasons.items())), "species": species}


def plot(results: Sequence[GameResult], summary: Mapping[str, Any], out: str | Path) -> list[Path]:
    """PNG charts of a run into the folder *out* (made if missing): ``scores.png`` (the score
    distribution of every bot), ``species_points.png`` (mean points per card of each species),
    ``game_length.png`` (turns per game). Returns the files written. Needs matplotlib
    (``pip install 'forestshuffle[plot]'``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        from forestshuffle.errors import ArgumentError

        raise ArgumentError("--plot needs matplotlib: pip install 'forestshuffle[plot]'") \
            from exc
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    scores: dict[str, list[int]] = {}
    for r in results:
        for p, bot in enumerate(r.bots):
            scores.setdefault(bot, []).append(r.scores[p])
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for bot, vals in sorted(scores.items()):
        ax.hist(vals, bins=30, alpha=0.55, label=f"{bot} (n={len(vals)})")
    ax.set_xlabel("final score")
    ax.set_ylabel("players")
    ax.set_title(f"Score distribution by bot ({summary['games']} games)")
    ax.legend()
    written.append(_save(fig, folder / "scores.png", plt))

    sp = sorted(summary["species"], key=lambda s: s["mean_points"])
    fig, ax = plt.subplots(figsize=(8, max(3.0, 0.22 * len(sp) + 1)))
    ax.barh([s["name"] for s in sp], [s["mean_points"] for s in sp], color="#4a7c3a")
    ax.set_xlabel("mean points per card")
    ax.set_title("Points per card, by species")
    ax.tick_params(axis="y", labelsize=7)
    written.append(_save(fig, folder / "species_points.png", plt))

    fig, ax = plt.subplots(figsize=(8, 4))
    ax.hist([r.turns for r in results], bins=30, color="#7a5c2e")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    written.append(_save(fig, folder / "game_length.png", plt))
    return written


def _save(fig: Any, path: Path, plt: Any) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
