"""The solo game (seed 003, 单人模式): its set-up (one whistle in the bottom 10 cards, 5 grass
cards, the achievement and level, the player first), Rotom's turns (its three actions, the
training discard and the reshuffle), the end at the whistle, the achievement's result, what
the player may see, and records.
"""

from __future__ import annotations

import json

import pytest

import forestshuffle as fs
from forestshuffle.bots import HeuristicBot, RandomBot, play_out
from forestshuffle.core import events as ev
from forestshuffle.testing import check_game
from forestshuffle_pokemon import solo_result
from forestshuffle_pokemon.common import GREAT
from forestshuffle_pokemon.mode_cards import ACHIEVEMENT, TRAINING_CARDS
from forestshuffle_pokemon.solo import (
    SOLO,
    AchievementChosen,
    ChooseAchievement,
    ChooseLevel,
    DeckTopDiscarded,
    GrassDiscarded,
    SoloDealt,
    TrainingReshuffled,
    TrainingRevealed,
    shuffled,
)

from .helpers import EXP1, EXP2, RULES, Picker, mixed, scenario, sp

ALL_TRAINING = tuple(c.number for c in TRAINING_CARDS)


@pytest.fixture
def pk() -> Picker:
    return Picker(RULES)


def solo(training: tuple[str, ...], *, chosen: tuple[str, int] = ("A05", 1),
         discarded: tuple[str, ...] = (), current: int = 1, **kw) -> fs.Game:
    """A solo game at the start of Rotom's turn (*current* 1) or the player's (0), Rotom's
    training deck *training* (top first), *discarded* cards already revealed before."""
    events: list[ev.Event] = [SoloDealt((*discarded, *training), 7),
                              *(TrainingRevealed(c) for c in discarded)]
    if chosen:
        events.append(AchievementChosen(*chosen))
    return scenario(RULES, players=1, current=current, events=events, **kw)


def rotom_events(g: fs.Game) -> list[ev.Event]:
    """The events of Rotom's first turn."""
    start = next(i for i, e in enumerate(g.events) if e == ev.TurnStarted(1))
    end = next(i for i, e in enumerate(g.events) if i > start and isinstance(e, ev.TurnStarted))
    return g.events[start:end]


# -- set-up -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("expansions", "removed"), [((), 30), ((EXP1,), 55),
                                                     ((EXP1, EXP2), 90)])
def test_a_solo_game_deals_one_whistle_into_the_bottom_10_cards(expansions, removed):
    """Seed 003, 单人游戏设置: one whistle, mixed into the bottom 10 deck cards; the removal
    for 1 player (30 / 55 / 90 by content); the other two whistles stay out."""
    rules = mixed(*expansions)
    for seed in range(12):
        g = fs.new_game("pokemon", players=1, seed=seed, expansions=expansions)
        built = g.events[0]
        assert isinstance(built, ev.DeckBuilt)
        whistles = [i for i, c in enumerate(built.order) if rules.cards[c].winter]
        assert len(whistles) == 1 and whistles[0] >= len(built.order) - 11
        assert sorted(c for c in built.boxed if rules.cards[c].winter) == \
            sorted(set(rules.winter_cards) - {built.order[whistles[0]]})
        assert len(built.boxed) == removed + 2


def test_a_solo_game_starts_with_5_grass_cards_an_achievement_and_the_player_first():
    """Seed 003: 6 cards in hand and 5 face up in the grass; the player chooses an
    achievement and its level (1-3 stars: a goal and a minimum score); the first turn is
    always the player's, then Rotom's (an automated seat)."""
    g = fs.new_game("pokemon", players=1, seed=4)
    assert g.seat_names == ["Player 1", "Rotom"]
    if g.pending.kind == "mulligan":
        g.apply(fs.KeepHand())
    assert len(g.state.hands[0]) == 6 and len(g.state.clearing) == 5
    assert g.pending.kind == "achievement" and len(g.legal_actions()) == 12
    g.apply(ChooseAchievement("A03"))
    assert g.pending.kind == "achievement_level"
    assert [a.stars for a in g.legal_actions()] == [1, 2, 3]
    g.apply(ChooseLevel(2))
    assert AchievementChosen("A03", 2) in g.events
    assert (g.state.ext[SOLO].achievement, g.state.ext[SOLO].stars) == ("A03", 2)
    assert g.pending.kind == "turn" and g.pending.player == 0
    assert [e.player for e in g.events if isinstance(e, ev.TurnStarted)] == [0]
    g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)))
    assert [e.player for e in g.events if isinstance(e, ev.TurnStarted)] == [0, 1, 0]
    assert len(g.state.ext[SOLO].discard) == 1       # Rotom's first training card


