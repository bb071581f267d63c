//! Playing a card once placed (`forestshuffle.rules`: `play_events`, `resolution_steps`,
//! `trigger_steps`): its payment, the forest, and the steps that follow.

use crate::data::Filter;
use crate::game::{flt_ok, Action, Cards, Eff, Game, Mode, Options, Run, Step, Steps, Taker};

/// Where among a forest's trigger cards the first that a play fires is, when none does.
const NONE_FIRES: u32 = u32::MAX;

/// A play as a forest's triggers see it: the card, its half shown (None: face down), the
/// role of the slot it went to (the center's for a tree or a sapling), the kind of site it
/// opened (None for a dweller's play, as the Python engine names none), and the card whose
/// play lets triggers placed this turn fire.
#[derive(Clone, Copy)]
pub(crate) struct Played {
    pub card: u16,
    pub half: Option<u8>,
    pub role: u16,
    pub kind: Option<u16>,
    pub activates: Option<u16>,
}

impl<'r> Game<'r> {
    /// `p`'s hand in increasing order, copied.
    pub(crate) fn sorted_hand(&self, p: usize) -> Cards {
        Cards::from_slice(self.hands[p].sorted())
    }

    /// `card` leaves `p`'s hand (or the clearing, `from_clearing`) to be played, and the
    /// cards `paid` for it go from the hand to the clearing.
    #[inline(always)]
    fn take_played(&mut self, p: usize, card: u16, paid: &[u16], from_clearing: bool) {
        if from_clearing {
            self.clearing.remove(card);
        } else {
            self.hands[p].remove(card);
        }
        for &c in paid {
            self.hands[p].remove(c);
        }
        self.clearing.extend_from_slice(paid);
    }

    /// The pending decision's options, taken out and emptied, to fill anew apart from the
    /// game, then given back by [`Game::ask`] (no allocation per decision: a deal reserves
    /// room for them).
    pub(crate) fn opts(&mut self) -> Options {
        let mut v = std::mem::take(&mut self.pending.options);
        v.clear();
        v
    }

    /// A decision pending of `p` picking one of `cards`, or passing where `pass` says,
    /// written in place.
    pub(crate) fn pick(&mut self, p: usize, kind: &'static str, cards: &[u16], pass: bool) -> Run {
        let d = &mut self.pending;
        (d.player, d.kind) = (p as u8, kind);
        d.options.clear();
        d.options.extend(cards.iter().map(|&c| Action::PickCard(c)));
        if pass {
            d.options.push(Action::Pass);
        }
        Run::Asked
    }

    // -- playing a card -----------------------------------------------------------------

