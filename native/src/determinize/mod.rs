//! What a player knows of where the cards are ([`Knowledge`]) and determinization
//! ([`Determinizer`]): a game consistent with everything a player has seen, the cards they
//! have not seen dealt anew, draw for draw as `forestshuffle.search.determinize` deals them.

mod knowledge;
mod rename;

use std::cell::RefCell;

use smallvec::SmallVec;

use crate::game::{Game, Step};
use crate::rng::PyRandom;

use knowledge::face_down_into;
pub use knowledge::{action_card, face_down, CardSet, Knowledge};
pub use rename::{rename_game, Map};

/// Samples drawn that must fit the set-up, then that need only lead to the pending decision,
/// up to [`MAX_TRIES`] in all (`determinize.TRIES`, `MAX_TRIES`).
pub const TRIES: usize = 32;
pub const MAX_TRIES: usize = 2000;

/// The card a queued step is for (`Step.card`), if any.
fn step_card(s: &Step) -> Option<(u8, u16)> {
    match *s {
        Step::Place { p, card, .. }
        | Step::Pay { p, card, .. }
        | Step::Offer { p, card, .. }
        | Step::Trigger { p, card, .. }
        | Step::UpgradeSite { p, card, .. }
        | Step::Effect { p, card, .. }
        | Step::ResolvePlays { p, card, .. } => Some((p, card)),
        _ => None,
    }
}

/// `random.Random.sample(population, k)`, draw for draw as CPython draws it.
pub fn sample(rng: &mut PyRandom, population: &[usize], k: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    sample_to(rng, population, k, &mut out);
    out
}

/// [`sample`] into `out` (cleared first).
fn sample_to(rng: &mut PyRandom, population: &[usize], k: usize, out: &mut Vec<usize>) {
    let n = population.len();
    assert!(k <= n, "a sample larger than its population");
    let mut setsize = 21usize;
    if k > 5 {
        let e = ((k * 3) as f64).ln() / 4f64.ln();
        setsize += 4usize.pow(e.ceil() as u32);
    }
    out.clear();
    if n <= setsize {
        let mut pool: SmallVec<[usize; 64]> = SmallVec::from_slice(population);
        for i in 0..k {
            let j = rng.randbelow((n - i) as u64) as usize;
            out.push(pool[j]);
            pool[j] = pool[n - i - 1];
        }
    } else {
        let mut selected: SmallVec<[usize; 16]> = SmallVec::with_capacity(k);
        for _ in 0..k {
            let mut j = rng.randbelow(n as u64) as usize;
            while selected.contains(&j) {
                j = rng.randbelow(n as u64) as usize;
            }
            selected.push(j);
            out.push(population[j]);
        }
    }
}

/// Samples games consistent with what `player` knows of a game (`determinize.Determinizer`).
pub struct Determinizer<'g, 'r> {
    game: &'g Game<'r>,
    know: &'g Knowledge,
    /// the player whose knowledge it is
    pub player: usize,
    /// its buffers, but for `work` (taken out into the cell)
    b: Buffers,
    work: RefCell<Work>,
}

/// What a [`Determinizer`] owns, kept by a caller from decision to decision
/// ([`Determinizer::with_buffers`], [`Determinizer::into_buffers`]) so that a new one
/// allocates nothing anew.
#[derive(Default)]
pub struct Buffers {
    /// the cards that move
    unseen: CardSet,
    /// the cards the player has seen
    seen: CardSet,
    winters: Vec<u16>,
    eligible: Vec<usize>,
    forced: Vec<usize>,
    others: Vec<u16>,
    places: Vec<u16>,
    /// deck index -> place index
    deck_pos: Vec<usize>,
    /// per player, the face-down cards of their forest
    down: Vec<Vec<u16>>,
    /// cards that stay where they are though hidden
    busy: Vec<u16>,
    work: Work,
}