# -- Rotom's turn ---------------------------------------------------------------------------------


def test_rotom_adds_n_deck_cards_to_the_right_end_of_the_grass(pk):
    """洛托姆的回合: "add N": N deck cards face up into the grass, each right of the others."""
    grass, top = pk.filler(2), pk.filler(4)
    g = solo(("T07",), clearing=grass, deck=top)           # T07: add 3
    assert g.state.clearing == [*grass, *top[:3]]
    assert [e for e in rotom_events(g) if isinstance(e, ev.CardRevealed)] == [
        ev.CardRevealed(c) for c in top[:3]]


@pytest.mark.parametrize(("card", "left"), [("T12", True), ("T16", False)])
def test_rotom_discards_n_grass_cards_from_the_end_the_arrow_shows(pk, card, left):
    """"discard N": from the left end (the oldest cards) or the right end, as the card's
    arrow shows; they leave the game."""
    grass = pk.filler(5)                                   # T12: 3 from the left; T16: right
    g = solo((card,), clearing=grass)
    gone = grass[:3] if left else grass[2:]
    assert g.state.clearing == (grass[3:] if left else grass[:2])
    assert set(gone) <= set(g.state.box)
    assert GrassDiscarded(tuple(gone)) in rotom_events(g)


def test_rotom_discards_only_as_many_grass_cards_as_there_are(pk):
    grass = pk.filler(1)
    g = solo(("T12",), clearing=grass)                     # 3 from the left, 1 there
    assert g.state.clearing == [] and grass[0] in g.state.box


def test_rotom_with_an_empty_grass_discards_nothing(pk):
    g = solo(("T16",))
    assert not any(isinstance(e, GrassDiscarded) for e in rotom_events(g))


def test_rotom_looks_at_the_top_deck_card_and_discards_it(pk):
    """"discard the top card": the top deck card leaves the game; the grass is unchanged."""
    grass, top = pk.filler(2), pk.filler(3)
    g = solo(("T17",), clearing=grass, deck=top)
    assert DeckTopDiscarded(top[0]) in rotom_events(g)
    assert top[0] in g.state.box and g.state.clearing == grass
    assert g.state.deck[-1] == top[1]


def test_rotom_discards_its_training_card_after_carrying_it_out():
    g = solo(("T17", "T01", "T12"))
    s = g.state.ext[SOLO]
    assert (s.deck, s.discard, s.revealed) == (("T01", "T12"), ("T17",), "T17")
    turn = rotom_events(g)
    shown = turn.index(TrainingRevealed("T17"))
    assert shown < next(i for i, e in enumerate(turn) if isinstance(e, DeckTopDiscarded))


def test_an_empty_training_deck_is_shuffled_again_from_its_discard_pile():
    """洛托姆的回合结束时: the card goes to the training discard; if the training deck is then
    empty, the discard pile is shuffled into a new training deck. The order comes from the
    game's set-up secret and the event count (the same in a replay) and is recorded."""
    last = ALL_TRAINING[-1]
    g = solo((last,), discarded=ALL_TRAINING[:-1])
    s = g.state.ext[SOLO]
    shuffle = next(e for e in rotom_events(g) if isinstance(e, TrainingReshuffled))
    assert sorted(s.deck) == sorted(ALL_TRAINING) and s.discard == ()
    assert s.deck == shuffle.deck
    # the number of events when Rotom's turn ran: before its StepFinished
    at = g.events.index(TrainingRevealed(last)) - 1
    assert shuffle.deck == shuffled(ALL_TRAINING, 7, at)
    assert shuffled(ALL_TRAINING, 8, at) != shuffle.deck     # another secret, another order
    again = fs.Game.from_json(g.to_json(), trust_setup=True)
    assert again.events == g.events


def test_a_training_deck_with_cards_left_is_not_shuffled():
    g = solo(("T17", "T18"))
    assert not any(isinstance(e, TrainingReshuffled) for e in rotom_events(g))


# -- the end --------------------------------------------------------------------------------------


