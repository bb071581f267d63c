"""Fuzzed overrides: plausible override tables (real species, fields and kinds; arguments of
every type) are refused with a CardDataError naming ``overrides``, or the ruleset they make
plays and scores: no kind fails during a game, no total is negative. A refused table leaves
the installed ruleset as it was.

Source: docs/security.md (an override that passes validation must not fail later).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import forestshuffle as fs

from .harness import TALLY, fuzz_settings

RULESETS = ("base", "smoky")
FIELDS = ("effect", "bonus", "triggers", "score", "cost", "tags", "needs")
ARG_NAMES = ("points", "count", "n", "tag", "filter", "table", "species", "otherwise", "effect",
             "optional", "from_next_turn", "max", "of", "slot", "tree", "feature", "side",
             "draw", "cave", "before_effects")


def _kinds(rid: str) -> list[str]:
    reg = fs.get_ruleset(rid).registry
    return sorted({*reg.steps, *reg.scoring, *reg.triggers, "nope"})


VALUES = st.one_of(
    st.integers(-3, 12), st.booleans(), st.none(), st.floats(-2, 5, allow_nan=False),
    st.sampled_from(("tag:bird", "tag:tree", "species:base.wolf", "trees", "tree_species",
                     "bird", "tree", "deer", "base.birch", "smoky.bobcat", "Oak", "top",
                     "bottom", "river", "", "tag:", "x")),
    st.lists(st.integers(-1, 20), max_size=4),
    st.dictionaries(st.sampled_from(("tag", "species", "tree", "x")),
                    st.sampled_from(("bird", "tree", True, 3, "base.wolf")), max_size=2),
)


@st.composite
def specs(draw: st.DrawFn, rid: str) -> dict[str, Any]:
    args = draw(st.dictionaries(st.sampled_from(ARG_NAMES), VALUES, max_size=4))
    if draw(st.booleans()):
        args["effect"] = [{"kind": draw(st.sampled_from(_kinds(rid))), "args": {}}]
    return {"kind": draw(st.sampled_from(_kinds(rid))), "args": args}


@st.composite
def overrides(draw: st.DrawFn, rid: str) -> dict[str, Any]:
    rules = fs.get_ruleset(rid)
    species = sorted(rules.species)
    out: dict[str, Any] = {}
    table: dict[str, Any] = {}
    for sid in draw(st.lists(st.sampled_from(species), min_size=1, max_size=3, unique=True)):
        entry: dict[str, Any] = {}
        for field in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=2,
                                   unique=True)):
            if field == "cost":
                entry[field] = draw(st.one_of(st.integers(-1, 6), VALUES))
            elif field in ("tags", "needs"):
                entry[field] = draw(st.lists(st.sampled_from([*sorted(rules.tags), "nope", 3]),
                                             max_size=3))
            else:
                entry[field] = draw(st.lists(specs(rid), max_size=2))
        table[sid] = entry
    out["species"] = table
    if draw(st.booleans()):
        card = draw(st.sampled_from(sorted(rules.halves)))
        out["cards"] = {str(card): {"symbols": [draw(st.sampled_from(
            [*rules.symbols, None, 3, "Nope"])) for _ in rules.halves[card]]}}
    return out


def _plays(rules: fs.Ruleset, seed: int, touched: set[str]) -> str | None:
    """A game to its end by a bot that plays the touched species' cards and uses every
    effect offered, then its scores; the problem, if a kind fails or a total is negative."""
    import random

    rng = random.Random(seed)
    mine = {c for c, hs in rules.halves.items() if any(h.species in touched for h in hs)}
    try:
        game = fs.new_game(rules, rules.spec.min_players, seed=seed)
        for _ in range(3_000):
            if game.pending is None:
                break
            opts = game.legal_actions()
            eager = [a for a in opts if isinstance(a, fs.Use) or
                     (isinstance(a, fs.PlayCard | fs.PickCard) and a.card in mine)]
            game.apply(eager[0] if eager and rng.random() < 0.8 else rng.choice(opts))
        totals = game.scores().totals
    except fs.PluginError as exc:
        return f"a kind failed in play: {exc}"
    if min(totals) < 0:
        return f"a negative total {totals}"
    return None


def _touched(rules: fs.Ruleset, table: Any) -> set[str]:
    out = set(table.get("species", {})) if isinstance(table, dict) else set()
    for key in (table.get("cards", {}) if isinstance(table, dict) else {}):
        out.update(h.species for h in rules.halves.get(int(key), ()))
    return out


def _installed(rid: str) -> Any:
    rules = fs.get_ruleset(rid)
    return id(rules), tuple(sorted((s, sp.cost, sp.score) for s, sp in rules.species.items()))


@given(st.sampled_from(RULESETS), st.data(), st.integers(0, 1000))
@fuzz_settings(30)
def test_an_override_table_is_refused_or_makes_a_ruleset_that_plays(rid, data, seed):
    table = data.draw(overrides(rid))
    TALLY.run("overrides", lambda: fs.get_ruleset(rid, table), valid=None,
              snapshot=lambda: _installed(rid),
              check=lambda rules: _plays(rules, seed, _touched(rules, table)))


@given(st.sampled_from(RULESETS), st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=2),
    st.just({"species": []}), st.just({"cards": {"1.0": {}}}), st.just({"cards": {"9999": {}}}),
    st.just({"species": {"base.nope": {"cost": 1}}})))
@fuzz_settings(15)
def test_an_override_that_is_not_a_table_of_tables_is_refused(rid, table):
    valid = None if table in ({},) else False
    TALLY.run("overrides", lambda: fs.get_ruleset(rid, table if table is not None else {}),
              valid=valid if table is not None else None, snapshot=lambda: _installed(rid),
              check=lambda rules: _plays(rules, 1, set()))
