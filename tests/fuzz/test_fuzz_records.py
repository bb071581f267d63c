"""Fuzzed records: a record spoilt anywhere (a value, a key, the order of its events, its
bytes) is refused with a RecordError, or, if it loads, it is exactly the record it says it is
(it saves back to the same data: nothing was read laxly or ignored).

Source: docs/security.md (forged records, strict record reading).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import forestshuffle as fs

from .harness import TALLY, first_difference, fuzz_settings, plain_json
from .inputs import GAMES, finished, mutated, mutated_text, paths, record_text

#: (game, actions) of the records spoilt: short ones (loads are cheap) and a finished one
RECORDS = [(i, n) for i in range(len(GAMES)) for n in (0, 12, 45)]


def _normal(data: Any) -> Any:
    """*data* as its loaded game writes it back: origin defaults to "seed", empty overrides
    are left out, plugin versions are not compared (a difference only warns)."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    out.setdefault("origin", "seed")
    if out.get("overrides") in ({}, None):
        out.pop("overrides", None)
    out.pop("plugins", None)
    return out


def _same_record(data: Any) -> Any:
    def check(game: fs.Game) -> str | None:
        again = _normal(json.loads(game.to_json()))
        if plain_json(again) != plain_json(_normal(data)):
            return ("the loaded game saves to another record (something was read laxly): "
                    f"{first_difference(again, _normal(data))}")
        return None

    return check


@given(st.sampled_from(RECORDS), st.data())
@fuzz_settings(50)
def test_a_spoilt_record_is_refused_or_is_exactly_what_it_says(which, data):
    text = record_text(*which)
    original = json.loads(text)
    spoilt, _ = data.draw(mutated(original, list(paths(original))))
    same = plain_json(spoilt) == plain_json(original)
    TALLY.run("records", lambda: fs.Game.from_json(json.dumps(spoilt)),
              valid=True if same else None, check=_same_record(spoilt))


@given(st.sampled_from(RECORDS), st.data())
@fuzz_settings(25)
def test_a_record_spoilt_as_bytes_is_refused_or_is_exactly_what_it_says(which, data):
    text = record_text(*which)
    raw = data.draw(mutated_text(text))
    try:
        parsed: Any = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        parsed = None  # not JSON to the standard library either: it must be refused
    same = parsed is not None and plain_json(parsed) == plain_json(json.loads(text))
    TALLY.run("records", lambda: fs.Game.from_json(raw), valid=True if same else None,
              check=_same_record(parsed))


@given(st.integers(0, len(GAMES) - 1), st.integers(0, 3), st.data())
@fuzz_settings(10)
def test_a_spoilt_finished_record_never_changes_the_game_it_came_from(index, part, data):
    """Loading reads the record only: the game whose record it is stays as it was."""
    game = finished(index)
    original = json.loads(game.to_json())
    region = [p for p in paths(original)
              if part == 0 or (p[0] == "events" and len(p) > 1 and p[1] < 4 * part)]
    spoilt, _ = data.draw(mutated(original, region))
    same = plain_json(spoilt) == plain_json(original)
    TALLY.run("records", lambda: fs.Game.from_json(json.dumps(spoilt)),
              valid=True if same else None,
              snapshot=lambda: (game.state.snapshot(), len(game.events)),
              check=_same_record(spoilt))
