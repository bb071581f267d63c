//! A pile of cards (a hand, the clearing): its cards in the order they came, and beside them
//! the same cards in increasing order (the order options list them in), kept as cards come
//! and go.

use std::ops::Deref;

use crate::game::Cards;

/// A hand's or the clearing's cards; reads see them in the order they came.
#[derive(Debug, Default)]
pub struct Pile {
    cards: Vec<u16>,
    sorted: Cards,
}

impl Clone for Pile {
    fn clone(&self) -> Self {
        Pile { cards: self.cards.clone(), sorted: self.sorted.clone() }
    }

    fn clone_from(&mut self, source: &Self) {
        self.cards.clone_from(&source.cards);
        // as one block (a small vector's `clone_from` copies card by card)
        self.sorted.clear();
        self.sorted.extend_from_slice(&source.sorted);
    }
}

impl Pile {
    /// A card comes to the pile.
    pub fn push(&mut self, c: u16) {
        self.cards.push(c);
        // in its place from the end (a step of insertion sort)
        self.sorted.push(c);
        let v = self.sorted.as_mut_slice();
        let mut j = v.len() - 1;
        while j > 0 && v[j - 1] > c {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = c;
    }

    /// Cards come to the pile, in order.
    pub fn extend_from_slice(&mut self, cards: &[u16]) {
        for &c in cards {
            self.push(c);
        }
    }

    /// A card (the first of it) leaves the pile.
    pub fn remove(&mut self, c: u16) {
        let i = self.cards.iter().position(|&x| x == c).expect("a card of the pile");
        self.cards.remove(i);
        let v = self.sorted.as_mut_slice();
        let j = v.iter().position(|&x| x == c).expect("a card of the pile");
        v.copy_within(j + 1.., j);
        self.sorted.pop();
    }

    /// Every card leaves the pile: them, in the order they came.
    pub fn take_all(&mut self) -> Vec<u16> {
        self.sorted.clear();
        std::mem::take(&mut self.cards)
    }

    /// Every card leaves the pile (its allocations kept).
    pub fn clear(&mut self) {
        self.cards.clear();
        self.sorted.clear();
    }

    /// Every card renamed by `f` (a one-to-one renaming of cards).
    pub fn rename(&mut self, f: impl Fn(u16) -> u16) {
        for c in &mut self.cards {
            *c = f(*c);
        }
        self.sorted = crate::game::sorted(&self.cards);
    }

    /// The cards in increasing order.
    #[inline]
    pub fn sorted(&self) -> &[u16] {
        &self.sorted
    }
}

impl AsRef<[u16]> for Pile {
    #[inline]
    fn as_ref(&self) -> &[u16] {
        &self.cards
    }
}

impl Deref for Pile {
    type Target = [u16];

    #[inline]
    fn deref(&self) -> &[u16] {
        &self.cards
    }
}

#[cfg(test)]
mod tests {
    use super::Pile;

    #[test]
    fn keeps_both_orders() {
        let mut c = Pile::default();
        c.extend_from_slice(&[9, 3, 7]);
        c.push(5);
        assert_eq!(&*c, &[9, 3, 7, 5]);
        assert_eq!(c.sorted(), &[3, 5, 7, 9]);
        c.remove(7);
        assert_eq!(&*c, &[9, 3, 5]);
        assert_eq!(c.sorted(), &[3, 5, 9]);
        assert_eq!(c.take_all(), vec![9, 3, 5]);
        assert!(c.is_empty() && c.sorted().is_empty());
        c.extend_from_slice(&[2, 6, 4]);
        c.rename(|x| 10 - x);
        assert_eq!(&*c, &[8, 4, 6]);
        assert_eq!(c.sorted(), &[4, 6, 8]);
    }
}
