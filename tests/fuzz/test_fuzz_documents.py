"""Fuzzed forest documents: a spoilt document is refused with a DocumentError listing its
problems, or it scores consistently: its forests export to a document that scores the same and
exports again the same, and it holds no value a document cannot hold (a fraction, a bool
where a number goes, a name with control characters).

Source: issue 15 ("documents read local files", "huge cave count", "bad input gets the
library's own error"); docs/score-documents.md, docs/security.md.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import forestshuffle as fs
from forestshuffle.documents.score import document_of, read_document
from forestshuffle.safety import check_name

from .harness import TALLY, fuzz_settings
from .inputs import GAMES, adversarial, document_text, mutated, mutated_text, paths

FLAGS = {"sapling", "river"}  # keys whose value may be true/false


def _impossible(doc: Any) -> str | None:
    """A value no document may hold, wherever it is: a fraction, a bool outside a flag, an
    unsafe player name."""
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        v, key = stack.pop()
        if isinstance(v, float):
            return f"a fraction {v!r} was accepted"
        if isinstance(v, bool) and key not in FLAGS:
            return f"a bool under {key!r} was accepted"
        if isinstance(v, dict):
            if key == "" and "name" in v and check_name(v["name"]) is not None:
                return f"the name {v['name']!r} was accepted"
            stack.extend((x, k if isinstance(k, str) else "") for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, "" if key == "players" else key) for x in v)
    return None


def _consistent(doc: Any):  # type: ignore[no-untyped-def]
    def check(report: fs.ScoreReport) -> str | None:
        problem = _impossible(doc)
        if problem:
            return problem
        rules, names, caves, forests, _ = read_document(doc)
        again = document_of(rules, names, caves, forests)
        rescored = fs.score_document(again)
        if [p.total for p in rescored.players] != [p.total for p in report.players]:
            return "its exported forests score differently"
        r2, n2, c2, f2, _ = read_document(again)
        if document_of(r2, n2, c2, f2) != again:
            return "its exported forests do not export again the same"
        return None

    return check


DOCS = list(range(len(GAMES)))


@given(st.sampled_from(DOCS), st.data())
@fuzz_settings(40)
def test_a_spoilt_document_is_refused_or_scores_consistently(index, data):
    original = json.loads(document_text(index))
    spoilt, _ = data.draw(mutated(original, list(paths(original))))
    TALLY.run("documents", lambda: fs.score_document(spoilt), valid=None,
              check=_consistent(spoilt))


@given(st.sampled_from(DOCS), st.data())
@fuzz_settings(20)
def test_a_document_spoilt_as_bytes_is_refused_or_scores_consistently(index, data):
    raw = data.draw(mutated_text(document_text(index)))
    try:
        parsed: Any = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        parsed = None
    TALLY.run("documents", lambda: fs.score_document(raw),
              valid=False if parsed is None else None,
              check=_consistent(parsed) if parsed is not None else None)


#: places a document must refuse any adversarial value but a few, with those few
TYPED = {
    ("players", 0, "cave"): lambda v: type(v) is int and 0 <= v <= 161,
    ("players", 0, "name"): lambda v: check_name(v) is None,
    ("overrides",): lambda v: isinstance(v, dict) and not v,
}


@given(st.sampled_from(sorted(TYPED)), adversarial(), st.integers(0, 1))
@fuzz_settings(30)
def test_a_typed_field_holding_a_wrong_value_is_refused(path, value, which):
    doc = json.loads(document_text(which))  # base games: 161 cards
    target = doc
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    TALLY.run("documents", lambda: fs.score_document(doc),
              valid=None if TYPED[path](value) else False, check=_consistent(doc))


@given(st.integers(2, 400), st.sampled_from(["European Hare", "Common Toad", "Wolf",
                                             "Nope", 3, None]))
@fuzz_settings(15)
def test_too_many_cards_are_refused(n, card):
    doc = {"game": "base", "players": [{"name": "A", "forest": [
        {"tree": "Birch", "left": [card] * n}]}]}
    TALLY.run("documents", lambda: fs.score_document(doc),
              valid=False if n > 1 and card != "European Hare" else None,
              check=_consistent(doc))


@given(index=st.sampled_from(DOCS), data=st.data())
@fuzz_settings(15)
def test_the_command_line_prints_nothing_raw_from_a_spoilt_document(tmp_path_factory, index,
                                                                     data):
    """Whatever the document holds, ``forestshuffle score`` exits 0 or 2 and prints no
    control character: names and messages are escaped."""
    import contextlib
    import io

    from forestshuffle.cli.app import main

    original = json.loads(document_text(index))
    spoilt, _ = data.draw(mutated(original, list(paths(original))))
    players = spoilt.get("players") if isinstance(spoilt, dict) else None
    if isinstance(players, list) and players and isinstance(players[0], dict) and \
            data.draw(st.booleans()):
        players[0]["name"] = data.draw(st.sampled_from(
            ("\x1b[2J", "A\nWinner: Eve", "\u202eB", "\x07", "Zoë")))
    path = tmp_path_factory.mktemp("doc") / "d.json"
    path.write_text(json.dumps(spoilt), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()

    def attempt() -> int:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return main(["score", str(path)])

    def clean(code: int) -> str | None:
        text = out.getvalue() + err.getvalue()
        if code not in (0, 2) or "Traceback" in text:
            return f"exit code {code}"
        if any(c in text for c in ("\x1b", "\x07", "\u202e", "\r")):
            return "a control character reached the terminal"
        if "\nWinner: Eve" in text:
            return "a name injected a line"
        return None

    TALLY.run("documents", attempt, valid=None, check=clean)
