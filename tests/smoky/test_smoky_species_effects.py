"""Effects, bonuses, permanent triggers and placement rules of the Smoky Mountains
species, and the Smoky turn rules (RULES.md §3-4, plugins/smoky/RECONSTRUCTION.md).

Each test sets up a position with :func:`forestshuffle.testing.scenario`, plays a card
through ordinary decisions and checks hands, caves, clearing, forest and whose turn it is.
The type icons the texts lack ("of a given type") follow RECONSTRUCTION.md.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import forestshuffle as fs
from forestshuffle.core import events as ev
from forestshuffle.core.rules import placements
from forestshuffle.testing import CardPicker, scenario

RULES = fs.get_ruleset("smoky")
GENERIC = "smoky_generic_river"
TREE_OF_SYMBOL = {"Basswood": "basswood", "Black Gum": "black_gum", "Hemlock": "hemlock",
                  "Fraser Fir": "fraser_fir", "Hickory": "hickory",
                  "Yellow Birch": "yellow_birch", "Silver Maple": "silver_maple",
                  "Buckeye": "buckeye"}


def sp(name: str) -> str:
    return f"smoky.{name}"


@pytest.fixture
def pk() -> CardPicker:
    return CardPicker(RULES)


# -- helpers ---------------------------------------------------------------------------------


def half_index(card: int, species: str) -> int:
    return [h.species for h in RULES.halves[card]].index(sp(species))


def half(card: int, species: str):
    return RULES.halves[card][half_index(card, species)]


def tags_of(card: int) -> set[str]:
    return {t for h in RULES.halves[card] for t in h.tags}


def lacking(pk: CardPicker, tag: str, n: int, *, trees: bool = False) -> list[int]:
    """*n* unused cards none of whose halves has *tag* (trees only if *trees*)."""
    out = []
    for c in sorted(RULES.halves):
        if len(out) == n:
            break
        if c in pk.used or RULES.is_tree_card(c) != trees or tag in tags_of(c):
            continue
        pk.used.add(c)
        out.append(c)
    return out


def pick_lacking(pk: CardPicker, species: str, tag: str, side: str | None = None) -> int:
    """An unused card of *species* whose other half lacks *tag* too."""
    for c in sorted(RULES.halves):
        if c in pk.used or tag in tags_of(c):
            continue
        for h in RULES.halves[c]:
            if h.species == sp(species) and (side is None or h.position.value == side):
                pk.used.add(c)
                return c
    raise LookupError(species)


def payment(pk: CardPicker, card: int, species: str, match: bool = True) -> list[int]:
    """Tree cards paying *species*' cost: showing its symbol (``match``) or not."""
    h = half(card, species)
    sym = h.symbol
    if not match:
        sym = "Yellow Birch" if sym != "Yellow Birch" else "Buckeye"
    return [pk.pick(sp(TREE_OF_SYMBOL[sym])) for _ in range(h.cost)]


def std_forest(pk: CardPicker) -> list:
    """Site 0: a Hemlock with a generic river; site 1: a Buckeye without one."""
    hemlock, buckeye = pk.pick(sp("hemlock")), pk.pick(sp("buckeye"))
    return [(hemlock, {"under": pk.filler(1, trees=False)}), (buckeye, {})]


def play(g: fs.Game, card: int, species: str | None = None, pay: Iterable[int] = (),
         slot: tuple[int, str] | None = None) -> None:
    """Play *card* from hand (its *species* half, into *slot* or the first offered),
    paying with *pay*."""
    g.apply(fs.PlayCard(card))
    if g.pending.kind == "place":
        assert species is not None
        hi = half_index(card, species)
        opts = [o for o in g.pending.options if o.half == hi
                and (slot is None or (o.site, o.slot) == slot)]
        assert opts, g.pending.options
        g.apply(opts[0])
    for c in sorted(pay):
        assert g.pending.kind == "pay", g.pending
        g.apply(fs.PayWith(c))


def place_first(g: fs.Game, species: str, card: int) -> None:
    """Answer a place decision with the first spot for *species*' half (trees need none)."""
    if g.pending.kind == "place":
        hi = half_index(card, species)
        g.apply(next(o for o in g.pending.options if o.half == hi))


def resolve(g: fs.Game, use: Iterable[str] = ("effect", "bonus", "trigger"),
            player: int = 0) -> list[str]:
    """Answer the offers of *player* (Use the kinds in *use*, Pass the rest, Pass a river
    offer) until something else is asked; returns the kinds offered, in order."""
    use = set(use)
    seen = []
    while g.pending is not None and g.pending.player == player and g.pending.kind in {
            "effect", "bonus", "trigger", "upgrade_site"}:
        seen.append(g.pending.kind)
        g.apply(fs.Use() if g.pending.kind in use else fs.Pass())
    return seen


def hand(g: fs.Game, player: int = 0) -> list[int]:
    return sorted(g.state.hands[player])


def next_players_turn(g: fs.Game) -> bool:
    return g.pending.kind == "turn" and g.pending.player == 1


def extra_turn_started(g: fs.Game) -> bool:
    last = [e for e in g.events if isinstance(e, ev.TurnStarted)][-1]
    return g.pending.kind == "turn" and g.pending.player == 0 and last.extra


def spots(g: fs.Game, card: int, species: str, player: int = 0) -> set[tuple[int, str]]:
    """(site, slot) pairs where *card*'s half of *species* may go now."""
    hi = half_index(card, species)
    return {(p.site, p.slot) for p in placements(g.state, player, card) if p.half == hi}


def kinds(g: fs.Game) -> list[str]:
    return [s.kind.id for s in g.state.forests[0].sites]


# -- placement: water requirement, rivers, special slots -----------------------------------


