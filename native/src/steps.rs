//! What each step kind does: run (resolve, or ask a decision); answering is in `answer`.

use crate::data::{Effect, Filter, Pos, TurnAct, REACH_PARTIAL};
use crate::game::{
    flt_ok, nonempty, Action, Cards, Counted, Eff, Game, Mode, Offer, Paid, Run, Step, Taker, TurnLayout,
};

mod answer;

impl<'r> Game<'r> {
    // -- steps ----------------------------------------------------------------------------

    /// Run the head step: resolve it, or put its decision pending. Each kind's work is a
    /// method of its own, so that this is only a jump to it.
    pub(crate) fn run_head(&mut self) -> Run {
        match *self.queue.last().expect("the resolution queue ran empty") {
            Step::Deal => self.run_deal(),
            Step::Mulligan(p) => self.run_mulligan(p),
            Step::EndTurn => self.run_end_turn(),
            Step::Turn(p) => self.run_turn(p),
            Step::DrawMore { p, .. } => self.run_draw_more(p),
            Step::Place { p, card, mode, filter, .. } => self.run_place(p, card, mode, filter),
            Step::Pay { p, card, mode, owed, ref paid, .. } => {
                let last = paid.last().map_or(-1, |&c| i32::from(c));
                self.run_pay(p, card, mode, owed, last)
            }
            Step::Offer { p, bonus, .. } => self.run_offer(p, bonus),
            Step::Trigger { p, card, index } => self.run_trigger(p, card, index),
            Step::UpgradeSite { p, .. } => self.run_upgrade_site(p),
            Step::CaveAndRedraw { p, caved } => self.run_cave_and_redraw(p, caved),
            Step::Reveal(_) => self.run_reveal(),
            Step::ResolvePlays { p, .. } => self.run_resolve_plays(p),
            Step::Effect { p, card, ref eff } => {
                let eff = eff.clone();
                self.run_effect(p, card, &eff)
            }
        }
    }

    /// `Deal`: every player's opening hand.
    #[inline(never)]
    fn run_deal(&mut self) -> Run {
        self.finish();
        let n = self.rules.opening_hand;
        self.deck_take((n * self.players) as i64, Taker::Deal(n));
        Run::Done
    }

    /// `Mulligan(p)`: kept without asking when the hand can open a site, else asked.
    #[inline(never)]
    fn run_mulligan(&mut self, p: u8) -> Run {
        let rules = self.rules;
        let opens = self.hands[p as usize].iter().any(|&c| {
            let hs = &rules.cards[c as usize].halves;
            !hs.is_empty() && hs[0].pos == Pos::Center
        });
        if opens {
            self.finish();
            return Run::Done;
        }
        self.ask_of(p, "mulligan", &[Action::KeepHand, Action::Redraw])
    }

    /// `EndTurn`: a full clearing boxed, the game ended when its end is scheduled, else the
    /// next turn (an extra one of the same player first) begun, the step staying under it.
    fn run_end_turn(&mut self) -> Run {
        if self.clearing.len() >= self.rules.clearing_limit {
            self.clearing.move_to(&mut self.boxed);
        }
        if let Some(reason) = self.end_scheduled {
            self.end(reason);
            return Run::Done;
        }
        let cur = self.current;
        // before the first turn (turn 0) the first seat's turn comes
        let started = self.turn > 0;
        let (next, extra) = if started && self.extra_turns[cur] > 0 {
            (cur, true)
        } else if !started {
            (0, false)
        } else {
            // the next seat round the table, with no division
            (if cur + 1 == self.players { 0 } else { cur + 1 }, false)
        };
        self.current = next;
        self.turn += 1;
        if extra {
            self.extra_turns[next] -= 1;
        }
        self.queue.push(Step::Turn(next as u8));
        // the turn's head runs at once (what the next round of the loop would do)
        self.run_turn(next as u8)
    }

    /// `DrawMore`: the draw options asked, unless the hand is full or there is nothing to
    /// draw.
    fn run_draw_more(&mut self, p: u8) -> Run {
        let rules = self.rules;
        if rules.draw_cap && rules.hand_limit <= self.hands[p as usize].len() {
            self.finish();
            return Run::Done;
        }
        self.ask_draw(p)
    }

