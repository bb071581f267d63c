"""The rules reference of a ruleset, as Markdown, written from its compiled card data.

``python -m forestshuffle.display.reference RULESET [--expansion ID] [--only SET]`` prints the page;
the documentation site's rules reference (``docs/rules/``) is made with it and a test checks
the pages are current, so they cannot drift from the code. A plugin author can make the same
page for a fan expansion.

Effects, bonuses, triggers and scoring are put in words for the core's kinds; a kind the
core does not know (a plugin's own) is shown as its data (``kind(arg=value)``), which the
plugin's own documentation explains.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from forestshuffle.core.cards import Spec, Species
from forestshuffle.core.ruleset import Ruleset

__all__ = ["describe_spec", "rules_reference"]

_TRIGGER_FIELDS = ("effect", "optional", "from_next_turn", "before_effects")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _tag(tag: str) -> str:
    return tag.replace("_", " ")


def _count(rules: Ruleset, count: str) -> str:
    """A count of a forest (``tag:deer``) in words."""
    kind, _, arg = count.partition(":")
    name = rules.species[arg].name if arg in rules.species else arg
    words: dict[str, str] = {
        "species": f"{name} card",
        "tag": f"card with the {_tag(arg)} tag",
        "symbol": f"card showing the {arg} symbol",
        "slot": f"card in a {arg} slot",
        "trees": "tree (saplings included)",
        "tree_total": "tree (cards that count as trees included)",
        "trees_of": f"{name} tree",
        "tree_cards_of": f"{name} tree card",
        "tree_species": "different tree species",
        "distinct_tag": f"different {_tag(arg)} species",
        "full_sites": "site with every slot full",
        "saplings": "sapling",
        "feature": f"site with a {_tag(arg)}",
        "cave": "card in the cave",
        "dwellers": "card in a slot",
    }
    return words.get(kind, f"`{count}`")


def _filter(rules: Ruleset, f: Mapping[str, Any]) -> str:
    """A card filter (``{"tag": "deer"}``) in words."""
    parts = []
    for key, value in f.items():
        if key == "tag":
            parts.append(f"with the {_tag(str(value))} tag")
        elif key == "species":
            parts.append(rules.species[value].name if value in rules.species else str(value))
        elif key == "tree":
            parts.append("a tree" if value else "not a tree")
        elif key == "slot":
            parts.append(f"in a {value} slot")
        else:
            parts.append(f"{key} {value}")
    return " ".join(parts) or "any card"


def describe_spec(rules: Ruleset, spec: Spec) -> str:
    """One effect, trigger, scoring or slot rule of card data in words (its data for a
    kind the core does not put in words)."""
    a = spec.args
    n: int = a.get("n", 1)
    pts = a.get("points")
    flt = a.get("filter", {})
    words: dict[str, Callable[[], str]] = {
        "draw": lambda: f"draw {_plural(n, 'card')}",
        "draw_per": lambda: f"draw {a.get('per', 1)} per {_count(rules, a['count'])}",
        "extra_turn": lambda: "take an extra turn",
        "free_play": lambda: ("play any number of cards " if a.get("any_number")
                              else "play a card ") + f"{_filter(rules, flt)} for free",
        "cave_from_hand_then_draw": lambda: ("put any number of hand cards into the cave, "
                                             "then draw as many"),
        "clearing_to_cave": lambda: "put every card of the clearing into the cave",
        "play_further": lambda: "play further cards, paying for each",
        "take_from_clearing": lambda: f"take {_plural(n, 'card')} from the clearing",
        "draw_then_cave": lambda: (f"draw {_plural(a['draw'], 'card')}, then put "
                                   f"{_plural(a['cave'], 'hand card')} into the cave"),
        "play_from_clearing": lambda: (f"reveal {a['reveal']} cards into the clearing, then "
                                       f"play one {_filter(rules, flt)} from it for free"),
        "play_face_down": lambda: f"play a card face down as a {_tag(str(a['kind']))}",
        "clearing_to_cave_matching": lambda: (f"put the clearing's cards "
                                              f"{_filter(rules, flt)} into the cave"),
        "cave_from_clearing": lambda: f"put {_plural(n, 'card')} of the clearing into the cave",
        "cave_from_clearing_per": lambda: (f"put one clearing card into the cave per "
                                           f"{_count(rules, a['count'])}"),
        "flat": lambda: _plural(a["points"], "point"),
        "per": lambda: f"{pts} per {_count(rules, a['count'])}",
        "if_at_least": lambda: (f"{pts} with at least {a['n']} × {_count(rules, a['count'])}"
                                + (f", else {a['otherwise']}" if a.get("otherwise") else "")),
        "majority": lambda: (f"{pts} if no other forest has more of: {_count(rules, a['count'])}"
                             + (f", else {a['otherwise']}" if a.get("otherwise") else "")),
        "per_attached": lambda: f"{pts} per card attached to this tree",
        "per_same_symbol": lambda: f"{pts} per card showing this card's tree symbol",
        "if_site_is": lambda: f"{pts} at {_article(_name(rules, a['species']))}",
        "if_site_has": lambda: f"{pts} if its site holds a card with the {_tag(a['tag'])} tag",
        "if_slot_shared": lambda: f"{pts} if it shares its slot",
        "set_table": lambda: (f"together, by the number of {_count(rules, a['count'])}s: "
                              + ", ".join(map(str, a["table"]))),
        "distinct_sets": lambda: (f"per set of different {_tag(a['tag'])} species: "
                                  + ", ".join(map(str, a["table"]))),
        "shares_slot": lambda: ("cards of this species share a slot" + (
            f" (up to {a['max_cards']})" if a.get("max_cards") else "")),
        "hosts_sharing": lambda: (f"its {a['slot']} slots take cards with the "
                                  f"{_tag(a['tag'])} tag together"),
        "counts_as_tree": lambda: f"its site counts as {_plural(a.get('n', 1), 'more tree')}",
        "on_play": lambda: _trigger(rules, a),
    }
    try:
        return words[spec.kind]()
    except (KeyError, TypeError):
        return f"`{spec}`"


def _article(name: str) -> str:
    return f"{'an' if name[:1].upper() in 'AEIOU' else 'a'} {name}"


def _name(rules: Ruleset, sid: str) -> str:
    return rules.species[sid].name if sid in rules.species else sid


def _trigger(rules: Ruleset, a: Mapping[str, Any]) -> str:
    effect = "; ".join(describe_spec(rules, s) for s in a.get("effect", ()))
    f = dict(a.get("filter", {}))
    if f.pop("tree", False):
        what = "a tree"
    elif "species" in f:
        what = _article(_name(rules, f.pop("species")))
    else:
        what = "a card"
    if f:
        what += " " + _filter(rules, f)
    if a.get("slot"):
        what += f" into a {a['slot']} slot"
    text = f"whenever you play {what}: {'you may ' if a.get('optional') else ''}{effect}"
    if a.get("from_next_turn"):
        text += " (from your next turn on"
        text += ", before the card's effect and bonus)" if a.get("before_effects") else ")"
    return text


def _specs(rules: Ruleset, specs: Iterable[Spec | None]) -> str:
    return "; ".join(describe_spec(rules, s) for s in specs if s is not None) or "–"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _decisions_anchor(decisions: str | None, name: str) -> str | None:
    """The anchor of the first DECISIONS.md section with an entry whose bold title names
    *name* (``- **Eurasian Jay**: ...``)."""
    if not decisions:
        return None
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    for section in re.split(r"^(?=## )", decisions, flags=re.MULTILINE):
        heading, _, body = section.partition("\n")
        titles = re.findall(r"^- \*\*(.+?)\*\*", body, flags=re.MULTILINE)
        if heading.startswith("## ") and any(pattern.search(t) for t in titles):
            return _slug(heading[3:])
    return None


def _slug(heading: str) -> str:
    """The anchor Python-Markdown's toc gives a heading."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[\s-]+", "-", text).strip("-")


