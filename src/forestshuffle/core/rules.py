"""Rule helpers shared by the step kinds: taking cards off the deck (winter cards handled),
draws within the hand limit, card filters, legal placements, the events of a play and the
steps that resolve it, and the pick-a-card decisions of effects.

Plugins' kinds use them as the core's own do (see :mod:`forestshuffle.kinds`). None of them
changes the state: they append events or build decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from forestshuffle.core import events as ev
from forestshuffle.core.cards import Position
from forestshuffle.core.decision import decision
from forestshuffle.core.decisions import Action, Decision, Pass, PickCard, Place
from forestshuffle.core.fastevents import FINISHED as FINISHED  # re-exported: the kinds' helpers
from forestshuffle.core.fastevents import bare_step, card_revealed, drawn_by
from forestshuffle.core.fastevents import replace_head as replace_head
from forestshuffle.core.slot_entries import (
    HALVES,
    PLACES,
    SlotEntry,
    placements_at,
    site_entries,
    site_placement,
)
from forestshuffle.core.steps import Step

if TYPE_CHECKING:
    from forestshuffle.core.compiled import CompiledHalf
    from forestshuffle.core.forest import Forest, Site
    from forestshuffle.core.layouts import SiteKind, SlotDef
    from forestshuffle.core.ruleset import Ruleset
    from forestshuffle.core.state import GameState

Events = list[ev.Event]
#: a site card's position (a module constant: ``Position.CENTER`` is a slow class
#: attribute look-up on an enum)
_CENTER: Final = Position.CENTER
HalfFilter = Callable[["CompiledHalf"], bool]

def deck_take(
    state: GameState, n: int, make: Callable[[int], ev.Event], out: Events
) -> bool:
    """Append events taking *n* cards off the deck, each made by *make*.

    Winter cards go beside the clearing and are replaced by the next card; the
    ruleset's last winter card (``RulesetSpec.winters_for`` the player count) ends the game
    at once (``winter_ends="at_once"``) or once the turn is finished (``"after_turn"``: a
    :class:`~forestshuffle.core.events.GameEndScheduled` event, and the taking goes on). Another
    winter card whose number the ruleset's ``winter_steps`` names queues that step at the
    head of the queue. Returns False if the game ended.
    """
    if n <= 0:
        return True
    rules = state.rules
    cards = rules.cards
    deck = state.deck
    if n == 1 and deck and not cards[deck[-1]].winter:  # one card, not a winter card
        out.append(make(deck[-1]))
        return True
    i = len(deck) - 1
    winters = len(state.winter)
    taken = 0
    while taken < n and i >= 0:
        c = deck[i]
        i -= 1
        if cards[c].winter:
            out.append(ev.WinterRevealed(c))
            winters += 1
            spec = rules.spec
            if winters == spec.winters_for(state.players):
                if spec.winter_ends == "at_once":
                    out.append(ev.GameEnded("third_winter"))
                    return False
                out.append(ev.GameEndScheduled("third_winter"))
            elif winters in spec.winter_steps:
                out.append(ev.StepsQueued((Step(spec.winter_steps[winters], state.current),)))
            continue
        out.append(make(c))
        taken += 1
    return True


def hand_room(state: GameState, player: int) -> int:
    """How many more cards *player*'s hand may take now: up to the hand limit, or without
    bound in a ruleset whose draws are not capped (``draw_cap=False``)."""
    spec = state.rules.spec
    if not spec.draw_cap:
        return 1 << 30
    return spec.hand_limit - len(state.hands[player])


def draw_events(state: GameState, player: int, n: int, out: Events) -> bool:
    """Append events drawing up to *n* cards for *player*, stopping at the hand limit."""
    return deck_take(state, min(n, hand_room(state, player)),
                     drawn_by(player), out)


_FILTER_CACHE: Final[dict[tuple[Any, ...], HalfFilter]] = {}


def half_filter(args: Mapping[str, Any] | None) -> HalfFilter | None:
    """A predicate over card halves from a filter dict (``tag``, ``species``, ``tree``)."""
    if not args:
        return None
    key = tuple(sorted((k, str(v)) for k, v in args.items()))
    cached = _FILTER_CACHE.get(key)
    if cached is not None:
        return cached
    tag = args.get("tag")
    species = args.get("species")
    tree = args.get("tree")

    def f(h: CompiledHalf) -> bool:
        if tag is not None and tag not in h.tags:
            return False
        if species is not None and h.species != species:
            return False
        return tree is None or (h.kind == "tree") == bool(tree)

    _FILTER_CACHE[key] = f
    return f


def check_filter(args: Mapping[str, Any], rules: Ruleset, what: str = "filter") -> None:
    """Raise ValueError unless *args* is a valid filter dict for *rules*."""
    if not isinstance(args, Mapping):
        raise ValueError(f"{what} must be a mapping")
    for k, v in args.items():
        if k == "tag":
            if v not in rules.tags:
                raise ValueError(f"{what}: unknown tag {v!r}")
        elif k == "species":
            if v not in rules.species:
                raise ValueError(f"{what}: unknown species {v!r}")
        elif k == "tree":
            if not isinstance(v, bool):
                raise ValueError(f"{what}: 'tree' must be true or false")
        else:
            raise ValueError(f"{what}: unknown key {k!r} (known: tag, species, tree)")


def open_positions(state: GameState, player: int) -> set[Any]:
    """What the forest's empty slots take, for :func:`can_place`: the positions with an
    empty slot when the ruleset's slots only care about sides, else the empty slots'
    definitions (a few distinct :class:`~forestshuffle.core.layouts.SlotDef` values)."""
    forest = state.forests[player]
    if state.rules.plain_slots:
        return {p for p, v in forest.empty.items() if v}
    sites = forest.sites  # the index's entries: (site, slot index, ...), an empty slot each
    return {sites[e[0]].kind.slots[e[1]] for v in forest.empty.values() for e in v}


def slot_takers(rules: Ruleset, h: CompiledHalf) -> frozenset[SlotDef]:
    """The slot definitions of *rules*' site kinds that take half *h* when free
    (:meth:`~forestshuffle.core.layouts.SlotDef.takes`), made once per half (``Ruleset.takers``)."""
    got = rules.takers.get(id(h))  # (by identity: the ruleset keeps its halves; their own
    if got is None:               # hash is a Python method)
        got = rules.takers[id(h)] = frozenset(
            sd for kind in rules.site_kinds.values() for sd in kind.slots
            if sd.takes(h.position, h.needs, h.tags))
    return got


def placements(
    state: GameState, player: int, card: int, flt: HalfFilter | None = None,
    max_cost: int | None = None,
) -> list[Place]:
    """Every legal placement of *card* in *player*'s forest: of the halves *flt* accepts
    costing at most *max_cost* (any cost when None)."""
    rules = state.rules
    hs = rules.halves[card]
    forest = state.forests[player]
    if hs[0].position is _CENTER:
        if (flt is not None and not flt(hs[0])) or (
                max_cost is not None and hs[0].cost > max_cost):
            return []
        return [site_placement(len(forest.sites))]
    out: list[Place] = []
    sharing = rules.sharing
    hosts = bool(rules.site_sharing)
    plain = rules.plain_slots
    empty = forest.empty
    for hi, h in enumerate(hs):
        if (flt is not None and not flt(h)) or (max_cost is not None and h.cost > max_cost):
            continue
        pos = h.position
        joins = h.species in sharing or hosts
        if plain and hi < HALVES:  # the empty slots' index, each entry with its placements
            entries = empty.get(pos, ())
            if joins:  # and the occupied slots it may join, in site and slot order
                joined = _joined(rules, forest, h)
                if joined:
                    entries = sorted([*entries, *joined])
            for e in entries:
                out.append(e[3][hi])
            continue
        takers = None if plain else slot_takers(rules, h)
        for si, site in enumerate(forest.sites):
            slots = site.slots
            for sd in site.kind.by_position.get(pos, ()):
                if takers is not None and sd not in takers:
                    continue
                name = sd.name
                if slots[name] and not (joins and may_join(rules, forest, site, sd, h)):
                    continue
                if hi < HALVES:  # the shared placements of that slot (slot_entries')
                    row = PLACES.get((si, name))
                    out.append((placements_at(si, name) if row is None else row)[hi])
                else:  # no card has that many halves
                    out.append(Place(hi, si, name, label=f"put it at site {si}, {name}"))
    return out


def _joined(rules: Ruleset, forest: Forest, h: CompiledHalf) -> list[SlotEntry]:
    """The index entries (:mod:`forestshuffle.core.slot_entries`) of the occupied slots of
    *forest* that half *h* may join (plain slots: a slot takes a position)."""
    out: list[SlotEntry] = []
    pos = h.position
    for si, site in enumerate(forest.sites):
        slots = site.slots
        for sd in site.kind.by_position.get(pos, ()):
            if slots[sd.name] and may_join(rules, forest, site, sd, h):
                out.append(site_entries(site.kind, si)[site.kind.slots.index(sd)])
    return out


def can_place(
    state: GameState, player: int, card: int, budget: int, flt: HalfFilter | None = None,
    opens: set[Any] | None = None,
) -> bool:
    """Whether some half of *card* has a legal placement costing at most *budget*.

    *opens* is :func:`open_positions` of the player (computed if not given).
    """
    rules = state.rules
    hs = rules.halves[card]
    if hs[0].position is _CENTER:
        return hs[0].cost <= budget and (flt is None or flt(hs[0]))
    if opens is None:
        opens = open_positions(state, player)
    plain = rules.plain_slots
    for h in hs:
        if h.cost > budget or (flt is not None and not flt(h)):
            continue
        if plain:
            if h.position in opens:
                return True
        elif not slot_takers(rules, h).isdisjoint(opens):
            return True
        if (h.species in rules.sharing or rules.site_sharing) and any(
            True for _ in _shared_slots(state, player, h)
        ):
            return True
    return False


def _shared_slots(state: GameState, player: int, h: CompiledHalf) -> Any:
    """The occupied slots *h* may join (the names)."""
    forest = state.forests[player]
    rules = state.rules
    for site in forest.sites:
        for sd in site.kind.slots:
            if h.position not in sd.accepts or not site.slots[sd.name]:
                continue
            if not rules.plain_slots and not sd.takes(h.position, h.needs, h.tags):
                continue
            if may_join(rules, forest, site, sd, h):
                yield sd.name


def may_join(rules: Ruleset, forest: Forest, site: Site, sd: SlotDef, h: CompiledHalf) -> bool:
    """Whether half *h* may go into slot *sd* of *site*, which already holds cards: its
    species shares a slot (``shares_slot``) and every card there is of its species (or of a
    species its rule names, ``with``), below the limit; or a card at the site hosts sharing
    for that slot's group (``hosts_sharing``: a Stinging Nettle's butterflies on top), *h*
    and every card there carry the tag, below the limit."""
    cards = site.slots[sd.name]
    where = forest.where
    halves = rules.halves
    mx = rules.sharing.get(h.species, 0)
    if mx != 0 and (mx is None or len(cards) < mx):
        kin = rules.share_kin.get(h.species)
        if kin is None:
            if all(halves[c][where[c][2]].species == h.species for c in cards):
                return True
        elif all(halves[c][where[c][2]].species in kin for c in cards):
            return True
    hosting = rules.site_sharing
    if not hosting:
        return False
    group = sd.group_name
    for c in (c for v in site.slots.values() for c in v):
        rule = hosting.get(halves[c][where[c][2]].species)
        if rule is None or rule[0] != group or rule[1] not in h.tags:
            continue
        if (rule[2] is None or len(cards) < rule[2]) and all(
                rule[1] in halves[x][where[x][2]].tags for x in cards):
            return True
    return False


def bonus_earned(rules: Ruleset, symbol: str | None, paid: tuple[int, ...]) -> bool:
    """Every payment card shows *symbol* (either half of a split card counts); none paid: no."""
    if not paid or symbol is None:
        return False
    syms = rules.card_symbols
    return all(symbol in syms[c] for c in paid)


def play_events(state: GameState, played: ev.CardPlayed, out: Events, *,
                keep_head: bool = False, activates: int | None = None) -> None:
    """Events of a card being put into a forest, then its follow-up steps queued: *played*
    is the card's :class:`~forestshuffle.core.events.CardPlayed`
    (:func:`~forestshuffle.core.fastevents.card_played` makes one).

    Order after placing: the site's optional upgrade (a generic river, offered only for a
    card played as the turn's play action, ``mode == "normal"``), the reveal (a new site
    that reveals), then the play's *resolution*: triggers marked ``before_effects``, the
    card's effect, its bonus, then the other permanent triggers of the player's forest.
    In ``deferred`` mode (a Mole's further plays) the reveal happens now and the resolution
    is kept on the Mole's step, to be resolved once the player stops playing, in an order
    of the player's choice (see :class:`ResolvePlaysStep`).
    The step being finished must be at the head of the queue (it is replaced here by the
    play's follow-up steps); with *keep_head* it stays, behind them (a step that plays
    several cards, asking again once each play has resolved). *activates*: a card of the
    forest whose triggers this play fires even before they are active (a free play by that
    card's own bonus, :func:`forestshuffle.plugins.dsl.free_play`). When those steps would start
    with the core's reveal step (``steps:reveal`` in ``Ruleset.core_kinds``), the reveal is
    not queued: the card revealed follows at once (record format 3; format 2 logs queued and
    finished the reveal step, a bookkeeping event more,
    :func:`forestshuffle.records.record.upcast`).
    """
    rules = state.rules
    player = played.player
    kind = _opened_kind(rules, played)
    upgrade = bool(played.mode == "normal" and kind is not None and kind.upgrade
                   and state.hands[player])
    reveals = kind is not None and kind.reveals
    slot = played.slot
    where = slot if slot == "center" else \
        state.forests[player].sites[played.site].kind.roles[slot]
    # a sapling fires only triggers: none to look for in a forest without any
    later = resolution_steps(state, played, where, kind, activates) \
        if played.half is not None or (rules.has_triggers and state.forests[player].triggers) \
        else []
    if reveals and not upgrade and not keep_head and played.mode != "deferred" \
            and "steps:reveal" in rules.core_kinds:
        _reveal_at_once(state, played, later, out)
        return
    now: list[Step] = [bare_step("reveal", player)] if reveals else []
    if played.mode == "deferred":
        _defer(state, played, later, now, out)
        return
    if upgrade:
        assert kind is not None and kind.upgrade
        # the upgrade comes first; it records where the reveal ends and how many of the
        # play's steps follow it, so the triggers it fires take their places among them
        now.insert(0, Step("upgrade_site", player, played.card, {
            "site": played.site, "kind": kind.upgrade, "reveal": len(now),
            "after": len(now) + len(later)}))
    now.extend(later)
    out.append(played)  # (it leaves the queue alone: the head is still the playing step)
    if keep_head:
        if now:
            out.append(ev.StepsQueued(tuple(now), 0))
    else:
        out.append(replace_head(now))


def _opened_kind(rules: Ruleset, played: ev.CardPlayed) -> SiteKind | None:
    """The kind of the site *played* opens (None: it goes into a slot, or a sapling of a
    ruleset without saplings)."""
    if played.slot != "center":
        return None
    if played.half is None:
        return rules.site_kinds[played.site_kind] if played.site_kind else rules.sapling_kind
    return rules.site_kinds[rules.halves[played.card][played.half].site_kind or ""]


def _reveal_at_once(state: GameState, played: ev.CardPlayed, later: list[Step],
                    out: Events) -> None:
    """The core's reveal step would head the queue and run next: the play finishes the
    playing step, queues its resolution *later*, and reveals at once (nothing the play
    changes is read by the reveal: the deck, the winter cards, the turn)."""
    out.append(played)
    out.append(replace_head(later))
    deck = state.deck
    if deck and not state.rules.cards[deck[-1]].winter:  # deck_take's one card, at once
        out.append(card_revealed(deck[-1]))
    else:
        deck_take(state, 1, card_revealed, out)


def _defer(state: GameState, played: ev.CardPlayed, later: list[Step], now: list[Step],
           out: Events) -> None:
    """A Mole's further play: the card goes down and *now* (its reveal) is queued; its
    resolution *later* is kept on the Mole's step (the head once this step is finished)."""
    out.append(FINISHED)
    out.append(played)
    if later:
        mole = state.queue[1]
        bundle = (played.card, tuple((s.kind, s.card, s.args) for s in later))
        out.append(ev.StepUpdated(mole.with_args(
            deferred=(*mole.args.get("deferred", ()), bundle))))
    if now:
        out.append(ev.StepsQueued(tuple(now), 0))


def resolution_steps(state: GameState, played: ev.CardPlayed, slot: str,
                     kind: SiteKind | None, activates: int | None = None) -> list[Step]:
    """The steps that resolve *played* once the card is down (*slot*: the role of the slot
    it went into, or ``center``; *kind*: the kind of the site it opened): the permanent
    triggers it fires that come first (``before_effects``), its effect and bonus offers (not
    for a free play; the bonus only when earned), then the other triggers."""
    rules = state.rules
    player, card, half = played.player, played.card, played.half
    early, late = (trigger_steps(state, player, card, half, slot, kind, activates)
                   if rules.has_triggers and state.forests[player].triggers else ([], []))
    if half is not None and played.mode != "free":
        h = rules.halves[card][half]
        sp = rules.species[h.species]
        if sp.effect:
            early.append(Step("offer", player, card, {"what": "effect", "half": half}))
        if sp.bonus and bonus_earned(rules, h.symbol, played.paid):
            early.append(Step("offer", player, card, {"what": "bonus", "half": half}))
    early.extend(late)
    return early


def trigger_steps(
    state: GameState, player: int, card: int, half: int | None, slot: str,
    kind: SiteKind | None = None, activates: int | None = None,
) -> tuple[list[Step], list[Step]]:
    """Steps for the permanent triggers of *player*'s forest that this play fires:
    (those that resolve before the played card's effects, those after). A trigger active
    only from its owner's next turn fires in the turn its card was placed only when that
    card is *activates*."""
    rules = state.rules
    forest = state.forests[player]
    early: list[Step] = []
    late: list[Step] = []
    turn = state.turn
    for c in forest.triggers:
        if c == card:
            continue
        hi = forest.where[c][2]
        for t in rules.triggers[rules.halves[c][hi].species]:
            if t.from_next_turn and forest.placed_turn[c] >= turn and c != activates:
                continue
            if t.matches(state, player, card, half, slot, kind):
                (early if t.before_effects else late).append(
                    Step("trigger", player, c, {"index": t.index, "played": card}))
    return early, late


def pick_card(
    state: GameState, player: int, kind: str, prompt: str, cards: Any, verb: str,
    pass_label: str | None = None,
) -> Decision:
    """A decision to choose one of *cards* (each labelled ``verb`` with the card's name in
    place of ``{}``), or to pass when *pass_label* is given."""
    rules = state.rules
    names = rules.card_names
    action = rules.action  # (shared actions: one per card and label)
    opts: list[Action] = [action(PickCard, c, label=verb.format(names[c])) for c in cards]
    if pass_label is not None:
        opts.append(action(Pass, label=pass_label))
    return decision(player, kind, prompt, tuple(opts))


def effect_steps(rules: Ruleset, player: int, card: int, specs: Any) -> tuple[Step, ...]:
    """Steps for a card's effect specs."""
    return tuple(Step(s.kind, player, card, s.args) for s in specs)


def _names(rules: Ruleset, cards: Any) -> str:
    return ", ".join(rules.name_of(c) for c in cards)
