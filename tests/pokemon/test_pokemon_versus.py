"""The modes of 2 to 5 players (seed 003, 多人进阶): the challenge mode (a public challenge,
draw 2 keep 1 private, hidden from the others), the chance mode (a chance card each at the
2nd whistle), both together, the content each needs, and the immediate win they let a
player declare."""

from __future__ import annotations

import json

import pytest

import forestshuffle as fs
from forestshuffle.bots import HeuristicBot, play_out
from forestshuffle.core import events as ev
from forestshuffle.testing import check_game
from forestshuffle_pokemon.common import GREAT
from forestshuffle_pokemon.mode_cards import CHALLENGE, CHANCE
from forestshuffle_pokemon.versus import (
    CHALLENGES,
    CHANCES,
    WIN,
    ChallengeKept,
    ChallengesDealt,
    ChanceRevealed,
    ChancesDealt,
    KeepChallenge,
    WinDeclared,
)

from .helpers import EXP1, EXP2, EXP3, OAK, Picker, mixed, scenario, sp

CHALLENGE_RULES = mixed(EXP1, EXP2, OAK, challenge=True)
CHANCE_RULES = mixed(OAK, chance=True)
DECLARE = fs.Declare(WIN)


def setup_done(g: fs.Game) -> None:
    """Keep the opening hands."""
    while g.pending.kind == "mulligan":
        g.apply(fs.KeepHand())


# -- content ------------------------------------------------------------------------------------


def test_the_challenge_mode_needs_expansions_1_2_and_oak_and_removes_nothing():
    """挑战玩法: must add expansions 1, 2 and Oak; no removal by player count."""
    with pytest.raises(fs.OptionError, match="challenge mode needs"):
        fs.new_game("pokemon", players=2, seed=1, expansions=[EXP1, EXP2],
                    options={"challenge": True})
    g = fs.new_game("pokemon", players=2, seed=1, expansions=[EXP1, EXP2, OAK],
                    options={"challenge": True})
    assert g.events[0].boxed == () and CHALLENGE_RULES.spec.removal == {}


def test_the_chance_mode_needs_the_oak_expansion():
    with pytest.raises(fs.OptionError, match="chance mode needs"):
        fs.new_game("pokemon", players=2, seed=1, options={"chance": True})


def test_the_modes_are_for_2_to_5_players():
    for options in ({"challenge": True}, {"chance": True}):
        assert mixed(EXP1, EXP2, OAK, **options).spec.min_players == 2
        with pytest.raises(fs.PlayerCountError):
            fs.new_game("pokemon", players=1, seed=1, expansions=[EXP1, EXP2, OAK],
                        options=options)


# -- challenge ----------------------------------------------------------------------------------


def test_challenge_set_up_lays_out_a_public_challenge_and_each_player_keeps_1_of_2():
    """挑战玩法: one challenge beside the grass; each player draws 2, looks at them secretly,
    keeps 1 as a private challenge and discards the other."""
    g = fs.new_game("pokemon", players=3, seed=4, expansions=[EXP1, EXP2, OAK],
                    options={"challenge": True})
    setup_done(g)
    c = g.state.ext[CHALLENGES]
    drawn = [card for pair in c.offered for card in pair]
    assert len(c.offered) == 3 and all(len(pair) == 2 for pair in c.offered)
    assert len({c.public, *drawn}) == 7 and {c.public, *drawn} <= set(CHALLENGE)
    for p in range(3):
        assert g.pending.kind == "challenge" and g.pending.player == p
        assert [a.card for a in g.legal_actions()] == list(c.offered[p])
        g.apply(KeepChallenge(c.offered[p][1]))
    assert g.state.ext[CHALLENGES].kept == tuple(pair[1] for pair in c.offered)
    assert g.pending.kind == "turn"


