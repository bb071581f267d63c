"""Invariants that hold in every game: checked over many seeded random games.

Cards are conserved, hands respect the limit, the game ends exactly at the ruleset's last
winter card (the third; ``RulesetSpec.winters_for`` the player count),
the event log refolds to the state, records round-trip, undo is exact, illegal actions
change nothing, and the seed alone decides the game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.core import events as ev
from forestshuffle.core.state import GameState, evolve

PLAYER_COUNTS = (2, 3, 4, 5)
#: every installed ruleset is held to the same invariants
RULESETS = tuple(fs.available_rulesets())
CASES = [
    pytest.param(r, p, id=f"{r}-{p}p")
    for r in RULESETS
    for p in range(fs.get_ruleset(r).spec.min_players, fs.get_ruleset(r).spec.max_players + 1)
]
GAMES_PER_COUNT = 12
STEP_CHECKED_GAMES = 3
HAND_LIMIT = 10


def all_cards(g: fs.Game) -> list[int]:
    return sorted(g.rules.cards)


def assert_cards_conserved(g: fs.Game) -> None:
    zones = g.state.zones()
    placed = [c for cards in zones.values() for c in cards]
    dupes = [c for c, n in Counter(placed).items() if n > 1]
    assert not dupes, f"cards in two places: {dupes}"
    assert sorted(placed) == all_cards(g)


def assert_hands_within_limit(g: fs.Game) -> None:
    """Hands keep the limit; in a ruleset whose draws are not capped, at each turn's start."""
    if not g.rules.spec.draw_cap and (g.pending is None or g.pending.kind != "turn"):
        return
    assert all(len(h) <= HAND_LIMIT for h in g.state.hands)


def assert_ended_at_third_winter(g: fs.Game) -> None:
    """The game ended by a rule: the third winter (at once, or once its turn was finished,
    as the ruleset says), or one of the ruleset's end conditions at the end of a turn."""
    assert g.is_over
    assert isinstance(g.events[-1], ev.GameEnded)
    assert [type(e) for e in g.events].count(ev.GameEnded) == 1
    assert g.pending is None and g.legal_actions() == []
    if g.end_reason != "third_winter":
        assert g.end_reason in g.rules.spec.end_conditions
        return
    assert len(g.state.winter) == g.rules.spec.winters_for(g.players)
    assert set(g.state.winter) <= set(g.rules.winter_cards)
    if g.rules.spec.winter_ends == "at_once":
        # the third winter card is the last card that left the deck
        assert isinstance(g.events[-2], ev.WinterRevealed)
    else:
        scheduled = [i for i, e in enumerate(g.events) if isinstance(e, ev.GameEndScheduled)]
        assert len(scheduled) == 1 and isinstance(g.events[scheduled[0] - 1],
                                                  ev.WinterRevealed)


def refold(g: fs.Game) -> GameState:
    state = GameState(g.rules, g.players)
    for e in g.events:
        evolve(state, e)
    return state


def random_game(ruleset: str, players: int, seed: int) -> fs.Game:
    g = fs.new_game(ruleset, players=players, seed=seed)
    play_out(g, RandomBot(seed))
    return g


def foreign_action(g: fs.Game) -> fs.Action:
    """An action that answers some other kind of decision than the pending one."""
    legal = set(g.legal_actions())
    for a in (fs.Redraw(), fs.KeepHand(), fs.Use(), fs.Pass(), fs.DrawFromDeck(),
              fs.PayWith(99999), fs.PickCard(99999)):
        if a not in legal:
            return a
    raise AssertionError("every action is legal?")