    /// The head `DrawMore`'s draw options asked, its player's hand known not to be full,
    /// unless there is nothing to draw.
    #[inline(never)]
    fn ask_draw(&mut self, p: u8) -> Run {
        let rules = self.rules;
        debug_assert!(!rules.draw_cap || rules.hand_limit > self.hands[p as usize].len(), "a full hand");
        let offer = Offer::draws(&self.deck, self.clearing.len());
        if offer.is_empty() {
            self.finish();
            return Run::Done;
        }
        self.ask_offer(p, "draw", offer);
        Run::Asked
    }

    /// A turn's or a draw's options, `offer`, pending: in compact form where the game asks
    /// for it ([`Game::compact`]), else listed.
    #[inline(always)]
    fn ask_offer(&mut self, p: u8, kind: &'static str, offer: Offer) {
        let Game { hands, clearing, pending, compact, .. } = self;
        (pending.player, pending.kind) = (p, kind);
        pending.options.clear();
        if *compact {
            pending.offer = Some(offer.into());
        } else {
            offer.write(clearing.sorted(), hands[p as usize].sorted(), &mut pending.options);
        }
    }

    /// `Place`: where `card` may go, asked (a tree's one place taken without asking).
    fn run_place(&mut self, p: u8, card: u16, mode: Mode, filter: Option<Filter>) -> Run {
        let hand = &self.hands[p as usize];
        let budget = match mode {
            Mode::Free => None,
            Mode::Normal => Some(hand.len() as u32 - 1),
            Mode::Deferred => {
                let pool = deferred_pool(&self.queue);
                Some(hand.iter().filter(|&&c| c != card && pool.contains(&c)).count() as u32)
            }
        };
        self.place_within(p, card, nonempty(&filter), budget)
    }

    /// The head `Place`'s card placed by `p`, a half `flt` accepts paid with at most `budget`
    /// cards (None: free): where it may go asked, a tree's one place taken without asking.
    #[inline(never)]
    fn place_within(&mut self, p: u8, card: u16, flt: Option<&Filter>, budget: Option<u32>) -> Run {
        // a tree's one place, a new site (as `placements` has it), answered at once
        let rules = self.rules;
        let h = &rules.cards[card as usize].halves[0];
        if h.pos == Pos::Center {
            if flt_ok(rules, flt, h) && budget.is_none_or(|m| h.cost <= m) {
                return self.place_head(0, self.forests[p as usize].sites.len() as u16, self.center);
            }
            self.finish();
            return Run::Done;
        }
        self.ask_place(p, card, flt, budget)
    }

    /// `Pay`: the next card to pay with, asked (cards above `last`, the last paid, so that
    /// a payment's cards come in increasing order).
    fn run_pay(&mut self, p: u8, card: u16, mode: Mode, owed: u32, last: i32) -> Run {
        // written in place
        let Game { hands, queue, pending, .. } = self;
        let pool = (mode == Mode::Deferred).then(|| deferred_pool(queue));
        let hand = hands[p as usize].sorted();
        // the cards above `last` (all of them before a first card is paid), read from the first
        // of them: the hand is in increasing order
        let below = if last < 0 { 0 } else { hand.iter().take_while(|&&c| i32::from(c) <= last).count() };
        let above = &hand[below..];
        let can = |c: u16| c != card && pool.is_none_or(|pl| pl.contains(&c));
        let opts = &mut pending.options;
        opts.clear();
        opts.extend(above.iter().filter(|&&c| can(c)).map(|&c| Action::PayWith(c)));
        // of the n candidates, the first n - owed + 1 (none if fewer than owed): the others
        // would leave too few to pay with after them
        opts.truncate((opts.len() + 1).saturating_sub(owed as usize));
        (pending.player, pending.kind) = (p, "pay");
        Run::Asked
    }

    /// `Offer`: a card's effect or bonus, to use or pass.
    fn run_offer(&mut self, p: u8, bonus: bool) -> Run {
        self.ask_of(p, if bonus { "bonus" } else { "effect" }, &[Action::Use, Action::Pass])
    }

