"""The open core's hooks, through the test plugin of ``tests/open_core/plugin.py`` (ruleset
``test-open``): a plugin's own action, decision, event and state; an automated seat; a
declaration; an end-of-turn rule; a tie-breaker; a per-game limit; options. Each test names
the mechanism it checks and fails if the core ignores the plugin's contribution."""

from __future__ import annotations

import json

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.testing import CardPicker, GameMachine, check_game, scenario

from . import plugin

HOST = fs.PluginHost(extra=[plugin])


def rules(**options: object) -> fs.Ruleset:
    return HOST.ruleset("test-open", options=options or None)


def game(players: int = 2, seed: int = 3, **options: object) -> fs.Game:
    return fs.new_game(rules(**options), players=players, seed=seed)


def play_a_turn(g: fs.Game) -> None:
    """Player's turn: the first draw options, then the guess."""
    p = g.pending.player
    while g.pending.player == p and g.pending.kind in ("turn", "draw"):
        g.apply(next(a for a in g.legal_actions() if isinstance(a, fs.DrawFromDeck)))


# -- a plugin's own action, decision, event and state -----------------------------------------


def test_an_end_of_turn_rule_asks_the_plugins_own_decision_with_its_own_actions():
    g = game(players=3)
    play_a_turn(g)
    assert g.pending.kind == "guess" and g.pending.player == 0
    assert set(g.legal_actions()) == {plugin.Guess(True), plugin.Guess(False)}
    evs = g.apply(plugin.Guess(False))
    assert plugin.Guessed(0, False) in evs
    assert g.state.ext[plugin.GUESSES] == (1, 0, 0)
    assert g.pending.kind == "turn" and g.pending.player == 1  # then the next turn


def test_plugin_events_and_actions_are_stored_replayed_and_checked_in_records():
    g = game(players=3)
    play_a_turn(g)
    g.apply(plugin.Guess(True))
    text = g.to_json()
    data = json.loads(text)
    assert any(e["type"] == "test.Guessed" for e in data["events"])
    assert any(a["type"] == "test.Guess" for a in data["actions"])
    again = fs.Game.from_json(text, rules=g.rules)
    assert again.state.snapshot() == g.state.snapshot() and again.events == g.events
    # a tampered plugin event is refused at its index
    i = next(i for i, e in enumerate(data["events"]) if e["type"] == "test.Guessed")
    data["events"][i]["even"] = False
    with pytest.raises(fs.RecordError) as exc:
        fs.Game.from_record(data, rules=g.rules)
    assert exc.value.index == i


def test_a_record_with_a_plugin_event_is_refused_where_the_plugin_is_missing():
    g = game(players=3)
    play_a_turn(g)
    g.apply(plugin.Guess(True))
    data = json.loads(g.to_json())
    data["ruleset"] = "base"
    with pytest.raises(fs.RecordError):  # no ruleset test-open: refused before any event
        fs.Game.from_record(data)
    base = fs.new_game("base", players=3, seed=3)
    doc = json.loads(base.to_json())
    doc["events"].insert(doc["setup"], {"type": "test.Guessed", "v": 1, "player": 0,
                                        "even": True})
    with pytest.raises(fs.RecordError, match="plugin"):
        fs.Game.from_record(doc)


def test_a_plugin_event_says_what_each_player_may_see_of_it():
    g = game(players=3)
    play_a_turn(g)
    g.apply(plugin.Guess(True))
    mine = [e for e in g.redacted_record(0)["events"] if e["type"] == "test.Guessed"]
    theirs = [e for e in g.redacted_record(1)["events"] if e["type"] == "test.Guessed"]
    assert mine == [{"type": "test.Guessed", "v": 1, "player": 0, "even": True}]
    assert theirs == [{"type": "test.Guessed", "v": 1, "player": 0, "even": None}]


