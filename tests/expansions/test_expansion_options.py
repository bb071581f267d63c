"""The expansions' named options, where the card texts read two ways (issue 11; DECISIONS.md
*Alpine and Woodland Edge* and *Expansion options*): each test plays one scenario under both
readings and fails if the option is ignored; records and forest documents keep the options.

- ``mountain_hare_shares_hare_slots`` (Alpine): the Mountain Hare "counts as a European Hare";
  off (the default, BGA's list of stacking cards) it shares no slot, on it joins the hares.
- ``permanent_draws_at_once`` (both boxes): the Black Trumpet's and the shrubs' draws; off
  (the default, RULES.md §1's mushroom timing) from their owner's next turn, on from the turn
  they are played (BGA fires a permanent effect right after placing).
- ``shrub_slots_count_as_tree_slots`` (Woodland Edge): off (the default, "shrubs don't count
  as trees") a card below / on top of a shrub is not below / on top of a tree for Wood Ant,
  Parasol Mushroom and Penny Bun; on it is.
"""

from __future__ import annotations

from typing import Any

import pytest

import forestshuffle as fs
from expansions.support import pick, picks, points, showing
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.testing import CardPicker, check_game, scenario
from forestshuffle.testing.moves import hand, place, play, slot_places, use

BOTH = ("alpine", "woodland_edge")
HARES = "mountain_hare_shares_hare_slots"
AT_ONCE = "permanent_draws_at_once"
SHRUB_SLOTS = "shrub_slots_count_as_tree_slots"
ALL_ON = {HARES: True, AT_ONCE: True, SHRUB_SLOTS: True}


def rules(expansions: tuple[str, ...], **options: bool) -> fs.Ruleset:
    return fs.get_ruleset("base", expansions=expansions, options=options)


def b(name: str) -> str:
    return f"base.{name}"


def a(name: str) -> str:
    return f"alpine.{name}"


def w(name: str) -> str:
    return f"woodland_edge.{name}"


# -- declaring the options ---------------------------------------------------------------


def test_each_box_adds_its_options_with_the_decided_readings_as_defaults() -> None:
    """The defaults are the readings DECISIONS.md chose (all off)."""
    assert fs.get_ruleset("base", expansions=["alpine"]).options == {
        "mulligan": True, HARES: False, AT_ONCE: False}
    assert fs.get_ruleset("base", expansions=["woodland_edge"]).options == {
        "mulligan": True, SHRUB_SLOTS: False, AT_ONCE: False}
    assert fs.get_ruleset("base", expansions=list(BOTH)).options == {
        "mulligan": True, HARES: False, AT_ONCE: False, SHRUB_SLOTS: False}


def test_an_expansions_option_needs_its_expansion() -> None:
    with pytest.raises(fs.OptionError, match=HARES):
        fs.get_ruleset("base", options={HARES: True})
    with pytest.raises(fs.OptionError, match=SHRUB_SLOTS):
        fs.get_ruleset("base", expansions=["alpine"], options={SHRUB_SLOTS: True})
    with pytest.raises(fs.OptionError, match="takes a bool"):
        fs.get_ruleset("base", expansions=["alpine"], options={HARES: 1})


def test_two_boxes_declaring_one_option_differently_is_refused() -> None:
    from forestshuffle.core.spec import Option, merge_options

    one = Option(AT_ONCE, False, "one reading")
    assert merge_options((one,), (Option(AT_ONCE, False, "one reading"),)) == (one,)
    with pytest.raises(fs.OptionError, match="declared twice"):
        merge_options((one,), (Option(AT_ONCE, True, "one reading"),))


