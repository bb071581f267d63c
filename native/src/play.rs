//! Placing and playing a card (`forestshuffle.rules`: `placements`, `can_place`,
//! `may_join`, `play_events`, `resolution_steps`, `trigger_steps`).

use crate::data::{Filter, Half, Pos, Rules};
use crate::forest::OpenSlot;
use crate::game::{
    flt_ok, Action, Cards, Compact, Counted, Eff, Game, Mode, Options, Places, Run, Step, Steps, Taker,
};

/// Where a half may go in a forest, in the order placements list them.
#[derive(Clone, Copy)]
enum Spots<'a> {
    /// each of these empty slots
    Slots(&'a [OpenSlot]),
    /// those of these empty slots whose class the half's `taken_by` (here) has a bit for
    Classes(&'a [OpenSlot], u64),
    /// those of these empty slots whose definition takes the half
    Defs(&'a [OpenSlot]),
    /// each site's slots taking the half's position: empty, or filled and joined
    Joined,
}

/// Where among a forest's trigger cards the first that a play fires is, when none does.
const NONE_FIRES: u32 = u32::MAX;

/// Whether half `h` passes `flt` and costs at most `max_cost`.
#[inline(always)]
fn placed(rules: &Rules, h: &Half, flt: Option<&Filter>, max_cost: Option<u32>) -> bool {
    flt_ok(rules, flt, h) && max_cost.is_none_or(|m| h.cost <= m)
}

impl<'r> Game<'r> {
    // -- placements -------------------------------------------------------------------

    pub(crate) fn may_join(&self, p: usize, site: usize, slot: usize, h: &Half) -> bool {
        let rules = self.rules;
        let f = &self.forests[p];
        let s = &f.sites[site];
        let cards = f.slot(site, slot);
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
        // (no card lets others share its site where the forest counts none with its tags)
        if !rules.site_sharing || f.site_sharing_tags & h.tags == 0 {
            return false;
        }
        let group = rules.site_kinds[s.kind as usize].slots[slot].group;
        for v in f.slot_cards(s) {
            for &c in v {
                let Some((g, tag, mx)) = rules.species[f.half_of(rules, c).species as usize].site_sharing
                else {
                    continue;
                };
                if g != group || h.tags & (1 << tag) == 0 {
                    continue;
                }
                if mx.is_none_or(|m| (cards.len() as u32) < m)
                    && cards.iter().all(|&x| f.half_of(rules, x).tags & (1 << tag) != 0)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether half `h` might join a filled slot of `p`'s forest: its species shares slots
    /// (with its kin, or with its own kind where the forest shows one), or a card there
    /// lets others of one of its tags share its site.
    pub(crate) fn joins(&self, p: usize, h: &Half) -> bool {
        let f = &self.forests[p];
        let kin = || self.rules.species[h.species as usize].share_kin.is_some();
        h.shares && (f.count(h.species_key) > 0 || kin())
            || self.rules.site_sharing && f.site_sharing_tags & h.tags != 0
    }

    /// Every legal placement of `card` in `p`'s forest (`rules.placements`): of each half
    /// that `flt` and `max_cost` let be placed, in order, where [`Game::spots`] says.
    pub(crate) fn placements(
        &self,
        p: usize,
        card: u16,
        flt: Option<&Filter>,
        max_cost: Option<u32>,
        out: &mut Options,
    ) {
        let rules = self.rules;
        let hs = &rules.cards[card as usize].halves;
        if hs[0].pos == Pos::Center {
            if placed(rules, &hs[0], flt, max_cost) {
                out.push(Action::Place(0, self.forests[p].sites.len() as u16, self.center));
            }
            return;
        }
        let f = &self.forests[p];
        for (hi, h) in hs.iter().enumerate() {
            if !placed(rules, h, flt, max_cost) {
                continue;
            }
            let place = |o: &OpenSlot| Action::Place(hi as u8, o.site, o.name);
            match self.spots(p, h) {
                Spots::Slots(open) => out.extend(open.iter().map(place)),
                Spots::Classes(open, by) => {
                    out.extend(open.iter().filter(|o| by & 1 << o.class != 0).map(place))
                }
                Spots::Defs(open) => {
                    out.extend(open.iter().filter(|o| f.slot_def(rules, o).takes(h)).map(place))
                }
                Spots::Joined => self.joined_placements(p, hi, h, out),
            }
        }
    }

    /// Where half `h` (not a tree's) may go in `p`'s forest.
    #[inline(always)]
    fn spots(&self, p: usize, h: &Half) -> Spots<'_> {
        let rules = self.rules;
        if self.joins(p, h) {
            return Spots::Joined;
        }
        // only empty slots take it: those listed for its position
        let open = &self.forests[p].open.0[h.pos as usize][..];
        if rules.plain_slots {
            Spots::Slots(open)
        } else if rules.slot_classes != 0 {
            Spots::Classes(open, h.taken_by)
        } else {
            Spots::Defs(open)
        }
    }

    /// The placements of half `hi`, `h`, that may join filled slots ([`Spots::Joined`]):
    /// each site's slots taking its position, in order, empty or joined.
    fn joined_placements(&self, p: usize, hi: usize, h: &Half, out: &mut Options) {
        let rules = self.rules;
        let plain = rules.plain_slots;
        for (si, s) in self.forests[p].sites.iter().enumerate() {
            let sk = &rules.site_kinds[s.kind as usize];
            let mut m = sk.pos_slots[h.pos as usize];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let sd = &sk.slots[i];
                if (plain || sd.takes(h)) && (s.empty & (1 << i) != 0 || self.may_join(p, si, i, h)) {
                    out.push(Action::Place(hi as u8, si as u16, sd.name));
                }
            }
        }
    }

    /// The placements of `card` in `p`'s forest in compact form, what [`Game::placements`]
    /// lists with none of it written, where each half placed goes to any empty slot taking
    /// its position ([`Spots::Slots`]); else none. (A count of slots by class costs about
    /// what their list does: slots with rules are listed.)
    #[inline(always)]
    fn places(&self, p: usize, card: u16, flt: Option<&Filter>, max_cost: Option<u32>) -> Option<Compact> {
        let rules = self.rules;
        if !rules.plain_slots {
            return None;
        }
        let hs = &rules.cards[card as usize].halves;
        if hs[0].pos == Pos::Center {
            let yes = placed(rules, &hs[0], flt, max_cost);
            return Some(Compact::place(Places { card, halves: u8::from(yes) }, u32::from(yes)));
        }
        let (mut halves, mut len) = (0u8, 0);
        for (hi, h) in hs.iter().enumerate() {
            if placed(rules, h, flt, max_cost) {
                halves |= 1 << hi;
                let Spots::Slots(open) = self.spots(p, h) else { return None };
                len += open.len() as u32;
            }
        }
        Some(Compact::place(Places { card, halves }, len))
    }

    /// Option `i` (below their length) of `p`'s placements in compact form `pl`: the `i`-th
    /// that [`Game::placements`] lists.
    #[inline(never)]
    pub(crate) fn place_nth(&self, p: usize, pl: &Places, i: usize) -> Action {
        let hs = &self.rules.cards[pl.card as usize].halves;
        if hs[0].pos == Pos::Center {
            return Action::Place(0, self.forests[p].sites.len() as u16, self.center);
        }
        // each half placed goes to the empty slots listed for its position ([`Game::places`])
        let lists = &self.forests[p].open.0;
        let mut i = i;
        for (hi, h) in hs.iter().enumerate() {
            if pl.halves & 1 << hi == 0 {
                continue;
            }
            debug_assert!(matches!(self.spots(p, h), Spots::Slots(_)), "a placement in compact form walked");
            let open = &lists[h.pos as usize];
            match open.get(i) {
                Some(o) => return Action::Place(hi as u8, o.site, o.name),
                None => i -= open.len(),
            }
        }
        panic!("no placement {i} past the last")
    }

    /// `p`'s decision where to place `card` pending, in compact form where the game asks
    /// for it ([`Game::compact`]); with no placement, the head step finished instead.
    pub(crate) fn ask_place(&mut self, p: u8, card: u16, flt: Option<&Filter>, max_cost: Option<u32>) -> Run {
        let pu = p as usize;
        if let Some(pl) = self.compact.then(|| self.places(pu, card, flt, max_cost)).flatten() {
            if pl.is_empty() {
                self.finish();
                return Run::Done;
            }
            let d = &mut self.pending;
            (d.player, d.kind, d.offer) = (p, "place", Some(pl));
            d.options.clear();
            return Run::Asked;
        }
        let mut opts = self.opts();
        self.placements(pu, card, flt, max_cost, &mut opts);
        if opts.is_empty() {
            self.pending.options = opts;
            self.finish();
            return Run::Done;
        }
        self.ask(p, "place", opts)
    }

    /// Whether an empty slot of `p`'s forest takes half `h` (slots with rules): by the
    /// slots' classes where the rules keep them, else by their definitions.
    #[inline(always)]
    fn takes_empty(&self, p: usize, h: &Half) -> bool {
        if self.rules.slot_classes == 0 {
            return self.takes_empty_by_def(p, h);
        }
        let yes = self.forests[p].open.0[h.pos as usize].iter().any(|o| h.taken_by & 1 << o.class != 0);
        debug_assert_eq!(yes, self.takes_empty_by_def(p, h), "a slot class drifted");
        yes
    }

    /// [`Game::takes_empty`] by the slots' definitions.
    #[inline(never)]
    fn takes_empty_by_def(&self, p: usize, h: &Half) -> bool {
        let f = &self.forests[p];
        f.open.0[h.pos as usize].iter().any(|o| f.slot_def(self.rules, o).takes(h))
    }

    /// Whether some half of `card` can be placed for `budget` (`rules.can_place`).
    #[inline(always)]
    pub(crate) fn can_place(&self, p: usize, card: u16, budget: i64, flt: Option<&Filter>) -> bool {
        let rules = self.rules;
        let c = &rules.cards[card as usize];
        let f = &self.forests[p];
        if flt.is_none() && rules.plain_slots {
            // the quick test: a half it can pay for whose position has an empty slot (the
            // center always has room: a tree starts a site)
            if c.reach(budget) & (f.open_mask() | 1) != 0 {
                return true;
            }
            if !(c.reach_partial || rules.site_sharing && f.site_sharers > 0) {
                return false;
            }
        }
        let hs = &c.halves;
        if hs[0].pos == Pos::Center {
            return i64::from(hs[0].cost) <= budget && flt_ok(rules, flt, &hs[0]);
        }
        let mask = f.open_mask();
        for h in hs {
            if i64::from(h.cost) > budget || !flt_ok(rules, flt, h) {
                continue;
            }
            let bit = 1u8 << (h.pos as u8);
            if rules.plain_slots {
                if mask & bit != 0 {
                    return true;
                }
            } else if self.takes_empty(p, h) {
                return true;
            }
            if self.joins(p, h) && self.joins_some(p, h) {
                return true;
            }
        }
        false
    }

    /// Whether half `h` may join a card already in a slot of `p`'s forest (sharing).
    #[inline(never)]
    fn joins_some(&self, p: usize, h: &Half) -> bool {
        let rules = self.rules;
        let bit = 1u8 << (h.pos as u8);
        for (si, s) in self.forests[p].sites.iter().enumerate() {
            let sk = &rules.site_kinds[s.kind as usize];
            for (i, sd) in sk.slots.iter().enumerate() {
                if sd.accepts & bit != 0
                    && s.empty & (1 << i) == 0
                    && (rules.plain_slots || sd.takes(h))
                    && self.may_join(p, si, i, h)
                {
                    return true;
                }
            }
        }
        false
    }

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
        self.each_fired(p, card, half, role, kind, activates, 0, |i, _, _| {
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
            self.resolution_steps(p, card, half, role, kind, paid, mode, activates, first, &mut later);
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
        card: u16,
        half: Option<u8>,
        role: u16,
        kind: Option<u16>,
        paid: &[u16],
        mode: Mode,
        activates: Option<u16>,
        first: u32,
        early: &mut Steps,
    ) {
        let rules = self.rules;
        let mut late = Steps::new();
        if first != NONE_FIRES {
            self.triggers_from(p, card, half, role, kind, activates, first, early, &mut late);
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
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn trigger_steps(
        &self,
        p: usize,
        card: u16,
        half: Option<u8>,
        role: u16,
        kind: Option<u16>,
        activates: Option<u16>,
        early: &mut Steps,
        late: &mut Steps,
    ) {
        self.triggers_from(p, card, half, role, kind, activates, 0, early, late);
    }

    /// [`Game::trigger_steps`] of the forest's trigger cards from `first` on.
    #[allow(clippy::too_many_arguments)]
    fn triggers_from(
        &self,
        p: usize,
        card: u16,
        half: Option<u8>,
        role: u16,
        kind: Option<u16>,
        activates: Option<u16>,
        first: u32,
        early: &mut Steps,
        late: &mut Steps,
    ) {
        self.each_fired(p, card, half, role, kind, activates, first, |_, c, t| {
            let s = Step::Trigger { p: p as u8, card: c, index: t.index };
            if t.before_effects {
                early.push(s);
            } else {
                late.push(s);
            }
            true
        });
    }

    /// Call `each` with the triggers that a play fires of `p`'s forest's trigger cards from
    /// `first` on (with the card's place among them and the card), in order, until it
    /// answers false.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn each_fired(
        &self,
        p: usize,
        card: u16,
        half: Option<u8>,
        role: u16,
        kind: Option<u16>,
        activates: Option<u16>,
        first: u32,
        mut each: impl FnMut(usize, u16, &crate::data::Trigger) -> bool,
    ) {
        let rules = self.rules;
        let f = &self.forests[p];
        for (i, &c) in f.triggers.iter().enumerate().skip(first as usize) {
            if c == card {
                continue;
            }
            let sp = &rules.species[f.half_of(rules, c).species as usize];
            for t in &sp.triggers {
                if t.from_next_turn && f.placed_turn[c as usize] >= self.turn && activates != Some(c) {
                    continue;
                }
                if self.trigger_matches(t, card, half, role, kind) && !each(i, c, t) {
                    return;
                }
            }
        }
    }

    /// Whether trigger `t` matches the play of `card` (`half`, None face down) into a slot
    /// of `role` (or the center), opening a site of `kind` (None for a dweller's play).
    #[inline(always)]
    pub(crate) fn trigger_matches(
        &self,
        t: &crate::data::Trigger,
        card: u16,
        half: Option<u8>,
        role: u16,
        kind: Option<u16>,
    ) -> bool {
        let rules = self.rules;
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