impl<'g, 'r> Determinizer<'g, 'r> {
    /// What `player` knows of `game` (`know`, told of every action so far), read once.
    pub fn new(game: &'g Game<'r>, know: &'g Knowledge, player: usize) -> Self {
        Self::with_buffers(game, know, player, Buffers::default())
    }

    /// [`Determinizer::new`] in the allocations of `b` (whatever they held).
    pub fn with_buffers(game: &'g Game<'r>, know: &'g Knowledge, player: usize, mut b: Buffers) -> Self {
        let work = RefCell::new(std::mem::take(&mut b.work));
        let mut d = Determinizer { game, know, player, b, work };
        d.read_unseen();
        let rules = game.rules;
        let b = &mut d.b;
        b.others.clear();
        b.winters.clear();
        for c in b.unseen.iter() {
            if rules.cards[c as usize].winter {
                b.winters.push(c);
            } else {
                b.others.push(c);
            }
        }
        if !d.winter_layout() {
            let b = &mut d.b;
            // unseen winter cards stay where they are
            for &c in &b.winters {
                b.unseen.remove(c);
            }
            b.winters.clear();
            b.eligible.clear();
            b.forced.clear();
        }
        d.place_order();
        d
    }

    /// The buffers, for a later [`Determinizer::with_buffers`].
    pub fn into_buffers(self) -> Buffers {
        let mut b = self.b;
        b.work = self.work.into_inner();
        b
    }

    /// The cards that move.
    pub fn unseen(&self) -> &CardSet {
        &self.b.unseen
    }

    /// Into `unseen`, the cards hidden from the player: in the deck, the box, face down in
    /// forests, in the others' hands and caves; but for the cards other players are playing
    /// or resolving right now and the cards paid for them so far (in the increasing order a
    /// payment asks them), which stay.
    fn read_unseen(&mut self) {
        let (game, player) = (self.game, self.player);
        let b = &mut self.b;
        self.know.seen_by_into(game, player, &mut b.seen);
        b.down.resize_with(game.players, Vec::new);
        for (o, d) in b.down.iter_mut().enumerate() {
            face_down_into(game, o, d);
        }
        b.busy.clear();
        for s in &game.queue {
            if let Some((_, c)) = step_card(s).filter(|&(p, _)| p as usize != player) {
                b.busy.push(c);
                if let Step::Pay { paid, .. } = s {
                    b.busy.extend_from_slice(paid);
                }
            }
        }
        let unseen = &mut b.unseen;
        unseen.reset(game.rules.max_card);
        unseen.extend(&game.deck);
        unseen.extend(&game.boxed);
        for (o, d) in b.down.iter().enumerate() {
            unseen.extend(d);
            if o != player {
                unseen.extend(&game.hands[o]);
                unseen.extend(&game.caves[o]);
            }
        }
        unseen.remove_all(&b.seen);
        for &c in &b.busy {
            unseen.remove(c);
        }
    }

    /// The winter layout of `winter_in_last_third`: which deck positions may (and must) hold
    /// the unseen winter cards, when the deck is the built deck less cards from its top.
    /// `winters` are the unseen winter cards: whether they have places of their own (then in
    /// `eligible` and `forced`), all in the deck and all free.
    fn winter_layout(&mut self) -> bool {
        let g = self.game;
        let rules = g.rules;
        let b = &mut self.b;
        if b.winters.is_empty() {
            return false;
        }
        let deck = &g.deck;
        let built = &self.know.built;
        if deck.len() > built.len() || deck[..] != built[..deck.len()] {
            return false;
        }
        let n = built.len();
        let k = self.know.built_winters;
        if k == 0 {
            return false;
        }
        let top = n - 1 - 2 * ((n - k) / 3);
        // the free places (unseen cards at most at `top`), and the unseen winter cards in
        // the deck and among the free places
        b.eligible.clear();
        let (mut in_deck, mut free) = (0, 0);
        for (j, &c) in deck.iter().enumerate() {
            if b.unseen.has(c) {
                if j <= top {
                    b.eligible.push(j);
                }
                if rules.cards[c as usize].winter {
                    in_deck += 1;
                    free += usize::from(j <= top);
                }
            }
        }
        let all_free = in_deck == b.winters.len() && free == in_deck;
        // the free places in increasing order: the one at `top`, if free, is the last
        b.forced.clear();
        if b.eligible.last() == Some(&top) {
            b.forced.push(top);
        }
        if all_free && b.forced.len() <= b.winters.len() {
            b.eligible.retain(|&j| j != top);
            return true;
        }
        false
    }

