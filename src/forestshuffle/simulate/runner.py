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

import os
import signal
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from forestshuffle.bots import play_out
from forestshuffle.core import events as ev
from forestshuffle.core.game import new_game
from forestshuffle.errors import ArgumentError, GamesLostError
from forestshuffle.files import atomic_path, write_atomic
from forestshuffle.plugins.manager import get_ruleset
from forestshuffle.simulate.config import (
    GameResult,
    SimConfig,
    bot_factories,
    bot_seed,
    game_seed,
    make_bot,
    parse_bots,
)

__all__ = ["ENGINES", "FORMATS", "GameResult", "SimConfig", "batches", "bot_factories",
           "bot_seed", "game_seed", "make_bot", "parse_bots", "play_batch", "play_one", "run",
           "save_results"]


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
