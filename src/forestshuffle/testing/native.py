"""The native core against the Python engine: :func:`compare` plays seeded games of a ruleset
with both engines on the same action ids and checks, after every action, that they agree on
the player to move, the option ids (the action codec's, in order), the hands, the clearing,
the deck's size, the caves and the forests; at the end, on every card's points and the
winners. For any ruleset both engines play, a fan expansion's too::

    from forestshuffle.testing.native import compare
    report = compare("base", range(200), expansions=["my_expansion"])
    assert report.ok, report.first

The soak profile (100,000 games per ruleset; not for CI), each ruleset named by its id and
``+expansion`` for each expansion mixed in::

    python -m forestshuffle.testing.native --games 100000 base base+alpine \
        base+woodland_edge base+alpine+woodland_edge smoky
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.core.game import Game, new_game
from forestshuffle.native import NativeGame
from forestshuffle.native._loading import _rules_of
from forestshuffle.search.codec import codec_of
from forestshuffle.testing.soak import parse_options, parse_ruleset

if TYPE_CHECKING:
    from forestshuffle.core.ruleset import Ruleset


@attrs.frozen
class Mismatch:
    """Where the engines first disagreed: the game's seed, the number of actions taken, what
    differed and both values."""

    seed: int
    actions: int
    what: str
    python: Any
    native: Any

    def __str__(self) -> str:
        return (f"seed {self.seed}, after {self.actions} actions: {self.what} differ\n"
                f"  python: {self.python!r}\n  native: {self.native!r}")


@attrs.frozen
class Comparison:
    """What :func:`compare` found: games and actions compared, the mismatches (at most one
    per game), and whether scores were compared."""

    games: int
    actions: int
    mismatches: tuple[Mismatch, ...]
    scores_compared: bool

    @property
    def ok(self) -> bool:
        """No game differed."""
        return not self.mismatches

    @property
    def first(self) -> Mismatch | None:
        """The first mismatch, or None."""
        return self.mismatches[0] if self.mismatches else None


def python_view(game: Game) -> dict[str, Any]:
    """What the comparison reads of a Python game."""
    s = game.state
    return {
        "to_move": None if s.over else s.pending.player,  # type: ignore[union-attr]
        "hands": [list(h) for h in s.hands],
        "clearing": list(s.clearing),
        "deck size": len(s.deck),
        "caves": [list(c) for c in s.caves],
        "forests": [[(site.card, site.kind.id, [(k, list(v)) for k, v in site.slots.items()],
                      list(site.under)) for site in f.sites] for f in s.forests],
        "over": s.over,
    }


def native_view(game: NativeGame) -> dict[str, Any]:
    """What the comparison reads of a native game (in :func:`python_view`'s shape)."""
    return {
        "to_move": game.to_move,
        "hands": game.hands,
        "clearing": game.clearing,
        "deck size": game.deck_size,
        "caves": game.caves,
        "forests": [[(card, kind, [(name, list(cards)) for name, cards in slots], list(under))
                     for card, kind, slots, under in f] for f in game.forests()],
        "over": game.is_over,
    }


def _first_difference(a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    for key in a:
        if a[key] != b[key]:
            return key
    return None


def compare_game(rules: Ruleset, players: int, seed: int, chooser_seed: int,
                 scores: bool = True) -> tuple[int, Mismatch | None]:
    """Play one game of *rules* from *seed* with both engines, the actions chosen uniformly
    from *chooser_seed*; (actions taken, the first mismatch or None)."""
    game = new_game(rules, players=players, seed=seed)
    nat = NativeGame(rules, players, seed, scoring=scores)
    codec = codec_of(rules)
    rng = random.Random(chooser_seed)
    n = 0
    while True:
        a, b = python_view(game), native_view(nat)
        key = _first_difference(a, b)
        if key is not None:
            return n, Mismatch(seed, n, key, a[key], b[key])
        if game.is_over:
            break
        pending = game.state.pending
        assert pending is not None
        codes = codec.codes(pending.options)
        got = nat.legal_codes()
        if codes != got:
            return n, Mismatch(seed, n, f"options ({pending.kind})", codes, got)
        i = rng.randrange(len(codes))
        game.apply(pending.options[i])
        nat.apply(codes[i])
        n += 1
    if scores:
        sc = game.scores()
        py = [(p.total, sorted((c.card, c.points) for c in p.cards)) for p in sc.players]
        nv = [(s.total, sorted(s.cards)) for s in nat.scores()]
        if py != nv:
            return n, Mismatch(seed, n, "scores", py, nv)
        if sorted(game.winners) != sorted(nat.winners()):
            return n, Mismatch(seed, n, "winners", sorted(game.winners), sorted(nat.winners()))
    return n, None


def compare(ruleset: str | Ruleset, seeds: Iterable[int], *, players: int = 2,
            expansions: Sequence[str] = (), options: Mapping[str, Any] | None = None,
            scores: bool = True, stop_after: int = 1) -> Comparison:
    """Play a game per seed of *ruleset* with both engines on the same action ids and
    compare them after every action (see the module's docstring); the actions are chosen
    uniformly at random from a generator seeded like the game. Stops after *stop_after*
    mismatching games. ``scores=False`` leaves the final points out (and lets the native
    core play a ruleset whose scoring kinds it lacks)."""
    rules = _rules_of(ruleset, options, expansions)
    found: list[Mismatch] = []
    games = actions = 0
    for seed in seeds:
        n, bad = compare_game(rules, players, seed, seed, scores)
        games += 1
        actions += n
        if bad is not None:
            found.append(bad)
            if len(found) >= stop_after:
                break
    return Comparison(games, actions, tuple(found), scores)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m forestshuffle.testing.native``: the soak profile."""
    ap = argparse.ArgumentParser(prog="python -m forestshuffle.testing.native",
                                 description="compare the native core with the Python engine")
    ap.add_argument("rulesets", nargs="*", default=["base"],
                    help="ruleset id, +expansion for each expansion mixed in, "
                         "?name=value&... for options (base+alpine+woodland_edge); "
                         "default: base")
    ap.add_argument("--games", type=int, default=100_000, help="games per ruleset (100000)")
    ap.add_argument("--start", type=int, default=0, help="the first seed (0)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--no-scores", action="store_true",
                    help="leave out the comparison of final scores")
    args = ap.parse_args(argv)
    bad = 0
    for name in args.rulesets:
        rid, ex = parse_ruleset(name)
        rep = compare(rid, range(args.start, args.start + args.games), players=args.players,
                      expansions=ex, options=parse_options(name) or None,
                      scores=not args.no_scores)
        print(f"{name}: {rep.games} games, {rep.actions} actions, "
              f"{'identical' if rep.ok else rep.first}")
        bad += not rep.ok
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
