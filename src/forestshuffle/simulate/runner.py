"""Many games between bots: a seeded, reproducible tournament, on one process, a pool of
processes or a Dask cluster.

Game *i* of a run is dealt from :func:`game_seed` ``(seed, i)`` and its bots are seeded from
that game seed, so its result depends on the configuration and *i* alone: the same seed
gives the same results whatever the number of workers, the batch size or the order in which
the games finish. :func:`run` yields finished batches as they come; a caller that stops
(Ctrl-C) keeps what it has received.

The bots are named by :data:`forestshuffle.bots.BOTS` (``random``, ``heuristic``, ``greedy``,
``ismcts``, and whatever is registered there: see :func:`bot_factories`).
"""

from __future__ import annotations

import hashlib
import os
import signal
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from forestshuffle import bots as bots_package
from forestshuffle.bots import BotBase, play_out
from forestshuffle.core import events as ev
from forestshuffle.core.game import new_game
from forestshuffle.errors import ArgumentError, GamesLostError
from forestshuffle.files import atomic_path, write_atomic
from forestshuffle.plugins.manager import get_ruleset


def bot_factories() -> dict[str, Callable[[int | None], BotBase]]:
    """Every bot that can be named: :data:`forestshuffle.bots.BOTS` (``random``,
    ``heuristic``, ``greedy``, ``ismcts`` and whatever is registered there), looked up when
    called, so a bot registered later is named too."""
    return {name.lower(): factory for name, factory in bots_package.BOTS.items()}


def make_bot(name: str, seed: int) -> BotBase:
    """The bot called *name* (a key of :data:`forestshuffle.bots.BOTS`, any case), seeded
    with *seed* (ArgumentError for an unknown name)."""
    factories = bot_factories()
    factory = factories.get(name.strip().lower())
    if factory is None:
        raise ArgumentError(f"unknown bot {name!r} (known: {', '.join(sorted(factories))})")
    return factory(seed)


def parse_bots(text: str) -> tuple[str, ...]:
    """``"random,heuristic"`` as names, each checked (ArgumentError for an unknown one)."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    if not names:
        raise ArgumentError("--bots needs at least one bot name")
    known = bot_factories()
    for n in names:
        if n not in known:
            raise ArgumentError(f"unknown bot {n!r} (known: {', '.join(sorted(known))})")
    return names


def game_seed(seed: int, index: int) -> int:
    """The seed of game *index* of a run seeded *seed*: a hash of both, so neighbouring runs
    share no game."""
    digest = hashlib.sha256(f"forestshuffle.simulate.runner:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_seed(game: int, seat: int) -> int:
    """The seed of the bot in *seat* of a game dealt from *game*."""
    return (game ^ (0x9E3779B97F4A7C15 * (seat + 1))) % (2**63)


@attrs.frozen
class SimConfig:
    """What every game of a run shares: the ruleset, the players and the bots.

    ``bots`` is the line-up, repeated to fill the seats; with ``rotate`` game *i* seats it
    shifted by *i* places, so each bot plays each seat equally often. ``engine`` is
    ``"python"`` or ``"native"`` (:mod:`forestshuffle.simulate.native`: the same games, the
    same results, played by the native core).
    """

    game: str = "base"
    players: int = 2
    bots: tuple[str, ...] = ("random", "heuristic")
    expansions: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    seed: int = 0
    rotate: bool = True
    engine: str = "python"

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot of every seat in game *index*."""
        n = self.players
        seats = [self.bots[i % len(self.bots)] for i in range(n)]
        if self.rotate:
            k = index % n
            seats = seats[n - k:] + seats[:n - k]
        return tuple(seats)

    def to_dict(self) -> dict[str, Any]:
        """The configuration as JSON-ready data."""
        d = attrs.asdict(self)
        d["options"] = dict(self.options)
        return d


