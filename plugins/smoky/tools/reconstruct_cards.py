"""Authoring tool (not part of the package): writes ``forestshuffle_smoky/cards.py``.

It holds the facts the official texts reveal about the Smoky Mountains cards (transcribed
from ``smoky-known-cards.csv``/``.md``) and fills in the rest by the deterministic method
described in ``plugins/smoky/RECONSTRUCTION.md``:

1. Card numbers follow the contiguous blocks inferred from every observed number (trees
   S001-S056 by species, rivers S057-S065, left/right S066-S114, top/bottom S115-S172,
   winter S178-S180; the caves S173-S177 are no deck cards).
2. Known pairings are kept. For the unknown split cards, in increasing number, the species
   with the most copies still unplaced (ties: alphabetical) is paired with the next such
   species that differs, does not repeat a pairing already on a card (if avoidable) and is
   not a second squirrel.
3. Sides: squirrel sides are fixed; on known left/right cards the first-printed half is
   the right half (the .md's inference); on reconstructed cards the half whose species has
   fewer right halves so far goes right (ties: the alphabetically first species).
4. Symbols: known facts first, then the "one half shows X" facts (the half chosen), then
   the 8 Buckeye halves the RB scoring example needs (the first 8 eligible shown halves by
   card number; every other shown half of that forest gets no Buckeye), then every other
   half in a fixed order takes the tree symbol its species does not show yet, differing
   from the card's other half and obeying the example constraints, choosing the symbol
   used least so far (ties: the symbol order, rotated by the card number).

Run from the repository root: ``.venv/bin/python plugins/smoky/tools/reconstruct_cards.py``.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

SYMBOLS = ("Basswood", "Black Gum", "Hemlock", "Fraser Fir", "Hickory", "Yellow Birch",
           "Silver Maple", "Buckeye")

TREE_BLOCKS = (  # (first, last, species) -- inferred numbering blocks
    (1, 6, "basswood"), (7, 12, "hemlock"), (13, 18, "black_gum"), (19, 24, "fraser_fir"),
    (25, 30, "hickory"), (31, 39, "silver_maple"), (40, 47, "yellow_birch"),
    (48, 56, "buckeye"),
)
TREE_SYMBOL = {"basswood": "Basswood", "hemlock": "Hemlock", "black_gum": "Black Gum",
               "fraser_fir": "Fraser Fir", "hickory": "Hickory", "silver_maple": "Silver Maple",
               "yellow_birch": "Yellow Birch", "buckeye": "Buckeye"}
RIVER_BLOCKS = ((57, 59, "creek"), (60, 62, "waterfall"), (63, 65, "river_bend"))
#: tree and river numbers seen in the official texts
SEEN_SITES = {1, 3, 10, 13, 25, 30, 31, 35, 40, 41, 48, 49, 53, 57, 58, 59, 64}

LEFT_RIGHT = {  # species: copies
    "beaver": 3, "black_bear": 4, "bobcat": 4, "chestnut_sided_warbler": 4, "coyote": 4,
    "elk": 5, "gray_fox": 3, "gray_squirrel": 4, "long_tailed_weasel": 4, "masked_shrew": 4,
    "mink": 4, "pileated_woodpecker": 4, "raccoon": 3, "red_squirrel": 4, "river_otter": 3,
    "rock_vole": 5, "short_tailed_shrew": 4, "spotted_skunk": 3, "synchronous_firefly": 4,
    "turkey": 4, "virgins_bower": 4, "weevil_wasp": 5, "white_footed_mouse": 4,
    "white_tailed_deer": 4, "yellow_bellied_sapsucker": 4,
}
TOP = {
    "bald_eagle": 4, "caddisfly": 4, "flying_squirrel": 4, "great_blue_heron": 4,
    "long_eared_owl": 5, "peregrine_falcon": 4, "rockcap_fern": 3,
    "ruby_throated_hummingbird": 4, "scarlet_tanager": 4, "thermometer_cricket": 7,
    "tufted_titmouse": 3, "virginia_opossum": 5, "water_starwort": 4, "wood_thrush": 3,
}
BOTTOM = {
    "blue_mistflower": 3, "brook_trout": 4, "brown_water_scorpion": 3, "common_box_turtle": 3,
    "eastern_chipmunk": 4, "eastern_hellbender": 3, "greenside_darter": 4,
    "imitator_salamander": 3, "largeleaf_pondweed": 3, "six_spotted_tiger_beetle": 3,
    "skipper_caterpillar": 4, "smallmouth_bass": 5, "solomons_seal": 3, "wintergreen": 3,
    "wood_frog": 3, "yellow_bullhead": 3, "yellow_perch": 4,
}
SQUIRRELS = {"red_squirrel", "gray_squirrel", "flying_squirrel", "eastern_chipmunk"}
ONLY_SIDE = {"red_squirrel": "left", "gray_squirrel": "right"}

#: known left/right cards: number -> (first printed, its side or None, second, side or None)
KNOWN_LR: dict[int, tuple[str, str | None, str, str | None]] = {
    66: ("spotted_skunk", None, "pileated_woodpecker", None),
    67: ("turkey", None, "gray_fox", None),
    69: ("coyote", None, "weevil_wasp", None),
    70: ("weevil_wasp", None, "mink", None),
    71: ("long_tailed_weasel", None, "chestnut_sided_warbler", None),
    72: ("white_footed_mouse", "right", "red_squirrel", "left"),
    74: ("white_tailed_deer", None, "virgins_bower", None),
    76: ("gray_squirrel", "right", "bobcat", "left"),
    78: ("beaver", None, "long_tailed_weasel", None),
    80: ("raccoon", None, "spotted_skunk", None),
    81: ("white_footed_mouse", None, "black_bear", None),
    83: ("elk", None, "coyote", None),
    86: ("masked_shrew", "right", "red_squirrel", "left"),
    89: ("elk", None, "weevil_wasp", None),
    90: ("virgins_bower", None, "rock_vole", None),
    91: ("turkey", None, "black_bear", None),
    94: ("gray_squirrel", "right", "beaver", "left"),
    97: ("river_otter", "right", "red_squirrel", "left"),
    98: ("mink", None, "masked_shrew", None),
    101: ("chestnut_sided_warbler", None, "elk", None),
    102: ("black_bear", "right", "red_squirrel", "left"),
    103: ("chestnut_sided_warbler", None, "white_footed_mouse", None),
    104: ("gray_squirrel", "right", "weevil_wasp", "left"),
    106: ("yellow_bellied_sapsucker", None, "river_otter", None),
    107: ("synchronous_firefly", None, "turkey", None),
    110: ("rock_vole", None, "elk", None),
}
#: known top/bottom cards: number -> (top, bottom)
KNOWN_TB: dict[int, tuple[str, str]] = {
    118: ("long_eared_owl", "brook_trout"), 120: ("bald_eagle", "skipper_caterpillar"),
    121: ("wood_thrush", "yellow_perch"), 122: ("peregrine_falcon", "brown_water_scorpion"),
    124: ("tufted_titmouse", "wintergreen"),
    125: ("ruby_throated_hummingbird", "eastern_hellbender"),
    126: ("great_blue_heron", "imitator_salamander"),
    128: ("flying_squirrel", "greenside_darter"), 129: ("virginia_opossum", "yellow_bullhead"),
    130: ("thermometer_cricket", "blue_mistflower"), 134: ("wood_thrush", "eastern_chipmunk"),
    135: ("peregrine_falcon", "brook_trout"), 141: ("flying_squirrel", "eastern_hellbender"),
    142: ("virginia_opossum", "smallmouth_bass"), 143: ("thermometer_cricket", "wood_frog"),
    144: ("water_starwort", "six_spotted_tiger_beetle"),
    146: ("rockcap_fern", "six_spotted_tiger_beetle"),
    153: ("flying_squirrel", "yellow_perch"), 155: ("rockcap_fern", "smallmouth_bass"),
    164: ("flying_squirrel", "solomons_seal"), 167: ("virginia_opossum", "brook_trout"),
    168: ("thermometer_cricket", "smallmouth_bass"),
    169: ("thermometer_cricket", "yellow_perch"), 171: ("thermometer_cricket", "brook_trout"),
}
#: symbol facts of the sources: (card, species of the half) -> symbol
KNOWN_SYMBOLS: dict[tuple[int, str], str] = {
    (171, "brook_trout"): "Yellow Birch",  # RB p.8 bonus example
    (122, "peregrine_falcon"): "Basswood",  # AP Basswood example, tree without river
    (126, "imitator_salamander"): "Basswood",  # idem
}
#: sources say "one half shows this symbol" without saying which: the half chosen here
CHOSEN_SYMBOLS: dict[tuple[int, str], tuple[str, str]] = {
    (72, "white_footed_mouse"): ("Yellow Birch", "Birch on one half (RB p.8 bonus example); "
                                                 "the text names the Mouse"),
    (86, "masked_shrew"): ("Basswood", "Basswood on one half (AP Basswood example); "
                                       "first-printed half"),
    (101, "chestnut_sided_warbler"): ("Basswood", "Basswood on one half (AP Basswood "
                                                  "example); first-printed half"),
    (103, "white_footed_mouse"): ("Basswood", "Basswood on one half (AP Basswood example); "
                                              "the Warbler has it on S101"),
    (110, "rock_vole"): ("Basswood", "Basswood on one half (AP Basswood example); "
                                     "first-printed half"),
    (167, "virginia_opossum"): ("Basswood", "Basswood on one half (AP Basswood example, "
                                            "tree with river); Opossum on top"),
    (118, "brook_trout"): ("Basswood", "Basswood on one half (AP Basswood example, tree "
                                       "with river); below the river"),
    (128, "greenside_darter"): ("Basswood", "Basswood on one half (AP Basswood example, "
                                            "tree with river); below the river"),
}
#: AP Opossum example: these halves differ pairwise and are neither Birch (the tree) nor
#: Basswood (S086's shown half as chosen above); S104's halves both avoid them all.
OPOSSUM_EXAMPLE = ((129, "virginia_opossum"), (130, "blue_mistflower"))
#: RB scoring example (p.10-11, 258 points): the pictured forest, card -> the half it
#: shows (trees and rivers their only one). Its two Buckeyes score 10 each, and a Buckeye
#: scores 1 per Buckeye symbol in the forest including its own, so the shown halves carry
#: exactly 10 Buckeye symbols: the 2 trees and EXAMPLE_BUCKEYES others.
RB_SCORING_EXAMPLE: dict[int, str] = {
    13: "black_gum", 25: "hickory", 48: "buckeye", 49: "buckeye", 59: "creek",
    64: "river_bend", 70: "weevil_wasp", 74: "white_tailed_deer", 81: "black_bear",
    83: "coyote", 94: "gray_squirrel", 97: "red_squirrel", 106: "river_otter",
    110: "rock_vole", 120: "bald_eagle", 122: "brown_water_scorpion",
    125: "eastern_hellbender", 126: "great_blue_heron", 128: "greenside_darter",
    134: "eastern_chipmunk", 141: "eastern_hellbender", 144: "water_starwort",
    153: "yellow_perch", 155: "smallmouth_bass", 164: "flying_squirrel",
    168: "thermometer_cricket", 169: "thermometer_cricket",
}
EXAMPLE_BUCKEYES = 8
#: AP Opossum example, second tree (Buckeye S049, "12"): the cards there show no Buckeye,
#: but 6 images stand for 5 cards (low confidence, not a constraint of the table). The
#: scoring example's Buckeye halves are not taken from these cards (S106 and S144 are in
#: both examples), so that choice cannot contradict it, whichever half was shown there.
OPOSSUM_BUCKEYE_TREE = (106, 107, 142, 143, 144, 167)


def _fill_pairs(numbers: list[int], remaining: Counter[str], used: set[frozenset[str]],
                first_pool: dict[str, int], second_pool: dict[str, int] | None
                ) -> dict[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}

    def best(pool: dict[str, int], exclude: str | None, partner: str | None) -> str:
        cands = [s for s in pool if remaining[s] > 0 and s != exclude]
        if partner in SQUIRRELS:
            cands = [s for s in cands if s not in SQUIRRELS] or cands
        if partner is not None:
            fresh = [s for s in cands if frozenset((s, partner)) not in used]
            cands = fresh or cands
        return sorted(cands, key=lambda s: (-remaining[s], s))[0]

    for n in numbers:
        if second_pool is None:
            a = best(first_pool, None, None)
            b = best(first_pool, a, a)
        else:
            a = best(first_pool, None, None)
            b = best(second_pool, None, a)
        remaining[a] -= 1
        remaining[b] -= 1
        used.add(frozenset((a, b)))
        out[n] = (a, b)
    return out


def example_buckeyes(cards: dict[int, dict[str, Any]],
                     shown: dict[str, set[str]]) -> list[tuple[int, str]]:
    """The shown halves of the RB scoring example that carry its 8 Buckeye symbols.

    In increasing card number, a split half is taken if no fact fixed its symbol yet, its
    card's other half is no Buckeye, its species shows no Buckeye yet (a species' copies
    show different symbols) and its card is not one of ``OPOSSUM_BUCKEYE_TREE``.
    """
    out: list[tuple[int, str]] = []
    for n, sp in sorted(RB_SCORING_EXAMPLE.items()):
        halves = cards[n]["halves"]
        if len(halves) != 2 or n in OPOSSUM_BUCKEYE_TREE:
            continue
        (half,) = [h for h in halves if h[0] == sp]
        (other,) = [h for h in halves if h[0] != sp]
        taken = {s for _, s in out}
        if (half[2] is None and other[2] != "Buckeye" and sp not in taken
                and "Buckeye" not in shown.get(sp, set())):
            out.append((n, sp))
        if len(out) == EXAMPLE_BUCKEYES:
            return out
    raise AssertionError(f"only {len(out)} Buckeye halves for the scoring example")


def build() -> list[dict[str, Any]]:
    """Every deck card as a dict (number, halves [species, side, symbol], facts, notes)."""
    cards: dict[int, dict[str, Any]] = {}
    for first, last, sp in TREE_BLOCKS + RIVER_BLOCKS:
        for n in range(first, last + 1):
            facts = [] if n in SEEN_SITES else ["halves[0].species"]
            notes = [] if n in SEEN_SITES else [
                f"species from numbering block S{first:03}-S{last:03}"]
            sym = TREE_SYMBOL.get(sp)
            cards[n] = {"n": n, "halves": [[sp, "center", sym]], "facts": facts,
                        "notes": notes}
    # -- split cards: pairings
    remaining: Counter[str] = Counter({**LEFT_RIGHT, **TOP, **BOTTOM})
    used: set[frozenset[str]] = set()
    for a, _, b, _ in KNOWN_LR.values():
        remaining[a] -= 1
        remaining[b] -= 1
        used.add(frozenset((a, b)))
    for a, b in KNOWN_TB.values():
        remaining[a] -= 1
        remaining[b] -= 1
        used.add(frozenset((a, b)))
    lr_unknown = [n for n in range(66, 115) if n not in KNOWN_LR]
    tb_unknown = [n for n in range(115, 173) if n not in KNOWN_TB]
    lr_new = _fill_pairs(lr_unknown, remaining, used, LEFT_RIGHT, None)
    tb_new = _fill_pairs(tb_unknown, remaining, used, TOP, BOTTOM)
    assert all(v == 0 for v in remaining.values()), remaining
    # -- sides
    rights: Counter[str] = Counter()
    for n in range(66, 115):
        if n in KNOWN_LR:
            a, sa, b, sb = KNOWN_LR[n]
            facts, notes = [], []
            if sa is None:
                sa, sb = "right", "left"
                facts += ["halves[0].position", "halves[1].position"]
                notes.append("sides inferred: first-printed half is the right half")
        else:
            a, b = lr_new[n]
            facts, notes = ["pairing", "halves[0].position", "halves[1].position"], [
                "pairing reconstructed"]
            if b in ONLY_SIDE:
                a, b = b, a
            if a in ONLY_SIDE:
                sa = ONLY_SIDE[a]
            else:
                if (rights[b], b) < (rights[a], a):
                    a, b = b, a
                sa = "right"
            sb = "left" if sa == "right" else "right"
            if sa == "left":
                a, b, sa, sb = b, a, sb, sa
        rights[a if sa == "right" else b] += 1
        cards[n] = {"n": n, "halves": [[a, sa, None], [b, sb, None]], "facts": facts,
                    "notes": notes}
    for n in range(115, 173):
        if n in KNOWN_TB:
            (a, b), facts, notes = KNOWN_TB[n], [], []
        else:
            (a, b), facts, notes = tb_new[n], ["pairing"], ["pairing reconstructed"]
        cards[n] = {"n": n, "halves": [[a, "top", None], [b, "bottom", None]],
                    "facts": facts, "notes": notes}
    # -- symbols
    shown: dict[str, set[str]] = {}
    load: Counter[str] = Counter()
    for c in cards.values():
        for h in c["halves"]:
            if h[2] is not None:
                shown.setdefault(h[0], set()).add(h[2])
                load[h[2]] += 1

    def put(n: int, sp: str, sym: str) -> None:
        for h in cards[n]["halves"]:
            if h[0] == sp and h[2] is None:
                h[2] = sym
                shown.setdefault(sp, set()).add(sym)
                load[sym] += 1
                return
        raise AssertionError((n, sp))

    for (n, sp), sym in KNOWN_SYMBOLS.items():
        put(n, sp, sym)
    for (n, sp), (sym, why) in CHOSEN_SYMBOLS.items():
        put(n, sp, sym)
        i = [h[0] for h in cards[n]["halves"]].index(sp)
        cards[n]["facts"].append(f"halves[{i}].symbol")
        cards[n]["notes"].append(f"{sp} symbol: {why}")
    buckeyes = example_buckeyes(cards, shown)
    for n, sp in buckeyes:
        put(n, sp, "Buckeye")
        i = [h[0] for h in cards[n]["halves"]].index(sp)
        cards[n]["facts"].append(f"halves[{i}].symbol")
        cards[n]["notes"].append(
            f"{sp} symbol: Buckeye, one of the {EXAMPLE_BUCKEYES} Buckeye halves of the RB "
            "scoring example (first eligible by card number)")
    #: the example's other shown halves: no Buckeye, or its Buckeyes would score more than 10
    no_buckeye = {(n, sp) for n, sp in RB_SCORING_EXAMPLE.items()
                  if (n, sp) not in buckeyes and sp != "buckeye"}
    opossum_syms: list[str] = []

    def choose(n: int, i: int) -> None:
        c = cards[n]
        sp = c["halves"][i][0]
        other = c["halves"][1 - i][2] if len(c["halves"]) == 2 else None
        banned: set[str] = set()
        if (n, sp) in OPOSSUM_EXAMPLE or n == 104:
            banned |= {"Yellow Birch", "Basswood", *opossum_syms}
        if (n, sp) in no_buckeye:
            banned.add("Buckeye")
            c["notes"].append(f"{sp} symbol: no Buckeye (RB scoring example: 10 in all)")
        start = n % len(SYMBOLS)
        order = SYMBOLS[start:] + SYMBOLS[:start]
        tiers = [
            [s for s in order if s not in shown.get(sp, set()) and s != other
             and s not in banned],
            [s for s in order if s != other and s not in banned],
            [s for s in order if s not in banned],
        ]
        cands = next(t for t in tiers if t)
        sym = min(cands, key=lambda s: load[s])
        c["halves"][i][2] = sym
        shown.setdefault(sp, set()).add(sym)
        load[sym] += 1
        c["facts"].append(f"halves[{i}].symbol")
        c["spread"] = True
        if (n, sp) in OPOSSUM_EXAMPLE:
            opossum_syms.append(sym)

    order = [129, 130, 104] + [n for n in sorted(cards) if n not in (129, 130, 104)]
    for n in order:
        for i, h in enumerate(cards[n]["halves"]):
            if h[2] is None:
                choose(n, i)
    assert sum(h[2] == "Buckeye" for n, sp in RB_SCORING_EXAMPLE.items()
               for h in cards[n]["halves"] if h[0] == sp) == 2 + EXAMPLE_BUCKEYES
    for c in cards.values():
        if c.pop("spread", False):
            c["notes"].append("symbols spread evenly per species")
        c["facts"] = sorted(c["facts"])
    return [cards[n] for n in sorted(cards)]


HEADER = '''# ruff: noqa: E501
"""The 175 deck and winter cards of Smoky Mountains: number, then its halves.

