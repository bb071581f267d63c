"""Play a game of Forest Shuffle with forestshuffle, step by step.

    .venv/bin/python examples/play_a_game.py [--seed 7]

Starts a seeded two-player base game, shows what it waits for, answers a few
decisions, saves the game as JSON and loads it back, takes an action back, lets two
random bots finish it and prints the scores with a short per-card breakdown.
"""

from __future__ import annotations

import argparse
import sys

import forestshuffle as fs


def show_pending(game: fs.Game) -> None:
    """Print the pending decision and its legal actions, numbered by action code."""
    pending = game.pending
    assert pending is not None
    print(f"waiting for: {pending}  (kind {pending.kind!r})")
    for code, action in enumerate(game.legal_actions()):
        print(f"  [{code:2d}] {action}")


def main(argv: list[str] | None = None) -> int:
    """Run the walk-through."""
    parser = argparse.ArgumentParser(description="A walk-through of the forestshuffle API.")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    game = fs.new_game("base", players=2, seed=args.seed, names=["Ada", "Ben"])
    print(game)
    print(f"rulesets installed: {', '.join(fs.available_rulesets())}")
    print()

    # Answer a few decisions, printing each: play a card when one is playable, else take
    # the first legal action. Playing is several small decisions: the card, then where
    # it goes, then each payment card.
    for _ in range(7):
        show_pending(game)
        legal = game.legal_actions()
        action = next((a for a in legal if isinstance(a, fs.PlayCard)), legal[0])
        events = game.apply(action)
        print(f"-> {action}: {', '.join(type(e).__name__ for e in events)}")
        print()

    # An action that does not answer the pending decision changes nothing.
    before = len(game.events)
    try:
        game.apply(fs.PayWith(9999))
    except fs.IllegalActionError as exc:
        print(f"rejected: {exc.reason}")
    assert len(game.events) == before

    # Save and load: the record is versioned JSON and is replayed, checked, on load.
    text = game.to_json()
    loaded = fs.Game.from_json(text)
    assert loaded.events == game.events and loaded.pending == game.pending
    print(f"saved {len(text)} bytes of JSON, {len(game.events)} events; loaded back equal")

    # Undo: take back the last action (the state is refolded from the events).
    game.undo()
    print(f"after undo: {len(game.actions)} actions, waiting for: {game.pending}")
    print()

    # Let random bots finish the game.
    fs.bots.play_out(game, [fs.bots.RandomBot(1), fs.bots.RandomBot(2)])
    print(f"game over ({game.end_reason}) after {len(game.actions)} actions")
    scores = game.scores()
    for p in scores:
        mark = "  <- winner" if p.player in scores.winners else ""
        print(f"  {p.name}: {p.total} points ({p.cave} from the cave){mark}")
    best = max(scores[0].cards, key=lambda c: c.points)
    print(f"  {scores[0].name}'s best card: {best.name}, {best.points} points ({best.reason})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
