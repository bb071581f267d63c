"""Rulesets: what plugins declare (:class:`RulesetSpec`) and what the engine reads
(:class:`Ruleset`, compiled once from every plugin's contributions).

Plugins are consulted only while a ruleset is compiled; the hot path reads the plain
tables built here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from .cards import Card, CardSet, Position, Spec, Species
from .errors import CardDataError
from .kinds import (
    CountKind,
    DeckBuilder,
    EndCondition,
    ScoringKind,
    StepKind,
    TriggerKind,
    TurnAction,
)
from .layouts import SiteKind


def _int_keys(value: Mapping[Any, int]) -> dict[int, int]:
    return {int(k): int(v) for k, v in value.items()}


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen(hash=False)
class RulesetSpec:
    """A playable rule system as a plugin declares it.

    Attributes:
        id: the ruleset id used by ``new_game`` (``base``).
        name: display name.
        card_sets: ids of the card sets that make up the deck.
        min_players, max_players: allowed player counts.
        removal: cards returned unseen to the box at set-up, by player count.
        deck_builder: name of a registered deck builder.
        opening_hand: cards each player draws at set-up.
        mulligan: ``"no_tree"`` (a hand without a tree may be redrawn once) or None.
        hand_limit: most cards a hand may hold.
        clearing_limit: the clearing is emptied at the end of a turn when it holds this many.
        draws_per_turn: cards taken by the draw action.
        winters_to_end: the winter card that ends the game at once.
        turn_actions: names of registered turn actions, in option order.
        end_conditions: names of extra end conditions checked at the end of each turn.
        sapling_kind: site kind of a card played face down as a sapling, or None.
        aliases: other names for the ruleset.
        face_down_kinds: other site kinds effects may open with a face-down card.
        cannot_act: step kind run when a player can neither draw nor play (None: the turn
            just ends; the base game never gets there).
    """

    id: str
    name: str
    card_sets: tuple[str, ...] = attrs.field(converter=_names)
    min_players: int = 2
    max_players: int = 5
    removal: dict[int, int] = attrs.field(factory=dict, converter=_int_keys)
    deck_builder: str = "winter_in_last_third"
    opening_hand: int = 6
    mulligan: str | None = "no_tree"
    hand_limit: int = 10
    clearing_limit: int = 10
    draws_per_turn: int = 2
    winters_to_end: int = 3
    turn_actions: tuple[str, ...] = attrs.field(
        default=("draw", "play", "sapling"), converter=_names
    )
    end_conditions: tuple[str, ...] = attrs.field(default=(), converter=_names)
    sapling_kind: str | None = "sapling"
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_names)
    face_down_kinds: tuple[str, ...] = attrs.field(default=(), converter=_names)
    cannot_act: str | None = None


@attrs.frozen
class CompiledHalf:
    """A card half with its species' facts resolved, as the hot path reads it."""

    species: str
    position: Position
    symbol: str | None
    tags: frozenset[str]
    cost: int
    site_kind: str | None  #: for a tree or site half, the site it opens
    name: str
    needs: frozenset[str] = frozenset()
    kind: str = "dweller"  #: the species' kind: tree, site or dweller


@attrs.frozen
class CompiledTrigger:
    """A permanent trigger of a species, compiled."""

    species: str
    index: int
    matches: Callable[..., bool]
    from_next_turn: bool
    optional: bool
    effect: tuple[Spec, ...]
    before_effects: bool = False


@attrs.frozen
class CompiledScore:
    """One scoring spec of a species, compiled."""

    kind: str
    group: str | None
    fn: Callable[..., Any]


@attrs.frozen
class Registry:
    """Every kind contributed by the installed plugins, by name."""

    steps: dict[str, StepKind]
    triggers: dict[str, TriggerKind]
    scoring: dict[str, ScoringKind]
    counts: dict[str, CountKind]
    turn_actions: dict[str, TurnAction]
    deck_builders: dict[str, DeckBuilder]
    end_conditions: dict[str, EndCondition]
    site_kinds: dict[str, SiteKind]
    #: ``family:name`` (``steps:draw``, ``scoring:per``...) -> the plugin that contributed it
    owners: dict[str, str] = attrs.field(factory=dict)


