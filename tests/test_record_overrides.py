"""A record carries the overrides its game was played with (version 4: their digest,
``overrides_digest``): a record whose overrides were added or changed after the game is
refused, by the checked load, the trusted load, ``score_document`` and ``forestshuffle score``,
never re-scored silently. Scoring the game's forests with other card facts is a what-if made
on purpose: the game's forest document scored with them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.cli.app import main
from forestshuffle.records import record

RECORDS = Path(__file__).parent / "records"


def _finished(seed: int = 3, overrides: Any = None) -> fs.Game:
    g = fs.new_game("base", players=2, seed=seed, overrides=overrides)
    play_out(g, RandomBot(seed))
    return g


def _flipping_overrides(g: fs.Game) -> dict[str, Any]:
    """Overrides that make a species only the loser played score 100 points a card."""
    out = g.outcome()
    assert out is not None and len(out.winners) == 1
    loser = 1 - min(out.winners)

    def species(p: int) -> set[str]:
        return {cs.species for cs in g.scores()[p].cards if cs.species}

    only = sorted(species(loser) - species(1 - loser))
    assert only
    return {"species": {only[0]: {"score": [{"kind": "flat", "args": {"points": 100}}]}}}


def test_overrides_added_to_a_finished_record_are_refused() -> None:
    g = _finished()
    data = json.loads(g.to_json())
    assert data["version"] == record.VERSION == 4
    assert data["overrides_digest"] == record.overrides_digest(None)
    data["overrides"] = _flipping_overrides(g)
    forged = json.dumps(data)
    with pytest.raises(fs.RecordError, match="played with") as err:
        fs.Game.from_json(forged)
    assert err.value.path == "$.overrides"
    with pytest.raises(fs.RecordError, match="played with"):
        fs.Game.from_json(forged, trusted=True)
    with pytest.raises(fs.DocumentError, match="played with"):
        fs.score_document(forged)


def test_changed_overrides_of_a_record_are_refused_and_its_own_load() -> None:
    ov = {"cards": {"70": {"symbols": ["Oak", "Oak"]}}}
    g = _finished(4, ov)
    data = json.loads(g.to_json())
    assert data["overrides"] == ov
    assert fs.Game.from_json(g.to_json()).outcome() == g.outcome()
    data["overrides"] = {"cards": {"70": {"symbols": ["Birch", "Birch"]}}}
    with pytest.raises(fs.RecordError, match="played with"):
        fs.Game.from_record(data)
    del data["overrides"]  # overrides taken away
    with pytest.raises(fs.RecordError, match="played with"):
        fs.Game.from_record(data)


def test_the_cli_refuses_a_record_with_changed_overrides(tmp_path: Path,
                                                         capsys: Any) -> None:
    g = _finished()
    data = json.loads(g.to_json())
    data["overrides"] = _flipping_overrides(g)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(path)]) != 0
    assert "played with" in capsys.readouterr().err
    assert main(["replay", str(path)]) != 0


def test_a_what_if_scores_the_games_forests_with_other_overrides() -> None:
    g = _finished()
    ov = _flipping_overrides(g)
    out = g.outcome()
    assert out is not None
    what_if = fs.score_document(g.forest_document(), overrides=ov)
    assert {g.names.index(n) for n in what_if.winners} != set(out.winners)
    assert fs.score_document(g.to_json()).winners == tuple(g.names[p] for p in out.winners)


@pytest.mark.parametrize("digest", [None, 7, "00", "x" * 33])
def test_a_version_4_record_needs_its_digest(digest: Any) -> None:
    data = json.loads(_finished().to_json())
    if digest is None:
        del data["overrides_digest"]
    else:
        data["overrides_digest"] = digest
    with pytest.raises(fs.RecordError) as err:
        fs.Game.from_record(data)
    assert err.value.path == "$.overrides_digest"


def test_a_version_3_record_loads_without_a_digest_and_refuses_one() -> None:
    data = json.loads((RECORDS / "v3-base-2p-seed7.json").read_text())
    assert "overrides_digest" not in data
    fs.Game.from_record(data)
    data["overrides_digest"] = record.overrides_digest(None)
    with pytest.raises(fs.RecordError) as err:
        fs.Game.from_record(data)
    assert err.value.path == "$.overrides_digest"
