"""Seats: code counts them from 0, text for people from 1 (docs/api.md, "Seats").

Every user-facing text of a random game of each installed ruleset (the pending decision's
``str``, its prompt, its options' labels, the turn summaries and the outcome lines) names
players from 1 to the number of seats; the decision's ``str`` names seat ``p`` "player p+1".
"""

from __future__ import annotations

import random
import re

import pytest

import forestshuffle as fs
from forestshuffle.display import describe

PLAYER_NUMBER = re.compile(r"\b[Pp]layers? (\d+)\b")


def _texts(game: fs.Game, rng: random.Random) -> list[str]:
    texts: list[str] = []
    while not game.is_over:
        p = game.pending
        assert p is not None
        assert str(p).startswith(f"player {p.player + 1} to ")
        texts += [str(p), p.prompt, *(str(o) for o in p.options)]
        game.apply(p.options[rng.randrange(len(p.options))])
    return texts + describe.turn_summaries(game) + describe.outcome_lines(game)


@pytest.mark.parametrize("rid", fs.available_rulesets())
def test_user_facing_texts_count_players_from_one(rid: str) -> None:
    rules = fs.get_ruleset(rid)
    players = rules.spec.min_players
    game = fs.new_game(rid, players=players, seed=3)
    seats = len(game.seat_names)
    wrong = sorted({t for t in _texts(game, random.Random(1))
                    for m in PLAYER_NUMBER.finditer(t) if not 1 <= int(m.group(1)) <= seats})
    assert wrong == []


def test_a_new_games_decision_reads_player_one() -> None:
    game = fs.new_game("base", players=2, seed=7)
    assert game.pending is not None and game.pending.player == 0
    assert str(game.pending).startswith("player 1 to ")


def test_an_argument_error_quotes_the_argument_and_both_numberings() -> None:
    game = fs.new_game("base", players=2, seed=7)
    with pytest.raises(fs.ArgumentError, match=r"player=2: a 2-player game has seats 0 to 1 "
                                               r"\(players 1 to 2\)"):
        game.view(2)
    with pytest.raises(fs.IllegalActionError, match=r"player=1 \(player 2\) does not decide "
                                                    r"now: player 1 to "):
        game.apply(game.legal_actions()[0], player=1)