def test_plugin_state_is_in_views_copies_and_snapshots():
    g = game(players=3)
    play_a_turn(g)
    g.apply(plugin.Guess(True))
    assert g.view(2).extensions == {plugin.SQUIRREL: 0, plugin.GUESSES: (1, 0, 0)}
    copy = g.state.copy()
    assert copy.snapshot() == g.state.snapshot()
    g.undo()
    assert g.state.ext[plugin.GUESSES] == (0, 0, 0)
    assert copy.ext[plugin.GUESSES] == (1, 0, 0)  # the copy kept its own


# -- automated seats ---------------------------------------------------------------------------


def test_an_automated_seat_takes_its_turn_after_the_players_without_a_decision():
    g = game(players=1)
    assert g.seat_names == ["Player 1", "Squirrel"] and g.state.seats == 2
    play_a_turn(g)
    deck_top = g.state.deck[-1]
    evs = g.apply(plugin.Guess(True))
    starts = [e for e in evs if isinstance(e, ev.TurnStarted)]
    assert [s.player for s in starts] == [1, 0]  # the Squirrel's turn, then the player's
    assert ev.CardRevealed(deck_top) in evs and plugin.SquirrelActed() in evs
    assert g.state.ext[plugin.SQUIRREL] == 1
    assert g.pending.kind == "turn" and g.pending.player == 0


def test_automated_seats_follow_the_player_count_and_the_option():
    assert game(players=3).state.seats == 3  # the Squirrel plays in games of 1 or 2
    assert game(players=2).seat_names[-1] == "Squirrel"
    assert game(players=2, squirrel=False).state.seats == 2


def test_a_game_with_an_automated_seat_keeps_every_invariant_to_its_end():
    g = game(players=1, seed=5)
    fs.bots.play_out(g, fs.bots.RandomBot(5))
    check_game(g)
    assert g.state.ext[plugin.SQUIRREL] > 0
    assert fs.Game.from_json(g.to_json(), rules=g.rules).events == g.events


# -- declarations ----------------------------------------------------------------------------


def test_a_declaration_is_offered_at_any_decision_while_its_condition_holds():
    r = rules()
    pk = CardPicker(r)
    trees = [pk.pick("base.birch") for _ in range(3)]
    linden = pk.pick("base.linden")
    g = scenario(r, hands={0: [linden, *pk.filler(2, trees=False)]},
                 forests={0: [(t, {}) for t in trees]})
    win = fs.Declare("test.win")
    assert win in g.legal_actions()  # at the turn decision
    g.apply(fs.PlayCard(linden))
    assert g.pending.kind == "pay" and win in g.legal_actions()  # and in the middle of a play
    assert g.legal_actions()[-1] == win  # after the step's own options
    g.apply(win)
    out = g.outcome()
    assert out is not None and out.termination is fs.Termination.DECLARED_WIN
    assert out.winners == frozenset({0}) and g.winners == frozenset({0})


def test_no_declaration_while_its_condition_does_not_hold():
    g = game(players=2)
    assert not any(isinstance(a, fs.Declare) for a in g.legal_actions())


# -- tie-breakers and limits ------------------------------------------------------------------


def test_a_tie_on_points_goes_to_the_tie_breaker():
    """``tie_breakers=("hand",)``: equal totals, the player with more cards in hand wins."""
    r = rules(squirrel=False)
    pk = CardPicker(r)
    g = scenario(r, hands={0: pk.filler(1), 1: pk.filler(3)})
    assert g.scores().totals == (0, 0)
    assert g.scores().winners == frozenset({1})
    base = fs.new_game("base", players=2, seed=1)
    assert base.scores().winners == frozenset({0, 1})  # no tie-breaker: a shared win