# -- mountain_hare_shares_hare_slots ------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_mountain_hare_joins_a_slot_of_european_hares_only_with_the_option(on: bool) -> None:
    """The Mountain Hare "counts as a European Hare": off, not for the European Hare's "any
    number of hares share a slot" (BGA, mischwald); on, it joins them, and they join it."""
    r = rules(("alpine",), **{HARES: on})
    pk = CardPicker(r)
    eh, eh2 = (pk.pick(b("european_hare"), side="left") for _ in range(2))
    mh, mh2 = (pk.pick(a("mountain_hare"), side="left") for _ in range(2))
    t1, t2, t3 = pk.pick(b("birch")), pk.pick(b("birch")), pk.pick(b("birch"))
    g = scenario(r, hands={0: [mh, eh2]},
                 forests={0: [(t1, {"left": [eh]}), (t2, {"left": [mh2]}), (t3, {})]})
    g.apply(fs.PlayCard(mh))
    lefts = {p for p in slot_places(g) if p[1] == "left"}  # its left half (the hare's)
    assert lefts == ({(0, "left"), (1, "left"), (2, "left")} if on else {(2, "left")})
    if not on:
        return
    place(g, 0, "left")
    assert g.state.forests[0].sites[0].slots["left"] == [eh, mh]
    # a European Hare joins a slot holding a Mountain Hare too
    g2 = scenario(r, hands={0: [eh2]},
                  forests={0: [(t1, {"left": [eh]}), (t2, {"left": [mh2]}), (t3, {})]})
    g2.apply(fs.PlayCard(eh2))
    assert {(1, "left"), (0, "left")} <= slot_places(g2)


@pytest.mark.parametrize("on", [False, True])
def test_a_document_with_both_hares_in_one_slot_needs_the_option(on: bool) -> None:
    doc: dict[str, Any] = {"game": "base", "expansions": ["alpine"], "players": [{"forest": [
        {"tree": "Birch", "left": ["European Hare", "Mountain Hare", "European Hare"]}]}]}
    if on:
        doc["options"] = {HARES: True}
        lines = fs.score_document(doc).players[0].lines
        assert sum(ln.points for ln in lines if "Hare" in ln.card) == 9  # 3 hares, 3 each
    else:
        with pytest.raises(fs.DocumentError, match="one species may share a slot"):
            fs.score_document(doc)


# -- permanent_draws_at_once ---------------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_a_shrub_played_this_turn_draws_for_its_own_bonus_only_with_the_option(on: bool) -> None:
    """Blackthorn: "whenever you play a butterfly, draw 1"; its bonus free-plays a butterfly.
    Off, the draw works from its owner's next turn (as the mushrooms, RULES.md §1); on, at
    once, so the butterfly of its own bonus draws a card."""
    r = rules(("woodland_edge",), **{AT_ONCE: on})
    pk = CardPicker(r)
    thorn = pk.pick(w("blackthorn"))
    pay = showing(pk, r.halves[thorn][0].symbol or "", 2)
    fly = pk.pick(b("peacock_butterfly"), side="top")
    birch = pk.pick(b("birch"))
    deck = pk.filler(3)
    g = scenario(r, hands={0: [thorn, fly, *pay]}, forests={0: [(birch, {})]}, deck=deck)
    play(g, thorn, pay=pay)
    use(g, "bonus")
    pick(g, fly)
    place(g, 0, "top")
    if on:
        use(g, "trigger")
        assert hand(g) == [deck[0]]
    else:
        assert g.pending is None or g.pending.kind != "trigger"
        assert hand(g) == []


@pytest.mark.parametrize("on", [False, True])
def test_a_black_trumpet_played_this_turn_draws_for_a_later_free_play_only_with_the_option(
        on: bool) -> None:
    """Black Trumpet: "whenever you play a Mountain card, draw 1". An Alpine Newt's bonus
    free-plays a Mountain card (the Trumpet), then an insect (a Phoebus Apollo, a Mountain
    card too). Off, the Trumpet draws from the next turn; on, for the Apollo at once."""
    r = rules(("alpine",), **{AT_ONCE: on})
    pk = CardPicker(r)
    newt = pk.pick(a("alpine_newt"), side="bottom", symbol="Douglas Fir")
    pay = showing(pk, "Douglas Fir")
    trumpet = pk.pick(a("black_trumpet"), side="bottom")
    apollo = pk.pick(a("phoebus_apollo"), side="top")
    t1, t2 = pk.pick(b("birch")), pk.pick(b("birch"))
    deck = pk.filler(3)
    g = scenario(r, hands={0: [newt, trumpet, apollo, *pay]},
                 forests={0: [(t1, {}), (t2, {})]}, deck=deck)
    play(g, newt, 0, "bottom", pay=pay)
    use(g, "bonus")
    pick(g, trumpet)
    place(g, 1, "bottom")
    assert g.pending is not None and g.pending.kind == "free_play"
    assert picks(g) == {apollo}  # the insect
    pick(g, apollo)
    place(g, 0, "top")
    if on:
        use(g, "trigger")
        assert hand(g) == [deck[0]]
    else:
        assert g.pending is None or g.pending.kind != "trigger"
        assert hand(g) == []


