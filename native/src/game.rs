//! The game: state, deal and the turn machine, step by step as the Python engine's
//! (`forestshuffle.machine`, `rules`, `kinds/*`): the same options in the same order, the
//! same draws from the same generator, the same end.

use smallvec::SmallVec;

use crate::data::{Filter, Rules, TurnAct};
use crate::forest::Forest;
use crate::pile::Pile;
pub use crate::queue::{Eff, Further, Mode, Paid, Step};
use crate::rng::PyRandom;
pub use offer::{Compact, Counted, Form, Offer, Places};

mod copy;
mod offer;

/// A few cards (a sorted hand, payment candidates), inline.
pub type Cards = SmallVec<[u16; 16]>;
/// A decision's options, inline.
pub type Options = Vec<Action>;
/// A few steps to queue (a play's follow-ups, an effect's steps), inline.
pub type Steps = SmallVec<[Step; 4]>;

/// An option of a decision (`forestshuffle.decisions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    DrawFromDeck,
    DrawFromClearing(u16),
    PlayCard(u16),
    PlaySapling(u16),
    PayWith(u16),
    PickCard(u16),
    /// half, site, slot (interned name)
    Place(u8, u16, u16),
    Use,
    Pass,
    KeepHand,
    Redraw,
}

/// A pending decision.
#[derive(Debug, Default)]
pub struct Decision {
    pub player: u8,
    pub kind: &'static str,
    pub options: Options,
    /// a turn's, a draw's or a placement's options in compact form, standing for `options`
    /// (then empty): only in a game that asks for it ([`Game::compact`])
    pub(crate) offer: Option<Compact>,
}

impl Clone for Decision {
    fn clone(&self) -> Self {
        Decision { player: self.player, kind: self.kind, options: self.options.clone(), offer: self.offer }
    }

    fn clone_from(&mut self, source: &Self) {
        (self.player, self.kind, self.offer) = (source.player, source.kind, source.offer);
        self.options.clone_from(&source.options);
    }
}

/// Who takes the cards `deck_take` takes.
#[derive(Clone, Copy)]
pub(crate) enum Taker {
    Player(u8),
    Clearing,
    Deal(usize),
}

/// A game of a ruleset, which it borrows: games share one ruleset, read only.
/// `clone_from` copies into the target's own allocations: a search copies into scratch games.
pub struct Game<'r> {
    pub rules: &'r Rules,
    pub players: usize,
    pub deck: Vec<u16>,
    /// each player's hand: the cards in the order they came, and in increasing order
    pub hands: Vec<Pile>,
    pub clearing: Pile,
    pub caves: Vec<Vec<u16>>,
    pub winter: Vec<u16>,
    pub boxed: Vec<u16>,
    pub forests: Vec<Forest>,
    /// the resolution queue, its head last
    pub queue: Vec<Step>,
    pub current: usize,
    pub turn: u32,
    pub extra_turns: Vec<u32>,
    pub over: bool,
    pub end_reason: Option<&'static str>,
    pub end_scheduled: Option<&'static str>,
    pub pending: Decision,
    /// actions applied so far
    pub actions: u32,
    pub(crate) center: u16,
    /// the layout of the ruleset's turn actions, read once when the game is made
    pub(crate) turn_layout: TurnLayout,
    /// whether turns, draws and placements may leave their options in compact form
    /// ([`Decision::offer`]), for a caller that reads them only through
    /// [`Game::option_count`], [`Game::option`], [`Game::apply_index`] and
    /// [`Game::apply_chosen`] (the random bot's self-play)
    pub(crate) compact: bool,
    /// per player, the forest's [`Forest::edits`] when the classes of its empty slots were
    /// last found, and those classes (`Game::find_open_classes`)
    pub(crate) open_classes: Vec<(u64, u64)>,
}

/// The layout of a ruleset's turn actions (`Rules::turn_acts`): the core's two, each run
/// straight through, or any other, run in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnLayout {
    /// draw, play, sapling, in a ruleset that has a sapling kind, plain slots, no site
    /// sharing and hands capped: every ruleset fact a turn's options read decided once, here
    Core,
    /// draw, play, sapling
    DrawPlaySapling,
    /// draw, play
    DrawPlay,
    /// any other
    InOrder,
}

