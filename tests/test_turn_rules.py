"""The turn rules of the base game (RULES.md §1), one test per rule.

Every position is built with :func:`forestshuffle.testing.scenario`, so the deck order is
chosen: a winter card placed in ``deck=[...]`` appears exactly when the test wants it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import forestshuffle as fs
import forestshuffle_base
from forestshuffle.core import events as ev
from forestshuffle.testing import CardPicker, scenario

BASE = fs.get_ruleset("base")
DOUGLAS = "Douglas Fir"


# -- helpers -------------------------------------------------------------------------------


def picker(rules: fs.Ruleset = BASE) -> CardPicker:
    return CardPicker(rules)


def with_symbol(pk: CardPicker, symbol: str, n: int = 1) -> list[int]:
    """*n* unused split cards with a half showing *symbol*."""
    rules = pk.rules
    out = []
    for c in sorted(rules.halves):
        if len(out) == n:
            break
        if c in pk.used or rules.is_tree_card(c) or symbol not in rules.card_symbols[c]:
            continue
        pk.used.add(c)
        out.append(c)
    assert len(out) == n
    return out


def without_symbol(pk: CardPicker, symbol: str, n: int = 1) -> list[int]:
    """*n* unused split cards showing *symbol* on neither half."""
    rules = pk.rules
    out = []
    for c in sorted(rules.halves):
        if len(out) == n:
            break
        if c in pk.used or rules.is_tree_card(c) or symbol in rules.card_symbols[c]:
            continue
        pk.used.add(c)
        out.append(c)
    assert len(out) == n
    return out


def play(g: fs.Game, card: int, *, pay: Iterable[int] = (), slot: str | None = None,
         species: str | None = None) -> list[ev.Event]:
    """Play *card* normally (choosing the half/slot if asked), paying with *pay*."""
    mark = len(g.events)
    g.apply(fs.PlayCard(card))
    if g.pending is not None and g.pending.kind == "place":
        opts = [
            p for p in g.legal_actions()
            if (slot is None or p.slot == slot)
            and (species is None or g.rules.halves[card][p.half].species == species)
        ]
        assert opts, f"no placement of card {card} in slot {slot}"
        g.apply(opts[0])
    for c in sorted(pay):
        assert g.pending is not None and g.pending.kind == "pay", g.pending
        g.apply(fs.PayWith(c))
    return g.events[mark:]


def visible(events: Sequence[ev.Event]) -> list[ev.Event]:
    """*events* without the resolution-queue bookkeeping."""
    return [e for e in events
            if not isinstance(e, ev.StepsQueued | ev.StepFinished | ev.StepUpdated)]


def of_type(events: Sequence[ev.Event], cls: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def kinds_asked(g: fs.Game) -> str | None:
    return None if g.pending is None else g.pending.kind


def is_next_players_turn(g: fs.Game, player: int = 1) -> bool:
    p = g.pending
    return p is not None and p.kind == "turn" and p.player == player


def draw_actions(g: fs.Game) -> list[fs.Action]:
    return [a for a in g.legal_actions()
            if isinstance(a, fs.DrawFromDeck | fs.DrawFromClearing)]


# -- hand limit ----------------------------------------------------------------------------


def test_with_nine_cards_the_draw_action_takes_only_one_card():
    pk = picker()
    hand = pk.filler(9, trees=False)
    a, b = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: hand}, deck=[a, b])
    assert fs.DrawFromDeck() in g.legal_actions()
    evs = g.apply(fs.DrawFromDeck())
    assert of_type(evs, ev.CardDrawn) == [ev.CardDrawn(0, a)]
    assert len(g.state.hands[0]) == 10
    assert b not in g.state.hands[0]
    assert is_next_players_turn(g)


def test_with_nine_cards_a_clearing_draw_also_takes_only_one_card():
    pk = picker()
    hand = pk.filler(9, trees=False)
    c1, c2 = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: hand}, clearing=[c1, c2])
    g.apply(fs.DrawFromClearing(c1))
    assert len(g.state.hands[0]) == 10
    assert c2 in g.state.clearing
    assert is_next_players_turn(g)


def test_with_ten_cards_the_draw_action_is_not_offered():
    pk = picker()
    hand = pk.filler(10, trees=False)
    c = pk.filler(1, trees=False)
    g = scenario("base", 2, hands={0: hand}, clearing=c)
    assert draw_actions(g) == []
    assert g.legal_actions(), "playing (at least a sapling) is still possible"
    with pytest.raises(fs.IllegalActionError):
        g.apply(fs.DrawFromDeck())


def test_draw_effects_stop_at_ten_cards():
    # Red Fox: draw 1 per European Hare; 5 hares, but the hand reaches 10 after 3.
    pk = picker()
    tree = pk.pick("base.oak")
    hares = [pk.pick("base.european_hare", side="left") for _ in range(5)]
    fox = pk.pick("base.red_fox", side="right")
    others = pk.filler(9, trees=False)
    deck = pk.filler(5, trees=False)
    g = scenario("base", 2, hands={0: [fox, *others]}, forests={0: [(tree, {"left": hares})]},
                 deck=deck)
    assert len(g.state.hands[0]) == 10
    play(g, fox, pay=others[:2], species="base.red_fox")
    assert kinds_asked(g) == "effect"
    assert len(g.state.hands[0]) == 7
    evs = g.apply(fs.Use())
    assert of_type(evs, ev.CardDrawn) == [ev.CardDrawn(0, c) for c in deck[:3]]
    assert len(g.state.hands[0]) == 10


# -- the clearing --------------------------------------------------------------------------


def test_clearing_of_ten_is_emptied_only_at_the_end_of_a_turn():
    pk = picker()
    birch = pk.pick("base.birch")
    clearing = pk.filler(9, trees=False)
    revealed, drawn = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [birch]}, clearing=clearing, deck=[revealed, drawn])
    evs = play(g, birch)
    # the reveal brought the clearing to 10, but the turn is not over: nothing leaves yet
    assert len(g.state.clearing) == 10
    assert not of_type(evs, ev.ClearingEmptied)
    assert kinds_asked(g) == "effect"
    evs = g.apply(fs.Use())
    assert of_type(evs, ev.ClearingEmptied) == [ev.ClearingEmptied((*clearing, revealed))]
    assert g.state.clearing == []
    assert set(clearing) | {revealed} <= set(g.state.box)
    assert drawn in g.state.hands[0]
    assert is_next_players_turn(g)


def test_clearing_over_ten_mid_turn_is_emptied_at_the_end_of_the_turn():
    pk = picker()
    oak = pk.pick("base.oak")
    pay = without_symbol(pk, "Oak", 2)
    clearing = pk.filler(8, trees=False)
    revealed = pk.filler(1, trees=False)
    g = scenario("base", 2, hands={0: [oak, *pay]}, clearing=clearing, deck=revealed)
    g.apply(fs.PlayCard(oak))
    g.apply(fs.PayWith(pay[0]))
    assert len(g.state.clearing) == 8  # nothing is paid until the last payment card
    evs = g.apply(fs.PayWith(pay[1]))
    emptied = of_type(evs, ev.ClearingEmptied)
    assert emptied == [ev.ClearingEmptied((*clearing, *pay, *revealed))]
    # the emptying comes after the reveal, i.e. at the end of the turn
    kinds = [type(e) for e in evs]
    assert kinds.index(ev.CardRevealed) < kinds.index(ev.ClearingEmptied) \
        < kinds.index(ev.TurnStarted)
    assert g.state.clearing == []


def test_clearing_of_nine_at_the_end_of_a_turn_stays():
    pk = picker()
    card = pk.filler(1, trees=False)[0]
    clearing = pk.filler(8, trees=False)
    revealed = pk.filler(1, trees=False)
    g = scenario("base", 2, hands={0: [card]}, clearing=clearing, deck=revealed)
    evs = g.apply(fs.PlaySapling(card))
    assert not of_type(evs, ev.ClearingEmptied)
    assert g.state.clearing == [*clearing, *revealed]
    assert is_next_players_turn(g)


def test_clearing_is_emptied_into_the_box():
    pk = picker()
    hand = pk.filler(2, trees=False)
    clearing = pk.filler(9, trees=False)
    revealed = pk.filler(1, trees=False)
    g = scenario("base", 2, hands={0: hand}, clearing=clearing, deck=revealed)
    box_before = list(g.state.box)
    g.apply(fs.PlaySapling(hand[0]))  # the sapling's reveal: the clearing now holds 10
    assert g.state.clearing == []
    assert g.state.box == [*box_before, *clearing, *revealed]


def test_clearing_is_checked_at_the_end_of_each_extra_turn():
    # Douglas Fir paid with two Douglas Fir cards: bonus extra turn. The clearing reaches
    # 10 in the first turn and is emptied before the extra turn starts.
    pk = picker()
    fir = pk.pick("base.douglas_fir")
    pay = with_symbol(pk, DOUGLAS, 2)
    sap = pk.filler(2, trees=False)
    clearing = pk.filler(7, trees=False)
    revealed = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [fir, *pay, *sap]}, clearing=clearing, deck=revealed)
    play(g, fir, pay=pay)
    assert len(g.state.clearing) == 10
    assert kinds_asked(g) == "bonus"
    evs = g.apply(fs.Use())
    kinds = [type(e) for e in evs]
    assert kinds.index(ev.ClearingEmptied) < kinds.index(ev.TurnStarted)
    assert ev.TurnStarted(0, True) in evs
    assert g.state.clearing == []


# -- winter cards ----------------------------------------------------------------------------


def test_winter_drawn_by_the_draw_action_goes_beside_the_clearing_and_is_replaced():
    pk = picker()
    w = pk.winter()
    a, b = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: pk.filler(3, trees=False)}, deck=[w, a, b])
    evs = g.apply(fs.DrawFromDeck())
    assert visible(evs) == [ev.WinterRevealed(w), ev.CardDrawn(0, a)]
    assert g.state.winter == [w]
    assert w not in g.state.hands[0] and w not in g.state.clearing
    assert a in g.state.hands[0]
    assert kinds_asked(g) == "draw"  # the second draw is still to come
    g.apply(fs.DrawFromDeck())
    assert b in g.state.hands[0]


def test_winter_drawn_by_the_second_draw_goes_beside_the_clearing_and_is_replaced():
    pk = picker()
    w = pk.winter()
    a, b = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: pk.filler(3, trees=False)}, deck=[a, w, b])
    g.apply(fs.DrawFromDeck())
    evs = g.apply(fs.DrawFromDeck())
    assert ev.WinterRevealed(w) in evs
    assert ev.CardDrawn(0, b) in evs
    assert g.state.winter == [w]
    assert {a, b} <= set(g.state.hands[0])
    assert len(g.state.hands[0]) == 5
    assert is_next_players_turn(g)


def test_winter_revealed_after_a_tree_goes_beside_the_clearing_and_is_replaced():
    pk = picker()
    birch = pk.pick("base.birch")
    w = pk.winter()
    a = pk.filler(1, trees=False)[0]
    g = scenario("base", 2, hands={0: [birch]}, deck=[w, a])
    evs = play(g, birch)
    assert [e for e in evs if isinstance(e, ev.WinterRevealed | ev.CardRevealed)] == [
        ev.WinterRevealed(w), ev.CardRevealed(a)]
    assert g.state.winter == [w]
    assert g.state.clearing == [a]
    assert kinds_asked(g) == "effect"  # the game goes on


def test_winter_revealed_after_a_sapling_goes_beside_the_clearing_and_is_replaced():
    pk = picker()
    card = pk.filler(1, trees=False)[0]
    w = pk.winter()
    a = pk.filler(1, trees=False)[0]
    g = scenario("base", 2, hands={0: [card]}, deck=[w, a])
    g.apply(fs.PlaySapling(card))
    assert g.state.winter == [w]
    assert g.state.clearing == [a]
    assert is_next_players_turn(g)


def test_winter_drawn_by_a_draw_effect_goes_beside_the_clearing_and_is_replaced():
    pk = picker()
    birch = pk.pick("base.birch")
    w = pk.winter()
    revealed, drawn = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [birch]}, deck=[revealed, w, drawn])
    play(g, birch)
    evs = g.apply(fs.Use())
    assert visible(evs)[:2] == [ev.WinterRevealed(w), ev.CardDrawn(0, drawn)]
    assert g.state.winter == [w]
    assert g.state.hands[0] == [drawn]


def test_second_winter_does_not_end_the_game():
    pk = picker()
    w1, w2 = pk.winter(), pk.winter()
    a, b = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: pk.filler(2, trees=False)}, winter=[w1], deck=[w2, a, b])
    g.apply(fs.DrawFromDeck())
    g.apply(fs.DrawFromDeck())
    assert not g.is_over
    assert g.state.winter == [w1, w2]
    assert is_next_players_turn(g)


def _three_winters(pk: CardPicker) -> tuple[list[int], int]:
    w1, w2, w3 = pk.winter(), pk.winter(), pk.winter()
    return [w1, w2], w3


def assert_ended_by_third_winter(g: fs.Game, evs: Sequence[ev.Event], w3: int) -> None:
    assert g.is_over
    assert g.end_reason == "third_winter"
    assert g.pending is None and g.legal_actions() == []
    assert len(g.state.winter) == 3 and g.state.winter[-1] == w3
    assert visible(evs)[-2:] == [ev.WinterRevealed(w3), ev.GameEnded("third_winter")]
    assert g.events[-1] == ev.GameEnded("third_winter")


def test_third_winter_by_the_draw_action_ends_the_game_at_once():
    pk = picker()
    winter, w3 = _three_winters(pk)
    a, b = pk.filler(2, trees=False)
    hand = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: hand}, winter=winter, deck=[w3, a, b])
    evs = g.apply(fs.DrawFromDeck())
    assert_ended_by_third_winter(g, evs, w3)
    assert g.state.hands[0] == hand  # the winter is not replaced, the second draw never comes
    with pytest.raises(fs.IllegalActionError):
        g.apply(fs.DrawFromDeck())


def test_third_winter_by_the_second_draw_ends_the_game_at_once():
    pk = picker()
    winter, w3 = _three_winters(pk)
    a, b = pk.filler(2, trees=False)
    hand = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: hand}, winter=winter, deck=[a, w3, b])
    g.apply(fs.DrawFromDeck())
    evs = g.apply(fs.DrawFromDeck())
    assert_ended_by_third_winter(g, evs, w3)
    assert g.state.hands[0] == [*hand, a]


def test_third_winter_revealed_after_a_tree_ends_the_game_before_its_effect():
    pk = picker()
    winter, w3 = _three_winters(pk)
    birch = pk.pick("base.birch")
    a = pk.filler(1, trees=False)[0]
    g = scenario("base", 2, hands={0: [birch]}, winter=winter, deck=[w3, a])
    evs = play(g, birch)
    assert_ended_by_third_winter(g, evs, w3)
    assert not of_type(evs, ev.CardRevealed)
    assert g.state.clearing == []
    assert not of_type(evs, ev.CardDrawn)


def test_third_winter_revealed_after_a_tree_ends_the_game_before_its_bonus():
    pk = picker()
    winter, w3 = _three_winters(pk)
    fir = pk.pick("base.douglas_fir")
    pay = with_symbol(pk, DOUGLAS, 2)
    g = scenario("base", 2, hands={0: [fir, *pay]}, winter=winter, deck=[w3])
    evs = play(g, fir, pay=pay)
    assert_ended_by_third_winter(g, evs, w3)
    assert not of_type(g.events, ev.ExtraTurnGranted)
    assert fir in g.state.forests[0].cards()  # the tree itself was played
    assert set(pay) <= set(g.state.clearing)


def test_third_winter_revealed_after_a_sapling_ends_the_game_at_once():
    pk = picker()
    winter, w3 = _three_winters(pk)
    card = pk.filler(1, trees=False)[0]
    clearing = pk.filler(9, trees=False)
    g = scenario("base", 2, hands={0: [card]}, winter=winter, clearing=clearing, deck=[w3])
    evs = g.apply(fs.PlaySapling(card))
    assert_ended_by_third_winter(g, evs, w3)
    assert g.state.clearing == clearing


def test_third_winter_revealed_after_a_tree_skips_the_end_of_turn_clearing_check():
    # A Linden paid with one card fills the clearing to 10; its reveal is the third winter:
    # nothing more of that turn happens, not even the end-of-turn clearing check.
    pk = picker()
    winter, w3 = _three_winters(pk)
    linden = pk.pick("base.linden")
    pay = pk.filler(1, trees=False)[0]
    clearing = pk.filler(9, trees=False)
    g = scenario("base", 2, hands={0: [linden, pay]}, winter=winter, clearing=clearing,
                 deck=[w3])
    g.apply(fs.PlayCard(linden))
    evs = g.apply(fs.PayWith(pay))
    assert_ended_by_third_winter(g, evs, w3)
    assert not of_type(evs, ev.ClearingEmptied)
    assert g.state.clearing == [*clearing, pay]


def test_third_winter_drawn_by_a_draw_effect_ends_the_game_at_once():
    pk = picker()
    winter, w3 = _three_winters(pk)
    owl = pk.pick("base.tawny_owl", symbol="Birch")
    tree = pk.pick("base.linden")
    pay = [pk.pick("base.birch"), pk.pick("base.birch")]
    a = pk.filler(1, trees=False)[0]
    g = scenario("base", 2, hands={0: [owl, *pay]}, forests={0: [(tree, {})]},
                 winter=winter, deck=[w3, a])
    # pay with cards showing the owl's symbol so that a bonus would follow the effect
    play(g, owl, pay=pay, species="base.tawny_owl")
    assert kinds_asked(g) == "effect"
    assert any(s.kind == "offer" and s.args["what"] == "bonus" for s in g.state.queue)
    evs = g.apply(fs.Use())
    assert_ended_by_third_winter(g, evs, w3)  # so the bonus is never offered
    assert a not in g.state.hands[0]


# -- extra turns ---------------------------------------------------------------------------


def test_extra_turn_is_taken_right_after_the_turn_that_earned_it_by_the_same_player():
    pk = picker()
    fir = pk.pick("base.douglas_fir")
    pay = with_symbol(pk, DOUGLAS, 2)
    rest = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [fir, *pay, *rest]})
    play(g, fir, pay=pay)
    assert kinds_asked(g) == "bonus"
    evs = g.apply(fs.Use())
    assert ev.ExtraTurnGranted(0) in evs
    assert evs[-1] == ev.TurnStarted(0, True)
    assert g.pending.kind == "turn" and g.pending.player == 0
    evs = g.apply(fs.PlaySapling(rest[0]))
    assert ev.TurnStarted(1, False) in evs
    assert is_next_players_turn(g)


def test_a_declined_extra_turn_bonus_gives_no_extra_turn():
    pk = picker()
    fir = pk.pick("base.douglas_fir")
    pay = with_symbol(pk, DOUGLAS, 2)
    g = scenario("base", 2, hands={0: [fir, *pay]})
    play(g, fir, pay=pay)
    evs = g.apply(fs.Pass())
    assert not of_type(evs, ev.ExtraTurnGranted)
    assert is_next_players_turn(g)


def test_two_extra_turns_earned_in_one_turn_give_two_extra_turns():
    # A Mole plays a Eurasian Jay (effect: extra turn) and a Douglas Fir (bonus: extra turn).
    pk = picker()
    tree = pk.pick("base.oak")
    mole = pk.pick("base.mole")
    jay = pk.pick("base.eurasian_jay", symbol="Birch")
    jay_pay = pk.pick("base.birch")
    fir = pk.pick("base.douglas_fir")
    fir_pay = with_symbol(pk, DOUGLAS, 2)
    mole_pay = without_symbol(pk, DOUGLAS, 2)
    later = pk.filler(2, trees=False)
    hand = [mole, jay, jay_pay, fir, *fir_pay, *mole_pay, *later]
    g = scenario("base", 3, hands={0: hand}, forests={0: [(tree, {})]})
    play(g, mole, pay=mole_pay, slot="bottom")
    assert kinds_asked(g) == "effect"
    g.apply(fs.Use())
    assert kinds_asked(g) == "play_further"
    g.apply(fs.PickCard(jay))
    [top] = [p for p in g.legal_actions() if p.slot == "top"]
    g.apply(top)
    g.apply(fs.PayWith(jay_pay))
    assert kinds_asked(g) == "play_further"
    g.apply(fs.PickCard(fir))
    for c in sorted(fir_pay):
        g.apply(fs.PayWith(c))
    assert kinds_asked(g) == "play_further"
    g.apply(fs.Pass())
    assert kinds_asked(g) == "resolve_order"
    g.apply(fs.PickCard(jay))
    granted = 0
    while g.pending.kind in ("effect", "bonus"):
        evs = g.apply(fs.Use())
        granted += len(of_type(evs, ev.ExtraTurnGranted))
    assert granted == 2
    starts = of_type(g.events, ev.TurnStarted)
    assert starts[-1] == ev.TurnStarted(0, True)
    g.apply(fs.PlaySapling(later[0]))
    assert of_type(g.events, ev.TurnStarted)[-1] == ev.TurnStarted(0, True)
    assert g.pending.player == 0
    g.apply(fs.PlaySapling(later[1]))
    assert of_type(g.events, ev.TurnStarted)[-1] == ev.TurnStarted(1, False)
    assert is_next_players_turn(g, 1)


# -- the bonus -----------------------------------------------------------------------------


def test_bonus_needs_every_payment_card_to_show_the_tree_symbol():
    pk = picker()
    fir = pk.pick("base.douglas_fir")
    good = with_symbol(pk, DOUGLAS, 1)
    bad = without_symbol(pk, DOUGLAS, 1)
    g = scenario("base", 2, hands={0: [fir, *good, *bad]})
    evs = play(g, fir, pay=[*good, *bad])
    assert kinds_asked(g) != "bonus"
    assert not of_type(evs, ev.ExtraTurnGranted)
    assert is_next_players_turn(g)


def test_bonus_is_offered_when_every_payment_card_shows_the_tree_symbol():
    pk = picker()
    fir = pk.pick("base.douglas_fir")
    pay = with_symbol(pk, DOUGLAS, 2)
    g = scenario("base", 2, hands={0: [fir, *pay]})
    play(g, fir, pay=pay)
    assert kinds_asked(g) == "bonus"
    assert g.pending.player == 0


def test_a_tree_card_of_the_same_species_shows_the_tree_symbol_for_the_bonus():
    pk = picker()
    fir, p1, p2 = (pk.pick("base.douglas_fir") for _ in range(3))
    g = scenario("base", 2, hands={0: [fir, p1, p2]})
    play(g, fir, pay=[p1, p2])
    assert kinds_asked(g) == "bonus"


def test_either_half_of_a_split_payment_card_may_show_the_tree_symbol():
    pk = picker()
    fir = pk.pick("base.douglas_fir")
    first = second = None
    for c in sorted(BASE.halves):
        hs = BASE.halves[c]
        if len(hs) != 2 or c in pk.used:
            continue
        if first is None and hs[0].symbol == DOUGLAS and hs[1].symbol != DOUGLAS:
            first = c
        if second is None and hs[1].symbol == DOUGLAS and hs[0].symbol != DOUGLAS:
            second = c
    assert first is not None and second is not None
    g = scenario("base", 2, hands={0: [fir, first, second]})
    play(g, fir, pay=[first, second])
    assert kinds_asked(g) == "bonus"


class ZeroCostBonusPlugin:
    """A tiny card set with a free dweller that has a bonus (draw 1)."""

    __name__ = "zero_bonus"

    @fs.hookimpl
    def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
        sp = fs.Species("zb.bell", "Bell", "dweller", 0, frozenset({"bird"}),
                        bonus=fs.plugins.dsl.draw(1), score=fs.plugins.dsl.flat(1))
        cards = tuple(fs.Card(n, (fs.Half("zb.bell", fs.Position.TOP, "Oak"),))
                      for n in (1001, 1002))
        return (fs.CardSet("zb", "Zero bonus", (sp,), cards, ("Oak",), ("bird",)),)

    @fs.hookimpl
    def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
        return (fs.RulesetSpec("zb-base", "Base with a free bonus card", ("base", "zb"),
                               removal={2: 30}),)


def test_a_card_paid_with_zero_cards_gets_no_bonus():
    rules = fs.PluginHost(extra=[forestshuffle_base, ZeroCostBonusPlugin()],
                          entry_points=False).ruleset("zb-base")
    pk = picker(rules)
    tree = pk.pick("base.oak")
    bell = pk.pick("zb.bell")
    g = scenario(rules, 2, hands={0: [bell, *without_symbol(pk, "Oak", 1)]},
                 forests={0: [(tree, {})]})
    evs = play(g, bell)
    assert ev.CardPlayed(0, bell, 0, 0, "top", (), "normal") in evs
    assert kinds_asked(g) != "bonus"
    assert is_next_players_turn(g)


# -- free play -----------------------------------------------------------------------------


def test_free_play_costs_nothing_and_skips_the_cards_effect_and_bonus_but_fires_triggers():
    # Silver Fir's bonus: play a pawed animal for free. The Beech Marten (effect: draw 1)
    # goes down without payment and without its effect; the Fly Agaric (whenever you play
    # a pawed animal, you may draw 1) still fires.
    pk = picker()
    tree = pk.pick("base.oak")
    agaric = pk.pick("base.fly_agaric")
    fir = pk.pick("base.silver_fir")
    fir_pay = with_symbol(pk, "Silver Fir", 2)
    marten = pk.pick("base.beech_marten", side="left")
    rest = without_symbol(pk, "Silver Fir", 2)
    revealed, drawn = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [fir, *fir_pay, marten, *rest]},
                 forests={0: [(tree, {"bottom": [agaric]})]}, deck=[revealed, drawn])
    play(g, fir, pay=fir_pay)
    assert kinds_asked(g) == "bonus"
    g.apply(fs.Use())
    assert kinds_asked(g) == "free_play"
    assert fs.PickCard(marten) in g.legal_actions()
    hand_before = list(g.state.hands[0])
    g.apply(fs.PickCard(marten))
    if kinds_asked(g) == "place":
        [left] = [p for p in g.legal_actions() if p.slot == "left" and p.site == 0]
        g.apply(left)
    played = of_type(g.events, ev.CardPlayed)[-1]
    assert played.card == marten and played.paid == () and played.mode == "free"
    assert sorted(g.state.hands[0]) == sorted(c for c in hand_before if c != marten)
    assert kinds_asked(g) == "trigger"  # the Fly Agaric, not the Marten's own effect
    evs = g.apply(fs.Use())
    assert ev.CardDrawn(0, drawn) in evs
    assert is_next_players_turn(g)


def test_a_free_played_card_never_offers_its_bonus():
    # Red Deer's bonus plays a deer for free; a free Roe Deer (bonus: draw 1) gets nothing,
    # even though no payment is involved at all.
    pk = picker()
    tree = pk.pick("base.oak")
    red = pk.pick("base.red_deer", side="right", symbol="Oak")
    pay = [pk.pick("base.oak"), pk.pick("base.oak")]
    roe = pk.pick("base.roe_deer", side="left")
    g = scenario("base", 2, hands={0: [red, *pay, roe]}, forests={0: [(tree, {})]})
    play(g, red, pay=pay, species="base.red_deer")
    assert kinds_asked(g) == "bonus"
    g.apply(fs.Use())
    g.apply(fs.PickCard(roe))
    if kinds_asked(g) == "place":
        g.apply(g.legal_actions()[0])
    assert of_type(g.events, ev.CardPlayed)[-1].card == roe
    assert is_next_players_turn(g)


# -- saplings ------------------------------------------------------------------------------


def test_any_hand_card_may_be_played_as_a_sapling_for_free():
    pk = picker()
    hand = [pk.pick("base.birch"), pk.pick("base.wolf"), pk.pick("base.tawny_owl")]
    g = scenario("base", 2, hands={0: hand})
    saplings = [a for a in g.legal_actions() if isinstance(a, fs.PlaySapling)]
    assert saplings == [fs.PlaySapling(c) for c in sorted(hand)]


def test_a_sapling_reveals_a_card_and_has_no_effect():
    pk = picker()
    birch = pk.pick("base.birch")  # as a tree it would draw a card
    other = pk.filler(1, trees=False)
    revealed = pk.filler(1, trees=False)
    g = scenario("base", 2, hands={0: [birch, *other]}, deck=revealed)
    evs = g.apply(fs.PlaySapling(birch))
    assert ev.CardPlayed(0, birch, None, 0, "center", (), "normal") in evs
    assert ev.CardRevealed(revealed[0]) in evs
    assert not of_type(evs, ev.CardDrawn)
    assert g.state.hands[0] == other
    assert g.state.clearing == revealed
    assert is_next_players_turn(g)


# -- set-up: the opening mulligan ------------------------------------------------------------


def _first_seed(want: Any) -> fs.Game:
    for seed in range(10_000):
        g = fs.new_game("base", players=2, seed=seed)
        if want(g):
            return g
    raise AssertionError("no such seed")


def _has_tree(g: fs.Game, player: int) -> bool:
    return any(g.rules.is_tree_card(c) for c in g.state.hands[player])


def test_mulligan_is_offered_only_to_a_hand_without_a_tree():
    g = _first_seed(lambda g: _has_tree(g, 0) and not _has_tree(g, 1))
    assert g.pending.kind == "mulligan" and g.pending.player == 1
    assert set(g.legal_actions()) == {fs.KeepHand(), fs.Redraw()}
    g = _first_seed(lambda g: _has_tree(g, 0) and _has_tree(g, 1))
    assert g.pending.kind == "turn" and g.pending.player == 0


def test_mulligan_redraw_returns_the_six_cards_to_the_box_and_draws_six_new():
    g = _first_seed(lambda g: not _has_tree(g, 0))
    assert g.pending.kind == "mulligan" and g.pending.player == 0
    old = list(g.state.hands[0])
    box = list(g.state.box)
    top6 = list(reversed(g.state.deck[-6:]))
    evs = g.apply(fs.Redraw())
    assert ev.HandReturned(0, tuple(old)) in evs
    assert sorted(g.state.box) == sorted(box + old)
    assert g.state.hands[0] == top6
    assert not set(old) & set(g.state.hands[0])
    assert not (g.pending.kind == "mulligan" and g.pending.player == 0)


def test_mulligan_keep_hand_keeps_the_six_cards():
    g = _first_seed(lambda g: not _has_tree(g, 0))
    old = list(g.state.hands[0])
    g.apply(fs.KeepHand())
    assert g.state.hands[0] == old


def test_mulligan_is_offered_only_once():
    g = _first_seed(lambda g: not _has_tree(g, 0) and not any(
        g.rules.is_tree_card(c) for c in g.state.deck[-6:]))
    g.apply(fs.Redraw())
    assert not _has_tree(g, 0)
    assert not (g.pending.kind == "mulligan" and g.pending.player == 0)


# -- playing a card --------------------------------------------------------------------------


def test_payment_cards_go_to_the_clearing():
    pk = picker()
    tree = pk.pick("base.oak")
    wolf = pk.pick("base.wolf", side="left")
    pay = pk.filler(3, trees=False)
    clearing = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [wolf, *pay]}, forests={0: [(tree, {})]},
                 clearing=clearing)
    evs = play(g, wolf, pay=pay, species="base.wolf")
    half = pk.half_of(wolf, "base.wolf")
    assert ev.CardPlayed(0, wolf, half, 0, "left", tuple(sorted(pay)), "normal") in evs
    assert g.state.clearing == [*clearing, *sorted(pay)]
    assert g.state.hands[0] == []


def test_a_tree_goes_to_a_new_site_without_a_placement_decision():
    pk = picker()
    tree = pk.pick("base.oak")
    birch = pk.pick("base.birch")
    g = scenario("base", 2, hands={0: [birch]}, forests={0: [(tree, {})]})
    evs = g.apply(fs.PlayCard(birch))
    assert ev.CardPlayed(0, birch, 0, 1, "center", (), "normal") in evs


def test_a_card_needs_enough_other_hand_cards_to_pay_its_cost():
    pk = picker()
    tree = pk.pick("base.oak")
    wolf = pk.pick("base.wolf", side="left")  # costs 3
    wolf_half = pk.half_of(wolf, "base.wolf")
    pay = pk.filler(2, trees=False)
    g = scenario("base", 2, hands={0: [wolf, *pay]}, forests={0: [(tree, {})]})
    if fs.PlayCard(wolf) in g.legal_actions():  # its other half may be affordable
        g.apply(fs.PlayCard(wolf))
        assert all(p.half != wolf_half for p in g.legal_actions())
    g = scenario("base", 2, hands={0: [wolf, *pay, *pk.filler(1, trees=False)]},
                 forests={0: [(tree, {})]})
    g.apply(fs.PlayCard(wolf))
    assert any(p.half == wolf_half for p in g.legal_actions())


def test_an_illegal_action_leaves_the_game_unchanged():
    pk = picker()
    tree = pk.pick("base.oak")
    wolf = pk.pick("base.wolf", side="left")
    pay = pk.filler(3, trees=False)
    outside = pk.filler(1, trees=False)[0]
    g = scenario("base", 2, hands={0: [wolf, *pay]}, forests={0: [(tree, {})]})
    for bad in (fs.PayWith(99999), fs.PlayCard(outside), fs.Use(), fs.Redraw(),
                fs.DrawFromClearing(outside), fs.PlaySapling(outside)):
        snap, n = g.state.snapshot(), len(g.events)
        with pytest.raises(fs.IllegalActionError):
            g.apply(bad)
        assert g.state.snapshot() == snap and len(g.events) == n
    g.apply(fs.PlayCard(wolf))
    g.apply(next(p for p in g.legal_actions() if p.slot == "left"))
    g.apply(fs.PayWith(pay[0]))
    snap, n = g.state.snapshot(), len(g.events)
    for bad in (fs.PayWith(pay[0]), fs.PayWith(wolf), fs.DrawFromDeck(), "pay"):
        with pytest.raises(fs.IllegalActionError):
            g.apply(bad)  # type: ignore[arg-type]
        assert g.state.snapshot() == snap and len(g.events) == n