def test_the_whistle_ends_a_solo_game_at_once_even_on_rotoms_turn(pk):
    """单人游戏结束: drawing the whistle ends the game at once (RULES: the ruleset's last
    winter card, here the only one)."""
    top = pk.filler(1)
    g = solo(("T07",), deck=[top[0], pk.winter(), *pk.filler(3)])   # add 3: the whistle 2nd
    assert g.is_over and g.end_reason == "third_winter"
    assert g.events[-1] == ev.GameEnded("third_winter")
    assert isinstance(g.events[-2], ev.WinterRevealed)
    assert g.state.clearing[-1] == top[0]


def test_the_whistle_drawn_by_the_player_ends_the_game(pk):
    g = solo(("T17",), current=0, hands={0: pk.filler(2)}, deck=[pk.winter(), *pk.filler(3)])
    g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)))
    assert g.is_over and len(g.state.winter) == 1


# -- the achievement ------------------------------------------------------------------------------


def flying_team(flying: int, boxed: int) -> fs.Game:
    """A solo game whose team has *flying* Togekiss, each at a Great Ball trainer (1 point),
    and *boxed* cards in its box; achievement A05 at one star."""
    pk = Picker(RULES)
    sites = [(pk.trainer(GREAT), {"top": [pk.pick(sp("togekiss"), side="top")]})
             for _ in range(flying)]
    return solo(("T17",), current=0, forests={0: sites}, caves={0: pk.filler(boxed)})


def test_the_achievement_result_needs_the_goal_and_the_minimum_score():
    """成就: the goal and the level's minimum score, both at the end. A05 Sky High, one
    star: 3 flying Pokémon and 100 points."""
    a = ACHIEVEMENT["A05"]
    need = a.level(1).min_score
    assert [str(c) for c in a.level(1).goal] == ["tag:flying >= 3"] and need == 100
    g = flying_team(3, 0)                        # 3 trainers + 3 Togekiss at 9 each
    r = solo_result(g)
    assert r is not None and r.goal_met
    assert r.score == g.scores()[0].total == 3 + 27 and not r.achieved   # 30 < 100
    assert "not achieved" in str(r) and "A05" in str(r)
    r = solo_result(flying_team(3, need - 30))
    assert r is not None and r.score == need and r.achieved
    assert str(r).endswith(": achieved")
    r = solo_result(flying_team(2, need))
    assert r is not None and r.score >= need and not r.goal_met and not r.achieved


def test_the_result_of_a_played_solo_game_is_reported():
    g = fs.new_game("pokemon", players=1, seed=2)
    play_out(g, HeuristicBot(1))
    r = solo_result(g)
    assert r is not None and r.score == g.scores()[0].total
    lv = r.achievement.level(r.stars)
    met = all(c.value(g.rules, g.state.forests[0]) >= c.at_least for c in lv.goal)
    assert r.achieved == (met and r.score >= lv.min_score)
    assert g.outcome().notes == (str(r),)          # the line a demo prints at the end
    assert solo_result(fs.new_game("pokemon", players=2, seed=2)) is None


# -- what the player sees, records ----------------------------------------------------------------


def test_the_player_sees_rotoms_discard_pile_not_the_training_deck_order():
    """The training deck is face down: its size shows, not its order (views and records
    redacted for the player); the set-up secret never shows."""
    g = fs.new_game("pokemon", players=1, seed=6)
    seen = g.view(0).extensions[SOLO]
    assert seen["training_deck"] == 20 and seen["training_discard"] == ()
    s = g.state.ext[SOLO]
    text = json.dumps(g.view(0).to_dict())
    assert str(s.secret) not in text and "T0" not in text and "T1" not in text
    dealt = next(e for e in g.redacted_record(0)["events"] if e["type"] == "pokemon.SoloDealt")
    assert dealt["deck"] == [] and dealt["secret"] == 0
    full = next(e for e in json.loads(g.to_json())["events"]
                if e["type"] == "pokemon.SoloDealt")
    assert tuple(full["deck"]) == s.deck


def test_a_solo_game_keeps_every_invariant_and_its_record_replays():
    for seed in range(3):
        g = fs.new_game("pokemon", players=1, seed=seed)
        play_out(g, RandomBot(seed))
        check_game(g)
        assert g.end_reason == "third_winter" and len(g.state.winter) == 1
        assert any(isinstance(e, TrainingRevealed) for e in g.events)
        h = fs.Game.from_json(g.to_json())
        assert h.state.snapshot() == g.state.snapshot() and h.events == g.events