# -- many games, checked at the end ------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_random_games_conserve_cards_and_end_at_the_third_winter(ruleset, players):
    for seed in range(GAMES_PER_COUNT):
        g = fs.new_game(ruleset, players=players, seed=1000 * players + seed)
        bot = RandomBot(seed)
        while not g.is_over:
            assert_cards_conserved(g)
            assert_hands_within_limit(g)
            assert len(g.state.winter) < g.rules.spec.winters_for(players) or \
                g.rules.spec.winter_ends != "at_once"
            g.apply(bot.choose(g))
        assert_cards_conserved(g)
        assert_hands_within_limit(g)
        assert_ended_at_third_winter(g)
        scores = g.scores()
        assert g.winners and g.winners <= set(range(players))
        assert max(scores[p].total for p in range(players)) == \
            scores[next(iter(g.winners))].total


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_refolding_the_events_gives_the_same_state(ruleset, players):
    for seed in range(GAMES_PER_COUNT):
        g = random_game(ruleset, players, 2000 * players + seed)
        assert refold(g).snapshot() == g.state.snapshot()


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_a_record_loads_to_the_same_state_and_events(ruleset, players):
    for seed in range(GAMES_PER_COUNT):
        g = random_game(ruleset, players, 3000 * players + seed)
        h = fs.Game.from_json(g.to_json())
        assert h.state.snapshot() == g.state.snapshot()
        assert h.events == g.events
        assert h.actions == g.actions
        assert h.scores() == g.scores()


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_undo_then_the_same_action_gives_the_same_state(ruleset, players):
    rng = random.Random(players)
    for seed in range(GAMES_PER_COUNT):
        g = random_game(ruleset, players, 4000 * players + seed)
        final = g.state.snapshot()
        nevents = len(g.events)
        for _ in range(3):
            n = rng.randint(1, min(40, len(g.actions)))
            redo = [a for a, _ in g.actions[-n:]]
            g.undo(n)
            assert not g.is_over or n == 0
            for a in redo:
                g.apply(a)
            assert g.state.snapshot() == final
            assert len(g.events) == nevents


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_undo_restores_the_earlier_state_exactly(ruleset, players):
    g = fs.new_game(ruleset, players=players, seed=players)
    bot = RandomBot(players)
    history = []
    while not g.is_over and len(history) < 150:
        history.append((g.state.snapshot(), len(g.events)))
        g.apply(bot.choose(g))
    for snap, n in reversed(history[-30:]):
        g.undo()
        assert g.state.snapshot() == snap
        assert len(g.events) == n


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_an_illegal_action_raises_and_changes_nothing(ruleset, players):
    rng = random.Random(players)
    for seed in range(GAMES_PER_COUNT // 2):
        g = fs.new_game(ruleset, players=players, seed=5000 * players + seed)
        bot = RandomBot(seed)
        while not g.is_over:
            if rng.random() < 0.05:
                snap, n, na = g.state.snapshot(), len(g.events), len(g.actions)
                for bad in (foreign_action(g), fs.PayWith(99999)):
                    with pytest.raises(fs.IllegalActionError) as info:
                        g.apply(bad)
                    assert isinstance(info.value, ValueError)
                    assert g.state.snapshot() == snap
                    assert (len(g.events), len(g.actions)) == (n, na)
            g.apply(bot.choose(g))
        with pytest.raises(fs.IllegalActionError):
            g.apply(fs.DrawFromDeck())


def test_an_action_out_of_range_by_index_is_illegal():
    g = fs.new_game("base", players=2, seed=3)
    snap = g.state.snapshot()
    for bad in (-1, len(g.legal_actions()), "0", None):
        with pytest.raises(fs.IllegalActionError):
            g.apply_index(bad)  # type: ignore[arg-type]
    assert g.state.snapshot() == snap


# -- a few games, checked at every step ----------------------------------------------------


@pytest.mark.parametrize(("ruleset", "players"), CASES)
@pytest.mark.parametrize("game", range(STEP_CHECKED_GAMES))
def test_every_step_of_a_game_keeps_the_invariants(ruleset, players, game):
    g = fs.new_game(ruleset, players=players, seed=42 + 10 * game + players)
    bot = RandomBot(7 * players + game)
    shadow = GameState(g.rules, g.players)
    for e in g.events:
        evolve(shadow, e)
    steps = 0
    while not g.is_over:
        assert_cards_conserved(g)
        assert_hands_within_limit(g)
        assert not g.state.over
        assert len(g.state.winter) < g.rules.spec.winters_for(players) or \
            g.rules.spec.winter_ends != "at_once"
        decision = g.pending
        assert decision is not None and len(decision.options) > 0
        assert decision.player in range(players)
        # an action of another decision is refused and changes nothing
        snap, n = g.state.snapshot(), len(g.events)
        with pytest.raises(fs.IllegalActionError):
            g.apply(foreign_action(g))
        assert g.state.snapshot() == snap and len(g.events) == n
        # undo, then the same action again: the same state and events
        action = bot.choose(g)
        new = g.apply(action)
        after, events_after = g.state.snapshot(), list(g.events)
        g.undo()
        assert g.state.snapshot() == snap and len(g.events) == n
        assert g.apply(action) == new
        assert g.state.snapshot() == after and g.events == events_after
        # the new events refold into the same state
        for e in new:
            evolve(shadow, e)
        assert shadow.snapshot() == g.state.snapshot()
        steps += 1
    assert_cards_conserved(g)
    assert_ended_at_third_winter(g)
    assert steps == len(g.actions)


# -- seeds -------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_the_same_seed_gives_the_same_game(ruleset, players):
    a = random_game(ruleset, players, 99)
    b = random_game(ruleset, players, 99)
    assert a.events == b.events
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_a_different_seed_gives_a_different_deck_order(ruleset, players):
    orders = set()
    for seed in range(5):
        g = fs.new_game(ruleset, players=players, seed=seed)
        deal = g.events[0]
        assert isinstance(deal, ev.DeckBuilt)
        orders.add(deal.order)
    assert len(orders) == 5


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_deal_returns_the_right_number_of_cards_and_puts_winter_in_the_last_third(players):
    removal = {2: 30, 3: 20, 4: 10, 5: 0}[players]
    for seed in range(10):
        g = fs.new_game("base", players=players, seed=seed)
        deal = g.events[0]
        assert isinstance(deal, ev.DeckBuilt)
        assert len(deal.boxed) == removal
        rest = len(g.rules.deck_cards) - removal
        third = rest // 3
        winters = {i for i, c in enumerate(deal.order) if g.rules.cards[c].winter}
        assert len(winters) == 3
        assert min(winters) == 2 * third  # the first winter starts the last third
        assert len(deal.order) == rest + 3
        assert sorted(deal.order + deal.boxed) == all_cards(g)
        hands = g.state.hands
        assert all(len(h) == 6 for h in hands)