def test_a_private_challenge_is_hidden_from_the_other_players():
    """Views and the records redacted for the others show neither the 2 cards drawn nor the
    one kept; the owner sees both."""
    g = fs.new_game("pokemon", players=2, seed=5, expansions=[EXP1, EXP2, OAK],
                    options={"challenge": True})
    setup_done(g)
    c = g.state.ext[CHALLENGES]
    g.apply(KeepChallenge(c.offered[0][0]))
    g.apply(KeepChallenge(c.offered[1][0]))
    mine, theirs = g.view(0).extensions[CHALLENGES], g.view(1).extensions[CHALLENGES]
    assert mine["private"] == c.offered[0][0] and mine["public"] == c.public
    assert theirs["private"] == c.offered[1][0] and theirs["kept"] == (True, True)
    secret = set(c.offered[0])
    assert not any(s in json.dumps(g.view(1).to_dict()) for s in secret)
    record = json.dumps(g.redacted_record(1))
    assert not any(f'"{s}"' in record for s in secret)
    assert any(f'"{s}"' in json.dumps(g.redacted_record(0)) for s in secret)
    dealt = next(e for e in g.events if isinstance(e, ChallengesDealt))
    assert dealt.seen_by(1).offered == (("", ""), c.offered[1])
    assert dealt.seen_by(0).offered == (c.offered[0], ("", ""))
    kept = next(e for e in g.events if isinstance(e, ChallengeKept) and e.player == 0)
    assert kept.seen_by(1) == ChallengeKept(0, "")


def challenge_game(public: str, kept: tuple[str, str], **kw) -> fs.Game:
    """A 2-player challenge game with the public challenge and each player's private one."""
    offered = ((kept[0], "C01"), (kept[1], "C02"))
    events = [ChallengesDealt(public, offered), ChallengeKept(0, kept[0]),
              ChallengeKept(1, kept[1])]
    return scenario(CHALLENGE_RULES, players=2, events=events, **kw)


def five_pikachu(pk: Picker) -> list:
    return [(pk.trainer(GREAT), {"left": [pk.pick(sp("pikachu"), side="left")
                                          for _ in range(5)]})]


def test_meeting_your_private_challenge_lets_you_declare_an_immediate_win():
    """挑战玩法: a player who meets their private challenge may declare a win at any time;
    the game ends at once, whatever the scores."""
    pk = Picker(CHALLENGE_RULES)
    assert CHALLENGE["C10"].name == "Pikachu Party"                 # 5 Pikachu
    g = challenge_game("C13", ("C10", "C11"), forests={0: five_pikachu(pk)},
                       caves={1: pk.filler(30)}, hands={0: pk.filler(2)})
    assert DECLARE in g.legal_actions()
    g.apply(DECLARE)
    assert g.is_over and g.winners == {0}
    assert g.outcome().termination is fs.Termination.DECLARED_WIN
    assert g.scores().totals[1] > g.scores().totals[0]
    assert WinDeclared(0, "challenge", "C10") in g.events
    assert g.events[-1] == ev.GameEnded("declared_win", (0,))
    notes = g.outcome().notes
    assert notes[0].startswith("public challenge C13") and notes[0].endswith("not met")
    assert notes[1].startswith("player 1's challenge C10 Pikachu Party")
    assert notes[1].endswith("met by player 1")
    check_game(g)


def test_the_public_challenge_is_anyones_and_another_players_private_one_is_not_yours():
    pk = Picker(CHALLENGE_RULES)
    g = challenge_game("C10", ("C11", "C12"), forests={1: five_pikachu(pk)},
                       hands={0: pk.filler(2), 1: pk.filler(2)}, current=1)
    assert DECLARE in g.legal_actions()                              # the public C10
    pk = Picker(CHALLENGE_RULES)
    g = challenge_game("C13", ("C11", "C10"), forests={0: five_pikachu(pk)},
                       hands={0: pk.filler(2)})
    assert DECLARE not in g.legal_actions()                          # C10 is player 1's


def test_no_declaration_before_a_challenge_is_met():
    pk = Picker(CHALLENGE_RULES)
    four = [(pk.trainer(GREAT), {"left": [pk.pick(sp("pikachu"), side="left")
                                          for _ in range(4)]})]
    g = challenge_game("C13", ("C10", "C11"), forests={0: four}, hands={0: pk.filler(2)})
    assert DECLARE not in g.legal_actions()
    with pytest.raises(fs.IllegalActionError):
        g.apply(DECLARE)


def test_the_declaration_is_offered_at_any_of_the_players_decisions():
    """"at any time": the win is offered at a payment decision too, not only at the turn."""
    pk = Picker(CHALLENGE_RULES)
    pay = pk.filler(1, trees=False)
    g = challenge_game("C13", ("C10", "C11"), forests={0: five_pikachu(pk)},
                       hands={0: [pk.pick(sp("togekiss"), side="top"), *pay]})
    g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.PlayCard)))
    assert g.pending.kind != "turn" and DECLARE in g.legal_actions()


