"""Determinization and information-state keys: a determinized game is a whole,
consistent game that the player cannot tell from the real one, with the cards they have not
seen dealt anew; on every installed ruleset, with expansions, and the open-core test plugin."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.open_core import plugin

import forestshuffle as fs
from forestshuffle.search.determinize import Determinizer, Knowledge, face_down
from forestshuffle.testing import check_game
from forestshuffle.testing.checks import hidden_cards

HOST = fs.PluginHost(extra=[plugin])


def _rulesets() -> list[tuple[str, fs.Ruleset]]:
    out = [(rid, fs.get_ruleset(rid)) for rid in fs.available_rulesets()]
    out.append(("base+alpine+woodland_edge",
                fs.get_ruleset("base", expansions=["alpine", "woodland_edge"])))
    out.append(("test-open", HOST.ruleset("test-open")))
    return out


RULESETS = _rulesets()
IDS = [name for name, _ in RULESETS]


def _positions(rules: fs.Ruleset, seed: int, every: int = 37) -> list[fs.Game]:
    """Clones of one random game, every *every* actions."""
    g = fs.new_game(rules, players=2, seed=seed)
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        if len(g.actions) % every == 0:
            out.append(g.clone())
        opts = g.legal_actions()
        g.apply(opts[rng.randrange(len(opts))])
    return out


def _zone_of(state: fs.core.game.GameState, card: int) -> str:
    for zone, cards in state.zones().items():
        if card in cards:
            return zone
    raise AssertionError(card)


@pytest.mark.parametrize(("name", "rules"), RULESETS, ids=IDS)
def test_a_determinized_game_looks_the_same_to_the_player(name: str, rules: fs.Ruleset) -> None:
    """``determinize(player, rng)`` is consistent with what *player* sees: same
    view (decision included), same information-state key and observation, every card
    they have seen where it really is; a whole game (every invariant holds, it refolds,
    saves and loads as a scenario record, and plays on to its end)."""
    for k, g in enumerate(_positions(rules, seed=21)):
        for p in range(g.players):
            d = g.determinize(p, random.Random(k))
            assert d.view(p) == g.view(p)
            assert d.infostate_key(p) == g.infostate_key(p)
            assert (d.observation(p) == g.observation(p)).all()
            assert d.legal_actions() == g.legal_actions() or d.pending.player != p
            assert d.seed != g.seed and d.origin == "scenario"
            for c in Knowledge(g, p).seen:
                assert _zone_of(d.state, c) == _zone_of(g.state, c), c
            check_game(d)  # the log refolds to the state, views leak nothing...
        if k % 3 == 1:
            d = g.determinize(g.pending.player, random.Random(k), exact=True)
            back = fs.Game.from_json(d.to_json(), rules=rules, trust_setup=True)
            assert back.state.snapshot() == d.state.snapshot()
            assert d.view(g.pending.player) == g.view(g.pending.player)
        if k % 3 == 0:
            fs.bots.play_out(d, fs.bots.RandomBot(k))
            assert d.is_over


def _hidden(state: fs.core.game.GameState, p: int) -> set[int]:
    """Every card in a place *p* cannot see: deck, other hands and caves, box, face down."""
    out = hidden_cards(state, p) | set(state.box)
    for q in range(state.players):
        out.update(face_down(state, q))
    return out


@pytest.mark.parametrize(("name", "rules"), RULESETS, ids=IDS)
def test_the_unseen_cards_are_dealt_anew(name: str, rules: fs.Ruleset) -> None:
    """The hidden cards (deck, other hands and caves, box, face-down cards) are shuffled
    among their places: same counts per place, and over samples an opponent's hand is
    another; the hidden multiset is unchanged."""
    for g in _positions(rules, seed=8, every=11)[1:]:
        p = g.pending.player
        o = 1 - p
        det = Determinizer(g, p)
        if len(set(g.state.hands[o]) & det.unseen) >= 2:
            break
    else:
        raise AssertionError("no position where the opponent holds unseen cards")
    hands = set()
    for i in range(12):
        d = det.sample(random.Random(i))
        assert [len(h) for h in d.state.hands] == [len(h) for h in g.state.hands]
        assert len(d.state.deck) == len(g.state.deck)
        assert Counter(c for z in d.state.zones().values() for c in z) == \
            Counter(c for z in g.state.zones().values() for c in z)
        assert _hidden(d.state, p) == _hidden(g.state, p)
        hands.add(tuple(d.state.hands[o]))
    assert len(hands) > 1


def test_winter_cards_stay_in_the_bottom_pile_and_the_first_one_on_top_of_it() -> None:
    """RULES.md set-up (base): the winter cards are shuffled into the deck's last third, one
    on top of that pile; determinization keeps them there, and moves the others within it."""
    rules = fs.get_ruleset("base")
    g = fs.new_game(rules, players=2, seed=3)
    built = g.events[0]
    n = len(built.order)
    winters = set(rules.winter_cards)
    start = 2 * ((n - len(winters)) // 3)
    top = n - 1 - start  # deck index of the pile's top card
    assert g.state.deck[top] in winters
    positions = set()
    for i in range(30):
        d = g.determinize(0, random.Random(i))
        where = sorted(j for j, c in enumerate(d.state.deck) if c in winters)
        assert top in where and all(j <= top for j in where)
        positions.add(tuple(where))
    assert len(positions) > 1


def test_a_card_taken_face_up_stays_known_in_the_hand_that_took_it() -> None:
    """A card another player took from the clearing is known to the player: it stays in
    that hand in every determinization, and the key remembers where it is."""
    g = fs.new_game("base", players=2, seed=12)
    bot = fs.bots.RandomBot(1)
    while not (g.pending.player == 1 and g.pending.kind == "turn" and any(
            isinstance(a, fs.DrawFromClearing) for a in g.legal_actions())):
        g.apply(bot.choose(g))
    take = next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromClearing))
    g.apply(take)
    while g.pending.player == 1:
        g.apply(next((a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)),
                     g.legal_actions()[0]))
    assert take.card in g.state.hands[1]
    for i in range(10):
        assert take.card in g.determinize(0, random.Random(i)).state.hands[1]
    assert (take.card, "hand1") in g.infostate_key(0)[2]


def test_the_infostate_key_differs_when_the_player_sees_something_else() -> None:
    g = _positions(fs.get_ruleset("base"), seed=4)[3]
    p = g.pending.player
    key = g.infostate_key(p)
    other = g.clone()
    other.apply(other.legal_actions()[0])
    assert other.infostate_key(p) != key
    hash(key)
    with pytest.raises(fs.ArgumentError):
        g.infostate_key(5)
    with pytest.raises(fs.ArgumentError):
        g.determinize(-1)


def test_two_games_the_player_cannot_tell_apart_give_the_same_samples() -> None:
    """Determinization reads only what the player knows: for a game and a determinization of
    it (the player cannot tell them apart), the same generator gives the same sample, and so
    the bundled bots, seeded alike, choose alike."""
    g = _positions(fs.get_ruleset("base"), seed=30)[4]
    p = g.pending.player
    other = g.determinize(p, random.Random(99))
    assert other.state.snapshot() != g.state.snapshot()
    a = Determinizer(g, p).sample(random.Random(5))
    b = Determinizer(other, p).sample(random.Random(5))
    assert a.state.snapshot() == b.state.snapshot() and a.events == b.events
    for make in (lambda: fs.bots.GreedyBot(3), lambda: fs.bots.ISMCTSBot(3, iterations=20)):
        assert make().choose(g) == make().choose(other)


def _mid_payments(seeds: range) -> list[fs.Game]:
    """Copies of random 2-player base games, one at each decision where a player has paid
    part of a card's cost and pays on."""
    found = []
    for seed in seeds:
        game = fs.new_game("base", players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            step = game.state.queue[0]
            if step.kind == "pay" and step.args["paid"]:
                found.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return found


def test_a_player_who_is_not_paying_can_sample_a_game_mid_payment() -> None:
    """While another player pays for a card one card at a time, a sample for a player who is
    not paying leads to the same payment decision, with options: their unseen hand is dealt
    anew only as a hand that can still pay (in increasing card order, above the last card
    paid) what is owed."""
    games = _mid_payments(range(6))
    assert len(games) >= 5
    for n, game in enumerate(games):
        payer = game.state.pending.player
        watcher = 1 - payer
        for k in range(3):
            sample = Determinizer(game, watcher).sample(random.Random(n * 10 + k))
            pending = sample.state.pending
            assert (pending.kind, pending.player) == ("pay", payer)
            assert pending.options
            step = sample.state.queue[0]
            assert step.card == game.state.queue[0].card  # the card being paid for stays
            check_game(sample)
            sample.apply(pending.options[0])
