"""The public testing toolkit (forestshuffle.testing), used on ourselves.

The GameMachine runs for every installed ruleset with a fixed, derandomised profile that
takes seconds; the strategies, the card-set checks, the invariant checks, the pytest
plugin and the soak runner are each exercised here.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.core import views as views_module
from forestshuffle.plugins import dsl
from forestshuffle.testing import (
    CardSetCheckError,
    GameMachine,
    InvariantError,
    check_card_set,
    check_game,
    soak,
)
from forestshuffle.testing import checks as checks_module
from forestshuffle.testing import strategies as fst

pytest_plugins = ["pytester"]

RULESETS = fs.available_rulesets()

#: fixed and quick: the same runs every time, seconds per ruleset
FIXED = settings(max_examples=15, stateful_step_count=30, derandomize=True, deadline=None,
                 suppress_health_check=list(HealthCheck))
QUICK = settings(max_examples=10, derandomize=True, deadline=None,
                 suppress_health_check=list(HealthCheck))


# -- the state machine, once per installed ruleset -----------------------------------------

for _rid in RULESETS:
    _machine = GameMachine.for_ruleset(_rid, settings=FIXED)
    globals()[f"TestGameMachine_{_rid.replace('-', '_')}"] = _machine.TestCase


def test_the_machine_is_made_for_every_installed_ruleset() -> None:
    assert "base" in RULESETS
    for rid in RULESETS:
        assert f"TestGameMachine_{rid.replace('-', '_')}" in globals()
    m = GameMachine.for_ruleset("base", players=3)
    assert (m.ruleset, m.players) == ("base", 3)
    assert m.TestCase.settings.max_examples >= 1


# -- the invariant checks catch what they should ------------------------------------------


def _game(ruleset: str = "base", actions: int = 40) -> fs.Game:
    g = fs.new_game(ruleset, players=3, seed=11)
    bot = fs.bots.RandomBot(11)
    for _ in range(actions):
        g.apply(bot.choose(g))
    return g


@pytest.mark.parametrize("ruleset", RULESETS)
def test_check_game_passes_on_a_played_game(ruleset: str) -> None:
    check_game(_game(ruleset))


def test_a_card_moved_behind_the_log_breaks_replay() -> None:
    g = _game()
    g.state.hands[0].append(g.state.deck.pop())
    with pytest.raises(InvariantError, match="replay"):
        checks_module.check_replay(g)


def test_a_duplicated_card_breaks_conservation() -> None:
    g = _game()
    g.state.clearing.append(g.state.hands[1][0])
    with pytest.raises(InvariantError, match="cards conserved"):
        checks_module.check_cards_conserved(g)


def test_an_overfull_hand_breaks_the_hand_limit() -> None:
    g = _game()
    g.state.hands[0].extend(g.state.deck[:11])
    with pytest.raises(InvariantError, match="hand limit"):
        checks_module.check_hand_limit(g)


def test_a_view_showing_the_deck_top_is_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _game()
    real = views_module.view

    def leaky(state: Any, player: int) -> fs.PlayerView:
        return attrs.evolve(real(state, player), winter_cards=(state.deck[-1],))

    monkeypatch.setattr(checks_module, "view", leaky)
    with pytest.raises(InvariantError, match="hidden card"):
        checks_module.check_views(g)


def test_a_view_hinting_at_another_hand_is_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """No card id appears, yet the view depends on a hidden hand: non-interference sees it."""
    g = _game()
    real = views_module.view

    def hinting(state: Any, player: int) -> fs.PlayerView:
        other = state.hands[(player + 1) % state.players]
        return attrs.evolve(real(state, player), current=sum(other) % 97)

    monkeypatch.setattr(checks_module, "view", hinting)
    with pytest.raises(InvariantError, match="depends on hidden cards"):
        checks_module.check_views(g)


# -- strategies ----------------------------------------------------------------------------


@QUICK
@given(fst.rulesets())
def test_rulesets_draws_installed_rulesets(rid: str) -> None:
    assert rid in RULESETS


@QUICK
@given(st.data())
def test_games_are_of_the_asked_ruleset_and_keep_the_invariants(data: st.DataObject) -> None:
    rid = data.draw(fst.rulesets())
    players = data.draw(fst.player_counts(rid))
    g = data.draw(fst.games(ruleset=rid, players=players, max_actions=60))
    assert (g.rules.id, g.players) == (rid, players)
    assert len(g.actions) <= 60
    check_game(g)


@QUICK
@given(st.data())
def test_actions_are_legal_and_illegal_actions_are_refused(data: st.DataObject) -> None:
    g = data.draw(fst.games(max_actions=40))
    if not g.is_over:
        a = data.draw(fst.actions(g))
        assert a in g.legal_actions()
    bad = data.draw(fst.illegal_actions(g))
    snap, n = g.state.snapshot(), len(g.events)
    with pytest.raises(fs.IllegalActionError):
        g.apply(bad)
    assert (g.state.snapshot(), len(g.events)) == (snap, n)


@settings(QUICK, max_examples=30)
@given(fst.games(min_actions=40, max_actions=300))
def test_forest_documents_of_games_score_as_the_games(game: fs.Game) -> None:
    """forests() draws documents this way; scoring one gives the game's own scores."""
    doc = game.forest_document()
    report = fs.score_document(json.loads(json.dumps(doc)))
    assert tuple(p.total for p in report.players) == game.scores().totals


