"""The base ruleset the native crate's Rust unit tests read (``native/tests/data/base.json``) is
the one the Python side exports today: a change to the cards or to the export that leaves the
copy behind fails here, not silently in ``cargo test``."""

from __future__ import annotations

from pathlib import Path

import forestshuffle as fs
from forestshuffle.native._export import export

FIXTURE = Path(__file__).resolve().parents[2] / "native" / "tests" / "data" / "base.json"


def test_the_rust_tests_ruleset_is_todays_export() -> None:
    # to write it anew: FIXTURE.write_text(export(fs.get_ruleset("base")))
    assert FIXTURE.read_text() == export(fs.get_ruleset("base"))