def test_water_cards_never_go_on_a_tree_without_river(pk):
    tree = pk.pick(sp("buckeye"))
    cards = {s: pk.pick(sp(s), side=side) for s, side in [
        ("brook_trout", "bottom"), ("bald_eagle", "top"), ("mink", "left"),
        ("caddisfly", "top"), ("eastern_hellbender", "bottom")]}
    g = scenario("smoky", forests={0: [(tree, {})]}, hands={0: list(cards.values())})
    for s, c in cards.items():
        assert spots(g, c, s) == set(), s


def test_cards_without_water_requirement_never_go_into_a_standalone_river(pk):
    creek, fall, fd = pk.pick(sp("creek")), pk.pick(sp("waterfall")), pk.filler(1)[0]
    cards = {s: pk.pick(sp(s), side=side) for s, side in [
        ("scarlet_tanager", "top"), ("common_box_turtle", "bottom"),
        ("flying_squirrel", "top"), ("wood_frog", "bottom")]}
    trout = pk.pick(sp("brook_trout"))
    g = scenario("smoky", forests={0: [(creek, {}), (fall, {}), ((GENERIC, fd), {})]},
                 hands={0: [*cards.values(), trout]})
    for s, c in cards.items():
        assert spots(g, c, s) == set(), s
    # a water card does go there: below each of the three rivers
    assert spots(g, trout, "brook_trout") == {
        (0, "bottom_1"), (0, "bottom_2"), (1, "bottom_1"), (1, "bottom_2"), (1, "bottom_3"),
        (1, "bottom_4"), (2, "bottom_1"), (2, "bottom_2")}


def test_tree_with_river_takes_both_kinds_on_top_and_sides(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    eagle, tanager = pk.pick(sp("bald_eagle")), pk.pick(sp("scarlet_tanager"))
    otter = pk.pick(sp("river_otter"), side="left")
    fox = pk.pick(sp("gray_fox"), side="left")
    g = scenario("smoky", forests={0: [(tree, {"under": [under]})]},
                 hands={0: [eagle, tanager, otter, fox]})
    assert spots(g, eagle, "bald_eagle") == {(0, "top")}
    assert spots(g, tanager, "scarlet_tanager") == {(0, "top")}
    assert spots(g, otter, "river_otter") == {(0, "left")}
    assert spots(g, fox, "gray_fox") == {(0, "left")}


def test_the_slots_below_a_tree_river_take_only_water_cards(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    trout = pk.pick(sp("brook_trout"))
    hellbender = pk.pick(sp("eastern_hellbender"))
    turtle = pk.pick(sp("common_box_turtle"))
    chipmunk = pk.pick(sp("eastern_chipmunk"))
    g = scenario("smoky", forests={0: [(tree, {"under": [under]})]},
                 hands={0: [trout, hellbender, turtle, chipmunk]})
    below = {(0, "bottom_1"), (0, "bottom_2")}
    assert spots(g, trout, "brook_trout") == below
    assert spots(g, hellbender, "eastern_hellbender") == below
    assert spots(g, turtle, "common_box_turtle") == set()
    assert spots(g, chipmunk, "eastern_chipmunk") == set()
    # and at most 2 below the river
    t2 = pk.pick(sp("brook_trout"))
    full = scenario("smoky", forests={0: [(tree, {"under": [under], "bottom_1": [trout],
                                                  "bottom_2": [hellbender]})]},
                    hands={0: [t2]})
    assert spots(full, t2, "brook_trout") == set()


def test_water_starwort_goes_only_into_rivers_never_on_a_tree_with_river(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    creek, fd = pk.pick(sp("creek")), pk.filler(1, trees=False)[0]
    starwort = pk.pick(sp("water_starwort"))
    g = scenario("smoky", forests={0: [(tree, {"under": [under]}), (creek, {}),
                                       ((GENERIC, fd), {})]}, hands={0: [starwort]})
    assert spots(g, starwort, "water_starwort") == {(1, "top_1"), (1, "top_2"),
                                                    (2, "top_1"), (2, "top_2")}


@pytest.mark.parametrize("species", ["beaver", "mink", "river_otter"])
def test_beaver_mink_and_otter_only_at_a_tree_with_river(pk, species):
    plain = pk.pick(sp("buckeye"))
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    creek = pk.pick(sp("creek"))
    card = pk.pick(sp(species))
    side = half(card, species).position.value
    g = scenario("smoky", forests={0: [(plain, {}), (tree, {"under": [under]}), (creek, {})]},
                 hands={0: [card]})
    assert spots(g, card, species) == {(1, side)}


def test_waterfall_takes_up_to_4_fish_below_and_no_other_species(pk):
    fall = pk.pick(sp("waterfall"))
    fish = [pk.pick(sp(s)) for s in ("smallmouth_bass", "greenside_darter", "yellow_perch")]
    trout = pk.pick(sp("brook_trout"))
    hellbender = pk.pick(sp("eastern_hellbender"))
    pondweed = pk.pick(sp("largeleaf_pondweed"))
    scorpion = pk.pick(sp("brown_water_scorpion"))
    caddis = pk.pick(sp("caddisfly"))
    hand_ = [trout, hellbender, pondweed, scorpion, caddis]
    slots = {f"bottom_{i}": [c] for i, c in enumerate(fish, 1)}
    g = scenario("smoky", forests={0: [(fall, slots)]}, hands={0: hand_})
    assert spots(g, trout, "brook_trout") == {(0, "bottom_4")}
    for c, s in [(hellbender, "eastern_hellbender"), (pondweed, "largeleaf_pondweed"),
                 (scorpion, "brown_water_scorpion")]:
        assert spots(g, c, s) == set(), s
    # its top slots are ordinary river slots
    assert spots(g, caddis, "caddisfly") == {(0, "top_1"), (0, "top_2")}
    # a fifth fish finds no room below it
    bass2 = pk.pick(sp("smallmouth_bass"))
    full = scenario("smoky", forests={0: [(fall, {**slots, "bottom_4": [trout]})]},
                    hands={0: [bass2]})
    assert spots(full, bass2, "smallmouth_bass") == set()


def test_thermometer_crickets_share_a_slot_and_no_one_else_joins(pk):
    tree = pk.pick(sp("hemlock"))
    c1, c2, c3 = (pk.pick(sp("thermometer_cricket")) for _ in range(3))
    tanager = pk.pick(sp("scarlet_tanager"))
    g = scenario("smoky", forests={0: [(tree, {"top": [c1, c2]})]}, hands={0: [c3, tanager]})
    assert spots(g, c3, "thermometer_cricket") == {(0, "top")}  # a third one too
    assert spots(g, tanager, "scarlet_tanager") == set()
    g.apply(fs.PlayCard(c3))
    g.apply(next(o for o in g.pending.options if (o.site, o.slot) == (0, "top")))
    assert g.state.forests[0].sites[0].slots["top"] == [c1, c2, c3]
    # and a Cricket does not join another species' slot
    other = pk.pick(sp("hemlock"))
    c4 = pk.pick(sp("thermometer_cricket"))
    t2 = pk.pick(sp("scarlet_tanager"))
    g = scenario("smoky", forests={0: [(other, {"top": [t2]})]}, hands={0: [c4]})
    assert spots(g, c4, "thermometer_cricket") == set()


def test_red_squirrel_only_left_and_gray_squirrel_only_right(pk):
    tree = pk.pick(sp("hemlock"))
    reds = [pk.pick(sp("red_squirrel")) for _ in range(4)]
    grays = [pk.pick(sp("gray_squirrel")) for _ in range(4)]
    assert {half(c, "red_squirrel").position.value for c in reds} == {"left"}
    assert {half(c, "gray_squirrel").position.value for c in grays} == {"right"}
    g = scenario("smoky", forests={0: [(tree, {})]}, hands={0: [reds[0], grays[0]]})
    assert spots(g, reds[0], "red_squirrel") == {(0, "left")}
    assert spots(g, grays[0], "gray_squirrel") == {(0, "right")}


# -- generic rivers under trees --------------------------------------------------------------


@pytest.mark.parametrize("tuck", [True, False])
def test_every_tree_play_reveals_a_card_with_or_without_river(pk, tuck):
    birch = pk.pick(sp("yellow_birch"))
    x, y = pk.filler(2, trees=False)
    deck = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [birch, x, y]}, deck=deck)
    play(g, birch)
    assert g.pending.kind == "upgrade_site"
    assert set(g.pending.options) == {fs.PickCard(x), fs.PickCard(y), fs.Pass()}
    g.apply(fs.PickCard(x) if tuck else fs.Pass())
    site = g.state.forests[0].sites[0]
    assert site.kind.id == ("smoky_tree_with_river" if tuck else "smoky_tree")
    assert site.under == ([x] if tuck else [])
    assert g.state.clearing == [deck[0]]  # revealed before the Birch's effect is offered
    assert g.pending.kind == "effect"
    g.apply(fs.Use())
    assert hand(g) == sorted([y, deck[1]] if tuck else [x, y, deck[1]])


def test_a_tree_without_river_never_gets_one_later(pk):
    birch = pk.pick(sp("yellow_birch"))
    birch2 = pk.pick(sp("yellow_birch"))
    rest = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [birch, birch2, *rest]}, deck=pk.filler(8, trees=False))
    play(g, birch)
    g.apply(fs.Pass())  # no river
    resolve(g)
    g.apply(fs.DrawFromDeck())  # player 1
    g.apply(fs.DrawFromDeck())
    # player 0 plays a second tree: the river offer is for the new tree only
    play(g, birch2)
    assert g.pending.kind == "upgrade_site"
    assert g.state.queue[0].args["site"] == 1
    g.apply(fs.PickCard(rest[0]))
    f = g.state.forests[0]
    assert [s.kind.id for s in f.sites] == ["smoky_tree", "smoky_tree_with_river"]
    assert f.sites[0].under == [] and f.sites[1].under == [rest[0]]
    # nothing offers a river for an existing tree (no action tucks a card under site 0)
    resolve(g)
    for a in g.legal_actions():
        assert not isinstance(a, fs.Place) or a.slot != "under"


