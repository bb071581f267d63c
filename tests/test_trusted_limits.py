"""A trusted load (``Game.from_json(text, trusted=True)``) skips re-deciding, not parsing
safety: the structural limits of the checked load hold (size, nesting), and an action that
does not start at an event of the log, in order, is refused with RecordError instead of
loading a game whose ``undo`` crashes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import forestshuffle as fs
from forestshuffle.bots import RandomBot, play_out
from forestshuffle.safety import MAX_DEPTH, MAX_RECORD_BYTES


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    g = fs.new_game("base", players=2, seed=3)
    play_out(g, RandomBot(3))
    data: dict[str, Any] = json.loads(g.to_json())
    return data


def _refused(text: str) -> fs.RecordError:
    with pytest.raises(fs.RecordError) as err:
        fs.Game.from_json(text, trusted=True)
    return err.value


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 200_000])
def test_deep_nesting_is_refused_not_a_recursion_error(record: dict[str, Any],
                                                       depth: int) -> None:
    head = json.dumps({k: v for k, v in record.items() if k != "events"})[:-1]
    text = head + ',"events":' + "[" * depth + "]" * depth + "}"
    assert "nested" in str(_refused(text))


def test_a_record_over_the_size_limit_is_refused(record: dict[str, Any]) -> None:
    text = json.dumps({**record, "names": ["A" * (MAX_RECORD_BYTES // 2)] * 2})
    assert "bytes" in str(_refused(text))


@pytest.mark.parametrize("at", [10**6, -5, "3", 1.0, None])
def test_an_action_outside_the_log_is_refused(record: dict[str, Any], at: Any) -> None:
    data = dict(record)
    data["actions"] = [*record["actions"][:-1], {**record["actions"][-1], "at": at}]
    assert _refused(json.dumps(data)).path == f"$.actions[{len(record['actions']) - 1}]"


def test_actions_out_of_order_are_refused(record: dict[str, Any]) -> None:
    data = dict(record)
    acts = list(record["actions"])
    acts[3], acts[4] = acts[4], acts[3]
    data["actions"] = acts
    _refused(json.dumps(data))


def test_a_trusted_record_still_loads_and_undoes(record: dict[str, Any]) -> None:
    g = fs.Game.from_json(json.dumps(record), trusted=True)
    g.undo(len(g.actions))
    assert len(g.events) == record["actions"][0]["at"]
