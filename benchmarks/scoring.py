"""Scoring throughput: final forests scored per CPU second, on one core.

Run from the repository root::

    .venv/bin/python benchmarks/scoring.py --games 20 --repeat 5

The same as ``rates.py score score-nobreakdown document`` (every option of ``rates.py``
applies): :func:`forestshuffle.core.scoring.score_forest` over every final forest of
``--games`` seeded random games, with the per-card breakdown and without it, and
:func:`forestshuffle.score_document` over each game's forest document (parse, match
cards, score). Nothing here asserts a speed: it only prints figures.
"""

from __future__ import annotations

import sys

import rates

if __name__ == "__main__":
    sys.exit(rates.main(kinds=["score", "score-nobreakdown", "document"]))
