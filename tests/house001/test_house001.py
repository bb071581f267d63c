"""Ruleset ``house-001``: the rules of seed 001 as written (RULES.md §5; seed 001), played
over the base cards. One test per rule that differs from the base game, naming it."""

from __future__ import annotations

import pytest

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.testing import CardPicker, scenario
from forestshuffle_house001 import kinds as hk

RULES = fs.get_ruleset("house-001")


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


def sp(name: str) -> str:
    return f"base.{name}"


def place(g: fs.Game, site: int, slot: str) -> None:
    [opt] = [o for o in g.legal_actions() if isinstance(o, fs.Place)
             and (o.site, o.slot) == (site, slot)]
    g.apply(opt)


def slots_offered(g: fs.Game, species: str | None = None) -> set[tuple[int, str]]:
    """Where the card being played may go (with its half of *species*, if given)."""
    card = g.state.queue[0].card
    return {(o.site, o.slot) for o in g.legal_actions() if isinstance(o, fs.Place)
            and (species is None or RULES.halves[card][o.half].species == species)}


def hand(g: fs.Game, player: int = 0) -> list[int]:
    return sorted(g.state.hands[player])


# -- set-up ----------------------------------------------------------------------------------


def test_the_winter_cards_lie_face_down_at_the_very_bottom_of_the_deck_unshuffled():
    """Seed 001: the 3 winter cards go face down at the bottom of the deck, not shuffled in."""
    for seed in (1, 2):
        g = fs.new_game("house-001", players=2, seed=seed)
        deal = g.events[0]
        assert isinstance(deal, ev.DeckBuilt)
        assert deal.order[-3:] == RULES.winter_cards
        assert not set(deal.order[:-3]) & set(RULES.winter_cards)


# -- the draw action ---------------------------------------------------------------------------


def test_drawing_from_the_deck_draws_two_keeps_one_and_puts_the_other_into_the_clearing(pk):
    """Seed 001, action 1: draw 2 from the deck, look, keep 1, the other face up into the
    clearing."""
    deck = pk.filler(4)
    g = scenario("house-001", hands={0: pk.filler(2)}, deck=deck)
    before = hand(g)
    g.apply(fs.DrawFromDeck())
    assert g.pending.kind == "keep" and set(g.legal_actions()) == {
        fs.PickCard(deck[0]), fs.PickCard(deck[1])}
    evs = g.apply(fs.PickCard(deck[1]))
    assert hk.CardsDiscarded(0, (deck[0],)) in evs
    assert hand(g) == sorted([*before, deck[1]])
    assert g.state.clearing == [deck[0]]


def test_taking_from_the_clearing_takes_one_card_only(pk):
    clearing = pk.filler(3)
    g = scenario("house-001", hands={0: pk.filler(2)}, clearing=clearing)
    g.apply(fs.DrawFromClearing(clearing[1]))
    assert clearing[1] in g.state.hands[0] and len(g.state.hands[0]) == 3
    assert g.pending.player == 1  # the turn is over: one card, not two


# -- trees with three slots -------------------------------------------------------------------


def test_a_tree_has_a_top_slot_for_top_and_bottom_halves_and_two_slots_below(pk):
    """Seed 001: on top 1 slot for top/bottom halves; below, left and right, 1 slot each for
    left/right halves."""
    birch = pk.pick(sp("birch"))
    owl = pk.pick(sp("tawny_owl"), side="top")
    ant = pk.pick(sp("wood_ant"), side="bottom")
    fox = pk.pick(sp("red_fox"), side="left")
    badger = pk.pick(sp("european_badger"), side="right")
    g = scenario("house-001", hands={0: [owl, ant, fox, badger, *pk.filler(3)]},
                 forests={0: [(birch, {})]})
    assert [s.name for s in g.state.forests[0].sites[0].kind.slots] == [
        "top", "bottom_left", "bottom_right"]
    for card, name, want in ((owl, "tawny_owl", {(0, "top")}), (ant, "wood_ant", {(0, "top")}),
                             (fox, "red_fox", {(0, "bottom_left")}),
                             (badger, "european_badger", {(0, "bottom_right")})):
        g.apply(fs.PlayCard(card))
        assert slots_offered(g, sp(name)) == want, card
        g.undo()


def test_a_tree_with_its_three_slots_filled_is_fully_occupied(pk):
    """Beech Marten, 5 per fully occupied tree: a house tree is full with its 3 slots."""
    birch = pk.pick(sp("birch"))
    marten = pk.pick(sp("beech_marten"), side="left")
    owl = pk.pick(sp("tawny_owl"), side="top")
    badger = pk.pick(sp("european_badger"), side="right")
    g = scenario("house-001", forests={0: [(birch, {"top": [owl], "bottom_left": [marten],
                                                    "bottom_right": [badger]})]})
    assert g.state.forests[0].count("full_sites") == 1
    marten_score = next(c for c in g.scores()[0].cards if c.card == marten)
    assert marten_score.points == 5


