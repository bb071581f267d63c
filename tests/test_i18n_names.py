"""Names in English, Simplified Chinese and Japanese for every bundled ruleset: the seeds'
words, complete tables, checks at build time, input in any language (documents, overrides).

The seeds are the project's own Chinese and Japanese documents (000: the Smoky Mountains
rules in Chinese, 001: the base rules in Chinese, 002: the Smoky Mountains game help in
Japanese, 003: the Pokémon fan re-theme in Chinese); the words below are copied from them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.i18n import Translation, book_of, fold, translation
from forestshuffle.plugins.manager import PluginHost

#: (section, key, locale, seed, the word as the seed writes it)
SEED_WORDS = [
    ("terms", "clearing", "zh-Hans", "000", "林间空地"),
    ("terms", "cave", "zh-Hans", "000", "洞穴"),
    ("terms", "sapling", "zh-Hans", "001", "树苗"),
    ("terms", "winter_card", "zh-Hans", "000", "冬季卡牌"),
    ("terms", "river", "zh-Hans", "000", "河流"),
    ("terms", "river_card", "zh-Hans", "000", "河流地形卡牌"),
    ("terms", "generic_river", "zh-Hans", "000", "通用河流"),
    ("terms", "slot", "zh-Hans", "000", "空位"),
    ("terms", "bonus", "zh-Hans", "000", "奖励"),
    ("terms", "effect", "zh-Hans", "000", "效果"),
    ("terms", "immediate_effect", "zh-Hans", "000", "即时效果"),
    ("terms", "permanent_effect", "zh-Hans", "000", "持续效果"),
    ("terms", "deck", "zh-Hans", "000", "抽牌堆"),
    ("terms", "hand", "zh-Hans", "000", "手牌"),
    ("terms", "extra_turn", "zh-Hans", "000", "额外回合"),
    ("terms", "split_card", "zh-Hans", "000", "分割卡牌"),
    ("terms", "clearing", "ja", "002", "空き地"),
    ("terms", "cave", "ja", "002", "洞窟"),
    ("terms", "winter_card", "ja", "002", "「冬」カード"),
    ("terms", "river", "ja", "002", "川"),
    ("terms", "river_card", "ja", "002", "川カード"),
    ("terms", "generic_river", "ja", "002", "汎用的な川"),
    ("terms", "slot", "ja", "002", "スロット"),
    ("terms", "bonus", "ja", "002", "ボーナス"),
    ("terms", "effect", "ja", "002", "効果"),
    ("terms", "immediate_effect", "ja", "002", "即時効果"),
    ("terms", "permanent_effect", "ja", "002", "永続効果"),
    ("terms", "deck", "ja", "002", "山札"),
    ("terms", "hand", "ja", "002", "手札"),
    ("terms", "split_card", "ja", "002", "分割カード"),
    ("rulesets", "base", "zh-Hans", "001", "森森不息"),
    ("rulesets", "base", "ja", "001", "フォレストシャッフル"),
    ("rulesets", "smoky", "zh-Hans", "000", "森森不息:大烟山"),
    ("rulesets", "smoky", "ja", "002", "フォレスト・シャッフル：スモーキー・マウンテンズ"),
    ("rulesets", "pokemon", "zh-Hans", "003", "宝可梦林地探索"),
    ("site_kinds", "smoky_river", "zh-Hans", "000", "独立河流"),
    ("site_kinds", "smoky_tree_with_river", "ja", "002", "川を伴う木"),
    ("site_kinds", "professor_dex", "zh-Hans", "003", "博士图鉴"),
    ("terms", "pokemon.winter_card", "zh-Hans", "003", "口哨卡牌"),
    ("terms", "pokemon.clearing", "zh-Hans", "003", "草丛"),
    ("terms", "pokemon.cave", "zh-Hans", "003", "盒子"),
    ("expansions", "pokemon_exp1", "zh-Hans", "003", "官方一扩"),
    ("expansions", "pokemon_oak", "zh-Hans", "003", "大木扩"),
    # the trainers and Pokémon seed 003's example scores
    *(("species", f"pokemon.{k}", "zh-Hans", "003", v) for k, v in (
        ("cynthia", "竹兰"), ("dawn", "小光"), ("lorelei", "科拿"), ("jessie", "武藏"),
        ("serena", "莎莉娜"), ("togekiss", "波克基斯"), ("gliscor", "天蝎王"),
        ("dunsparce", "土龙弟弟"), ("light_ball", "电气球"), ("bunnelby", "掘掘兔"),
        ("eevee", "伊布"), ("emboar", "炎武王"), ("vaporeon", "水伊布"),
        ("jolteon", "雷伊布"), ("flareon", "火伊布"), ("pikachu", "皮卡丘"),
        ("unown_e", "未知图腾 E"), ("unown_p", "未知图腾 P"))),
]

#: every bundled ruleset with the expansions it takes
ALL = {"base": ("alpine", "woodland_edge"), "smoky": (), "house-001": (),
       "pokemon": ("pokemon_exp1", "pokemon_exp2", "pokemon_oak")}


def book(rid: str, expansions: tuple[str, ...] = ()) -> Any:
    return book_of(fs.get_ruleset(rid, expansions=expansions))


@pytest.mark.parametrize(("section", "key", "locale", "seed", "word"), SEED_WORDS)
def test_the_data_uses_the_word_a_seed_gives(section: str, key: str, locale: str, seed: str,
                                             word: str) -> None:
    rid = {"smoky_river": "smoky", "smoky_tree_with_river": "smoky", "professor_dex": "pokemon",
           "smoky": "smoky", "pokemon": "pokemon"}.get(key, "base")
    if key.startswith("pokemon") or (section == "species" and "pokemon" in key):
        rid = "pokemon"
    b = book(rid, ALL[rid] if rid == "pokemon" else ())
    got = b.names.get((locale, section, key))
    assert got is not None, (section, key, locale)
    assert got.name == word
    assert got.source == f"seed:{seed}"


@pytest.mark.parametrize("rid", sorted(ALL))
@pytest.mark.parametrize("lang", ["zh-Hans", "ja"])
def test_every_species_symbol_and_tag_of_every_bundled_ruleset_has_a_name(rid: str,
                                                                          lang: str) -> None:
    b = book(rid, ALL[rid])
    assert b.missing(lang) == []
    assert b.missing(lang, "symbols") == []
    assert b.missing(lang, "tags") == []
    assert b.get("rulesets", b.rules.id, lang)
    for kind in b.rules.used_site_kinds:
        assert b.get("site_kinds", kind, lang), kind
    assert set(b.census(lang)) <= {"seed", "published", "common", "translation"}


def test_the_pokemon_tables_chinese_names_are_the_plugins_own() -> None:
    from forestshuffle_pokemon import ZH

    b = book("pokemon", ALL["pokemon"])
    assert {sid: b.species(sid, "zh-Hans") for sid in ZH} == ZH


def _host_translated_by(table: Translation) -> PluginHost:
    """A plugin host with the base game's cards and rules, and *table* as its names."""
    import forestshuffle_base

    class Plugin:
        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Any:
            return forestshuffle_base.forestshuffle_card_sets()

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Any:
            return forestshuffle_base.forestshuffle_rulesets()

        @fs.hookimpl
        def forestshuffle_translations(self) -> Any:
            return [table]

    return PluginHost(entry_points=False, extra=[Plugin()])