    /// `Trigger`: a mandatory trigger used at once, an optional one asked.
    #[inline(never)]
    fn run_trigger(&mut self, p: u8, card: u16, index: u32) -> Run {
        let rules = self.rules;
        let sp = self.forests[p as usize].half_of(rules, card).species;
        let t = &rules.species[sp as usize].triggers.iter().find(|t| t.index == index).expect("a trigger");
        if !t.optional {
            return self.answer(Action::Use);
        }
        self.ask_of(p, "trigger", &[Action::Use, Action::Pass])
    }

    /// `UpgradeSite`: the hand card to tuck, asked (passed with an empty hand).
    #[inline(never)]
    fn run_upgrade_site(&mut self, p: u8) -> Run {
        if self.hands[p as usize].is_empty() {
            self.finish();
            return Run::Done;
        }
        let hand = self.sorted_hand(p as usize);
        self.ask_pick(p as usize, "upgrade_site", &hand, true)
    }

    /// `CaveAndRedraw`: up to 2 hand cards caved, one decision each, then as many drawn.
    #[inline(never)]
    fn run_cave_and_redraw(&mut self, p: u8, caved: Option<u32>) -> Run {
        let pu = p as usize;
        let Some(caved) = caved else {
            *self.queue.last_mut().expect("the head") = Step::CaveAndRedraw { p, caved: Some(0) };
            return Run::Done;
        };
        if caved >= 2 || self.hands[pu].is_empty() {
            self.finish();
            self.draw_cards(pu, i64::from(caved));
            return Run::Done;
        }
        let hand = self.sorted_hand(pu);
        self.ask_pick(pu, "cave", &hand, true)
    }

    /// `Reveal`: the deck's top card to the clearing.
    fn run_reveal(&mut self) -> Run {
        self.finish();
        self.deck_take(1, Taker::Clearing);
        Run::Done
    }

    /// `ResolvePlays`: the order of deferred plays' follow-ups, asked while more than one
    /// waits.
    #[inline(never)]
    fn run_resolve_plays(&mut self, p: u8) -> Run {
        let Some(Step::ResolvePlays { plays, .. }) = self.queue.last() else {
            panic!("not a resolve_plays step")
        };
        if plays.is_empty() {
            self.finish();
            return Run::Done;
        }
        if plays.len() == 1 {
            self.resolve_play(0);
            return Run::Done;
        }
        let cards: Cards = plays.iter().map(|(c, _)| *c).collect();
        self.ask_pick(p as usize, "resolve_order", &cards, false)
    }

    /// `Turn(p)`: `p`'s turn options asked, or, when there are none, the turn passed
    /// (caving and redrawing where the ruleset says so).
    #[inline(always)]
    fn run_turn(&mut self, p: u8) -> Run {
        let pu = p as usize;
        let layout = self.turn_layout;
        if layout != TurnLayout::Core && self.rules.slot_classes != 0 {
            self.find_open_classes(pu);
        }
        let offer = match layout {
            TurnLayout::Core => self.turn_offer::<true, true>(pu),
            TurnLayout::DrawPlaySapling => self.turn_offer::<true, false>(pu),
            TurnLayout::DrawPlay => self.turn_offer::<false, false>(pu),
            TurnLayout::InOrder => None,
        };
        let any = match offer {
            Some(offer) => !offer.is_empty(),
            None => {
                self.turn_options_in_order(pu);
                !self.pending.options.is_empty()
            }
        };
        if !any {
            if self.rules.cannot_act {
                self.replace_head_with(Step::CaveAndRedraw { p, caved: None });
            } else {
                self.finish();
            }
            return Run::Done;
        }
        match offer {
            Some(offer) => self.ask_offer(p, "turn", offer),
            None => (self.pending.player, self.pending.kind) = (p, "turn"),
        }
        Run::Asked
    }