def test_the_slots_below_are_what_below_a_tree_rules_count_and_the_top_slot_above(pk):
    """DECISIONS (house-001): "below a tree" is the bottom-left and bottom-right slots (Wood
    Ant counts their cards; a Parasol Mushroom fires for a card put there) and "on top" is the
    top slot (a Penny Bun fires for any half put there, a bottom half too)."""
    birch, oak = pk.pick(sp("birch")), pk.pick(sp("oak"))
    ant = pk.pick(sp("wood_ant"), side="bottom")
    fox = pk.pick(sp("red_fox"), side="left")
    g = scenario("house-001", forests={0: [(birch, {"top": [(ant, sp("wood_ant"))],
                                                    "bottom_left": [fox]})]})
    ant_score = next(c for c in g.scores()[0].cards if c.card == ant)
    assert ant_score.points == 2  # 1 card below a tree (the fox), not the ant on top
    parasol = pk.pick(sp("parasol_mushroom"), side="bottom")
    bun = pk.pick(sp("penny_bun"), side="bottom")
    hare = pk.pick(sp("european_hare"), side="left")
    toad = pk.pick(sp("common_toad"), side="bottom")
    g = scenario("house-001", hands={0: [hare, toad, *pk.filler(2)]},
                 forests={0: [(birch, {"top": [(parasol, sp("parasol_mushroom"))]}),
                              (oak, {"top": [(bun, sp("penny_bun"))]}),
                              (pk.pick(sp("linden")), {})]},
                 deck=pk.filler(4))
    g.apply(fs.PlayCard(hare))
    place(g, 0, "bottom_left")
    assert g.pending.kind == "trigger"  # the Parasol: a card placed below a tree
    assert g.state.queue[0].card == parasol
    g.apply(fs.Pass())
    while g.pending.player != 0 or g.pending.kind != "turn":
        g.apply(g.legal_actions()[0])
    g.apply(fs.PlayCard(toad))
    [opt] = [o for o in g.legal_actions() if isinstance(o, fs.Place) and (o.site, o.slot) == (
        2, "top") and RULES.halves[toad][o.half].species == sp("common_toad")]
    g.apply(opt)
    assert g.pending.kind == "trigger" and g.state.queue[0].card == bun  # on top of a tree


def test_hares_share_a_slot_below_and_toads_share_the_top_slot(pk):
    """The base cards' slot sharing maps onto the layout: hares (left/right halves) stack in
    a slot below, up to two toads (bottom halves) in the top slot."""
    birch = pk.pick(sp("birch"))
    hares = [pk.pick(sp("european_hare"), side="left") for _ in range(3)]
    toads = [pk.pick(sp("common_toad"), side="bottom") for _ in range(2)]
    g = scenario("house-001", forests={0: [(birch, {
        "bottom_left": hares, "top": [(t, sp("common_toad")) for t in toads]})]})
    scores = {c.card: c.points for c in g.scores()[0].cards}
    assert [scores[h] for h in hares] == [3, 3, 3] and [scores[t] for t in toads] == [5, 5]


# -- saplings ----------------------------------------------------------------------------------


def test_saplings_are_limited_per_player_per_game_by_the_saplings_option(pk):
    """Seed 001: saplings are limited per game (default 3, option ``saplings``)."""
    assert RULES.options["saplings"] == 3 and RULES.spec.limits == {"saplings": 3}
    one = fs.get_ruleset("house-001", options={"saplings": 1})
    cards = pk.filler(4, trees=False)
    g = scenario(one, hands={0: cards})
    g.apply(fs.PlaySapling(cards[0]))
    while g.pending.player != 0 or g.pending.kind != "turn":
        g.apply(next(a for a in g.legal_actions() if not isinstance(a, hk.PassTurn)))
    assert not any(isinstance(a, fs.PlaySapling) for a in g.legal_actions())


def test_saplings_hold_no_dwellers_unless_the_option_says_so(pk):
    """Seed 001: a sapling "cannot hold dwellers"; option ``sapling_slots`` gives it the
    tree's three slots."""
    sap, fox = pk.filler(1, trees=False)[0], pk.pick(sp("red_fox"), side="left")
    g = scenario("house-001", hands={0: [fox, *pk.filler(2, trees=False)]},
                 forests={0: [(("sapling", sap), {})]})
    assert fs.PlayCard(fox) not in g.legal_actions()
    with_slots = fs.get_ruleset("house-001", options={"sapling_slots": True})
    g = scenario(with_slots, hands={0: [fox, *pk.filler(2, trees=False)]},
                 forests={0: [(("sapling", sap), {})]})
    g.apply(fs.PlayCard(fox))
    assert slots_offered(g, sp("red_fox")) == {(0, "bottom_left")}


# -- the end of a turn -------------------------------------------------------------------------


