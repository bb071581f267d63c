"""The trusted load (``Game.from_json(text, trusted=True)``) and the generated per-class code
behind both loads (:mod:`forestshuffle.records.codegen`).

Rule (DECISIONS.md, "Trusted loads"): a trusted load decodes the record's events
without re-deciding them and must give the very game the checked load gives; the checked load's
fast comparators must accept exactly the records the general converter accepts as equal.
"""

from __future__ import annotations

import gc
import json
import random
from pathlib import Path
from typing import Any

import pytest
from bundled import random_game

import forestshuffle as fs
from forestshuffle.bots import RandomBot
from forestshuffle.errors import RecordError
from forestshuffle.records import record
from forestshuffle.records.codegen import action_reader_of, comparator_of, decoder_of

CASES = [("base", (), 2), ("base", (), 4), ("smoky", (), 3), ("house-001", (), 2),
         ("base", ("alpine",), 3), ("base", ("woodland_edge",), 2),
         ("base", ("alpine", "woodland_edge"), 5), ("pokemon", (), 1),
         ("pokemon", ("pokemon_exp1", "pokemon_exp2", "pokemon_exp3"), 3)]


def _same_game(a: fs.Game, b: fs.Game) -> None:
    assert a.events == b.events
    assert a.actions == b.actions
    assert a.state.snapshot() == b.state.snapshot()
    assert a.pending == b.pending
    assert (a.setup_events, a.origin, a.seed, a.names) == (b.setup_events, b.origin, b.seed,
                                                           b.names)


@pytest.mark.parametrize(("ruleset", "expansions", "players"), CASES)
def test_a_trusted_load_gives_the_game_the_checked_load_gives(
        ruleset: str, expansions: tuple[str, ...], players: int) -> None:
    """The same events, actions, state and pending decision, mid-game and at the end, and
    the loaded games play on alike (same options, same events)."""
    for seed, actions in ((3, 40), (4, 155), (5, None)):
        g = random_game(ruleset, expansions, players, seed, actions)
        text = g.to_json()
        checked = fs.Game.from_json(text)
        trusted = fs.Game.from_json(text, trusted=True)
        _same_game(checked, trusted)
        assert trusted.to_json() == text
        bots = RandomBot(9), RandomBot(9)
        for _ in range(30):
            if checked.is_over:
                break
            assert checked.legal_actions() == trusted.legal_actions()
            assert checked.apply(bots[0].choose(checked)) == \
                trusted.apply(bots[1].choose(trusted))


