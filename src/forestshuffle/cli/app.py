"""The command line: ``forestshuffle demo``, ``play``, ``replay``, ``simulate``, ``score``,
``rulesets``, ``plugins``, ``completion`` (click, with rich for tables and progress).

Everything it prints goes through :func:`say`, which escapes the characters that could drive
a terminal (control characters, ANSI escapes, bidirectional overrides), or into rich as plain
text made safe the same way (:func:`forestshuffle.display.terminal.safe`): player names and other
text from documents, records and plugins reach the terminal as ``\\uXXXX``. Colours are off
when the output is not a terminal or ``NO_COLOR`` is set. An error is one line on standard
error (a document's problems one a line below it) and a non-zero exit code, never a
traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from forestshuffle.cli import common as cli_base
from forestshuffle.cli import play as cli_play
from forestshuffle.cli import simulate as cli_simulate
from forestshuffle.cli.common import (
    bots_option,
    error,
    expansion_option,
    game_option,
    json_option,
    lang_option,
    lineup,
    option_option,
    options,
    overrides_option,
    players_option,
    read,
    say,
    say_json,
    seed_option,
)
from forestshuffle.display.describe import (
    forest_lines,
    outcome_lines,
    score_report_lines,
    score_table,
    turn_summaries,
)
from forestshuffle.errors import ForestShuffleError
from forestshuffle.i18n import _, book_of, get_language, set_language
from forestshuffle.plugins.manager import available_rulesets, host
from forestshuffle.safety import MAX_RECORD_BYTES

__all__ = ["app", "main", "say"]

#: Every option shows its default in the help.
CONTEXT = {"help_option_names": ["-h", "--help"], "show_default": True, "max_content_width": 100}


def _version() -> str:
    """The package's version."""
    from forestshuffle import __version__

    return __version__


@click.group(context_settings=CONTEXT)
@click.version_option(_version(), "--version", prog_name="forestshuffle",
                      message="%(prog)s %(version)s", help="print the version and exit")
def app() -> None:
    """Play, watch, simulate and score Forest Shuffle games.

    Colours are off when the output is not a terminal or NO_COLOR is set. Shell completion:
    forestshuffle completion bash|zsh|fish.
    """


# -- demo ---------------------------------------------------------------------------------------


@app.command()
@players_option(2)
@seed_option
@game_option
@click.option("--quiet", is_flag=True, help="only forests and scores")
@click.option("--bot", default="heuristic", metavar="NAME",
              help="the bots that play (random, heuristic, or any name --bots takes)")
@bots_option("", "a bot per seat, comma-separated, repeated to fill the seats (default: "
                 "--bot in every seat)")
@overrides_option
@expansion_option
@option_option
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="save the game's record to FILE (forestshuffle replay FILE)")
@json_option()
@lang_option
def demo(players: int, seed: int | None, game: str, quiet: bool, bot: str, bots: str,
         overrides: str | None, expansion: tuple[str, ...], option: tuple[str, ...],
         save: Path | None, as_json: bool) -> int:
    """Play a seeded game between bots and print it: turns, forests, scores."""
    from forestshuffle.bots import play_out
    from forestshuffle.core.game import new_game
    from forestshuffle.simulate.runner import make_bot

    names = lineup(bots or bot)
    people = None if as_json else [_("Player {n}").format(n=i + 1) for i in range(players)]
    g = new_game(game, players=players, seed=seed, overrides=overrides, names=people,
                 options=options(option), expansions=expansion)
    seats = [names[i % len(names)] for i in range(players)]
    play_out(g, [make_bot(seats[i], g.seed * 100 + i) for i in range(players)])
    if save is not None:
        cli_base.save(save, g.to_json())
    scores = g.scores()
    label = seats[0] if len(set(seats)) == 1 else ", ".join(seats)
    if as_json:
        return say_json({"game": g.rules.id, "name": g.rules.spec.name, "seed": g.seed,
                         "players": g.names, "bots": seats, "turns": turn_summaries(g),
                         "scores": [{"name": p.name, "total": p.total, "cave": p.cave,
                                     "forest": p.total - p.cave} for p in scores],
                         "winners": [g.names[w] for w in sorted(g.winners)],
                         "saved": str(save) if save is not None else None})
    book = book_of(g.rules)
    # the demo's players are bots: its seed is shown so the game can be replayed
    say(_("{game}, {players} players, seed {seed}: {bots} bots").format(
        game=book.ruleset(get_language()), players=players, seed=g.seed, bots=label))
    if not quiet:
        for line in turn_summaries(g):
            say(line)
    say()
    for p in range(g.players):
        say(_("{name}'s forest ({points} points):").format(
            name=g.names[p], points=scores[p].total - scores[p].cave))
        for line in forest_lines(g.rules, g.state.forests[p]):
            say(line)
    say()
    out = g.outcome()
    say(_("Scores:"))
    for line in score_table(scores, g.names, out.winners if out is not None else None):
        say(line)
    notes = outcome_lines(g)
    if notes:
        say()
        for note in notes:
            say(note)  # say() escapes
    if save is not None:
        say(_("Saved to {file}.").format(file=save))
    return 0


