"""The action codec and observations (issue 10): a fixed action space per ruleset covering
every action a game offers (plugin actions included), a mask equal to the legal set, and
observations that depend on the player's view only."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.open_core import plugin

import forestshuffle as fs
from forestshuffle.errors import CodecError
from forestshuffle.search.codec import Codec, codec_of
from forestshuffle.search.observation import observation_layout, observation_size
from forestshuffle.testing.search_checks import check_codec

HOST = fs.PluginHost(extra=[plugin])


def _rulesets() -> list[tuple[str, fs.Ruleset]]:
    out = [(rid, fs.get_ruleset(rid)) for rid in fs.available_rulesets()]
    out.append(("base+alpine", fs.get_ruleset("base", expansions=["alpine"])))
    out.append(("base+alpine+woodland_edge",
                fs.get_ruleset("base", expansions=["alpine", "woodland_edge"])))
    out.append(("test-open", HOST.ruleset("test-open")))
    return out


RULESETS = _rulesets()
IDS = [name for name, _ in RULESETS]


@pytest.mark.parametrize(("name", "rules"), RULESETS, ids=IDS)
def test_every_legal_action_of_random_games_round_trips(name: str, rules: fs.Ruleset) -> None:
    """Issue 10: every legal action of random games encodes into the ruleset's fixed space
    and decodes to itself; the mask is exactly the legal set (as a numpy array)."""
    kinds: set[str] = set()
    for seed in range(3):
        g = fs.new_game(rules, players=2 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            check_codec(g)
            mask = g.legal_actions_mask()
            assert isinstance(mask, np.ndarray) and mask.dtype == bool
            assert int(mask.sum()) == len(g.legal_actions())
            kinds.update(type(a).type_name or type(a).__name__ for a in g.legal_actions())
            opts = g.legal_actions()
            g.apply(opts[rng.randrange(len(opts))])
        assert g.num_distinct_actions == codec_of(rules).size
    if name == "test-open":
        assert "test.Guess" in kinds


def test_a_plugin_action_has_its_own_block() -> None:
    """The open-core plugin's ``Guess(even: bool)`` gets two codes after the core's."""
    codec = codec_of(HOST.ruleset("test-open"))
    block = codec.blocks[-1]
    assert block.name == "test.Guess" and block.size == 2
    assert codec.encode(plugin.Guess(False)) == block.start
    assert codec.decode(block.start + 1) == plugin.Guess(True)
    assert "test.Guess" not in [b.name for b in codec_of(fs.get_ruleset("base")).blocks]
    assert "house001.PassTurn" in [b.name for b in codec_of(fs.get_ruleset("house-001")).blocks]


def test_the_base_layout_is_pinned() -> None:
    """The codes are stable across versions for the same ruleset (docs/rl.md): the base
    game's blocks start where they always did."""
    codec = codec_of(fs.get_ruleset("base"))
    starts = {b.name: (b.start, b.size) for b in codec.blocks}
    n = len(fs.get_ruleset("base").cards)
    assert starts["DrawFromDeck"] == (0, 1)
    assert starts["DrawFromClearing"] == (1, n)
    assert starts["Place"][0] == 1 + 5 * n
    assert codec.size == sum(b.size for b in codec.blocks)
    assert codec.encode(fs.PlayCard(sorted(fs.get_ruleset("base").cards)[3])) == 1 + n + 3


def test_bad_codes_and_foreign_actions_raise_codec_errors() -> None:
    g = fs.new_game("base", 2, seed=1)
    with pytest.raises(CodecError):
        g.decode(g.num_distinct_actions)
    with pytest.raises(CodecError):
        g.decode(True)  # a bool is not a code
    with pytest.raises(CodecError):
        g.encode(plugin.Guess(True))  # not an action of base
    with pytest.raises(CodecError):
        g.encode(fs.PlayCard(10_000))
    with pytest.raises(CodecError):
        g.encode(fs.Place(True, 0, "top"))  # a bool is not the half 1
    assert g.decode(0) == fs.DrawFromDeck() and g.decode(0).label  # the option itself


def test_a_plugin_action_without_domains_is_refused() -> None:
    import attrs

    @attrs.frozen
    class Odd(fs.Action):
        type_name = "odd.Odd"
        n: int

    rules = fs.get_ruleset("base")
    rules.registry.actions["odd.Odd"] = Odd
    rules.registry.owners["actions:odd.Odd"] = "base"
    try:
        with pytest.raises(CodecError, match="codec_domains"):
            Codec(rules)
    finally:
        del rules.registry.actions["odd.Odd"], rules.registry.owners["actions:odd.Odd"]


def test_the_mask_is_a_list_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    import forestshuffle.search.codec as codec_module

    monkeypatch.setattr(codec_module, "_NP", None)
    g = fs.new_game("base", 2, seed=1)
    mask = g.legal_actions_mask()
    assert isinstance(mask, list) and sum(mask) == len(g.legal_actions())


@pytest.mark.parametrize(("name", "rules"), RULESETS, ids=IDS)
def test_observations_have_a_fixed_shape_and_show_the_view(name: str, rules: fs.Ruleset) -> None:
    """Issue 10: ``observation(player)`` is a fixed-shape float32 vector of the player's view:
    the hand's cards are set in the hand plane; equal for determinized games (which
    differ only in what the player cannot see), different once the view changes."""
    size = observation_size(rules)
    assert observation_layout(rules)[0] == ("cards", 0, observation_layout(rules)[1][1])
    g = fs.new_game(rules, players=2, seed=3)
    rng = random.Random(3)
    planes = 4 + rules.spec.max_players
    cards = sorted(rules.cards)
    for _ in range(40):
        if g.is_over:
            break
        p = g.pending.player
        obs = g.observation(p)
        assert obs.shape == (size,) and obs.dtype == np.float32
        for c in g.state.hands[p]:
            assert obs[cards.index(c) * planes] == 1.0
        assert obs[:len(cards) * planes:planes].sum() == len(g.state.hands[p])
        d = g.determinize(p, rng)
        assert (d.observation(p) == obs).all()
        other = 1 - p
        if d.state.hands[other] != g.state.hands[other]:
            assert (d.observation(other) != g.observation(other)).any()
        opts = g.legal_actions()
        g.apply(opts[rng.randrange(len(opts))])