    /// The options of `p`'s turn for the core's turn actions, draw, play, and sapling where
    /// `SAPLING` says, as an [`Offer`] (None for a hand too long for one); `CORE` where the
    /// layout is [`TurnLayout::Core`], whose ruleset facts need no reading.
    #[inline(always)]
    fn turn_offer<const SAPLING: bool, const CORE: bool>(&self, pu: usize) -> Option<Offer> {
        let hand = self.hands[pu].sorted();
        if hand.len() > 64 {
            return None;
        }
        let room = if CORE { self.rules.hand_limit > hand.len() } else { self.hand_room(pu) > 0 };
        let clearing = if room { self.clearing.len() } else { 0 };
        let (plays, played) = self.playable::<CORE>(pu, hand);
        let sapling = SAPLING && (CORE || self.rules.sapling_kind.is_some());
        let saplings = if sapling { hand.len() } else { 0 };
        Some(Offer::new(room && !self.deck.is_empty(), clearing, plays, played, saplings))
    }

    /// The options of `p`'s turn, made the pending options: those of each turn action of
    /// the ruleset, in order.
    #[inline(never)]
    fn turn_options_in_order(&mut self, pu: usize) {
        if self.rules.slot_classes != 0 {
            self.find_open_classes(pu);
        }
        let mut opts = self.opts();
        let hand = self.hands[pu].sorted();
        for &ta in &self.rules.turn_acts {
            self.turn_act(ta, pu, hand, &mut opts);
        }
        self.pending.options = opts;
    }

    /// The options of turn action `ta` of `p`, whose hand in increasing order is `hand`.
    fn turn_act(&self, ta: TurnAct, pu: usize, hand: &[u16], opts: &mut crate::game::Options) {
        let clearing = self.clearing.sorted();
        let offer = match ta {
            TurnAct::Draw if self.hand_room(pu) > 0 => Offer::draws(&self.deck, clearing.len()),
            TurnAct::Play if hand.len() > 64 => {
                // too many cards for an offer's bits
                let budget = hand.len() as i64 - 1;
                opts.extend(
                    hand.iter()
                        .filter(|&&c| self.can_place_rare(pu, c, budget))
                        .map(|&c| Action::PlayCard(c)),
                );
                return;
            }
            TurnAct::Play => {
                let (plays, played) = self.playable::<false>(pu, hand);
                Offer::new(false, 0, plays, played, 0)
            }
            TurnAct::Sapling if self.rules.sapling_kind.is_some() => Offer::new(false, 0, 0, 0, hand.len()),
            _ => return,
        };
        offer.write(clearing, hand, opts);
    }

    /// The cards of `hand` (in increasing order, at most 64) that `p` can place, paying with
    /// the others, as bits (bit k for the k-th), and how many: most by the quick test of
    /// positions alone, the others by [`Game::can_place`]. The cards are read from the last,
    /// each bit shifted up past the next (a shift by one, not by a count). `CORE` where the
    /// turn layout is [`TurnLayout::Core`]: plain slots, no site sharing.
    #[inline(always)]
    fn playable<const CORE: bool>(&self, pu: usize, hand: &[u16]) -> (u64, u32) {
        let rules = self.rules;
        let budget = hand.len() as i64 - 1;
        let (mut bits, mut n) = (0u64, 0u32);
        if budget < 0 {
            return (bits, n);
        }
        let at = (budget as usize).min(crate::data::Card::MAX_BUDGET);
        let f = &self.forests[pu];
        if !CORE && !rules.plain_slots {
            if rules.slot_classes == 0 {
                for &c in hand.iter().rev() {
                    let yes = self.can_place_rare(pu, c, budget);
                    (bits, n) = (bits << 1 | u64::from(yes), n + u32::from(yes));
                }
                return (bits, n);
            }
            // the classes of the empty slots, and a new site's: the quick test by classes
            // says yes or, where it is complete, no
            let (edits, open) = self.open_classes[pu];
            debug_assert_eq!(edits, f.edits(), "the classes of the empty slots found");
            let incomplete = rules.site_sharing && f.site_sharers > 0;
            for &c in hand.iter().rev() {
                let card = &rules.cards[c as usize];
                let yes = card.class_reach[at] & open != 0
                    || (incomplete || card.reach_partial) && self.can_place_rare(pu, c, budget);
                debug_assert_eq!(yes, self.can_place_rare(pu, c, budget), "the quick test by classes");
                (bits, n) = (bits << 1 | u64::from(yes), n + u32::from(yes));
            }
            return (bits, n);
        }
        // the quick test says yes or, where it is complete, no
        let open = f.open_mask() | 1;
        let incomplete = !CORE && rules.site_sharing && f.site_sharers > 0;
        let row: &[u8] = &rules.reach_rows[at];
        for &c in hand.iter().rev() {
            let reach = row[c as usize];
            let yes = reach & open != 0
                || (incomplete || reach & REACH_PARTIAL != 0) && self.can_place_rare(pu, c, budget);
            (bits, n) = (bits << 1 | u64::from(yes), n + u32::from(yes));
        }
        (bits, n)
    }

