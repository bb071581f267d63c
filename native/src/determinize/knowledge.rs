//! What a player knows of where the cards are ([`Knowledge`]).
//!
//! The Python engine reads what a player has seen from its event log; the native game keeps
//! no log, so [`Knowledge`] is told of the game after every action and reads what changed:
//! cards in the player's hand, cave or forest, cards face up anywhere (clearing, winter
//! cards, forests), a hand shown to everyone (a player who cannot act), and cards that went
//! from the clearing into the box within one action (a full clearing emptied at the end of a
//! turn; a hand returned in the set-up is not shown).

use crate::game::{Action, Game, Step};

/// A set of cards, as bits by card id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardSet(Vec<u64>);

impl CardSet {
    /// An empty set for cards up to `max_card`.
    pub fn new(max_card: usize) -> CardSet {
        CardSet(vec![0; max_card / 64 + 1])
    }

    /// Whether `c` is in the set.
    #[inline]
    pub fn has(&self, c: u16) -> bool {
        self.0[c as usize / 64] & (1 << (c % 64)) != 0
    }

    /// `c` joins the set.
    #[inline]
    pub fn add(&mut self, c: u16) {
        self.0[c as usize / 64] |= 1 << (c % 64);
    }

    /// `c` leaves the set.
    #[inline]
    pub fn remove(&mut self, c: u16) {
        self.0[c as usize / 64] &= !(1 << (c % 64));
    }

    /// Become the empty set for cards up to `max_card`, reusing the words.
    pub fn reset(&mut self, max_card: usize) {
        self.0.clear();
        self.0.resize(max_card / 64 + 1, 0);
    }

    /// The cards of `other` leave the set (a set for the same cards).
    pub fn remove_all(&mut self, other: &CardSet) {
        for (w, &o) in self.0.iter_mut().zip(&other.0) {
            *w &= !o;
        }
    }

    /// Every card of `cards` joins the set.
    pub fn extend(&mut self, cards: &[u16]) {
        for &c in cards {
            self.add(c);
        }
    }

    /// The cards of the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                let b = rest.trailing_zeros();
                (rest != 0).then(|| {
                    rest &= rest - 1;
                    (w * 64) as u16 + b as u16
                })
            })
        })
    }

    /// How many cards the set holds.
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cards of the set, in increasing order.
    pub fn cards(&self) -> Vec<u16> {
        let mut out = Vec::with_capacity(self.count());
        out.extend(self.iter());
        out
    }
}

/// What each player has seen of a game's cards (`determinize.Knowledge`), and what the
/// set-up showed (the hands dealt, who was offered a redraw), kept up to date by
/// [`Knowledge::observe`] after every action.
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// per player, every card they have seen
    pub seen: Vec<CardSet>,
    /// the deck as built (top last)
    pub built: Vec<u16>,
    /// the hands as dealt
    pub dealt: Vec<Vec<u16>>,
    /// per player, whether the set-up offered them a redraw
    pub asked: Vec<bool>,
    /// whether each player's redraw step has run
    pub ran: Vec<bool>,
    /// the winter cards of `built`, counted once
    pub(super) built_winters: usize,
    boxed: usize,
    turn: u32,
}

impl Knowledge {
    /// The knowledge of a game just dealt (at its first decision, nothing answered yet).
    pub fn new(g: &Game) -> Knowledge {
        let mut built = g.deck.clone();
        for h in g.hands.iter().rev() {
            built.extend(h.iter().rev());
        }
        let built_winters = built.iter().filter(|&&c| g.rules.cards[c as usize].winter).count();
        let mut k = Knowledge {
            seen: vec![CardSet::new(g.rules.max_card); g.players],
            built,
            built_winters,
            dealt: g.hands.iter().map(|h| h.to_vec()).collect(),
            asked: vec![false; g.players],
            ran: vec![!g.rules.mulligan; g.players],
            boxed: g.boxed.len(),
            turn: g.turn,
        };
        k.observe(g);
        k
    }

    /// Read what the last action showed: `g` is the game after it.
    pub fn observe(&mut self, g: &Game) {
        let everyone = |k: &mut Knowledge, cards: &[u16]| {
            for s in &mut k.seen {
                s.extend(cards);
            }
        };
        everyone(self, &g.clearing);
        everyone(self, &g.winter);
        if self.turn > 0 {
            everyone(self, &g.boxed[self.boxed..]);
        }
        self.boxed = g.boxed.len();
        for (o, f) in g.forests.iter().enumerate() {
            for &c in &f.order {
                if f.where_[c as usize].2 >= 0 {
                    everyone(self, &[c]);
                } else {
                    self.seen[o].add(c);
                }
            }
            for s in &f.sites {
                self.seen[o].add(s.card);
            }
            for &(_, c) in &f.under {
                self.seen[o].add(c);
            }
            self.seen[o].extend(&g.hands[o]);
            self.seen[o].extend(&g.caves[o]);
        }
        if !g.over {
            if let Some(Step::CaveAndRedraw { p, caved: Some(0) }) = g.queue.last() {
                let hand = g.hands[*p as usize].to_vec();
                everyone(self, &hand);
            }
            if g.turn == 0 && g.pending.kind == "mulligan" {
                let p = g.pending.player as usize;
                self.asked[p] = true;
                for r in &mut self.ran[..p] {
                    *r = true;
                }
            }
        }
        if g.turn > 0 || g.over {
            self.ran.iter_mut().for_each(|r| *r = true);
        }
        self.turn = g.turn;
    }

    /// The cards `player` has seen, with the cards named by the options of their pending
    /// decision (`Knowledge(game, player).seen`).
    pub fn seen_by(&self, g: &Game, player: usize) -> CardSet {
        let mut seen = CardSet::default();
        self.seen_by_into(g, player, &mut seen);
        seen
    }

    /// [`Knowledge::seen_by`] into `out` (whatever it held), reusing its words.
    pub fn seen_by_into(&self, g: &Game, player: usize, out: &mut CardSet) {
        out.0.clone_from(&self.seen[player].0);
        if !g.over && g.pending.player as usize == player {
            for a in &g.pending.options {
                if let Some(c) = action_card(*a) {
                    out.add(c);
                }
            }
        }
    }
}

/// The card an action names, if any.
pub fn action_card(a: Action) -> Option<u16> {
    match a {
        Action::DrawFromClearing(c)
        | Action::PlayCard(c)
        | Action::PlaySapling(c)
        | Action::PayWith(c)
        | Action::PickCard(c) => Some(c),
        _ => None,
    }
}

/// The face-down cards of `p`'s forest (saplings, tucked cards).
pub fn face_down(g: &Game, p: usize) -> Vec<u16> {
    let mut out = Vec::new();
    face_down_into(g, p, &mut out);
    out
}

/// [`face_down`] into `out` (cleared first).
pub fn face_down_into(g: &Game, p: usize, out: &mut Vec<u16>) {
    out.clear();
    let f = &g.forests[p];
    for (si, s) in f.sites.iter().enumerate() {
        if s.species.is_none() {
            out.push(s.card);
        }
        out.extend(f.under_of(si));
    }
}