def test_no_river_is_offered_with_an_empty_hand(pk):
    birch = pk.pick(sp("yellow_birch"))
    g = scenario("smoky", hands={0: [birch]}, deck=pk.filler(3, trees=False))
    play(g, birch)
    assert g.pending.kind == "effect"  # straight to the Birch's effect
    assert g.state.forests[0].sites[0].kind.id == "smoky_tree"


@pytest.mark.parametrize("species", ["brook_trout", "black_bear", "great_blue_heron"])
def test_standalone_generic_river_is_a_new_site_never_below_a_tree(pk, species):
    card = pk.pick(sp(species))
    pay = payment(pk, card, species)
    x = pk.filler(1, trees=False)[0]
    forest = std_forest(pk)
    deck = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [card, *pay, x]}, forests={0: forest}, deck=deck)
    play(g, card, species, pay)
    clearing = list(g.state.clearing)
    what = "effect" if species == "black_bear" else "bonus"
    assert resolve(g, use={what}) == [what]
    assert g.pending.kind == "play_face_down"
    assert fs.PickCard(x) in g.pending.options
    g.apply(fs.PickCard(x))
    f = g.state.forests[0]
    assert kinds(g) == ["smoky_tree_with_river", "smoky_tree", GENERIC]
    assert f.sites[2].card == x and f.where[x] == (2, "center", -1)
    assert [s.under for s in f.sites[:2]] == [forest[0][1]["under"], []]
    assert g.state.clearing == clearing  # a river is no tree: nothing revealed
    assert f.count("feature:river") == 2 and f.count("trees") == 2