    /// The events of a card put into a forest, then its follow-up steps (`play_events`).
    /// Inlined: a caller whose play has a half goes straight to [`Game::play_any`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn play_card(
        &mut self,
        p: usize,
        card: u16,
        half: Option<u8>,
        site: u16,
        slot: u16,
        paid: &[u16],
        mode: Mode,
        from_clearing: bool,
        face_down: Option<u16>,
        activates: Option<u16>,
    ) {
        let rules = self.rules;
        // where among the forest's trigger cards the first that fires is
        let first = match rules.has_triggers && !self.forests[p].triggers.is_empty() {
            true => self.first_fired(p, card, half, site, slot, face_down, activates),
            false => NONE_FIRES,
        };
        let fires = first != NONE_FIRES;
        match half {
            // most plays without a half are saplings from the hand, paid nothing, which fire
            // nothing and upgrade nothing: those the short way
            None if mode == Mode::Normal && !from_clearing && paid.is_empty() && !fires => {
                let kind = face_down.or(rules.sapling_kind).expect("a sapling kind");
                if rules.site_kinds[kind as usize].upgrade.is_none() {
                    return self.play_face_down(p, card, kind);
                }
            }
            // so are most plays of a half: nothing answers them, and they are not deferred
            Some(hi) if !fires && mode != Mode::Deferred => {
                return self.play_half(p, card, hi, site, slot, paid, mode, from_clearing);
            }
            _ => {}
        }
        self.play_any(p, card, half, site, slot, paid, mode, from_clearing, face_down, activates, first);
    }

    /// Where among the trigger cards of `p`'s forest the first whose trigger fires on the
    /// play of `card` (`half`, None face down) into `site` and `slot` is; [`NONE_FIRES`]
    /// when none does. Most plays into a forest with triggers fire none, and take the short
    /// ways of [`Game::play_card`]; the others' triggers are looked for from there.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn first_fired(
        &self,
        p: usize,
        card: u16,
        half: Option<u8>,
        site: u16,
        slot: u16,
        face_down: Option<u16>,
        activates: Option<u16>,
    ) -> u32 {
        let rules = self.rules;
        let (role, kind) = if slot == self.center {
            let kind = match half {
                None => face_down.or(rules.sapling_kind),
                Some(hi) => rules.cards[card as usize].halves[hi as usize].site_kind,
            };
            (self.center, kind)
        } else {
            // (as the Python engine: a dweller's play names no site kind to its triggers)
            let sk = &rules.site_kinds[self.forests[p].sites[site as usize].kind as usize];
            (sk.slots[sk.slot_index(slot)].role, None)
        };
        let mut at = NONE_FIRES;
        let pl = Played { card, half, role, kind, activates };
        self.each_fired(p, pl, 0, |i, _, _| {
            at = i as u32;
            false
        });
        at
    }

    /// [`Game::play_card`] for a half that nothing in the forest answers, not deferred: the
    /// card goes down, then its effect and bonus offers (a tree whose site would be upgraded
    /// the long way, [`Game::play_any`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn play_half(
        &mut self,
        p: usize,
        card: u16,
        hi: u8,
        site: u16,
        slot: u16,
        paid: &[u16],
        mode: Mode,
        from_clearing: bool,
    ) {
        let rules = self.rules;
        let h = &rules.cards[card as usize].halves[hi as usize];
        let is_center = slot == self.center;
        let mut reveals = false;
        if is_center {
            let sk = &rules.site_kinds[h.site_kind.expect("a site kind") as usize];
            if sk.upgrade.is_some() && mode == Mode::Normal && !self.hands[p].is_empty() {
                let hi = Some(hi);
                return self.play_any(
                    p,
                    card,
                    hi,
                    site,
                    slot,
                    paid,
                    mode,
                    from_clearing,
                    None,
                    None,
                    NONE_FIRES,
                );
            }
            reveals = sk.reveals;
        }
        // the offers it makes (`resolution_steps` when no trigger fires)
        let sp = &rules.species[h.species as usize];
        let free = mode == Mode::Free;
        let effect = !free && !sp.effect.is_empty();
        let bonus = !free
            && !sp.bonus.is_empty()
            && !paid.is_empty()
            && h.symbol
                .is_some_and(|sym| paid.iter().all(|&c| rules.cards[c as usize].symbols & (1 << sym) != 0));
        // the card goes down
        self.take_played(p, card, paid, from_clearing);
        let turn = self.turn;
        let f = &mut self.forests[p];
        if is_center {
            f.open_tree(rules, card, hi as usize, h.site_kind.expect("a site kind"), turn);
        } else {
            let sk = &rules.site_kinds[f.sites[site as usize].kind as usize];
            let si = sk.slot_index(slot);
            f.attach(rules, card, hi as usize, site as usize, si, turn);
        }
        // the head gives way to the offers, the effect's first
        let offer = |bonus| Step::Offer { p: p as u8, card, bonus, half: hi };
        match (effect, bonus) {
            (false, false) => self.finish(),
            (true, false) => self.replace_head_with(offer(false)),
            (false, true) => self.replace_head_with(offer(true)),
            (true, true) => {
                self.replace_head_with(offer(true));
                self.queue.push(offer(false));
            }
        }
        if reveals {
            self.deck_take(1, Taker::Clearing);
        }
    }

    /// [`Game::play_card`] for any play (large: never inlined).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn play_any(
        &mut self,
        p: usize,
        card: u16,
        half: Option<u8>,
        site: u16,
        slot: u16,
        paid: &[u16],
        mode: Mode,
        from_clearing: bool,
        face_down: Option<u16>,
        activates: Option<u16>,
        first: u32,
    ) {
        let rules = self.rules;
        let is_center = slot == self.center;
        let kind = if is_center {
            match half {
                None => face_down.or(rules.sapling_kind),
                Some(hi) => rules.cards[card as usize].halves[hi as usize].site_kind,
            }
        } else {
            None // (as the Python engine: a dweller's play names no site kind to its triggers)
        };
        let sk = kind.map(|k| &rules.site_kinds[k as usize]);
        let upgrade = is_center
            && mode == Mode::Normal
            && sk.is_some_and(|k| k.upgrade.is_some())
            && !self.hands[p].is_empty();
        let reveals = is_center && sk.is_some_and(|k| k.reveals);
        let slot_idx = if is_center {
            None
        } else {
            let sk = &rules.site_kinds[self.forests[p].sites[site as usize].kind as usize];
            Some(sk.slot_index(slot))
        };
        // the role of the slot (what triggers match), or center
        let role = match slot_idx {
            None => self.center,
            Some(i) => rules.site_kinds[self.forests[p].sites[site as usize].kind as usize].slots[i].role,
        };
        let mut later = Steps::new();
        if half.is_some() || first != NONE_FIRES {
            let pl = Played { card, half, role, kind, activates };
            self.resolution_steps(p, pl, paid, mode, first, &mut later);
        }
        // the card goes down
        self.take_played(p, card, paid, from_clearing);
        let turn = self.turn;
        match (half, slot_idx) {
            (None, _) => self.forests[p].open_sapling(rules, card, kind.expect("a sapling kind"), turn),
            (Some(hi), None) => {
                self.forests[p].open_tree(rules, card, hi as usize, kind.expect("a site kind"), turn)
            }
            (Some(hi), Some(si)) => self.forests[p].attach(rules, card, hi as usize, site as usize, si, turn),
        }
        if mode == Mode::Deferred {
            self.finish();
            if !later.is_empty() {
                if let Some(Step::Effect { eff: Eff::PlayFurther(f), .. }) = self.queue.last_mut() {
                    f.deferred.push((card, later.into_vec()));
                } else {
                    panic!("a deferred play without its play_further step");
                }
            }
            if reveals {
                self.queue.push(Step::Reveal(p as u8));
            }
            return;
        }
        if upgrade {
            // the upgrade comes first; it records where the reveal ends and how many of the
            // play's steps follow it, so the triggers it fires take their places among them
            let up = Step::UpgradeSite {
                p: p as u8,
                card,
                site,
                kind: sk.and_then(|k| k.upgrade).expect("an upgrade kind"),
                reveal: u8::from(reveals),
                after: u8::from(reveals) + later.len() as u8,
            };
            let mut now = Steps::new();
            now.push(up);
            if reveals {
                now.push(Step::Reveal(p as u8));
            }
            now.extend(later.drain(..));
            self.replace_head(now);
            return;
        }
        if later.is_empty() {
            self.finish();
        } else {
            self.replace_head(later.drain(..));
        }
        if reveals {
            self.deck_take(1, Taker::Clearing);
        }
    }

    /// [`Game::play_card`] for a card from the hand opening a site face down (a sapling)
    /// that nothing in the forest answers and that no upgrade follows: the site, then the
    /// reveal of its kind.
    fn play_face_down(&mut self, p: usize, card: u16, kind: u16) {
        let rules = self.rules;
        self.hands[p].remove(card);
        self.forests[p].open_sapling(rules, card, kind, self.turn);
        self.finish();
        if rules.site_kinds[kind as usize].reveals {
            self.deck_take(1, Taker::Clearing);
        }
    }

    /// The steps a play resolves into (`resolution_steps`), into `early`: the triggers fired
    /// before its effects (looked for from trigger card `first` on), its offers, the other
    /// triggers.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn resolution_steps(
        &self,
        p: usize,
        pl: Played,
        paid: &[u16],
        mode: Mode,
        first: u32,
        early: &mut Steps,
    ) {
        let rules = self.rules;
        let (card, half) = (pl.card, pl.half);
        let mut late = Steps::new();
        if first != NONE_FIRES {
            self.triggers_from(p, pl, first, early, &mut late);
        }
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
        if !late.is_empty() {
            early.extend(late.drain(..));
        }
    }

    /// The triggers a play fires: into `early` those before the card's effects, into `late`
    /// the others.
    pub(crate) fn trigger_steps(&self, p: usize, pl: Played, early: &mut Steps, late: &mut Steps) {
        self.triggers_from(p, pl, 0, early, late);
    }

    /// [`Game::trigger_steps`] of the forest's trigger cards from `first` on.
    fn triggers_from(&self, p: usize, pl: Played, first: u32, early: &mut Steps, late: &mut Steps) {
        self.each_fired(p, pl, first, |_, c, t| {
            let s = Step::Trigger { p: p as u8, card: c, index: t.index };
            if t.before_effects {
                early.push(s);
            } else {
                late.push(s);
            }
            true
        });
    }

    /// Call `each` with the triggers that play `pl` fires of `p`'s forest's trigger cards from
    /// `first` on (with the card's place among them and the card), in order, until it
    /// answers false.
    #[inline(always)]
    fn each_fired(
        &self,
        p: usize,
        pl: Played,
        first: u32,
        mut each: impl FnMut(usize, u16, &crate::data::Trigger) -> bool,
    ) {
        let rules = self.rules;
        let f = &self.forests[p];
        for (i, &c) in f.triggers.iter().enumerate().skip(first as usize) {
            if c == pl.card {
                continue;
            }
            let sp = &rules.species[f.half_of(rules, c).species as usize];
            for t in &sp.triggers {
                if t.from_next_turn && f.placed_turn[c as usize] >= self.turn && pl.activates != Some(c) {
                    continue;
                }
                if self.trigger_matches(t, &pl) && !each(i, c, t) {
                    return;
                }
            }
        }
    }

    /// Whether trigger `t` matches play `pl`.
    #[inline(always)]
    pub(crate) fn trigger_matches(&self, t: &crate::data::Trigger, pl: &Played) -> bool {
        let rules = self.rules;
        let Played { card, half, role, kind, .. } = *pl;
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
}
