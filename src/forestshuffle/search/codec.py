"""The action codec: a fixed integer code for every action a game of a ruleset can offer.

A ruleset (with its options and expansions) has one action space of
:attr:`Codec.size` codes, laid out in *blocks*, one per action class, in this order:

1. the core's actions, always in this order: ``DrawFromDeck``, ``DrawFromClearing(card)``,
   ``PlayCard(card)``, ``PlaySapling(card)``, ``PayWith(card)``, ``PickCard(card)``,
   ``Place(half, site, slot)``, ``Use``, ``Pass``, ``KeepHand``, ``Redraw``,
   ``Declare(name)``;
2. the plugins' own action classes, sorted by their ``type_name``: those of the plugins
   the ruleset is built from (its card sets and expansions, the plugins contributing the
   kinds its spec and its species name).

Within a block the fields are mixed-radix digits, the last field varying fastest. The
domains: a ``card`` field takes the ruleset's card ids in increasing order; ``Place.half``
``0`` or ``1``; ``Place.site`` ``0`` to the number of non-winter cards minus one (a forest
never has more sites); ``Place.slot`` the slot names of the site kinds the ruleset uses, and
``center``, sorted; ``Declare.name`` the spec's declarations in its order; a ``bool`` field
``False, True``; any other field of a plugin action the values its class lists in
``codec_domains`` (a class attribute: field name -> sequence of values). A block with no field
has one code. ``docs/rl.md`` shows the layout; :meth:`Codec.layout` lists it.

The layout depends only on the ruleset's definition (its cards, site kinds, declarations and
the plugin action classes it uses), so codes are stable across library versions for the same
ruleset; a plugin that adds an action class moves the codes of plugin classes sorted after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from forestshuffle.core.decisions import (
    Action,
    Declare,
    DrawFromClearing,
    DrawFromDeck,
    KeepHand,
    Pass,
    PayWith,
    PickCard,
    Place,
    PlayCard,
    PlaySapling,
    Redraw,
    Use,
    find_option,
)
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.errors import CodecError
from forestshuffle.safety import printable, strict_int

#: The core's action classes, in the order of their blocks.
CORE_BLOCKS: tuple[type[Action], ...] = (
    DrawFromDeck, DrawFromClearing, PlayCard, PlaySapling, PayWith, PickCard, Place, Use, Pass,
    KeepHand, Redraw, Declare)


@attrs.frozen
class Block:
    """The codes of one action class: ``start`` to ``start + size - 1``; ``fields`` are
    (name, domain) in digit order, the last varying fastest."""

    cls: type[Action]
    start: int
    size: int
    fields: tuple[tuple[str, tuple[Any, ...]], ...]

    @property
    def name(self) -> str:
        """The class's record tag (``PlayCard``, ``test.Guess``)."""
        return self.cls.type_name or self.cls.__name__


def _numpy() -> Any:
    """numpy, or None when it is not installed (imported on first use only)."""
    global _NP
    if _NP is False:
        try:
            import numpy
        except ImportError:
            _NP = None
        else:
            _NP = numpy
    return _NP


_NP: Any = False


def ruleset_plugins(rules: Ruleset) -> set[str]:
    """The plugins a ruleset is built from: those of its card sets and expansions (and the
    core), and the owners of every kind its spec and its species name."""
    spec = rules.spec
    owners = rules.registry.owners
    keys = [f"steps:{spec.turn_step}", *(f"steps:{k}" for k in spec.end_of_turn),
            *(f"steps:{a.turn}" for a in spec.automata),
            *(f"turn_actions:{k}" for k in spec.turn_actions),
            *(f"end_conditions:{k}" for k in spec.end_conditions),
            *(f"declarations:{k}" for k in spec.declarations),
            *(f"state_kinds:{k}" for k in spec.state_kinds),
            f"deck_builders:{spec.deck_builder}",
            *(f"site_kinds:{k}" for k in rules.used_site_kinds)]
    if spec.cannot_act:
        keys.append(f"steps:{spec.cannot_act}")
    for sp in rules.species.values():
        for s in (*sp.effect, *sp.bonus):
            keys.append(f"steps:{s.kind}")
        for t in sp.triggers:
            keys.append(f"triggers:{t.kind}")
            keys.extend(f"steps:{s.kind}" for s in t.args.get("effect", ()))
        keys.extend(f"scoring:{s.kind}" for s in sp.score)
    out = set(rules.plugins)
    out.update(owners[k] for k in keys if k in owners)
    return out


