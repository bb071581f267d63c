//! What a player knows of where the cards are ([`Knowledge`]) and determinization
//! ([`Determinizer`]): a game consistent with everything a player has seen, the cards they
//! have not seen dealt anew, draw for draw as `forestshuffle.search.determinize` deals them.

mod knowledge;
mod rename;

use std::cell::RefCell;

use smallvec::SmallVec;

use crate::game::{Game, Step};
use crate::rng::PyRandom;

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
    /// the cards that move
    pub unseen: CardSet,
    winters: Vec<u16>,
    eligible: Vec<usize>,
    forced: Vec<usize>,
    others: Vec<u16>,
    places: Vec<u16>,
    /// deck index -> place index
    deck_pos: Vec<usize>,
    work: RefCell<Work>,
}

impl<'g, 'r> Determinizer<'g, 'r> {
    /// What `player` knows of `game` (`know`, told of every action so far), read once.
    pub fn new(game: &'g Game<'r>, know: &'g Knowledge, player: usize) -> Self {
        let rules = game.rules;
        let seen = know.seen_by(game, player);
        let down: Vec<Vec<u16>> = (0..game.players).map(|o| face_down(game, o)).collect();
        // cards other players are playing or resolving right now, and the cards paid for
        // them so far (in the increasing order a payment asks them), stay
        let mut busy: Vec<u16> = Vec::new();
        for s in &game.queue {
            if let Some((_, c)) = step_card(s).filter(|&(p, _)| p as usize != player) {
                busy.push(c);
                if let Step::Pay { paid, .. } = s {
                    busy.extend_from_slice(paid);
                }
            }
        }
        let mut unseen = CardSet::new(rules.max_card);
        let mut hidden = |cards: &[u16]| {
            for &c in cards {
                if !seen.has(c) && !busy.contains(&c) {
                    unseen.add(c);
                }
            }
        };
        hidden(&game.deck);
        hidden(&game.boxed);
        for (o, d) in down.iter().enumerate() {
            hidden(d);
            if o != player {
                hidden(&game.hands[o]);
                hidden(&game.caves[o]);
            }
        }
        let is_winter = |c: u16| rules.cards[c as usize].winter;
        let mut others = Vec::with_capacity(unseen.count());
        others.extend(unseen.iter().filter(|&c| !is_winter(c)));
        let mut d = Determinizer {
            game,
            know,
            player,
            unseen: CardSet::new(rules.max_card),
            winters: Vec::new(),
            eligible: Vec::new(),
            forced: Vec::new(),
            others,
            places: Vec::new(),
            deck_pos: vec![usize::MAX; game.deck.len()],
            work: RefCell::default(),
        };
        d.winter_layout(&unseen);
        let mut moving = CardSet::new(rules.max_card);
        for c in unseen.iter() {
            if !d.winters.is_empty() || !is_winter(c) {
                moving.add(c);
            }
        }
        d.unseen = moving;
        d.place_order(&down);
        d
    }

    /// The winter layout of `winter_in_last_third`: which deck positions may (and must) hold
    /// the unseen winter cards, when the deck is the built deck less cards from its top.
    fn winter_layout(&mut self, unseen: &CardSet) {
        let g = self.game;
        let rules = g.rules;
        let uw: Vec<u16> = unseen.iter().filter(|&c| rules.cards[c as usize].winter).collect();
        if uw.is_empty() {
            return;
        }
        let deck = &g.deck;
        let index = |c: u16| deck.iter().position(|&x| x == c);
        if uw.iter().any(|&c| index(c).is_none()) {
            return;
        }
        let built = &self.know.built;
        if deck.len() > built.len() || deck[..] != built[..deck.len()] {
            return;
        }
        let n = built.len();
        let k = built.iter().filter(|&&c| rules.cards[c as usize].winter).count();
        if k == 0 {
            return;
        }
        let top = n - 1 - 2 * ((n - k) / 3);
        let free: Vec<usize> = (0..deck.len()).filter(|&j| j <= top && unseen.has(deck[j])).collect();
        let forced: Vec<usize> = free.iter().copied().filter(|&j| j == top).collect();
        let all_free = uw.iter().all(|&c| free.contains(&index(c).expect("in the deck")));
        if all_free && forced.len() <= uw.len() {
            self.eligible = free.into_iter().filter(|j| !forced.contains(j)).collect();
            self.forced = forced;
            self.winters = uw;
        }
    }

    /// The places of the moving cards, in an order that depends only on what the player
    /// knows: deck positions, the other hands and caves, the box, face-down cards (`down`,
    /// per player).
    fn place_order(&mut self, down: &[Vec<u16>]) {
        let g = self.game;
        let u = &self.unseen;
        let mut places = Vec::with_capacity(u.count());
        for (j, &c) in g.deck.iter().enumerate() {
            if u.has(c) {
                self.deck_pos[j] = places.len();
                places.push(c);
            }
        }
        for o in (0..g.players).filter(|&o| o != self.player) {
            places.extend(g.hands[o].iter().copied().filter(|&c| u.has(c)));
            places.extend(g.caves[o].iter().copied().filter(|&c| u.has(c)));
        }
        places.extend(g.boxed.iter().copied().filter(|&c| u.has(c)));
        for d in down {
            places.extend(d.iter().copied().filter(|&c| u.has(c)));
        }
        self.places = places;
    }

    /// A random renaming of the unseen cards into `w.map` (`Determinizer.permutation`).
    fn permutation_into(&self, rng: &mut PyRandom, w: &mut Work) {
        w.map.reset(self.game.rules.max_card);
        w.map.reserve(self.places.len());
        if self.winters.is_empty() {
            w.cards.clone_from(&self.others);
            rng.shuffle(&mut w.cards);
            for (&old, &new) in self.places.iter().zip(&w.cards) {
                w.map.rename(old, new);
            }
            return;
        }
        w.new_at.clear();
        w.new_at.resize(self.places.len(), None);
        w.cards.clone_from(&self.winters);
        rng.shuffle(&mut w.cards);
        sample_to(rng, &self.eligible, w.cards.len() - self.forced.len(), &mut w.picked);
        for (&j, &c) in self.forced.iter().chain(&w.picked).zip(&w.cards) {
            w.new_at[self.deck_pos[j]] = Some(c);
        }
        w.cards.clone_from(&self.others);
        rng.shuffle(&mut w.cards);
        let mut cards = w.cards.iter();
        for slot in w.new_at.iter_mut().filter(|s| s.is_none()) {
            match cards.next() {
                Some(&c) => *slot = Some(c),
                None => break,
            }
        }
        for (&old, new) in self.places.iter().zip(&w.new_at) {
            if let Some(new) = *new {
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
/// else, resolves instead, or has no options (a hand renamed so that it cannot pay what its
/// player is paying: no real game reaches that).
pub fn reask(g: &mut Game, who: Option<u8>, kind: &str) -> bool {
    if g.over {
        return true;
    }
    match g.run_head() {
        crate::game::Run::Ask(d) if !d.options.is_empty() && Some(d.player) == who && d.kind == kind => {
            g.pending = d;
            true
        }
        _ => false,
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