# -- trees ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("species", "side"), [
    ("hickory", None), ("silver_maple", None), ("yellow_birch", None),
    ("virginia_opossum", "top"), ("coyote", None), ("masked_shrew", None),
    ("turkey", None)])
def test_draw_1_effects(pk, species, side):
    card = pk.pick(sp(species), side=side)
    pay = payment(pk, card, species, match=False)
    forest = std_forest(pk)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [card, *pay]}, forests={0: forest}, deck=deck)
    play(g, card, species, pay)
    tree = RULES.is_tree_card(card)
    assert resolve(g) == ["effect"]
    # a tree reveals the top card first, then its effect draws the next
    assert hand(g) == [deck[1] if tree else deck[0]]
    assert g.state.clearing == [*sorted(pay), *([deck[0]] if tree else [])]
    assert next_players_turn(g)


@pytest.mark.parametrize("species", [
    "hemlock", "creek", "bald_eagle", "wintergreen", "wood_frog", "black_bear",
    "chestnut_sided_warbler", "river_otter", "spotted_skunk"])
@pytest.mark.parametrize("match", [True, False])
def test_extra_turn_bonuses_need_every_payment_card_to_show_the_symbol(pk, species, match):
    card = pk.pick(sp(species))
    pay = payment(pk, card, species, match=match)
    if not match and len(pay) > 1:  # one card with the symbol is not enough
        pay[0] = payment(pk, card, species)[0]
    g = scenario("smoky", hands={0: [card, *pay]}, forests={0: std_forest(pk)},
                 deck=pk.filler(4, trees=False))
    play(g, card, species, pay)
    offered = resolve(g, use={"bonus"})
    if match:
        assert offered[-1] == "bonus"
        assert extra_turn_started(g)
    else:
        assert "bonus" not in offered
        assert next_players_turn(g)


def test_hickory_bonus_may_take_one_of_its_own_payment_cards(pk):
    hickory = pk.pick(sp("hickory"))
    pay = [pk.pick(sp("hickory")), pk.pick(sp("hickory"))]
    other = pk.filler(1, trees=False)[0]
    deck = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [hickory, *pay]}, clearing=[other], deck=deck)
    play(g, hickory, pay=pay)
    assert resolve(g, use={"effect", "bonus"}) == ["effect", "bonus"]
    assert g.pending.kind == "take"
    assert {fs.PickCard(pay[0]), fs.PickCard(pay[1]), fs.PickCard(other),
            fs.PickCard(deck[0])} <= set(g.pending.options)
    g.apply(fs.PickCard(pay[1]))
    assert hand(g) == sorted([deck[1], pay[1]])
    assert sorted(g.state.clearing) == sorted([other, pay[0], deck[0]])


@pytest.mark.parametrize(("species", "what"), [
    ("scarlet_tanager", "effect"), ("blue_mistflower", "effect"), ("rockcap_fern", "bonus"),
    ("bobcat", "bonus"), ("coyote", "bonus"), ("weevil_wasp", "bonus")])
def test_take_1_from_the_clearing(pk, species, what):
    card = pk.pick(sp(species))
    pay = payment(pk, card, species)
    x, y = pk.filler(2, trees=False)
    g = scenario("smoky", hands={0: [card, *pay]}, forests={0: std_forest(pk)},
                 clearing=[x, y], deck=pk.filler(4, trees=False))
    play(g, card, species, pay)
    assert what in resolve(g, use={what})
    assert g.pending.kind == "take"
    g.apply(fs.PickCard(y))
    assert y in hand(g) and y not in g.state.clearing and x in g.state.clearing
    assert len(hand(g)) == 1  # only one card


# -- free plays from the hand ----------------------------------------------------------------

FREE_PLAY_TARGET = {"fish": "smallmouth_bass", "bird": "turkey", "tree": "yellow_birch",
                    "insect": "weevil_wasp", "mouse": "masked_shrew"}


@pytest.mark.parametrize(("species", "what", "tag"), [
    ("caddisfly", "effect", "fish"), ("brown_water_scorpion", "effect", "fish"),
    ("bobcat", "effect", "bird"), ("yellow_bellied_sapsucker", "effect", "bird"),
    ("fraser_fir", "bonus", "tree"), ("six_spotted_tiger_beetle", "bonus", "insect"),
    ("short_tailed_shrew", "bonus", "mouse"), ("virgins_bower", "bonus", "bird"),
    ("white_tailed_deer", "bonus", "tree")])
def test_free_play_of_a_given_type_from_hand(pk, species, what, tag):
    card = pk.pick(sp(species))
    pay = payment(pk, card, species)
    target_sp = FREE_PLAY_TARGET[tag]
    target = pick_lacking(pk, target_sp, "fish" if tag == "tree" else "tree") \
        if tag != "fish" else pk.pick(sp(target_sp))
    decoy = pick_lacking(pk, "common_box_turtle", tag)
    forest = std_forest(pk)
    deck = pk.filler(6, trees=False)
    g = scenario("smoky", hands={0: [card, *pay, target, decoy]}, forests={0: forest},
                 deck=deck)
    play(g, card, species, pay)
    if RULES.is_tree_card(card):
        g.apply(fs.Pass())  # no river under the played tree
    resolve(g, use={what})
    assert g.pending.kind == "free_play"
    assert set(g.pending.options) == {fs.PickCard(target), fs.Pass()}
    clearing = list(g.state.clearing)
    g.apply(fs.PickCard(target))
    place_first(g, target_sp, target)
    if tag == "tree":
        # a free-played tree reveals a card, but is not offered a river: that is only for a
        # tree played as the turn's play action (rulebook p.5; seed 000)
        assert g.pending.kind != "upgrade_site"
        assert len(g.state.clearing) == len(clearing) + 1
    else:
        assert g.state.clearing == clearing
    f = g.state.forests[0]
    assert target in f.where
    # free: nothing paid, and the target's own effect (a draw) is not offered
    assert not any(s.kind == "offer" and s.card == target for s in g.state.queue)
    resolve(g, use=())
    assert decoy in hand(g) and target not in hand(g)