GENERATED by ``plugins/smoky/tools/reconstruct_cards.py`` (see ``plugins/smoky/
RECONSTRUCTION.md``); edit the generator's facts, not this table.

A row is ``(number, halves, reconstructed, note)``; each half is ``(species, side, symbol)``
with species ids short within the set (``beaver`` is ``smoky.beaver``) and side ``center``
for trees and rivers. ``reconstructed`` names the facts no public source gives, chosen by the
documented method; ``note`` says how. Winter cards are listed in ``WINTER_CARDS``; the caves
S173-S177 are no deck cards (each player has one).
"""

from __future__ import annotations

Half = tuple[str, str, str]
Row = tuple[int, tuple[Half, ...], tuple[str, ...], str]

WINTER_CARDS = (178, 179, 180)

CARDS: tuple[Row, ...] = (
'''


def render(cards: list[dict[str, Any]]) -> str:
    """The module text."""
    lines = [HEADER]
    for c in cards:
        halves = ", ".join(f"({sp!r}, {side!r}, {sym!r})" for sp, side, sym in c["halves"])
        if len(c["halves"]) == 1:
            halves += ","
        facts = ", ".join(repr(f) for f in c["facts"])
        if len(c["facts"]) == 1:
            facts += ","
        note = "; ".join(c["notes"])
        chunks = textwrap.wrap(note, 84, drop_whitespace=False) or [""]
        text = "\n     ".join(repr(ch) for ch in chunks)
        lines.append(f"    ({c['n']}, ({halves}),\n     ({facts}),\n     {text}),\n")
    lines.append(")\n")
    return "".join(lines)


def main() -> None:
    """Write the table next to the package's other modules."""
    out = Path(__file__).resolve().parent.parent / "forestshuffle_smoky" / "cards.py"
    out.write_text(render(build()), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
