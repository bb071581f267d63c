//! What the effect kinds do (`kinds/effects.py`, and the woodland_edge plugin's effect
//! kinds): run (resolve, or ask a decision) and answer.

use std::sync::Arc;

use crate::data::Filter;
use crate::game::{nonempty_ref, Action, Cards, Eff, Game, Mode, Run, Step, Steps, Taker};
use crate::play::Played;

impl<'r> Game<'r> {
    pub(crate) fn run_effect(&mut self, p: u8, card: u16, eff: &Eff) -> Run {
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
                let flt = nonempty_ref(filter).copied();
                let cands: Cards = self
                    .sorted_hand(pu)
                    .into_iter()
                    .filter(|&c| self.can_place(pu, c, 1_000_000_000, flt.as_ref()))
                    .collect();
                if cands.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                self.ask_pick(pu, "free_play", &cands, true)
            }
            Eff::CaveFromHand { .. } => self.ask_pick(pu, "cave", &self.sorted_hand(pu), true),
            Eff::ClearingToCave => {
                self.finish();
                if !self.clearing.is_empty() {
                    let n = self.clearing.len();
                    self.clearing.move_to(&mut self.caves[pu]);
                    self.forests[pu].caved(n);
                }
                Run::Done
            }
            Eff::CaveFromClearing { n, caved, exactly } => {
                if caved >= n || self.clearing.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                if *exactly && self.clearing.len() as u32 <= n - caved {
                    // no choice left: every clearing card goes
                    self.finish();
                    let cards = self.clearing.to_vec();
                    self.cave_from_clearing(pu, &cards);
                    return Run::Done;
                }
                let mut cards = self.clearing.to_vec();
                cards.sort_unstable();
                self.ask_pick(pu, "cave", &cards, !*exactly)
            }
            Eff::TakeFromClearing { n, taken } => {
                if taken >= n || self.clearing.is_empty() || self.hand_room(pu) <= 0 {
                    self.finish();
                    return Run::Done;
                }
                let mut cards = self.clearing.to_vec();
                cards.sort_unstable();
                self.ask_pick(pu, "take", &cards, true)
            }
            Eff::ClearingToCaveMatching(flt) => {
                let cards = self.clearing_matching(flt);
                self.finish();
                if !cards.is_empty() {
                    self.cave_from_clearing(pu, &cards);
                }
                Run::Done
            }
            Eff::ExtraTurnIf { count, n } => {
                let have = self.forests[pu].count(*count);
                self.finish();
                if have >= *n {
                    self.extra_turns[pu] += 1;
                }
                Run::Done
            }
            Eff::TakeAllFromClearing(flt) => {
                let mut cards = self.clearing_matching(flt);
                cards.sort_unstable();
                let room = self.rules.hand_limit as i64 - self.hands[pu].len() as i64;
                if cards.is_empty() || room <= 0 {
                    self.finish();
                    return Run::Done;
                }
                if cards.len() as i64 <= room {
                    self.finish();
                    for c in cards {
                        self.take_card(pu, c);
                    }
                    return Run::Done;
                }
                self.ask_pick(pu, "take", &cards, false)
            }
            Eff::RemoveClearing => {
                self.finish();
                self.clearing.move_to(&mut self.boxed);
                Run::Done
            }
            Eff::FreePlayOneOf(filters) => {
                let cands: Cards = self
                    .sorted_hand(pu)
                    .into_iter()
                    .filter(|&c| self.fitting(pu, c, filters).is_some())
                    .collect();
                if cands.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                self.ask_pick(pu, "free_play", &cands, true)
            }
            Eff::PlayFaceDown(_) => {
                if self.hands[pu].is_empty() {
                    self.finish();
                    return Run::Done;
                }
                let hand = self.sorted_hand(pu);
                self.ask_pick(pu, "play_face_down", &hand, true)
            }
            Eff::PlayFromClearing { filter, reveal, revealed } => {
                let flt = nonempty_ref(filter).copied();
                let mut cands: Cards = self
                    .clearing
                    .iter()
                    .copied()
                    .filter(|&c| {
                        !self.rules.cards[c as usize].winter
                            && self.can_place(pu, c, 1_000_000_000, flt.as_ref())
                    })
                    .collect();
                cands.sort_unstable();
                if !cands.is_empty() {
                    return self.ask_pick(pu, "play_from_clearing", &cands, true);
                }
                if revealed >= reveal || self.deck.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                *self.queue.last_mut().expect("the head") = Step::Effect {
                    p,
                    card,
                    eff: Eff::PlayFromClearing { filter: *filter, reveal: *reveal, revealed: revealed + 1 },
                };
                self.deck_take(1, Taker::Clearing);
                Run::Done
            }
            Eff::DrawThenCave { draw, cave, drawn } => {
                let Some(drawn) = drawn else {
                    let room = self.hand_room(pu) + i64::from(*cave);
                    let n = i64::from(*draw).min(room);
                    let before = self.hands[pu].len();
                    let (draw, cave) = (*draw, *cave);
                    if n > 0 && !self.deck_take(n, Taker::Player(p)) {
                        return Run::Done;
                    }
                    let got: Vec<u16> = self.hands[pu][before..].to_vec();
                    if got.is_empty() {
                        self.finish();
                    } else {
                        *self.queue.last_mut().expect("the head") = Step::Effect {
                            p,
                            card,
                            eff: Eff::DrawThenCave { draw, cave, drawn: Some(Arc::new(got)) },
                        };
                    }
                    return Run::Done;
                };
                let mut held: Cards = drawn.iter().copied().filter(|c| self.hands[pu].contains(c)).collect();
                let owed = *cave as i64 - (drawn.len() - held.len()) as i64;
                if owed <= 0 || held.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                held.sort_unstable();
                self.ask_pick(pu, "cave", &held, false)
            }
            Eff::CaveFromClearingPer { count, left } => {
                let Some(left) = left else {
                    let n = self.forests[pu].count(*count);
                    *self.queue.last_mut().expect("the head") = Step::Effect {
                        p,
                        card,
                        eff: Eff::CaveFromClearingPer { count: *count, left: Some(n) },
                    };
                    return Run::Done;
                };
                if *left <= 0 || self.clearing.is_empty() {
                    self.finish();
                    return Run::Done;
                }
                let mut cards: Cards = self.clearing.iter().copied().collect();
                cards.sort_unstable();
                self.ask_pick(pu, "cave", &cards, true)
            }
            Eff::PlaySaplings(planted) => {
                if self.hands[pu].is_empty() {
                    let follow = self.sapling_follow_ups(p, planted);
                    self.replace_head(follow);
                    return Run::Done;
                }
                self.ask_pick(pu, "play_saplings", &self.sorted_hand(pu), true)
            }
            Eff::PlayFurther(f) => {
                let Some(pool) = &f.eligible else {
                    let hand = self.sorted_hand(pu).to_vec();
                    // the head, changed in place: the cards it lets the player play
                    let Some(Step::Effect { eff: Eff::PlayFurther(f), .. }) = self.queue.last_mut() else {
                        panic!("not a play_further step")
                    };
                    f.eligible = Some(hand);
                    return Run::Done;
                };
                let mine: Cards = self.sorted_hand(pu).into_iter().filter(|c| pool.contains(c)).collect();
                let budget = mine.len() as i64 - 1;
                let playable: Cards =
                    mine.iter().copied().filter(|&c| self.can_place(pu, c, budget, None)).collect();
                self.ask_pick(pu, "play_further", &playable, true)
            }
        }
    }

    /// The steps that follow `play_saplings` (the Water Vole): a reveal per sapling planted,
    /// then the triggers each sapling fires, in the order they were planted.
    fn sapling_follow_ups(&self, p: u8, planted: &[u16]) -> Vec<Step> {
        let kind = self.rules.sapling_kind;
        let reveals = kind.is_some_and(|k| self.rules.site_kinds[k as usize].reveals);
        let mut steps: Vec<Step> = planted.iter().filter(|_| reveals).map(|_| Step::Reveal(p)).collect();
        for &c in planted {
            let (mut early, mut late) = (Steps::new(), Steps::new());
            let pl = Played { card: c, half: None, role: self.center, kind, activates: None };
            self.trigger_steps(p as usize, pl, &mut early, &mut late);
            steps.extend(early);
            steps.extend(late);
        }
        steps
    }

    /// The first of `filters` that lets `card` be placed for free (`free_play_one_of`).
    fn fitting(&self, p: usize, card: u16, filters: &[Filter]) -> Option<Filter> {
        filters.iter().find(|f| self.can_place(p, card, 1_000_000_000, nonempty_ref(f))).cloned()
    }

    pub(crate) fn answer_effect(&mut self, p: u8, card: u16, eff: Eff, a: Action) {
        let pu = p as usize;
        match eff {
            Eff::FreePlay { filter, any_number, activates } => {
                let Action::PickCard(c) = a else {
                    self.finish();
                    return;
                };
                let place = Step::Place {
                    p,
                    card: c,
                    mode: Mode::Free,
                    filter: Some(filter),
                    from_clearing: false,
                    activates: activates.then_some(card),
                };
                if any_number {
                    self.queue.push(place);
                } else {
                    self.replace_head_with(place);
                }
            }
            Eff::CaveFromHand { caved } => match a {
                Action::PickCard(c) => {
                    self.hands[pu].remove(c);
                    self.caves[pu].push(c);
                    self.forests[pu].caved(1);
                    *self.queue.last_mut().expect("the head") =
                        Step::Effect { p, card, eff: Eff::CaveFromHand { caved: caved + 1 } };
                }
                _ => {
                    self.finish();
                    self.draw_cards(pu, i64::from(caved));
                }
            },
            Eff::CaveFromClearing { n, caved, exactly } => {
                if let Action::PickCard(c) = a {
                    *self.queue.last_mut().expect("the head") =
                        Step::Effect { p, card, eff: Eff::CaveFromClearing { n, caved: caved + 1, exactly } };
                    self.cave_from_clearing(pu, &[c]);
                } else {
                    self.finish();
                }
            }
            Eff::TakeFromClearing { n, taken } => {
                if let Action::PickCard(c) = a {
                    if taken + 1 >= n {
                        self.finish();
                    } else {
                        *self.queue.last_mut().expect("the head") =
                            Step::Effect { p, card, eff: Eff::TakeFromClearing { n, taken: taken + 1 } };
                    }
                    self.take_card(pu, c);
                } else {
                    self.finish();
                }
            }
            Eff::TakeAllFromClearing(_) => {
                let Action::PickCard(c) = a else { panic!("not a pick") };
                self.take_card(pu, c);
            }
            Eff::FreePlayOneOf(filters) => {
                let Action::PickCard(c) = a else {
                    self.finish();
                    return;
                };
                let filter = self.fitting(pu, c, &filters);
                self.replace_head_with(Step::Place {
                    p,
                    card: c,
                    mode: Mode::Free,
                    filter,
                    from_clearing: false,
                    activates: None,
                });
            }
            Eff::PlayFaceDown(kind) => {
                let Action::PickCard(c) = a else {
                    self.finish();
                    return;
                };
                let site = self.forests[pu].sites.len() as u16;
                self.play_card(pu, c, None, site, self.center, &[], Mode::Normal, false, Some(kind), None);
            }
            Eff::PlayFromClearing { filter, .. } => {
                let Action::PickCard(c) = a else {
                    self.finish();
                    return;
                };
                self.replace_head_with(Step::Place {
                    p,
                    card: c,
                    mode: Mode::Free,
                    filter: Some(filter),
                    from_clearing: true,
                    activates: None,
                });
            }
            Eff::DrawThenCave { .. } => {
                let Action::PickCard(c) = a else { panic!("not a pick") };
                self.cave_from_hand(pu, c);
            }
            Eff::CaveFromClearingPer { count, left } => {
                if let Action::PickCard(c) = a {
                    *self.queue.last_mut().expect("the head") = Step::Effect {
                        p,
                        card,
                        eff: Eff::CaveFromClearingPer { count, left: left.map(|n| n - 1) },
                    };
                    self.cave_from_clearing(pu, &[c]);
                } else {
                    self.finish();
                }
            }
            Eff::PlaySaplings(planted) => {
                let Action::PickCard(c) = a else {
                    let follow = self.sapling_follow_ups(p, &planted);
                    self.replace_head(follow);
                    return;
                };
                // planted now; its reveal and triggers wait until the player stops
                self.remove_from_hand(pu, c);
                let kind = self.rules.sapling_kind.expect("a sapling kind");
                let turn = self.turn;
                let rules = self.rules;
                self.forests[pu].open_site(rules, c, None, kind, turn);
                let mut planted = planted.into_vec();
                planted.push(c);
                *self.queue.last_mut().expect("the head") =
                    Step::Effect { p, card, eff: Eff::PlaySaplings(planted.into_boxed_slice()) };
            }
            Eff::PlayFurther(f) => match a {
                Action::PickCard(c) => {
                    self.queue.push(Step::Place {
                        p,
                        card: c,
                        mode: Mode::Deferred,
                        filter: None,
                        from_clearing: false,
                        activates: None,
                    });
                }
                _ => {
                    if f.deferred.is_empty() {
                        self.finish();
                    } else {
                        self.replace_head_with(Step::ResolvePlays { p, card, plays: f.deferred });
                    }
                }
            },
            _ => panic!("this effect asks nothing"),
        }
    }
}
