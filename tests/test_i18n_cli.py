"""Output in the user's language: ``--lang`` on the commands that print, its default from
``FORESTSHUFFLE_LANG`` then the locale, the API's ``set_language`` / ``lang=``, and
``forestshuffle play --lang ja`` answered in Japanese in a real terminal."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.cli.app import main
from forestshuffle.display.describe import forest_lines, turn_summaries

#: what may stay in Latin letters in Chinese or Japanese output: the bots' names
LATIN_OK = {"heuristic"}


def _latin_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z][A-Za-z'_.-]+", text) if w not in LATIN_OK}


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("FORESTSHUFFLE_LANG", "LC_ALL", "LANG"):
        monkeypatch.delenv(var, raising=False)


@pytest.mark.parametrize(("rid", "extra"), [
    ("base", ()), ("smoky", ()), ("pokemon", ()),
    ("base", ("--expansion", "alpine", "--expansion", "woodland_edge")),
])
@pytest.mark.parametrize("lang", ["zh-Hans", "ja"])
def test_demo_prints_every_card_turn_and_score_line_in_the_language(
        capsys: pytest.CaptureFixture[str], rid: str, extra: tuple[str, ...],
        lang: str) -> None:
    assert main(["demo", "--game", rid, "--seed", "5", "--lang", lang, *extra]) == 0
    out = capsys.readouterr().out
    assert _latin_words(out) == set()
    book = fs.get_ruleset(rid).i18n
    assert out.splitlines()[0].startswith(book.ruleset(lang))
    assert {"zh-Hans": "总分", "ja": "合計"}[lang] in out
    assert fs.get_language() == "en"  # --lang holds for that run only


def test_demo_in_english_is_unchanged_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Forest Shuffle, 2 players, seed 5: heuristic bots")
    assert "  player    forest  cave  total" in out


@pytest.mark.parametrize(("env", "lang"), [
    ({"FORESTSHUFFLE_LANG": "ja", "LANG": "zh_CN.UTF-8"}, "ja"),
    ({"LC_ALL": "zh_CN.UTF-8", "LANG": "ja_JP.UTF-8"}, "zh-Hans"),
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
])
def test_the_language_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                 env: dict[str, str], lang: str) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert fs.get_language() == lang


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--lang", "xx"])
    assert "unknown language 'xx' (known: en, zh-Hans, ja)" in capsys.readouterr().err


def test_json_keeps_ids_and_english_field_names(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "5", "--json"])
    english = json.loads(capsys.readouterr().out)
    main(["demo", "--seed", "5", "--json", "--lang", "ja"])
    japanese = json.loads(capsys.readouterr().out)
    assert japanese.keys() == english.keys()
    assert (japanese["game"], japanese["players"], japanese["scores"]) == (
        english["game"], english["players"], english["scores"])


def test_score_prints_cards_in_the_language(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    g = play_out(fs.new_game("base", 2, seed=8), [RandomBot(1), RandomBot(2)])
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(g.forest_document(lang="ja"), ensure_ascii=False),
                    encoding="utf-8")
    assert main(["score", str(path), "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "合計：" in out and "洞窟" in out
    tree = g.state.forests[0].sites[0].species
    assert g.rules.i18n.species(tree, "ja") in out


def test_rulesets_lists_the_rulesets_names_in_the_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets", "--lang", "zh-Hans"]) == 0
    out = capsys.readouterr().out
    assert "base：森森不息" in out and "smoky：森森不息:大烟山" in out


def test_set_language_and_lang_arguments_in_the_api() -> None:
    g = play_out(fs.new_game("base", 2, seed=8), [RandomBot(1), RandomBot(2)])
    english = turn_summaries(g)
    assert turn_summaries(g, lang="zh-Hans") != english
    try:
        assert fs.set_language("ja") == "ja"
        assert turn_summaries(g) == turn_summaries(g, lang="ja")
        assert any("をプレイ" in line for line in turn_summaries(g))
        assert not _latin_words("\n".join(forest_lines(g.rules, g.state.forests[0])))
    finally:
        fs.set_language(None)
    assert turn_summaries(g) == english


# -- forestshuffle play --lang ja, in a pseudo-terminal ----------------------------------------

pexpect: Any = pytest.importorskip("pexpect")
EXE = Path(sys.executable).parent / "forestshuffle"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.mark.skipif(not EXE.exists(), reason="the console script is not installed")
def test_play_in_japanese_takes_japanese_answers() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR",
                                                              "COLUMNS", "LINES")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(str(EXE), ["play", "--lang", "ja", "--bots", "random", "--seed", "3"],
                          encoding="utf-8", timeout=30, env=env, dimensions=(60, 160))
    child.expect_exact("> ")
    text = ANSI.sub("", child.before)
    for part in ("空き地：", "あなたの手札：", "あなたの森", "あなた、ターンのアクションを選ぶ：",
                 "山札から引く"):
        assert part in text, part
    child.sendline("山札から引く")  # an option's text in Japanese
    child.expect_exact("> ")
    text = ANSI.sub("", child.before)
    # the second draw: asked for, or taken at once when the deck is its only option (said
    # in Japanese either way)
    assert "あなた、もう1枚引く：" in text
    if "（唯一の選択肢）" not in text:
        child.sendline("１")  # a full-width digit: option 1
        child.expect_exact("> ")
        text = ANSI.sub("", child.before)
    assert "あなた、ターンのアクションを選ぶ：" in text
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_simulate_prints_its_tables_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "1", "--lang", "zh-Hans"]) == 0
    got = capsys.readouterr()
    assert "各机器人的胜率" in got.out and "平衡实验" in got.out
    assert _latin_words(got.out) <= {"random"}
    assert got.err.startswith("森森不息，2 名玩家")


def test_the_readme_links_the_chinese_and_japanese_quick_starts_and_the_site_lists_them(
) -> None:
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    nav = (root / "mkdocs.yml").read_text(encoding="utf-8")
    for page in ("quickstart.zh-Hans", "quickstart.ja"):
        assert f"https://forestshuffle.github.io/forestshuffle/{page}/" in readme
        assert (root / "docs" / f"{page}.md").is_file()
        assert f"{page}.md" in nav
    assert "languages.md" in nav


def test_a_re_theme_keeps_its_own_words_the_grass_box_whistle_and_rotom() -> None:
    # seed 003: the Pokémon re-theme's clearing is the grass (草丛), its cave the box (盒子),
    # its winter cards whistles (口哨卡牌), and Rotom (洛托姆) plays the solo mode's other seat
    g = play_out(fs.new_game("pokemon", 2, seed=3), [RandomBot(1), RandomBot(2)])
    text = "\n".join(turn_summaries(g, lang="zh-Hans"))
    assert "草丛已清空" in text and "口哨卡牌" in text and "林间空地" not in text
    solo = play_out(fs.new_game("pokemon", 1, seed=3, expansions=["pokemon_exp3"]),
                    [RandomBot(1)])
    assert any(line[4:].startswith("洛托姆：") for line in turn_summaries(solo, lang="zh-Hans"))
    assert any(line[4:].startswith("ロトム：") for line in turn_summaries(solo, lang="ja"))


def test_pictures_and_action_labels_take_a_language() -> None:
    from forestshuffle.display.render import game_svg

    g = play_out(fs.new_game("base", 2, seed=8), [RandomBot(1), RandomBot(2)])
    tree = g.state.forests[0].sites[0].species
    assert g.rules.i18n.species(tree, "zh-Hans") in game_svg(g, "zh-Hans")
    assert g.rules.i18n.species(tree, "zh-Hans") not in game_svg(g)
    fresh = fs.new_game("base", 2, seed=3)
    assert fs.i18n.label(fresh.rules, fresh.legal_actions()[0], "ja") == "山札から引く"
    assert fs.get_language() == "en"


def test_a_documents_problems_are_reported_in_the_language(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_text(json.dumps({"game": "base", "players": [
        {"name": "A", "forest": [{"tree": "冷彬"}]}]}, ensure_ascii=False), encoding="utf-8")
    assert main(["score", str(path), "--lang", "zh-Hans"]) != 0
    err = capsys.readouterr().err
    assert "文档中有 1 个问题" in err and "未知物种 '冷彬'（你是不是想写 '冷杉'？）" in err
