"""Rulesets: what plugins declare (:class:`RulesetSpec`) and what the engine reads
(:class:`Ruleset`, compiled once from every plugin's contributions).

Plugins are consulted only while a ruleset is compiled; the hot path reads the plain
tables built here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from forestshuffle.core.cards import Card, CardSet, Half, Position, Spec, Species
from forestshuffle.core.compiled import CompiledHalf, CompiledScore, CompiledTrigger
from forestshuffle.core.layouts import SiteKind
from forestshuffle.core.registry import Registry
from forestshuffle.core.spec import AutomatonSeat, Option, RulesetSpec
from forestshuffle.core.steps import Step
from forestshuffle.errors import CardDataError

#: The spec types live in :mod:`forestshuffle.core.spec`; they are re-exported here, where plugins
#: have always imported them from.
__all__ = ["MODIFIERS", "SHARING_RULES", "AutomatonSeat", "CompiledHalf", "CompiledScore",
           "CompiledTrigger", "Option", "Registry", "Ruleset", "RulesetSpec"]

#: The slot rules card data may name in ``sharing``, and the modifiers in ``modifiers``
#: (read when a ruleset is built; documented in docs/kinds.md).
SHARING_RULES = ("shares_slot",)
MODIFIERS: Final = ("counts_as_tree", "hosts_sharing")


#: the name the core registers its kinds under (``Registry.owners``)
CORE_PLUGIN: Final = "forestshuffle"

#: a site card's position (a module constant: an enum member's class look-up is slow)
_CENTER: Final = Position.CENTER

class Ruleset:
    """A compiled ruleset: plain tables of cards, halves, kinds and rules.

    Build it with :func:`forestshuffle.plugins.manager.get_ruleset`; it is immutable by
    convention and shared by every game of that ruleset.
    """

    def __init__(
        self,
        spec: RulesetSpec,
        card_sets: list[tuple[str, CardSet]],
        registry: Registry,
        plugins: Mapping[str, str],
        options: Mapping[str, Any] | None = None,
    ) -> None:
        #: the ruleset's specification (what the plugins declared, options applied)
        self.spec = spec
        #: the ruleset's id (``base``, ``smoky``...)
        self.id = spec.id
        #: every kind the installed plugins contribute, by name (steps, sites, scoring...)
        self.registry = registry
        #: every option's value, defaults filled in (see :class:`~forestshuffle.core.spec.Option`)
        self.options: dict[str, Any] = dict(options) if options is not None else {
            o.name: o.default for o in spec.options}
        #: plugin name -> version, of every plugin the ruleset was built with
        self.plugins = dict(plugins)
        #: the card-data overrides applied, if any (see :mod:`forestshuffle.plugins.overrides`)
        self.overrides: dict[str, Any] | None = None
        #: the expansions mixed in, in the spec's order (see
        #: :class:`~forestshuffle.core.spec.ExpansionSpec`)
        self.expansions: tuple[str, ...] = ()
        #: the names of the ruleset's cards and terms in every installed language
        #: (:class:`~forestshuffle.i18n.NameBook`; see :func:`forestshuffle.i18n.book_of`)
        self.i18n: Any = None
        #: compiled count readers, by count key
        #: (see :func:`forestshuffle.core.scoring.count_getter`)
        self.count_getters: dict[str, Any] = {}
        #: tables other modules derive from the compiled ruleset, made on first use and kept
        #: here by name (scoring's plan, the document reader's index)
        self.derived: dict[str, Any] = {}
        #: the card sets the ruleset is built from, in order
        self.card_sets = [cs for _, cs in card_sets]
        self._add_cards(card_sets)
        self._add_site_kinds(spec, registry)
        self._add_kinds(spec, registry)
        self._check_counts(spec)
        self._compile_species()
        self._add_names()
        self._add_shared_actions()
        self._add_fast_paths(spec, registry)

    def _add_cards(self, card_sets: list[tuple[str, CardSet]]) -> None:
        """The card tables, from every card set in order."""
        #: card number -> card, every card of the game (winter cards included)
        self.cards: dict[int, Card] = {}
        #: species id -> species
        self.species: dict[str, Species] = {}
        #: species id -> the plugin whose card set holds it
        self.plugin_of: dict[str, str] = {}
        #: card number -> its halves as the hot path reads them (one for a tree or site)
        self.halves: dict[int, tuple[CompiledHalf, ...]] = {}
        #: card number -> the tree symbols on it
        self.card_symbols: dict[int, frozenset[str]] = {}
        #: every tree symbol of the cards, in the order first met
        self.symbols: list[str] = []
        #: every tag of the cards' species
        self.tags: set[str] = set()
        #: the number of cave cards in the box (not deck cards), from the last card set
        self.caves = 5
        for plugin, cs in card_sets:
            self._add_set(plugin, cs)
        #: the cards that make the deck (every card but the winter cards)
        self.deck_cards = tuple(c.id for c in self.cards.values() if not c.winter)
        #: the winter cards
        self.winter_cards = tuple(c.id for c in self.cards.values() if c.winter)

    def _add_site_kinds(self, spec: RulesetSpec, registry: Registry) -> None:
        """The site kinds: every registered one, the sapling's, those games can hold."""
        #: site kind id -> site kind, every registered one
        self.site_kinds = registry.site_kinds
        for data_kind, kind in spec.site_kind_map.items():
            if kind not in registry.site_kinds:
                raise CardDataError("?", f"ruleset {spec.id!r}", "site_kind_map",
                                    f"unknown site kind {kind!r} for {data_kind!r}")
        #: the site kind of a card played face down (None: the ruleset has no saplings)
        self.sapling_kind: SiteKind | None = (
            registry.site_kinds[spec.sapling_kind] if spec.sapling_kind else None
        )
        #: step kind name -> step kind
        self.step_kinds = registry.steps
        used = {self.site_kind_of(sp.site_kind) for sp in self.species.values()
                if sp.site_kind}
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

    def _add_kinds(self, spec: RulesetSpec, registry: Registry) -> None:
        """The species' compiled tables (filled by :meth:`_compile_species`) and the kinds
        the spec names: turn actions, end conditions, deck builder, declarations, state."""
        #: species -> the most cards a slot of its cards holds (None: no limit), for the
        #: species whose cards share a slot
        self.sharing: dict[str, int | None] = {}
        #: species -> the species whose cards count as its own in a shared slot (itself
        #: included), for the species whose ``shares_slot`` names others (``with``)
        self.share_kin: dict[str, frozenset[str]] = {}
        #: species -> how many trees more its site counts as
        self.extra_trees: dict[str, int] = {}
        #: species -> (slot group, tag, most cards): at a site holding such a card, the slots
        #: of that group take any cards with that tag together (a Stinging Nettle's
        #: butterflies); see :func:`forestshuffle.core.rules.may_join`
        self.site_sharing: dict[str, tuple[str, str, int | None]] = {}
        #: species -> its compiled permanent triggers
        self.triggers: dict[str, tuple[CompiledTrigger, ...]] = {}
        #: species -> its compiled scorings
        self.scorers: dict[str, tuple[CompiledScore, ...]] = {}
        #: the turn actions, in the spec's order
        self.turn_actions = [registry.turn_actions[n] for n in spec.turn_actions]
        #: action class -> the turn action that answers it
        self.action_owner: dict[type[Any], Any] = {}
        for ta in self.turn_actions:
            for cls in ta.handles:
                self.action_owner[cls] = ta
        #: the conditions that end the game, checked at the end of each turn
        self.end_conditions = [registry.end_conditions[n] for n in spec.end_conditions]
        #: the deck builder that deals the game
        self.deck_builder = registry.deck_builders[spec.deck_builder]
        #: declaration kinds players may take, in the spec's order
        self.declarations = [registry.declarations[n] for n in spec.declarations]
        #: state kinds: plugin-owned parts of the state (``state.ext[name]``)
        self.state_kinds = [registry.state_kinds[n] for n in spec.state_kinds]
        self._turn_queues: dict[tuple[int, int], tuple[Any, ...]] = {}

    def _check_counts(self, spec: RulesetSpec) -> None:
        """CardDataError unless every count the tie-breakers and limits name is known."""
        for key in spec.tie_breakers:
            try:
                self.check_count(key, of_state=True)
            except ValueError as exc:
                raise CardDataError("?", f"ruleset {spec.id!r}", "tie_breakers",
                                    str(exc)) from None
        for key in spec.limits:
            try:
                self.check_count(key)
            except ValueError as exc:
                raise CardDataError("?", f"ruleset {spec.id!r}", "limits", str(exc)) from None

    def _add_names(self) -> None:
        """The cards' names for people, and the names more than one species carries."""
        #: card number -> its name for people (both halves' for a split card)
        self.card_names: dict[int, str] = {
            c: ("Winter" if card.winter else " / ".join(h.name for h in self.halves[c]))
            for c, card in self.cards.items()
        }
        #: True when some species has permanent triggers
        self.has_triggers = bool(self.triggers)
        seen: dict[str, list[str]] = {}
        for sid, sp in self.species.items():
            for n in {sp.name.lower(), *(a.lower() for a in sp.aliases)}:
                seen.setdefault(n, []).append(sid)
        #: display names and aliases (lower case) more than one species carries (two boxes'
        #: Squeakers), with those species' ids: documents name such species by id
        self.shared_names: dict[str, list[str]] = {
            n: sorted(ids) for n, ids in seen.items() if len(ids) > 1}

    def _add_shared_actions(self) -> None:
        """The actions shared by every game of the ruleset (actions are frozen)."""
        self._actions: dict[tuple[Any, ...], Any] = {}
        from forestshuffle.core.decisions import (
            DrawFromClearing,
            DrawFromDeck,
            PayWith,
            PlayCard,
            PlaySapling,
        )

        names = self.card_names
        #: shared per-card actions, by card number
        self.take_actions = {c: DrawFromClearing(c, label=f"take {n} from the clearing")
                             for c, n in names.items()}
        #: card number -> the shared PlayCard of it
        self.play_actions = {c: PlayCard(c, label=f"play {n}") for c, n in names.items()}
        #: card number -> the shared PlaySapling of it
        self.sapling_actions = {
            c: PlaySapling(c, label=f"plant {n} face down as a sapling") for c, n in names.items()
        }
        #: card number -> the shared PayWith of it
        self.pay_actions = {c: PayWith(c, label=f"pay with {n}") for c, n in names.items()}
        #: the shared action drawing from the deck
        self.draw_deck_action = self.action(DrawFromDeck, label="draw from the deck")

    def _add_fast_paths(self, spec: RulesetSpec, registry: Registry) -> None:
        """What the fast paths read: the core's kinds, the core turn's tables, caches."""
        #: the kinds that are exactly the core's, as ``family:name`` (``steps:reveal``,
        #: ``turn_actions:draw``): those the core plugin contributes, which no plugin can
        #: replace. The fast paths that stand in for a core kind (a step made at once
        #: instead of queued, a turn's options built in one pass) consult it, and only it.
        self.core_kinds: frozenset[str] = frozenset(
            key for key, owner in registry.owners.items() if owner == CORE_PLUGIN)
        #: True when the turn is the core's draw, play and sapling and nothing changes what
        #: they offer (plain slots, no limits, capped draws): its options are built in one
        #: pass (:func:`forestshuffle.kinds.turn.core_turn_options`)
        self.core_turn = (
            spec.turn_actions == ("draw", "play", "sapling") and self.plain_slots
            and not spec.limits and spec.draw_cap
            and all(f"turn_actions:{n}" in self.core_kinds for n in spec.turn_actions))
        self._take_picks: dict[int, Any] = {}
        #: what the core turn's option builder reads, made on its first use
        #: (:class:`forestshuffle.kinds.turn.TurnTable`)
        self.turn_table: Any = None
        #: what the core's decisions show, made once per ruleset: a placement's or payment's
        #: prompt by (what, card, half, owed), an offer's prompt and options by
        #: ("offer", species, "effect" or "bonus")
        self.prompts: dict[tuple[Any, ...], Any] = {}
        #: id of a half of its cards -> the slot definitions that take it
        #: (``rules.slot_takers``, made on use)
        self.takers: dict[int, frozenset[Any]] = {}

    def take_actions_pick(self, card: int) -> Any:
        """A shared PickCard for taking *card* from the clearing."""
        a = self._take_picks.get(card)
        if a is None:
            from forestshuffle.core.decisions import PickCard

            a = self._take_picks[card] = PickCard(
                card, label=f"take {self.card_names[card]} from the clearing")
        return a

    def action(self, cls: type[Any], *fields: Any, label: str) -> Any:
        """A shared instance of an action (actions are frozen; sharing saves allocations),
        one per class, fields and label."""
        key = (cls, fields, label)
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
            self._add_species(plugin, cs, sp)
        for card in cs.cards:
            self._add_card(plugin, card)

    def _add_species(self, plugin: str, cs: CardSet, sp: Species) -> None:
        item = f"species {sp.id!r}"
        if sp.id in self.species:
            raise self._err(plugin, item, "id", "a species with this id already exists "
                            f"(plugin {self.plugin_of[sp.id]!r})")
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

    def _add_card(self, plugin: str, card: Card) -> None:
        item = f"card {card.id}"
        if card.id in self.cards:
            raise self._err(plugin, item, "id", "a card with this number already exists")
        if card.winter:
            if card.halves:
                raise self._err(plugin, item, "halves", "a winter card has no halves")
            self.cards[card.id] = card
            return
        if len(card.halves) not in (1, 2):
            raise self._err(plugin, item, "halves", "a card has one or two halves")
        compiled = [self._compile_half(plugin, item, i, h) for i, h in enumerate(card.halves)]
        if len(compiled) == 2 and Position.CENTER in (h.position for h in compiled):
            raise self._err(plugin, item, "halves", "a split card cannot hold a tree")
        self.cards[card.id] = card
        self.halves[card.id] = tuple(compiled)
        self.card_symbols[card.id] = frozenset(
            h.symbol for h in compiled if h.symbol is not None
        )

    def _compile_half(self, plugin: str, item: str, i: int, h: Half) -> CompiledHalf:
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
        return CompiledHalf(h.species, h.position, h.symbol, hsp.tags, hsp.cost,
                            self.site_kind_of(hsp.site_kind) if hsp.site_kind else None,
                            hsp.name, frozenset(hsp.needs), hsp.kind)

    def check_count(self, key: str, *, of_state: bool = False) -> None:
        """Raise ValueError unless *key* names a known count (``kind`` or ``kind:arg``); a
        count of the whole state (``hand``) only with *of_state* (tie-breakers)."""
        kind, _, arg = key.partition(":")
        ck = self.registry.counts.get(kind)
        if ck is None:
            raise ValueError(f"unknown count kind {kind!r} "
                             f"(known: {', '.join(sorted(self.registry.counts))})")
        if ck.needs_state and not of_state:
            raise ValueError(f"count {kind!r} reads the game state, not a forest: card "
                             "scoring and effects cannot use it")
        if ck.takes_arg and not arg:
            raise ValueError(f"count {kind!r} needs an argument ({kind}:...)")
        if not ck.takes_arg and arg:
            raise ValueError(f"count {kind!r} takes no argument")
        ck.validate_arg(arg, self)

    def _not_an_effect(self, name: str, kind: Any) -> str:
        """Why step kind *name* (*kind*, None if no plugin contributes it) cannot be a card's
        effect or bonus."""
        if kind is not None:
            owner = self.registry.owners.get(f"steps:{name}", "?")
            return (f"step kind {name!r} (plugin {owner!r}) is not a card effect: its class "
                    f"does not set card_effect = True, which a step kind needs to be named in "
                    f"a card's effect or bonus")
        known = sorted(n for n, k in self.step_kinds.items() if k.card_effect)
        return f"unknown effect kind {name!r} (known: {', '.join(known)})"

    def _check_step_specs(self, plugin: str, item: str, field: str, specs: Iterable[Spec]) -> None:
        for i, spec in enumerate(specs):
            kind = self.step_kinds.get(spec.kind)
            if kind is None or not kind.card_effect:
                raise self._err(plugin, item, f"{field}[{i}].kind",
                                self._not_an_effect(spec.kind, kind))
            try:
                kind.validate(spec.args, self)
            except (ValueError, KeyError, TypeError) as exc:
                raise self._err(plugin, item, f"{field}[{i}].args", str(exc)) from None

    def _check_group(self, groups: dict[str, tuple[str, Spec]], group: str, sid: str,
                     spec: Spec, field: str) -> None:
        """One scoring group, one way to score it: the cards of a group are scored together
        by one of their specs, so two species giving it different specs (a table changed by
        overrides for one of them) would score by whichever card comes first."""
        first = groups.setdefault(group, (sid, spec))
        if first[1] != spec:
            raise self._err(self.plugin_of[sid], f"species {sid!r}", field,
                            f"scores the group {group!r} by {spec.kind} {dict(spec.args)!r}, "
                            f"but species {first[0]!r} scores it by {first[1].kind} "
                            f"{dict(first[1].args)!r}: one group, one table"[:400])

    def _compile_species(self) -> None:
        """Every species' triggers, scorings, sharing rule and modifiers, checked and
        compiled into the ruleset's tables."""
        slot_groups = {sd.group_name for k in self.registry.site_kinds.values() for sd in k.slots}
        groups: dict[str, tuple[str, Spec]] = {}  # scoring group -> (species, its spec)
        for sid, sp in self.species.items():
            plugin = self.plugin_of[sid]
            item = f"species {sid!r}"
            self._check_step_specs(plugin, item, "effect", sp.effect)
            self._check_step_specs(plugin, item, "bonus", sp.bonus)
            trig = tuple(self._compile_trigger(plugin, sid, i, t)
                         for i, t in enumerate(sp.triggers))
            if trig:
                self.triggers[sid] = trig
            self.scorers[sid] = tuple(self._compile_score(plugin, sid, i, sc, groups)
                                      for i, sc in enumerate(sp.score))
            if sp.sharing is not None:
                self._compile_sharing(plugin, sid, sp.sharing)
            for i, m in enumerate(sp.modifiers):
                self._compile_modifier(plugin, sid, i, m, slot_groups)
        for sid, kin in self.share_kin.items():
            unknown = sorted(k for k in kin if k not in self.species)
            if unknown:
                raise self._err(self.plugin_of.get(sid, "?"), f"species {sid!r}",
                                "sharing.args.with", f"unknown species {unknown[0]!r}")

    def _checked_kind(self, table: dict[str, Any], what: str, spec: Spec, plugin: str,
                      item: str, field: str) -> Any:
        """The kind of *spec* in *table* (the registry's kinds of one family, *what*), its
        arguments validated; CardDataError at *item*'s *field* (``.kind`` or ``.args``)."""
        kind = table.get(spec.kind)
        if kind is None:
            raise self._err(plugin, item, f"{field}.kind", f"unknown {what} kind {spec.kind!r} "
                                                           f"(known: {', '.join(sorted(table))})")
        try:
            kind.validate(spec.args, self)
        except (ValueError, KeyError, TypeError) as exc:
            raise self._err(plugin, item, f"{field}.args", str(exc)) from None
        return kind

    def _compile_trigger(self, plugin: str, sid: str, i: int, t: Spec) -> CompiledTrigger:
        item = f"species {sid!r}"
        tk = self._checked_kind(self.registry.triggers, "trigger", t, plugin, item,
                                f"triggers[{i}]")
        try:
            matches = tk.compile(t.args, self)
        except (ValueError, KeyError, TypeError) as exc:
            raise self._err(plugin, item, f"triggers[{i}].args", str(exc)) from None
        effect = tuple(t.args.get("effect", ()))
        self._check_step_specs(plugin, item, f"triggers[{i}].effect", effect)
        return CompiledTrigger(sid, i, matches, bool(t.args.get("from_next_turn", False)),
                               bool(t.args.get("optional", True)), effect,
                               bool(t.args.get("before_effects", False)))

    def _compile_score(self, plugin: str, sid: str, i: int, s: Spec,
                       groups: dict[str, tuple[str, Spec]]) -> CompiledScore:
        item = f"species {sid!r}"
        skind = self._checked_kind(self.registry.scoring, "scoring", s, plugin, item,
                                   f"score[{i}]")
        for key in ("count", "of"):
            if isinstance(s.args.get(key), str):
                try:
                    self.check_count(s.args[key])
                except ValueError as exc:
                    raise self._err(plugin, item, f"score[{i}].args.{key}",
                                    str(exc)) from None
        group = skind.group_key(s.args, sid)
        if group is not None:
            self._check_group(groups, group, sid, s, f"score[{i}]")
        full = skind.compile(s.args, sid, self)
        return CompiledScore(s.kind, group, full, skind.points_scorer(
            s.args, sid, self, full, group is not None))

    def _compile_sharing(self, plugin: str, sid: str, sharing: Spec) -> None:
        item = f"species {sid!r}"
        if sharing.kind != "shares_slot":
            raise self._err(
                plugin, item, "sharing.kind",
                f"unknown sharing rule {sharing.kind!r} (known: shares_slot)")
        mx = sharing.args.get("max_cards")
        if mx is not None and (not isinstance(mx, int) or mx < 2):
            raise self._err(plugin, item, "sharing.args.max_cards",
                            "must be a whole number >= 2 or None")
        kin = sharing.args.get("with", ())
        if set(sharing.args) - {"max_cards", "with"} or not isinstance(
                kin, list | tuple) or not all(isinstance(k, str) for k in kin):
            raise self._err(plugin, item, "sharing.args",
                            "shares_slot takes max_cards and with (a list of "
                            "species ids)")
        self.sharing[sid] = mx
        if kin:
            self.share_kin[sid] = frozenset((sid, *kin))

    def _compile_modifier(self, plugin: str, sid: str, i: int, m: Spec,
                          slot_groups: set[str]) -> None:
        item = f"species {sid!r}"
        if m.kind == "counts_as_tree":
            self.extra_trees[sid] = self.extra_trees.get(sid, 0) + int(m.args.get("n", 1))
        elif m.kind == "hosts_sharing":
            role, tag, mx = m.args.get("slot"), m.args.get("tag"), m.args.get("max_cards")
            if role not in slot_groups or tag not in self.tags or not (
                    mx is None or (type(mx) is int and mx >= 2)) or set(m.args) - {
                    "slot", "tag", "max_cards"}:
                raise self._err(plugin, item, f"modifiers[{i}].args",
                                "hosts_sharing needs a slot group, a known tag and "
                                "max_cards (None or a whole number >= 2)")
            self.site_sharing[sid] = (role, tag, mx)
        else:
            raise self._err(plugin, item, f"modifiers[{i}].kind",
                            f"unknown modifier {m.kind!r} (known: "
                            f"{', '.join(MODIFIERS)})")

    # -- reading ---------------------------------------------------------------------

    def site_kind_of(self, data_kind: str) -> str:
        """The site kind this ruleset uses for a card whose data names *data_kind*."""
        return self.spec.site_kind_map.get(data_kind, data_kind)

    def seats(self, players: int) -> tuple[AutomatonSeat, ...]:
        """The automated seats of a game of *players* players (seat numbers from *players*)."""
        return self.spec.seats_for(players)

    def turn_queue(self, seat: int, players: int) -> tuple[Any, ...]:
        """The steps a turn of *seat* queues: a player's turn step, the end-of-turn rules and
        ``end_turn``; an automated seat's turn step and ``end_turn``. Shared, frozen steps."""
        key = (seat, players)
        q = self._turn_queues.get(key)
        if q is None:
            if seat < players:
                q = (Step(self.spec.turn_step, seat),
                     *(Step(k, seat) for k in self.spec.end_of_turn), Step("end_turn", seat))
            else:
                q = (Step(self.seats(players)[seat - players].turn, seat),
                     Step("end_turn", seat))
            self._turn_queues[key] = q
        return q

    def name_of(self, card: int, half: int | None = None) -> str:
        """A card's display name: the species of *half*, or both halves joined."""
        if half is None:
            return self.card_names[card]
        return self.halves[card][half].name

    def is_tree_card(self, card: int) -> bool:
        """Whether the card is a tree: its species is of kind ``"tree"``. Other site cards
        (a river terrain card) and winter cards are not; see :meth:`opens_site`."""
        hs = self.halves.get(card)
        return bool(hs) and hs[0].kind == "tree"  # type: ignore[index]

    def opens_site(self, card: int) -> bool:
        """Whether the card, played, opens a site of its own: a tree or another site card
        (a river terrain card), as opposed to a dweller put into a slot."""
        hs = self.halves.get(card)
        return bool(hs) and hs[0].position is _CENTER  # type: ignore[index]

    def __copy__(self) -> Ruleset:
        """The ruleset itself: it is immutable by convention and shared by its games."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        """The ruleset itself (so ``copy.deepcopy(game)`` shares it, like ``clone``)."""
        return self

    def __repr__(self) -> str:
        return f"<Ruleset {self.id!r}: {len(self.cards)} cards>"
