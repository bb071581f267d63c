"""Self-play throughput: complete games per CPU second between random bots, on one core.

Run from the repository root::

    .venv/bin/python benchmarks/selfplay.py --game smoky --games 20 --repeat 5

The same as ``rates.py selfplay`` (every option of ``rates.py`` applies): each round plays
``--games`` seeded games, set up with :func:`forestshuffle.new_game` and played out by
:class:`forestshuffle.bots.RandomBot`; min / median / max games per second over the
repetitions. Nothing here asserts a speed: it only prints figures.
"""

from __future__ import annotations

import sys

import rates

if __name__ == "__main__":
    sys.exit(rates.main(kinds=["selfplay"]))
