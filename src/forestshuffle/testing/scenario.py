"""Scenario games: a chosen position reached through ordinary events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import events as ev
from ..cards import Position
from ..game import Game, default_names
from ..layouts import SiteKind
from ..plugins import get_ruleset
from ..ruleset import Ruleset
from ..steps import Step


class CardPicker:
    """Finds unused card numbers of a ruleset by species (and side or symbol).

    ``pick("base.wolf")`` returns a card with a Wolf half not handed out before.
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.used: set[int] = set()

    def half_of(self, card: int, species: str) -> int:
        """Index of *card*'s half of *species*."""
        for i, h in enumerate(self.rules.halves[card]):
            if h.species == species:
                return i
        raise KeyError(f"card {card} has no {species} half")

    def pick(self, species: str, *, side: str | None = None, symbol: str | None = None,
             avoid: Iterable[str] = ()) -> int:
        """An unused card showing *species* (on *side*, with *symbol*)."""
        avoid = set(avoid)
        for c in sorted(self.rules.halves):
            if c in self.used:
                continue
            for h in self.rules.halves[c]:
                if h.species != species:
                    continue
                if side is not None and h.position.value != side:
                    continue
                if symbol is not None and h.symbol != symbol:
                    continue
                if any(o.species in avoid for o in self.rules.halves[c]):
                    continue
                self.used.add(c)
                return c
        raise LookupError(f"no unused card of {species!r} (side={side}, symbol={symbol})")

    def winter(self) -> int:
        """An unused winter card."""
        for c in self.rules.winter_cards:
            if c not in self.used:
                self.used.add(c)
                return c
        raise LookupError("no unused winter card")

    def filler(self, n: int, *, trees: bool | None = None) -> list[int]:
        """*n* unused non-winter cards (only trees, or no trees, if asked)."""
        out: list[int] = []
        for c in sorted(self.rules.halves):
            if len(out) == n:
                break
            if c in self.used:
                continue
            if trees is not None and self.rules.is_tree_card(c) != trees:
                continue
            self.used.add(c)
            out.append(c)
        if len(out) < n:
            raise LookupError(f"only {len(out)} unused cards left")
        return out


#: A site in a scenario: a tree card, or ("sapling", card), with its slots.
SiteSpec = tuple[Any, Mapping[str, Sequence[int]]]


def scenario(
    ruleset: str | Ruleset = "base",
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[int]] | None = None,
    forests: Mapping[int, Sequence[SiteSpec]] | None = None,
    clearing: Sequence[int] = (),
    caves: Mapping[int, Sequence[int]] | None = None,
    deck: Sequence[int] = (),
    winter: Sequence[int] = (),
    current: int = 0,
    names: Sequence[str] | None = None,
    seed: int = 0,
) -> Game:
    """A game at the start of *current*'s turn in the given position.

    ``deck`` lists the top cards of the deck, top first; every card not placed
    elsewhere follows it (winter cards last), so draws take exactly those cards.
    ``forests`` maps a player to sites: ``(tree_card, {"top": [card], ...})`` or
    ``(("sapling", card), {...})``, or ``((kind, card), {...})`` for a card face down as a
    site of a face-down kind (a generic river); a split card in a slot uses its half for
    that slot's side. A slot list ``"under"`` tucks cards face down under the site first,
    making it its kind's ``upgrade`` (a tree with a generic river).
    ``winter`` lists winter cards already revealed. Forest cards count as placed
    before this turn, so "from your next turn" triggers are active.

    The game's record says ``"origin": "scenario"``: its set-up was written, not dealt from
    its seed, so ``Game.from_json`` loads it only with ``trust_setup=True``.
    """
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    hands = hands or {}
    forests = forests or {}
    caves = caves or {}
    game = Game(rules, players, seed, names or default_names(players))
    game.origin = "scenario"  # its record loads only with trust_setup=True
    placed: list[int] = []
    for h in hands.values():
        placed.extend(h)
    for sites in forests.values():
        for tree, slots in sites:
            placed.append(tree[1] if isinstance(tree, tuple) else tree)
            for cards in slots.values():
                placed.extend(cards)
    for cave in caves.values():
        placed.extend(cave)
    placed.extend(clearing)
    placed.extend(winter)
    top = list(deck)
    if len(set(placed + top)) != len(placed) + len(top):
        raise ValueError("a card is used twice in the scenario")
    rest = [c for c in rules.deck_cards if c not in set(placed) | set(top)]
    winters_left = [w for w in rules.winter_cards if w not in set(winter) | set(top)]
    order = [*winter, *clearing, *(c for p in sorted(caves) for c in caves[p])]
    for p in range(players):
        order.extend(hands.get(p, ()))
    forest_cards = [
        card
        for p in sorted(forests)
        for tree, slots in forests[p]
        for card in (int(tree[1] if isinstance(tree, tuple) else tree),
                     *(c for _, cards in _slot_items(slots) for c in cards))
    ]
    order = [*order, *forest_cards, *top, *rest, *winters_left]
    setup: list[ev.Event] = [ev.DeckBuilt(tuple(order), ())]
    for w in winter:
        setup.append(ev.WinterRevealed(w))
    for c in clearing:
        setup.append(ev.CardRevealed(c))
    for p in sorted(caves):
        for c in caves[p]:
            setup.append(ev.CardDrawn(p, c))
        if caves[p]:
            setup.append(ev.CardsCaved(p, tuple(caves[p]), "hand"))
    for p in range(players):
        for c in hands.get(p, ()):
            setup.append(ev.CardDrawn(p, c))
    for p in sorted(forests):
        for si, (tree, slots) in enumerate(forests[p]):
            sapling = isinstance(tree, tuple)
            tcard = int(tree[1] if sapling else tree)
            setup.append(ev.CardDrawn(p, tcard))
            face_down = str(tree[0]) if sapling and tree[0] != "sapling" else None
            setup.append(ev.CardPlayed(p, tcard, None if sapling else 0, si, "center", (),
                                       "free", face_down))
            if face_down is not None:
                kind = rules.site_kinds[face_down]
            elif sapling:
                kind = rules.sapling_kind  # type: ignore[assignment]
            else:
                kind = rules.site_kinds[rules.halves[tcard][0].site_kind or ""]
            for slot, slot_cards in _slot_items(slots):
                for card in slot_cards:
                    setup.append(ev.CardDrawn(p, card))
                    if slot == "under":
                        kind = rules.site_kinds[kind.upgrade or ""]
                        setup.append(ev.SiteUpgraded(p, si, card, kind.id))
                        continue
                    setup.append(ev.CardPlayed(p, card, _half_for(rules, card, slot, kind), si,
                                               slot, (), "free"))
    setup.append(ev.TurnStarted(current))
    setup.append(ev.StepsQueued((Step("turn", current), Step("end_turn", current))))
    game.setup_events = len(setup)
    game._run(setup)
    game._advance()
    return game


def _slot_items(slots: Mapping[str, Sequence[int]]) -> list[tuple[str, Sequence[int]]]:
    """The slots of a scenario site, cards tucked ``under`` it first."""
    return sorted(slots.items(), key=lambda kv: kv[0] != "under")


def _half_for(rules: Ruleset, card: int, slot: str, kind: SiteKind | None = None) -> int:
    sides = {sd.name: sd.accepts for sd in kind.slots} if kind is not None else {}
    for i, h in enumerate(rules.halves[card]):
        if h.position is Position.CENTER:
            continue
        if h.position in sides.get(slot, ()) or h.position.value == slot:
            return i
    raise ValueError(f"card {card} ({rules.name_of(card)}) has no half for slot {slot!r}")
