"""Scenario games: a chosen position reached through ordinary events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from forestshuffle.core import events as ev
from forestshuffle.core.cards import Position
from forestshuffle.core.deal import default_names
from forestshuffle.core.game import Game
from forestshuffle.core.layouts import SiteKind
from forestshuffle.core.rules import placements
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.errors import ForestShuffleError
from forestshuffle.plugins.manager import get_ruleset


class ScenarioError(ForestShuffleError, ValueError):
    """A scenario describes a position the rules cannot reach (a card in a slot that does not
    take it, a hand over the limit...); pass ``validate=False`` to build it anyway."""


class CardPicker:
    """Finds unused card numbers of a ruleset by species (and side or symbol).

    ``pick("base.wolf")`` returns a card with a Wolf half not handed out before.
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules  #: the ruleset whose cards it picks
        self.used: set[int] = set()  #: the card numbers handed out so far

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


# one keyword per part of the position: the toolkit's way to write a game down
def scenario(  # noqa: PLR0913
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
    validate: bool = True,
    events: Sequence[ev.Event] = (),
) -> Game:
    """A game at the start of *current*'s turn in the given position.

    ``deck`` lists the top cards of the deck, top first; every card not placed
    elsewhere follows it (winter cards last), so draws take exactly those cards.
    ``forests`` maps a player to sites: ``(tree_card, {"top": [card], ...})`` or
    ``(("sapling", card), {...})``, or ``((kind, card), {...})`` for a card face down as a
    site of a face-down kind (a generic river); a split card in a slot uses its half for
    that slot's side, or, written ``(card, species)``, its half of that species (for a slot
    that takes both halves of a card). A slot list ``"under"`` tucks cards face down under
    the site first, making it its kind's ``upgrade`` (a tree with a generic river).
    ``winter`` lists winter cards already revealed. Forest cards count as placed
    before this turn, so "from your next turn" triggers are active. ``events`` are folded
    last, before the turn starts: a plugin's own set-up events (its state), as its deck
    builder would deal them.

    The position is checked against the rules (*validate*, the default): every site card
    opens a site, every card in a slot is a legal placement there when it is put down (its
    side, the slot's features and tags, slot sharing), a tucked card goes only under a site
    that can take one, hands respect the hand limit and the clearing is below its limit.
    A position that breaks them raises :class:`ScenarioError`; pass ``validate=False`` to
    build a deliberately illegal set-up.

    The game's record says ``"origin": "scenario"``: its set-up was written, not dealt from
    its seed, so ``Game.from_json`` loads it only with ``trust_setup=True``.
    """
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    hands = hands or {}
    forests, wanted = _halves_named(forests or {})
    caves = caves or {}
    game = Game(rules, players, seed, names or default_names(players))
    game.origin = "scenario"  # its record loads only with trust_setup=True
    placed = _listed(hands, forests, caves, clearing, winter)
    top = list(deck)
    if len(set(placed + top)) != len(placed) + len(top):
        raise ValueError("a card is used twice in the scenario")
    rest = [c for c in rules.deck_cards if c not in set(placed) | set(top)]
    winters_left = [w for w in rules.winter_cards if w not in set(winter) | set(top)]
    order = [*_dealt(players, hands, forests, caves, clearing, winter), *top, *rest,
             *winters_left]
    if validate:
        _check_zones(rules, hands, clearing)
    setup = _Setup(game, validate, wanted)
    setup.emit(ev.DeckBuilt(tuple(order), ()))
    setup.emit(*(ev.WinterRevealed(w) for w in winter))
    setup.emit(*(ev.CardRevealed(c) for c in clearing))
    for p in sorted(caves):
        setup.emit(*(ev.CardDrawn(p, c) for c in caves[p]))
        if caves[p]:
            setup.emit(ev.CardsCaved(p, tuple(caves[p]), "hand"))
    for p in range(players):
        setup.emit(*(ev.CardDrawn(p, c) for c in hands.get(p, ())))
    for p in sorted(forests):
        for si, (tree, slots) in enumerate(forests[p]):
            setup.site(p, si, tree, slots)
    setup.emit(*events)
    setup.emit(ev.TurnStarted(current))
    game.setup_events = len(setup.events)
    game._advance()
    return game


def _site_card(tree: Any) -> int:
    """The card of a scenario site: a tree card, or the card of ("sapling", card)."""
    return int(tree[1] if isinstance(tree, tuple) else tree)


def _listed(hands: Mapping[int, Sequence[int]], forests: Mapping[int, Sequence[SiteSpec]],
            caves: Mapping[int, Sequence[int]], clearing: Sequence[int],
            winter: Sequence[int]) -> list[int]:
    """Every card the scenario places (in hands, forests, caves, clearing, winter)."""
    placed: list[int] = []
    for h in hands.values():
        placed.extend(h)
    for sites in forests.values():
        for tree, slots in sites:
            placed.append(_site_card(tree))
            for cards in slots.values():
                placed.extend(cards)
    for cave in caves.values():
        placed.extend(cave)
    placed.extend(clearing)
    placed.extend(winter)
    return placed


def _dealt(players: int, hands: Mapping[int, Sequence[int]],
           forests: Mapping[int, Sequence[SiteSpec]], caves: Mapping[int, Sequence[int]],
           clearing: Sequence[int], winter: Sequence[int]) -> list[int]:
    """The top of the deck the set-up deals from: winter cards, clearing, caves, hands,
    then forests, in the order the set-up's events take them."""
    order = [*winter, *clearing, *(c for p in sorted(caves) for c in caves[p])]
    for p in range(players):
        order.extend(hands.get(p, ()))
    order.extend(card for p in sorted(forests) for tree, slots in forests[p]
                 for card in (_site_card(tree),
                              *(c for _, cards in _slot_items(slots) for c in cards)))
    return order