@QUICK
@given(fst.forests(ruleset="base", players=2, max_actions=80))
def test_forests_are_legal_documents(doc: dict[str, Any]) -> None:
    assert doc["game"] == "base" and len(doc["players"]) == 2
    report = fs.score_document(doc)
    assert all(p.total >= 0 for p in report.players)


@settings(QUICK, max_examples=30)
@given(fst.card_sets())
def test_card_sets_compile_and_play(gen: fst.GeneratedCardSet) -> None:
    rules = fs.PluginHost(extra=[gen.plugin()], entry_points=False).ruleset(gen.spec.id)
    assert rules.id == gen.spec.id
    report = check_card_set(rules, games=3)
    structural = [p for p in report.problems if p.check != "effects"]
    assert not structural, str(report)
    game = fs.Game(rules, rules.spec.max_players, seed=1)
    game._start()
    fs.bots.play_out(game, fs.bots.RandomBot(1))
    check_game(game)
    again = fs.Game.from_json(game.to_json(), rules=rules)
    assert again.state.snapshot() == game.state.snapshot()


@settings(QUICK, max_examples=4, stateful_step_count=20)
@given(fst.card_sets())
def test_the_machine_runs_on_a_generated_card_set(gen: fst.GeneratedCardSet) -> None:
    machine = GameMachine.for_ruleset(gen.ruleset())
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(machine, settings=settings(FIXED, max_examples=2))


# -- check_card_set ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_installed_card_set_passes_its_checks(ruleset: str) -> None:
    report = check_card_set(ruleset, games=12)
    assert report.ok, str(report)
    assert report.games == 12
    assert report.effect_kinds <= report.effect_kinds_seen


def test_base_card_set_passes_and_reaches_every_effect_kind() -> None:
    report = check_card_set("base", games=20, raise_on_problems=True)
    assert {"draw", "free_play", "play_further"} <= report.effect_kinds_seen
    assert report.never_played == ()