    /// The places of the moving cards, in an order that depends only on what the player
    /// knows: deck positions, the other hands and caves, the box, face-down cards (per
    /// player).
    fn place_order(&mut self) {
        let g = self.game;
        let b = &mut self.b;
        let u = &b.unseen;
        let places = &mut b.places;
        places.clear();
        b.deck_pos.clear();
        b.deck_pos.resize(g.deck.len(), usize::MAX);
        for (j, &c) in g.deck.iter().enumerate() {
            if u.has(c) {
                b.deck_pos[j] = places.len();
                places.push(c);
            }
        }
        for o in (0..g.players).filter(|&o| o != self.player) {
            places.extend(g.hands[o].iter().copied().filter(|&c| u.has(c)));
            places.extend(g.caves[o].iter().copied().filter(|&c| u.has(c)));
        }
        places.extend(g.boxed.iter().copied().filter(|&c| u.has(c)));
        for d in &b.down {
            places.extend(d.iter().copied().filter(|&c| u.has(c)));
        }
    }

    /// A random renaming of the unseen cards into `w.map` (`Determinizer.permutation`).
    fn permutation_into(&self, rng: &mut PyRandom, w: &mut Work) {
        w.map.reset(self.game.rules.max_card);
        w.map.reserve(self.b.places.len());
        if self.b.winters.is_empty() {
            w.cards.clone_from(&self.b.others);
            rng.shuffle(&mut w.cards);
            for (&old, &new) in self.b.places.iter().zip(&w.cards) {
                w.map.rename(old, new);
            }
            return;
        }
        w.new_at.clear();
        w.new_at.resize(self.b.places.len(), None);
        w.cards.clone_from(&self.b.winters);
        rng.shuffle(&mut w.cards);
        sample_to(rng, &self.b.eligible, w.cards.len() - self.b.forced.len(), &mut w.picked);
        for (&j, &c) in self.b.forced.iter().chain(&w.picked).zip(&w.cards) {
            w.new_at[self.b.deck_pos[j]] = Some(c);
        }
        w.cards.clone_from(&self.b.others);
        rng.shuffle(&mut w.cards);
        // the places without a winter card take the others in turn, as long as they last
        let mut cards = w.cards.iter();
        for (&old, &new) in self.b.places.iter().zip(&w.new_at) {
            if let Some(new) = new.or_else(|| cards.next().copied()) {
                w.map.rename(old, new);
            }
        }
    }

    /// Whether the set-up, its cards renamed by `sigma`, asks the same decisions: a redraw
    /// is offered to a player whose renamed opening hand has no tree exactly when it was.
    pub fn setup_fits(&self, sigma: &Map) -> bool {
        let k = self.know;
        if !k.asked.iter().any(|&a| a) || sigma.is_identity() {
            return true;
        }
        let rules = self.game.rules;
        (0..self.game.players).filter(|&o| k.ran[o]).all(|o| {
            let opens = k.dealt[o].iter().any(|&c| {
                let hs = &rules.cards[sigma.get(c) as usize].halves;
                !hs.is_empty() && hs[0].pos == crate::data::Pos::Center
            });
            opens != k.asked[o]
        })
    }

