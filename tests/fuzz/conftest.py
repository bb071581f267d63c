"""The fuzz suite's session report: the tally of every surface, printed at the end."""

from __future__ import annotations

import json
import os

import pytest

from .harness import TALLY, scale


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the figures of the fuzz tests that ran (and write them to
    ``$FORESTSHUFFLE_FUZZ_REPORT``)."""
    if not any(c.tried for c in TALLY.counts.values()):
        return
    terminalreporter.section(f"forestshuffle fuzz figures (scale {scale()})")
    for line in TALLY.table():
        terminalreporter.write_line(line)
    path = os.environ.get("FORESTSHUFFLE_FUZZ_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"scale": scale(), "surfaces": TALLY.as_dict()}, fh, indent=2)
