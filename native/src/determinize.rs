//! What a player knows of where the cards are ([`Knowledge`]) and determinization
//! ([`Determinizer`]): a game consistent with everything a player has seen, the cards they
//! have not seen dealt anew, draw for draw as `forestshuffle.search.determinize` deals them.
//!
//! The Python engine reads what a player has seen from its event log; the native game keeps
//! no log, so [`Knowledge`] is told of the game after every action and reads what changed:
//! cards in the player's hand, cave or forest, cards face up anywhere (clearing, winter
//! cards, forests), a hand shown to everyone (a player who cannot act), and cards that went
//! from the clearing into the box within one action (a full clearing emptied at the end of a
//! turn; a hand returned in the set-up is not shown).

use std::cell::RefCell;

use smallvec::SmallVec;

use crate::game::{Action, Eff, Game, Step};
use crate::rng::PyRandom;

/// Samples drawn that must fit the set-up, then that need only lead to the pending decision,
/// up to [`MAX_TRIES`] in all (`determinize.TRIES`, `MAX_TRIES`).
pub const TRIES: usize = 32;
pub const MAX_TRIES: usize = 2000;

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
        let mut k = Knowledge {
            seen: vec![CardSet::new(g.rules.max_card); g.players],
            built,
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
        let mut seen = self.seen[player].clone();
        if !g.over && g.pending.player as usize == player {
            for a in &g.pending.options {
                if let Some(c) = action_card(*a) {
                    seen.add(c);
                }
            }
        }
        seen
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
    let f = &g.forests[p];
    for (si, s) in f.sites.iter().enumerate() {
        if s.species.is_none() {
            out.push(s.card);
        }
        out.extend(f.under_of(si));
    }
    out
}

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
        let busy: Vec<u16> = game
            .queue
            .iter()
            .filter_map(step_card)
            .filter(|&(p, _)| p as usize != player)
            .map(|(_, c)| c)
            .collect();
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
        w.map.moved.reserve(self.places.len());
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
            if reask(into, who, kind)? {
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
        let moved: Vec<(u16, u16)> =
            f.order.iter().map(|&c| (c, sigma.get(c))).filter(|(a, b)| a != b).collect();
        let saved: Vec<_> =
            moved.iter().map(|&(a, _)| (f.where_[a as usize], f.placed_turn[a as usize])).collect();
        for &(a, _) in &moved {
            f.where_[a as usize] = (u16::MAX, 0, 0);
            f.placed_turn[a as usize] = 0;
        }
        for (&(_, b), &(w, t)) in moved.iter().zip(&saved) {
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
        Step::Place { card, pool, .. } => {
            *card = sigma.get(*card);
            rename_pool(pool, sigma);
        }
        Step::Pay { card, paid, pool, .. } => {
            *card = sigma.get(*card);
            sigma.all(paid);
            rename_pool(pool, sigma);
        }
        Step::Offer { card, .. } | Step::Trigger { card, .. } | Step::UpgradeSite { card, .. } => {
            *card = sigma.get(*card);
        }
        Step::Effect { card, eff, .. } => {
            *card = sigma.get(*card);
            match eff {
                Eff::PlayFurther { eligible, deferred } => {
                    rename_pool(eligible, sigma);
                    for (c, steps) in deferred {
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

/// The pending decision of `g` asked again from its head step: true if that asks `who` a
/// decision of `kind` (then pending), false if it asks someone else or resolves instead; an
/// error for a decision without options (a hand renamed so that it cannot pay).
pub fn reask(g: &mut Game, who: Option<u8>, kind: &str) -> Result<bool, String> {
    if g.over {
        return Ok(true);
    }
    match g.run_head() {
        crate::game::Run::Ask(d) if d.options.is_empty() => {
            Err(format!("a {} decision of player {} without options", d.kind, d.player + 1))
        }
        crate::game::Run::Ask(d) if Some(d.player) == who && d.kind == kind => {
            g.pending = d;
            Ok(true)
        }
        _ => Ok(false),
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
