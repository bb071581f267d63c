"""The examples run: the API walk-through script, and the fan expansion packaged in
examples/fan_expansion/ (imported from its folder, not installed) builds a ruleset with the
base game and plays to the end."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.core.game import Game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FAN_EXPANSION = EXAMPLES / "fan_expansion"


def test_play_a_game_script_runs() -> None:
    """examples/play_a_game.py exits 0 and prints the scores."""
    done = subprocess.run([sys.executable, str(EXAMPLES / "play_a_game.py")],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "waiting for:" in done.stdout
    assert "loaded back equal" in done.stdout
    assert "winner" in done.stdout


@pytest.fixture(scope="module")
def expansion() -> Iterator[ModuleType]:
    """The example fan expansion's module, imported from its folder."""
    sys.path.insert(0, str(FAN_EXPANSION))
    try:
        yield importlib.import_module("forestshuffle_example")
    finally:
        sys.path.remove(str(FAN_EXPANSION))


@pytest.fixture(scope="module")
def rules(expansion: ModuleType) -> fs.Ruleset:
    """Ruleset ``base-plus-example`` from the installed plugins plus the expansion."""
    return fs.PluginHost(extra=[expansion]).ruleset("base-plus-example")


def start(rules: fs.Ruleset, players: int, seed: int) -> Game:
    """A new game of a ruleset compiled outside the installed plugins (as new_game does)."""
    game = Game(rules, players, seed)
    game._start()
    return game


def test_fan_expansion_is_not_installed() -> None:
    """The expansion is an example to install by hand, not part of the project's install."""
    assert "base-plus-example" not in fs.available_rulesets()


def test_fan_expansion_declares_the_entry_point_group() -> None:
    """Its pyproject.toml registers the module under the group ``forestshuffle``."""
    import tomllib

    meta = tomllib.loads((FAN_EXPANSION / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["forestshuffle"] == {
        "example": "forestshuffle_example"}


def test_fan_expansion_adds_its_species_and_cards_to_the_base_game(
        rules: fs.Ruleset, expansion: ModuleType) -> None:
    """The ruleset holds both sets: 161 base cards plus the expansion's 12."""
    assert rules.spec.card_sets == ("base", "example")
    new = {s for s in rules.species if s.startswith("example.")}
    assert new == {s.id for s in expansion.SPECIES}
    assert len(rules.cards) == 161 + len(expansion.CARDS)
    assert rules.plugins["forestshuffle_example"] == expansion.__version__


@pytest.mark.parametrize("players", [2, 3, 5])
def test_fan_expansion_plays_a_seeded_random_game_to_the_end(
        rules: fs.Ruleset, players: int) -> None:
    """Random bots finish a base-plus-example game; cards of both sets get played."""
    played: set[str] = set()
    for seed in range(4):
        game = start(rules, players, seed)
        fs.bots.play_out(game, [fs.bots.RandomBot(seed * 10 + p) for p in range(players)])
        assert game.is_over and game.end_reason == "third_winter"
        scores = game.scores()
        assert len(scores) == players and scores.winners
        for e in game.events:
            if isinstance(e, ev.CardPlayed) and e.half is not None:
                played.add(rules.halves[e.card][e.half].species.split(".")[0])
    assert played == {"base", "example"}


def test_fan_expansion_game_is_replayable(rules: fs.Ruleset) -> None:
    """The same seed deals the same game; undo restores the earlier position."""
    a, b = start(rules, 2, 42), start(rules, 2, 42)
    assert a.events == b.events
    bot = fs.bots.RandomBot(7)
    for _ in range(30):
        a.apply(bot.choose(a))
    events, pending = list(a.events), a.pending
    a.apply(bot.choose(a))
    a.undo()
    assert a.events == events and a.pending == pending


def test_fan_expansion_bad_data_names_plugin_species_and_field(expansion: ModuleType) -> None:
    """A misspelt tag in the expansion's data fails at load, saying where."""
    bad = tuple(attrs.evolve(s, tags=frozenset({"pawed_animl"}))
                if s.id == expansion.WILDCAT else s for s in expansion.SPECIES)

    class Broken:
        @fs.hookimpl
        def forestshuffle_card_sets(self) -> list[fs.CardSet]:
            return [attrs.evolve(expansion.card_set(), species=bad)]

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> list[fs.RulesetSpec]:
            return [expansion.RULESET]

    with pytest.raises(fs.CardDataError) as err:
        fs.PluginHost(extra=[Broken()]).ruleset("base-plus-example")
    assert err.value.item == f"species {expansion.WILDCAT!r}"
    assert err.value.field == "tags"
    assert "pawed_animl" in str(err.value)