# -- plays from the clearing, revealing up to 3 or 5 ------------------------------------------

FROM_CLEARING = [
    # species, effect or bonus, type, reveal limit
    ("bald_eagle", "effect", "fish", 5), ("largeleaf_pondweed", "effect", "fish", 5),
    ("yellow_perch", "effect", "fish", 5), ("mink", "effect", "fish", 5),
    ("waterfall", "bonus", "fish", 5), ("peregrine_falcon", "effect", "bird", 3),
    ("elk", "effect", "tree", 3), ("long_tailed_weasel", "effect", "mouse", 3),
    ("rock_vole", "effect", "mouse", 3)]
CLEARING_TARGET = {"fish": "smallmouth_bass", "bird": "scarlet_tanager",
                   "tree": "yellow_birch", "mouse": "masked_shrew"}


def _from_clearing_game(pk, species, what, tag, deck_fn):
    card = pk.pick(sp(species))
    if what == "bonus":
        pay = payment(pk, card, species)  # trees: not of the type
        assert tag != "tree"
    else:
        pay = lacking(pk, tag, half(card, species).cost)
    spare = lacking(pk, tag, 1)  # a hand card left (for a river under a tree)
    forest = std_forest(pk)
    deck = deck_fn()
    g = scenario("smoky", hands={0: [card, *pay, *spare]}, forests={0: forest}, deck=deck)
    play(g, card, species, pay)
    resolve(g, use={what})
    return g, pay, deck


@pytest.mark.parametrize(("species", "what", "tag", "limit"), FROM_CLEARING)
def test_play_from_clearing_reveals_one_at_a_time_until_one_fits(pk, species, what, tag,
                                                                 limit):
    holder: dict[str, int] = {}

    def deck_fn():
        misses = lacking(pk, tag, limit - 1)
        tgt = CLEARING_TARGET[tag]
        holder["t"] = pick_lacking(pk, tgt, "fish") if tag == "tree" else pk.pick(sp(tgt))
        return [*misses, holder["t"], *lacking(pk, tag, 2)]

    g, pay, deck = _from_clearing_game(pk, species, what, tag, deck_fn)
    target = holder["t"]
    assert g.pending.kind == "play_from_clearing"
    assert set(g.pending.options) == {fs.PickCard(target), fs.Pass()}
    # exactly `limit` cards revealed: the misses, then the fitting one
    assert g.state.clearing == [*pay, *deck[:limit]]
    g.apply(fs.PickCard(target))
    place_first(g, CLEARING_TARGET[tag], target)
    if tag == "tree":  # a tree from the clearing reveals, and is offered no river
        assert g.pending.kind != "upgrade_site"
        assert g.state.clearing[-1] == deck[limit]
    assert target in g.state.forests[0].where and target not in g.state.clearing


@pytest.mark.parametrize(("species", "what", "tag", "limit"), FROM_CLEARING)
def test_play_from_clearing_stops_after_3_or_5_reveals(pk, species, what, tag, limit):
    g, pay, deck = _from_clearing_game(pk, species, what, tag,
                                       lambda: lacking(pk, tag, limit + 2))
    assert g.pending.kind != "play_from_clearing"
    assert g.state.clearing == [*pay, *deck[:limit]]
    assert deck[limit] in g.state.deck


def test_play_from_clearing_reveals_nothing_when_the_clearing_has_a_fitting_card(pk):
    perch = pk.pick(sp("yellow_perch"))
    bass = pk.pick(sp("smallmouth_bass"))
    deck = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [perch]}, forests={0: std_forest(pk)}, clearing=[bass],
                 deck=deck)
    play(g, perch, "yellow_perch")
    resolve(g, use={"effect"})
    assert g.pending.kind == "play_from_clearing"
    assert g.state.clearing == [bass]
    g.apply(fs.PickCard(bass))
    place_first(g, "smallmouth_bass", bass)
    assert g.state.forests[0].where[bass][0] == 0 and g.state.clearing == []


# -- draw 2, put 1 in the cave -----------------------------------------------------------------


@pytest.mark.parametrize("species", ["eastern_hellbender", "six_spotted_tiger_beetle",
                                     "pileated_woodpecker", "short_tailed_shrew"])
def test_draw_2_then_put_1_in_the_cave(pk, species):
    card = pk.pick(sp(species))
    pay = payment(pk, card, species, match=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [card, *pay]}, forests={0: std_forest(pk)}, deck=deck)
    play(g, card, species, pay)
    assert resolve(g) == ["effect"]
    assert g.pending.kind == "cave"
    assert set(g.pending.options) == {fs.PickCard(deck[0]), fs.PickCard(deck[1])}
    g.apply(fs.PickCard(deck[0]))
    assert g.state.caves[0] == [deck[0]]
    assert hand(g) == [deck[1]]
    assert next_players_turn(g)


def test_draw_2_then_cave_1_works_with_9_cards_in_hand(pk):
    """With 9 cards in hand, "draw 2, put 1 in the cave" still draws both cards (the hand
    holds 11 for a moment) and the player caves one of them, ending at the limit of 10.
    Played from hand the Woodpecker can never resolve at 9 (paying leaves at most 8), so the
    effect kind is resolved directly on a position with 9 cards."""
    from forestshuffle.core.steps import Step
    from forestshuffle.kinds.effects import DrawThenCaveEffect

    wp = pk.pick(sp("pileated_woodpecker"))
    deck = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: pk.filler(9, trees=False)}, deck=deck)
    spec = RULES.species[sp("pileated_woodpecker")].effect[0]
    step = Step(spec.kind, 0, wp, spec.args)
    events = DrawThenCaveEffect().run(g.state, step)
    drawn = [e.card for e in events if isinstance(e, ev.CardDrawn)]
    assert drawn == deck[:2]  # both drawn at 9 cards
    assert spec.kind == "draw_then_cave" and spec.args.get("cave", 1) == 1


