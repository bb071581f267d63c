"""The built ruleset as data for the native core: :func:`export` turns a
:class:`~forestshuffle.core.ruleset.Ruleset` into one JSON text the extension parses once (and
keeps), with every card, species (its kinds by name, with their arguments), site kind, table,
spec number and the action codec's layout. The native core holds no card facts of its own."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from forestshuffle.native._export_scoring import scoring_counts
from forestshuffle.search.codec import codec_of

if TYPE_CHECKING:
    from forestshuffle.core.cards import Spec
    from forestshuffle.core.ruleset import Ruleset

#: bump when the exported shape changes (the extension checks it)
FORMAT = 1


def _plain(value: Any) -> Any:
    """*value* as JSON data: mappings as dicts, sets sorted, tuples as lists."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "kind") and hasattr(value, "args"):  # a Spec nested in args
        return _spec(value)
    return value


def _spec(s: Spec) -> dict[str, Any]:
    return {"kind": s.kind, "args": _plain(s.args)}


def _site_kind(kind: Any) -> dict[str, Any]:
    return {
        "id": kind.id, "is_tree": kind.is_tree, "reveals": kind.reveals,
        "features": sorted(kind.features), "upgrade": kind.upgrade, "label": kind.label,
        "slots": [{"name": sd.name, "accepts": sorted(p.value for p in sd.accepts),
                   "role": sd.role_name, "group": sd.group_name, "plain": sd.plain,
                   "offers": sorted(sd.offers), "exclusive": sd.exclusive,
                   "tags": sorted(sd.tags)} for sd in kind.slots],
    }


def _codec(rules: Ruleset) -> dict[str, Any]:
    codec = codec_of(rules)
    blocks = []
    for b in codec.blocks:
        blocks.append({"name": b.name, "start": b.start, "size": b.size,
                       "fields": [[n, _plain(list(dom))] for n, dom in b.fields]})
    return {"size": codec.size, "blocks": blocks}


def kinds_used(rules: Ruleset) -> dict[str, list[str]]:
    """The kinds *rules* names, by registry section (``steps``, ``triggers``, ``scoring``,
    ``turn_actions``..., ``counts``: the count kinds scoring reads), each list sorted: what
    the native core must know to play it."""
    spec = rules.spec
    steps = {spec.turn_step, "end_turn", *spec.end_of_turn}
    steps.update(a.turn for a in spec.automata)
    if spec.cannot_act:
        steps.add(spec.cannot_act)
    steps.update(spec.winter_steps.values())
    triggers: set[str] = set()
    scoring: set[str] = set()
    for sp in rules.species.values():
        steps.update(s.kind for s in (*sp.effect, *sp.bonus))
        for t in sp.triggers:
            triggers.add(t.kind)
            steps.update(s.kind for s in t.args.get("effect", ()))
        scoring.update(s.kind for s in sp.score)
    return {
        "deck_builders": [spec.deck_builder],
        "steps": sorted(steps),
        "turn_actions": sorted(spec.turn_actions),
        "end_conditions": sorted(spec.end_conditions),
        "declarations": sorted(spec.declarations),
        "state_kinds": sorted(spec.state_kinds),
        "triggers": sorted(triggers),
        "scoring": sorted(scoring),
        "counts": scoring_counts(rules),
        "modifiers": sorted({m.kind for sp in rules.species.values() for m in sp.modifiers}),
        "sharing": sorted({sp.sharing.kind for sp in rules.species.values()
                           if sp.sharing is not None}),
    }


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """The built ruleset as JSON-ready data (see the module's docstring)."""
    spec = rules.spec
    species = []
    for sid, sp in rules.species.items():
        species.append({
            "id": sid, "name": sp.name, "kind": sp.kind, "cost": sp.cost,
            "tags": sorted(sp.tags), "site_kind": sp.site_kind, "needs": sorted(sp.needs),
            "effect": [_spec(s) for s in sp.effect], "bonus": [_spec(s) for s in sp.bonus],
            "triggers": [_spec(s) for s in sp.triggers], "score": [_spec(s) for s in sp.score],
            "sharing": None if sp.sharing is None else _spec(sp.sharing),
            "modifiers": [_spec(s) for s in sp.modifiers],
        })
    cards = []
    for cid in sorted(rules.cards):
        card = rules.cards[cid]
        halves = [{"species": h.species, "position": h.position.value, "symbol": h.symbol,
                   "cost": h.cost, "tags": sorted(h.tags), "site_kind": h.site_kind,
                   "kind": h.kind, "needs": sorted(h.needs), "name": h.name}
                  for h in rules.halves.get(cid, ())]
        cards.append({"id": cid, "winter": card.winter, "halves": halves,
                      "symbols": sorted(rules.card_symbols.get(cid, ())),
                      "name": rules.card_names.get(cid, "")})
    triggers = {sid: [{"index": t.index, "from_next_turn": t.from_next_turn,
                       "optional": t.optional, "before_effects": t.before_effects,
                       "effect": [_spec(s) for s in t.effect]} for t in ts]
                for sid, ts in rules.triggers.items()}
    players = range(spec.min_players, spec.max_players + 1)
    return {
        "format": FORMAT,
        "id": rules.id,
        "expansions": list(rules.expansions),
        "options": _plain(rules.options),
        "spec": {
            "min_players": spec.min_players, "max_players": spec.max_players,
            "removal": {str(p): spec.removal.get(p, 0) for p in players},
            "deck_builder": spec.deck_builder, "opening_hand": spec.opening_hand,
            "mulligan": spec.mulligan, "hand_limit": spec.hand_limit,
            "clearing_limit": spec.clearing_limit, "draws_per_turn": spec.draws_per_turn,
            "winters_for": {str(p): spec.winters_for(p) for p in players},
            "winter_steps": {str(k): v for k, v in spec.winter_steps.items()},
            "turn_actions": list(spec.turn_actions), "end_conditions": list(spec.end_conditions),
            "sapling_kind": spec.sapling_kind, "face_down_kinds": list(spec.face_down_kinds),
            "cannot_act": spec.cannot_act, "turn_step": spec.turn_step,
            "end_of_turn": list(spec.end_of_turn), "winter_ends": spec.winter_ends,
            "draw_cap": spec.draw_cap, "tie_breakers": list(spec.tie_breakers),
            "limits": dict(spec.limits), "site_kind_map": dict(spec.site_kind_map),
            "automata": [[a.name, a.turn, list(a.players)] for a in spec.automata],
            "declarations": list(spec.declarations), "state_kinds": list(spec.state_kinds),
        },
        "caves": rules.caves,
        "symbols": list(rules.symbols),
        "tags": sorted(rules.tags),
        "species": species,
        "cards": cards,
        "deck_cards": list(rules.deck_cards),
        "winter_cards": list(rules.winter_cards),
        "site_kinds": {k: _site_kind(v) for k, v in rules.used_site_kinds.items()},
        "plain_slots": rules.plain_slots,
        "sharing": dict(rules.sharing),
        "share_kin": {k: sorted(v) for k, v in rules.share_kin.items()},
        "extra_trees": dict(rules.extra_trees),
        "site_sharing": {k: list(v) for k, v in rules.site_sharing.items()},
        "triggers": triggers,
        "kinds": kinds_used(rules),
        "codec": _codec(rules),
    }


def export(rules: Ruleset) -> str:
    """The built ruleset as one JSON text (kept on the ruleset once made: it never changes)."""
    cached = rules.derived.get("native.export")
    if isinstance(cached, str):
        return cached
    text = json.dumps(ruleset_data(rules), separators=(",", ":"), sort_keys=False)
    rules.derived["native.export"] = text
    return text
