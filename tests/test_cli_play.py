"""Issue 13: ``forestshuffle play``, a person against bots in a real terminal.

Each test drives the installed command through a pseudo-terminal (pexpect), as a person at a
keyboard would: it reads the screen (the clearing, the hand, every forest, the decision and
its numbered options) and types answers, commands and Enter.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

import forestshuffle as fs

pexpect = pytest.importorskip("pexpect")

EXE = Path(sys.executable).parent / "forestshuffle"
PROMPT = "> "
#: an SGR sequence that sets a colour (30-37, 38;..., 90-97 and their backgrounds)
COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

pytestmark = pytest.mark.skipif(not EXE.exists(), reason="the console script is not installed")


def spawn(*args: str, no_color: bool = False) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR",
                                                              "COLUMNS", "LINES")}
    env["TERM"] = "xterm-256color"
    if no_color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(str(EXE), ["play", *args], encoding="utf-8", timeout=30, env=env,
                          dimensions=(60, 160))
    child.delaybeforesend = None
    return child


def screen(child: pexpect.spawn) -> str:
    """What was printed before the prompt, colour codes removed."""
    child.expect_exact(PROMPT)
    return ANSI.sub("", child.before)


def test_the_screen_shows_clearing_hand_forests_and_numbered_options():
    child = spawn("--bots", "random", "--seed", "3")
    text = screen(child)
    for part in ("Clearing:", "Your hand:", "Your forest", "Random's forest",
                 "You, choose a turn action:", "  1. draw from the deck", "deck 119"):
        assert part in text, part
    game = fs.new_game("base", 2, seed=3, names=["You", "Random"])
    for card in game.state.hands[0]:
        assert game.rules.name_of(card).split(" / ")[0] in text
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_an_option_is_taken_by_number_or_by_text_and_undo_takes_it_back(tmp_path):
    """``1`` draws from the deck (the second draw is then asked), ``undo`` comes back to
    the turn action, the text ``draw from the deck`` does the same as its number; ``save``
    writes a record that loads with the game's actions."""
    child = spawn("--bots", "heuristic", "--seed", "5")
    screen(child)
    child.sendline("1")
    assert "You, draw another card:" in screen(child)
    child.sendline("undo")
    text = screen(child)
    assert "Taken back." in text and "You, choose a turn action:" in text
    child.sendline("draw from the deck")
    assert "You, draw another card:" in screen(child)
    child.sendline("help")
    assert "save FILE" in screen(child)
    child.sendline("no such option at all")
    assert "No option matches" in screen(child)
    child.sendline("99")
    assert "No option 99" in screen(child)
    saved = tmp_path / "game.json"
    child.sendline(f"save {saved}")
    assert "Saved to" in screen(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    game = fs.Game.from_json(saved.read_text(encoding="utf-8"))
    assert len(game.actions) == 1 and str(game.actions[0][0]) == "draw from the deck"
    assert game.pending is not None and game.pending.player == 0


def test_a_whole_game_ends_with_the_score_table():
    """Always answering 1 plays a game to its end; the final scores are the game's."""
    child = spawn("--bots", "random", "--seed", "11")
    for _ in range(2000):
        i = child.expect_exact([PROMPT, "Final scores"])
        if i == 1:
            break
        child.sendline("1")
    else:  # pragma: no cover
        pytest.fail("the game did not end")
    child.expect(pexpect.EOF)
    tail = ANSI.sub("", child.before)
    child.close()
    assert child.exitstatus == 0
    assert "winner" in tail
    totals = [int(m) for m in re.findall(r"│\s*(?:You|Random)\s*│\s*\d+\s*│\s*\d+\s*│\s*(\d+)",
                                         tail)]
    assert len(totals) == 2


def test_colours_on_a_terminal_and_none_with_no_color():
    """Tree symbols are coloured on a terminal; NO_COLOR turns colours off."""
    child = spawn("--bots", "random", "--seed", "3")
    child.expect_exact(PROMPT)
    coloured = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    plain = spawn("--bots", "random", "--seed", "3", no_color=True)
    plain.expect_exact(PROMPT)
    text = plain.before
    plain.sendline("quit")
    plain.expect(pexpect.EOF)
    assert COLOUR.search(coloured)
    assert not COLOUR.search(text)
    assert "Your hand:" in ANSI.sub("", text)


def test_a_saved_game_goes_on_with_load(tmp_path):
    saved = tmp_path / "g.json"
    child = spawn("--bots", "random", "--seed", "8")
    screen(child)
    child.sendline("1")
    screen(child)
    child.sendline(f"save {saved}")
    screen(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    again = spawn("--load", str(saved), "--bots", "random")
    assert "You, draw another card:" in screen(again)
    again.sendline("quit")
    again.expect(pexpect.EOF)


def test_end_of_input_leaves_the_game_cleanly():
    child = spawn("--bots", "random", "--seed", "3")
    child.expect_exact(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


def test_a_solo_game_shows_the_automated_seats_turns_and_ends_with_the_scores():
    """A ruleset with an automated seat (the test plugin's Squirrel, in games of 1 or 2
    players): the session shows its turns by its seat name, the person plays the only player
    seat, and the final table comes at the end. In-process, with a scripted reader."""
    import io

    from open_core import plugin  # the open-core test plugin (tests/open_core)
    from rich.console import Console

    from forestshuffle.display.terminal import PlaySession

    rules = fs.PluginHost(extra=[plugin]).ruleset("test-open")
    game = fs.new_game(rules, players=1, seed=3)
    assert game.seat_names == ["Player 1", "Squirrel"]
    buf = io.StringIO()
    answers = iter(["help", "scores", *["1"] * 3000])
    code = PlaySession(game, 0, {}, Console(file=buf, width=120, no_color=True),
                       read=lambda _: next(answers)).run()
    text = buf.getvalue()
    assert code == 0 and game.is_over
    assert re.search(r"^\s+\d+ Squirrel: ", text, re.M)
    assert "Final scores" in text and "Scores now" in text and "save FILE" in text


def test_undo_takes_back_the_bots_moves_after_the_persons_last_answer():
    """After the person's turn and the bot's, ``undo`` comes back to the person's last
    decision: the bot's turn is taken back with it."""
    import io

    from rich.console import Console

    from forestshuffle.bots import HeuristicBot
    from forestshuffle.display.terminal import PlaySession

    game = fs.new_game("base", 2, seed=5)
    seen: list[int] = []
    script = iter(["1", "1", "undo", "quit"])

    def read(_: str) -> str:
        seen.append(len(game.actions))
        return next(script)

    PlaySession(game, 0, {1: HeuristicBot(1)}, Console(file=io.StringIO(), no_color=True),
                read=read).run()
    # answers at 0 actions, then 1 (the second draw), then after the bot's turn; undo goes
    # back to 1 action: the person's first draw, before the second
    assert seen[:2] == [0, 1] and seen[2] > 2
    assert len(game.actions) == 1 and game.pending is not None
    assert game.pending.player == 0 and game.pending.kind != "turn"


def test_play_with_an_expansion_against_every_kind_of_searching_bot():
    """``play --expansion alpine --bots heuristic,ismcts`` (issue 13): the deal is the
    expansion's (the hand and the deck of the same seeded game with Alpine mixed in), each
    other seat is played by its bot from ``forestshuffle.bots.BOTS``, and their turns are
    shown by their names."""
    child = spawn("--expansion", "alpine", "--players", "3", "--bots", "heuristic,ismcts",
                  "--seed", "4", no_color=True)
    child.timeout = 120  # an ISMCTS move is some hundred determinized games
    text = screen(child)
    game = fs.new_game("base", 3, seed=4, names=["You", "Heuristic", "Ismcts"],
                       expansions=["alpine"])
    assert f"deck {len(game.state.deck)}" in text
    for card in game.state.hands[0]:
        assert game.rules.name_of(card).split(" / ")[0] in text
    assert "Heuristic's forest" in text and "Ismcts's forest" in text
    seen = text
    for _ in range(40):  # answer 1 until both bots have played a turn
        child.sendline("1")
        seen += screen(child)
        if re.search(r"^\s+\d+ Ismcts: ", seen, re.M):
            break
    assert re.search(r"^\s+\d+ Heuristic: ", seen, re.M)
    assert re.search(r"^\s+\d+ Ismcts: ", seen, re.M)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