@attrs.frozen
class GameResult:
    """One finished game of a run.

    ``species[seat]`` maps each species in that seat's forest to ``(cards, points)``.
    ``winners`` are seats (ties share the win); ``turns`` counts every turn, automated seats'
    and extra turns included.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    caves: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    actions: int
    end_reason: str
    species: tuple[dict[str, tuple[int, int]], ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data."""
        d = attrs.asdict(self)
        d["species"] = [{k: list(v) for k, v in s.items()} for s in self.species]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameResult:
        """A result from :meth:`to_dict`'s data."""
        return cls(int(d["index"]), int(d["seed"]), tuple(d["bots"]), tuple(d["scores"]),
                   tuple(d["caves"]), tuple(d["winners"]), int(d["turns"]), int(d["actions"]),
                   str(d["end_reason"]),
                   tuple({k: (int(v[0]), int(v[1])) for k, v in s.items()}
                         for s in d["species"]))

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per seat (for CSV and parquet): the species as JSON text."""
        import json

        return [{"game": self.index, "seed": self.seed, "seat": p, "bot": self.bots[p],
                 "score": self.scores[p], "cave": self.caves[p], "won": p in self.winners,
                 "turns": self.turns, "actions": self.actions, "end_reason": self.end_reason,
                 "species": json.dumps({k: list(v) for k, v in sorted(self.species[p].items())})}
                for p in range(len(self.bots))]


def play_one(config: SimConfig, index: int) -> GameResult:
    """Play game *index* of *config*'s run to its end."""
    seed = game_seed(config.seed, index)
    lineup = config.lineup(index)
    rules = get_ruleset(config.game, options=dict(config.options), expansions=config.expansions)
    game = new_game(rules, players=config.players, seed=seed)
    play_out(game, [make_bot(b, bot_seed(seed, p)) for p, b in enumerate(lineup)])
    scores = game.scores()
    species: list[dict[str, tuple[int, int]]] = []
    for p in scores:
        mine: dict[str, tuple[int, int]] = {}
        for cs in p.cards:
            if cs.species:
                n, pts = mine.get(cs.species, (0, 0))
                mine[cs.species] = (n + 1, pts + cs.points)
        species.append(mine)
    turns = sum(1 for e in game.events if isinstance(e, ev.TurnStarted))
    return GameResult(index, seed, lineup, scores.totals, tuple(p.cave for p in scores),
                      tuple(sorted(game.winners)), turns, len(game.actions),
                      game.end_reason or "", tuple(species))


def play_batch(config: SimConfig, indices: Sequence[int], *,
               parallel: bool = False) -> list[GameResult]:
    """Play the games *indices* of *config*'s run (the unit of work sent to a worker); the
    native engine plays them on every core when *parallel*."""
    if config.engine == "native":
        from forestshuffle.simulate.native import play_native_batch

        return play_native_batch(config, indices, parallel=parallel)
    return [play_one(config, i) for i in indices]


#: The engines a run can be played by.
ENGINES = ("python", "native")


