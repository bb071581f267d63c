"""The engine's fast paths give exactly what the generic code gives: the same options in the
same order (so the same seeds play the same games), checked at every decision of random
games of every ruleset that takes them."""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.core.forest import mask_of
from forestshuffle.kinds.turn import core_turn_options, generic_turn_options
from forestshuffle.testing import CardPicker, scenario

FAST = [("base", ()), ("base", ("alpine",)), ("base", ("alpine", "woodland_edge"))]


@pytest.mark.parametrize(("ruleset", "expansions"), FAST)
@pytest.mark.parametrize("players", [2, 4])
def test_core_turn_options_equal_the_generic_builders(ruleset, expansions, players):
    rules = fs.get_ruleset(ruleset, expansions=expansions)
    assert rules.core_turn
    turns = 0
    for seed in range(3):
        g = fs.new_game(rules, players=players, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            p = g.pending
            if p.kind == "turn":
                fast = core_turn_options(g.state, p.player)
                assert fast == generic_turn_options(g.state, p.player)
                assert all(a is b for a, b in zip(fast, p.options, strict=True))
                turns += 1
            g.apply(bot.choose(g))
    assert turns > 100


def test_rulesets_that_change_the_turn_take_the_generic_path():
    assert {"steps:reveal", "steps:place", "turn_actions:draw"} <= \
        fs.get_ruleset("house-001").core_kinds  # the core's kinds, whatever the ruleset
    assert not any(k.startswith("steps:smoky") for k in fs.get_ruleset("smoky").core_kinds)
    assert not fs.get_ruleset("smoky").core_turn  # its slots have features
    assert not fs.get_ruleset("house-001").core_turn  # its own draw action, limits


def _empty_by_scan(forest):
    """The forest's empty slots by position, recomputed from its sites."""
    out: dict = {}
    for si, site in enumerate(forest.sites):
        for i, sd in enumerate(site.kind.slots):
            if not site.slots[sd.name]:
                for pos in sd.accepts:
                    out.setdefault(pos, []).append((si, i, sd.name))
    return out


EVERY = [("base", ()), ("smoky", ()), ("base", ("alpine", "woodland_edge")), ("house-001", ()),
         ("pokemon", ())]


@pytest.mark.parametrize(("ruleset", "expansions"), EVERY)
def test_the_index_of_empty_slots_follows_the_forest(ruleset, expansions):
    """``Forest.empty`` (which placements read instead of scanning every site) equals a scan
    of the sites after every action, upgrades of Smoky sites included, in placement order."""
    rules = fs.get_ruleset(ruleset, expansions=expansions)
    checked = 0
    for seed in range(3):
        g = fs.new_game(rules, players=2, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            for forest in g.state.forests:
                index = {p: [e[:3] for e in v] for p, v in forest.empty.items() if v}
                assert index == _empty_by_scan(forest)
                # the counts of empty slots by position, made from the index
                assert forest.open == {p: len(v) for p, v in index.items()}
                for entries in forest.empty.values():  # each with its placements by half
                    for si, _, name, places in entries:
                        assert places == tuple(fs.Place(h, si, name) for h in range(4))
                assert forest.copy().empty == forest.empty
                # the bits of the positions with an empty slot, kept as cards move
                assert forest.open_mask == mask_of(forest.open) == mask_of(
                    {p: len(v) for p, v in index.items()})
                assert forest.copy().open_mask == forest.open_mask
                checked += 1
            g.apply(bot.choose(g))
    assert checked > 300


def _logs(ruleset: str, expansions: tuple[str, ...], kind: str, fast: bool) -> list:
    """The logs, actions and final states of seeded random games with the fast path that
    stands in for the core's *kind* (``steps:reveal``...) on or off (*kind* in
    ``Ruleset.core_kinds`` or not)."""
    rules = fs.get_ruleset(ruleset, expansions=expansions)
    core = rules.core_kinds
    assert kind in core
    rules.core_kinds = core if fast else core - {kind}
    try:
        out = []
        for seed in range(3):
            g = fs.new_game(rules, players=2, seed=seed)
            fs.bots.play_out(g, [RandomBot(seed), RandomBot(seed + 50)])
            out.append((list(g.events), [a for a, _ in g.actions], g.state.snapshot()[:7]))
        return out
    finally:
        rules.core_kinds = core


def _same_games_modulo_bookkeeping(ruleset: str, expansions: tuple[str, ...],
                                   kind: str) -> tuple[int, list]:
    """Seeded random games with the fast path for the core's *kind* on and off: the same
    actions, the same events but the queue's bookkeeping, and every card in the same place
    at the end; how many events fewer the fast path logs, and its logs."""
    from forestshuffle.records.record import BOOKKEEPING

    fast, generic = (_logs(ruleset, expansions, kind, f) for f in (True, False))
    fewer = 0
    for (f_log, f_actions, f_state), (g_log, g_actions, g_state) in zip(fast, generic,
                                                                        strict=True):
        assert f_actions == g_actions and f_state == g_state
        assert [e for e in f_log if type(e) not in BOOKKEEPING] == \
            [e for e in g_log if type(e) not in BOOKKEEPING]
        fewer += len(g_log) - len(f_log)
    return fewer, fast


@pytest.mark.parametrize(("ruleset", "expansions"), EVERY)
def test_a_play_reveals_as_the_reveal_step_would_modulo_bookkeeping(ruleset, expansions):
    """A play whose follow-ups would start with the core's reveal step reveals at once
    (``steps:reveal`` in ``Ruleset.core_kinds``, record format 3): the same game as the
    generic path that queues the step and runs it (seeded random games, which reveal
    often), one bookkeeping event fewer per such play (in base, every tree and sapling; a
    Smoky tree with a hand left first offers its river, and reveals by the step)."""
    fewer, fast = _same_games_modulo_bookkeeping(ruleset, expansions, "steps:reveal")
    reveals = sum(type(e).__name__ == "CardRevealed" for log, _, _ in fast for e in log)
    assert reveals > 20 and fewer > 0
    if ruleset == "base":  # every reveal but a game-ending winter card's shows a play
        assert abs(fewer - reveals) <= len(fast)


@pytest.mark.parametrize(("ruleset", "expansions"), EVERY)
def test_a_site_card_is_placed_as_the_place_step_would(ruleset, expansions):
    """A site card played by the turn's play action is placed at once (``steps:place`` in
    ``Ruleset.core_kinds``, record format 3), the placement step not queued: the same game as
    the generic path, one bookkeeping event fewer per site card played so."""
    fewer, fast = _same_games_modulo_bookkeeping(ruleset, expansions, "steps:place")
    trees = sum(type(e).__name__ == "CardPlayed" and e.slot == "center" and e.half is not None
                for log, _, _ in fast for e in log)
    assert trees > 5 and 0 < fewer <= trees


def test_a_site_cards_placement_is_shared_and_names_no_other_card():
    """Placing a tree is one shared ``Place(0, site, "center")`` per site (tree placements
    are answered without asking): its label names the site, never the first tree that
    happened to make it (it once said "plant Linden" for an Oak)."""
    from forestshuffle.core.rules import placements

    rules = fs.get_ruleset("base")
    state = fs.new_game(rules, players=2, seed=1).state
    trees = [c for c in rules.cards if not rules.cards[c].winter
             and rules.halves[c][0].position == "center"]
    names = {rules.card_names[c] for c in trees}
    made = [placements(state, 0, c) for c in trees]
    assert len(names) > 5 and all(len(p) == 1 for p in made)
    assert all(p[0] is made[0][0] for p in made)
    assert (made[0][0].half, made[0][0].site, made[0][0].slot) == (0, 0, "center")
    assert str(made[0][0]) == "plant it as site 0"
    assert not any(name in str(made[0][0]) for name in names)


def test_a_card_that_can_only_join_an_occupied_slot_is_offered_by_the_fast_path():
    """RULES.md §1, slot sharing (a second Common Toad joins a toad's slot): with no empty
    slot left, the fast builder's table says "no empty slot takes it", and the card is still
    offered because it may join the toad: the same options as the generic builder."""
    rules = fs.get_ruleset("base")
    pk = CardPicker(rules)
    birch = pk.pick("base.birch")
    t1, t2 = (pk.pick("base.common_toad", side="bottom") for _ in range(2))
    sides = {}
    for side in ("top", "left", "right"):  # a free card of no sharing species per side
        card = next(c for c in sorted(rules.halves) if c not in pk.used and any(
            h.position == side and h.cost == 0 and h.species not in rules.sharing
            for h in rules.halves[c]))
        pk.used.add(card)
        sides[side] = [card]
    g = scenario(hands={0: [t2]}, forests={0: [(birch, {"bottom": [t1], **sides})]})
    assert g.state.forests[0].open_mask == 0  # no empty slot at all
    fast = core_turn_options(g.state, 0)
    assert fast == generic_turn_options(g.state, 0)
    assert rules.play_actions[t2] in fast


def _placements_by_scan(state, player: int, card: int, budget: int) -> list:
    """Every placement of *card* costing at most *budget*, by scanning every site's slots in
    order: empty ones, and occupied ones the half may join (``rules.may_join``)."""
    from forestshuffle.core.rules import may_join

    rules = state.rules
    forest = state.forests[player]
    out = []
    for hi, h in enumerate(rules.halves[card]):
        if h.cost > budget or h.position == "center":
            continue
        joins = h.species in rules.sharing or bool(rules.site_sharing)
        for si, site in enumerate(forest.sites):
            for sd in site.kind.slots_for(h.position):
                if not sd.takes(h.position, h.needs, h.tags):
                    continue
                if site.slots[sd.name] and not (joins and may_join(rules, forest, site, sd, h)):
                    continue
                out.append(fs.Place(hi, si, sd.name))
    return out


@pytest.mark.parametrize(("ruleset", "expansions"), EVERY)
def test_decide_gives_what_the_game_logs_for_a_turns_answer(ruleset, expansions):
    """The events ``decide`` gives for a turn's answer (through ``TurnStep.answer``, which
    hands it to the turn action that offered it) begin what the game logs for the same
    answer, at every turn of seeded random games."""
    from forestshuffle.core.machine import decide

    rules = fs.get_ruleset(ruleset, expansions=expansions)
    turns = 0
    for seed in range(2):
        g = fs.new_game(rules, players=2, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            action = bot.choose(g)
            if g.pending.kind == "turn":
                want = decide(g.state, action)
                assert g.apply(action)[: len(want)] == want
                turns += 1
            else:
                g.apply(action)
    assert turns > 40


def test_shared_offer_and_trigger_options_are_labelled_for_what_they_offer():
    """Offers and optional triggers share their options per ruleset (``Ruleset.action``, one
    per class, fields and label): a bonus is offered as "use the bonus" (shared options once
    labelled every offer after the first "use the effect"), a trigger names its card."""
    seen: dict[str, set] = {}
    for seed in range(30):
        g = fs.new_game("base", players=2, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            p = g.pending
            if p.kind in ("effect", "bonus", "trigger"):
                seen.setdefault(p.kind, set()).add((p.prompt, tuple(map(str, p.options))))
            g.apply(bot.choose(g))
    assert {o for _, o in seen["effect"]} == {("use the effect", "skip the effect")}
    assert {o for _, o in seen["bonus"]} == {("use the bonus", "skip the bonus")}
    assert len(seen["trigger"]) > 1
    for prompt, (use, skip) in seen["trigger"]:
        name = use.removeprefix("use ").removesuffix("'s trigger")
        assert prompt.startswith(f"use the trigger of {name} (") and skip == "skip the trigger"


@pytest.mark.parametrize(("ruleset", "expansions"), EVERY)
def test_placements_and_can_place_agree_with_a_scan_on_every_ruleset(ruleset, expansions):
    """Placements read empty slots off the forest's index (where slots only care about
    sides) and scan only for occupied slots a half may join (a toad's, a hare's); where
    slots care about features and tags too (Smoky), placements and ``can_place`` look a
    half's slots up (``rules.slot_takers``, made once per half) instead of asking each slot:
    the same placements, in order, as scanning every slot with ``SlotDef.takes``, and
    ``can_place`` true exactly when there is one, for every hand card at every turn."""
    from forestshuffle.core.rules import can_place, placements

    rules = fs.get_ruleset(ruleset, expansions=expansions)
    checked = placeable = joined = 0
    for seed in range(3):
        g = fs.new_game(rules, players=2, seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            p = g.pending
            if p.kind == "turn":
                for card in g.state.hands[p.player]:
                    if rules.halves[card][0].position == "center":
                        continue
                    for budget in (0, 9):
                        want = _placements_by_scan(g.state, p.player, card, budget)
                        assert placements(g.state, p.player, card, None, budget) == want
                        assert can_place(g.state, p.player, card, budget) == bool(want)
                        placeable += bool(want)
                        checked += 1
                        forest = g.state.forests[p.player]
                        joined += any(forest.sites[x.site].slots[x.slot] for x in want)
            g.apply(bot.choose(g))
    assert checked > 200 and 0 < placeable < checked
    if ruleset == "base":  # a toad or a hare joins an occupied slot
        assert joined > 0
