//! Unit tests of a forest's slots, copies and renamings.

use super::{Forest, SLOT_INLINE};

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
    assert_eq!(f.slot_cards(&f.sites[0]).map(<[u16]>::len).collect::<Vec<_>>(), [2, 9, 0]);
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
