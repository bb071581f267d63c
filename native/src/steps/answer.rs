//! What each step kind does when its decision is answered.

use crate::game::{Action, Game, Mode, Run, Step, Steps, Taker};
use crate::play::Played;

impl<'r> Game<'r> {
    /// The head step answers option `a` of its decision: [`Run::Asked`] when the next
    /// decision is already pending (a turn's draw goes straight on to the second), else
    /// [`Run::Done`], the queue to be run on.
    #[inline(always)]
    pub(crate) fn answer(&mut self, a: Action) -> Run {
        let rules = self.rules;
        // the head is read in place: its plain fields copied, the others cloned where needed
        match *self.queue.last().expect("the resolution queue ran empty") {
            Step::Turn(p) => {
                let pu = p as usize;
                match a {
                    Action::DrawFromDeck | Action::DrawFromClearing(_) => {
                        let room = rules.hand_limit as i64 - self.hands[pu].len() as i64;
                        let mut left = rules.draws_per_turn as i64 - 1;
                        if rules.draw_cap && room <= left {
                            left = room - 1;
                        }
                        if left <= 0 {
                            self.finish();
                            self.take_one(pu, a);
                            return Run::Done;
                        }
                        self.replace_plain_head_with(Step::DrawMore { p, left: left as u32 });
                        self.take_one(pu, a);
                        // the next draw asked at once, unless the card drawn queued steps (the
                        // hand has room: `left` is below it)
                        if matches!(self.queue.last(), Some(Step::DrawMore { .. })) {
                            self.pending.offer = None;
                            return self.ask_draw(p);
                        }
                    }
                    Action::PlayCard(c) => {
                        self.replace_plain_head_with(Step::Place {
                            p,
                            card: c,
                            mode: Mode::Normal,
                            filter: None,
                            from_clearing: false,
                            activates: None,
                        });
                        // the placement asked at once, paid with the other hand cards
                        self.pending.offer = None;
                        let budget = self.hands[pu].len() as u32 - 1;
                        return self.place_within(p, c, None, Some(budget));
                    }
                    Action::PlaySapling(c) => {
                        let site = self.forests[pu].sites.len() as u16;
                        self.play_card(pu, c, None, site, self.center, &[], Mode::Normal, false, None, None);
                    }
                    _ => panic!("not a turn action"),
                }
            }
            Step::DrawMore { p, left } => {
                if left > 1 {
                    let Some(Step::DrawMore { left, .. }) = self.queue.last_mut() else {
                        panic!("not a draw")
                    };
                    *left -= 1;
                } else {
                    self.finish_plain();
                }
                self.take_one(p as usize, a);
            }
            Step::Place { .. } => {
                let Action::Place(half, site, slot) = a else { panic!("not a placement") };
                return self.place_head(half, site, slot);
            }
            Step::Pay { p, card, mode, half, site, slot, owed, .. } => {
                let Action::PayWith(c) = a else { panic!("not a payment") };
                // the head, changed in place: one more card paid
                let Some(Step::Pay { owed: left, paid, .. }) = self.queue.last_mut() else {
                    panic!("not a payment")
                };
                paid.push(c);
                if owed > 1 {
                    *left -= 1;
                    // the next card asked at once
                    self.pending.offer = None;
                    return self.run_pay(p, card, mode, owed - 1, i32::from(c));
                } else {
                    let paid = *paid;
                    self.play_card(p as usize, card, Some(half), site, slot, &paid, mode, false, None, None);
                }
            }
            Step::Offer { p, card, bonus, half } => {
                if a == Action::Pass {
                    self.finish();
                } else {
                    let sp =
                        &rules.species[rules.cards[card as usize].halves[half as usize].species as usize];
                    let specs = if bonus { &sp.bonus } else { &sp.effect };
                    self.replace_head_with_effects(p, card, specs);
                }
            }
            Step::Trigger { p, card, index } => {
                if a == Action::Pass {
                    self.finish();
                } else {
                    let sp = self.forests[p as usize].half_of(rules, card).species;
                    let t = rules.species[sp as usize]
                        .triggers
                        .iter()
                        .find(|t| t.index == index)
                        .expect("a trigger");
                    self.replace_head_with_effects(p, card, &t.effect);
                }
            }
            _ => self.answer_rare(a),
        }
        Run::Done
    }

    /// [`Game::answer`] for the steps that ask rarely, out of line.
    #[inline(never)]
    fn answer_rare(&mut self, a: Action) {
        let rules = self.rules;
        match *self.queue.last().expect("the resolution queue ran empty") {
            Step::Mulligan(p) => {
                self.finish();
                if a == Action::Redraw {
                    let hand = &mut self.hands[p as usize];
                    let n = hand.len() as i64;
                    hand.move_to(&mut self.boxed);
                    self.deck_take(n, Taker::Player(p));
                }
            }
            Step::UpgradeSite { p, card, site, kind, reveal, after } => {
                let Action::PickCard(c) = a else {
                    self.finish();
                    return;
                };
                let pu = p as usize;
                let (mut early, mut late) = (Steps::new(), Steps::new());
                if rules.has_triggers {
                    let pl = Played {
                        card,
                        half: None,
                        role: rules.upgrade_role,
                        kind: Some(kind),
                        activates: None,
                    };
                    self.trigger_steps(pu, pl, &mut early, &mut late);
                }
                self.finish();
                self.remove_from_hand(pu, c);
                let turn = self.turn;
                self.forests[pu].upgrade_site(rules, site as usize, c, kind, turn);
                if !late.is_empty() {
                    self.queue_at(late, after as usize);
                }
                if !early.is_empty() {
                    self.queue_at(early, reveal as usize);
                }
            }
            Step::CaveAndRedraw { p, caved } => {
                let pu = p as usize;
                let caved = caved.unwrap_or(0);
                if let Action::PickCard(c) = a {
                    *self.queue.last_mut().expect("the head") =
                        Step::CaveAndRedraw { p, caved: Some(caved + 1) };
                    self.cave_from_hand(pu, c);
                } else {
                    self.finish();
                    self.draw_cards(pu, i64::from(caved));
                }
            }
            Step::ResolvePlays { ref plays, .. } => {
                let Action::PickCard(c) = a else { panic!("not a pick") };
                let i = plays.iter().position(|(x, _)| *x == c).expect("a deferred play");
                self.resolve_play(i);
            }
            Step::Effect { p, card, ref eff } => {
                let eff = eff.clone();
                self.answer_effect(p, card, eff, a)
            }
            _ => panic!("this step asks nothing"),
        }
    }
}