# -- other effects ------------------------------------------------------------------------------


def test_long_eared_owl_draws_1_per_mouse(pk):
    tree = pk.pick(sp("hemlock"))
    mice = [pk.pick(sp("masked_shrew"), side="left"), pk.pick(sp("rock_vole"), side="right")]
    owl = pk.pick(sp("long_eared_owl"))
    pay = payment(pk, owl, "long_eared_owl", match=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [owl, *pay]},
                 forests={0: [(tree, {"left": [mice[0]], "right": [mice[1]]})]}, deck=deck)
    play(g, owl, "long_eared_owl", pay)
    assert resolve(g) == ["effect"]
    assert hand(g) == sorted(deck[:2])  # 2 mice


def test_gray_fox_draws_1_per_pawed_card_itself_included(pk):
    tree = pk.pick(sp("hemlock"))
    coyote = pk.pick(sp("coyote"), side="right")
    fox = pk.pick(sp("gray_fox"), side="left")
    pay = payment(pk, fox, "gray_fox", match=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [fox, *pay]}, forests={0: [(tree, {"right": [coyote]})]},
                 deck=deck)
    play(g, fox, "gray_fox", pay)
    assert resolve(g) == ["effect"]
    assert hand(g) == sorted(deck[:2])  # Coyote + the Fox itself


def test_beaver_puts_every_tree_card_of_the_clearing_into_the_cave(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    beaver = pk.pick(sp("beaver"))
    pay = [pk.pick(sp("buckeye"))]  # a tree paid: it goes to the clearing first
    assert half(beaver, "beaver").cost == 1
    trees = [pk.pick(sp("yellow_birch")), pk.pick(sp("silver_maple"))]
    creek = pk.pick(sp("creek"))  # a river card, no tree
    other = pk.filler(1, trees=False)[0]
    g = scenario("smoky", hands={0: [beaver, *pay]}, forests={0: [(tree, {"under": [under]})]},
                 clearing=[trees[0], creek, other, trees[1]])
    play(g, beaver, "beaver", pay)
    assert resolve(g) == ["effect"]
    assert sorted(g.state.caves[0]) == sorted([*trees, *pay])
    assert sorted(g.state.clearing) == sorted([creek, other])


def test_raccoon_caves_any_number_of_hand_cards_and_draws_as_many(pk):
    tree = pk.pick(sp("hemlock"))
    raccoon = pk.pick(sp("raccoon"))
    a, b, c = pk.filler(3, trees=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [raccoon, a, b, c]}, forests={0: [(tree, {})]}, deck=deck)
    play(g, raccoon, "raccoon")
    assert resolve(g) == ["effect"]
    g.apply(fs.PickCard(a))
    g.apply(fs.PickCard(c))
    g.apply(fs.Pass())
    assert g.state.caves[0] == [a, c]
    assert hand(g) == sorted([b, *deck[:2]])


def test_white_footed_mouse_caves_1_clearing_card_per_mouse(pk):
    tree = pk.pick(sp("hemlock"))
    shrew = pk.pick(sp("masked_shrew"), side="right")
    mouse = pk.pick(sp("white_footed_mouse"), side="left")
    pay = payment(pk, mouse, "white_footed_mouse", match=False)
    x, y, z = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [mouse, *pay]}, forests={0: [(tree, {"right": [shrew]})]},
                 clearing=[x, y, z])
    play(g, mouse, "white_footed_mouse", pay)
    assert resolve(g) == ["effect"]
    # 2 mice (the Shrew and itself): 2 clearing cards, then it stops
    g.apply(fs.PickCard(x))
    assert g.pending.kind == "cave"
    g.apply(fs.PickCard(z))
    assert g.state.caves[0] == [x, z]
    assert sorted(g.state.clearing) == sorted([y, *pay])
    assert next_players_turn(g)


# -- permanent triggers ------------------------------------------------------------------------


def test_river_bend_draws_after_the_cost_before_the_played_fishs_bonus(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    bend = pk.pick(sp("river_bend"))
    trout = pk.pick(sp("brook_trout"))
    pay = payment(pk, trout, "brook_trout")
    deck = pk.filler(3, trees=False)
    g = scenario("smoky", hands={0: [trout, *pay]},
                 forests={0: [(tree, {"under": [under]}), (bend, {})]}, deck=deck)
    play(g, trout, "brook_trout", pay)
    assert g.pending.kind == "trigger"
    assert sorted(g.state.clearing) == sorted(pay)  # the cost is paid already
    g.apply(fs.Use())
    assert hand(g) == [deck[0]]
    assert g.pending.kind == "bonus"
    g.apply(fs.Use())
    # the card River Bend drew can be the Trout's generic river
    assert fs.PickCard(deck[0]) in g.pending.options


def test_river_bend_stacks_and_fires_only_for_fish(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    bends = [pk.pick(sp("river_bend")) for _ in range(2)]
    bass = pk.pick(sp("smallmouth_bass"))
    hellbender = pk.pick(sp("eastern_hellbender"))
    pay = pk.filler(2, trees=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [bass, hellbender, *pay]},
                 forests={0: [(tree, {"under": [under]}), (bends[0], {}), (bends[1], {})]},
                 deck=deck)
    play(g, bass, "smallmouth_bass", pay[:1])
    assert resolve(g) == ["trigger", "trigger"]
    assert hand(g) == sorted([hellbender, pay[1], *deck[:2]])
    g.apply(fs.DrawFromDeck())  # player 1
    g.apply(fs.DrawFromDeck())
    play(g, hellbender, "eastern_hellbender", [pay[1]])  # an amphibian: no trigger
    assert resolve(g) == ["effect"]


@pytest.mark.parametrize("species", ["tufted_titmouse", "wood_thrush"])
def test_bird_triggers_draw_before_the_birds_effect(pk, species):
    """Tufted Titmouse / Wood Thrush: "whenever you play a bird, draw 1", after the cost is
    paid and before the bird's effect and bonus (card text; RULES.md §3)."""
    tree = pk.pick(sp("hemlock"))
    trig = pk.pick(sp(species))
    turkey = pk.pick(sp("turkey"), side="left")
    shrew = pk.pick(sp("masked_shrew"), side="right")
    pay = pk.filler(1, trees=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [turkey, shrew, *pay]},
                 forests={0: [(tree, {"top": [trig]})]}, deck=deck)
    play(g, turkey, "turkey", pay)
    assert g.state.clearing == pay  # the cost is paid
    assert g.pending.kind == "trigger"  # the bird trigger first
    g.apply(fs.Use())
    assert hand(g) == sorted([shrew, deck[0]])
    assert g.pending.kind == "effect"  # then the Turkey's own draw
    g.apply(fs.Use())
    assert deck[1] in hand(g)
    g.apply(fs.DrawFromDeck())  # player 1
    g.apply(fs.DrawFromDeck())
    play(g, shrew, "masked_shrew")  # a mouse, no bird: no trigger
    assert resolve(g) == ["effect"]