impl TurnLayout {
    /// The layout of the turn actions of `rules`.
    pub(crate) fn of(rules: &Rules) -> TurnLayout {
        use TurnAct::{Draw, Play, Sapling};
        match rules.turn_acts[..] {
            [Draw, Play, Sapling]
                if rules.sapling_kind.is_some()
                    && rules.plain_slots
                    && !rules.site_sharing
                    && rules.draw_cap =>
            {
                TurnLayout::Core
            }
            [Draw, Play, Sapling] => TurnLayout::DrawPlaySapling,
            [Draw, Play] => TurnLayout::DrawPlay,
            _ => TurnLayout::InOrder,
        }
    }
}

pub(crate) enum Run {
    /// the step resolved (or gave way to others): the loop goes on
    Done,
    /// a decision is pending ([`Game::pending`])
    Asked,
}

pub(crate) fn flt_ok(rules: &Rules, f: Option<&Filter>, h: &crate::data::Half) -> bool {
    match f {
        None => true,
        Some(f) => {
            if let Some(t) = f.tag {
                if h.tags & (1 << t) == 0 {
                    return false;
                }
            }
            if let Some(sp) = f.species {
                if h.species != sp {
                    return false;
                }
            }
            let _ = rules;
            match f.tree {
                Some(t) => h.is_tree_kind == t,
                None => true,
            }
        }
    }
}

/// `cards` in increasing order: each inserted in its place as it is read (these are hands
/// and clearings, short), in a fixed buffer when they fit.
pub(crate) fn sorted(cards: &[u16]) -> Cards {
    const INLINE: usize = 16;
    if cards.len() > INLINE {
        let mut out = Cards::from_slice(cards);
        out.sort_unstable();
        return out;
    }
    let mut buf = [0u16; INLINE];
    for (n, &c) in cards.iter().enumerate() {
        let mut j = n;
        while j > 0 && buf[j - 1] > c {
            buf[j] = buf[j - 1];
            j -= 1;
        }
        buf[j] = c;
    }
    Cards::from_buf_and_len(buf, cards.len())
}

pub(crate) fn nonempty_ref(f: &Filter) -> Option<&Filter> {
    (*f != Filter::default()).then_some(f)
}

pub(crate) fn nonempty(f: &Option<Filter>) -> Option<&Filter> {
    f.as_ref().filter(|f| **f != Filter::default())
}

