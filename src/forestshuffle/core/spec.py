"""What a plugin declares to make a rule system playable: :class:`RulesetSpec`, its
:class:`Option` values and its :class:`AutomatonSeat` seats.

A spec is plain data; :class:`~forestshuffle.core.ruleset.Ruleset` is what a spec compiles to.
Options are resolved before compiling (:func:`resolve_options`): an option may change spec
fields, and every kind can read the chosen values as ``rules.options``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from forestshuffle.errors import OptionError


def _int_keys(value: Mapping[Any, int]) -> dict[int, int]:
    return {int(k): int(v) for k, v in value.items()}


def _int_keyed(value: Mapping[Any, str]) -> dict[int, str]:
    return {int(k): v for k, v in value.items()}


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _values(value: Iterable[OptionValue]) -> tuple[OptionValue, ...]:
    return tuple(value)



@attrs.frozen
class AutomatonSeat:
    """A seat played by a rule kind, not a person (a solo opponent).

    Attributes:
        name: the seat's display name (``Rotom``).
        turn: step kind that plays the seat's whole turn, without asking anybody.
        players: the player counts whose games have this seat (empty: every game).
    """

    name: str
    turn: str
    players: tuple[int, ...] = attrs.field(default=(), converter=_ints)


OptionValue = bool | int | str


@attrs.frozen
class Option:
    """An option a game of a ruleset may set, validated when the game is made.

    Attributes:
        name: the option's name (``saplings``).
        default: its value when not given; its type is the option's type (bool, int, str).
        doc: one line for people (``forestshuffle rulesets`` shows it).
        choices: the allowed values (empty: any value of the type, within the bounds).
        minimum: the lower bound of a whole-number option, or None.
        maximum: the upper bound of a whole-number option, or None.
        changes: the spec fields a value changes (``lambda v: {"limits": {"saplings": v}}``;
            the tables in :data:`MERGED_FIELDS` are changed entry by entry, every other
            field replaced); kinds may also read ``rules.options[name]``.
        card_changes: changes a value makes to the card data, in the shape of an override
            file (``{"species": {"base.x": {...}}}``, see :mod:`forestshuffle.plugins.overrides`;
            empty for none), applied after the expansions' ``changes`` and before the
            game's overrides.
    """

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] = attrs.field(default=(), converter=_values)
    minimum: int | None = None
    maximum: int | None = None
    changes: Callable[[Any], Mapping[str, Any]] | None = attrs.field(
        default=None, eq=False, repr=False)
    card_changes: Callable[[Any], Mapping[str, Any]] | None = attrs.field(
        default=None, eq=False, repr=False)

    def check(self, value: Any) -> OptionValue:
        """*value* if it is valid for this option, else raise :class:`OptionError`."""
        kind = type(self.default)
        if type(value) is not kind:
            raise OptionError(f"option {self.name!r} takes a {kind.__name__}, not {value!r}")
        if self.choices and value not in self.choices:
            raise OptionError(f"option {self.name!r} is one of "
                              f"{', '.join(map(repr, self.choices))}, not {value!r}")
        if isinstance(value, int) and not isinstance(value, bool) and (
                (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)):
            raise OptionError(f"option {self.name!r} is from {self.minimum} to "
                              f"{self.maximum}, not {value!r}")
        checked: OptionValue = value
        return checked


def _seats(value: Iterable[AutomatonSeat]) -> tuple[AutomatonSeat, ...]:
    return tuple(value)


def _options(value: Iterable[Option]) -> tuple[Option, ...]:
    return tuple(value)


@attrs.frozen(hash=False)
class RulesetSpec:
    """A playable rule system as a plugin declares it.

    Attributes:
        id: the ruleset id used by ``new_game`` (``base``).
        name: display name.
        card_sets: ids of the card sets that make up the deck.
        min_players: the fewest players.
        max_players: the most players.
        removal: cards returned unseen to the box at set-up, by player count.
        deck_builder: name of a registered deck builder.
        opening_hand: cards each player draws at set-up.
        mulligan: ``"no_tree"`` (a hand without a tree may be redrawn once) or None.
        hand_limit: most cards a hand may hold.
        clearing_limit: the clearing is emptied at the end of a turn when it holds this many.
        draws_per_turn: cards taken by the draw action.
        winters_to_end: the winter card that ends the game at once.
        winters_by_players: the winter card that ends the game for player counts where it
            is not ``winters_to_end`` (``{1: 1}``: a solo game dealt with one winter card).
        winter_steps: step kinds queued when the Nth winter card comes off the deck
            (``{2: "my_plugin.event"}``), at the head of the queue as the card is revealed
            (an event right after its ``WinterRevealed``): it runs within the turn, once the
            events of the step that took the card are folded (steps that step queues at the
            head after that event run first); a winter card that ends the game queues
            nothing.
        turn_actions: names of registered turn actions, in option order.
        end_conditions: names of extra end conditions checked at the end of each turn.
        sapling_kind: site kind of a card played face down as a sapling, or None.
        aliases: other names for the ruleset.
        face_down_kinds: other site kinds effects may open with a face-down card.
        cannot_act: step kind run when a player can neither draw nor play (None: the turn
            just ends; the base game never gets there).
        turn_step: step kind of a player's turn (the core's ``turn`` asks for one of the
            ``turn_actions``); a ruleset may name its own.
        end_of_turn: step kinds queued at the end of each player's turn, in order, before the
            clearing check (discarding down to the hand limit...).
        winter_ends: ``"at_once"`` (the last winter card ends the game before anything else
            happens) or ``"after_turn"`` (the current turn is finished first).
        end_conditions: names of extra end conditions checked at the end of each turn.
        draw_cap: draws stop at the hand limit (the draw action needs room); False lets hands
            grow during a turn (an ``end_of_turn`` rule then deals with the limit).
        tie_breakers: count keys (``trees``, ``dwellers``, ``hand``...) compared in order
            between players tied on points; still tied after them: a shared win.
        limits: per player per game, count key -> the most a turn action that raises that
            count may reach (``{"saplings": 3}``); see ``TurnAction.raises``.
        site_kind_map: site kind of the card data -> the site kind this ruleset uses instead
            (``{"tree": "house_tree"}`` plays the same trees with another slot layout).
        automata: seats played by a rule kind rather than a person (a solo opponent).
        declarations: names of declaration kinds a player may take at any of their decisions
            when its condition holds (declare an immediate win...).
        state_kinds: names of state kinds: plugin-owned parts of the game state.
        options: the options a game of this ruleset may set (``new_game(options=...)``).
        expansions: ids of expansions a game of this ruleset may add besides those that name
            the ruleset themselves (``ExpansionSpec.rulesets``); see :class:`ExpansionSpec`.
        removal_with: cards returned to the box by the number of expansions added (those
            that add card sets; an expansion of rules or mode cards only is not counted), then
            by player count (``{1: {2: 55, ...}, 2: {2: 90, ...}}``); ``removal`` without any.
            A ruleset that declares it takes the expansions that name it.
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
    winters_by_players: dict[int, int] = attrs.field(factory=dict, converter=_int_keys)
    winter_steps: dict[int, str] = attrs.field(factory=dict, converter=_int_keyed)
    turn_actions: tuple[str, ...] = attrs.field(
        default=("draw", "play", "sapling"), converter=_names
    )
    end_conditions: tuple[str, ...] = attrs.field(default=(), converter=_names)
    sapling_kind: str | None = "sapling"
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_names)
    face_down_kinds: tuple[str, ...] = attrs.field(default=(), converter=_names)
    cannot_act: str | None = None
    turn_step: str = "turn"
    end_of_turn: tuple[str, ...] = attrs.field(default=(), converter=_names)
    winter_ends: str = "at_once"
    draw_cap: bool = True
    tie_breakers: tuple[str, ...] = attrs.field(default=(), converter=_names)
    limits: dict[str, int] = attrs.field(factory=dict)
    site_kind_map: dict[str, str] = attrs.field(factory=dict)
    automata: tuple[AutomatonSeat, ...] = attrs.field(default=(), converter=_seats)
    declarations: tuple[str, ...] = attrs.field(default=(), converter=_names)
    state_kinds: tuple[str, ...] = attrs.field(default=(), converter=_names)
    options: tuple[Option, ...] = attrs.field(default=(), converter=_options)
    expansions: tuple[str, ...] = attrs.field(default=(), converter=_names)
    removal_with: dict[int, dict[int, int]] = attrs.field(factory=dict)

    def winters_for(self, players: int) -> int:
        """The winter card that ends a game of *players* players."""
        return self.winters_by_players.get(players, self.winters_to_end)

    def seats_for(self, players: int) -> tuple[AutomatonSeat, ...]:
        """The automated seats a game of *players* players has (after the players' seats)."""
        return tuple(a for a in self.automata if not a.players or players in a.players)