def _tiny_set(**changes: Any) -> fst.GeneratedCardSet:
    """A hand-made valid set: one tree, two dwellers; *changes* replace species fields."""
    tree = fs.Species("t.fir", "Fir", "tree", 0, {"tree"}, site_kind="tree")
    a = fs.Species("t.owl", "Owl", "dweller", 1, {"bird"}, effect=dsl.draw(1))
    b = fs.Species("t.fox", "Fox", "dweller", 1, {"paw"}, score=dsl.flat(1))
    species = {s.id: s for s in (tree, a, b)}
    for sid, fields in changes.items():
        species[sid] = attrs.evolve(species[sid], **fields)
    cards = [fs.Card(i, (fs.Half("t.fir", "center", "Fir"),)) for i in range(1, 9)]
    for i in range(9, 40):
        cards.append(fs.Card(i, (fs.Half("t.owl", "top", "Fir"),
                                 fs.Half("t.fox", "bottom", "Fir"))))
    cards += [fs.Card(i, winter=True) for i in (40, 41, 42)]
    cs = fs.CardSet("t", "Tiny", tuple(species.values()), tuple(cards), ("Fir",),
                    ("tree", "bird", "paw"))
    return fst.GeneratedCardSet(cs, fs.RulesetSpec("tiny", "Tiny", ("t",), max_players=3))


def test_a_tiny_hand_made_set_passes() -> None:
    report = check_card_set(_tiny_set().ruleset(), games=5)
    assert report.ok, str(report)


def test_a_card_no_slot_takes_is_reported() -> None:
    report = check_card_set(_tiny_set(**{"t.fox": {"needs": {"lava"}}}).ruleset(), games=3)
    found = [p for p in report.problems if p.check == "playable"]
    assert found and "t.fox" in found[0].item and "lava" in found[0].message


def test_a_cost_no_hand_can_pay_is_reported() -> None:
    report = check_card_set(_tiny_set(**{"t.owl": {"cost": 12}}).ruleset(), games=3)
    assert any(p.check == "playable" and "costs 12" in p.message for p in report.problems)


def test_an_unreached_effect_kind_is_reported() -> None:
    """The Fox's effect needs a bonus no payment can earn (no card shows the symbol)."""
    gen = _tiny_set(**{"t.fox": {"bonus": dsl.clearing_to_cave()}})
    cards = tuple(attrs.evolve(c, halves=tuple(attrs.evolve(h, symbol=None)
                                               for h in c.halves))
                  if c.is_split else c for c in gen.card_set.cards)
    gen = attrs.evolve(gen, card_set=attrs.evolve(gen.card_set, cards=cards))
    report = check_card_set(gen.ruleset(), games=3)
    assert [p.item for p in report.problems if p.check == "effects"] == \
        ["effect kind 'clearing_to_cave'"]
    with pytest.raises(CardSetCheckError, match="clearing_to_cave"):
        report.raise_for_problems()


def test_a_species_on_no_card_and_a_short_deck_are_reported() -> None:
    gen = _tiny_set()
    extra = fs.Species("t.lynx", "Lynx", "dweller", 1, {"paw"})
    short = tuple(c for c in gen.card_set.cards if c.id < 12 or c.winter)
    gen = attrs.evolve(gen, card_set=attrs.evolve(
        gen.card_set, species=(*gen.card_set.species, extra), cards=short))
    report = check_card_set(gen.ruleset(), games=2)
    msgs = [str(p) for p in report.problems if p.check == "counts"]
    assert any("t.lynx" in m and "no card" in m for m in msgs)
    assert any("cannot deal" in m for m in msgs)


def test_a_set_that_does_not_compile_is_reported_by_id() -> None:
    gen = _tiny_set(**{"t.fox": {"score": (dsl.per(2, "tag:pawd"),)}})
    report = check_card_set("tiny", host=gen.host())
    assert [p.check for p in report.problems] == ["compile"]
    assert "pawd" in report.problems[0].message
    with pytest.raises(CardSetCheckError):
        check_card_set("tiny", host=gen.host(), raise_on_problems=True)


# -- the pytest plugin ---------------------------------------------------------------------

PLUGIN_TEST = """
import forestshuffle as fs

def test_game(fs_game, fs_ruleset, fs_soak):
    assert isinstance(fs_game, fs.Game)
    assert fs_game.rules.id == fs_ruleset
    assert fs_game.pending is not None
    print("SOAK", fs_soak)
"""