@pytest.mark.parametrize("how", ["creek", "generic", "under_tree"])
def test_yellow_bullhead_draws_whenever_a_river_is_played(pk, how):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    bullhead = pk.pick(sp("yellow_bullhead"))
    forest = [(tree, {"under": [under], "bottom_1": [bullhead]})]
    if how == "creek":
        card = pk.pick(sp("creek"))
        pay = payment(pk, card, "creek", match=False)
        extra: list[int] = []
    elif how == "generic":
        card = pk.pick(sp("black_bear"))
        pay = payment(pk, card, "black_bear", match=False)
        extra = pk.filler(1, trees=False)
    else:
        card = pk.pick(sp("yellow_birch"))
        pay = []
        extra = pk.filler(1, trees=False)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [card, *pay, *extra]}, forests={0: forest}, deck=deck)
    play(g, card, "black_bear" if how == "generic" else None, pay)
    if how == "generic":
        assert resolve(g, use={"effect"}) == ["effect"]
        g.apply(fs.PickCard(extra[0]))
    elif how == "under_tree":
        g.apply(fs.PickCard(extra[0]))
        assert g.state.clearing == [deck[0]]  # the tree's reveal comes first
    # the Bullhead's draw, before the played card's effect (card text; RULES.md §3)
    assert g.pending.kind == "trigger"
    g.apply(fs.Use())
    assert deck[1 if how == "under_tree" else 0] in hand(g)
    if how == "under_tree":
        assert g.pending.kind == "effect"  # then the Yellow Birch's own draw
        g.apply(fs.Use())
        assert deck[2] in hand(g)


def test_yellow_bullhead_does_not_fire_for_a_tree_without_river(pk):
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    bullhead = pk.pick(sp("yellow_bullhead"))
    birch = pk.pick(sp("yellow_birch"))
    x = pk.filler(1, trees=False)[0]
    g = scenario("smoky", hands={0: [birch, x]},
                 forests={0: [(tree, {"under": [under], "bottom_1": [bullhead]})]},
                 deck=pk.filler(3, trees=False))
    play(g, birch)
    assert resolve(g) == ["upgrade_site", "effect"]  # river declined: no trigger


def test_yellow_bullhead_draws_before_a_waterfalls_bonus(pk):
    """Yellow Bullhead draws after the river's cost is paid and before its effect and bonus
    (card text; RULES.md §3): for a Waterfall, whose bonus reveals deck cards, the Bullhead's
    card is the deck's top card, and the bonus reveals from the next one."""
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    bullhead = pk.pick(sp("yellow_bullhead"))
    fall = pk.pick(sp("waterfall"))
    pay = payment(pk, fall, "waterfall")
    deck = lacking(pk, "fish", 8)
    g = scenario("smoky", hands={0: [fall, *pay]},
                 forests={0: [(tree, {"under": [under], "bottom_1": [bullhead]})]}, deck=deck)
    play(g, fall, pay=pay)
    assert g.pending.kind == "trigger"
    g.apply(fs.Use())
    assert hand(g) == [deck[0]]
    assert g.pending.kind == "bonus"
    g.apply(fs.Use())
    # no fish anywhere: the bonus reveals 5 cards, from the one after the Bullhead's draw
    assert g.state.clearing == [*sorted(pay), *deck[1:6]]


def test_universal_river_is_offered_only_for_a_tree_played_as_the_turns_play_action(pk):
    """A generic river may go under a tree played as the turn's play action (rulebook p.5;
    seed 000 "after paying its cost"), not under a tree a card's effect or bonus places:
    a Fraser Fir's bonus free-plays a tree, which gets no river offer."""
    fir = pk.pick(sp("fraser_fir"))
    pay = payment(pk, fir, "fraser_fir")
    other = pick_lacking(pk, "yellow_birch", "fish")
    x = pk.filler(1, trees=False)[0]
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [fir, *pay, other, x]}, deck=deck)
    play(g, fir, pay=pay)
    assert g.pending.kind == "upgrade_site"  # the Fir, played as the turn's action
    g.apply(fs.Pass())
    assert g.pending.kind == "bonus"
    g.apply(fs.Use())
    g.apply(fs.PickCard(other))
    assert g.pending.kind != "upgrade_site"  # the free-played Birch: no river offer
    f = g.state.forests[0]
    assert f.sites[f.where[other][0]].kind.id == "smoky_tree"
    assert x in hand(g)


