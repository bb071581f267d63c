"""``forestshuffle simulate``: many seeded games between bots, on processes or a Dask
cluster, with a progress bar, statistics tables, output files and charts."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from forestshuffle.cli.common import (
    bots_option,
    console,
    expansion_option,
    game_option,
    json_option,
    lang_option,
    lineup,
    option_option,
    options,
    players_option,
    say,
    say_json,
)
from forestshuffle.i18n import _, get_language, ngettext


class _Rate(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:6.1f} games/s" if speed else "   ... games/s", style="cyan")


@click.command()
@game_option
@players_option(2)
@bots_option("random,heuristic", "the line-up, comma-separated, repeated to fill the seats; "
                                 "it moves a seat on each game")
@click.option("--games", type=click.IntRange(min=1), default=100, help="how many games")
@click.option("--seed", type=int, default=None, show_default=False,
              help="the run's seed: game i is dealt from a hash of it and i (default: a "
                   "random one, printed)")
@click.option("--workers", type=click.IntRange(min=1), default=None, show_default=False,
              help="worker processes (default: 1, or the machine's cores with --scheduler "
                   "local)")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT|local",
              help="play on a Dask cluster: a running scheduler's address, or local for a "
                   "LocalCluster of --workers processes (needs forestshuffle[dask])")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="write the results: .json (everything), .csv or .parquet "
                                   "(a row per game and seat; statistics beside, in "
                                   "NAME.stats.json)")
@click.option("--plot", type=click.Path(file_okay=False, path_type=Path), default=None,
              metavar="DIR", help="write PNG charts into DIR (needs forestshuffle[plot])")
@click.option("--engine", type=click.Choice(["python", "native"]), default="python",
              help="the engine that plays the games (the same games and results either "
                   "way); native needs the native core (pip install ./native)")
@click.option("--no-rotate", is_flag=True,
              help="keep every bot in its seat instead of moving the line-up each game")
@expansion_option
@option_option
@click.option("--species", "top", type=click.IntRange(min=0), default=20,
              help="rows of the balance lab shown (the most played species)")
@json_option("print the statistics as JSON")
@lang_option
def simulate(game: str, players: int, bots: str, games: int, seed: int | None,
             workers: int | None, scheduler: str | None, out: Path | None, plot: Path | None,
             engine: str, no_rotate: bool, expansion: tuple[str, ...],
             option: tuple[str, ...], top: int, as_json: bool) -> int:
    """Play many seeded games between bots and print their statistics: win rates with 95 %
    intervals by bot and seat, scores, game length, and a balance lab per species.

    The same seed gives the same results whatever --workers or --scheduler; Ctrl-C stops
    the run and keeps (and writes) the games that finished.
    """
    from forestshuffle.display.terminal import safe
    from forestshuffle.simulate.runner import SimConfig
    from forestshuffle.simulate.stats import summarize

    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    opts = options(option)
    config = SimConfig(game=game, players=players, bots=lineup(bots),
                       expansions=tuple(expansion),
                       options=tuple(sorted(opts.items())), seed=seed, rotate=not no_rotate,
                       engine=engine)
    rules = _ruleset_for(config, opts)
    _check_outputs(out, plot)
    n_workers = workers if workers is not None else (
        _cores() if scheduler == "local" else 1)
    err = console(stderr=True)
    if not as_json:
        _announce(err, rules, config, games, n_workers, scheduler)
    results, interrupted, failure = _play(err, config, games, n_workers, scheduler)
    names = {sid: sp.name for sid, sp in rules.species.items()}
    summary = summarize(results, names)
    files = _write(out, plot, config, results, summary,
                   complete=not interrupted and failure is None)
    if failure is not None:
        for f in files:
            say(f"Wrote {f}.")
        err.print(safe(f"{len(results)} of {games} games finished and kept."),
                  highlight=False, markup=False)
        raise failure
    if as_json:
        say_json({"config": config.to_dict(), "complete": not interrupted,
                  "stats": summary, "files": files})
    else:
        _tables(console(), summary, top, rules)
        if interrupted:
            err.print(_("Interrupted: {n} of {games} games finished and kept.").format(
                n=len(results), games=games),
                      highlight=False, markup=False)
        for f in files:
            say(_("Wrote {file}.").format(file=f))
    return 130 if interrupted else 0


def _ruleset_for(config: Any, opts: dict[str, Any]) -> Any:
    """The ruleset a run plays (PlayerCountError when it is not for that many players)."""
    from forestshuffle.errors import PlayerCountError
    from forestshuffle.plugins.manager import get_ruleset

    rules = get_ruleset(config.game, options=opts, expansions=config.expansions)
    if not rules.spec.min_players <= config.players <= rules.spec.max_players:
        raise PlayerCountError(f"ruleset {rules.id!r} is for {rules.spec.min_players} to "
                               f"{rules.spec.max_players} players, not {config.players}")
    return rules


def _announce(err: Console, rules: Any, config: Any, games: int, n_workers: int,
              scheduler: str | None) -> None:
    """The run's first line: the game, the bots, how many games, the seed and where."""
    from forestshuffle.display.terminal import safe

    procs = ngettext("{n} process", "{n} processes", n_workers).format(n=n_workers)
    where = (_("a Dask LocalCluster of {procs}").format(procs=procs) if scheduler == "local"
             else _("the Dask scheduler {address}").format(address=scheduler) if scheduler
             else procs)
    err.print(safe(_("{game}, {players} players, bots {bots}: {games}, seed {seed}, on "
                     "{where}").format(
        game=rules.i18n.ruleset(get_language()) if rules.i18n else rules.spec.name,
        players=config.players, bots=", ".join(config.bots), seed=config.seed, where=where,
        games=ngettext("{n} game", "{n} games", games).format(n=games))))


