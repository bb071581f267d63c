""":class:`~forestshuffle.core.steps.Step` and :class:`~forestshuffle.core.decisions.Decision` are
plain slotted classes that behave as value classes: field-wise equality, a readable ``repr``,
unhashable, copied and pickled whole. And the random bot's choice object makes
:meth:`RandomBot.choose`'s choices, the deal's shuffle is the standard library's, and
``play_out`` pauses the garbage collector and restores it."""

from __future__ import annotations

import copy
import pickle

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.bots.base import chooser
from forestshuffle.core.decisions import Decision, Pass, PickCard
from forestshuffle.core.steps import Step
from forestshuffle.safety import strict_equal


def test_a_step_compares_all_four_fields_and_only_with_a_step() -> None:
    s = Step("pay", 1, 7, {"owed": 2, "paid": (3,)})
    assert s == Step("pay", 1, 7, {"owed": 2, "paid": (3,)})
    assert s == Step(kind="pay", player=1, card=7, args={"owed": 2, "paid": (3,)})
    for other in (Step("draw", 1, 7, s.args), Step("pay", 0, 7, s.args),
                  Step("pay", 1, 8, s.args), Step("pay", 1, 7, {"owed": 1, "paid": (3,)})):
        assert s != other and (s == other) is False
    assert s != ("pay", 1, 7, s.args) and s != "pay"


def test_a_step_has_the_defaults_and_repr_of_the_record_format() -> None:
    s = Step("reveal")
    assert (s.kind, s.player, s.card, s.args) == ("reveal", -1, -1, {})
    assert Step("reveal").args is not Step("reveal").args  # a fresh dict each
    assert repr(Step("pay", 0, 88, {"owed": 2})) == \
        "Step(kind='pay', player=0, card=88, args={'owed': 2})"


def test_a_step_is_not_hashable_like_the_dict_it_holds() -> None:
    with pytest.raises(TypeError):
        hash(Step("turn", 0))


def test_with_args_copies_and_changes_only_the_args() -> None:
    s = Step("draw_more", 1, -1, {"left": 2, "x": 1})
    t = s.with_args(left=1)
    assert t == Step("draw_more", 1, -1, {"left": 1, "x": 1})
    assert s.args == {"left": 2, "x": 1}


def test_a_step_survives_copy_deepcopy_and_pickle() -> None:
    s = Step("pay", 1, 7, {"owed": 2, "paid": (3,), "pool": None})
    for c in (copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert type(c) is Step and c == s
    assert copy.deepcopy(s).args is not s.args


def test_strict_equality_of_steps_tells_types_apart() -> None:
    """``safety.strict_equal`` (what checked loads compare with) reads a step field by field:
    ``False`` is not ``0`` there, though ``==`` says it is."""
    assert strict_equal(Step("x", 0, 1, {"n": 0}), Step("x", 0, 1, {"n": 0}))
    assert Step("x", 0, 1, {"n": 0}) == Step("x", 0, 1, {"n": False})
    assert not strict_equal(Step("x", 0, 1, {"n": 0}), Step("x", 0, 1, {"n": False}))
    assert not strict_equal(Step("x", 0, 1, {}), Step("x", 0, 1, {"n": 0}))


def test_a_decision_compares_reads_and_iterates_its_options() -> None:
    opts = (Pass(label="stop"), PickCard(4, label="take 4"))
    d = Decision(0, "effect", "choose", opts)
    assert d == Decision(0, "effect", "choose", (Pass(), PickCard(4)))  # labels not compared
    assert d != Decision(1, "effect", "choose", opts)
    assert d != Decision(0, "turn", "choose", opts)
    assert d != Decision(0, "effect", "pick", opts)
    assert d != Decision(0, "effect", "choose", opts[:1])
    assert len(d) == 2 and list(d) == list(opts) and PickCard(4) in d and PickCard(5) not in d
    assert str(d) == "player 1 to choose"
    assert repr(d) == ("Decision(player=0, kind='effect', prompt='choose', "
                       "options=(Pass(), PickCard(card=4)))")
    with pytest.raises(TypeError):
        hash(d)
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d


def test_a_decision_keeps_its_options_as_a_tuple() -> None:
    """Options given as a tuple are kept as that very tuple; any other iterable (a plugin's
    list) becomes a tuple."""
    opts = (Pass(), PickCard(2))
    assert Decision(0, "effect", "choose", opts).options is opts
    d = Decision(0, "effect", "choose", list(opts))
    assert type(d.options) is tuple and d.options == opts
    assert d == Decision(0, "effect", "choose", opts)


def test_decision_and_action_keep_their_public_homes() -> None:
    """Decision and Action live in modules of their own, and are still what ``forestshuffle``
    and ``forestshuffle.core.decisions`` export."""
    import forestshuffle.core.decisions as decisions

    assert fs.Decision is decisions.Decision and fs.Action is decisions.Action
    assert issubclass(decisions.PlayCard, decisions.Action)


def test_the_random_bots_choice_object_chooses_what_choose_does() -> None:
    """``play_out`` calls a RandomBot's choice object directly; it chooses what ``choose``
    does (the same seed, the same draws), and a subclass that overrides ``choose`` is called
    through its own method."""
    a, b = fs.new_game("base", players=2, seed=5), fs.new_game("base", players=2, seed=5)
    one, other = RandomBot(9), RandomBot(9)
    fast = chooser(one)
    assert fast is not one.choose and fast == one._uniform.__call__
    for _ in range(60):
        x, y = fast(a), other.choose(b)
        assert x == y
        a.apply(x)
        b.apply(y)

    class Always0(RandomBot):
        def choose(self, game: fs.Game) -> fs.Action:
            assert game.pending is not None
            return game.pending.options[0]

    bot = Always0(1)
    assert chooser(bot) == bot.choose


def test_the_random_bot_refuses_a_finished_game() -> None:
    game = fs.new_game("base", players=2, seed=2)
    fs.bots.play_out(game, RandomBot(2))
    with pytest.raises(ValueError, match="game is over"):
        RandomBot(2).choose(game)


def test_the_deals_shuffle_is_the_standard_librarys() -> None:
    """``draws.shuffle`` (the deck builder's) gives the
    permutation ``random.Random.shuffle`` gives from the same seed, for every length (powers
    of two included, where the bit loop redraws most), and leaves the generator in the same
    state; a generator of another class is asked to shuffle itself."""
    import random

    from forestshuffle.core.draws import shuffle

    for seed in (0, 1, 99, 2**70):
        for n in (0, 1, 2, 3, 4, 7, 8, 9, 16, 17, 64, 135):
            mine, ref = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(mine, a)
            ref.shuffle(b)
            assert a == b and mine.getstate() == ref.getstate()

    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Reversing(1), cards)
    assert cards == [3, 2, 1]


