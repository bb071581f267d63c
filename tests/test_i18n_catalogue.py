"""The message catalogues: every message the code marks is in the template and translated in
every language, the compiled catalogues the package reads match their sources, and every
prompt and option label games of the bundled rulesets show has its template in the
catalogue (so ``--lang`` never falls back to English for them)."""

from __future__ import annotations

import gettext
import random
import re
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.i18n.text import localize, template

babel = pytest.importorskip("babel")
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

PACKAGE = Path(fs.__file__).parent
LOCALES = PACKAGE / "i18n" / "locales"
LANGS = {"zh-Hans": "zh_Hans", "ja": "ja"}


def _key(message: Any) -> Any:
    return message if isinstance(message, str) else tuple(message)


def _pot() -> set[Any]:
    with (LOCALES / "forestshuffle.pot").open("rb") as f:
        return {_key(m.id) for m in read_po(f) if m.id}


def test_every_marked_message_is_in_the_template() -> None:
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    found = {_key(msg) for _, _, msg, _, _ in extract_from_dir(
        str(PACKAGE), [("**.py", "python")], keywords=keywords)}
    pot = _pot()
    assert not found - pot, "not in the .pot (run pybabel extract, docs/languages.md)"
    assert not pot - found, "in the .pot but no longer in the code"


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_catalogue_translates_every_message_keeping_its_fields(lang: str) -> None:
    with (LOCALES / LANGS[lang] / "LC_MESSAGES" / "forestshuffle.po").open("rb") as f:
        po = {_key(m.id): m.string for m in read_po(f) if m.id}
    assert set(po) == _pot()
    for msgid, text in po.items():
        ids = [msgid] if isinstance(msgid, str) else list(msgid)
        texts = [text] if isinstance(text, str) else list(text)
        assert all(texts), f"{lang}: no translation of {msgid!r}"
        fields = set(re.findall(r"\{\w*\}", ids[0]))
        for t in texts:
            assert set(re.findall(r"\{\w*\}", t)) == fields, (lang, msgid, t)


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_compiled_catalogue_is_up_to_date_with_its_source(lang: str) -> None:
    folder = LOCALES / LANGS[lang] / "LC_MESSAGES"
    with (folder / "forestshuffle.po").open("rb") as f:
        po = read_po(f)
    with (folder / "forestshuffle.mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for m in po:
        if not m.id:
            continue
        if isinstance(m.id, str):
            assert mo.gettext(m.id) == m.string, "run pybabel compile (docs/languages.md)"
        else:
            assert mo.ngettext(m.id[0], m.id[1], 2) == m.string[0]


def _texts(rid: str, expansions: tuple[str, ...], players: int, seed: int
           ) -> list[tuple[fs.Ruleset, str]]:
    g = fs.new_game(rid, players=players, seed=seed, expansions=expansions)
    rng = random.Random(seed)
    out = []
    while not g.is_over and len(g.actions) < 3000:
        p = g.pending
        assert p is not None
        out.append((g.rules, p.prompt))
        out += [(g.rules, str(a)) for a in p.options]
        g.apply(rng.choice(p.options))
    return out


@pytest.mark.parametrize(("rid", "expansions", "players"), [
    ("base", (), 2), ("smoky", (), 3), ("base", ("alpine", "woodland_edge"), 2),
    ("house-001", (), 2), ("pokemon", (), 2),
    ("pokemon", ("pokemon_exp1", "pokemon_exp2"), 3),
])
def test_every_prompt_and_label_a_game_shows_has_its_template_in_the_catalogue(
        rid: str, expansions: tuple[str, ...], players: int) -> None:
    pot = _pot()
    missing = set()
    for seed in range(3):
        for rules, text in _texts(rid, expansions, players, seed):
            shape = template(rules, text)[0]
            if shape not in pot:
                missing.add(shape)
            else:
                assert localize(rules, text, "ja") != text or not re.search("[a-z]", text)
    assert not missing, sorted(missing)


@pytest.mark.parametrize(("rid", "expansions", "players"), [
    ("base", (), 2), ("smoky", (), 3), ("base", ("alpine", "woodland_edge"), 3),
    ("house-001", (), 2), ("pokemon", ("pokemon_exp1", "pokemon_exp2", "pokemon_oak"), 3),
])
def test_every_score_reason_a_game_gives_has_its_template_in_the_catalogue(
        rid: str, expansions: tuple[str, ...], players: int) -> None:
    from forestshuffle.bots import RandomBot, play_out
    from forestshuffle.i18n.text import localize_reason, reason_template

    pot = _pot()
    missing = set()
    for seed in range(6):
        g = play_out(fs.new_game(rid, players, seed=seed, expansions=expansions),
                     [RandomBot(seed + i) for i in range(players)])
        for p in g.scores():
            for cs in p.cards:
                if ":" in cs.reason.split("(")[0]:  # a raw count key, shown as it is
                    continue
                for part in cs.reason.split("; "):
                    shape = reason_template(g.rules, part)[0]
                    if shape not in pot:
                        missing.add(shape)
                assert localize_reason(g.rules, cs.reason, "zh-Hans") != cs.reason
    assert not missing, sorted(missing)
