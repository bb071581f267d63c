//! Unit tests of a forest's slots, copies and renamings.

use super::{Forest, CENTER, SLOT_INLINE, UNDER};

#[test]
fn a_slot_keeps_its_cards_in_order_beyond_those_held_in_place() {
    let mut f = Forest::blank();
    let cards: Vec<u16> = (10..10 + SLOT_INLINE as u16 + 3).collect();
    f.push_site(1, 0, None, None, &[vec![7], cards.clone(), vec![]], 2, 0, &[4, 5]);
    assert_eq!(f.slot(0, 1), &cards[..]);
    f.push_card(f.sites[0].first as usize + 1, 99);
    f.push_card(f.sites[0].first as usize, 98);
    assert_eq!(f.slot(0, 0), &[7, 98]);
    assert_eq!(f.slot(0, 1).last(), Some(&99));
    assert_eq!(f.slot_cards(&f.sites[0]).map(<[u16]>::len).collect::<Vec<_>>(), [2, SLOT_INLINE + 4, 0]);
    assert_eq!(f.under_of(0).collect::<Vec<_>>(), [4, 5]);
    assert_eq!(f.sites[0].empty, 0b100);
}

#[test]
fn a_copy_and_a_renaming_reach_stacked_and_tucked_cards() {
    let mut f = Forest::blank();
    f.push_site(1, 0, None, None, &[(20..28).collect(), vec![3]], 2, 0, &[4]);
    let mut g = Forest::blank();
    g.push_site(2, 0, None, None, &[vec![9]], 1, 0, &[]);
    g.clone_from(&f);
    assert_eq!(g.edits(), f.edits(), "a copy counts its source's changes");
    g.rename_cards(|c| c + 100);
    assert_ne!(g.edits(), f.edits(), "a renaming is a change");
    assert_eq!(g.slot(0, 0), (120..128).collect::<Vec<_>>());
    assert_eq!((g.slot(0, 1), g.sites[0].card), (&[103][..], 101));
    assert_eq!(g.under_of(0).collect::<Vec<_>>(), [104]);
    assert_eq!(f.slot(0, 0), (20..28).collect::<Vec<_>>(), "the original untouched");
}

/// `card` placed in `f` as the forest's methods place it: at the end of its order, its
/// tables written.
fn place(f: &mut Forest, card: u16, at: (u16, i16, i8), turn: u32) {
    f.order.push(card);
    f.where_[card as usize] = at;
    f.placed_turn[card as usize] = turn;
    f.edits += 1;
}

/// A forest of one site, cards up to 39, two cards placed.
fn two_placed() -> Forest {
    let mut f = Forest::blank();
    f.where_ = vec![(u16::MAX, 0, 0); 40];
    f.placed_turn = vec![0; 40];
    f.push_site(1, 0, None, None, &[vec![7], vec![]], 1, 0, &[]);
    place(&mut f, 1, (0, CENTER, 0), 1);
    place(&mut f, 7, (0, 0, 0), 2);
    f
}

#[test]
fn a_recopy_writes_back_the_tables_of_the_cards_placed_since() {
    let f = two_placed();
    let mut g = f.clone();
    place(&mut g, 9, (0, 1, 1), 3);
    place(&mut g, 12, (0, UNDER, -1), 3);
    g.recopy_from(&f);
    assert_eq!(format!("{g:?}"), format!("{f:?}"));
    assert_eq!((g.where_[9], g.placed_turn[12]), ((u16::MAX, 0, 0), 0));
}

#[test]
fn a_recopy_into_another_forest_copies_it_whole() {
    let f = two_placed();
    let mut g = Forest::blank();
    g.where_ = vec![(u16::MAX, 0, 0); 40];
    g.placed_turn = vec![0; 40];
    place(&mut g, 3, (0, CENTER, 0), 1);
    g.recopy_from(&f);
    assert_eq!(format!("{g:?}"), format!("{f:?}"));
    let mut short = Forest::blank();
    short.recopy_from(&f);
    assert_eq!(format!("{short:?}"), format!("{f:?}"), "tables of another size");
}