def batches(indices: Sequence[int], workers: int, size: int | None = None) -> list[list[int]]:
    """*indices* cut into batches: about eight per worker, at most 16 games each, unless
    *size* is given."""
    if size is None:
        size = max(1, min(16, len(indices) // max(1, workers * 8)))
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def _quiet_worker() -> None:  # pragma: no cover - runs in the pool's processes
    """A worker process leaves Ctrl-C to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(config: SimConfig, indices: Sequence[int], *, workers: int = 1,
        scheduler: str | None = None, batch: int | None = None) -> Iterator[list[GameResult]]:
    """Play the games *indices* of *config*'s run; yields each finished batch.

    ``scheduler=None`` plays in this process (``workers == 1``) or in a pool of *workers*
    processes; ``"local"`` starts a Dask LocalCluster of *workers* processes, and
    ``"tcp://HOST:PORT"`` (any address ``distributed.Client`` takes) uses a running Dask
    scheduler, whose workers need forestshuffle and the same plugins installed. Closing the
    iterator (or an exception in the caller, such as Ctrl-C) stops the workers; the batches
    already yielded are the caller's.
    """
    if workers < 1:
        raise ArgumentError(f"workers must be at least 1, not {workers}")
    _check(config)
    if batch is None and config.engine == "native":
        batch = max(1, min(1024, len(indices) // max(1, workers * 8)))
    work = batches(indices, workers, batch)
    if scheduler is not None:
        yield from _run_dask(config, work, workers, scheduler)
    elif workers == 1:
        # one process: the native engine plays each batch on every core
        every_core = {"parallel": True} if config.engine == "native" else {}
        for chunk in work:
            yield play_batch(config, chunk, **every_core)
    else:
        yield from _run_processes(config, work, workers)


def _check(config: SimConfig) -> None:
    """Fail early, here, on a bad configuration rather than in every worker."""
    if config.engine not in ENGINES:
        raise ArgumentError(f"unknown engine {config.engine!r} (known: {', '.join(ENGINES)})")
    get_ruleset(config.game, options=dict(config.options), expansions=config.expansions)
    for name in config.bots:
        make_bot(name, 0)
    if config.engine == "native":
        from forestshuffle.simulate.native import check_native

        check_native(config)


#: Rounds in which the games of batches whose worker process died are played again in a new
#: pool, before each game still lost is played alone in a process of its own.
RETRIES = 2


def _run_processes(config: SimConfig, work: list[list[int]],
                   workers: int) -> Iterator[list[GameResult]]:
    """Play *work* on a pool of *workers* processes, yielding each finished batch. A worker
    that dies (killed, out of memory) breaks the pool and every batch it was playing: the
    finished batches stay given, the others are played again game by game in a new pool
    (:data:`RETRIES` rounds), then each game still lost alone in a process of its own; the
    games lost even then are raised as :class:`~forestshuffle.errors.GamesLostError` after
    all the others were given."""
    todo = work
    for _ in range(RETRIES + 1):
        failed: list[list[int]] = []
        yield from _pool_round(config, todo, workers, failed)
        if not failed:
            return
        todo = [[i] for chunk in failed for i in chunk]
    lost: list[int] = []
    for chunk in todo:  # each game alone: only a game that kills its worker is lost
        failed = []
        yield from _pool_round(config, [chunk], 1, failed)
        lost += [i for c in failed for i in c]
    if lost:
        raise GamesLostError(lost, "a worker process died playing each of them")


def _pool_round(config: SimConfig, work: list[list[int]], workers: int,
                failed: list[list[int]]) -> Iterator[list[GameResult]]:
    """One pool playing *work*: yields the finished batches, puts those whose worker died
    into *failed*."""
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    try:
        futures = {pool.submit(play_batch, config, chunk): chunk for chunk in work}
        for f in as_completed(futures):
            try:
                got = f.result()
            except BrokenProcessPool:
                failed.append(futures[f])
                continue
            yield got
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(config: SimConfig, work: list[list[int]], workers: int,
              scheduler: str) -> Iterator[list[GameResult]]:
    try:
        import importlib

        dist: Any = importlib.import_module("distributed")  # typed loosely: an extra
    except ImportError:
        raise ArgumentError("--scheduler needs Dask distributed: pip install "
                            "'forestshuffle[dask]'") from None
    cluster = None
    if scheduler == "local":
        cluster = dist.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40)
        client = dist.Client(cluster)
    else:
        try:
            client = dist.Client(scheduler, timeout=os.environ.get("FORESTSHUFFLE_DASK_TIMEOUT",
                                                              "10s"))
        except (OSError, TimeoutError) as exc:
            raise ArgumentError(f"cannot reach the Dask scheduler {scheduler}: {exc}") from None
    try:
        futures = [client.submit(play_batch, config, b, pure=False) for b in work]
        for f in dist.as_completed(futures):
            yield f.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# -- output files ------------------------------------------------------------------------------

#: The output formats, by file suffix.
FORMATS = (".json", ".csv", ".parquet")


def save_results(path: str | os.PathLike[str], config: SimConfig,
                 results: Sequence[GameResult], summary: Mapping[str, Any],
                 *, complete: bool = True) -> list[str]:
    """Write *results* to *path*, in the format its suffix names (:data:`FORMATS`).

    ``.json``: one document with the configuration, every game and the statistics. ``.csv``
    and ``.parquet``: one row per game and seat (:meth:`GameResult.rows`), and the
    configuration and statistics beside it in ``<name>.stats.json``. *complete* False marks
    an interrupted run (the games that finished). Returns the files written.
    """
    import json
    from pathlib import Path

    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise ArgumentError(f"--out must end in {', '.join(FORMATS)}, not {out.name!r}")
    head = {"config": config.to_dict(), "complete": complete, "games": len(results)}
    if suffix == ".json":
        doc = {**head, "results": [r.to_dict() for r in results], "stats": summary}
        write_atomic(out, json.dumps(doc, indent=1, ensure_ascii=False))
        return [str(out)]
    rows = [row for r in results for row in r.rows()]
    if suffix == ".csv":
        import csv

        with atomic_path(out) as tmp, tmp.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(_ROW_FIELDS))
            writer.writeheader()
            writer.writerows(rows)
    else:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise ArgumentError("parquet output needs pyarrow: pip install "
                                "'forestshuffle[dask]'") from None
        table = pa.table({k: [r[k] for r in rows] for k in _ROW_FIELDS},
                         schema=pa.schema([(k, t) for k, t in _arrow_types(pa).items()]))
        with atomic_path(out) as tmp:
            pq.write_table(table, tmp)
    side = out.with_name(out.stem + ".stats.json")
    write_atomic(side, json.dumps({**head, "stats": summary}, indent=1, ensure_ascii=False))
    return [str(out), str(side)]


_ROW_FIELDS = ("game", "seed", "seat", "bot", "score", "cave", "won", "turns", "actions",
               "end_reason", "species")


def _arrow_types(pa: Any) -> dict[str, Any]:
    i64 = pa.int64()
    return {"game": i64, "seed": i64, "seat": i64, "bot": pa.string(), "score": i64,
            "cave": i64, "won": pa.bool_(), "turns": i64, "actions": i64,
            "end_reason": pa.string(), "species": pa.string()}