@attrs.frozen(hash=False)
class ExpansionSpec:
    """An expansion a plugin contributes: more card sets mixed into a ruleset's deck.

    Attributes:
        id: the expansion id used by ``new_game(expansions=[...])`` (``alpine``).
        name: display name.
        card_sets: ids of the card sets it adds (none for an expansion of rules or mode cards
            only, which does not count for ``RulesetSpec.removal_with``).
        rulesets: ids of the rulesets it extends (each takes it when it declares
            ``removal_with``, the removal by number of expansions); a ruleset may also name
            it in its own ``expansions``.
        changes: changes to the other card sets' data while it is mixed in, in the shape of
            an override file (``{"species": {"base.x": {"score": [...]}}}``; see
            :mod:`forestshuffle.plugins.overrides`): base cards whose rules grow with the expansion.
        requires: other expansions it needs alongside (their changes apply first).
        options: options a game may set while the expansion is mixed in; they join the
            ruleset's options (``new_game(..., options=...)``, records, documents). Two
            expansions may declare the same option (equal name, default, doc and bounds):
            it is one option, and the changes of both apply.
    """

    id: str
    name: str
    card_sets: tuple[str, ...] = attrs.field(converter=_names)
    rulesets: tuple[str, ...] = attrs.field(default=(), converter=_names)
    changes: dict[str, Any] = attrs.field(factory=dict)
    requires: tuple[str, ...] = attrs.field(default=(), converter=_names)
    options: tuple[Option, ...] = attrs.field(default=(), converter=_options)