impl<'r> Game<'r> {
    /// A new game dealt from `seed` (`fs.new_game(rules, players, seed)`), advanced to its
    /// first decision.
    pub fn new(rules: &'r Rules, players: usize, seed: u128) -> Result<Game<'r>, String> {
        Game::dealt_by(rules, players, PyRandom::new(seed))
    }

    /// [`Game::new`] with the deal's generator given, as `PyRandom::new(seed)` makes it.
    pub fn dealt_by(rules: &'r Rules, players: usize, mut rng: PyRandom) -> Result<Game<'r>, String> {
        let mut g = Game::blank(rules);
        g.deal(players, &mut rng)?;
        Ok(g)
    }

    /// A game of `rules` with nothing dealt, no players, and nothing to decide.
    pub fn blank(rules: &'r Rules) -> Game<'r> {
        Game {
            rules,
            players: 0,
            deck: Vec::new(),
            hands: Vec::new(),
            clearing: Pile::default(),
            caves: Vec::new(),
            winter: Vec::new(),
            boxed: Vec::new(),
            forests: Vec::new(),
            queue: Vec::new(),
            current: 0,
            turn: 0,
            extra_turns: Vec::new(),
            over: false,
            end_reason: None,
            end_scheduled: None,
            pending: Decision::default(),
            actions: 0,
            center: 0,
            turn_layout: TurnLayout::of(rules),
            compact: false,
            open_classes: Vec::new(),
        }
    }

    /// Deal a new game of `players` into this one with the deal's generator `rng` (as
    /// [`Game::dealt_by`]), keeping this one's allocations, and advance to its first decision.
    pub fn deal(&mut self, players: usize, rng: &mut PyRandom) -> Result<(), String> {
        let rules = self.rules;
        let Some(remove) = rules.removal.get(players) else {
            return Err(format!("ruleset {:?} is not for {players} players", rules.id));
        };
        let center = rules.center.ok_or("the codec has no center slot")?;
        // every field named, so that a new one cannot be left out
        let Game {
            rules: _,
            players: n,
            deck,
            hands,
            clearing,
            caves,
            winter,
            boxed,
            forests,
            queue,
            current,
            turn,
            extra_turns,
            over,
            end_reason,
            end_scheduled,
            pending,
            actions,
            center: c,
            turn_layout: _,
            compact: _,
            open_classes,
        } = self;
        // the shuffled cards, the first `remove` of them boxed
        boxed.clear();
        boxed.extend_from_slice(&rules.deck_cards);
        rng.shuffle(boxed);
        let remove = remove.min(boxed.len());
        let third = (boxed.len() - remove) / 3;
        // from the top: two thirds, the first winter card, then the last third shuffled with
        // the other winter cards
        deck.clear();
        deck.extend_from_slice(&boxed[remove..remove + 2 * third]);
        if let Some((&last, others)) = rules.winter_cards.split_first() {
            deck.push(last);
            let bottom = deck.len();
            deck.extend_from_slice(&boxed[remove + 2 * third..]);
            deck.extend_from_slice(others);
            rng.shuffle(&mut deck[bottom..]);
        } else {
            deck.extend_from_slice(&boxed[remove + 2 * third..]);
        }
        deck.reverse();
        boxed.truncate(remove);
        *n = players;
        hands.resize_with(players, Pile::default);
        hands.iter_mut().for_each(Pile::clear);
        clearing.clear();
        caves.resize_with(players, Vec::new);
        caves.iter_mut().for_each(Vec::clear);
        winter.clear();
        forests.truncate(players);
        forests.iter_mut().for_each(|f| f.reset(rules));
        while forests.len() < players {
            forests.push(Forest::new(rules));
        }
        queue.clear();
        queue.push(Step::EndTurn);
        if rules.mulligan {
            queue.extend((0..players).rev().map(|p| Step::Mulligan(p as u8)));
        }
        queue.push(Step::Deal);
        (*current, *turn, *over, *actions, *c) = (0, 0, false, 0, center);
        extra_turns.clear();
        extra_turns.resize(players, 0);
        // none found yet: no forest counts this many changes
        open_classes.clear();
        open_classes.resize(players, (u64::MAX, 0));
        (*end_reason, *end_scheduled) = (None, None);
        pending.options.clear();
        pending.options.reserve(48);
        self.run();
        Ok(())
    }

    // -- the queue ------------------------------------------------------------------

    #[inline]
    pub(crate) fn finish(&mut self) {
        crate::queue::discard_last(&mut self.queue);
    }

    /// The head step, one that holds nothing (a draw's, a turn's), done.
    #[inline]
    pub(crate) fn finish_plain(&mut self) {
        crate::queue::discard_plain_last(&mut self.queue);
    }

    /// The head step gives way to `steps`, the first of them the new head.
    pub(crate) fn replace_head<I>(&mut self, steps: I)
    where
        I: IntoIterator<Item = Step>,
        I::IntoIter: DoubleEndedIterator,
    {
        self.finish();
        self.queue.extend(steps.into_iter().rev());
    }

    /// The head step gives way to one step.
    #[inline]
    pub(crate) fn replace_head_with(&mut self, step: Step) {
        self.queue.last_mut().expect("the head").replace_with(step);
    }

    /// The head step, a turn or a placement (which hold nothing), gives way to one step.
    #[inline]
    pub(crate) fn replace_plain_head_with(&mut self, step: Step) {
        self.queue.last_mut().expect("the head").overwrite_plain(step);
    }

    pub(crate) fn queue_at<I>(&mut self, steps: I, at: usize)
    where
        I: IntoIterator<Item = Step>,
        I::IntoIter: DoubleEndedIterator,
    {
        let i = self.queue.len() - at;
        self.queue.splice(i..i, steps.into_iter().rev());
    }

    // -- the machine ------------------------------------------------------------------

    /// Resolve the head steps until a decision is pending or the game is over.
    pub(crate) fn run(&mut self) {
        // the decision answered goes: a turn or a draw asked next writes its offer anew
        self.pending.offer = None;
        while !self.over {
            match self.run_head() {
                Run::Done => {}
                Run::Asked => return,
            }
        }
        // nothing pending, the options' allocation kept for the next deal
        let d = &mut self.pending;
        (d.player, d.kind) = (0, "");
        d.options.clear();
    }

    /// A decision pending: `player`'s, of kind `kind`, with `options` (from [`Game::opts`]).
    #[inline(always)]
    pub(crate) fn ask(&mut self, player: u8, kind: &'static str, options: Options) -> Run {
        let d = &mut self.pending;
        (d.player, d.kind, d.options) = (player, kind, options);
        Run::Asked
    }

    /// A decision pending whose options are `actions`, written in place.
    #[inline(always)]
    pub(crate) fn ask_of(&mut self, player: u8, kind: &'static str, actions: &[Action]) -> Run {
        let d = &mut self.pending;
        (d.player, d.kind) = (player, kind);
        d.options.clear();
        d.options.extend_from_slice(actions);
        Run::Asked
    }

    /// [`Game::pick`] pending.
    pub(crate) fn ask_pick(&mut self, p: usize, kind: &'static str, cards: &[u16], pass: bool) -> Run {
        self.pick(p, kind, cards, pass)
    }

    /// Apply option `i` of the pending decision, then run to the next decision.
    pub fn apply_index(&mut self, i: usize) -> Result<(), String> {
        if self.over {
            return Err("the game is over".into());
        }
        let a = self.option(i).ok_or("no such option")?;
        self.apply_action(a);
        Ok(())
    }

    /// Apply the option `choose` picks of the pending decision's options, given how many
    /// there are, then run to the next decision: [`Game::apply_index`] for a caller that
    /// needs the count and the one option only (options in compact form read once, and only
    /// the chosen option of them).
    #[inline]
    pub fn apply_chosen(&mut self, choose: impl FnOnce(usize) -> usize) -> Result<(), String> {
        if self.over {
            return Err("the game is over".into());
        }
        self.apply_chosen_on(choose)
    }

    /// Play on until the game is over or has taken `max_actions` actions, each decision
    /// answered by the option `choose` picks of its count (as [`Game::apply_chosen`]).
    pub fn play_chosen(
        &mut self,
        max_actions: u32,
        mut choose: impl FnMut(usize) -> usize,
    ) -> Result<(), String> {
        while !self.over && self.actions < max_actions {
            self.apply_chosen_on(&mut choose)?;
        }
        Ok(())
    }

    /// [`Game::apply_chosen`] of a game not over.
    #[inline(always)]
    fn apply_chosen_on(&mut self, choose: impl FnOnce(usize) -> usize) -> Result<(), String> {
        // one match on the form: the count, then the option chosen
        let a = match &self.pending.offer {
            Some(o) => {
                let i = choose(o.len());
                if i >= o.len() {
                    return Err("no such option".into());
                }
                self.compact_nth(o, i)
            }
            None => {
                let options = &self.pending.options;
                *options.get(choose(options.len())).ok_or("no such option")?
            }
        };
        self.apply_action(a);
        Ok(())
    }

    /// Answer `a`, an option of the pending decision, and run to the next decision.
    #[inline(always)]
    fn apply_action(&mut self, a: Action) {
        let run = self.answer(a);
        self.actions += 1;
        if let Run::Done = run {
            self.run();
        }
    }

    /// How many options the pending decision has.
    #[inline]
    pub fn option_count(&self) -> usize {
        match &self.pending.offer {
            Some(o) => o.len(),
            None => self.pending.options.len(),
        }
    }

    /// Option `i` of the pending decision, if it has that many.
    #[inline]
    pub fn option(&self, i: usize) -> Option<Action> {
        let Some(o) = &self.pending.offer else { return self.pending.options.get(i).copied() };
        (i < o.len()).then(|| self.compact_nth(o, i))
    }

    /// Option `i` (below its length) of the pending decision's options in compact form `o`.
    #[inline(always)]
    fn compact_nth(&self, o: &Compact, i: usize) -> Action {
        let p = self.pending.player as usize;
        match &o.form {
            Form::Turn(o) => o.nth(i, &self.clearing, || &self.hands[p]),
            Form::Place(pl) => self.place_nth(p, pl, i),
        }
    }

    /// The codec id of an action.
    pub fn code(&self, a: Action) -> u32 {
        let c = &self.rules.codec;
        let ci = |card: u16| c.card_index[card as usize];
        match a {
            Action::DrawFromDeck => c.draw_deck,
            Action::DrawFromClearing(x) => c.take + ci(x),
            Action::PlayCard(x) => c.play + ci(x),
            Action::PlaySapling(x) => c.sapling + ci(x),
            Action::PayWith(x) => c.pay + ci(x),
            Action::PickCard(x) => c.pick + ci(x),
            Action::Place(h, site, slot) => {
                let nslots = c.slot_names.len() as u32;
                c.place + (u32::from(h) * c.sites + u32::from(site)) * nslots + c.slot_index[slot as usize]
            }
            Action::Use => c.use_,
            Action::Pass => c.pass,
            Action::KeepHand => c.keep,
            Action::Redraw => c.redraw,
        }
    }

    /// The codec ids of the pending decision's options, in order.
    pub fn legal_codes(&self) -> Vec<u32> {
        self.pending.options.iter().map(|&a| self.code(a)).collect()
    }

    /// The player the pending decision asks.
    pub fn to_move(&self) -> usize {
        self.pending.player as usize
    }
}