def test_a_table_missing_a_species_of_its_plugin_is_an_error_naming_plugin_locale_species(
) -> None:

    good = {t.locale: t for t in fs.i18n.package_translations("forestshuffle_base")}["ja"]
    rows = dict(good.sections["species"])
    del rows["base.wolf"]
    bad = Translation("base", "ja", {**good.sections, "species": rows})


    h = _host_translated_by(bad)
    with pytest.raises(fs.CardDataError) as err:
        h.ruleset("base")
    assert (err.value.plugin, err.value.item, err.value.field) == (
        "Plugin#0", "species 'base.wolf'", "names.ja")


def test_a_table_giving_one_name_to_two_species_is_an_error() -> None:

    good = {t.locale: t for t in fs.i18n.package_translations("forestshuffle_base")}["zh-Hans"]
    rows = dict(good.sections["species"])
    rows["base.lynx"] = rows["base.wolf"]
    bad = Translation("base", "zh-Hans", {**good.sections, "species": rows})
    with pytest.raises(fs.CardDataError, match="狼") as err:
        _host_translated_by(bad).ruleset("base")
    assert err.value.field == "names.zh-Hans"
    assert "base.lynx" in str(err.value) or "base.wolf" in str(err.value)


def test_a_table_with_an_unknown_source_is_refused() -> None:
    with pytest.raises(fs.CardDataError, match="unknown source"):
        translation("x", "ja", {"species": {"base.wolf": {"name": "狼", "source": "web"}}})


# -- input in any language --------------------------------------------------------------------


def _doc(game: str, forest: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"game": game, "players": [{"name": "A", "cave": 0, "forest": forest}], **extra}


def test_a_chinese_and_a_japanese_fir_score_as_the_english_one() -> None:
    english = fs.score_document(_doc("base", [{"tree": "Silver Fir", "left": ["Wolf"]}]))
    for fir, wolf in (("冷杉", "狼"), ("モミ", "オオカミ"), ("ﾓﾐ", "ｵｵｶﾐ")):
        got = fs.score_document(_doc("base", [{"tree": fir, "left": [wolf]}]))
        assert got.players[0].total == english.players[0].total


def test_full_width_latin_and_any_case_name_a_species() -> None:
    got = fs.score_document(_doc("base", [{"tree": "ＢＩＲＣＨ"}, {"tree": "birch"}]))
    assert got.players[0].total == 2


