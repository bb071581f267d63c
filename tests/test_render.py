"""Issue 13: pictures of a game (``forestshuffle.display.render``) and the turn-by-turn replay page
(``forestshuffle.display.replay``): every card a labelled tile in its tree symbol's colour, slots
around each tree, shared slots stacked, the clearing and the caves' sizes; notebooks' reprs.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import forestshuffle as fs
from forestshuffle.bots import HeuristicBot, RandomBot, play_out
from forestshuffle.display import render
from forestshuffle.display.replay import page_pictures, replay_html, turn_states
from forestshuffle.documents.reader import read_document

SVG = "{http://www.w3.org/2000/svg}"

DOC = {"game": "base", "players": [
    {"name": "Ada", "cave": 2, "forest": [
        {"tree": "Douglas Fir", "top": ["Tawny Owl"], "bottom": ["Common Toad", "Common Toad"]},
        {"sapling": True}]},
    {"name": "Bo", "cave": 13, "forest": [{"tree": "Linden", "left": ["Roe Deer"]}]}]}


def tiles(svg: str) -> list[tuple[str, str]]:
    """(title, fill) of every card tile (a ``g.c`` group) of an SVG picture."""
    root = ET.fromstring(svg)
    out = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").split()[0:1] == ["c"]:
            title = g.find(f"{SVG}title")
            rect = g.find(f"{SVG}rect")
            assert title is not None and rect is not None
            out.append((title.text or "", rect.get("fill", "")))
    return out


def played_game(seed: int = 4) -> fs.Game:
    g = fs.new_game("base", 2, seed=seed)
    play_out(g, [HeuristicBot(1), RandomBot(2)])
    return g


def test_a_forest_is_every_card_in_its_tree_symbols_colour():
    rules, _, _, forests, _ = read_document(DOC)
    svg = render.forest_svg(rules, forests[0])
    got = tiles(svg)
    names = [t.split(" (")[0] for t, _ in got]
    assert sorted(names) == sorted(["Douglas Fir", "Tawny Owl", "Common Toad", "Common Toad",
                                    "Sapling"])
    f = forests[0]
    for card, (_, _, half) in f.where.items():
        if half < 0:
            continue
        h = rules.halves[card][half]
        assert (f"{h.name} ({h.symbol})", render.symbol_colour(rules, h.symbol)) in got


def test_a_shared_slot_is_stacked_with_its_count():
    """Two Common Toads share the bottom slot (base rules): two tiles, a badge "2"."""
    rules, _, _, forests, _ = read_document(DOC)
    root = ET.fromstring(render.forest_svg(rules, forests[0]))
    badges = [g for g in root.iter(f"{SVG}g") if g.get("class") == "b"]
    assert len(badges) == 1
    assert badges[0].find(f"{SVG}text").text == "2"  # type: ignore[union-attr]
    toads = [(float(g.find(f"{SVG}rect").get("y")), g) for g in root.iter(f"{SVG}g")  # type: ignore[union-attr]
             if g.get("class", "").startswith("c") and "Common Toad" in
             (g.find(f"{SVG}title").text or "")]  # type: ignore[union-attr]
    assert len(toads) == 2 and toads[0][0] != toads[1][0]


def test_the_slots_sit_around_the_tree_top_above_bottom_below_sides_beside():
    rules, _, _, forests, _ = read_document(DOC)
    root = ET.fromstring(render.forest_svg(rules, forests[1]))
    where = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").startswith("c"):
            rect = g.find(f"{SVG}rect")
            where[g.find(f"{SVG}title").text.split(" (")[0]] = (  # type: ignore[union-attr]
                float(rect.get("x")), float(rect.get("y")))  # type: ignore[union-attr, arg-type]
    empty = [(float(r.get("x")), float(r.get("y"))) for r in root.iter(f"{SVG}rect")  # type: ignore[arg-type]
             if r.get("class") == "e"]
    tree, deer = where["Linden"], where["Roe Deer"]
    assert deer[1] == tree[1] and deer[0] < tree[0]  # left of the tree
    assert {(tree[0], y) for y in (tree[1] - render.H - render.GAP,
                                   tree[1] + render.H + render.GAP)} <= set(empty)
    assert (tree[0] + render.W + render.GAP, tree[1]) in empty  # the free right slot


def test_a_position_shows_the_clearing_and_the_sizes_of_hands_and_caves():
    g = played_game()
    svg = g._repr_svg_()
    text = " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))
    s = g.state
    assert f"Clearing ({len(s.clearing)})" in text
    assert f"deck {len(s.deck)}" in text and f"winter cards {len(s.winter)}" in text
    for p in range(2):
        assert f"{g.names[p]}'s forest  ·  hand {len(s.hands[p])}  ·  cave {len(s.caves[p])}" \
            in text
    shown = [t for t, _ in tiles(svg)]
    assert len(shown) == len(s.clearing) * 2 - sum(
        1 for c in s.clearing if len(g.rules.halves[c]) == 1) + sum(len(f) for f in s.forests)


def test_a_view_shows_its_own_hand_and_no_other():
    g = fs.new_game("base", 2, seed=9)
    for _ in range(12):
        g.apply(RandomBot(5).choose(g))
    v = g.view(0)
    svg = v._repr_svg_()
    text = " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))
    assert "Your hand" in text and "Your forest (Player 1)" in text
    titles = [t for t, _ in tiles(svg)]
    mine = {g.rules.halves[c][0].name for c in g.state.hands[0]}
    for name in mine:
        assert any(t.startswith(name) for t in titles), name
    hidden = set(g.state.hands[1]) - set(g.state.hands[0])
    other_only = {g.rules.halves[c][0].name for c in hidden} - mine - {
        g.rules.halves[c][i].name for c in [*g.state.clearing, *g.state.forests[0].cards(),
                                            *g.state.forests[1].cards()]
        for i in range(len(g.rules.halves.get(c, ())))}
    for name in other_only:
        assert not any(t.startswith(name + " (") for t in titles), name


def test_the_view_keeps_its_data_without_the_ruleset():
    v = fs.new_game("base", 2, seed=9).view(0)
    assert "rules" not in v.to_dict() and v.rules is not None
    assert "rules" not in repr(v)


def test_a_score_report_is_an_html_table_with_each_card_and_the_totals():
    report = fs.score_document(DOC)
    page = report._repr_html_()
    assert page.startswith("<table") and "Ada: 22 points" in page and "Bo: 22 points" in page
    assert page.count("<tr>") == sum(len(p.lines) + 2 for p in report.players)


def test_texts_are_escaped_for_xml_and_made_printable():
    g = fs.new_game("base", 2, seed=3, names=["<b>&amp;", "Bo"])
    svg = g._repr_svg_()
    ET.fromstring(svg)  # well-formed
    assert "<b>&amp;" not in svg and "&lt;b&gt;&amp;amp;" in svg


def test_turn_states_end_at_the_games_state_one_step_per_turn():
    g = played_game(6)
    states = turn_states(g)
    turns = sum(1 for e in g.events[g.setup_events:] if isinstance(e, fs.core.events.TurnStarted))
    assert len(states) == turns + 1
    assert states[-1][1].snapshot() == g.state.snapshot()
    assert states[0][1].forests[0].sites == [] and states[1][0].startswith("1 ")


def test_the_replay_page_is_self_contained_one_picture_per_step():
    g = played_game(7)
    page = replay_html(g)
    assert not re.search(r"(src|href)\s*=", page)
    assert not re.search(r"https?://", page)
    steps = page_pictures(page)
    assert len(steps) == len(turn_states(g))
    assert all(not re.search(r"https?://(?!www\.w3\.org/2000/svg)", s) for s in steps)
    last = steps[-1]
    ET.fromstring(last)
    assert len(tiles(last)) == len(g.state.clearing) + sum(
        1 for c in g.state.clearing if len(g.rules.halves[c]) == 2) + sum(
        len(f) for f in g.state.forests)
