"""Override tables have the limits of records and override files, inline ones too: at most
1 MiB of JSON, numbers of at most 40 digits, at most 16 specs in a field; so the work of
checking one is bounded, and no override makes a game whose own record will not load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import forestshuffle as fs
from forestshuffle.plugins.overrides import MAX_SPECS
from forestshuffle.safety import MAX_INT_DIGITS, MAX_OVERRIDES_BYTES


def _points(n: int) -> dict[str, object]:
    return {"species": {"base.linden": {"score": [{"kind": "flat", "args": {"points": n}}]}}}


@pytest.mark.parametrize("where", ["mapping", "json", "toml"])
def test_an_override_number_over_40_digits_is_refused(tmp_path: Path, where: str) -> None:
    big = 10 ** MAX_INT_DIGITS  # 41 digits
    if where == "mapping":
        source: object = _points(big)
    elif where == "json":
        source = tmp_path / "o.json"
        source.write_text(json.dumps(_points(big)))
    else:
        source = tmp_path / "o.toml"
        source.write_text(f'[[species."base.linden".score]]\nkind = "flat"\n'
                          f'args = {{points = {big}}}\n')
    with pytest.raises(fs.CardDataError, match="digits"):
        fs.new_game("base", players=2, seed=1, overrides=source)  # type: ignore[arg-type]


def test_a_game_with_the_largest_number_allowed_loads_from_its_record() -> None:
    g = fs.new_game("base", players=2, seed=1, overrides=_points(10 ** (MAX_INT_DIGITS - 1)))
    assert fs.Game.from_json(g.to_json()).rules.overrides == g.rules.overrides


def test_an_inline_table_larger_than_an_override_file_may_be_is_refused() -> None:
    cards = {str(i): {"symbols": ["Oak", "Oak"]} for i in range(40_000)}
    assert len(json.dumps(cards)) > MAX_OVERRIDES_BYTES
    doc = {"game": "base", "players": [{"name": "A", "forest": []}],
           "overrides": {"cards": cards}}
    with pytest.raises(fs.DocumentError, match="too large"):
        fs.score_document(json.dumps(doc))


def test_a_field_with_more_specs_than_a_card_holds_is_refused() -> None:
    spec = {"kind": "flat", "args": {"points": 1}}
    ok = {"species": {"base.linden": {"score": [spec] * MAX_SPECS}}}
    fs.new_game("base", players=2, seed=1, overrides=ok)
    too_many = {"species": {"base.linden": {"score": [spec] * (MAX_SPECS + 1)}}}
    with pytest.raises(fs.CardDataError, match="specs"):
        fs.new_game("base", players=2, seed=1, overrides=too_many)
