"""``forestshuffle play`` (a person against bots in the terminal) and ``forestshuffle
replay`` (a saved game turn by turn, or as an HTML page)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path

import click

from forestshuffle.cli.common import (
    Fail,
    bots_option,
    console,
    expansion_option,
    game_option,
    json_option,
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

_FILE = click.Path(dir_okay=False, path_type=Path)


@click.command()
@game_option
@players_option(None, "number of players (default: you and one per bot of --bots)")
@bots_option("heuristic", "the other players' bots, comma-separated, repeated to fill the "
                          "seats")
@click.option("--seat", type=click.IntRange(min=1), default=1, help="your seat (1 plays first)")
@click.option("--name", default="You", help="your name")
@seed_option
@expansion_option
@option_option
@click.option("--load", type=_FILE, default=None, metavar="FILE",
              help="go on with a game saved with save FILE (its ruleset and players; --bots "
                   "plays the other seats)")
def play(game: str, players: int | None, bots: str, seat: int, name: str, seed: int | None,
         expansion: tuple[str, ...], option: tuple[str, ...], load: Path | None) -> int:
    """Play against bots in the terminal.

    Each of your decisions shows the clearing, your hand, every forest by site and slot, and
    the numbered options; answer with a number or an option's text, or undo, save FILE,
    scores, help, quit.
    """
    from forestshuffle.core.game import Game, new_game
    from forestshuffle.display.terminal import PlaySession, safe
    from forestshuffle.simulate.runner import make_bot

    names = lineup(bots)
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
    table = {p: make_bot(b, g.seed * 100 + p) for p, b in bot_of.items()}
    out = console()
    out.print(safe(f"{g.rules.spec.name}: {', '.join(g.seat_names)} — you are "
                   f"{g.names[human]} (seat {seat}). Type help for the commands."))
    return PlaySession(g, human, table, out, read=_reader()).run()


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
    out.print(safe(f"{g.rules.spec.name}, {g.players} players ({', '.join(g.names)}), "
                   f"{len(lines)} turns" + (f", seed {g.seed}" if g.origin == "seed" else ""),
                   "bold"))
    if step:
        for caption, state in turn_states(g)[1:]:
            out.print(position_of(g.rules, state, g.names, g.seat_names))
            out.print(safe(caption, "bold yellow"))
            try:
                answer = input("Enter: next turn, q: stop > ")
            except EOFError:
                break
            if answer.strip().lower() in ("q", "quit"):
                break
    else:
        for line in lines:
            out.print(safe(line))
        out.print(position_of(g.rules, g.state, g.names, g.seat_names))
    out.print(score_table(g.scores(), g.names,
                          "Final scores" if g.is_over else "Scores so far (unfinished)"))
    for note in outcome_lines(g):  # a declared win, a solo goal met or not
        out.print(safe(note, "bold"))
    if html is not None:
        say(f"Wrote {html} ({len(lines) + 1} steps).")
    sys.stdout.flush()
    return 0

