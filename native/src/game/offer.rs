//! A decision's options in compact form ([`Compact`]): a turn's or a draw's ([`Offer`]), a
//! placement's ([`Places`]).

use super::{Action, Options};
use crate::pile::Pile;

/// The options of a turn or of a draw in compact form: what [`Offer::write`] lists, in its
/// order, of the clearing's and the player's hand's cards in increasing order (`clearing`
/// and `hand` below): a draw from the deck, a draw of each of the first few clearing cards,
/// a play of each hand card `plays` has a bit for, a sapling of each of the first few hand
/// cards. Where each kind begins is kept, so that the options are counted with no sum, and
/// one of them read ([`Offer::nth`]) with no list made: what a random bot needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offer {
    /// the hand cards that may be played, as bits (bit k: the k-th in increasing order)
    plays: u64,
    /// a draw from the deck offered (the first option)
    deck: bool,
    /// where the plays begin: after the draws
    plays_from: u32,
    /// where the saplings begin: after the plays
    saplings_from: u32,
    /// how many options in all
    len: u32,
}

impl Offer {
    /// An offer of a draw from the deck where `deck` says, draws of the first `clearing`
    /// clearing cards, plays of the hand cards `plays` has bits for, `played` of them, and
    /// saplings of the first `saplings` hand cards.
    #[inline]
    pub fn new(deck: bool, clearing: usize, plays: u64, played: u32, saplings: usize) -> Offer {
        debug_assert_eq!(plays.count_ones(), played, "the plays counted");
        let plays_from = u32::from(deck) + clearing as u32;
        let saplings_from = plays_from + played;
        Offer { plays, deck, plays_from, saplings_from, len: saplings_from + saplings as u32 }
    }

    /// The draws of a turn or of a draw decision: from `deck` unless it is empty, then each
    /// of the `clearing` clearing cards.
    #[inline]
    pub fn draws(deck: &[u16], clearing: usize) -> Offer {
        Offer::new(!deck.is_empty(), clearing, 0, 0, 0)
    }

    /// Its options, appended to `out` in order (the order [`Offer::nth`] reads them in).
    pub fn write(&self, clearing: &[u16], hand: &[u16], out: &mut Options) {
        out.reserve(self.len as usize);
        // each kind of option a loop of its own (a chain of them steps slower)
        if self.deck {
            out.push(Action::DrawFromDeck);
        }
        let draws = &clearing[..(self.plays_from - u32::from(self.deck)) as usize];
        out.extend(draws.iter().map(|&c| Action::DrawFromClearing(c)));
        let mut plays = self.plays;
        while plays != 0 {
            out.push(Action::PlayCard(hand[plays.trailing_zeros() as usize]));
            plays &= plays - 1;
        }
        let saplings = &hand[..(self.len - self.saplings_from) as usize];
        out.extend(saplings.iter().map(|&c| Action::PlaySapling(c)));
    }

    /// Option `i` (below [`Offer::len`]), the `i`-th that [`Offer::write`] lists of
    /// `clearing`'s and the hand's (`hand()`) cards in increasing order (each read only where
    /// it is needed: the hand found only for a play or a sapling).
    #[inline(always)]
    pub fn nth<'a>(&self, i: usize, clearing: &Pile, hand: impl FnOnce() -> &'a Pile) -> Action {
        let i = i as u32;
        if i < self.plays_from {
            let deck = u32::from(self.deck);
            if i < deck {
                return Action::DrawFromDeck;
            }
            return Action::DrawFromClearing(clearing.sorted()[(i - deck) as usize]);
        }
        if i < self.saplings_from {
            // bit number i - plays_from of `plays`: the lower ones cleared, then the lowest
            let mut bits = self.plays;
            for _ in self.plays_from..i {
                bits &= bits - 1;
            }
            return Action::PlayCard(hand().sorted()[bits.trailing_zeros() as usize]);
        }
        Action::PlaySapling(hand().sorted()[(i - self.saplings_from) as usize])
    }
}

/// The options of a place decision in compact form: the placements of the halves of `card`
/// that `halves` has bits for, each half's the empty slots listed for its position (where
/// nothing else decides), in the order `Game::placements` lists them (`Game::place_nth`
/// reads one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Places {
    /// the card placed
    pub card: u16,
    /// the halves that may be placed, as bits (bit k: half k)
    pub halves: u8,
}

/// A decision's options in compact form, standing for its list: what a random bot reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compact {
    /// how many options it stands for (kept here for every form: counted with no match)
    len: u32,
    /// which decision's, and what it needs to read one
    pub form: Form,
}

/// What a decision's options in compact form are ([`Compact`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// a turn's or a draw's
    Turn(Offer),
    /// a place decision's
    Place(Places),
}

impl Compact {
    /// The `len` options of place decision `places`.
    #[inline]
    pub fn place(places: Places, len: u32) -> Compact {
        Compact { len, form: Form::Place(places) }
    }
}

impl From<Offer> for Compact {
    #[inline]
    fn from(o: Offer) -> Compact {
        Compact { len: o.len, form: Form::Turn(o) }
    }
}

/// Options kept in compact form: how many they stand for.
pub trait Counted {
    /// How many options it stands for.
    fn len(&self) -> usize;

    /// Whether it stands for no option.
    #[inline]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Counted for Offer {
    #[inline]
    fn len(&self) -> usize {
        self.len as usize
    }
}

impl Counted for Compact {
    #[inline]
    fn len(&self) -> usize {
        self.len as usize
    }
}

#[cfg(test)]
mod tests {
    use super::{Action, Counted, Offer, Options, Pile};

    /// Every option an offer reads one by one is the one its list has in that place, over
    /// offers of every shape: with and without a deck, clearings and hands of 0 to 12 cards,
    /// plays of any of them, saplings of all or none.
    #[test]
    fn an_offer_reads_each_option_as_its_list_has_it() {
        let mut x = 987_654_321u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut list, mut shapes) = (Options::new(), 0);
        for _ in 0..5000 {
            let r = next();
            let clearing: Vec<u16> = (0..r % 13).map(|k| (k * 7 + 3) as u16).collect();
            let hand: Vec<u16> = (0..(r >> 8) % 13).map(|k| (k * 5 + 1) as u16).collect();
            let plays = next() & ((1u64 << hand.len()) - 1);
            let saplings = if r >> 17 & 1 == 1 { hand.len() } else { 0 };
            let offer = Offer::new(r >> 16 & 1 == 1, clearing.len(), plays, plays.count_ones(), saplings);
            list.clear();
            offer.write(&clearing, &hand, &mut list);
            assert_eq!(list.len(), offer.len());
            let (mut clearing_pile, mut hand_pile) = (Pile::default(), Pile::default());
            clearing.iter().rev().for_each(|&c| clearing_pile.push(c));
            hand.iter().rev().for_each(|&c| hand_pile.push(c));
            for (i, &a) in list.iter().enumerate() {
                assert_eq!(offer.nth(i, &clearing_pile, || &hand_pile), a, "option {i} of {offer:?}");
            }
            let kind = |a: &Action| match a {
                Action::DrawFromDeck => 1,
                Action::DrawFromClearing(_) => 2,
                Action::PlayCard(_) => 4,
                _ => 8,
            };
            shapes += usize::from(list.iter().fold(0, |k, a| k | kind(a)) == 15);
        }
        assert!(shapes > 100, "offers with options of every kind were read");
    }
}