#: The spec fields whose mapping an option's ``changes`` merge into (entry by entry) rather
#: than replace: tables of independent entries. Every other field is replaced.
MERGED_FIELDS = frozenset({"limits", "site_kind_map"})


def merge_options(own: Iterable[Option], added: Iterable[Option]) -> tuple[Option, ...]:
    """*own* options followed by those of *added* not already among them (by name).

    An added option named like an earlier one must equal it (name, default, doc, choices,
    bounds), else :class:`OptionError`: two meanings cannot share a name.
    """
    out = {o.name: o for o in own}
    for o in added:
        if o.name not in out:
            out[o.name] = o
        elif out[o.name] != o:
            raise OptionError(f"option {o.name!r} is declared twice, differently "
                              f"({out[o.name]!r} and {o!r})")
    return tuple(out.values())


def resolve_options(
    spec: RulesetSpec, given: Mapping[str, Any] | None, added: Iterable[Option] = ()
) -> tuple[RulesetSpec, dict[str, OptionValue]]:
    """The spec with the chosen option values applied, and every option's value (defaults
    filled in). Raises :class:`OptionError` for an unknown option or a bad value.

    *added* are the options of the expansions mixed in (:func:`merge_options`): they join
    the returned spec's ``options``, and the ``changes`` of each apply (an option declared
    twice applies both declarations' changes).
    """
    added = tuple(added)
    if added:
        spec = attrs.evolve(spec, options=merge_options(spec.options, added))
    declared = {o.name: o for o in spec.options}
    if given is not None and not isinstance(given, Mapping):
        raise OptionError(f"options must be a mapping of names to values, not {given!r}")
    given = dict(given or {})
    unknown = sorted(set(given) - set(declared))
    if unknown:
        known = ", ".join(sorted(declared)) or "none"
        raise OptionError(f"ruleset {spec.id!r} has no option(s) {', '.join(unknown)} "
                          f"(options: {known})")
    values = {n: (o.check(given[n]) if n in given else o.default) for n, o in declared.items()}
    changes: dict[str, Any] = {}
    for o in (*declared.values(), *(a for a in added if declared[a.name] is not a)):
        if o.changes is not None:
            for field, value in o.changes(values[o.name]).items():
                now = changes.get(field, getattr(spec, field))
                # a table of independent entries is merged: options change entries of it;
                # any other field (a removal table too) is replaced as a whole
                changes[field] = ({**now, **value} if field in MERGED_FIELDS
                                  and isinstance(value, Mapping) and isinstance(now, Mapping)
                                  else value)
    return (attrs.evolve(spec, **changes) if changes else spec), values