/// A ruleset of trees (cards 1-9, kind `tree`: slots `top`, `bottom`) and bugs (cards
/// 10-19, top halves), with a kind `river` whose two slots `top_1`, `top_2` both take the
/// top: kind 0 is the river, kind 1 the tree.
fn two_kinds() -> crate::data::Rules {
    use serde_json::json;
    let half = |species: &str, position: &str, kind: &str, site_kind: serde_json::Value| {
        json!({"species": species, "position": position, "symbol": null, "cost": 0, "tags": [],
               "kind": kind, "site_kind": site_kind, "needs": []})
    };
    let slot = |name: &str, pos: &str| {
        json!({"name": name, "accepts": [pos], "role": name, "group": pos, "plain": true,
               "offers": [], "exclusive": false, "tags": []})
    };
    let kind = |slots: Vec<serde_json::Value>| json!({"is_tree": true, "reveals": true, "features": [], "upgrade": null, "slots": slots});
    let mut cards = Vec::new();
    for id in 1..=9 {
        cards.push(
            json!({"id": id, "halves": [half("t.oak", "center", "tree", json!("tree"))], "symbols": []}),
        );
    }
    for id in 10..=19 {
        cards
            .push(json!({"id": id, "halves": [half("t.bug", "top", "dweller", json!(null))], "symbols": []}));
    }
    let sp = |id: &str| json!({"id": id, "effect": [], "bonus": [], "score": []});
    let text = json!({
        "format": 1, "id": "t", "tags": [], "symbols": [], "species": [sp("t.oak"), sp("t.bug")],
        "site_kinds": {"river": kind(vec![slot("top_1", "top"), slot("top_2", "top")]),
                       "tree": kind(vec![slot("top", "top"), slot("bottom", "bottom")])},
        "cards": cards, "deck_cards": [], "winter_cards": [],
        "spec": {"removal": {}, "winters_for": {}, "opening_hand": 6, "hand_limit": 10,
                 "clearing_limit": 10, "draws_per_turn": 2, "turn_actions": ["draw", "play"],
                 "tie_breakers": []},
        "codec": {"size": 0, "blocks": []},
    });
    crate::data::Rules::parse(&text.to_string()).expect("the test ruleset parses")
}

#[test]
fn slots_closed_in_any_order_leave_the_open_lists_in_site_then_slot_order() {
    let r = two_kinds();
    let (river, tree) = (0, 1);
    assert_eq!(r.site_kinds[river].id, "river");
    assert!(r.site_kinds[tree].one_a_pos && !r.site_kinds[river].one_a_pos);
    let mut f = Forest::new(&r);
    for (card, kind) in [(1, tree), (2, river), (3, tree), (4, river), (5, tree)] {
        f.open_site(&r, card, Some(0), kind as u16, 1);
    }
    let top = |f: &Forest| f.open.0[1].iter().map(|o| (o.site, o.slot)).collect::<Vec<_>>();
    let mut want = vec![(0, 0), (1, 0), (1, 1), (2, 0), (3, 0), (3, 1), (4, 0)];
    assert_eq!(top(&f), want);
    assert_eq!(f.slot_cards(&f.sites[3]).map(<[u16]>::len).collect::<Vec<_>>(), [0, 0], "no range yet");
    for (card, (site, slot)) in (10..).zip([(3, 1), (1, 0), (4, 0), (0, 0), (3, 0), (1, 1), (2, 0)]) {
        f.attach(&r, card, 0, site as usize, slot as usize, 2);
        want.retain(|&w| w != (site, slot));
        assert_eq!(top(&f), want, "after slot {slot} of site {site}");
        assert_eq!(f.slot(site as usize, slot as usize), &[card]);
    }
    assert_eq!(f.open_mask(), 1 << 2, "only bottoms left");
    assert_eq!(f.slot(2, 1), &[] as &[u16]);
    assert_eq!((f.sites[3].filled, f.sites[3].empty), (2, 0));
}