def test_pytest_plugin_runs_a_test_per_installed_ruleset(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plugin_user=PLUGIN_TEST)
    result = pytester.runpytest("-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=len(RULESETS))
    result.stdout.fnmatch_lines(["*test_game?base?*PASSED*"])


def test_pytest_plugin_takes_the_ruleset_option(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plugin_user=PLUGIN_TEST)
    result = pytester.runpytest("-p", "no:cacheprovider", "--fs-ruleset", "base", "-s")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*SOAK False*"])


def test_pytest_plugin_soak_option(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plugin_user=PLUGIN_TEST + """
from hypothesis import settings
from forestshuffle.testing import soak_enabled, soak_games

def test_soak_profile():
    assert soak_enabled() and soak_games(10, 1000) == 1000
    assert settings.default.max_examples >= 500
""")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--fs-soak",
                                           "--fs-ruleset", "base", "-s")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*SOAK True*"])


# -- the soak runner -----------------------------------------------------------------------


def test_soak_runner_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "4", "--ruleset", "base", "--deep", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("base: 4 games,") and "0 failures" in out


def test_soak_names_options_after_a_question_mark_and_restricts_player_counts() -> None:
    """``id+expansion?name=value&...``: the options reach the games; ``players`` picks the
    counts played."""
    assert soak.parse_ruleset("base+alpine?x=1") == ("base", ("alpine",))
    assert soak.parse_options("house-001?saplings=1&sapling_slots=true&mulligan=false") == {
        "saplings": 1, "sapling_slots": True, "mulligan": False}
    assert soak.parse_options("base") == {}
    with pytest.raises(ValueError, match="name=value"):
        soak.parse_options("base?oops")
    result = soak.soak("house-001?saplings=0", 2, seed=1, players=[3])
    assert result.failures == ()
    _, failure = soak.play_and_check("house-001?saplings=nope", 2, 1)
    assert failure is not None and "OptionError" in failure.error
    n, failure = soak.play_and_check("house-001?saplings=0", 3, 1)
    assert failure is None and n > 0


def test_soak_reports_a_failing_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: fs.Game) -> None:
        raise InvariantError("demo", "always fails", game)

    monkeypatch.setattr(soak, "check_game", broken)
    result = soak.soak("base", 2, seed=5)
    assert [f.seed for f in result.failures] == [5, 6]
    assert "demo: always fails" in str(result.failures[0])


def test_moves_check_that_the_game_asks_what_they_expect():
    """forestshuffle.testing.moves: a move on another decision than it expects raises
    MoveError naming the pending decision, and changes nothing."""
    from forestshuffle.testing import CardPicker, scenario
    from forestshuffle.testing.moves import (
        MoveError,
        extra_turn_started,
        hand,
        place,
        play,
        slot_places,
        turn_of,
        use,
    )

    rules = fs.get_ruleset("base")
    pick = CardPicker(rules)
    oak, emperor = pick.pick("base.oak"), pick.pick("base.purple_emperor", side="top")
    g = scenario(rules, hands={0: [emperor]}, forests={0: [(oak, {})]})
    assert turn_of(g, 0) and not turn_of(g, 1) and not extra_turn_started(g)
    before = len(g.events)
    with pytest.raises(MoveError, match="expected a 'effect' decision, the game asks"):
        use(g, "effect")
    with pytest.raises(MoveError, match="'place'"):
        place(g, 0, "top")
    assert len(g.events) == before
    g.apply(fs.PlayCard(emperor))
    assert (0, "top") in slot_places(g)
    with pytest.raises(MoveError, match="0 options put the card at site 3, top"):
        place(g, 3, "top")
    place(g, 0, "top")
    assert emperor not in hand(g) and turn_of(g, 1)
    with pytest.raises(MoveError, match="a slot needs its site"):
        play(g, emperor, None, "top")  # checked before anything is played
    assert turn_of(g, 1)