def _play(err: Console, config: Any, games: int, n_workers: int, scheduler: str | None
          ) -> tuple[list[Any], bool, Exception | None]:
    """Play the run with a progress bar: the finished games in order, whether Ctrl-C (or a
    termination request) stopped it, and a failure that came after games were played (they
    are kept; a failure before any is raised)."""
    from forestshuffle.simulate.runner import GameResult, run

    done: dict[int, GameResult] = {}
    interrupted = False
    failure: Exception | None = None
    progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), _Rate(),
                        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                        console=err, disable=not err.is_terminal, transient=False)
    # a termination request (kill PID) stops the run like Ctrl-C: what finished is kept
    old = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with progress:
            task = progress.add_task("games", total=games)
            for batch in run(config, range(games), workers=n_workers, scheduler=scheduler):
                for r in batch:
                    done[r.index] = r
                progress.update(task, completed=len(done))
    except KeyboardInterrupt:
        interrupted = True
    except Exception as exc:
        if not done:
            raise
        failure = exc
    finally:
        signal.signal(signal.SIGTERM, old)
    return [done[i] for i in sorted(done)], interrupted, failure


def _write(out: Path | None, plot: Path | None, config: Any, results: list[Any],
           summary: dict[str, Any], *, complete: bool) -> list[str]:
    """Write the results (``--out``) and the charts (``--plot``); the files written. When the
    charts fail, the files already written are named before the error."""
    from forestshuffle.simulate.runner import save_results
    from forestshuffle.simulate.stats import plot as make_plots

    files: list[str] = []
    if out is not None and results:
        files = save_results(out, config, results, summary, complete=complete)
    if plot is not None and results:
        try:
            files += [str(p) for p in make_plots(results, summary, plot)]
        except Exception:
            for f in files:  # the results are written: say so before the error
                say(f"Wrote {f}.")
            raise
    return files


