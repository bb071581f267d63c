//! Copies of a game into another's allocations (`Clone`, and the search's recopies).

use super::Game;
use crate::forest::Forest;

impl Clone for Game<'_> {
    fn clone(&self) -> Self {
        let mut g = Game::blank(self.rules);
        g.clone_from(self);
        g
    }

    fn clone_from(&mut self, source: &Self) {
        self.copy_from(source, false);
    }
}

impl Game<'_> {
    /// `self` made `source` again, `self` having been copied from `source` since `source`
    /// last changed: the forests with no change since the copy are left as they are (a
    /// search's tries, each from the same position).
    pub fn recopy_from(&mut self, source: &Self) {
        self.copy_from(source, true);
    }

    /// `source` copied into `self`'s allocations; with `kept`, the forests whose changes
    /// [`crate::forest::Forest::edits`] counts as many as their source's left as they are,
    /// the others copied back by [`Forest::recopy_from`] (each a copy of its source since).
    fn copy_from(&mut self, source: &Self, kept: bool) {
        // every field named, so that a new one cannot be left out
        let Game {
            rules,
            players,
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
            center,
            turn_layout,
            compact,
            open_classes,
        } = source;
        (self.rules, self.players, self.current, self.turn) = (*rules, *players, *current, *turn);
        (self.over, self.end_reason, self.end_scheduled) = (*over, *end_reason, *end_scheduled);
        (self.actions, self.center, self.turn_layout) = (*actions, *center, *turn_layout);
        self.compact = *compact;
        self.deck.clone_from(deck);
        self.hands.clone_from(hands);
        self.clearing.clone_from(clearing);
        self.caves.clone_from(caves);
        self.winter.clone_from(winter);
        self.boxed.clone_from(boxed);
        if kept && self.forests.len() == forests.len() {
            for (f, from) in self.forests.iter_mut().zip(forests) {
                if f.edits() != from.edits() {
                    f.recopy_from(from);
                }
            }
            let same = |(f, s): (&Forest, &Forest)| format!("{f:?}") == format!("{s:?}");
            debug_assert!(self.forests.iter().zip(forests).all(same), "a forest changed uncounted");
        } else {
            self.forests.clone_from(forests);
        }
        self.queue.clone_from(queue);
        self.extra_turns.clone_from(extra_turns);
        self.pending.clone_from(pending);
        self.open_classes.clone_from(open_classes);
    }
}
