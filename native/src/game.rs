//! The game: state, deal and the turn machine, step by step as the Python engine's
//! (`forestshuffle.machine`, `rules`, `kinds/*`): the same options in the same order, the
//! same draws from the same generator, the same end.

use std::sync::Arc;

use crate::data::{Effect, Filter, Pos, Rules};
use crate::forest::{Forest, CENTER};
use crate::rng::PyRandom;

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

/// How a card is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Free,
    Deferred,
}

/// A step of the resolution queue (`forestshuffle.steps.Step`), its arguments typed.
#[derive(Clone, Debug)]
pub enum Step {
    Deal,
    Mulligan(u8),
    Turn(u8),
    /// the player, or -1 before the first turn
    EndTurn(i8),
    DrawMore { p: u8, left: u32 },
    Place { p: u8, card: u16, mode: Mode, filter: Option<Filter>, pool: Option<Arc<Vec<u16>>>, from_clearing: bool },
    Pay { p: u8, card: u16, mode: Mode, half: u8, site: u16, slot: u16, owed: u32, paid: Vec<u16>, pool: Option<Arc<Vec<u16>>> },
    Offer { p: u8, card: u16, bonus: bool, half: u8 },
    Trigger { p: u8, card: u16, index: u32 },
    Reveal(u8),
    Effect { p: u8, card: u16, eff: Eff },
    ResolvePlays { p: u8, card: u16, plays: Vec<(u16, Vec<Step>)> },
}

/// An effect step with its progress.
#[derive(Clone, Debug)]
pub enum Eff {
    Draw(u32),
    DrawPer { count: u32, per: u32 },
    ExtraTurn,
    FreePlay { filter: Filter, any_number: bool },
    CaveFromHand { caved: u32 },
    ClearingToCave,
    PlayFurther { eligible: Option<Arc<Vec<u16>>>, deferred: Vec<(u16, Vec<Step>)> },
}

impl Eff {
    fn of(e: &Effect) -> Eff {
        match e {
            Effect::Draw(n) => Eff::Draw(*n),
            Effect::DrawPer { count, per } => Eff::DrawPer { count: *count, per: *per },
            Effect::ExtraTurn => Eff::ExtraTurn,
            Effect::FreePlay { filter, any_number } => Eff::FreePlay { filter: filter.clone(), any_number: *any_number },
            Effect::CaveFromHandThenDraw => Eff::CaveFromHand { caved: 0 },
            Effect::ClearingToCave => Eff::ClearingToCave,
            Effect::PlayFurther => Eff::PlayFurther { eligible: None, deferred: Vec::new() },
        }
    }
}

/// A pending decision.
#[derive(Clone, Debug, Default)]
pub struct Decision {
    pub player: u8,
    pub kind: &'static str,
    pub options: Vec<Action>,
}

/// Who takes the cards `deck_take` takes.
#[derive(Clone, Copy)]
enum Taker {
    Player(u8),
    Clearing,
    Deal(usize),
}

/// A game of a ruleset.
#[derive(Clone)]
pub struct Game {
    pub rules: Arc<Rules>,
    pub players: usize,
    pub deck: Vec<u16>,
    pub hands: Vec<Vec<u16>>,
    pub clearing: Vec<u16>,
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
    center: u16,
}

enum Run {
    Done,
    Ask(Decision),
}

