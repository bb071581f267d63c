"""The command line: ``forestshuffle demo``, ``score``, ``rulesets``, ``plugins``.

Everything it prints goes through :func:`say`, which escapes the characters that could drive
a terminal (control characters, ANSI escapes, bidirectional overrides): player names and
other text from documents, records and plugins reach the terminal as ``\\uXXXX``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from .bots import HeuristicBot, RandomBot, play_out
from .describe import forest_lines, score_table, turn_summaries
from .errors import ForestShuffleError
from .game import new_game
from .plugins import available_rulesets, host
from .safety import MAX_RECORD_BYTES, InputError, printable, read_file


def say(text: str = "", file: IO[str] | None = None) -> None:
    """Print *text*, each of its lines made terminal-safe by
    :func:`~forestshuffle.safety.printable`."""
    print("\n".join(printable(line) for line in str(text).split("\n")),
          file=file if file is not None else sys.stdout)


def _error(message: str) -> int:
    say(f"forestshuffle: error: {message}", file=sys.stderr)
    return 2


def _option(text: str) -> tuple[str, object]:
    """``NAME=VALUE``: ``true``/``false``, a whole number, or a text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    low = value.strip().lower()
    if low in ("true", "false"):
        return name, low == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def _demo(args: argparse.Namespace) -> int:
    game = new_game(args.game, players=args.players, seed=args.seed, overrides=args.overrides,
                    options=dict(args.option or ()), expansions=args.expansion or ())
    kind = HeuristicBot if args.bot == "heuristic" else RandomBot
    bots = [kind(game.seed * 100 + i) for i in range(args.players)]
    play_out(game, bots)
    # the demo's players are bots: its seed is shown so the game can be replayed
    say(f"{game.rules.spec.name}, {args.players} players, seed {game.seed}: {args.bot} bots")
    if not args.quiet:
        for line in turn_summaries(game):
            say(line)
    scores = game.scores()
    say()
    for p in range(game.players):
        say(f"{game.names[p]}'s forest ({scores[p].total - scores[p].cave} points):")
        for line in forest_lines(game.rules, game.state.forests[p]):
            say(line)
    say()
    say("Scores:")
    for line in score_table(scores, game.names):
        say(line)
    return 0


def _score(args: argparse.Namespace) -> int:
    from .documents import score_document

    if args.file == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)  # bytes when it has them
        data = stream.read(MAX_RECORD_BYTES + 1)
    else:
        try:
            data = read_file(args.file, limit=MAX_RECORD_BYTES)
        except OSError as exc:
            return _error(f"cannot read {args.file}: {exc.strerror or type(exc).__name__}")
        except InputError as exc:
            return _error(f"cannot read {args.file}: {exc}")
    report = score_document(data, overrides=args.overrides)
    if args.json:
        say(report.to_json())
        return 0
    for p in report.players:
        say(f"{p.name}: {p.total} points")
        w = max([len(line.card) for line in p.lines] + [4])
        for line in p.lines:
            where = f"site {line.site}" + (f" {line.slot}" if line.slot != "center" else "")
            say(f"  {line.card:<{w}}  {where:<16} {line.points:4d}  {line.reason}")
        say(f"  {'cave':<{w}}  {'':<16} {p.cave:4d}  {p.cave} card(s)")
        say()
    totals = ", ".join(f"{p.name} {p.total}" for p in report.players)
    say(f"Totals: {totals}")
    say(("Winners: " if len(report.winners) > 1 else "Winner: ") + ", ".join(report.winners))
    return 0


def _rulesets(args: argparse.Namespace) -> int:
    h = host()
    specs = h.specs()
    for rid in available_rulesets():
        spec = specs[rid]
        players = (f"{spec.min_players}-{spec.max_players}" if spec.min_players != spec.max_players
                   else str(spec.min_players))
        say(f"{rid}: {spec.name} ({players} players)")
        for o in spec.options:
            kind = type(o.default).__name__
            say(f"  --option {o.name}=<{kind}>  {o.doc} (default: {o.default!r})")
        takes = h.accepted_expansions(spec)
        if takes:
            say(f"  --expansion {' | '.join(takes)}")
        shown = {o.name for o in spec.options}
        exps = h.expansion_specs()
        for e in takes:
            for o in exps[e].options:
                if o.name in shown:
                    continue
                shown.add(o.name)
                owners = [x for x in takes if any(p.name == o.name for p in exps[x].options)]
                say(f"  --option {o.name}=<{type(o.default).__name__}>  {o.doc} (default: "
                    f"{o.default!r}; with --expansion {' or '.join(owners)})")
    return 0


def _plugins(args: argparse.Namespace) -> int:
    h = host()
    for name, version in sorted(h.versions.items()):
        hooks = sorted(c.name for c in h.pm.get_hookcallers(h.pm.get_plugin(name)) or ())
        say(f"{name} {version}: {', '.join(hooks)}")
    for name, why in h.failures.items():
        say(f"{name}: {why}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser."""
    parser = argparse.ArgumentParser(prog="forestshuffle",
                                     description="Play and inspect Forest Shuffle games.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a seeded game between random bots and print it")
    demo.add_argument("--players", type=int, default=2)
    demo.add_argument("--seed", type=int, default=None,
                      help="deal from this seed (default: from the operating system's "
                           "randomness; a seed is not a secret)")
    demo.add_argument("--game", default="base", help="ruleset id (default: base)")
    demo.add_argument("--quiet", action="store_true", help="only forests and scores")
    demo.add_argument("--bot", choices=("heuristic", "random"), default="heuristic",
                      help="the bots that play (default: heuristic)")
    demo.add_argument("--overrides", metavar="FILE", help="card-data override file (TOML/JSON)")
    demo.add_argument("--expansion", action="append", metavar="NAME",
                      help="add an expansion (repeatable; forestshuffle rulesets lists them)")
    demo.add_argument("--option", action="append", type=_option, metavar="NAME=VALUE",
                      help="set a ruleset option (repeatable; forestshuffle rulesets lists them)")
    demo.set_defaults(func=_demo)
    score = sub.add_parser("score", help="score a forest document or a finished game record")
    score.add_argument("file", help="a JSON file, or - for standard input")
    score.add_argument("--json", action="store_true", help="print the report as JSON")
    score.add_argument("--overrides", metavar="FILE",
                       help="card-data override file (TOML/JSON)")
    score.set_defaults(func=_score)
    sub.add_parser("rulesets", help="list installed rulesets, their options and expansions"
                   ).set_defaults(func=_rulesets)
    sub.add_parser("plugins", help="list loaded plugins").set_defaults(func=_plugins)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ForestShuffleError as exc:
        return _error(str(exc))
    except BrokenPipeError:  # pragma: no cover
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