class Ruleset:
    """A compiled ruleset: plain tables of cards, halves, kinds and rules.

    Build it with :func:`forestshuffle.plugins.get_ruleset`; it is immutable by
    convention and shared by every game of that ruleset.
    """

    def __init__(
        self,
        spec: RulesetSpec,
        card_sets: list[tuple[str, CardSet]],
        registry: Registry,
        plugins: Mapping[str, str],
    ) -> None:
        self.spec = spec
        self.id = spec.id
        self.registry = registry
        #: plugin name -> version, of every plugin the ruleset was built with
        self.plugins = dict(plugins)
        #: the card-data overrides applied, if any (see :mod:`forestshuffle.overrides`)
        self.overrides: dict[str, Any] | None = None
        #: compiled count readers, by count key (see :func:`forestshuffle.scoring.count_getter`)
        self.count_getters: dict[str, Any] = {}
        self.card_sets = [cs for _, cs in card_sets]
        self.cards: dict[int, Card] = {}
        self.species: dict[str, Species] = {}
        self.plugin_of: dict[str, str] = {}
        self.halves: dict[int, tuple[CompiledHalf, ...]] = {}
        self.card_symbols: dict[int, frozenset[str]] = {}
        self.symbols: list[str] = []
        self.tags: set[str] = set()
        self.caves = 5
        for plugin, cs in card_sets:
            self._add_set(plugin, cs)
        self.deck_cards = tuple(c.id for c in self.cards.values() if not c.winter)
        self.winter_cards = tuple(c.id for c in self.cards.values() if c.winter)
        self.site_kinds = registry.site_kinds
        self.sapling_kind: SiteKind | None = (
            registry.site_kinds[spec.sapling_kind] if spec.sapling_kind else None
        )
        self.step_kinds = registry.steps
        used = {sp.site_kind for sp in self.species.values() if sp.site_kind}
        if spec.sapling_kind:
            used.add(spec.sapling_kind)
        used |= {k.upgrade for k in registry.site_kinds.values() if k.id in used and k.upgrade}
        used |= set(spec.face_down_kinds)
        #: the site kinds games of this ruleset can hold
        self.used_site_kinds = {k: registry.site_kinds[k] for k in sorted(used)
                                if k in registry.site_kinds}
        #: True when slots only care about sides (fast paths apply)
        self.plain_slots = all(sd.plain for k in self.used_site_kinds.values()
                               for sd in k.slots) and not any(
            sp.needs for sp in self.species.values())
        self.sharing: dict[str, int | None] = {}
        self.extra_trees: dict[str, int] = {}
        self.triggers: dict[str, tuple[CompiledTrigger, ...]] = {}
        self.scorers: dict[str, tuple[CompiledScore, ...]] = {}
        self.turn_actions = [registry.turn_actions[n] for n in spec.turn_actions]
        self.action_owner: dict[type[Any], TurnAction] = {}
        for ta in self.turn_actions:
            for cls in ta.handles:
                self.action_owner[cls] = ta
        self.end_conditions = [registry.end_conditions[n] for n in spec.end_conditions]
        self.deck_builder = registry.deck_builders[spec.deck_builder]
        self._compile_species()
        self.card_names: dict[int, str] = {
            c: ("Winter" if card.winter else " / ".join(h.name for h in self.halves[c]))
            for c, card in self.cards.items()
        }
        self.has_triggers = bool(self.triggers)
        self._actions: dict[tuple[Any, ...], Any] = {}
        from .decisions import DrawFromClearing, PayWith, PlayCard, PlaySapling

        names = self.card_names
        #: shared per-card actions, by card number
        self.take_actions = {c: DrawFromClearing(c, label=f"take {n} from the clearing")
                             for c, n in names.items()}
        self.play_actions = {c: PlayCard(c, label=f"play {n}") for c, n in names.items()}
        self.sapling_actions = {
            c: PlaySapling(c, label=f"plant {n} face down as a sapling") for c, n in names.items()
        }
        self.pay_actions = {c: PayWith(c, label=f"pay with {n}") for c, n in names.items()}
        self._take_picks: dict[int, Any] = {}

    def take_actions_pick(self, card: int) -> Any:
        """A shared PickCard for taking *card* from the clearing."""
        a = self._take_picks.get(card)
        if a is None:
            from .decisions import PickCard

            a = self._take_picks[card] = PickCard(
                card, label=f"take {self.card_names[card]} from the clearing")
        return a

    def action(self, cls: type[Any], *fields: Any, label: str) -> Any:
        """A shared instance of an action (actions are frozen; sharing saves allocations)."""
        key = (cls, *fields)
        a = self._actions.get(key)
        if a is None:
            a = self._actions[key] = cls(*fields, label=label)
        return a

    # -- building ----------------------------------------------------------------------

    def _err(self, plugin: str, item: str, field: str, problem: str) -> CardDataError:
        return CardDataError(plugin, item, field, problem)

    def _add_set(self, plugin: str, cs: CardSet) -> None:
        self.caves = cs.caves
        for sym in cs.symbols:
            if sym not in self.symbols:
                self.symbols.append(sym)
        self.tags.update(cs.tags)
        for sp in cs.species:
            item = f"species {sp.id!r}"
            if sp.id in self.species:
                raise self._err(plugin, item, "id", "a species with this id already exists")
            if sp.kind not in ("tree", "site", "dweller"):
                raise self._err(plugin, item, "kind",
                                f"must be 'tree', 'site' or 'dweller', not {sp.kind!r}")
            if not isinstance(sp.cost, int) or sp.cost < 0:
                raise self._err(plugin, item, "cost",
                                f"must be a whole number >= 0, not {sp.cost!r}")
            for t in sp.tags:
                if t not in cs.tags:
                    raise self._err(
                        plugin, item, "tags", f"unknown tag {t!r} (known: {', '.join(cs.tags)})"
                    )
            if sp.kind != "dweller" and sp.site_kind not in self.registry.site_kinds:
                raise self._err(
                    plugin, item, "site_kind",
                    f"unknown site kind {sp.site_kind!r} "
                    f"(known: {', '.join(sorted(self.registry.site_kinds))})",
                )
            self.species[sp.id] = sp
            self.plugin_of[sp.id] = plugin
        for card in cs.cards:
            item = f"card {card.id}"
            if card.id in self.cards:
                raise self._err(plugin, item, "id", "a card with this number already exists")
            if card.winter:
                if card.halves:
                    raise self._err(plugin, item, "halves", "a winter card has no halves")
                self.cards[card.id] = card
                continue
            if len(card.halves) not in (1, 2):
                raise self._err(plugin, item, "halves", "a card has one or two halves")
            compiled = []
            for i, h in enumerate(card.halves):
                hsp = self.species.get(h.species)
                if hsp is None:
                    raise self._err(plugin, item, f"halves[{i}].species",
                                    f"unknown species {h.species!r}")
                if (hsp.kind != "dweller") != (h.position is Position.CENTER):
                    raise self._err(plugin, item, f"halves[{i}].position",
                                    f"{h.position.value!r} does not suit a {hsp.kind}")
                if h.symbol is not None and h.symbol not in self.symbols:
                    raise self._err(plugin, item, f"halves[{i}].symbol",
                                    f"unknown tree symbol {h.symbol!r}")
                compiled.append(
                    CompiledHalf(h.species, h.position, h.symbol, hsp.tags, hsp.cost,
                                 hsp.site_kind, hsp.name, frozenset(hsp.needs), hsp.kind)
                )
            if len(compiled) == 2 and Position.CENTER in (h.position for h in compiled):
                raise self._err(plugin, item, "halves", "a split card cannot hold a tree")
            self.cards[card.id] = card
            self.halves[card.id] = tuple(compiled)
            self.card_symbols[card.id] = frozenset(
                h.symbol for h in compiled if h.symbol is not None
            )

    def check_count(self, key: str) -> None:
        """Raise ValueError unless *key* names a known count (``kind`` or ``kind:arg``)."""
        kind, _, arg = key.partition(":")
        ck = self.registry.counts.get(kind)
        if ck is None:
            raise ValueError(f"unknown count kind {kind!r} "
                             f"(known: {', '.join(sorted(self.registry.counts))})")
        if ck.takes_arg and not arg:
            raise ValueError(f"count {kind!r} needs an argument ({kind}:...)")
        if not ck.takes_arg and arg:
            raise ValueError(f"count {kind!r} takes no argument")
        ck.validate_arg(arg, self)

    def _check_step_specs(self, plugin: str, item: str, field: str, specs: Iterable[Spec]) -> None:
        for i, spec in enumerate(specs):
            kind = self.step_kinds.get(spec.kind)
            if kind is None or not kind.card_effect:
                known = sorted(n for n, k in self.step_kinds.items() if k.card_effect)
                raise self._err(plugin, item, f"{field}[{i}].kind",
                                f"unknown effect kind {spec.kind!r} (known: {', '.join(known)})")
            try:
                kind.validate(spec.args, self)
            except (ValueError, KeyError, TypeError) as exc:
                raise self._err(plugin, item, f"{field}[{i}].args", str(exc)) from None

    def _compile_species(self) -> None:
        reg = self.registry
        for sid, sp in self.species.items():
            plugin = self.plugin_of[sid]
            item = f"species {sid!r}"
            self._check_step_specs(plugin, item, "effect", sp.effect)
            self._check_step_specs(plugin, item, "bonus", sp.bonus)
            trig = []
            for i, t in enumerate(sp.triggers):
                tk = reg.triggers.get(t.kind)
                if tk is None:
                    raise self._err(plugin, item, f"triggers[{i}].kind",
                                    f"unknown trigger kind {t.kind!r} "
                                    f"(known: {', '.join(sorted(reg.triggers))})")
                try:
                    tk.validate(t.args, self)
                    matches = tk.compile(t.args, self)
                except (ValueError, KeyError, TypeError) as exc:
                    raise self._err(plugin, item, f"triggers[{i}].args", str(exc)) from None
                effect = tuple(t.args.get("effect", ()))
                self._check_step_specs(plugin, item, f"triggers[{i}].effect", effect)
                trig.append(CompiledTrigger(sid, i, matches,
                                            bool(t.args.get("from_next_turn", False)),
                                            bool(t.args.get("optional", True)), effect,
                                            bool(t.args.get("before_effects", False))))
            if trig:
                self.triggers[sid] = tuple(trig)
            scores = []
            for i, s in enumerate(sp.score):
                skind = reg.scoring.get(s.kind)
                if skind is None:
                    raise self._err(plugin, item, f"score[{i}].kind",
                                    f"unknown scoring kind {s.kind!r} "
                                    f"(known: {', '.join(sorted(reg.scoring))})")
                try:
                    skind.validate(s.args, self)
                except (ValueError, KeyError, TypeError) as exc:
                    raise self._err(plugin, item, f"score[{i}].args", str(exc)) from None
                for key in ("count", "of"):
                    if isinstance(s.args.get(key), str):
                        try:
                            self.check_count(s.args[key])
                        except ValueError as exc:
                            raise self._err(plugin, item, f"score[{i}].args.{key}",
                                            str(exc)) from None
                scores.append(CompiledScore(s.kind, skind.group_key(s.args, sid),
                                            skind.compile(s.args, sid, self)))
            self.scorers[sid] = tuple(scores)
            if sp.sharing is not None:
                if sp.sharing.kind != "shares_slot":
                    raise self._err(
                        plugin, item, "sharing.kind",
                        f"unknown sharing rule {sp.sharing.kind!r} (known: shares_slot)")
                mx = sp.sharing.args.get("max_cards")
                if mx is not None and (not isinstance(mx, int) or mx < 2):
                    raise self._err(plugin, item, "sharing.args.max_cards",
                                    "must be a whole number >= 2 or None")
                self.sharing[sid] = mx
            for i, m in enumerate(sp.modifiers):
                if m.kind != "counts_as_tree":
                    raise self._err(plugin, item, f"modifiers[{i}].kind",
                                    f"unknown modifier {m.kind!r} (known: counts_as_tree)")
                self.extra_trees[sid] = self.extra_trees.get(sid, 0) + int(m.args.get("n", 1))

    # -- reading ---------------------------------------------------------------------

    def name_of(self, card: int, half: int | None = None) -> str:
        """A card's display name: the species of *half*, or both halves joined."""
        if half is None:
            return self.card_names[card]
        return self.halves[card][half].name

    def is_tree_card(self, card: int) -> bool:
        """Whether the card opens a site (a tree)."""
        hs = self.halves.get(card)
        return bool(hs) and hs[0].position is Position.CENTER  # type: ignore[index]

    def __repr__(self) -> str:
        return f"<Ruleset {self.id!r}: {len(self.cards)} cards>"