def _domains(rules: Ruleset, cls: type[Action]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    cards = tuple(sorted(rules.cards))
    if cls is Place:
        slots = {"center"} | {sd.name for k in rules.used_site_kinds.values() for sd in k.slots}
        return (("half", (0, 1)), ("site", tuple(range(len(rules.deck_cards)))),
                ("slot", tuple(sorted(slots))))
    if cls is Declare:
        return (("name", tuple(rules.spec.declarations)),)
    declared: Mapping[str, Sequence[Any]] = getattr(cls, "codec_domains", {})
    out = []
    for f in attrs.fields(cls):
        if not f.eq:
            continue
        typ = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if f.name in declared:
            out.append((f.name, tuple(declared[f.name])))
        elif typ == "bool":
            out.append((f.name, (False, True)))
        elif f.name == "card" and typ == "int":
            out.append((f.name, cards))
        else:
            raise CodecError(f"action class {cls.__name__} has a field {f.name!r} ({typ}) "
                             "without a domain: list its values in the class attribute "
                             "codec_domains")
    return tuple(out)


#: the most action objects a codec keeps the codes of (then it forgets them all)
_KNOWN_MAX = 1 << 16


class Codec:
    """The action space of a ruleset (see the module's docstring). Get it with
    :func:`codec_of`; ``game.encode``, ``game.decode`` and ``game.legal_actions_mask`` use
    it."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        plugins = ruleset_plugins(rules)
        owners = rules.registry.owners
        extra = [cls for name, cls in sorted(rules.registry.actions.items())
                 if owners.get(f"actions:{name}") in plugins]
        blocks = []
        start = 0
        for cls in (*CORE_BLOCKS, *extra):
            fields = _domains(rules, cls)
            size = 1
            for _, dom in fields:
                size *= len(dom)
            blocks.append(Block(cls, start, size, fields))
            start += size
        #: the blocks, in code order
        self.blocks: tuple[Block, ...] = tuple(blocks)
        #: the number of codes
        self.size = start
        self._index = {b.cls: tuple({(type(v), v): i for i, v in enumerate(dom)}
                                    for _, dom in b.fields) for b in blocks}
        self._starts = [b.start for b in blocks]
        #: per class: its block's start and, per field in digit order, (name, value index,
        #: domain size)
        self._plans = {b.cls: (b.start, tuple(
            (name, index, len(dom)) for (name, dom), index in zip(
                b.fields, self._index[b.cls], strict=True))) for b in blocks}
        #: by id: action objects already encoded, and their codes (:meth:`codes`)
        self._known: dict[int, tuple[Action, int]] = {}

    def encode(self, action: Action) -> int:
        """The code of *action* (CodecError if it has none: a class or a field value outside
        the action space, or a value of another type than its domain's)."""
        plan = self._plans.get(type(action))
        if plan is None:
            raise CodecError(f"{type(action).__name__} has no code in the action space of "
                             f"ruleset {self.rules.id!r}")
        code = 0
        for name, index, n in plan[1]:
            v = getattr(action, name)
            i = index.get((type(v), v))
            if i is None:
                raise CodecError(f"{type(action).__name__}.{name} = {printable(repr(v))[:40]} "
                                 f"has no code in the action space of ruleset "
                                 f"{self.rules.id!r}")
            code = code * n + i
        return plan[0] + code

    def block_of(self, code: int) -> Block:
        """The block holding *code* (CodecError unless ``0 <= code < size`` is an int)."""
        if not strict_int(code) or not 0 <= code < self.size:
            raise CodecError(f"no action code {printable(repr(code))[:40]} (a whole number "
                             f"from 0 to {self.size - 1})")
        lo, hi = 0, len(self.blocks) - 1
        while lo < hi:  # the last block starting at or before code
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= code:
                lo = mid
            else:
                hi = mid - 1
        return self.blocks[lo]

    def decode(self, code: int, options: Iterable[Action] = ()) -> Action:
        """The action of *code*: among *options* (a decision's, labels and all) if it is one
        of them, else a new action without label."""
        block = self.block_of(code)
        rest = code - block.start
        values: list[Any] = []
        for _, dom in reversed(block.fields):
            rest, i = divmod(rest, len(dom))
            values.append(dom[i])
        kwargs = {name: v for (name, _), v in zip(block.fields, reversed(values), strict=True)}
        action = block.cls(**kwargs)
        found = find_option(options, action)
        return found if found is not None else action

    def codes(self, options: Iterable[Action]) -> list[int]:
        """The codes of *options*, in their order (each action object's code is kept: a
        ruleset shares one object per action, ``Ruleset.action``)."""
        known = self._known
        out = []
        for a in options:
            got = known.get(id(a))
            if got is None or got[0] is not a:
                if len(known) >= _KNOWN_MAX:
                    known.clear()
                got = known[id(a)] = (a, self.encode(a))
            out.append(got[1])
        return out

    def mask(self, options: Iterable[Action]) -> Any:
        """One bool per code, True for *options*' codes: a numpy bool array when numpy is
        installed, else a list."""
        codes = self.codes(options)
        np = _numpy()
        if np is not None:
            out = np.zeros(self.size, dtype=bool)
            out[codes] = True
            return out
        lst = [False] * self.size
        for c in codes:
            lst[c] = True
        return lst

    def layout(self) -> list[dict[str, Any]]:
        """The blocks as data: name, first code, size, and each field with its domain's
        size (and values, for domains of fewer than 20)."""
        return [{"action": b.name, "start": b.start, "size": b.size,
                 "fields": [{"name": n, "values": len(d), **({"domain": list(d)}
                                                            if len(d) < 20 else {})}
                            for n, d in b.fields]}
                for b in self.blocks]


def codec_of(rules: Ruleset) -> Codec:
    """The codec of *rules*, built once per compiled ruleset (kept in ``rules.derived``)."""
    c: Codec | None = rules.derived.get("codec")
    if c is None:
        c = rules.derived["codec"] = Codec(rules)
    return c
