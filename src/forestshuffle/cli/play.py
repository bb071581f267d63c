"""``forestshuffle play`` (a person against bots in the terminal) and ``forestshuffle
replay`` (a saved game turn by turn, or as an HTML page)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from forestshuffle.cli.common import (
    Fail,
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
    read,
    save,
    say,
    say_json,
    seed_option,
)
from forestshuffle.i18n import _, book_of, get_language

if TYPE_CHECKING:
    from forestshuffle.bots.base import BotBase
    from forestshuffle.core.game import Game

_FILE = click.Path(dir_okay=False, path_type=Path)


@click.command()
@game_option
@players_option(None, "number of players (default: you and one per bot of --bots)")
@bots_option("heuristic", "the other players' bots, comma-separated, repeated to fill the "
                          "seats")
@click.option("--seat", type=click.IntRange(min=1), default=1, help="your seat (1 plays first)")
@click.option("--name", default=None, help="your name (default: You, in the language in use)")
@seed_option
@expansion_option
@option_option
@click.option("--engine", type=click.Choice(["python", "native"]), default="python",
              help="the engine the bots think with: native plays greedy natively (the same "
                   "choices, faster; needs the native core, pip install ./native)")
@click.option("--load", type=_FILE, default=None, metavar="FILE",
              help="go on with a game saved with save FILE (its ruleset and players; --bots "
                   "plays the other seats)")
@lang_option
def play(game: str, players: int | None, bots: str, seat: int, name: str | None,
         seed: int | None,
         expansion: tuple[str, ...], option: tuple[str, ...], engine: str,
         load: Path | None) -> int:
    """Play against bots in the terminal.

    Each of your decisions shows the clearing, your hand, every forest by site and slot, and
    the numbered options; answer with a number or an option's text, or undo, save FILE,
    scores, help, quit.
    """
    from forestshuffle.core.game import Game, new_game
    from forestshuffle.display.terminal import PlaySession, safe

    names = lineup(bots)
    name = _("You") if name is None else name
    g = Game.from_json(read(str(load))) if load is not None else None
    count = g.players if g is not None else (players if players is not None else 1 + len(names))
    if not 1 <= seat <= count:
        raise Fail(f"--seat must be from 1 to {count} (the players of the game)")
    human = seat - 1
    # the bot of every other seat, the line-up repeated
    bot_of = {p: names[k % len(names)]
              for k, p in enumerate(p for p in range(count) if p != human)}
    if g is None:
        seat_names: list[str] = []
        for p in range(count):
            label = name if p == human else bot_of[p].capitalize()
            n = 2
            while label in seat_names:
                label = f"{bot_of[p].capitalize()} {n}"
                n += 1
            seat_names.append(label)
        g = new_game(game, players=count, seed=seed, names=seat_names,
                     options=options(option), expansions=expansion)
    table = _bots(bot_of, g, engine)
    out = console()
    out.print(safe(_("{game}: {seats} — you are {name} (seat {seat}). Type help for the "
                     "commands.").format(game=book_of(g.rules).ruleset(get_language()),
                                         seats=", ".join(book_of(g.rules).seats(
                                             g.seat_names, g.players, get_language())),
                                         name=g.names[human],
                                         seat=seat)))
    return PlaySession(g, human, table, out, read=_reader()).run()


def _bots(bot_of: dict[int, str], game: Game, engine: str) -> dict[int, BotBase]:
    """Each bot seat's bot, seeded from the game's seed; with the native engine, the bots the
    native core plays are played by it (NativeError, before the first turn, when it cannot
    play this ruleset)."""
    from forestshuffle.simulate.config import make_bot

    native: tuple[str, ...] = ()
    if engine == "native":
        from forestshuffle.native import load_rules
        from forestshuffle.native.bots import NATIVE_BOTS, NativeBot

        load_rules(game.rules)
        native = NATIVE_BOTS
    return {p: NativeBot(b, game.seed * 100 + p) if b in native
            else make_bot(b, game.seed * 100 + p) for p, b in bot_of.items()}


def _reader() -> Callable[[str], str]:
    """``input``, with line editing where the platform has it."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (gives input() history and editing)
    return input


@click.command()
@click.argument("file")
@click.option("--step", is_flag=True,
              help="show the position after each turn and wait for Enter (q stops)")
@click.option("--html", type=_FILE, default=None, metavar="OUT.html",
              help="write a self-contained HTML page stepping through the game")
@click.option("--trust-setup", is_flag=True,
              help="load a scenario record (its set-up written, not dealt)")
@json_option()
@lang_option
def replay(file: str, step: bool, html: Path | None, trust_setup: bool, as_json: bool) -> int:
    """Replay a saved game (FILE, a JSON record) turn by turn.

    The record is checked event by event as it loads.
    """
    from forestshuffle.core.game import Game
    from forestshuffle.display.describe import outcome_lines, turn_summaries
    from forestshuffle.display.replay import replay_html, turn_states
    from forestshuffle.display.terminal import position_of, safe, score_table

    g = Game.from_json(read(file), trust_setup=trust_setup)
    lines = turn_summaries(g)
    if html is not None:
        save(html, replay_html(g))
    if as_json:
        scores = g.scores()
        return say_json({"game": g.rules.id, "players": g.names, "seed": g.seed,
                         "over": g.is_over, "end_reason": g.end_reason, "turns": lines,
                         "scores": [{"name": p.name, "total": p.total, "cave": p.cave}
                                    for p in scores],
                         "winners": [g.names[w] for w in sorted(g.winners)],
                         "html": str(html) if html is not None else None})
    out = console()
    out.print(safe(_("{game}, {n} players ({names}), {turns} turns").format(
        game=book_of(g.rules).ruleset(get_language()), n=g.players, names=", ".join(g.names),
        turns=len(lines)) + (_(", seed {seed}").format(seed=g.seed) if g.origin == "seed"
                             else ""), "bold"))
    if step:
        for caption, state in turn_states(g)[1:]:
            out.print(position_of(g.rules, state, g.names, g.seat_names))
            out.print(safe(caption, "bold yellow"))
            try:
                answer = input(_("Enter: next turn, q: stop > "))
            except EOFError:
                break
            if answer.strip().lower() in ("q", "quit"):
                break
    else:
        for line in lines:
            out.print(safe(line))
        out.print(position_of(g.rules, g.state, g.names, g.seat_names))
    out.print(score_table(g.scores(), g.names,
                          _("Final scores") if g.is_over else _("Scores so far (unfinished)"),
                          final=g.is_over))
    for note in outcome_lines(g):  # a declared win, a solo goal met or not
        out.print(safe(note, "bold"))
    if html is not None:
        say(_("Wrote {file} ({n} steps).").format(file=html, n=len(lines) + 1))
    sys.stdout.flush()
    return 0

