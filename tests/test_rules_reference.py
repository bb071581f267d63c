"""The rules reference pages (docs/rules/) are the card data's own (issue 14).

Each page is written by :func:`forestshuffle.display.reference.rules_reference` from a compiled
ruleset; this test writes it again and compares, so a change of card data without the page
fails here. To rewrite the pages after a change of card data::

    .venv/bin/python tests/test_rules_reference.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from forestshuffle import get_ruleset
from forestshuffle.display.reference import describe_spec, rules_reference

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
#: page -> (ruleset, expansions, card sets listed (all if empty), title)
PAGES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...], str | None]] = {
    "base.md": ("base", (), (), "Forest Shuffle (base game)"),
    "alpine.md": ("base", ("alpine",), ("alpine",), "Alpine expansion"),
    "woodland_edge.md": ("base", ("woodland_edge",), ("woodland_edge",),
                         "Woodland Edge expansion"),
    "smoky.md": ("smoky", (), (), None),
    "house-001.md": ("house-001", (), (), None),
    "pokemon.md": ("pokemon", (), (), None),
}


def render(page: str) -> str:
    """The text *page* must hold."""
    ruleset, expansions, only, title = PAGES[page]
    rules = get_ruleset(ruleset, expansions=expansions)
    decisions = (ROOT / "DECISIONS.md").read_text(encoding="utf-8")
    return rules_reference(rules, only=only, title=title, decisions=decisions) + "\n"


@pytest.mark.parametrize("page", sorted(PAGES))
def test_rules_reference_page_is_current(page: str) -> None:
    """docs/rules/<page> is what the card data says now."""
    path = RULES / page
    assert path.is_file(), f"missing {path}; run: python tests/test_rules_reference.py"
    assert path.read_text(encoding="utf-8") == render(page), (
        f"{path.name} is out of date with the card data; run: "
        f".venv/bin/python tests/test_rules_reference.py")


def test_every_page_is_in_the_site_nav() -> None:
    """The site lists every generated page (and mkdocs --strict finds its links)."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert all(f"rules/{page}" in nav for page in PAGES)


def test_core_kinds_are_put_in_words() -> None:
    """The reference says what a card does, not its data, for the core's kinds: every
    effect, trigger and scoring of the base game is in words."""
    rules = get_ruleset("base")
    specs = [sp for s in rules.species.values()
             for sp in (*s.effect, *s.bonus, *s.triggers, *s.score, *s.modifiers)]
    assert len(specs) > 80
    raw = [str(sp) for sp in specs if describe_spec(rules, sp).startswith("`")]
    assert not raw, raw
    wolf = rules.species["base.wolf"]
    assert describe_spec(rules, wolf.score[0]) == "5 per card with the deer tag"


def test_a_plugin_kind_shows_its_data() -> None:
    """A kind the core does not put in words is shown as its data, not guessed at."""
    from forestshuffle.core.cards import Spec

    rules = get_ruleset("base")
    assert describe_spec(rules, Spec("my_plugin_kind", {"n": 2})) == "`my_plugin_kind(n=2)`"


if __name__ == "__main__":
    for name in PAGES:
        (RULES / name).write_text(render(name), encoding="utf-8")
        print(f"wrote {RULES / name}", file=sys.stderr)
