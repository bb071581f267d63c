"""Scoring's fast paths agree with the plain algorithm (issue 16, §4).

``score_forest`` scores without a breakdown through the points-only scorers
(``ScoringKind.compile_points``) and, with one, formats each card's reason only when it is
read. Rule (RULES.md, "Scoring"): a forest scores the sum of what each of its cards scores,
and the breakdown says per card what it scored and why. So on any forest of any bundled
ruleset, both paths must give the total of the reference below (the algorithm scoring used
before the fast paths: every spec's full scorer, group scorers sharing their points out, a
card's reasons joined in spec order), and the breakdown must give the reference's points and
text, card by card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from bundled import RULESETS, rules_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.core.forest import Forest
from forestshuffle.core.ruleset import Ruleset
from forestshuffle.core.scoring import forest_points, score_forest
from forestshuffle.kinds import ScoreContext, reason_text
from forestshuffle.testing import strategies as fst


def reference_score(
    rules: Ruleset, forests: Sequence[Forest], player: int
) -> tuple[int, list[tuple[int, str, str, int, str, int, str]]]:
    """The plain algorithm: (total, per card (card, species, name, site, slot, points,
    reason))."""
    ctx = ScoreContext(rules, forests, player)
    forest = forests[player]
    points: dict[int, int] = {}
    reasons: dict[int, list[str]] = {}
    groups: dict[str, tuple[Callable[..., Any], list[int]]] = {}
    total = 0
    for card in forest.order:
        hi = forest.where[card][2]
        if hi < 0:
            si, slot, _ = forest.where[card]
            label = forest.sites[si].kind.label.lower() if slot == "center" else ""
            points[card], reasons[card] = 0, [label or "face down"]
            continue
        pts, why = 0, []
        for cs in rules.scorers[rules.halves[card][hi].species]:
            if cs.group is not None:
                groups.setdefault(cs.group, (cs.fn, []))[1].append(card)
                continue
            p, r = cs.fn(ctx, card)
            pts += p
            why.append(reason_text(r))
        points[card], reasons[card] = pts, why
        total += pts
    for fn, cards in groups.values():
        for card, (p, r) in zip(cards, fn(ctx, cards), strict=True):
            points[card] += p
            reasons[card].append(reason_text(r))
            total += p
    lines = []
    for card in forest.order:
        si, slot, hi = forest.where[card]
        if hi < 0:
            sp = ""
            name = (forest.sites[si].kind.label or "Face-down card") if slot == "center" \
                else "Face-down card"
        else:
            h = rules.halves[card][hi]
            sp, name = h.species, h.name
        lines.append((card, sp, name, si, slot, points[card],
                      "; ".join(reasons[card]) or "no points"))
    return total, lines


def _check_agree(rules: Ruleset, forests: Sequence[Forest]) -> None:
    for p in range(len(forests)):
        want_total, want_lines = reference_score(rules, forests, p)
        total, lines = score_forest(rules, forests, p)
        assert total == want_total
        assert [(c.card, c.species, c.name, c.site, c.slot, c.points, c.reason)
                for c in lines] == want_lines
        assert sum(c.points for c in lines) == total
        assert score_forest(rules, forests, p, breakdown=False) == (want_total, [])
        assert forest_points(rules, forests, p) == want_total


@pytest.mark.parametrize(("rid", "expansions"), RULESETS,
                         ids=["+".join((r, *e)) for r, e in RULESETS])
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_points_only_and_lazy_breakdown_agree_with_the_plain_algorithm(
    rid: str, expansions: tuple[str, ...], data: st.DataObject
) -> None:
    """Rule: a forest scores the sum of its cards' points, the breakdown says why
    (RULES.md, "Scoring"); on random positions of random games of every bundled ruleset the
    points-only path, the lazily formatted breakdown and the plain algorithm agree."""
    rules = rules_of(rid, expansions)
    game = data.draw(fst.games(rules, max_actions=300))
    _check_agree(rules, game.state.forests)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_paths_agree_on_generated_card_sets(data: st.DataObject) -> None:
    """The same agreement on generated card sets, whose species score by every core kind
    in random combinations (several specs per species, set tables shared out)."""
    rules = data.draw(fst.card_sets()).ruleset()
    game = data.draw(fst.games(rules, max_actions=150))
    _check_agree(rules, game.state.forests)


def test_breakdown_keeps_its_text_after_the_forest_changes() -> None:
    """A breakdown states the forest as it was scored: read after the game went on (the
    reasons are formatted only when read), it still gives the text of that moment."""
    rules = fs.get_ruleset("base")
    game = fs.new_game(rules, players=2, seed=5)
    bot = fs.bots.RandomBot(1)
    for _ in range(120):
        game.apply(bot.choose(game))
    forests = game.state.forests
    want = reference_score(rules, forests, 0)
    _, lines = score_forest(rules, forests, 0)
    fs.bots.play_out(game, bot)
    assert [(c.card, c.points, c.reason) for c in lines] == [(c, p, r) for c, *_, p, r in
                                                             want[1]]


@pytest.mark.parametrize(("rid", "expansions"), RULESETS,
                         ids=["+".join((r, *e)) for r, e in RULESETS])
def test_outcome_totals_and_winners_are_those_of_the_scores(
    rid: str, expansions: tuple[str, ...]
) -> None:
    """Rule: the player with the most points wins, the ruleset's tie-breakers deciding a
    tie (RULES.md, "End of the game"). ``outcome()`` scores without a breakdown; its
    totals and (unless a rule declared the winners) its winners are those of ``scores()``."""
    rules = rules_of(rid, expansions)
    for seed in range(3):
        game = fs.new_game(rules, players=2 + seed % 2, seed=seed)
        fs.bots.play_out(game, fs.bots.RandomBot(seed))
        out = game.outcome()
        assert out is not None
        sc = game.scores()
        assert out.scores == sc.totals
        if not game.state.winners:
            assert out.winners == sc.winners
