//! Copying a forest into another's allocations: all of it ([`Clone::clone_from`]), or, into
//! a copy of the same forest changed since by placements, only what they can have changed
//! ([`Forest::recopy_from`]).

use super::{Forest, OpenLists};

impl Clone for OpenLists {
    fn clone(&self) -> Self {
        OpenLists(std::array::from_fn(|p| self.0[p].clone()))
    }

    fn clone_from(&mut self, source: &Self) {
        for (list, from) in self.0.iter_mut().zip(&source.0) {
            list.clear();
            list.extend_from_slice(from);
        }
    }
}

impl Clone for Forest {
    fn clone(&self) -> Self {
        let mut f = Forest::blank();
        f.clone_from(self);
        f
    }

    /// Into `self`'s own allocations (a search's scratch games): plain data copied as bytes.
    fn clone_from(&mut self, source: &Self) {
        self.where_.clone_from(&source.where_);
        self.placed_turn.clone_from(&source.placed_turn);
        self.order.clone_from(&source.order);
        self.copy_rest(source);
    }
}

impl Forest {
    /// `self` made `source` again, `self` having been copied from `source` since `source`
    /// last changed and changed since only by this forest's methods (a try played on from
    /// the position `source` is in). The tables indexed by card are written back only for
    /// the cards placed since ([`Forest::order`] grows by them, and a card's entries change
    /// only when it is placed); anything else is copied as [`Clone::clone_from`] does. A
    /// forest whose placement order does not start with `source`'s is copied whole.
    pub fn recopy_from(&mut self, source: &Forest) {
        let n = source.order.len();
        let tables =
            self.where_.len() == source.where_.len() && self.placed_turn.len() == source.placed_turn.len();
        if !tables || !self.order.starts_with(&source.order) {
            return self.clone_from(source);
        }
        for &c in &self.order[n..] {
            let c = c as usize;
            self.where_[c] = source.where_[c];
            self.placed_turn[c] = source.placed_turn[c];
        }
        self.order.truncate(n);
        self.copy_rest(source);
        debug_assert!(
            self.where_ == source.where_ && self.placed_turn == source.placed_turn,
            "a card table drifted"
        );
    }

    /// Every field but the card tables and the placement order copied from `source`.
    fn copy_rest(&mut self, source: &Forest) {
        // every field named, so that a new one cannot be left out
        let Forest {
            sites,
            slots,
            stacks,
            under,
            where_: _,
            counts,
            tally,
            tallies,
            order: _,
            placed_turn: _,
            triggers,
            site_sharers,
            site_sharing_tags,
            open,
            open_bits,
            edits,
        } = source;
        self.sites.clone_from(sites);
        self.slots.clone_from(slots);
        self.stacks.clone_from(stacks);
        self.under.clone_from(under);
        self.counts.clone_from(counts);
        self.tally.clone_from(tally);
        self.tallies = *tallies;
        self.triggers.clone_from(triggers);
        self.site_sharers = *site_sharers;
        self.site_sharing_tags = *site_sharing_tags;
        self.open.clone_from(open);
        self.open_bits = *open_bits;
        self.edits = *edits;
    }
}