# -- score, rulesets, plugins -------------------------------------------------------------------


@app.command()
@click.argument("file")
@json_option("print the report as JSON")
@overrides_option
@lang_option
def score(file: str, as_json: bool, overrides: str | None) -> int:
    """Score a forest document or a finished game record, card by card.

    FILE is a forest document or a game record (JSON), or - for standard input.
    """
    from forestshuffle.documents.score import score_document

    if file == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)  # bytes when it has them
        data = stream.read(MAX_RECORD_BYTES + 1)
    else:
        data = read(file)
    report = score_document(data, overrides=overrides)
    if as_json:
        say(report.to_json())
        return 0
    for line in score_report_lines(report):
        say(line)
    return 0


def _broken(rid: str) -> str | None:
    """Why ruleset *rid* does not build (its default options, no expansion), or None."""
    try:
        host().ruleset(rid)
    except Exception as exc:  # a listing shows any failure of a plugin's ruleset
        return f"{type(exc).__name__}: {exc}"
    return None


def _ruleset_name(row: dict[str, Any], lang: str) -> str:
    """A listed ruleset's name in *lang* (its own name where it does not build)."""
    if lang == "en" or row["broken"]:
        return str(row["name"])
    return str(host().ruleset(row["id"]).i18n.ruleset(lang))


def _ruleset_row(rid: str) -> dict[str, Any]:
    """The listing of one installed ruleset (see :func:`rulesets`)."""
    h = host()
    spec = h.specs()[rid]
    takes = list(h.accepted_expansions(spec))
    # the expansions' own options (one entry for an option several expansions declare)
    shown = {o.name for o in spec.options}
    exps = h.expansion_specs()
    exp_options: list[dict[str, Any]] = []
    for e in takes:
        for o in exps[e].options:
            if o.name in shown:
                continue
            shown.add(o.name)
            owners = [x for x in takes if any(p.name == o.name for p in exps[x].options)]
            exp_options.append({"name": o.name, "type": type(o.default).__name__,
                                "default": o.default, "doc": o.doc, "expansions": owners})
    return {"id": rid, "name": spec.name, "min_players": spec.min_players,
            "max_players": spec.max_players,
            "options": [{"name": o.name, "type": type(o.default).__name__,
                         "default": o.default, "doc": o.doc} for o in spec.options],
            "expansions": takes, "expansion_options": exp_options, "broken": _broken(rid)}


@app.command()
@json_option()
@lang_option
@click.option("--check", is_flag=True,
              help="exit 1 if an installed ruleset does not build (after listing them all)")