    /// The game it samples from.
    pub fn game(&self) -> &'g Game<'r> {
        self.game
    }

    /// A determinized game (`Determinizer.sample`): the game with its unseen cards renamed,
    /// its pending decision asked again (the same player, the same kind), and the new game's
    /// seed drawn from `rng` (a native game keeps none: the draw is only made).
    pub fn sample(&self, rng: &mut PyRandom) -> Result<Game<'r>, String> {
        let mut new = self.game.clone();
        self.sample_into(rng, &mut new)?;
        Ok(new)
    }

    /// [`Determinizer::sample`] copied into `into` (whatever it held), reusing its
    /// allocations; on an error `into` holds no particular game.
    pub fn sample_into(&self, rng: &mut PyRandom, into: &mut Game<'r>) -> Result<(), String> {
        let g = self.game;
        let who = (!g.over).then_some(g.pending.player);
        let kind = g.pending.kind;
        let mut w = self.work.borrow_mut();
        let w = &mut *w;
        for attempt in 0..MAX_TRIES {
            self.permutation_into(rng, w);
            if attempt < TRIES && !self.setup_fits(&w.map) {
                continue;
            }
            into.clone_from(g);
            rename_game(into, &w.map);
            if reask(into, who, kind) {
                rng.randbelow(1 << 63);
                return Ok(());
            }
        }
        Err(format!(
            "no determinization for player {} in {MAX_TRIES} samples leads to the pending decision",
            self.player + 1
        ))
    }
}

/// The buffers of [`Determinizer::sample_into`], kept from sample to sample.
#[derive(Default)]
struct Work {
    /// per place, its new card (when winter cards have places of their own)
    new_at: Vec<Option<u16>>,
    /// the cards being dealt anew
    cards: Vec<u16>,
    /// the deck positions drawn for winter cards
    picked: Vec<usize>,
    map: Map,
}

/// The pending decision of `g` asked again from its head step (`machine.ask_again`): true if
/// that asks `who` a decision of `kind` with options (then pending), false if it asks someone
/// else, resolves instead, or has no options (`g` then holds no particular game) (a hand renamed so that it cannot pay what its
/// player is paying: no real game reaches that).
pub fn reask(g: &mut Game, who: Option<u8>, kind: &str) -> bool {
    if g.over {
        return true;
    }
    match g.run_head() {
        crate::game::Run::Asked => {
            let d = &g.pending;
            !d.options.is_empty() && Some(d.player) == who && d.kind == kind
        }
        crate::game::Run::Done => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{sample, CardSet, Map};
    use crate::rng::PyRandom;

    /// `random.Random(5).sample(range(30), 3)`, then `.sample(range(10), 4)`, then
    /// `.sample(range(100), 7)`, then `.random()`, as CPython 3.11 draws them (both of its
    /// ways: a pool for small populations, a set of picks for large ones).
    #[test]
    fn sample_matches_cpython() {
        let mut r = PyRandom::new(5);
        let range = |n: usize| (0..n).collect::<Vec<_>>();
        assert_eq!(sample(&mut r, &range(30), 3), vec![19, 8, 23]);
        assert_eq!(sample(&mut r, &range(10), 4), vec![5, 8, 0, 6]);
        assert_eq!(sample(&mut r, &range(100), 7), vec![59, 99, 31, 83, 6, 20, 14]);
        assert_eq!(r.random(), 0.3717933555623072);
    }

    #[test]
    fn card_sets_and_renamings() {
        let mut s = CardSet::new(130);
        s.extend(&[129, 3, 64]);
        assert!(s.has(64) && !s.has(65));
        assert_eq!(s.cards(), vec![3, 64, 129]);
        let m = Map::of(130, &[(3, 129), (129, 3)]);
        assert_eq!((m.get(3), m.get(129), m.get(7)), (129, 3, 7));
        assert!(!m.is_identity() && Map::of(130, &[]).is_identity());
    }
}