# -- chance -------------------------------------------------------------------------------------


def chance_game(order: tuple[str, ...], **kw) -> tuple[fs.Game, Picker]:
    pk = Picker(CHANCE_RULES)
    first = pk.winter()
    second = pk.winter()
    deck = [second, *pk.filler(6)]
    g = scenario(CHANCE_RULES, players=2, winter=[first], deck=deck,
                 events=[ChancesDealt(order, 2)], **kw)
    return g, pk


def draw_from_deck(g: fs.Game) -> None:
    g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)))


def test_at_the_2nd_whistle_each_player_reveals_a_chance_card_and_resolves_it():
    """机会玩法: when the 2nd whistle appears, each player reveals a chance card from the
    shuffled chance deck and does what it says (K01 Lucky Egg: draw 2; K02 Rare Candy: an
    extra turn), the current player first."""
    assert (CHANCE["K01"].name, CHANCE["K02"].name) == ("Lucky Egg", "Rare Candy")
    g, _ = chance_game(("K01", "K02", "K03"))
    draw_from_deck(g)                     # the 2nd whistle, then its replacement
    if g.pending.kind == "draw":          # the draw action's second card (before or after)
        draw_from_deck(g)
    revealed = [e for e in g.events if isinstance(e, ChanceRevealed)]
    assert revealed == [ChanceRevealed(0, "K01"), ChanceRevealed(1, "K02")]
    assert g.state.ext[CHANCES].revealed == ("K01", "K02")
    assert len(g.state.hands[0]) == 2 + 2                  # two draws, then Lucky Egg's 2
    assert ev.ExtraTurnGranted(1) in g.events
    assert g.view(1).extensions[CHANCES] == {"deck": 1, "revealed": ("K01", "K02")}


def test_the_1st_whistle_brings_no_chance_card():
    pk = Picker(CHANCE_RULES)
    g = scenario(CHANCE_RULES, players=2, deck=[pk.winter(), *pk.filler(6)],
                 events=[ChancesDealt(("K01", "K02"), 2)])
    draw_from_deck(g)
    draw_from_deck(g)
    assert not any(isinstance(e, ChanceRevealed) for e in g.events)


def test_meeting_your_chance_cards_condition_lets_you_declare_an_immediate_win():
    """K05 Poké Ball: take 1 from the grass; a win with 6 electric Pokémon."""
    card = CHANCE["K05"]
    assert [str(c) for c in card.conditions] == ["tag:electric >= 6"]
    pk = Picker(CHANCE_RULES)
    six = [(pk.trainer(GREAT), {"left": [pk.pick(sp("pikachu"), side="left")
                                         for _ in range(6)]})]
    g = scenario(CHANCE_RULES, players=2, forests={0: six}, hands={0: pk.filler(2)}, events=[
        ChancesDealt(("K05", "K01"), 2), ChanceRevealed(0, "K05"), ChanceRevealed(1, "K01")])
    assert DECLARE in g.legal_actions()
    g.apply(DECLARE)
    assert g.winners == {0} and WinDeclared(0, "chance", "K05") in g.events


def test_the_chance_deck_order_is_hidden_until_revealed():
    g = fs.new_game("pokemon", players=2, seed=3, expansions=[OAK], options={"chance": True})
    assert g.view(0).extensions[CHANCES] == {"deck": 10, "revealed": ("", "")}
    dealt = next(e for e in g.redacted_record(0)["events"]
                 if e["type"] == "pokemon.ChancesDealt")
    assert dealt["deck"] == []


# -- both ----------------------------------------------------------------------------------------


def test_challenge_and_chance_combine_in_one_game_that_replays_from_its_record():
    g = fs.new_game("pokemon", players=3, seed=8, expansions=[EXP1, EXP2, EXP3, OAK],
                    options={"challenge": True, "chance": True})
    assert g.state.ext[CHALLENGES] is not None and g.state.ext[CHANCES] is not None
    assert g.rules.spec.winter_steps == {2: "pokemon_chance"} and g.rules.spec.removal == {}
    play_out(g, [HeuristicBot(p) for p in range(3)])
    check_game(g)
    h = fs.Game.from_json(g.to_json())
    assert h.events == g.events and h.state.snapshot() == g.state.snapshot()
    assert h.rules.options == {"challenge": True, "chance": True}