def test_a_tree_symbol_in_chinese_or_japanese() -> None:
    en = fs.score_document(_doc("base", [{"tree": "Birch", "top": [
        {"species": "Bullfinch", "symbol": "Douglas Fir"}]}]))
    for sym in ("花旗松", "ダグラスファー"):
        got = fs.score_document(_doc("base", [{"tree": "Birch", "top": [
            {"species": "红腹灰雀", "symbol": sym}]}]))
        assert got.players[0].total == en.players[0].total


def test_did_you_mean_suggests_names_in_other_languages() -> None:
    with pytest.raises(fs.DocumentError, match=r"did you mean.*冷杉"):
        fs.score_document(_doc("base", [{"tree": "冷彬"}]))


def test_a_name_two_species_share_lists_both() -> None:
    # both boxes' Squeakers are ウリ坊 in Japanese, as they are Squeaker in English
    with pytest.raises(fs.DocumentError, match=r"base\.squeaker, woodland_edge\.squeaker"):
        fs.score_document(_doc("base", [{"tree": "Birch", "bottom": ["ウリ坊"]}],
                               expansions=["woodland_edge"]))


def test_an_override_file_adds_an_alias_a_document_then_uses(tmp_path: Any) -> None:
    path = tmp_path / "names.toml"
    path.write_text('[names.ja."base.silver_fir"]\naliases = ["もみの木"]\n', encoding="utf-8")
    with pytest.raises(fs.DocumentError, match="unknown species"):
        fs.score_document(_doc("base", [{"tree": "もみの木"}]))
    got = fs.score_document(_doc("base", [{"tree": "もみの木"}]), overrides=str(path))
    assert got.players[0].lines[0].species == "base.silver_fir"


def test_an_override_naming_no_species_is_an_error() -> None:
    with pytest.raises(fs.CardDataError, match="no such species id or tree symbol"):
        fs.get_ruleset("base", {"names": {"ja": {"base.unicorn": {"aliases": ["x"]}}}})


# -- documents written in Chinese and Japanese score as the English ones -------------------


def _played(rid: str, expansions: tuple[str, ...], seed: int) -> fs.Game:
    g = fs.new_game(rid, players=2, seed=seed, expansions=expansions)
    return play_out(g, [RandomBot(seed), RandomBot(seed + 1)])


@pytest.mark.parametrize(("rid", "expansions"), [
    ("base", ()), ("smoky", ()), ("base", ("alpine", "woodland_edge")),
    ("pokemon", ()), ("pokemon", ("pokemon_exp1", "pokemon_exp2", "pokemon_oak")),
])
@pytest.mark.parametrize("lang", ["zh-Hans", "ja"])
def test_a_document_written_in_another_language_scores_as_the_english_one(
        rid: str, expansions: tuple[str, ...], lang: str) -> None:
    g = _played(rid, expansions, 11)
    english = fs.score_document(g.forest_document())
    doc = g.forest_document(lang=lang)
    names = [c if isinstance(c, str) else c["species"]
             for p in doc["players"] for site in p["forest"] for v in site.values()
             for c in (v if isinstance(v, list) else [v]) if isinstance(c, str | dict)]
    words = [n for n in names if not re.fullmatch(r"[a-z_0-9]+\.[a-z_0-9]+", n)]
    assert words and not [n for n in words if re.search("[A-Za-z]", n) and "未知图腾" not in n
                          and "アンノーン" not in n]
    got = fs.score_document(doc)
    assert [p.total for p in got.players] == [p.total for p in english.players]
    assert [[ln.points for ln in p.lines] for p in got.players] == \
        [[ln.points for ln in p.lines] for p in english.players]


def test_fold_makes_full_width_and_half_width_forms_equal() -> None:
    assert fold("ＡＢＣ１２") == fold("abc12")
    assert fold("ﾓﾐ") == fold("モミ")


def test_check_card_set_warns_of_names_missing_in_a_language() -> None:
    import forestshuffle_base
    from forestshuffle.testing import check_card_set

    class NoTables:  # the base card set and ruleset without the plugin's tables
        @fs.hookimpl
        def forestshuffle_card_sets(self) -> Any:
            return forestshuffle_base.forestshuffle_card_sets()

        @fs.hookimpl
        def forestshuffle_rulesets(self) -> Any:
            return forestshuffle_base.forestshuffle_rulesets()

    rep = check_card_set("base", host=PluginHost(entry_points=False, extra=[NoTables()]),
                         games=0)
    assert rep.ok
    assert {w.item for w in rep.warnings} >= {"species in ja", "species in zh-Hans",
                                              "symbols in ja", "tags in zh-Hans"}
    assert "57 without a name" in str(rep)
    assert check_card_set("base", games=0).warnings == ()


def test_a_table_may_add_a_language_the_core_does_not_ship() -> None:
    t = translation("korean", "ko", {"species": {"base.wolf": {"name": "늑대"}}})
    assert t.id == "korean@ko"
    for bad in ("zh_CN", "zh-hans", "Japanese"):
        with pytest.raises(fs.CardDataError, match="language tag"):
            translation("x", bad, {})