fn flt_ok(rules: &Rules, f: Option<&Filter>, h: &crate::data::Half) -> bool {
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

fn nonempty(f: &Option<Filter>) -> Option<&Filter> {
    f.as_ref().filter(|f| **f != Filter::default())
}

impl Game {
    /// A new game dealt from `seed` (`fs.new_game(rules, players, seed)`), advanced to its
    /// first decision.
    pub fn new(rules: Arc<Rules>, players: usize, seed: u128) -> Result<Game, String> {
        if !rules.removal.contains_key(&players) {
            return Err(format!("ruleset {:?} is not for {players} players", rules.id));
        }
        let center = rules.name("center").ok_or("the codec has no center slot")?;
        let mut rng = PyRandom::new(seed);
        let mut cards = rules.deck_cards.clone();
        rng.shuffle(&mut cards);
        let remove = rules.removal[&players].min(cards.len());
        let boxed = cards[..remove].to_vec();
        let rest = &cards[remove..];
        let third = rest.len() / 3;
        let mut order: Vec<u16> = rest[..2 * third].to_vec();
        let mut bottom: Vec<u16> = rest[2 * third..].to_vec();
        if let Some((&last, others)) = rules.winter_cards.split_first() {
            bottom.extend_from_slice(others);
            rng.shuffle(&mut bottom);
            order.push(last);
        }
        order.extend(bottom);
        order.reverse();
        let forests = (0..players).map(|_| Forest::new(&rules)).collect();
        let mut queue = vec![Step::EndTurn(-1)];
        if rules.mulligan {
            for p in (0..players).rev() {
                queue.push(Step::Mulligan(p as u8));
            }
        }
        queue.push(Step::Deal);
        let mut g = Game {
            rules,
            players,
            deck: order,
            hands: vec![Vec::new(); players],
            clearing: Vec::new(),
            caves: vec![Vec::new(); players],
            winter: Vec::new(),
            boxed,
            forests,
            queue,
            current: 0,
            turn: 0,
            extra_turns: vec![0; players],
            over: false,
            end_reason: None,
            end_scheduled: None,
            pending: Decision::default(),
            actions: 0,
            center,
        };
        g.run();
        Ok(g)
    }

    // -- the queue ------------------------------------------------------------------

    #[inline]
    fn finish(&mut self) {
        self.queue.pop();
    }

    fn replace_head(&mut self, steps: Vec<Step>) {
        self.queue.pop();
        self.queue.extend(steps.into_iter().rev());
    }

    fn queue_at(&mut self, steps: Vec<Step>, at: usize) {
        let i = self.queue.len() - at;
        self.queue.splice(i..i, steps.into_iter().rev());
    }

    // -- the machine ------------------------------------------------------------------

    /// Resolve the head steps until a decision is pending or the game is over.
    fn run(&mut self) {
        while !self.over {
            match self.run_head() {
                Run::Done => {}
                Run::Ask(d) => {
                    self.pending = d;
                    return;
                }
            }
        }
        self.pending = Decision::default();
    }

    /// Apply option `i` of the pending decision, then run to the next decision.
    pub fn apply_index(&mut self, i: usize) -> Result<(), String> {
        if self.over {
            return Err("the game is over".into());
        }
        let a = *self.pending.options.get(i).ok_or("no such option")?;
        self.answer(a);
        self.actions += 1;
        self.run();
        Ok(())
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

    // -- taking cards ---------------------------------------------------------------

    fn hand_room(&self, p: usize) -> i64 {
        if !self.rules.draw_cap {
            return 1 << 30;
        }
        self.rules.hand_limit as i64 - self.hands[p].len() as i64
    }

    /// Take `n` cards off the deck (winter cards handled); false if the game ended.
    fn deck_take(&mut self, n: i64, taker: Taker) -> bool {
        let mut taken = 0i64;
        let mut dealt = 0usize;
        while taken < n {
            let Some(c) = self.deck.pop() else { break };
            if self.rules.cards[c as usize].winter {
                self.winter.push(c);
                let winters = self.winter.len();
                if winters == self.rules.winters_for[&self.players] {
                    if self.rules.winter_at_once {
                        self.end("third_winter");
                        return false;
                    }
                    if self.end_scheduled.is_none() {
                        self.end_scheduled = Some("third_winter");
                    }
                }
                continue;
            }
            match taker {
                Taker::Player(p) => self.hands[p as usize].push(c),
                Taker::Clearing => self.clearing.push(c),
                Taker::Deal(per) => {
                    self.hands[dealt / per].push(c);
                    dealt += 1;
                }
            }
            taken += 1;
        }
        true
    }

    fn end(&mut self, reason: &'static str) {
        self.over = true;
        self.end_reason = Some(reason);
        self.queue.clear();
    }

    fn draw_cards(&mut self, p: usize, n: i64) {
        let n = n.min(self.hand_room(p));
        if n > 0 {
            self.deck_take(n, Taker::Player(p as u8));
        }
    }

    fn take_one(&mut self, p: usize, a: Action) {
        if let Action::DrawFromClearing(c) = a {
            let i = self.clearing.iter().position(|&x| x == c).expect("a clearing card");
            self.clearing.remove(i);
            self.hands[p].push(c);
        } else {
            self.deck_take(1, Taker::Player(p as u8));
        }
    }

    fn draw_options(&self, out: &mut Vec<Action>) {
        if !self.deck.is_empty() {
            out.push(Action::DrawFromDeck);
        }
        let start = out.len();
        for &c in &self.clearing {
            out.push(Action::DrawFromClearing(c));
        }
        out[start..].sort_unstable_by_key(|a| match a {
            Action::DrawFromClearing(c) => *c,
            _ => 0,
        });
    }

    // -- placements -------------------------------------------------------------------

    fn may_join(&self, p: usize, site: usize, slot: usize, h: &crate::data::Half) -> bool {
        let rules = &*self.rules;
        let f = &self.forests[p];
        let s = &f.sites[site];
        let cards = &s.slots[slot];
        let sp = &rules.species[h.species as usize];
        if let Some(mx) = sp.sharing {
            if mx.is_none_or(|m| (cards.len() as u32) < m) {
                let ok = match &sp.share_kin {
                    None => cards.iter().all(|&c| f.half_of(rules, c).species == h.species),
                    Some(kin) => cards.iter().all(|&c| kin.contains(&f.half_of(rules, c).species)),
                };
                if ok {
                    return true;
                }
            }
        }
        if !rules.site_sharing {
            return false;
        }
        let group = rules.site_kinds[s.kind as usize].slots[slot].group;
        for v in &s.slots {
            for &c in v {
                let Some((g, tag, mx)) = rules.species[f.half_of(rules, c).species as usize].site_sharing else { continue };
                if g != group || h.tags & (1 << tag) == 0 {
                    continue;
                }
                if mx.is_none_or(|m| (cards.len() as u32) < m) && cards.iter().all(|&x| f.half_of(rules, x).tags & (1 << tag) != 0) {
                    return true;
                }
            }
        }
        false
    }

    fn joins(&self, h: &crate::data::Half) -> bool {
        self.rules.species[h.species as usize].sharing.is_some() || self.rules.site_sharing
    }

    /// Every legal placement of `card` in `p`'s forest (`rules.placements`).
    fn placements(&self, p: usize, card: u16, flt: Option<&Filter>, max_cost: Option<u32>, out: &mut Vec<Action>) {
        let rules = &*self.rules;
        let hs = &rules.cards[card as usize].halves;
        let f = &self.forests[p];
        if hs[0].pos == Pos::Center {
            if flt_ok(rules, flt, &hs[0]) && max_cost.is_none_or(|m| hs[0].cost <= m) {
                out.push(Action::Place(0, f.sites.len() as u16, self.center));
            }
            return;
        }
        for (hi, h) in hs.iter().enumerate() {
            if !flt_ok(rules, flt, h) || max_cost.is_some_and(|m| h.cost > m) {
                continue;
            }
            let bit = 1u8 << (h.pos as u8);
            let joins = self.joins(h);
            for (si, s) in f.sites.iter().enumerate() {
                let sk = &rules.site_kinds[s.kind as usize];
                for (i, sd) in sk.slots.iter().enumerate() {
                    if sd.accepts & bit == 0 {
                        continue;
                    }
                    if !s.slots[i].is_empty() && !(joins && self.may_join(p, si, i, h)) {
                        continue;
                    }
                    out.push(Action::Place(hi as u8, si as u16, sd.name));
                }
            }
        }
    }

    /// Whether some half of `card` can be placed for `budget` (`rules.can_place`).
    fn can_place(&self, p: usize, card: u16, budget: i64, flt: Option<&Filter>) -> bool {
        let rules = &*self.rules;
        let hs = &rules.cards[card as usize].halves;
        if hs[0].pos == Pos::Center {
            return i64::from(hs[0].cost) <= budget && flt_ok(rules, flt, &hs[0]);
        }
        let f = &self.forests[p];
        let mask = f.open_mask();
        for h in hs {
            if i64::from(h.cost) > budget || !flt_ok(rules, flt, h) {
                continue;
            }
            let bit = 1u8 << (h.pos as u8);
            if mask & bit != 0 {
                return true;
            }
            if self.joins(h) {
                for (si, s) in f.sites.iter().enumerate() {
                    let sk = &rules.site_kinds[s.kind as usize];
                    for (i, sd) in sk.slots.iter().enumerate() {
                        if sd.accepts & bit != 0 && !s.slots[i].is_empty() && self.may_join(p, si, i, h) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn sorted_hand(&self, p: usize) -> Vec<u16> {
        let mut h = self.hands[p].clone();
        h.sort_unstable();
        h
    }

    fn pick(p: usize, kind: &'static str, cards: &[u16], pass: bool) -> Decision {
        let mut options: Vec<Action> = cards.iter().map(|&c| Action::PickCard(c)).collect();
        if pass {
            options.push(Action::Pass);
        }
        Decision { player: p as u8, kind, options }
    }

    // -- playing a card -----------------------------------------------------------------

    /// The events of a card put into a forest, then its follow-up steps (`play_events`).
    #[allow(clippy::too_many_arguments)]
    fn play_card(&mut self, p: usize, card: u16, half: Option<u8>, site: u16, slot: u16, paid: &[u16], mode: Mode, from_clearing: bool, keep_head: bool) {
        let rules = self.rules.clone();
        let is_center = slot == self.center;
        let kind = if is_center {
            match half {
                None => rules.sapling_kind,
                Some(hi) => rules.cards[card as usize].halves[hi as usize].site_kind,
            }
        } else {
            Some(self.forests[p].sites[site as usize].kind)
        };
        let sk = kind.map(|k| &rules.site_kinds[k as usize]);
        let upgrade = is_center && mode == Mode::Normal && sk.is_some_and(|k| k.upgrade.is_some()) && !self.hands[p].is_empty();
        let reveals = is_center && sk.is_some_and(|k| k.reveals);
        let slot_idx = if is_center {
            None
        } else {
            let sk = &rules.site_kinds[self.forests[p].sites[site as usize].kind as usize];
            Some(sk.slots.iter().position(|sd| sd.name == slot).expect("a slot of the site"))
        };
        // the role of the slot (what triggers match), or center
        let role = match slot_idx {
            None => self.center,
            Some(i) => rules.site_kinds[self.forests[p].sites[site as usize].kind as usize].slots[i].role,
        };
        let later = if half.is_some() || (rules.has_triggers && !self.forests[p].triggers.is_empty()) {
            self.resolution_steps(p, card, half, role, kind, paid, mode)
        } else {
            Vec::new()
        };
        assert!(!upgrade, "site upgrades are not in the native core yet");
        // the card goes down
        if from_clearing {
            let i = self.clearing.iter().position(|&x| x == card).expect("a clearing card");
            self.clearing.remove(i);
        } else {
            let hand = &mut self.hands[p];
            let i = hand.iter().position(|&x| x == card).expect("a hand card");
            hand.remove(i);
        }
        for &c in paid {
            let hand = &mut self.hands[p];
            let i = hand.iter().position(|&x| x == c).expect("a payment card");
            hand.remove(i);
        }
        self.clearing.extend_from_slice(paid);
        let turn = self.turn;
        match (half, slot_idx) {
            (None, _) => self.forests[p].open_site(&rules, card, None, kind.expect("a sapling kind"), turn),
            (Some(hi), None) => self.forests[p].open_site(&rules, card, Some(hi as usize), kind.expect("a site kind"), turn),
            (Some(hi), Some(si)) => self.forests[p].attach(&rules, card, hi as usize, site as usize, si, turn),
        }
        if mode == Mode::Deferred {
            self.finish();
            if !later.is_empty() {
                if let Some(Step::Effect { eff: Eff::PlayFurther { deferred, .. }, .. }) = self.queue.last_mut() {
                    deferred.push((card, later));
                } else {
                    panic!("a deferred play without its play_further step");
                }
            }
            if reveals {
                self.queue.push(Step::Reveal(p as u8));
            }
            return;
        }
        if reveals && !keep_head {
            self.replace_head(later);
            self.deck_take(1, Taker::Clearing);
            return;
        }
        let mut now = Vec::with_capacity(later.len() + 1);
        if reveals {
            now.push(Step::Reveal(p as u8));
        }
        now.extend(later);
        if keep_head {
            self.queue_at(now, 0);
        } else {
            self.replace_head(now);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn resolution_steps(&self, p: usize, card: u16, half: Option<u8>, role: u16, kind: Option<u16>, paid: &[u16], mode: Mode) -> Vec<Step> {
        let rules = &*self.rules;
        let (mut early, late) = if rules.has_triggers && !self.forests[p].triggers.is_empty() {
            self.trigger_steps(p, card, half, role, kind)
        } else {
            (Vec::new(), Vec::new())
        };
        if let (Some(hi), true) = (half, mode != Mode::Free) {
            let h = &rules.cards[card as usize].halves[hi as usize];
            let sp = &rules.species[h.species as usize];
            if !sp.effect.is_empty() {
                early.push(Step::Offer { p: p as u8, card, bonus: false, half: hi });
            }
            if !sp.bonus.is_empty() && !paid.is_empty() {
                if let Some(sym) = h.symbol {
                    if paid.iter().all(|&c| rules.cards[c as usize].symbols & (1 << sym) != 0) {
                        early.push(Step::Offer { p: p as u8, card, bonus: true, half: hi });
                    }
                }
            }
        }
        early.extend(late);
        early
    }

    fn trigger_steps(&self, p: usize, card: u16, half: Option<u8>, role: u16, kind: Option<u16>) -> (Vec<Step>, Vec<Step>) {
        let rules = &*self.rules;
        let f = &self.forests[p];
        let mut early = Vec::new();
        let mut late = Vec::new();
        for &c in &f.triggers {
            if c == card {
                continue;
            }
            let sp = &rules.species[f.half_of(rules, c).species as usize];
            for t in &sp.triggers {
                if t.from_next_turn && f.placed_turn[c as usize] >= self.turn {
                    continue;
                }
                if self.trigger_matches(t, card, half, role, kind) {
                    let s = Step::Trigger { p: p as u8, card: c, index: t.index };
                    if t.before_effects {
                        early.push(s);
                    } else {
                        late.push(s);
                    }
                }
            }
        }
        (early, late)
    }

    fn trigger_matches(&self, t: &crate::data::Trigger, card: u16, half: Option<u8>, role: u16, kind: Option<u16>) -> bool {
        let rules = &*self.rules;
        if let Some(want) = t.slot {
            if role != want {
                return false;
            }
        }
        if let Some(feat) = t.filter.feature {
            return kind.is_some_and(|k| rules.site_kinds[k as usize].features.contains(&feat));
        }
        if let Some(tree) = t.filter.tree {
            let is_tree = role == self.center && kind.is_none_or(|k| rules.site_kinds[k as usize].is_tree);
            if is_tree != tree {
                return false;
            }
        }
        if t.filter.tag.is_some() || t.filter.species.is_some() {
            let Some(hi) = half else { return false };
            let f = Filter { tag: t.filter.tag, species: t.filter.species, tree: None, feature: None };
            return flt_ok(rules, Some(&f), &rules.cards[card as usize].halves[hi as usize]);
        }
        true
    }

    // -- steps ----------------------------------------------------------------------------

    fn run_head(&mut self) -> Run {
        let step = self.queue.last().expect("the resolution queue ran empty").clone();
        let rules = self.rules.clone();
        match step {
            Step::Deal => {
                self.finish();
                let n = rules.opening_hand;
                self.deck_take((n * self.players) as i64, Taker::Deal(n));
                Run::Done
            }
            Step::Mulligan(p) => {
                let opens = self.hands[p as usize].iter().any(|&c| {
                    let hs = &rules.cards[c as usize].halves;
                    !hs.is_empty() && hs[0].pos == Pos::Center
                });
                if opens {
                    self.finish();
                    return Run::Done;
                }
                Run::Ask(Decision { player: p, kind: "mulligan", options: vec![Action::KeepHand, Action::Redraw] })
            }
            Step::EndTurn(player) => {
                if self.clearing.len() >= rules.clearing_limit {
                    self.boxed.append(&mut self.clearing);
                }
                if let Some(reason) = self.end_scheduled {
                    self.end(reason);
                    return Run::Done;
                }
                let cur = self.current;
                let (next, extra) = if player >= 0 && (player as usize) < self.players && self.extra_turns[cur] > 0 {
                    (cur, true)
                } else if player < 0 {
                    (0, false)
                } else {
                    ((cur + 1) % self.players, false)
                };
                self.current = next;
                self.turn += 1;
                if extra {
                    self.extra_turns[next] -= 1;
                }
                self.queue.pop();
                self.queue.push(Step::EndTurn(next as i8));
                self.queue.push(Step::Turn(next as u8));
                Run::Done
            }
            Step::Turn(p) => {
                let pu = p as usize;
                let mut opts = Vec::new();
                for ta in &rules.turn_actions {
                    match ta.as_str() {
                        "draw" => {
                            if self.hand_room(pu) > 0 {
                                self.draw_options(&mut opts);
                            }
                        }
                        "play" => {
                            let budget = self.hands[pu].len() as i64 - 1;
                            for c in self.sorted_hand(pu) {
                                if self.can_place(pu, c, budget, None) {
                                    opts.push(Action::PlayCard(c));
                                }
                            }
                        }
                        "sapling" => {
                            if rules.sapling_kind.is_some() {
                                for c in self.sorted_hand(pu) {
                                    opts.push(Action::PlaySapling(c));
                                }
                            }
                        }
                        other => panic!("unknown turn action {other:?}"),
                    }
                }
                if opts.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                Run::Ask(Decision { player: p, kind: "turn", options: opts })
            }
            Step::DrawMore { p, .. } => {
                if rules.draw_cap && rules.hand_limit <= self.hands[p as usize].len() {
                    self.finish();
                    return Run::Done;
                }
                let mut opts = Vec::new();
                self.draw_options(&mut opts);
                if opts.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                Run::Ask(Decision { player: p, kind: "draw", options: opts })
            }
            Step::Place { p, card, mode, ref filter, ref pool, .. } => {
                let pu = p as usize;
                let flt = nonempty(filter);
                let mut opts = Vec::new();
                if mode == Mode::Free {
                    self.placements(pu, card, flt, None, &mut opts);
                } else {
                    let hand = &self.hands[pu];
                    let budget = match pool {
                        None => hand.len() as u32 - 1,
                        Some(pool) => hand.iter().filter(|&&c| c != card && pool.contains(&c)).count() as u32,
                    };
                    self.placements(pu, card, flt, Some(budget), &mut opts);
                }
                if opts.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                if let Action::Place(_, _, slot) = opts[0] {
                    if slot == self.center {
                        self.answer(opts[0]);
                        return Run::Done;
                    }
                }
                Run::Ask(Decision { player: p, kind: "place", options: opts })
            }
            Step::Pay { p, card, owed, ref paid, ref pool, .. } => {
                let last = paid.last().map_or(-1, |&c| i32::from(c));
                let mut cands: Vec<u16> = self.hands[p as usize]
                    .iter()
                    .copied()
                    .filter(|&c| c != card && i32::from(c) > last && pool.as_ref().is_none_or(|pl| pl.contains(&c)))
                    .collect();
                cands.sort_unstable();
                let mut opts = Vec::new();
                if cands.len() >= owed as usize {
                    for &c in &cands[..cands.len() - owed as usize + 1] {
                        opts.push(Action::PayWith(c));
                    }
                }
                Run::Ask(Decision { player: p, kind: "pay", options: opts })
            }
            Step::Offer { p, bonus, .. } => Run::Ask(Decision { player: p, kind: if bonus { "bonus" } else { "effect" }, options: vec![Action::Use, Action::Pass] }),
            Step::Trigger { p, card, index } => {
                let sp = self.forests[p as usize].half_of(&rules, card).species;
                let t = &rules.species[sp as usize].triggers.iter().find(|t| t.index == index).expect("a trigger");
                if !t.optional {
                    self.answer(Action::Use);
                    return Run::Done;
                }
                Run::Ask(Decision { player: p, kind: "trigger", options: vec![Action::Use, Action::Pass] })
            }
            Step::Reveal(_) => {
                self.finish();
                self.deck_take(1, Taker::Clearing);
                Run::Done
            }
            Step::ResolvePlays { p, ref plays, .. } => {
                if plays.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                if plays.len() == 1 {
                    self.resolve_play(0);
                    return Run::Done;
                }
                let cards: Vec<u16> = plays.iter().map(|(c, _)| *c).collect();
                Run::Ask(Self::pick(p as usize, "resolve_order", &cards, false))
            }
            Step::Effect { p, card, ref eff } => self.run_effect(p, card, eff),
        }
    }

    fn run_effect(&mut self, p: u8, card: u16, eff: &Eff) -> Run {
        let pu = p as usize;
        match eff {
            Eff::Draw(n) => {
                self.finish();
                self.draw_cards(pu, i64::from(*n));
                Run::Done
            }
            Eff::DrawPer { count, per } => {
                let n = self.forests[pu].count(*count);
                self.finish();
                self.draw_cards(pu, i64::from(n) * i64::from(*per));
                Run::Done
            }
            Eff::ExtraTurn => {
                self.finish();
                self.extra_turns[pu] += 1;
                Run::Done
            }
            Eff::FreePlay { filter, .. } => {
                let flt = nonempty(&Some(filter.clone())).cloned();
                let cands: Vec<u16> = self.sorted_hand(pu).into_iter().filter(|&c| self.can_place(pu, c, 1_000_000_000, flt.as_ref())).collect();
                if cands.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                Run::Ask(Self::pick(pu, "free_play", &cands, true))
            }
            Eff::CaveFromHand { .. } => Run::Ask(Self::pick(pu, "cave", &self.sorted_hand(pu), true)),
            Eff::ClearingToCave => {
                self.finish();
                if !self.clearing.is_empty() {
                    let n = self.clearing.len();
                    self.caves[pu].append(&mut self.clearing);
                    self.forests[pu].caved(n);
                }
                Run::Done
            }
            Eff::PlayFurther { eligible, deferred } => {
                let Some(pool) = eligible else {
                    let hand = Arc::new(self.sorted_hand(pu));
                    let deferred = deferred.clone();
                    *self.queue.last_mut().expect("the head") = Step::Effect { p, card, eff: Eff::PlayFurther { eligible: Some(hand), deferred } };
                    return Run::Done;
                };
                let mine: Vec<u16> = self.sorted_hand(pu).into_iter().filter(|c| pool.contains(c)).collect();
                let budget = mine.len() as i64 - 1;
                let playable: Vec<u16> = mine.iter().copied().filter(|&c| self.can_place(pu, c, budget, None)).collect();
                Run::Ask(Self::pick(pu, "play_further", &playable, true))
            }
        }
    }

    fn resolve_play(&mut self, i: usize) {
        let Some(Step::ResolvePlays { p, card, plays }) = self.queue.last().cloned() else { panic!("not a resolve_plays step") };
        let mut rest = plays;
        let (_, steps) = rest.remove(i);
        if rest.is_empty() {
            self.finish();
        } else {
            *self.queue.last_mut().expect("the head") = Step::ResolvePlays { p, card, plays: rest };
        }
        self.queue_at(steps, 0);
    }

    fn effect_steps(p: u8, card: u16, specs: &[Effect]) -> Vec<Step> {
        specs.iter().map(|e| Step::Effect { p, card, eff: Eff::of(e) }).collect()
    }

    /// The head step answers option `a` of its decision.
    fn answer(&mut self, a: Action) {
        let step = self.queue.last().expect("the resolution queue ran empty").clone();
        let rules = self.rules.clone();
        match step {
            Step::Mulligan(p) => {
                self.finish();
                if a == Action::Redraw {
                    let pu = p as usize;
                    let hand = std::mem::take(&mut self.hands[pu]);
                    let n = hand.len() as i64;
                    self.boxed.extend(hand);
                    self.deck_take(n, Taker::Player(p));
                }
            }
            Step::Turn(p) => {
                let pu = p as usize;
                match a {
                    Action::DrawFromDeck | Action::DrawFromClearing(_) => {
                        let room = rules.hand_limit as i64 - self.hands[pu].len() as i64;
                        let mut left = rules.draws_per_turn as i64 - 1;
                        if rules.draw_cap && room <= left {
                            left = room - 1;
                        }
                        if left > 0 {
                            self.replace_head(vec![Step::DrawMore { p, left: left as u32 }]);
                        } else {
                            self.finish();
                        }
                        self.take_one(pu, a);
                    }
                    Action::PlayCard(c) => {
                        self.replace_head(vec![Step::Place { p, card: c, mode: Mode::Normal, filter: None, pool: None, from_clearing: false }]);
                    }
                    Action::PlaySapling(c) => {
                        let site = self.forests[pu].sites.len() as u16;
                        self.play_card(pu, c, None, site, self.center, &[], Mode::Normal, false, false);
                    }
                    _ => panic!("not a turn action"),
                }
            }
            Step::DrawMore { p, left } => {
                if left > 1 {
                    *self.queue.last_mut().expect("the head") = Step::DrawMore { p, left: left - 1 };
                } else {
                    self.finish();
                }
                self.take_one(p as usize, a);
            }
            Step::Place { p, card, mode, pool, from_clearing, .. } => {
                let Action::Place(half, site, slot) = a else { panic!("not a placement") };
                let cost = if mode == Mode::Free { 0 } else { rules.cards[card as usize].halves[half as usize].cost };
                if cost == 0 {
                    self.play_card(p as usize, card, Some(half), site, slot, &[], mode, from_clearing, false);
                } else {
                    self.replace_head(vec![Step::Pay { p, card, mode, half, site, slot, owed: cost, paid: Vec::new(), pool }]);
                }
            }
            Step::Pay { p, card, mode, half, site, slot, owed, mut paid, pool } => {
                let Action::PayWith(c) = a else { panic!("not a payment") };
                paid.push(c);
                if owed > 1 {
                    *self.queue.last_mut().expect("the head") = Step::Pay { p, card, mode, half, site, slot, owed: owed - 1, paid, pool };
                } else {
                    self.play_card(p as usize, card, Some(half), site, slot, &paid, mode, false, false);
                }
            }
            Step::Offer { p, card, bonus, half } => {
                if a == Action::Pass {
                    self.finish();
                } else {
                    let sp = &rules.species[rules.cards[card as usize].halves[half as usize].species as usize];
                    let specs = if bonus { &sp.bonus } else { &sp.effect };
                    self.replace_head(Self::effect_steps(p, card, specs));
                }
            }
            Step::Trigger { p, card, index } => {
                if a == Action::Pass {
                    self.finish();
                } else {
                    let sp = self.forests[p as usize].half_of(&rules, card).species;
                    let t = rules.species[sp as usize].triggers.iter().find(|t| t.index == index).expect("a trigger");
                    self.replace_head(Self::effect_steps(p, card, &t.effect));
                }
            }
            Step::ResolvePlays { ref plays, .. } => {
                let Action::PickCard(c) = a else { panic!("not a pick") };
                let i = plays.iter().position(|(x, _)| *x == c).expect("a deferred play");
                self.resolve_play(i);
            }
            Step::Effect { p, card, eff } => self.answer_effect(p, card, eff, a),
            _ => panic!("this step asks nothing"),
        }
    }

    fn answer_effect(&mut self, p: u8, card: u16, eff: Eff, a: Action) {
        let pu = p as usize;
        match eff {
            Eff::FreePlay { filter, any_number } => {
                let Action::PickCard(c) = a else {
                    self.finish();
                    return;
                };
                let place = Step::Place { p, card: c, mode: Mode::Free, filter: Some(filter), pool: None, from_clearing: false };
                if any_number {
                    self.queue.push(place);
                } else {
                    self.replace_head(vec![place]);
                }
            }
            Eff::CaveFromHand { caved } => match a {
                Action::PickCard(c) => {
                    let hand = &mut self.hands[pu];
                    let i = hand.iter().position(|&x| x == c).expect("a hand card");
                    hand.remove(i);
                    self.caves[pu].push(c);
                    self.forests[pu].caved(1);
                    *self.queue.last_mut().expect("the head") = Step::Effect { p, card, eff: Eff::CaveFromHand { caved: caved + 1 } };
                }
                _ => {
                    self.finish();
                    self.draw_cards(pu, i64::from(caved));
                }
            },
            Eff::PlayFurther { eligible, deferred } => match a {
                Action::PickCard(c) => {
                    self.queue.push(Step::Place { p, card: c, mode: Mode::Deferred, filter: None, pool: eligible, from_clearing: false });
                }
                _ => {
                    if deferred.is_empty() {
                        self.finish();
                    } else {
                        self.replace_head(vec![Step::ResolvePlays { p, card, plays: deferred }]);
                    }
                }
            },
            _ => panic!("this effect asks nothing"),
        }
    }

    /// Whether a card lies in the forest's center (it opened a site).
    pub fn is_site(&self, p: usize, card: u16) -> bool {
        self.forests[p].where_[card as usize].1 == CENTER
    }
}