class _Setup:
    """The set-up of a scenario's game: its events, folded into the game as they come."""

    def __init__(self, game: Game, validate: bool, wanted: dict[int, str]) -> None:
        self.game = game
        self.rules = game.rules
        self.validate = validate
        self.wanted = wanted
        self.events: list[ev.Event] = []

    def emit(self, *events: ev.Event) -> None:
        self.events.extend(events)
        self.game._run(events)

    def site(self, p: int, si: int, tree: Any, slots: Mapping[str, Sequence[int]]) -> None:
        """Open site *si* of player *p* with *tree*, then fill its *slots*."""
        rules = self.rules
        sapling = isinstance(tree, tuple)
        tcard = _site_card(tree)
        face_down = str(tree[0]) if sapling and tree[0] != "sapling" else None
        if face_down is not None:
            kind = rules.site_kinds[face_down]
        elif sapling:
            kind = rules.sapling_kind  # type: ignore[assignment]
        else:
            if self.validate and not rules.opens_site(tcard):
                raise ScenarioError(f"player {p}, site {si}: card {tcard} "
                                    f"({rules.name_of(tcard)}) does not open a site")
            kind = rules.site_kinds[rules.halves[tcard][0].site_kind or ""]
        self.emit(ev.CardDrawn(p, tcard), ev.CardPlayed(
            p, tcard, None if sapling else 0, si, "center", (), "free", face_down))
        for slot, slot_cards in _slot_items(slots):
            for card in slot_cards:
                kind = self.slot_card(p, si, kind, slot, card)

    def slot_card(self, p: int, si: int, kind: SiteKind, slot: str, card: int) -> SiteKind:
        """Put *card* into *slot* of site *si* (of *kind*), or tuck it under the site (slot
        ``under``); the site's kind after."""
        rules = self.rules
        if slot == "under":
            if self.validate and not kind.upgrade:
                raise ScenarioError(f"player {p}, site {si}: a {kind.id} takes "
                                    "no card tucked under it")
            kind = rules.site_kinds[kind.upgrade or ""]
            self.emit(ev.CardDrawn(p, card), ev.SiteUpgraded(p, si, card, kind.id))
            return kind
        hi = _half_for(rules, card, slot, kind, self.wanted.get(card))
        if self.validate and (hi, si, slot) not in {
                (o.half, o.site, o.slot) for o in placements(self.game.state, p, card)}:
            raise ScenarioError(
                f"player {p}, site {si}, slot {slot!r}: "
                f"{rules.name_of(card, hi)} (card {card}) cannot go there")
        self.emit(ev.CardDrawn(p, card), ev.CardPlayed(p, card, hi, si, slot, (), "free"))
        return kind


def _check_zones(rules: Ruleset, hands: Mapping[int, Sequence[int]],
                 clearing: Sequence[int]) -> None:
    """Hands within the hand limit, the clearing below its limit (it is emptied at the end
    of every turn), no winter card in a hand or the clearing."""
    limit = rules.spec.hand_limit
    for p, h in hands.items():
        if len(h) > limit:
            raise ScenarioError(f"player {p} holds {len(h)} cards; the hand limit is {limit}")
    if len(clearing) >= rules.spec.clearing_limit:
        raise ScenarioError(f"the clearing holds {len(clearing)} cards at the start of a turn; "
                            f"it is emptied at {rules.spec.clearing_limit}")
    for c in (*clearing, *(c for h in hands.values() for c in h)):
        if rules.cards[c].winter:
            raise ScenarioError(f"winter card {c} is in a hand or the clearing")


def _halves_named(
    forests: Mapping[int, Sequence[SiteSpec]]
) -> tuple[dict[int, list[SiteSpec]], dict[int, str]]:
    """The forests with every ``(card, species)`` slot entry made its card, and which species'
    half each such card shows (a slot taking both halves of a card needs to be told)."""
    wanted: dict[int, str] = {}
    out: dict[int, list[SiteSpec]] = {}
    for p, sites in forests.items():
        out[p] = []
        for tree, slots in sites:
            plain: dict[str, list[int]] = {}
            for slot, cards in slots.items():
                plain[slot] = []
                for c in cards:
                    if isinstance(c, tuple):
                        wanted[int(c[0])] = str(c[1])
                        c = c[0]
                    plain[slot].append(int(c))
            out[p].append((tree, plain))
    return out, wanted


def _slot_items(slots: Mapping[str, Sequence[int]]) -> list[tuple[str, Sequence[int]]]:
    """The slots of a scenario site, cards tucked ``under`` it first."""
    return sorted(slots.items(), key=lambda kv: kv[0] != "under")


def _half_for(rules: Ruleset, card: int, slot: str, kind: SiteKind | None = None,
              species: str | None = None) -> int:
    sides = {sd.name: sd.accepts for sd in kind.slots} if kind is not None else {}
    for i, h in enumerate(rules.halves[card]):
        if h.position is Position.CENTER or (species is not None and h.species != species):
            continue
        if h.position in sides.get(slot, ()) or h.position.value == slot:
            return i
    raise ValueError(f"card {card} ({rules.name_of(card)}) has no half for slot {slot!r}")
