"""The workloads every benchmark script measures, each defined once.

A workload is prepared once (games played, records written: not measured), then run in
*rounds*: one round is a fixed piece of work of a known number of units (games, forests,
documents, events, undos, clones). ``rates.py`` times rounds in CPU time,
``instructions.py`` counts the instructions of rounds under cachegrind, ``compare.py``
does both for two commits. Everything is seeded: the same options give the same games, so
a round repeats exactly.

Workloads are named ``KIND`` or ``KIND:RULESET`` (``selfplay:smoky``); a bare ``KIND`` uses
the ``--game`` ruleset (default ``base``). Run from the repository root, this module runs
one workload for a number of rounds and prints what it did as JSON; ``instructions.py``
runs it so, under valgrind::

    .venv/bin/python benchmarks/workloads.py selfplay --rounds 2

The workloads use only the public API (plus ``forestshuffle.core.scoring.score_forest``) and
test for newer API (``Game.clone``, ``Game.from_json(..., trusted=True)``) before use, so
they also measure older commits; a workload whose API is missing is *skipped*.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import operator
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import forestshuffle as fs
from forestshuffle.core.scoring import score_forest

#: Passes over the prepared items in one round, so a round takes some milliseconds.
SCORE_PASSES = 10
DOCUMENT_PASSES = 2
CLONE_PASSES = 5


@dataclass(frozen=True)
class Options:
    """What every workload is prepared from."""

    game: str = "base"     #: the ruleset of a workload named without one
    players: int = 2
    games: int = 10        #: seeded games the workload plays or is prepared from
    seed: int = 1          #: seed of the first game; the others follow


class Unavailable(Exception):
    """The measured commit lacks the API a workload needs; the workload is skipped."""


@dataclass
class Prepared:
    """A prepared workload: *run* does one round of *per_round* units of *unit*."""

    unit: str
    per_round: int
    run: Callable[[], int]
    notes: dict[str, float] = field(default_factory=dict)
    max_rounds: int | None = None  #: rounds it can do at all (undo uses up the actions)
    #: the units come in groups (events in records): the group's name and how many groups
    #: one round holds; the scripts then also print the figure per group
    group: tuple[str, int] | None = None


def per_group(result: dict[str, Any], value: float, rate: bool = False) -> tuple[str, float] | None:
    """A figure per unit (instructions, or with *rate* units per second) of a workload's
    *result* (its JSON line, with ``per_round`` and ``group``) as a figure per group: (the
    group's name, the figure), or None when its units come in no groups."""
    group = result.get("group")
    if not group:
        return None
    name, count = group
    ratio = result["per_round"] / count  # units per group
    return name, value / ratio if rate else value * ratio


def ruleset_of(name: str) -> fs.Ruleset:
    """The compiled ruleset *name*: an id, with ``+expansion`` for each expansion mixed in
    (``base+alpine+woodland_edge``)."""
    rid, *expansions = name.split("+")
    if expansions:
        return fs.get_ruleset(rid, expansions=expansions)
    return fs.get_ruleset(rid)


def finished_games(ruleset: str, opts: Options) -> list[fs.Game]:
    """*opts.games* seeded games between random bots, played to the end."""
    out = []
    rules = ruleset_of(ruleset)
    for g in range(opts.games):
        game_seed = opts.seed + g
        game = fs.new_game(rules, players=opts.players, seed=game_seed)
        bots = [fs.bots.RandomBot(game_seed * 100 + p) for p in range(opts.players)]
        fs.bots.play_out(game, bots)
        out.append(game)
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _selfplay(ruleset: str, opts: Options) -> Prepared:
    ruleset_of(ruleset)  # compiled outside the rounds
    notes: dict[str, float] = {}

    def run() -> int:
        played = finished_games(ruleset, opts)
        notes["actions per game"] = _mean([len(g.actions) for g in played])
        notes["events per game"] = _mean([len(g.events) for g in played])
        return opts.games

    return Prepared("game", opts.games, run, notes)


def _scoring(breakdown: bool) -> Callable[[str, Options], Prepared]:
    def prepare(ruleset: str, opts: Options) -> Prepared:
        rules = ruleset_of(ruleset)
        games = [g.state.forests for g in finished_games(ruleset, opts)]
        jobs = [(forests, p) for forests in games for p in range(len(forests))]
        with_lines = [score_forest(rules, f, p, breakdown=True)[0] for f, p in jobs]
        if with_lines != [score_forest(rules, f, p, breakdown=False)[0] for f, p in jobs]:
            raise RuntimeError("scoring with and without breakdown gave different totals")

        def run() -> int:
            for _ in range(SCORE_PASSES):
                for forests, p in jobs:
                    score_forest(rules, forests, p, breakdown=breakdown)
            return SCORE_PASSES * len(jobs)

        cards = [len(f[p].order) for f, p in jobs]
        return Prepared("forest", SCORE_PASSES * len(jobs), run,
                        {"cards per forest": _mean(cards)})
    return prepare


def _document(ruleset: str, opts: Options) -> Prepared:
    docs = [g.forest_document() for g in finished_games(ruleset, opts)]
    fs.score_document(docs[0])

    def run() -> int:
        for _ in range(DOCUMENT_PASSES):
            for doc in docs:
                fs.score_document(doc)
        return DOCUMENT_PASSES * len(docs)

    return Prepared("document", DOCUMENT_PASSES * len(docs), run,
                    {"forests per document": float(opts.players)})


def _replay(trusted: bool) -> Callable[[str, Options], Prepared]:
    def prepare(ruleset: str, opts: Options) -> Prepared:
        if trusted and "trusted" not in inspect.signature(fs.Game.from_json).parameters:
            raise Unavailable("Game.from_json has no trusted parameter")
        kwargs: dict[str, Any] = {"trusted": True} if trusted else {}
        played = finished_games(ruleset, opts)
        texts = [g.to_json() for g in played]
        events = sum(len(g.events) for g in played)

        def run() -> int:
            for text in texts:
                fs.Game.from_json(text, **kwargs)
            return events

        return Prepared("event", events, run, {"events per record": events / len(texts)},
                        group=("record", len(texts)))
    return prepare


def _undo(ruleset: str, opts: Options) -> Prepared:
    games = finished_games(ruleset, opts)

    def run() -> int:
        for game in games:
            game.undo(1)
        return len(games)

    return Prepared("undo", len(games), run,
                    {"events in the log": _mean([len(g.events) for g in games])},
                    max_rounds=min(len(g.actions) for g in games))


def _clone(ruleset: str, opts: Options) -> Prepared:
    if not callable(getattr(fs.Game, "clone", None)):
        raise Unavailable("Game has no clone()")
    clone = operator.methodcaller("clone")  # not in every commit's Game: no static call
    games = finished_games(ruleset, opts)
    for game in games:  # cloned in the middle of the game
        game.undo(len(game.actions) // 2)

    def run() -> int:
        for _ in range(CLONE_PASSES):
            for game in games:
                clone(game)
        return CLONE_PASSES * len(games)

    return Prepared("clone", CLONE_PASSES * len(games), run,
                    {"events in the log": _mean([len(g.events) for g in games])})


#: kind -> (what it measures, how it is prepared)
KINDS: dict[str, tuple[str, Callable[[str, Options], Prepared]]] = {
    "selfplay": ("complete games between random bots (new_game, then apply each action)",
                 _selfplay),
    "score": ("score_forest of each final forest, with the per-card breakdown",
              _scoring(True)),
    "score-nobreakdown": ("score_forest(..., breakdown=False) of each final forest",
                          _scoring(False)),
    "document": ("fs.score_document of each game's forest document (parse, match, score)",
                 _document),
    "replay": ("Game.from_json of each game's record (replayed and checked)", _replay(False)),
    "replay-trusted": ("Game.from_json(text, trusted=True) of each record", _replay(True)),
    "undo": ("undo(1) of each finished game (round k takes back the k-th last action)",
             _undo),
    "clone": ("game.clone() of each game, halfway through it", _clone),
}


def full_name(name: str, opts: Options) -> str:
    """``KIND:RULESET`` for *name* (a bare kind takes ``opts.game``)."""
    kind, _, ruleset = name.partition(":")
    if kind not in KINDS:
        raise SystemExit(f"unknown workload {name!r}; known: {', '.join(KINDS)}")
    return f"{kind}:{ruleset or opts.game}"


def default_names(opts: Options) -> list[str]:
    """Self-play of every installed ruleset (``opts.game`` first), then every other kind."""
    rulesets = [opts.game, *(r for r in fs.available_rulesets() if r != opts.game)]
    others = [k for k in KINDS if k != "selfplay"]
    return [f"selfplay:{r}" for r in rulesets] + [f"{k}:{opts.game}" for k in others]


def prepare(name: str, opts: Options) -> Prepared:
    """Prepare the workload *name* (``KIND:RULESET``); raises Unavailable to skip it."""
    kind, _, ruleset = full_name(name, opts).partition(":")
    if ruleset.split("+")[0] not in fs.available_rulesets():
        raise Unavailable(f"ruleset {ruleset!r} is not installed")
    try:
        ruleset_of(ruleset)
    except (TypeError, fs.ForestShuffleError) as exc:  # an older library: no expansions
        raise Unavailable(f"ruleset {ruleset!r}: {exc}") from None
    work = KINDS[kind][1](ruleset, opts)
    # what preparing made is collected now, not by collections that would fall in the
    # measured rounds (the library pauses the collector while it plays a game or loads a
    # record, so a prepared workload's objects may not have been walked yet)
    gc.collect()
    return work


def add_options(parser: argparse.ArgumentParser) -> None:
    """The options every benchmark script takes: what the workloads are prepared from."""
    parser.add_argument("--game", default="base",
                        help="ruleset of workloads named without one (default: base)")
    parser.add_argument("--players", type=int, default=Options.players)
    parser.add_argument("--games", type=int, default=Options.games,
                        help=f"seeded games per round or to prepare from "
                             f"(default: {Options.games})")
    parser.add_argument("--seed", type=int, default=Options.seed,
                        help="seed of the first game (default: 1)")


def options(args: argparse.Namespace) -> Options:
    """The Options of parsed *args* (see :func:`add_options`)."""
    if args.games < 1 or args.players < 1:
        raise SystemExit("--games and --players must be at least 1")
    return Options(game=args.game, players=args.players, games=args.games, seed=args.seed)


def option_args(opts: Options) -> list[str]:
    """*opts* as command-line arguments for another benchmark script."""
    return ["--game", opts.game, "--players", str(opts.players), "--games", str(opts.games),
            "--seed", str(opts.seed)]


def main(argv: list[str] | None = None) -> int:
    """Prepare one workload, run it for ``--rounds`` rounds, print what it did as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workload", help="KIND or KIND:RULESET; kinds: " + ", ".join(KINDS))
    parser.add_argument("--rounds", type=int, default=1)
    add_options(parser)
    args = parser.parse_args(argv)
    opts = options(args)
    name = full_name(args.workload, opts)
    out: dict[str, Any] = {"name": name, "rounds": args.rounds}
    try:
        work = prepare(name, opts)
    except Unavailable as exc:
        out["skipped"] = str(exc)
    else:
        if work.max_rounds is not None and args.rounds > work.max_rounds:
            raise SystemExit(f"{name} can do at most {work.max_rounds} rounds")
        done = sum(work.run() for _ in range(args.rounds))
        out.update(unit=work.unit, per_round=work.per_round, done=done, notes=work.notes,
                   group=work.group)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