@pytest.mark.parametrize("enabled", [True, False])
def test_play_out_pauses_the_collector_and_leaves_it_as_it_found_it(enabled: bool) -> None:
    """``play_out`` holds the cyclic garbage collector off while the bots play (what a game
    makes lives on in it), and leaves it as it was: on again after a finished game and after
    a bot's failure, off if it was off."""
    import gc

    seen: list[bool] = []

    class Watching(RandomBot):
        def choose(self, game: fs.Game) -> fs.Action:
            seen.append(gc.get_threshold()[0] == 0)  # no automatic collection
            return super().choose(game)

    class Failing(RandomBot):
        def choose(self, game: fs.Game) -> fs.Action:
            raise KeyError("a bot's bug")

    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        fs.bots.play_out(fs.new_game("base", players=2, seed=6), Watching(1))
        assert seen and all(seen)
        assert gc.isenabled() is enabled
        with pytest.raises(KeyError):
            fs.bots.play_out(fs.new_game("base", players=2, seed=6), Failing(1))
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_play_out_plays_what_apply_plays_with_the_same_choices() -> None:
    """``play_out`` with the library's random choice and with a subclass choosing through
    ``choose`` plays the game that ``Game.apply`` plays with the same choices."""

    class Other(RandomBot):
        def choose(self, game: fs.Game) -> fs.Action:
            return super().choose(game)

    fast = fs.new_game("base", players=2, seed=8)
    fs.bots.play_out(fast, [RandomBot(3), Other(4)])
    slow = fs.new_game("base", players=2, seed=8)
    bots = [RandomBot(3), RandomBot(4)]
    while not slow.is_over:
        assert slow.pending is not None
        slow.apply(bots[slow.pending.player].choose(slow))
    assert fast.actions == slow.actions and fast.events == slow.events


@pytest.mark.parametrize("shared", [True, False])
def test_play_out_draws_for_the_random_choice_as_choose_draws(shared: bool) -> None:
    """``play_out`` chooses the same options as ``choose`` chooses, whether one bot plays
    every seat or each seat has its own, and the generators end where the bots' own would (so
    a bot used again goes on drawing the same numbers)."""
    for seed in (3, 11):
        fast = fs.new_game("base", players=3, seed=seed)
        fast_bots = RandomBot(seed) if shared else [RandomBot(seed + p) for p in range(3)]
        fs.bots.play_out(fast, fast_bots)
        slow = fs.new_game("base", players=3, seed=seed)
        slow_bots = [RandomBot(seed)] * 3 if shared else [RandomBot(seed + p) for p in range(3)]
        while not slow.is_over:
            assert slow.pending is not None
            slow.apply(slow_bots[slow.pending.player].choose(slow))
        assert fast.actions == slow.actions and fast.events == slow.events
        after = [fast_bots] if shared else fast_bots
        assert [b.rng.getstate() for b in after] == [
            b.rng.getstate() for b in (slow_bots[:1] if shared else slow_bots)]


def test_the_hot_paths_decision_maker_makes_what_the_class_makes() -> None:
    """``decision.decision`` (the step kinds' maker, without the class call)
    gives a Decision equal, field by field, to the constructor's."""
    from forestshuffle.core.decision import decision

    opts = (fs.Pass(label="pass"), fs.PickCard(3, label="pick 3"))
    made, want = decision(1, "turn", "choose", opts), fs.Decision(1, "turn", "choose", opts)
    assert type(made) is fs.Decision and made == want and repr(made) == repr(want)
    assert made.options is opts and (made.player, made.kind, made.prompt) == (1, "turn", "choose")