def test_a_per_game_limit_stops_offering_the_turn_action_that_reached_it():
    """``limits={"saplings": 1}`` (option ``saplings``): after one sapling, PlaySapling is no
    longer offered; with the option at 2 it still is."""

    def after_one_sapling(**options: object) -> fs.Game:
        r = rules(squirrel=False, **options)
        pk = CardPicker(r)
        a, b = pk.filler(2, trees=False)
        g = scenario(r, hands={0: [a, b]})
        assert fs.PlaySapling(a) in g.legal_actions()
        g.apply(fs.PlaySapling(a))
        while g.pending.player != 0 or g.pending.kind != "turn":  # back to player 0's turn
            g.apply(g.legal_actions()[0])
        return g

    assert not any(isinstance(x, fs.PlaySapling) for x in after_one_sapling().legal_actions())
    assert any(isinstance(x, fs.PlaySapling) for x in after_one_sapling(saplings=2).legal_actions())


# -- options -----------------------------------------------------------------------------------


def test_options_are_validated_with_clear_errors():
    with pytest.raises(fs.OptionError, match="no option"):
        rules(wolves=True)
    with pytest.raises(fs.OptionError, match="takes a bool"):
        rules(squirrel=1)
    with pytest.raises(fs.OptionError, match="from 0 to 5"):
        rules(saplings=9)


def test_options_are_recorded_and_a_record_loads_with_them():
    g = game(players=2, squirrel=False)
    play_a_turn(g)
    data = json.loads(g.to_json())
    assert data["options"] == {"squirrel": False, "saplings": 1}
    again = fs.Game.from_record(data, rules=g.rules)
    assert again.state.seats == 2
    with pytest.raises(fs.RecordError, match="options"):
        fs.Game.from_record(data, rules=rules())


# -- the toolkit -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 3])
def test_the_game_machine_runs_on_plugin_events_and_actions(players):
    machine = GameMachine.for_ruleset(rules(), players)
    run_state_machine_as_test(machine, settings=settings(
        max_examples=2, stateful_step_count=30, derandomize=True, deadline=None))


# -- versions, expansions in records, strategies ------------------------------------------------


def test_a_plugin_event_of_an_older_version_is_brought_up_by_its_upcaster():
    """Plugin events are versioned like the core's: a record holding version 1 of an event
    whose class is now at version 2 loads through the class's ``upcast``."""
    import attrs

    from forestshuffle.records import record

    @attrs.frozen
    class Moved(fs.kinds.PluginEvent):
        type_name = "test.Moved"
        class_version = 2
        player: int
        to_site: int  # version 1 called it "site"

        def apply(self, state: object) -> None:
            pass

        @classmethod
        def upcast(cls, data: dict, version: int) -> dict:
            if version < 2:
                data = dict(data)
                data["to_site"] = data.pop("site")
            return data

    class Versioned:
        @fs.hookimpl
        def forestshuffle_event_types(self) -> list[type[fs.kinds.PluginEvent]]:
            return [Moved]

    base = fs.PluginHost(extra=[Versioned()]).ruleset("base")

    old = {"type": "test.Moved", "v": 1, "player": 0, "site": 3}
    assert record.event_from_dict(old, 0, base) == Moved(0, 3)
    assert record.event_to_dict(Moved(0, 3)) == {"type": "test.Moved", "v": 2, "player": 0,
                                                  "to_site": 3}
    with pytest.raises(fs.RecordError, match="version"):
        record.event_from_dict({**old, "v": 3}, 0, base)


def test_records_and_documents_naming_a_missing_expansion_are_refused():
    g = fs.new_game("base", players=2, seed=1, expansions=["alpine"])
    data = json.loads(g.to_json())
    assert data["expansions"] == ["alpine"]
    data["expansions"] = ["nope"]
    with pytest.raises(fs.RecordError, match="nope"):
        fs.Game.from_record(data)
    doc = g.forest_document()
    doc["expansions"] = ["nope"]
    with pytest.raises(fs.DocumentError, match="nope"):
        fs.score_document(doc)


def test_the_strategies_draw_games_of_a_plugin_ruleset_unchanged():
    from hypothesis import given

    from forestshuffle.testing import strategies as fst

    @settings(max_examples=3, derandomize=True, deadline=None)
    @given(fst.games(ruleset=rules(), max_actions=40))
    def check(g: fs.Game) -> None:
        check_game(g)
        assert g.rules.id == "test-open"

    check()
