"""Forest documents written from forests (:func:`document_of`; a game's:
``game.forest_document()``), in the format :mod:`forestshuffle.documents.score` reads back
into the same forests: every card with its symbol, trees too, and the ruleset's overrides
inline, so the document scores exactly as the forests do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forestshuffle.core.forest import Forest
    from forestshuffle.core.ruleset import Ruleset


def document_of(rules: Ruleset, names: Sequence[str], caves: Sequence[int],
                forests: Sequence[Forest]) -> dict[str, Any]:
    """Forests as a document (what :func:`forestshuffle.documents.score.read_document` reads back
    into the same forests)."""
    players = []
    for p, forest in enumerate(forests):
        sites = []
        for site in forest.sites:
            d = _site_head_document(rules, site)
            for slot, cards in site.slots.items():
                out = d.setdefault(site.kind.slot(slot).group_name, [])
                for c in cards:
                    h = rules.halves[c][forest.where[c][2]]
                    out.append({"species": _name(rules, h.species), "symbol": h.symbol})
            sites.append(d)
        players.append({"name": names[p], "cave": caves[p], "forest": sites})
    doc: dict[str, Any] = {"game": rules.id, "players": players}
    if rules.expansions:
        doc["expansions"] = list(rules.expansions)
    chosen = {o.name: rules.options[o.name] for o in rules.spec.options
              if rules.options.get(o.name, o.default) != o.default}
    if chosen:
        doc["options"] = chosen
    if rules.overrides:
        doc["overrides"] = rules.overrides
    return doc


def _site_head_document(rules: Ruleset, site: Any) -> dict[str, Any]:
    """The keys naming what opens *site*, as :func:`read_document` reads them back: a
    sapling, a generic (face-down) site by its feature, a tree (with ``feature: true`` when
    upgraded, such as a river tucked under it), or a site card by its feature."""
    kind = site.kind
    if site.species is None:
        if rules.sapling_kind is not None and kind.id == rules.sapling_kind.id:
            return {"sapling": True}
        return {sorted(kind.features)[0]: "generic"} if kind.features else {"sapling": True}
    sp = rules.species[site.species]
    if sp.kind == "tree":
        sym = rules.halves[site.card][0].symbol
        d: dict[str, Any] = {"tree": {"species": _name(rules, sp.id), "symbol": sym} if sym
                               else _name(rules, sp.id)}
        base = rules.site_kinds[rules.site_kind_of(sp.site_kind or "")]
        for feat in sorted(kind.features - base.features):
            d[feat] = True
        return d
    symbol = rules.halves[site.card][0].symbol
    feat = sorted(kind.features)[0]
    name = _name(rules, sp.id)
    return {feat: {"species": name, "symbol": symbol} if symbol else name}


def _name(rules: Ruleset, sid: str) -> str:
    """How a document names species *sid*: its display name, or its id where another species
    of the game carries the same name (two boxes' Squeakers)."""
    name = rules.species[sid].name
    return sid if name.lower() in rules.shared_names else name
