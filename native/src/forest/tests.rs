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