    /// The classes ([`crate::data::SlotDef::class`]) of the empty slots of `p`'s forest, and
    /// [`crate::data::NEW_SITE`], as bits, kept in [`Game::open_classes`] for
    /// [`Game::playable`]: found again only when the forest has changed since they were last
    /// (a turn after a draw finds them kept).
    #[inline(never)]
    fn find_open_classes(&mut self, pu: usize) {
        let f = &self.forests[pu];
        let kept = &mut self.open_classes[pu];
        if kept.0 == f.edits() {
            return;
        }
        let mut open = crate::data::NEW_SITE;
        for list in &f.open.0 {
            open = list.iter().fold(open, |m, o| m | 1 << o.class);
        }
        *kept = (f.edits(), open);
    }

    /// [`Game::can_place`] out of line, for the cards the quick test leaves open.
    #[inline(never)]
    fn can_place_rare(&self, pu: usize, c: u16, budget: i64) -> bool {
        self.can_place(pu, c, budget, None)
    }

    pub(crate) fn resolve_play(&mut self, i: usize) {
        let Some(Step::ResolvePlays { p, card, plays }) = self.queue.last().cloned() else {
            panic!("not a resolve_plays step")
        };
        let mut rest = plays;
        let (_, steps) = rest.remove(i);
        if rest.is_empty() {
            self.finish();
        } else {
            *self.queue.last_mut().expect("the head") = Step::ResolvePlays { p, card, plays: rest };
        }
        self.queue_at(steps, 0);
    }

    /// The head step gives way to a step for each effect of `specs`, the first the new head
    /// (queued straight, the last first).
    pub(crate) fn replace_head_with_effects(&mut self, p: u8, card: u16, specs: &[Effect]) {
        self.finish();
        self.queue.extend(specs.iter().rev().map(|e| Step::Effect { p, card, eff: Eff::of(e) }));
    }

    /// The head `Place` step answered: half `half` of its card to slot `slot` of site
    /// `site`, played at once when it costs nothing ([`Run::Done`]), else paid for card by
    /// card, the first card asked at once ([`Run::Asked`]).
    #[inline(always)]
    fn place_head(&mut self, half: u8, site: u16, slot: u16) -> Run {
        let rules = self.rules;
        let Some(&Step::Place { p, card, mode, from_clearing, activates, .. }) = self.queue.last() else {
            panic!("not a placement")
        };
        let cost = if mode == Mode::Free { 0 } else { rules.cards[card as usize].halves[half as usize].cost };
        if cost == 0 {
            self.play_card(
                p as usize,
                card,
                Some(half),
                site,
                slot,
                &[],
                mode,
                from_clearing,
                None,
                activates,
            );
        } else {
            self.replace_plain_head_with(Step::Pay {
                p,
                card,
                mode,
                half,
                site,
                slot,
                owed: cost,
                paid: Paid::default(),
            });
            // the first card asked at once
            self.pending.offer = None;
            return self.run_pay(p, card, mode, cost, -1);
        }
        Run::Done
    }
}

/// The cards a deferred play may pay with: those its `play_further` step, the next in
/// `queue` under the head, set aside.
fn deferred_pool(queue: &[Step]) -> &[u16] {
    match queue.get(queue.len().wrapping_sub(2)) {
        Some(Step::Effect { eff: Eff::PlayFurther(f), .. }) => {
            f.eligible.as_deref().expect("a play_further step that asked")
        }
        _ => panic!("a deferred play without its play_further step"),
    }
}
