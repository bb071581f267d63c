//! Renamings of cards ([`Map`]) and a game with its cards renamed ([`rename_game`]).

use smallvec::SmallVec;

use crate::game::{Eff, Game, Step};

/// A renaming of cards: card -> card, the identity but for the cards it moves.
#[derive(Default)]
pub struct Map {
    to: Vec<u16>,
    /// the cards it moves
    moved: Vec<u16>,
}

impl Map {
    /// The renaming of `pairs` (old, new).
    pub fn of(max_card: usize, pairs: &[(u16, u16)]) -> Map {
        let mut m = Map::default();
        m.reset(max_card);
        for &(a, b) in pairs {
            m.rename(a, b);
        }
        m
    }

    /// Become the identity on cards up to `max_card`, reusing the table.
    pub fn reset(&mut self, max_card: usize) {
        if self.to.len() == max_card + 1 {
            for &c in &self.moved {
                self.to[c as usize] = c;
            }
        } else {
            self.to.clear();
            self.to.extend(0..=max_card as u16);
        }
        self.moved.clear();
    }

    /// Room for `n` more moved cards without reallocating.
    pub fn reserve(&mut self, n: usize) {
        self.moved.reserve(n);
    }

    /// `old` renamed `new` (a card renamed to itself is left alone).
    #[inline]
    pub fn rename(&mut self, old: u16, new: u16) {
        if old != new {
            self.to[old as usize] = new;
            self.moved.push(old);
        }
    }

    /// The new name of `c`.
    #[inline]
    pub fn get(&self, c: u16) -> u16 {
        self.to[c as usize]
    }

    /// Whether it renames nothing.
    pub fn is_identity(&self) -> bool {
        self.moved.is_empty()
    }

    fn all(&self, cards: &mut [u16]) {
        for c in cards {
            *c = self.get(*c);
        }
    }
}

/// A forest card's new name, its place and the turn it was placed.
type Moved = (u16, (u16, i16, i8), u32);

/// `g` with its cards renamed by `sigma` (`renaming.rename_state`): the deck, the box,
/// hands, caves, forests (sites, tucked cards and indexes) and the queued steps.
pub fn rename_game(g: &mut Game, sigma: &Map) {
    if sigma.is_identity() {
        return;
    }
    sigma.all(&mut g.deck);
    sigma.all(&mut g.boxed);
    for h in &mut g.hands {
        h.rename(|c| sigma.get(c));
    }
    for c in &mut g.caves {
        sigma.all(c);
    }
    for f in &mut g.forests {
        if !f.order.iter().any(|&c| sigma.get(c) != c) {
            continue;
        }
        // (new card, its place, its turn): the moved cards' entries, taken out before any
        // is written under its new card (a forest holds few of them, inline)
        let mut moved: SmallVec<[Moved; 16]> = SmallVec::new();
        for &a in &f.order {
            let b = sigma.get(a);
            if a != b {
                let i = a as usize;
                moved.push((b, f.where_[i], f.placed_turn[i]));
                f.where_[i] = (u16::MAX, 0, 0);
                f.placed_turn[i] = 0;
            }
        }
        for &(b, w, t) in &moved {
            f.where_[b as usize] = w;
            f.placed_turn[b as usize] = t;
        }
        sigma.all(&mut f.order);
        sigma.all(&mut f.triggers);
        f.rename_cards(|c| sigma.get(c));
    }
    for s in &mut g.queue {
        rename_step(s, sigma);
    }
}

fn rename_pool(pool: &mut Option<std::sync::Arc<Vec<u16>>>, sigma: &Map) {
    if let Some(p) = pool {
        let mut v = p.as_ref().clone();
        sigma.all(&mut v);
        *pool = Some(std::sync::Arc::new(v));
    }
}

/// A queued step with its card and the cards of its arguments renamed.
fn rename_step(s: &mut Step, sigma: &Map) {
    match s {
        Step::Place { card, .. } => *card = sigma.get(*card),
        Step::Pay { card, paid, .. } => {
            *card = sigma.get(*card);
            sigma.all(paid);
        }
        Step::Offer { card, .. } | Step::Trigger { card, .. } | Step::UpgradeSite { card, .. } => {
            *card = sigma.get(*card);
        }
        Step::Effect { card, eff, .. } => {
            *card = sigma.get(*card);
            match eff {
                Eff::PlayFurther(f) => {
                    if let Some(pool) = &mut f.eligible {
                        sigma.all(pool);
                    }
                    for (c, steps) in &mut f.deferred {
                        *c = sigma.get(*c);
                        steps.iter_mut().for_each(|s| rename_step(s, sigma));
                    }
                }
                Eff::DrawThenCave { drawn, .. } => rename_pool(drawn, sigma),
                Eff::PlaySaplings(cards) => sigma.all(cards),
                _ => {}
            }
        }
        Step::ResolvePlays { card, plays, .. } => {
            *card = sigma.get(*card);
            for (c, steps) in plays {
                *c = sigma.get(*c);
                steps.iter_mut().for_each(|s| rename_step(s, sigma));
            }
        }
        _ => {}
    }
}