def test_with_both_boxes_one_option_times_the_trumpet_and_the_shrubs() -> None:
    """Declared by both boxes, ``permanent_draws_at_once`` is one option: it changes the
    Black Trumpet and the three shrubs, and no base mushroom (RULES.md §1 keeps them)."""
    for on in (False, True):
        r = rules(BOTH, **{AT_ONCE: on})
        for sid in (a("black_trumpet"), w("blackthorn"), w("common_hazel"), w("elderberry")):
            assert [t.from_next_turn for t in r.triggers[sid]] == [not on]
        assert all(t.from_next_turn for t in r.triggers[b("parasol_mushroom")])


# -- shrub_slots_count_as_tree_slots -------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_wood_ant_counts_cards_below_a_shrub_only_with_the_option(on: bool) -> None:
    """Wood Ant: 2 per card below a tree. Off, a shrub's bottom is not below a tree ("shrubs
    don't count as trees"); on, the shrub's slots count as a tree's."""
    r = rules(("woodland_edge",), **{SHRUB_SLOTS: on})
    pk = CardPicker(r)
    ant = pk.pick(b("wood_ant"), side="bottom")
    moss = pk.pick(b("moss"), side="bottom")
    birch, hazel = pk.pick(b("birch")), pk.pick(w("common_hazel"))
    g = scenario(r, forests={0: [(birch, {"bottom": [ant]}), (hazel, {"shrub_bottom": [moss]})]})
    assert points(g, ant) == (4 if on else 2)
    # the shrub is no tree either way: it keeps its kind's names and feature
    site = g.state.forests[0].sites[1]
    assert not site.kind.is_tree and "shrub" in site.kind.features
    assert g.forest_document()["players"][0]["forest"][1]["shrub"]["species"] == "Common Hazel"


@pytest.mark.parametrize("on", [False, True])
def test_penny_bun_fires_on_top_of_a_shrub_only_with_the_option(on: bool) -> None:
    """Penny Bun: "whenever you place a card on top of a tree, draw 1"."""
    r = rules(("woodland_edge",), **{SHRUB_SLOTS: on})
    pk = CardPicker(r)
    bun = pk.pick(b("penny_bun"), side="bottom")
    birch, hazel = pk.pick(b("birch")), pk.pick(w("common_hazel"))
    squirrel = pk.pick(b("red_squirrel"), side="top")
    g = scenario(r, hands={0: [squirrel]}, forests={0: [(birch, {"bottom": [bun]}), (hazel, {})]},
                 deck=pk.filler(3))
    play(g, squirrel, 1, "shrub_top")  # a Red Squirrel costs nothing
    assert g.pending is not None
    assert g.pending.kind == ("trigger" if on else "turn")


@pytest.mark.parametrize("on", [False, True])
def test_a_document_scores_wood_ant_by_the_shrub_option(on: bool) -> None:
    doc: dict[str, Any] = {"game": "base", "expansions": ["woodland_edge"], "players": [
        {"forest": [{"tree": "Birch", "bottom": ["Wood Ant"]},
                    {"shrub": "Common Hazel", "bottom": ["Moss"]}]}]}
    if on:
        doc["options"] = {SHRUB_SLOTS: True}
    lines = {ln.card: ln.points for ln in fs.score_document(doc).players[0].lines}
    assert lines["Wood Ant"] == (4 if on else 2)


# -- records and documents keep the options -----------------------------------------------