def rulesets(as_json: bool, check: bool) -> int:
    """List the installed rulesets, their options and expansions; a ruleset that does not
    build is shown as broken, with the reason."""
    rows = [_ruleset_row(rid) for rid in available_rulesets()]
    broken = any(r["broken"] for r in rows)
    if as_json:
        say_json(rows)
        return 1 if check and broken else 0
    lang = get_language()
    for r in rows:
        players = (f"{r['min_players']}-{r['max_players']}"
                   if r["min_players"] != r["max_players"] else str(r["min_players"]))
        say(_("{id}: {name} ({players} players)").format(
            id=r["id"], name=_ruleset_name(r, lang), players=players))
        if r["broken"]:
            say(f"  BROKEN: does not build: {r['broken']}")
        for o in r["options"]:
            say(f"  --option {o['name']}=<{o['type']}>  {o['doc']} (default: {o['default']!r})")
        if r["expansions"]:
            say(f"  --expansion {' | '.join(r['expansions'])}")
        for o in r["expansion_options"]:
            say(f"  --option {o['name']}=<{o['type']}>  {o['doc']} (default: "
                f"{o['default']!r}; with --expansion {' or '.join(o['expansions'])})")
    return 1 if check and broken else 0


@app.command()
@json_option()
def plugins(as_json: bool) -> int:
    """List the loaded plugins and the hooks each implements."""
    h = host()
    rows = []
    for name, version in sorted(h.versions.items()):
        hooks = sorted(c.name for c in h.pm.get_hookcallers(h.pm.get_plugin(name)) or ())
        rows.append({"name": name, "version": version, "hooks": hooks})
    if as_json:
        return say_json({"plugins": rows, "failures": dict(h.failures)})
    for r in rows:
        say(f"{r['name']} {r['version']}: {', '.join(r['hooks'])}")
    for name, why in h.failures.items():
        say(f"{name}: {why}")
    return 0


@app.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> int:
    """Print the shell completion script for SHELL.

    Bash: eval "$(forestshuffle completion bash)" (or add it to ~/.bashrc); zsh the same in
    ~/.zshrc; fish: forestshuffle completion fish > ~/.config/fish/completions/forestshuffle.fish
    """
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None  # the three choices are click's own
    say(cls(app, {}, "forestshuffle", "_FORESTSHUFFLE_COMPLETE").source())
    return 0


# -- the commands of their own modules ----------------------------------------------------------

app.add_command(cli_play.play)
app.add_command(cli_play.replay)
app.add_command(cli_simulate.simulate)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (a usage error, such as an unknown option,
    raises SystemExit(2) after its one-line message, as argparse did). A ``--lang`` holds for
    this run only."""
    try:
        return _main(argv)
    finally:
        set_language(None)


def _main(argv: Sequence[str] | None) -> int:
    try:
        rv = app.main(args=list(argv) if argv is not None else None, prog_name="forestshuffle",
                      standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        say(exc.ctx.get_help() if exc.ctx is not None else str(exc))
        return 2
    except click.UsageError as exc:
        # as argparse did: a usage error leaves through SystemExit(2), after one line
        error(" ".join(exc.format_message().split()))
        raise SystemExit(exc.exit_code) from None
    except (click.ClickException, click.Abort, ForestShuffleError, cli_base.Fail,
            KeyboardInterrupt, OSError) as exc:
        return _exit_code(exc)
    except Exception as exc:  # a bug: one line all the same, unless debugging
        if os.environ.get("FORESTSHUFFLE_DEBUG"):
            raise
        error(f"unexpected {type(exc).__name__}: {exc} (FORESTSHUFFLE_DEBUG=1 shows where)")
        return 1
    return rv if isinstance(rv, int) else 0


def _exit_code(exc: BaseException) -> int:
    """The exit code of a command that failed with *exc* (not a bug), after its one line."""
    if isinstance(exc, click.ClickException):
        error(" ".join(exc.format_message().split()))
        return exc.exit_code
    if isinstance(exc, click.Abort | KeyboardInterrupt):
        say("forestshuffle: interrupted", file=sys.stderr)
        return 130
    if isinstance(exc, ForestShuffleError | cli_base.Fail):
        return error(str(exc))
    if isinstance(exc, BrokenPipeError):  # pragma: no cover
        return 0
    assert isinstance(exc, OSError)  # a file the command writes (--out, --plot...)
    where = f" {exc.filename}" if exc.filename else ""
    return error(f"cannot use{where}: {exc.strerror or type(exc).__name__}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
