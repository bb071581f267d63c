//! A pile of cards (a hand, the clearing): its cards in the order they came, and beside them
//! the same cards in increasing order (the order options list them in), kept as cards come
//! and go.
//!
//! Piles are short (hands of a few cards, a clearing emptied at its limit), so their cards
//! live in two fixed arrays inside the pile: no allocation, cloned by a plain copy, changed
//! by short scans and copies. A pile that outgrows them moves to vectors while it is that long.

use std::ops::Deref;

/// How many cards a pile holds in place.
const INLINE: usize = 16;

/// The length of a pile's arrays: its cards and as many lanes again, so that a card's way out
/// moves the lanes after it by a copy of fixed length (two vector moves, no loop and no
/// library call), which may run past the cards.
const LANES: usize = 2 * INLINE;

/// A hand's or the clearing's cards; reads see them in the order they came.
#[derive(Debug, Clone)]
pub struct Pile {
    /// How many cards the pile holds: in the arrays up to `INLINE`, in `long` past it.
    len: usize,
    /// The cards in the order they came (the first `len`).
    cards: [u16; LANES],
    /// The same cards in increasing order (lanes 1 to `len`), after lane 0, which holds 0: no
    /// card is below it, so a card's way to its place in `push` needs no other end test.
    sorted: [u16; LANES + 1],
    /// The cards of a pile longer than `INLINE` (`None` while it is not).
    long: Option<Box<Long>>,
}

/// A long pile's cards, in both orders.
#[derive(Debug, Clone, Default)]
struct Long {
    cards: Vec<u16>,
    sorted: Vec<u16>,
}

impl Default for Pile {
    fn default() -> Self {
        Pile { len: 0, cards: [0; LANES], sorted: [0; LANES + 1], long: None }
    }
}

impl Pile {
    /// A card comes to the pile.
    #[inline]
    pub fn push(&mut self, c: u16) {
        let n = self.len;
        if n >= INLINE {
            return self.push_long(c);
        }
        self.cards[n] = c;
        // in its place from the end (a step of insertion sort), after equal cards
        let mut j = n + 1;
        // SAFETY: `j` starts at `n + 1 <= INLINE` and stops at 1 at the latest, lane 0 holding
        // 0, above no card: every lane read or written is one of `sorted`'s.
        unsafe {
            while *self.sorted.get_unchecked(j - 1) > c {
                *self.sorted.get_unchecked_mut(j) = *self.sorted.get_unchecked(j - 1);
                j -= 1;
            }
            *self.sorted.get_unchecked_mut(j) = c;
        }
        self.len = n + 1;
    }

    /// `push` for a pile past its arrays: moved to vectors first if it is not there yet.
    #[cold]
    fn push_long(&mut self, c: u16) {
        let n = self.len.min(INLINE);
        self.len += 1;
        let long = self.long.get_or_insert_with(|| {
            Box::new(Long { cards: self.cards[..n].to_vec(), sorted: self.sorted[1..=n].to_vec() })
        });
        long.cards.push(c);
        let j = long.sorted.partition_point(|&x| x <= c);
        long.sorted.insert(j, c);
    }

    /// Cards come to the pile, in order.
    pub fn extend_from_slice(&mut self, cards: &[u16]) {
        for &c in cards {
            self.push(c);
        }
    }

    /// A card (the first of it) leaves the pile.
    #[inline(always)]
    pub fn remove(&mut self, c: u16) {
        let n = self.len;
        if n > INLINE {
            return self.remove_long(c);
        }
        // the first lane holding it is one of the cards' if it is in the pile: the lanes past
        // them come after
        let i = lane_of(&self.cards, c);
        assert!(i < n, "a card of the pile");
        shift_out(&mut self.cards, i);
        let j = 1 + lane_of(&self.sorted[1..], c);
        shift_out(&mut self.sorted, j);
        self.len = n - 1;
    }

    /// `remove` for a pile in vectors.
    #[cold]
    fn remove_long(&mut self, c: u16) {
        let long = self.long.as_mut().expect("a long pile");
        let i = long.cards.iter().position(|&x| x == c).expect("a card of the pile");
        long.cards.remove(i);
        let j = long.sorted.iter().position(|&x| x == c).expect("a card of the pile");
        long.sorted.remove(j);
        self.len -= 1;
        if self.len == INLINE {
            self.cards[..INLINE].copy_from_slice(&long.cards);
            self.sorted[1..=INLINE].copy_from_slice(&long.sorted);
            self.long = None;
        }
    }

    /// Every card leaves the pile: them, in the order they came.
    pub fn take_all(&mut self) -> Vec<u16> {
        let out = self.to_vec();
        self.clear();
        out
    }

    /// Every card leaves the pile for the end of `out`, in the order they came (no vector
    /// made for them, unlike `take_all`).
    pub fn move_to(&mut self, out: &mut Vec<u16>) {
        out.extend_from_slice(self);
        self.clear();
    }