def test_a_trusted_load_without_orjson_gives_the_same_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson is optional (the ``fast`` extra): without it the standard parser serves."""
    from forestshuffle.records import trusted

    g = random_game("smoky", (), 2, 8, 120)
    monkeypatch.setattr(trusted, "_loads", None)
    _same_game(fs.Game.from_json(g.to_json()), fs.Game.from_json(g.to_json(), trusted=True))


def test_a_trusted_load_reads_seeds_beyond_64_bits() -> None:
    """orjson (when installed) refuses whole numbers beyond 64 bits; seeds go up to 2**128,
    so the trusted load falls back to the standard parser for them."""
    g = fs.new_game("base", players=2, seed=2**127 + 12345)
    g.apply(g.legal_actions()[0])
    _same_game(fs.Game.from_json(g.to_json()), fs.Game.from_json(g.to_json(), trusted=True))


def test_a_trusted_load_of_an_older_version_goes_through_the_checked_load() -> None:
    """The stored version 1 record loads trusted too (its bookkeeping differs: it replays)."""
    path = Path(__file__).parent / "records"
    v1 = next(p for p in sorted(path.glob("*.json"))
              if json.loads(p.read_text())["version"] == 1)
    text = v1.read_text()
    _same_game(fs.Game.from_json(text), fs.Game.from_json(text, trusted=True))


@pytest.mark.parametrize("damage", ["not json", "[]", '{"format": "x"}', "no events",
                                    "event garbage", "unknown event", "short log",
                                    "bad action", "step args a list", "step args null",
                                    "step player a str", "step card a float",
                                    "step kind null", "steps' player a bool"])
def test_a_damaged_trusted_record_is_a_record_error(damage: str) -> None:
    """Trusted is not careless: what cannot be a record raises RecordError, never a crash. A
    step field of another type fails too (the decoders check it: Step itself would store
    it)."""
    g = random_game("base", (), 2, 7, 30)
    data: dict[str, Any] = json.loads(g.to_json())
    if damage == "not json":
        text = "{"
    elif damage in ("[]", '{"format": "x"}'):
        text = damage
    else:
        if damage == "no events":
            del data["events"]
        elif damage == "event garbage":
            data["events"][5] = 17
        elif damage == "unknown event":
            data["events"][5]["type"] = "Nope"
        elif damage == "short log":
            del data["events"][-3:]
        elif damage == "bad action":
            data["actions"][2] = {"type": "PlayCard"}
        elif damage.startswith("step args"):
            e = next(e for e in data["events"] if e["type"] == "StepsReplaced"
                     and len(e["steps"]) == 1)
            e["steps"][0]["args"] = [] if damage.endswith("list") else None
        elif damage.startswith("step "):
            e = next(e for e in data["events"] if e["type"] == "StepsReplaced"
                     and len(e["steps"]) == 1)
            field, value = {"player": ("player", "0"), "card": ("card", 1.0),
                            "kind": ("kind", None)}[damage.split()[1]]
            e["steps"][0][field] = value
        elif damage.startswith("steps'"):  # a list of several steps (the other decoder path)
            e = next(e for e in data["events"] if "steps" in e and len(e["steps"]) > 1)
            e["steps"][-1]["player"] = True
        text = json.dumps(data)
    with pytest.raises(RecordError):
        fs.Game.from_json(text, trusted=True)


@pytest.mark.parametrize("enabled", [True, False])
def test_a_trusted_load_leaves_the_garbage_collector_as_it_found_it(enabled: bool) -> None:
    """The load pauses the cyclic collector (trusted.load's docstring) and restores it, after
    a load and after a failed one: a program that runs with it off keeps it off."""
    text = random_game("base", (), 2, 7, 30).to_json()
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        fs.Game.from_json(text, trusted=True)
        assert gc.isenabled() is enabled
        with pytest.raises(RecordError):
            fs.Game.from_json(text[:-9], trusted=True)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def _mutations(d: dict[str, Any]) -> list[dict[str, Any]]:
    """Records that look like *d* but are not it: a whole number made a float, a bool, a
    text or another number; a list shortened or a float put in; a key added; the version
    changed; a step's field retyped."""
    out: list[dict[str, Any]] = []
    for k, v in d.items():
        if k == "type":
            continue
        if type(v) is int:
            for bad in (float(v), str(v), v + 1, bool(v) if v in (0, 1) else None):
                out.append({**d, k: bad})
        elif type(v) is bool:
            out.append({**d, k: int(v)})
        elif type(v) is list and v:
            out.append({**d, k: v[:-1]})
            if type(v[0]) is int:
                out.append({**d, k: [float(v[0]), *v[1:]]})
            if type(v[0]) is dict:
                bad_step = json.loads(json.dumps(v))
                bad_step[0]["player"] = float(bad_step[0]["player"])
                out.append({**d, k: bad_step})
                extra_arg = json.loads(json.dumps(v))
                extra_arg[0]["args"]["zz"] = 1
                out.append({**d, k: extra_arg})
    out.append({**d, "zz": 1})
    return out


@pytest.mark.parametrize(("ruleset", "expansions", "players"), CASES)
def test_the_strict_comparators_accept_an_event_and_refuse_look_alikes(
        ruleset: str, expansions: tuple[str, ...], players: int) -> None:
    """For every event of a random game, its record is accepted by its class's comparator,
    and every look-alike is refused (and the general converter, which then decides, never
    finds a look-alike equal with the same types)."""
    g = random_game(ruleset, expansions, players, 11)
    seen: set[type] = set()
    for e in g.events:
        d = json.loads(json.dumps(record.event_to_dict(e)))
        same = comparator_of(type(e))
        assert same is not None, type(e)
        assert same(d, e)
        if type(e) in seen:
            continue
        seen.add(type(e))
        for bad in _mutations(d):
            assert not same(bad, e), (type(e).__name__, bad)


def test_the_action_readers_read_exactly_the_actions_records_hold() -> None:
    """Every action of a random game reads back equal through its generated reader, and a
    look-alike (a float for a whole number, a missing or extra key) is left to the general
    converter (the reader says None)."""
    g = random_game("base", ("alpine", "woodland_edge"), 3, 12)
    rng = random.Random(1)
    for a, at in g.actions:
        d = json.loads(json.dumps({**record.action_to_dict(a), "at": at}))
        read = action_reader_of(type(a))
        assert read is not None
        assert read(d) == a and record.action_from_dict(d, 0, g.rules) == (a, at)
        fields = [k for k, v in d.items() if type(v) is int and k != "at"]
        if fields:
            k = rng.choice(fields)
            assert read({**d, k: float(d[k])}) is None
        assert read({**d, "zz": 1}) is None
        assert read({k: v for k, v in d.items() if k != "at"}) is None


def test_a_class_with_field_types_the_generator_does_not_know_gets_no_fast_code() -> None:
    """A plugin event with, say, a float or a mapping field is decoded and compared by the
    general converter: the generator declines it rather than guessing."""
    import attrs

    @attrs.define
    class Odd:
        class_version = 1
        weights: dict[str, float]

    assert decoder_of(Odd) is None and comparator_of(Odd) is None


def test_the_list_decoder_makes_instances_inline_only_where_the_class_would_store_the_same(
) -> None:
    """The generated loop makes a plain slotted (or frozen) attrs instance without calling its
    class, and only then: a class with a validator, a converter, a post-init hook or a cached
    hash is still made by its class, so what its ``__init__`` does still happens."""
    import attrs

    from forestshuffle.records.codegen import list_decoder

    made: list[int] = []

    def seen(_: Any, __: Any, value: int) -> None:
        made.append(value)

    @attrs.define
    class Plain:
        class_version = 1
        card: int
        cards: tuple[int, ...] = ()

    @attrs.frozen
    class Frozen:
        class_version = 1
        card: int
        label: str = attrs.field(default="", eq=False, kw_only=True)

    @attrs.define
    class Checked:
        class_version = 1
        card: int = attrs.field(validator=seen)

    @attrs.define
    class Hooked:
        class_version = 1
        card: int

        def __attrs_post_init__(self) -> None:
            made.append(-self.card)

    @attrs.frozen(cache_hash=True)
    class Hashed:
        class_version = 1
        card: int

    decode = list_decoder([Plain, Frozen, Checked, Hooked, Hashed])
    raw = [{"type": c.__name__, "v": 1, "card": 3, **({"cards": [1, 2]} if c is Plain else {})}
           for c in (Plain, Frozen, Checked, Hooked, Hashed)]
    got = decode(raw, lambda d, i: pytest.fail(f"{d} not decoded"))
    assert got == [Plain(3, (1, 2)), Frozen(3), Checked(3), Hooked(3), Hashed(3)]
    assert got[0].cards == (1, 2) and got[1].label == ""
    assert made == [3, -3, 3, -3]  # the validator and the hook ran while decoding, as above
    assert hash(got[4]) == hash(Hashed(3))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        got[1].card = 4
