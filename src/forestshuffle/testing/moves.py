"""Moves for tests that drive a game by hand: play a card into a slot and pay for it, use an
offered effect, read a hand or the places a decision offers.

Each checks that the game asks what the test expects (a ``place`` decision before a
placement, a ``pay`` decision before each payment card...) and raises :class:`MoveError`
naming the pending decision when it does not, so a test of a card's effect fails where the
game went another way, not three moves later.
"""

from __future__ import annotations

from collections.abc import Iterable

from forestshuffle.core.decisions import PayWith, Place, PlayCard, Use
from forestshuffle.core.events import TurnStarted
from forestshuffle.core.game import Game

__all__ = ["MoveError", "extra_turn_started", "hand", "place", "play", "slot_places",
           "turn_of", "use"]


class MoveError(AssertionError):
    """The game does not ask what a move expected (the pending decision is in the text)."""


def _expect(game: Game, kind: str) -> None:
    p = game.pending
    if p is None or p.kind != kind:
        raise MoveError(f"expected a {kind!r} decision, the game asks {p!r}")


def place(game: Game, site: int, slot: str) -> None:
    """Answer a ``place`` decision with its one option for *site* and *slot*."""
    _expect(game, "place")
    assert game.pending is not None
    opts = [o for o in game.pending.options
            if isinstance(o, Place) and (o.site, o.slot) == (site, slot)]
    if len(opts) != 1:
        raise MoveError(f"{len(opts)} options put the card at site {site}, {slot}: "
                        f"{game.pending.options!r}")
    game.apply(opts[0])


def play(game: Game, card: int, site: int | None = None, slot: str | None = None,
         pay: Iterable[int] = ()) -> None:
    """Play *card* from the hand (a split card into *site* and *slot*), paying with the
    cards *pay* (in increasing order, as the game asks for them)."""
    if slot is not None and site is None:
        raise MoveError("a slot needs its site")
    game.apply(PlayCard(card))
    if slot is not None:
        assert site is not None
        place(game, site, slot)
    for c in sorted(pay):
        _expect(game, "pay")
        game.apply(PayWith(c))


def use(game: Game, kind: str) -> None:
    """Use the offered effect, bonus or trigger; *kind* is the decision's kind (``effect``,
    ``bonus``, ``trigger``...), checked first."""
    _expect(game, kind)
    game.apply(Use())


def hand(game: Game, player: int = 0) -> list[int]:
    """*player*'s hand, sorted."""
    return sorted(game.state.hands[player])


def turn_of(game: Game, player: int) -> bool:
    """Whether the game asks for *player*'s turn action."""
    p = game.pending
    return p is not None and p.kind == "turn" and p.player == player


def extra_turn_started(game: Game, player: int = 0) -> bool:
    """Whether the game asks for *player*'s turn action in an extra turn."""
    last = next((e for e in reversed(game.events) if isinstance(e, TurnStarted)), None)
    return turn_of(game, player) and last is not None and last.extra


def slot_places(game: Game) -> set[tuple[int, str]]:
    """The (site, slot) places the pending decision offers."""
    p = game.pending
    return {(o.site, o.slot) for o in (p.options if p is not None else ())
            if isinstance(o, Place)}