def test_a_saved_game_with_every_option_on_replays_and_keeps_them() -> None:
    g = fs.new_game("base", players=3, seed=11, expansions=list(BOTH), options=ALL_ON)
    play_out(g, RandomBot(11))
    check_game(g)
    text = g.to_json()
    h = fs.Game.from_json(text)
    assert h.rules.options == {"mulligan": True, **ALL_ON}
    assert h.rules.spec.site_kind_map == {"shrub": "shrub_tree_slots"}
    assert (h.events, h.actions) == (g.events, g.actions)
    assert h.scores() == g.scores()
    # the record plays only under its options: with the defaults it is refused or differs
    plain = fs.get_ruleset("base", expansions=list(BOTH))
    with pytest.raises(fs.RecordError, match="options"):
        fs.Game.from_json(text, rules=plain)
    doc = g.forest_document()
    assert doc["options"] == ALL_ON
    assert tuple(p.total for p in fs.score_document(doc).players) == g.scores().totals


def test_a_record_written_without_the_expansion_options_loads_with_their_defaults() -> None:
    """Records of mixed games written before the options existed name only ``mulligan``."""
    import json

    g = fs.new_game("base", players=2, seed=5, expansions=["alpine"])
    play_out(g, RandomBot(5))
    data = json.loads(g.to_json())
    data["options"] = {"mulligan": True}
    for rules_ in (None, g.rules):
        h = fs.Game.from_json(json.dumps(data), rules=rules_)
        assert h.rules.options == g.rules.options and h.events == g.events


def test_a_non_default_option_changes_the_game_a_seed_deals() -> None:
    """Same seed, same actions chosen by index: at some point the options give another game
    (the option is not ignored in self-play)."""
    def game(options: dict[str, bool]) -> fs.Game:
        g = fs.new_game("base", players=2, seed=3, expansions=list(BOTH), options=options)
        play_out(g, RandomBot(3))
        return g

    assert game({}).events != game(ALL_ON).events


def test_the_cli_lists_the_expansions_options(capsys: pytest.CaptureFixture[str]) -> None:
    from forestshuffle.cli.app import main

    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    base = out[out.index("base:"):]
    assert f"--option {HARES}=<bool>" in base and "with --expansion alpine)" in base
    assert f"--option {AT_ONCE}=<bool>" in base
    assert "with --expansion alpine or woodland_edge)" in base
    assert f"--option {SHRUB_SLOTS}=<bool>" in base


def test_check_card_set_and_random_games_hold_with_every_option_on() -> None:
    """The toolkit's card-set check and the invariants after every game (issue 11: the
    toolkit covers the expansions) hold under the other readings too."""
    from forestshuffle.testing import check_card_set

    r = rules(BOTH, **ALL_ON)
    report = check_card_set(r, games=20, seed=2)
    # "effects" reports an effect kind 20 random games did not reach (coverage, which the
    # 100-game check of test_toolkit_mixed covers); every other check must pass
    assert not [p for p in report.problems if p.check != "effects"], str(report)
    for seed in range(3):
        g = fs.new_game(r, players=2 + seed, seed=seed)
        play_out(g, RandomBot(seed))
        check_game(g)
        assert g.end_reason == "third_winter"


def test_an_override_may_give_a_species_a_slot_rule_naming_its_kin() -> None:
    """Overrides gained ``sharing`` (the field the hare option changes); ``with`` must name
    species of the ruleset."""
    r = fs.get_ruleset("base", overrides={"species": {"base.wolf": {
        "sharing": {"kind": "shares_slot", "args": {"with": ["base.lynx"]}}}}})
    assert r.sharing["base.wolf"] is None and r.share_kin["base.wolf"] == {
        "base.wolf", "base.lynx"}
    with pytest.raises(fs.CardDataError, match=r"unknown species 'base\.nobody'"):
        fs.get_ruleset("base", overrides={"species": {"base.wolf": {
            "sharing": {"kind": "shares_slot", "args": {"with": ["base.nobody"]}}}}})
    with pytest.raises(fs.CardDataError, match="shares_slot takes max_cards and with"):
        fs.get_ruleset("base", overrides={"species": {"base.wolf": {
            "sharing": {"kind": "shares_slot", "args": {"with": "base.lynx"}}}}})
