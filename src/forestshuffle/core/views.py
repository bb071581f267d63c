"""Per-player views: only what that player may know."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs

from forestshuffle.core.decisions import Decision
from forestshuffle.errors import ArgumentError
from forestshuffle.safety import printable

if TYPE_CHECKING:
    from forestshuffle.core.state import GameState


@attrs.frozen
class SiteView:
    """A public site: the card that opened it (None... never hidden) and its slots."""

    card: int
    species: str | None  #: None for a sapling (face down)
    slots: tuple[tuple[str, tuple[int, ...]], ...]


@attrs.frozen
class ForestView:
    """A player's forest as everyone sees it."""

    sites: tuple[SiteView, ...]


@attrs.frozen
class PlayerView:
    """What *player* may see: own hand and cave, public zones, and counts of the rest.

    Attributes:
        player: whose view this is.
        hand: the player's hand (card numbers).
        cave: the player's cave.
        clearing: the face-up clearing.
        forests: every player's forest, as everyone sees it.
        deck_size: cards left in the deck.
        hand_sizes: every player's number of hand cards.
        cave_sizes: every player's number of cave cards.
        winter_cards: the winter cards revealed so far.
        current: whose turn it is: a player's seat, or an automated seat after them.
        is_over: whether the game has ended.
        pending: the decision, if it is this player's.
        extensions: what the player may see of each plugin-owned part of the state, by name.
    """

    player: int
    hand: tuple[int, ...]
    cave: tuple[int, ...]
    clearing: tuple[int, ...]
    forests: tuple[ForestView, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    cave_sizes: tuple[int, ...]
    winter_cards: tuple[int, ...]
    current: int  #: whose turn it is: a player's seat, or an automated seat after them
    is_over: bool
    pending: Decision | None  #: the decision, if it is this player's
    #: what the player may see of each plugin-owned part of the state, by name
    extensions: dict[str, Any] = attrs.field(factory=dict)
    #: the ruleset, to draw the view (not part of it: never compared, shown or written)
    rules: Any = attrs.field(default=None, eq=False, repr=False)

    def _repr_svg_(self) -> str:  # a notebook's picture of the view
        from forestshuffle.display.render import view_svg
        return view_svg(self)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (the pending decision as its prompt and option labels)."""
        d = attrs.asdict(self, filter=lambda a, _: a.name not in ("pending", "rules"))
        if self.pending is not None:
            d["pending"] = {"kind": self.pending.kind, "prompt": self.pending.prompt,
                            "options": [str(o) for o in self.pending.options]}
        else:
            d["pending"] = None
        return d

    def to_json(self) -> str:
        """The view as JSON text."""
        return json.dumps(self.to_dict())


def view(state: GameState, player: int) -> PlayerView:
    """The view of *state* for *player* (a seat number, an ``int``; ArgumentError, a
    ValueError and a TypeError, otherwise). It holds no seed and no deck order."""
    if type(player) is not int or not 0 <= player < state.players:
        raise ArgumentError(f"no player {printable(repr(player))[:40]} in a "
                            f"{state.players}-player game (a seat number from 0 is needed)")
    forests = []
    for f in state.forests:
        forests.append(ForestView(tuple(
            SiteView(s.card if s.species is not None else -1, s.species,
                     tuple((k, tuple(v)) for k, v in s.slots.items()))
            for s in f.sites
        )))
    pend = state.pending if state.pending is not None and state.pending.player == player else None
    return PlayerView(
        player=player,
        hand=tuple(state.hands[player]),
        cave=tuple(state.caves[player]),
        clearing=tuple(state.clearing),
        forests=tuple(forests),
        deck_size=len(state.deck),
        hand_sizes=tuple(len(h) for h in state.hands),
        cave_sizes=tuple(len(c) for c in state.caves),
        winter_cards=tuple(state.winter),
        current=state.current,
        is_over=state.over,
        pending=pend,
        extensions=view_extensions(state, player),
        rules=state.rules,
    )


def view_extensions(state: GameState, player: int) -> dict[str, Any]:
    """What *player* may see of each plugin-owned part of *state*, by name (a view's
    ``extensions``; empty for a ruleset without state kinds)."""
    return {k.name: k.view(state.ext.get(k.name), state, player)
            for k in state.rules.state_kinds}