def rules_reference(rules: Ruleset, *, only: Sequence[str] = (), title: str | None = None,
                    decisions: str | None = None,
                    decisions_page: str = "../project/decisions.md") -> str:
    """The rules reference page of *rules*: the set-up and the turn as its specification
    says, then every species of its card sets (or of the sets named in *only*) with cost,
    tags, effect, bonus, triggers and scoring. With the text of DECISIONS.md as *decisions*,
    a species it mentions links to the section (*decisions_page*)."""
    spec = rules.spec
    out: list[str] = [f"# {title or spec.name}", ""]
    out += ["<!-- Generated by `python -m forestshuffle.display.reference` from the card data: "
            "do not edit by hand. -->", ""]
    sets = [cs for cs in rules.card_sets if not only or cs.id in only]
    wanted = {s.id for cs in sets for s in cs.species}
    n_cards = sum(1 for c in rules.deck_cards
                  if any(h.species in wanted for h in rules.halves[c]))
    expansions = f" with {', '.join(rules.expansions)}" if rules.expansions else ""
    out += [f"Ruleset `{rules.id}`{expansions}: {spec.min_players}–{spec.max_players} players; "
            f"card sets {', '.join(f'`{cs.id}`' for cs in rules.card_sets)}; "
            f"{len(rules.deck_cards)} deck cards and {len(rules.winter_cards)} winter cards."
            + (f" This page lists the {len(wanted)} species on the {n_cards} cards of "
               f"{', '.join(f'`{cs.id}`' for cs in sets)}." if only else ""), ""]
    out += ["## Set-up and the turn", ""]
    removal = ", ".join(f"{k} players: {v}" for k, v in sorted(spec.removal.items()))
    facts = [
        ("Cards returned unseen to the box", removal or "none"),
        ("Deck", f"built by `{spec.deck_builder}`"),
        ("Opening hand", _plural(spec.opening_hand, "card")
         + (f"; a redraw when `{spec.mulligan}`" if spec.mulligan else "")),
        ("Turn actions", ", ".join(f"`{t}`" for t in spec.turn_actions)),
        ("Cards drawn by a draw action", str(spec.draws_per_turn)),
        ("Hand limit", _plural(spec.hand_limit, "card")),
        ("Clearing", f"emptied at the end of a turn when it holds {spec.clearing_limit} or more"),
        ("End", f"winter card {spec.winters_to_end} ends the game "
         + ("at once" if spec.winter_ends == "at_once" else "after the turn")
         + "".join(f"; or `{c}`" for c in spec.end_conditions)),
    ]
    if spec.tie_breakers:
        facts.append(("Ties broken by", ", ".join(f"`{t}`" for t in spec.tie_breakers)))
    for opt in spec.options:
        facts.append((f"Option `{opt.name}`", f"{opt.doc} (default `{opt.default!r}`)"))
    out += ["| rule | in this ruleset |", "|---|---|",
            *(f"| {k} | {_cell(v)} |" for k, v in facts), ""]
    out += ["A turn is a draw or a play: the order of a play (cost, placement, the mushrooms' "
            "draws, effect, bonus, the other triggers) is drawn in "
            "[the rules engine](../rules-engine.md#the-order-of-a-turn); effects and bonuses "
            "are offered, never forced. The words below are [the kinds](../kinds.md) the "
            "card data names.", ""]
    counts = Counter(h.species for c in rules.deck_cards for h in rules.halves[c])
    for cs in sets:
        out += [f"## {cs.name} (`{cs.id}`)", ""]
        groups: dict[str, list[Species]] = {}
        for s in cs.species:
            group = {"tree": "Trees", "site": "Sites"}.get(s.kind, "Dwellers")
            groups.setdefault(group, []).append(s)
        for group, species in groups.items():
            out += [f"### {group}", "",
                    "| species | cards | cost | tags | effect | bonus | scoring |",
                    "|---|---|---|---|---|---|---|"]
            for s in species:
                name = s.name
                anchor = _decisions_anchor(decisions, s.name)
                if anchor:
                    name += f" ([decisions]({decisions_page}#{anchor}))"
                effect = _specs(rules, (*s.effect, *s.triggers))
                scoring = _specs(rules, (*s.score, s.sharing, *s.modifiers))
                tags = ", ".join(sorted(_tag(t) for t in s.tags)) or "–"
                out.append(f"| {_cell(name)} | {counts.get(s.id, 0)} | {s.cost} | {tags} | "
                           f"{_cell(effect)} | {_cell(_specs(rules, s.bonus))} | "
                           f"{_cell(scoring)} |")
            out.append("")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m forestshuffle.display.reference RULESET [--expansion ID] [--only SET]``."""
    from forestshuffle.plugins.manager import get_ruleset

    parser = argparse.ArgumentParser(prog="python -m forestshuffle.display.reference",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("ruleset")
    parser.add_argument("--expansion", action="append", default=[])
    parser.add_argument("--only", action="append", default=[], help="card set(s) to list")
    parser.add_argument("--title")
    parser.add_argument("--decisions", help="path of DECISIONS.md, to link interpretations")
    ns = parser.parse_args(argv)
    rules = get_ruleset(ns.ruleset, expansions=ns.expansion)
    text = None
    if ns.decisions:
        with open(ns.decisions, encoding="utf-8") as f:
            text = f.read()
    print(rules_reference(rules, only=ns.only, title=ns.title, decisions=text))


if __name__ == "__main__":
    main()
