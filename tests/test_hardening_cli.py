"""Issue 15, the command line: nothing from a document, record or plugin reaches the terminal
raw; bad files get a one-line error, never a traceback; the demo deals from the operating
system's randomness unless given a seed.

Source: docs/security.md ("The command line").
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.cli.app import main, say

CONTROL = ("\x1b", "\x07", "\r", "\u202e", "\x9b")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def clean(text: str) -> bool:
    return not any(c in text for c in CONTROL)


def test_say_escapes_control_characters_line_by_line(capsys):
    say("a\x1b[31mb\nc\u202ed\r")
    out = capsys.readouterr().out
    assert out == "a\\u001b[31mb\nc\\u202ed\\u000d\n"


def test_a_record_with_hostile_names_cannot_be_made_or_loaded(tmp_path, capsys):
    """Names with control characters are refused by new_game, so a record holding them is
    forged: its load fails with a one-line error that shows the name escaped."""
    g = fs.new_game("base", 2, seed=3, names=["Ann", "Bo"])
    play_out(g, RandomBot(3))
    data = json.loads(g.to_json())
    data["names"] = ["Ann\x1b]0;owned\x07", "Bo\n\nWinner: Eve"]
    p = tmp_path / "r.json"
    p.write_text(json.dumps(data))
    code, out, err = run(["score", str(p)], capsys)
    assert code == 2 and out == "" and clean(err) and "Traceback" not in err
    assert not any(line.startswith("Winner") for line in err.splitlines())


def test_a_document_error_never_prints_raw_control_characters(tmp_path, capsys):
    doc = {"game": "base", "players": [
        {"name": "\x1b[2J\x1b[HAnn", "forest": [{"tree": "Birch\x07", "top": ["Ow\u202el"]}]}]}
    p = tmp_path / "d.json"
    p.write_text(json.dumps(doc))
    code, out, err = run(["score", str(p)], capsys)
    assert code == 2 and clean(err) and clean(out)


@pytest.mark.parametrize("as_json", [False, True])
def test_score_output_is_clean_and_json_output_still_parses(tmp_path, capsys, as_json):
    g = fs.new_game("base", 2, seed=3, names=["Zoë", "Bo"])
    play_out(g, RandomBot(3))
    p = tmp_path / "d.json"
    p.write_text(json.dumps(g.forest_document()))
    code, out, _ = run(["score", str(p), *(["--json"] if as_json else [])], capsys)
    assert code == 0 and clean(out)
    if as_json:
        assert [x["name"] for x in json.loads(out)["players"]] == ["Zoë", "Bo"]


@pytest.mark.parametrize("content", [b"\xff\xfe{}", b'{"game": "base\xc3"}', b"\x00" * 10])
def test_a_file_that_is_not_utf8_json_is_a_one_line_error(tmp_path, capsys, content):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    code, out, err = run(["score", str(p)], capsys)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith("forestshuffle: error:") and "JSON" in err


@pytest.mark.parametrize("path", ["/dev/zero", "/"])
def test_a_file_that_is_not_a_regular_file_is_a_one_line_error(capsys, path):
    code, out, err = run(["score", path], capsys)
    assert out == ""
    assert code == 2 and err.startswith("forestshuffle: error: cannot read")


def test_overrides_given_on_the_command_line_may_be_a_file(tmp_path, capsys):
    ov = tmp_path / "o.json"
    ov.write_text(json.dumps({"species": {"base.birch": {"score": [
        {"kind": "flat", "args": {"points": 7}}]}}}))
    doc = tmp_path / "d.json"
    doc.write_text(json.dumps({"game": "base", "players": [
        {"name": "A", "forest": [{"tree": "Birch"}]}]}))
    code, out, _ = run(["score", str(doc), "--overrides", str(ov)], capsys)
    assert code == 0 and "A: 7 points" in out


def test_the_demo_deals_from_the_operating_systems_randomness_without_a_seed(capsys,
                                                                        monkeypatch):
    seeds: list[Any] = []
    real = fs.core.game.Game.__init__

    def spy(self: Any, rules: Any, players: int, seed: Any, names: Any = None) -> None:
        seeds.append(seed)
        real(self, rules, players, seed, names)

    monkeypatch.setattr(fs.core.game.Game, "__init__", spy)
    assert main(["demo", "--quiet"]) == 0
    assert main(["demo", "--quiet"]) == 0
    assert seeds == [None, None]
    first_lines = [line for line in capsys.readouterr().out.splitlines() if "seed" in line]
    assert len(first_lines) == 2 and first_lines[0] != first_lines[1]


def test_plugin_failures_are_printed_escaped(capsys, monkeypatch):
    from forestshuffle.plugins import manager as plugins

    class Evil:
        __name__ = "evil\x1b[31m"

        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Any:
            raise RuntimeError("\x1b]0;owned\x07")

    h = fs.PluginHost(extra=[Evil()])
    monkeypatch.setattr(plugins, "_HOST", h)
    monkeypatch.setattr("forestshuffle.cli.app.host", lambda: h)
    code, out, _ = run(["plugins"], capsys)
    assert code == 0 and "evil" in out and clean(out)


def test_a_path_argument_is_only_read_from_the_callers_own_arguments(tmp_path, capsys):
    """A document naming an override file is refused, even from the command line."""
    secret = tmp_path / "secret.json"
    secret.write_text('{"TOP-SECRET": 1}')
    doc = tmp_path / "d.json"
    doc.write_text(json.dumps({"game": "base", "overrides": str(secret),
                               "players": [{"name": "A"}]}))
    code, _, err = run(["score", str(doc)], capsys)
    assert code == 2 and "TOP-SECRET" not in err and "overrides" in err


def test_stdin_is_read_bounded(monkeypatch, capsys):
    import io

    from forestshuffle.safety import MAX_RECORD_BYTES

    class Stdin:
        buffer = io.BytesIO(b'{"game": "' + b"x" * (MAX_RECORD_BYTES + 10) + b'"}')

    monkeypatch.setattr("sys.stdin", Stdin())
    code, _, err = run(["score", "-"], capsys)
    assert code == 2 and "too large" in err
