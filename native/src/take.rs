//! Taking cards: from the deck (winter cards counted, the game's end when the last comes),
//! from the clearing, to hands and caves.

use crate::data::Filter;
use crate::game::{flt_ok, nonempty_ref, Action, Game, Taker};

impl Game<'_> {
    pub(crate) fn hand_room(&self, p: usize) -> i64 {
        if !self.rules.draw_cap {
            return 1 << 30;
        }
        self.rules.hand_limit as i64 - self.hands[p].len() as i64
    }

    /// Take `n` cards off the deck (winter cards handled); false if the game ended. The taker
    /// is chosen where this is called (it is known there), each with a loop of its own.
    #[inline(always)]
    pub(crate) fn deck_take(&mut self, n: i64, taker: Taker) -> bool {
        match taker {
            Taker::Player(p) => self.deck_take_to_hand(n, p as usize),
            Taker::Clearing => self.deck_take_to_clearing(n),
            Taker::Deal(per) => self.deck_take_dealt(n, per),
        }
    }

    /// `deck_take` to `p`'s hand.
    #[inline(never)]
    fn deck_take_to_hand(&mut self, n: i64, p: usize) -> bool {
        self.deck_take_to(n, |g, c, _| g.hands[p].push(c))
    }

    /// `deck_take` to the clearing.
    #[inline(never)]
    fn deck_take_to_clearing(&mut self, n: i64) -> bool {
        self.deck_take_to(n, |g, c, _| g.clearing.push(c))
    }

    /// `deck_take` dealt, `per` cards to each hand in turn.
    #[inline(never)]
    fn deck_take_dealt(&mut self, n: i64, per: usize) -> bool {
        self.deck_take_to(n, |g, c, k| g.hands[k / per].push(c))
    }

    /// `deck_take`, each card that is not a winter card given to `put` with how many came
    /// before it (a loop of its own for each taker).
    #[inline(always)]
    fn deck_take_to(&mut self, n: i64, put: impl Fn(&mut Self, u16, usize)) -> bool {
        let mut taken = 0usize;
        while (taken as i64) < n {
            let Some(c) = self.deck.pop() else { break };
            if self.rules.is_winter(c) {
                if !self.winter_drawn(c) {
                    return false;
                }
                continue;
            }
            put(self, c, taken);
            taken += 1;
        }
        true
    }

    /// A winter card came off the deck: counted, the game's end when it is the last to
    /// come; false if the game ended at once.
    #[cold]
    fn winter_drawn(&mut self, c: u16) -> bool {
        self.winter.push(c);
        if Some(self.winter.len()) == self.rules.winters_for.get(self.players) {
            if self.rules.winter_at_once {
                self.end("third_winter");
                return false;
            }
            if self.end_scheduled.is_none() {
                self.end_scheduled = Some("third_winter");
            }
        }
        true
    }

    pub(crate) fn end(&mut self, reason: &'static str) {
        self.over = true;
        self.end_reason = Some(reason);
        self.queue.clear();
    }

    pub(crate) fn draw_cards(&mut self, p: usize, n: i64) {
        let n = n.min(self.hand_room(p));
        if n > 0 {
            self.deck_take(n, Taker::Player(p as u8));
        }
    }

    /// A clearing card goes to `p`'s hand (`CardTaken`).
    pub(crate) fn take_card(&mut self, p: usize, c: u16) {
        self.clearing.remove(c);
        self.hands[p].push(c);
    }

    /// A hand card leaves the hand (by value, the first of it).
    pub(crate) fn remove_from_hand(&mut self, p: usize, c: u16) {
        self.hands[p].remove(c);
    }

    /// A hand card goes to `p`'s cave (`CardsCaved`, source hand).
    pub(crate) fn cave_from_hand(&mut self, p: usize, c: u16) {
        self.remove_from_hand(p, c);
        self.caves[p].push(c);
        self.forests[p].caved(1);
    }

    /// Cards of the clearing go to `p`'s cave (`CardsCaved`, source clearing).
    pub(crate) fn cave_from_clearing(&mut self, p: usize, cards: &[u16]) {
        for &c in cards {
            self.clearing.remove(c);
        }
        self.caves[p].extend_from_slice(cards);
        self.forests[p].caved(cards.len());
    }

    /// The clearing's cards (not winter cards) with a half `flt` accepts, in clearing order.
    pub(crate) fn clearing_matching(&self, flt: &Filter) -> Vec<u16> {
        let rules = self.rules;
        let f = nonempty_ref(flt);
        self.clearing
            .iter()
            .copied()
            .filter(|&c| {
                let card = &rules.cards[c as usize];
                !card.winter && card.halves.iter().any(|h| flt_ok(rules, f, h))
            })
            .collect()
    }

    /// `p` takes the card of a turn's draw `a` (from the clearing or the deck); inlined where
    /// a turn's draws are answered, so the commonest draw makes no call.
    #[inline(always)]
    pub(crate) fn take_one(&mut self, p: usize, a: Action) {
        if let Action::DrawFromClearing(c) = a {
            self.clearing.remove(c);
            self.hands[p].push(c);
        } else if let Some(c) = self.deck.last().copied().filter(|&c| !self.rules.is_winter(c)) {
            // the card on top is no winter card: taken here, without the loop of `deck_take`
            self.deck.pop();
            self.hands[p].push(c);
        } else {
            self.deck_take(1, Taker::Player(p as u8));
        }
    }
}
