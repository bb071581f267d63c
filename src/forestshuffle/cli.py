"""The command line: ``forestshuffle demo``, ``rulesets``, ``plugins``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .bots import HeuristicBot, RandomBot, play_out
from .describe import forest_lines, score_table, turn_summaries
from .errors import ForestShuffleError
from .game import new_game
from .plugins import available_rulesets, host


def _demo(args: argparse.Namespace) -> int:
    game = new_game(args.game, players=args.players, seed=args.seed, overrides=args.overrides)
    kind = HeuristicBot if args.bot == "heuristic" else RandomBot
    bots = [kind(args.seed * 100 + i) for i in range(args.players)]
    play_out(game, bots)
    print(f"{game.rules.spec.name}, {args.players} players, seed {args.seed}: {args.bot} bots")
    if not args.quiet:
        for line in turn_summaries(game):
            print(line)
    scores = game.scores()
    print()
    for p in range(game.players):
        print(f"{game.names[p]}'s forest ({scores[p].total - scores[p].cave} points):")
        for line in forest_lines(game.rules, game.state.forests[p]):
            print(line)
    print()
    print("Scores:")
    for line in score_table(scores, game.names):
        print(line)
    return 0


def _score(args: argparse.Namespace) -> int:
    from .documents import score_document

    if args.file == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            print(f"forestshuffle: error: cannot read {args.file}: {exc.strerror}",
                  file=sys.stderr)
            return 2
    report = score_document(text, overrides=args.overrides)
    if args.json:
        print(report.to_json())
        return 0
    for p in report.players:
        print(f"{p.name}: {p.total} points")
        w = max([len(line.card) for line in p.lines] + [4])
        for line in p.lines:
            where = f"site {line.site}" + (f" {line.slot}" if line.slot != "center" else "")
            print(f"  {line.card:<{w}}  {where:<16} {line.points:4d}  {line.reason}")
        print(f"  {'cave':<{w}}  {'':<16} {p.cave:4d}  {p.cave} card(s)")
        print()
    totals = ", ".join(f"{p.name} {p.total}" for p in report.players)
    print(f"Totals: {totals}")
    print(("Winners: " if len(report.winners) > 1 else "Winner: ") + ", ".join(report.winners))
    return 0


def _rulesets(args: argparse.Namespace) -> int:
    for rid in available_rulesets():
        print(rid)
    return 0


def _plugins(args: argparse.Namespace) -> int:
    h = host()
    for name, version in sorted(h.versions.items()):
        hooks = sorted(c.name for c in h.pm.get_hookcallers(h.pm.get_plugin(name)) or ())
        print(f"{name} {version}: {', '.join(hooks)}")
    for name, why in h.failures.items():
        print(f"{name}: {why}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser."""
    parser = argparse.ArgumentParser(prog="forestshuffle",
                                     description="Play and inspect Forest Shuffle games.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a seeded game between random bots and print it")
    demo.add_argument("--players", type=int, default=2)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--game", default="base", help="ruleset id (default: base)")
    demo.add_argument("--quiet", action="store_true", help="only forests and scores")
    demo.add_argument("--bot", choices=("heuristic", "random"), default="heuristic",
                      help="the bots that play (default: heuristic)")
    demo.add_argument("--overrides", metavar="FILE", help="card-data override file (TOML/JSON)")
    demo.set_defaults(func=_demo)
    score = sub.add_parser("score", help="score a forest document or a finished game record")
    score.add_argument("file", help="a JSON file, or - for standard input")
    score.add_argument("--json", action="store_true", help="print the report as JSON")
    score.add_argument("--overrides", metavar="FILE",
                       help="card-data override file (TOML/JSON)")
    score.set_defaults(func=_score)
    sub.add_parser("rulesets", help="list installed rulesets").set_defaults(func=_rulesets)
    sub.add_parser("plugins", help="list loaded plugins").set_defaults(func=_plugins)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ForestShuffleError as exc:
        print(f"forestshuffle: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