def _check_outputs(out: Path | None, plot: Path | None) -> None:
    """Refuse, before any game is played, an output that cannot be written."""
    from forestshuffle.cli.common import Fail
    from forestshuffle.simulate.runner import FORMATS

    if out is not None:
        if out.suffix.lower() not in FORMATS:
            raise Fail(f"--out must end in {', '.join(FORMATS)}, not {out.name!r}")
        if out.suffix.lower() == ".parquet":
            _needs("pyarrow", "--out FILE.parquet", "dask")
        folder = out.parent if str(out.parent) else Path(".")
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise Fail(f"cannot write {out}: no writable folder {folder}")
    if plot is not None:
        _needs("matplotlib", "--plot", "plot")
        try:
            plot.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Fail(f"cannot write charts into {plot}: "
                       f"{exc.strerror or type(exc).__name__}") from None


def _needs(module: str, what: str, extra: str) -> None:
    """Refuse *what* before any game when *module* (of the extra *extra*) is missing."""
    import importlib

    from forestshuffle.cli.common import Fail

    try:
        importlib.import_module(module)
    except ImportError:
        raise Fail(f"{what} needs {module}: pip install 'forestshuffle[{extra}]'") from None


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _ci(row: dict[str, Any]) -> str:
    return f"{100 * row['ci_low']:5.1f}–{100 * row['ci_high']:5.1f}%"


def _tables(out: Console, s: dict[str, Any], top: int, rules: Any = None) -> None:
    from forestshuffle.display.terminal import safe
    from forestshuffle.i18n import book_of

    if not s["games"]:
        out.print(_("No game finished."))
        return
    lang = get_language()
    t = Table(title=_("Win rate by bot ({n} games; a tie is a win for each winner)").format(
        n=s["games"]), title_justify="left")
    for i, col in enumerate((_("bot"), _("seats"), _("wins"), _("win rate"),
                             _("95% interval"), _("mean score"), _("sd"), _("min"),
                             _("median"), _("max"))):
        t.add_column(col, justify="left" if i == 0 else "right")
    for b in s["by_bot"]:
        sc = b["score"]
        t.add_row(safe(b["bot"]), str(b["n"]), str(b["wins"]), _pct(b["win_rate"]), _ci(b),
                  f"{sc['mean']:.1f}", f"{sc['sd']:.1f}", f"{sc['min']:.0f}",
                  f"{sc['median']:.0f}", f"{sc['max']:.0f}")
    out.print(t)
    t = Table(title=_("Win rate by seat"), title_justify="left")
    for col in (_("seat"), _("games"), _("wins"), _("win rate"), _("95% interval")):
        t.add_column(col, justify="right")
    for r in s["by_seat"]:
        t.add_row(str(r["seat"] + 1), str(r["n"]), str(r["wins"]), _pct(r["win_rate"]), _ci(r))
    out.print(t)
    t = Table(title=_("Game length"), title_justify="left")
    for col in ("", _("mean"), _("min"), _("median"), _("max")):
        t.add_column(col, justify="right")
    for key, label in (("turns", _("turns")), ("actions", _("actions"))):
        d = s["length"][key]
        t.add_row(label, f"{d['mean']:.1f}", f"{d['min']:.0f}", f"{d['median']:.0f}",
                  f"{d['max']:.0f}")
    out.print(t)
    out.print(Text(_("Ends: ") + ", ".join(
        f"{_(k.replace('_', ' ')) if k else '?'} {v}" for k, v in s["end_reasons"].items()),
        style="dim"))
    species = s["species"][:top]
    if not species:
        return
    t = Table(title=_("Balance lab: the {n} most played of {of} species").format(
        n=len(species), of=len(s["species"])), title_justify="left")
    for i, col in enumerate((_("species"), _("played in"), _("cards"), _("points/card"),
                             _("win rate with"), "(n)", _("without"), "(n)")):
        t.add_column(col, justify="left" if i == 0 else "right")
    book = book_of(rules) if rules is not None else None
    for r in species:
        name = (book.species(r["species"], lang) if book is not None
                and r["species"] in book.rules.species else r["name"])
        t.add_row(safe(name), _pct(r["played_in"]), str(r["cards"]),
                  f"{r['mean_points']:.2f}", _pct(r["with"]["win_rate"]), str(r["with"]["n"]),
                  _pct(r["without"]["win_rate"]), str(r["without"]["n"]))
    out.print(t)