def test_permanent_effects_work_at_once(pk):
    """No trigger waits for a later turn; a Yellow Bullhead played (from the clearing, by a
    Bald Eagle) on a turn that earns an extra turn draws for the river of that extra turn."""
    for s in ("river_bend", "tufted_titmouse", "wood_thrush", "yellow_bullhead"):
        assert all(not t.from_next_turn for t in RULES.triggers[sp(s)])
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    eagle = pk.pick(sp("bald_eagle"))
    pay = payment(pk, eagle, "bald_eagle")
    bullhead = pk.pick(sp("yellow_bullhead"))
    birch, x = pk.pick(sp("yellow_birch")), pk.filler(1, trees=False)[0]
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [eagle, *pay, birch, x]},
                 forests={0: [(tree, {"under": [under]})]}, clearing=[bullhead], deck=deck)
    play(g, eagle, "bald_eagle", pay)
    assert resolve(g, use={"effect"}) == ["effect"]
    g.apply(fs.PickCard(bullhead))
    place_first(g, "yellow_bullhead", bullhead)
    assert g.state.forests[0].where[bullhead][:2] == (0, "bottom_1")
    assert resolve(g, use={"bonus"}) == ["bonus"]
    assert extra_turn_started(g)
    play(g, birch)
    g.apply(fs.PickCard(x))  # a river under the new tree
    # the Bullhead, placed this very turn (deck[1]), then the Birch's draw (deck[2]);
    # deck[0] was the Birch's reveal
    assert resolve(g, use={"effect", "trigger"}) == ["trigger", "effect"]
    assert deck[1] in hand(g) and deck[2] in hand(g)


def test_order_after_placing_trigger_then_effect_then_bonus(pk):
    """A Bald Eagle (effect, bonus) with a Wood Thrush in the forest: the cost is paid, then
    the Thrush's draw, then the effect, then the bonus (the Thrush's card text: "after paying
    its cost and before its effect and bonus"; RULES.md §3)."""
    tree, under = pk.pick(sp("hemlock")), pk.filler(1, trees=False)[0]
    thrush = pk.pick(sp("wood_thrush"))
    eagle = pk.pick(sp("bald_eagle"))
    pay = payment(pk, eagle, "bald_eagle")
    deck = lacking(pk, "fish", 8)
    plain = pk.pick(sp("buckeye"))
    g = scenario("smoky", hands={0: [eagle, *pay]},
                 forests={0: [(tree, {"under": [under]}), (plain, {"top": [thrush]})]},
                 deck=deck)
    play(g, eagle, "bald_eagle", pay)
    assert sorted(g.state.clearing) == sorted(pay)  # the cost is paid
    # the trigger (deck[0]), the effect (nothing fits: 5 cards revealed), then the bonus
    assert resolve(g, use={"effect", "trigger"}) == ["trigger", "effect", "bonus"]
    assert hand(g) == [deck[0]]
    assert g.state.clearing == [*pay, *deck[1:6]]


def test_tree_play_order_reveal_then_effect_then_bonus(pk):
    hickory = pk.pick(sp("hickory"))
    pay = [pk.pick(sp("hickory")), pk.pick(sp("hickory"))]
    x = pk.filler(1, trees=False)[0]
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: [hickory, *pay, x]}, deck=deck)
    play(g, hickory, pay=pay)
    assert g.pending.kind == "upgrade_site"  # the river goes with the tree
    assert g.state.clearing == sorted(pay)
    g.apply(fs.PickCard(x))
    assert g.state.clearing == [*sorted(pay), deck[0]]  # then the reveal
    assert g.pending.kind == "effect"
    g.apply(fs.Use())
    assert hand(g) == [deck[1]]
    assert g.pending.kind == "bonus"


# -- cannot act -----------------------------------------------------------------------------


def _stuck_hand(pk: CardPicker) -> list[int]:
    """10 dweller cards: with no tree in the forest, none can be played."""
    return [pk.pick(sp(s)) for s in ["brook_trout"] * 4 + ["red_squirrel"] * 4
            + ["gray_squirrel"] * 2]


def test_cannot_act_shows_the_hand_caves_up_to_2_and_draws_as_many(pk):
    stuck = _stuck_hand(pk)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: stuck}, deck=deck)
    assert g.pending.kind == "cave" and g.pending.player == 0
    shown = [e for e in g.events if isinstance(e, ev.HandRevealed)]
    assert shown and shown[-1].player == 0 and sorted(shown[-1].cards) == sorted(stuck)
    g.apply(fs.PickCard(stuck[0]))
    g.apply(fs.PickCard(stuck[5]))
    # no third card: two caved, two drawn, the turn ends
    assert g.state.caves[0] == [stuck[0], stuck[5]]
    assert hand(g) == sorted([*stuck[1:5], *stuck[6:], *deck[:2]])
    assert next_players_turn(g)


def test_cannot_act_may_cave_fewer(pk):
    stuck = _stuck_hand(pk)
    deck = pk.filler(4, trees=False)
    g = scenario("smoky", hands={0: stuck}, deck=deck)
    g.apply(fs.PickCard(stuck[3]))
    g.apply(fs.Pass())
    assert g.state.caves[0] == [stuck[3]]
    assert deck[0] in hand(g) and deck[1] not in hand(g) and len(hand(g)) == 10
    assert next_players_turn(g)


def test_no_cannot_act_while_a_draw_or_a_play_is_possible(pk):
    stuck = _stuck_hand(pk)
    g = scenario("smoky", hands={0: stuck[:9]}, deck=pk.filler(3, trees=False))
    assert g.pending.kind == "turn"  # 9 cards: may draw
    assert fs.DrawFromDeck() in g.pending.options
    birch = pk.pick(sp("yellow_birch"))
    g = scenario("smoky", hands={0: [*stuck[:9], birch]}, deck=pk.filler(3, trees=False))
    assert g.pending.kind == "turn"  # 10 cards, but the Birch can be played
    assert set(g.pending.options) == {fs.PlayCard(birch)}
