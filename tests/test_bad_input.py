"""Bad input fails early, with a specific error that says what and where.

Unknown rulesets, wrong player counts and names; the command line's one-line errors;
and card data of a plugin, which is checked when its ruleset is built and names the
plugin, the species or card, and the field.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.cli.app import main
from forestshuffle.plugins import dsl
from forestshuffle.testing import scenario

FORESTSHUFFLE = Path(sys.executable).with_name("forestshuffle")


# -- new_game ----------------------------------------------------------------------------


def test_an_unknown_ruleset_is_refused():
    with pytest.raises(fs.UnknownRulesetError) as info:
        fs.new_game("nope")
    assert isinstance(info.value, LookupError)
    assert "nope" in str(info.value) and "base" in str(info.value)


def test_a_ruleset_is_named_by_a_string():
    with pytest.raises(TypeError):
        fs.new_game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [0, 1, 6, 7, -2, "2", 2.0, True, None])
def test_a_player_count_outside_the_rulesets_range_is_refused(players):
    with pytest.raises(fs.PlayerCountError) as info:
        fs.new_game("base", players=players)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_of_the_base_game_is_accepted(players):
    g = fs.new_game("base", players=players, seed=1)
    assert g.players == players and len(g.names) == players


@pytest.mark.parametrize("names", [["Ann"], ["Ann", "Bo", "Cy"], [], ["Ann", ""], ["Ann", 3]])
def test_names_that_do_not_match_the_players_are_refused(names):
    with pytest.raises(fs.PlayerCountError):
        fs.new_game("base", players=2, names=names)


def test_names_are_kept():
    assert fs.new_game("base", players=2, names=["Ann", "Bo"]).names == ["Ann", "Bo"]


# -- the command line --------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["demo", "--players", "7"], ["demo", "--players", "1"],
                                  ["demo", "--game", "nope"]])
def test_the_cli_reports_a_bad_game_in_one_line_with_exit_code_2(argv, capsys):
    code = main(argv)
    assert isinstance(code, int) and code == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("forestshuffle: error:")
    assert "Traceback" not in err


def test_the_cli_refuses_a_malformed_option_with_exit_code_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["demo", "--players", "two"])
    assert info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(FORESTSHUFFLE), *args], capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.skipif(not FORESTSHUFFLE.exists(), reason="the console script is not installed")
def test_the_console_script_reports_a_bad_player_count_in_one_line():
    p = run_cli("demo", "--players", "7")
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1
    assert p.stderr.startswith("forestshuffle: error:") and "7" in p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.skipif(not FORESTSHUFFLE.exists(), reason="the console script is not installed")
def test_the_demo_plays_a_game_and_ends_with_the_score_table():
    p = run_cli("demo", "--players", "2", "--seed", "1")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    lines = p.stdout.rstrip("\n").splitlines()
    assert lines[-4].strip() == "Scores:"
    assert lines[-3].split() == ["player", "forest", "cave", "total"]
    assert lines[-2].strip().startswith("Player 1")
    assert lines[-1].strip().startswith("Player 2")
    assert any(line.endswith("<- winner") for line in lines[-2:])
    again = run_cli("demo", "--players", "2", "--seed", "1")
    assert again.stdout == p.stdout


def test_the_demo_prints_the_same_output_for_the_same_seed(capsys):
    assert main(["demo", "--players", "3", "--seed", "5", "--quiet"]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--players", "3", "--seed", "5", "--quiet"]) == 0
    assert capsys.readouterr().out == first
    assert main(["demo", "--players", "3", "--seed", "6", "--quiet"]) == 0
    assert capsys.readouterr().out != first


# -- card data of a plugin ---------------------------------------------------------------

PLUGIN = "broken_fan"
RULESET = "fan"


def fan_plugin(*, critter: dict[str, Any] | None = None, tree: dict[str, Any] | None = None,
               half_species: str = "fan.critter", symbol: str = "Elm",
               tags: Iterable[str] = ("tree", "deer", "bird")) -> Any:
    """A plugin with a tiny card set: an Elm tree and a Critter on split cards."""

    class Plugin:
        __name__ = PLUGIN

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            elm = fs.Species("fan.elm", "Elm", "tree", 0, frozenset({"tree"}),
                             **{"site_kind": "tree", "score": dsl.flat(1), **(tree or {})})
            crit = fs.Species("fan.critter", "Critter", "dweller", 1, frozenset({"deer"}),
                              **(critter or {}))
            cards = [fs.Card(n, (fs.Half("fan.elm", fs.Position.CENTER, "Elm"),))
                     for n in range(1, 21)]
            cards += [fs.Card(n, (fs.Half(half_species, fs.Position.TOP, symbol),
                                  fs.Half("fan.critter", fs.Position.BOTTOM, "Elm")))
                      for n in range(21, 41)]
            cards += [fs.Card(n, (), winter=True) for n in (41, 42, 43)]
            return (fs.CardSet("fan", "Fan set", (elm, crit), tuple(cards), ("Elm",),
                               tuple(tags)),)

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (fs.RulesetSpec(RULESET, "Fan game", ("fan",), removal={2: 0}),)

    return Plugin()


def build(plugin: Any) -> fs.Ruleset:
    return fs.PluginHost(extra=[plugin], entry_points=False).ruleset(RULESET)


def data_error(**kw: Any) -> fs.CardDataError:
    with pytest.raises(fs.CardDataError) as info:
        build(fan_plugin(**kw))
    err = info.value
    assert isinstance(err, ValueError)
    assert err.plugin == PLUGIN
    assert PLUGIN in str(err) and err.item in str(err) and err.field in str(err)
    return err


def test_a_valid_plugin_card_set_builds_and_plays():
    rules = build(fan_plugin(critter={"effect": dsl.draw(1), "score": dsl.per(2, "tag:deer")}))
    assert len(rules.cards) == 43
    g = scenario(rules, 2)
    fs.bots.play_out(g, fs.bots.RandomBot(3))
    assert g.is_over


def test_an_unknown_scoring_kind_names_plugin_species_and_field():
    err = data_error(critter={"score": fs.Spec("per_tags", {"points": 5, "tag": "deer"})})
    assert err.item == "species 'fan.critter'"
    assert err.field == "score[0].kind"
    assert "per_tags" in err.problem and "per" in err.problem  # the known kinds are listed


def test_an_unknown_tag_in_a_count_is_refused():
    err = data_error(critter={"score": dsl.per(5, "tag:deeer")})
    assert err.item == "species 'fan.critter'"
    assert err.field == "score[0].args.count"
    assert "deeer" in err.problem


def test_an_unknown_tag_in_an_effect_count_is_refused():
    err = data_error(critter={"effect": dsl.draw_per("tag:deeer")})
    assert err.field == "effect[0].args" and "deeer" in err.problem


def test_an_unknown_count_kind_is_refused():
    err = data_error(critter={"score": dsl.per(5, "tagz:deer")})
    assert err.field == "score[0].args.count" and "tagz" in err.problem


def test_an_unknown_species_in_a_count_is_refused():
    err = data_error(tree={"score": dsl.majority(3, "trees_of:fan.elmm")})
    assert err.item == "species 'fan.elm'" and "fan.elmm" in err.problem


def test_an_unknown_slot_in_a_count_is_refused():
    err = data_error(critter={"score": dsl.per(2, "slot:bottm")})
    assert err.field == "score[0].args.count" and "bottm" in err.problem


def test_an_unknown_species_in_a_card_half_is_refused():
    err = data_error(half_species="fan.crittr")
    assert err.item == "card 21"
    assert err.field == "halves[0].species"
    assert "fan.crittr" in err.problem


def test_an_unknown_tree_symbol_in_a_card_half_is_refused():
    err = data_error(symbol="Eml")
    assert err.item == "card 21" and err.field == "halves[0].symbol"


def test_an_unknown_tag_of_a_species_is_refused():
    err = data_error(tags=("tree", "bird"))
    assert err.item == "species 'fan.critter'" and err.field == "tags"
    assert "deer" in err.problem


def test_an_unknown_effect_kind_is_refused():
    err = data_error(critter={"effect": fs.Spec("draw_cards", {"n": 1})})
    assert err.item == "species 'fan.critter'"
    assert err.field == "effect[0].kind"
    assert "draw_cards" in err.problem and "draw" in err.problem


def test_an_unknown_bonus_kind_is_refused():
    err = data_error(critter={"bonus": (dsl.draw(1), fs.Spec("extra_turns"))})
    assert err.field == "bonus[1].kind"


@pytest.mark.parametrize(("field", "spec", "where"), [
    ("effect", dsl.draw(0), "effect[0].args"),
    ("effect", fs.Spec("draw", {"m": 1}), "effect[0].args"),
    ("effect", fs.Spec("draw", {"n": "one"}), "effect[0].args"),
    ("bonus", fs.Spec("extra_turn", {"n": 2}), "bonus[0].args"),
    ("bonus", dsl.free_play(tag="deeer"), "bonus[0].args"),
    ("bonus", dsl.free_play(colour="red"), "bonus[0].args"),
    ("score", dsl.per("five", "tag:deer"), "score[0].args"),
    ("score", dsl.set_table((), "species:fan.critter"), "score[0].args"),
    ("score", dsl.if_site_is(5, "fan.oak"), "score[0].args"),
    ("score", dsl.if_site_has(5, "bats"), "score[0].args"),
    ("triggers", dsl.on_play(dsl.draw(1), tag="deeer"), "triggers[0].args"),
    ("triggers", dsl.on_play(dsl.draw(1), slot="bottm"), "triggers[0].args"),
    ("triggers", dsl.on_play(fs.Spec("drw")), "triggers[0].effect[0].kind"),
    ("triggers", fs.Spec("on_plays", {}), "triggers[0].kind"),
    ("sharing", dsl.shares_slot(1), "sharing.args.max_cards"),
])
def test_a_bad_argument_is_refused_naming_its_field(field, spec, where):
    err = data_error(critter={field: spec})
    assert err.item == "species 'fan.critter'"
    assert err.field == where


def test_a_ruleset_naming_a_missing_card_set_is_refused():
    class Plugin:
        __name__ = PLUGIN

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (fs.RulesetSpec(RULESET, "Fan game", ("nowhere",)),)

    with pytest.raises(fs.CardDataError) as info:
        build(Plugin())
    assert info.value.field == "card_sets" and "nowhere" in info.value.problem


def test_a_plugin_that_raises_is_reported_by_name():
    class Plugin:
        __name__ = PLUGIN

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            raise RuntimeError("boom")

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (fs.RulesetSpec(RULESET, "Fan game", ("fan",)),)

    with pytest.raises(fs.PluginError) as info:
        build(Plugin())
    assert PLUGIN in str(info.value) and "boom" in str(info.value)


@pytest.mark.parametrize("first", ["real", "copy"])
def test_a_duplicate_card_set_id_fails_both_plugins_whatever_their_order(first):
    """Issue 15: a plugin contributing an id another plugin contributes must not shadow it
    (it once did when registered first, and the real plugin was blamed). Both fail, each
    named in the other's failure; the ruleset needing the set is unavailable."""
    import forestshuffle_base

    class Plugin:
        __name__ = PLUGIN

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            return (forestshuffle_base.card_set(),)

    extra = [forestshuffle_base, Plugin()] if first == "real" else [Plugin(), forestshuffle_base]
    host = fs.PluginHost(extra=extra, entry_points=False)
    with pytest.raises(fs.PluginError) as info:
        host.ruleset("base")
    assert PLUGIN in str(info.value) and "forestshuffle_base" in str(info.value)
    assert "'base'" in host.failures[PLUGIN] and "forestshuffle_base" in host.failures[PLUGIN]
    assert PLUGIN in host.failures["forestshuffle_base"]


def test_a_plugin_that_raises_does_not_take_down_the_others():
    import forestshuffle_base

    class Plugin:
        __name__ = PLUGIN

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Iterable[fs.CardSet]:
            raise RuntimeError("boom")

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Iterable[fs.RulesetSpec]:
            return (fs.RulesetSpec(RULESET, "Fan game", ("fan",)),)

    host = fs.PluginHost(extra=[forestshuffle_base, Plugin()], entry_points=False)
    game = fs.new_game(host.ruleset("base"), players=2, seed=1)
    assert game.pending is not None
    assert "boom" in host.failures[PLUGIN]
    with pytest.raises(fs.PluginError) as info:
        host.ruleset(RULESET)
    assert PLUGIN in str(info.value) and "boom" in str(info.value)


def test_a_plugin_returning_bad_data_is_left_out_by_name():
    import forestshuffle_base

    class Plugin:
        __name__ = PLUGIN

        @fs.hookimpl
        def forestshuffle_scoring_kinds(self) -> Iterable[object]:
            return ("not a kind",)

    host = fs.PluginHost(extra=[forestshuffle_base, Plugin()], entry_points=False)
    assert host.ruleset("base").id == "base"
    assert "bad scoring kind" in host.failures[PLUGIN]