    /// Every card leaves the pile.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.long = None;
    }

    /// Every card renamed by `f` (a one-to-one renaming of cards).
    pub fn rename(&mut self, f: impl Fn(u16) -> u16) {
        let n = self.len;
        if n > INLINE {
            let long = self.long.as_mut().expect("a long pile");
            for c in &mut long.cards {
                *c = f(*c);
            }
            long.sorted = crate::game::sorted(&long.cards).into_vec();
            return;
        }
        for c in &mut self.cards[..n] {
            *c = f(*c);
        }
        // insertion sort of the renamed cards, in place
        self.sorted[1..=n].copy_from_slice(&self.cards[..n]);
        let v = &mut self.sorted[1..=n];
        for i in 1..n {
            let c = v[i];
            let mut j = i;
            while j > 0 && v[j - 1] > c {
                v[j] = v[j - 1];
                j -= 1;
            }
            v[j] = c;
        }
    }

    /// How many cards the pile holds (read from its field: no slice made, unlike the
    /// slice's `len` through `Deref`).
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the pile holds no card.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in increasing order.
    #[inline]
    pub fn sorted(&self) -> &[u16] {
        if self.len <= INLINE {
            &self.sorted[1..=self.len]
        } else {
            &self.long.as_ref().expect("a long pile").sorted
        }
    }
}

/// The first of the first `INLINE` lanes of `a` that holds `c` (`INLINE` if none): a scan of
/// fixed length, which the compiler unrolls (a comparison and a branch a lane).
#[inline(always)]
fn lane_of(a: &[u16], c: u16) -> usize {
    a[..INLINE].iter().position(|&x| x == c).unwrap_or(INLINE)
}

/// Lane `i` of `a` taken out: the `INLINE` lanes after it moved one nearer, a copy of fixed
/// length.
#[inline(always)]
fn shift_out<const N: usize>(a: &mut [u16; N], i: usize) {
    a.copy_within(i + 1..i + 1 + INLINE, i);
}

impl AsRef<[u16]> for Pile {
    #[inline]
    fn as_ref(&self) -> &[u16] {
        self
    }
}

impl Deref for Pile {
    type Target = [u16];

    #[inline]
    fn deref(&self) -> &[u16] {
        if self.len <= INLINE {
            &self.cards[..self.len]
        } else {
            &self.long.as_ref().expect("a long pile").cards
        }
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
        let mut out = vec![1];
        c.clone().move_to(&mut out);
        assert_eq!(out, vec![1, 9, 3, 5]);
        assert_eq!(c.take_all(), vec![9, 3, 5]);
        assert!(c.is_empty() && c.sorted().is_empty());
        c.extend_from_slice(&[2, 6, 4]);
        c.rename(|x| 10 - x);
        assert_eq!(&*c, &[8, 4, 6]);
        assert_eq!(c.sorted(), &[4, 6, 8]);
        let mut long = Pile::default();
        long.extend_from_slice(&(0..20).collect::<Vec<u16>>());
        long.rename(|x| 19 - x);
        assert_eq!(long[0], 19);
        assert_eq!(long.sorted(), &(0..20).collect::<Vec<u16>>()[..]);
    }

    #[test]
    fn grows_past_its_arrays_and_back() {
        let mut c = Pile::default();
        let cards: Vec<u16> = (0..40).map(|k| (k * 17) % 41).collect();
        c.extend_from_slice(&cards);
        let mut want = cards.clone();
        want.sort_unstable();
        assert_eq!(&*c, &cards[..]);
        assert_eq!(c.sorted(), &want[..]);
        let copy = c.clone();
        for (k, &x) in cards.iter().enumerate().rev() {
            c.remove(x);
            want.retain(|&y| y != x);
            assert_eq!(&*c, &cards[..k]);
            assert_eq!(c.sorted(), &want[..]);
        }
        c.clone_from(&copy);
        assert_eq!(&*c, &cards[..]);
        c.push(3);
        assert_eq!(c.take_all().len(), 41);
        assert!(c.is_empty() && c.sorted().is_empty());
    }

    #[test]
    fn matches_a_vector_through_pushes_and_removals() {
        // a fixed pseudo-random walk of lengths 0 to 20, through full arrays and back
        let (mut c, mut want) = (Pile::default(), Vec::<u16>::new());
        let (mut x, mut longest) = (12345u32, 0);
        for _ in 0..3000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let r = (x >> 16) as usize;
            if want.len() < 20 && (want.is_empty() || r.is_multiple_of(2)) {
                let card = (r % 97) as u16;
                c.push(card);
                want.push(card);
            } else {
                // the first of equal cards leaves, in the pile as in the model
                let card = want[r % want.len()];
                let first = want.iter().position(|&y| y == card).expect("a card of the model");
                want.remove(first);
                c.remove(card);
            }
            let mut sorted = want.clone();
            sorted.sort_unstable();
            assert_eq!(&*c, &want[..]);
            assert_eq!(c.sorted(), &sorted[..]);
            longest = longest.max(want.len());
        }
        assert!(longest > 16, "the walk reached past the arrays");
    }

    #[test]
    fn holds_card_zero_beside_the_lane_below_the_sorted_cards() {
        let mut c = Pile::default();
        c.extend_from_slice(&[3, 0, 1, 0]);
        assert_eq!(c.sorted(), &[0, 0, 1, 3]);
        c.remove(0);
        assert_eq!(&*c, &[3, 1, 0]);
        assert_eq!(c.sorted(), &[0, 1, 3]);
        c.remove(0);
        c.push(0);
        assert_eq!(c.sorted(), &[0, 1, 3]);
    }

    #[test]
    fn removes_the_first_of_equal_cards() {
        let mut c = Pile::default();
        c.extend_from_slice(&[4, 2, 4, 1]);
        c.remove(4);
        assert_eq!(&*c, &[2, 4, 1]);
        assert_eq!(c.sorted(), &[1, 2, 4]);
    }
}
