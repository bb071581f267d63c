"""One scoring group, one table: the butterflies of the base game score together, as sets of
different butterflies (``distinct_sets`` grouped by the tag ``butterfly``, the table on every
butterfly card). Overrides giving one butterfly another table would score the group by
whichever butterfly lies first in the forest; the ruleset that would do so is refused when
it is built, and a table changed for every butterfly alike is accepted."""

from __future__ import annotations

from typing import Any

import pytest

import forestshuffle as fs

BUTTERFLIES = ["base.camberwell_beauty", "base.large_tortoiseshell", "base.peacock_butterfly",
               "base.purple_emperor", "base.silver_washed_fritillary"]


def _table(species: list[str], table: list[int]) -> dict[str, Any]:
    spec = {"kind": "distinct_sets", "args": {"table": table, "tag": "butterfly"}}
    return {"species": {sid: {"score": [spec]} for sid in species}}


def test_two_tables_for_one_group_are_refused_when_the_ruleset_is_built() -> None:
    with pytest.raises(fs.CardDataError, match="one group, one table") as err:
        fs.get_ruleset("base", _table(BUTTERFLIES[:1], [0, 5, 10, 15, 20]))
    assert "distinct_sets:butterfly" in str(err.value)
    doc = {"game": "base", "players": [{"name": "A", "forest": [
        {"tree": "Oak", "top": ["Purple Emperor"], "bottom": []}]}],
        "overrides": _table(BUTTERFLIES[:1], [0, 5, 10, 15, 20])}
    with pytest.raises(fs.DocumentError, match="one group, one table"):
        fs.score_document(doc)


def test_a_table_changed_for_the_whole_group_is_accepted() -> None:
    rules = fs.get_ruleset("base", _table(BUTTERFLIES, [0, 5, 10, 15, 20]))
    assert all(dict(rules.species[s].score[0].args)["table"] == (0, 5, 10, 15, 20)
               for s in BUTTERFLIES)