def test_a_hand_over_the_limit_is_discarded_down_to_it_at_the_end_of_the_turn(pk):
    """Seed 001: a hand over the limit at the end of a turn is discarded down to it (the
    player chooses); the cards go face up into the clearing."""
    held = pk.filler(10)
    deck = pk.filler(4)
    g = scenario("house-001", hands={0: held}, deck=deck)
    g.apply(fs.DrawFromDeck())  # 12 cards, one goes back: 11
    g.apply(fs.PickCard(deck[0]))
    assert len(g.state.hands[0]) == 11
    assert g.pending.kind == "discard" and g.pending.player == 0
    g.apply(fs.PickCard(held[3]))
    assert len(g.state.hands[0]) == 10 and held[3] in g.state.clearing
    assert g.pending.kind == "turn" and g.pending.player == 1


def test_the_third_winter_lets_the_turn_finish_then_the_game_ends(pk):
    """Seed 001: the player who draws the 3rd winter card finishes the turn; then the game
    ends (a Birch's draw after its reveal still happens)."""
    w = [pk.winter() for _ in range(3)]
    birch = pk.pick(sp("birch"))
    last = pk.filler(1)
    g = scenario("house-001", hands={0: [birch, *pk.filler(2)]}, winter=w[:2],
                 deck=[w[2], *last], validate=True)
    g.apply(fs.PlayCard(birch))  # the reveal takes the third winter, then a card
    assert not g.is_over and g.state.end_scheduled == "third_winter"
    assert g.pending.kind == "effect"  # the turn goes on
    g.apply(fs.Use())
    assert g.is_over and g.end_reason == "third_winter"
    assert g.outcome().termination is fs.Termination.THIRD_WINTER


def test_the_game_ends_when_the_deck_is_out_and_the_clearing_is_empty():
    """Seed 001: the deck drawn out and no clearing card to take ends the game (end
    condition ``deck_exhausted``, checked at the end of each turn). With the winter cards at
    the bottom, the third winter comes with the deck's last card and ends the game first,
    so this condition only matters for rulesets reusing it (DECISIONS.md)."""
    cond = hk.DeckExhausted()
    state = fs.new_game("house-001", players=2, seed=1).state.copy()
    assert not cond.ended(state)
    state.deck.clear()
    assert not cond.ended(state) or not state.clearing
    state.clearing.clear()
    assert cond.ended(state)
    assert "deck_exhausted" in RULES.spec.end_conditions


def test_a_round_in_which_nobody_acts_ends_the_game(pk):
    """Seed 001: the game ends when no player can or will act: a whole round of passes."""
    g = scenario("house-001", hands={0: pk.filler(2), 1: pk.filler(2)})
    g.apply(hk.PassTurn())
    assert g.state.ext[hk.PASSES] == 1 and not g.is_over
    g.apply(hk.PassTurn())
    assert g.is_over and g.end_reason == "nobody_acts"


def test_an_action_starts_the_count_of_passes_again(pk):
    g = scenario("house-001", hands={0: pk.filler(2), 1: pk.filler(2)}, deck=pk.filler(4))
    g.apply(hk.PassTurn())
    g.apply(fs.DrawFromDeck())
    g.apply(g.legal_actions()[0])  # keep one
    assert g.state.ext[hk.PASSES] == 0
    g.apply(hk.PassTurn())
    assert not g.is_over


# -- ties ---------------------------------------------------------------------------------------


def test_ties_go_to_more_trees_then_more_dwellers_then_more_cards_in_hand(pk):
    """Seed 001: a tie is broken by the number of trees, then of dwellers, then of cards left
    in hand; still tied, a shared win."""
    birch = [pk.pick(sp("birch")) for _ in range(4)]
    squeaker = pk.pick(sp("squeaker"), side="right")
    # 1 + 1 points each (Birch 1, and a Squeaker 1 or a second Birch 1)
    g = scenario("house-001", forests={0: [(birch[0], {}), (birch[1], {})],
                                      1: [(birch[2], {"bottom_right": [squeaker]})]})
    assert g.scores().totals == (2, 2)
    assert g.scores().winners == frozenset({0})  # 2 trees against 1
    squeaker2 = pk.pick(sp("squeaker"), side="right")
    raccoon = pk.pick(sp("raccoon"), side="left")  # 0 points, but a dweller
    g = scenario("house-001", forests={
        0: [(birch[0], {"bottom_right": [squeaker2], "bottom_left": [raccoon]})],
        1: [(birch[2], {"bottom_right": [squeaker]})]}, hands={1: pk.filler(3)})
    assert g.scores().totals == (2, 2)
    assert g.scores().winners == frozenset({0})  # 1 tree each; 2 dwellers against 1
    g = scenario("house-001", hands={0: pk.filler(2), 1: pk.filler(1)})
    assert g.scores().winners == frozenset({0})  # nothing played: the larger hand
    g = scenario("house-001", hands={0: pk.filler(1), 1: pk.filler(1)})
    assert g.scores().winners == frozenset({0, 1})  # all tied: shared


def test_a_seeded_game_plays_to_its_end_and_replays():
    g = fs.new_game("house-001", players=3, seed=7)
    fs.bots.play_out(g, fs.bots.HeuristicBot(7))
    assert g.is_over
    assert fs.Game.from_json(g.to_json()).events == g.events
