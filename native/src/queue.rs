//! The resolution queue's steps (`forestshuffle.steps.Step`): their kinds and arguments,
//! an effect step's progress, and how a step is dropped. What each step does is in
//! `steps.rs` and `effects.rs`.

use std::sync::Arc;

use crate::data::{Effect, Filter};

/// How a card is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Free,
    Deferred,
}

/// A step of the resolution queue (`forestshuffle.steps.Step`), its arguments typed. The
/// kinds an answer reads most come first, so that the jump on a head's kind starts at 0.
#[derive(Clone, Debug)]
pub enum Step {
    Turn(u8),
    /// the end of the current seat's turn (`EndTurn(player)`, the player being
    /// [`crate::game::Game::current`]), or before the first turn (turn 0) the game's start:
    /// it stays under each turn's steps, and the next turn begins from it
    EndTurn,
    DrawMore {
        p: u8,
        left: u32,
    },
    /// a card to place; a deferred one (`play_further`) pays only with the cards its
    /// `play_further` step, the next in the queue, set aside
    Place {
        p: u8,
        card: u16,
        mode: Mode,
        filter: Option<Filter>,
        from_clearing: bool,
        /// a card whose triggers this play fires even before they are active (`activates`)
        activates: Option<u16>,
    },
    /// a placement paid card by card (a deferred one as [`Step::Place`])
    Pay {
        p: u8,
        card: u16,
        mode: Mode,
        half: u8,
        site: u16,
        slot: u16,
        owed: u32,
        paid: Paid,
    },
    Offer {
        p: u8,
        card: u16,
        bonus: bool,
        half: u8,
    },
    Trigger {
        p: u8,
        card: u16,
        index: u32,
    },
    Deal,
    Mulligan(u8),
    Reveal(u8),
    /// tuck a hand card under a site just played, making it a site of `kind`
    UpgradeSite {
        p: u8,
        card: u16,
        site: u16,
        kind: u16,
        reveal: u8,
        after: u8,
    },
    /// a player who can neither draw nor play caves up to 2 hand cards and draws as many
    CaveAndRedraw {
        p: u8,
        caved: Option<u32>,
    },
    Effect {
        p: u8,
        card: u16,
        eff: Eff,
    },
    ResolvePlays {
        p: u8,
        card: u16,
        plays: Vec<(u16, Vec<Step>)>,
    },
}

/// The cards paid so far for a placement, in the increasing order a payment asks them,
/// inline: no half costs more than [`Paid::MAX`] cards (the ruleset's parse checks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paid {
    cards: [u16; Paid::MAX],
    len: u8,
}

impl Paid {
    /// The most cards a payment holds.
    pub const MAX: usize = 6;

    /// One more card paid.
    pub fn push(&mut self, card: u16) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }
}

impl std::ops::Deref for Paid {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        &self.cards[..self.len as usize]
    }
}

impl std::ops::DerefMut for Paid {
    fn deref_mut(&mut self) -> &mut [u16] {
        &mut self.cards[..self.len as usize]
    }
}

// a step is moved on every action: it stays small
const _: () = assert!(std::mem::size_of::<Step>() <= 32);
// the types the steps that hold nothing are made of besides numbers: nothing to free either
const _: () = assert!(!std::mem::needs_drop::<Filter>() && !std::mem::needs_drop::<Paid>());

impl Step {
    /// Whether the step holds allocations: an effect's or deferred plays' data. The others
    /// hold only numbers, cards and filters, nothing to free (every kind is named: a new one
    /// says which it is).
    #[inline(always)]
    fn holds(&self) -> bool {
        match self {
            Step::Effect { .. } | Step::ResolvePlays { .. } => true,
            Step::Deal
            | Step::Mulligan(_)
            | Step::Turn(_)
            | Step::EndTurn
            | Step::DrawMore { .. }
            | Step::Place { .. }
            | Step::Pay { .. }
            | Step::Offer { .. }
            | Step::Trigger { .. }
            | Step::Reveal(_)
            | Step::UpgradeSite { .. }
            | Step::CaveAndRedraw { .. } => false,
        }
    }

    /// The step made `step`, the old one dropped as [`discard_last`] drops it: its kind read
    /// in place, so that one that holds nothing is overwritten without being moved out.
    #[inline(always)]
    pub(crate) fn replace_with(&mut self, step: Step) {
        if self.holds() {
            drop_held(std::mem::replace(self, step));
        } else {
            std::mem::forget(std::mem::replace(self, step));
        }
    }

    /// The step, one that holds nothing (its kind known where this is called), made `step`:
    /// written over, with no look at its kind.
    #[inline(always)]
    pub(crate) fn overwrite_plain(&mut self, step: Step) {
        debug_assert!(!self.holds(), "a step that holds allocations, overwritten");
        std::mem::forget(std::mem::replace(self, step));
    }
}

/// Drop the last step of `queue` if there is one: one that holds nothing at no cost (its
/// kind read in place, then forgotten: there is nothing to free, and the step is not moved
/// out), the others out of line, off the common path.
#[inline(always)]
pub(crate) fn discard_last(queue: &mut Vec<Step>) {
    match queue.last() {
        Some(head) if head.holds() => queue.pop().into_iter().for_each(drop_held),
        Some(_) => std::mem::forget(queue.pop()),
        None => {}
    }
}

/// Drop the last step of `queue`, one that holds nothing (its kind known where this is
/// called): popped with no look at its kind.
#[inline(always)]
pub(crate) fn discard_plain_last(queue: &mut Vec<Step>) {
    debug_assert!(queue.last().is_some_and(|s| !s.holds()), "a step that holds allocations, discarded");
    std::mem::forget(queue.pop());
}

/// Drop a step that holds allocations.
#[inline(never)]
fn drop_held(s: Step) {
    drop(s);
}

/// A `play_further` effect's progress (boxed: it is rare, and large).
#[derive(Clone, Debug, Default)]
pub struct Further {
    /// the hand cards it lets the player play, once asked
    pub eligible: Option<Vec<u16>>,
    /// the cards played so far, each with the steps that wait until the player stops
    pub deferred: Vec<(u16, Vec<Step>)>,
}

/// An effect step with its progress.
#[derive(Clone, Debug)]
pub enum Eff {
    Draw(u32),
    DrawPer {
        count: u32,
        per: u32,
    },
    ExtraTurn,
    FreePlay {
        filter: Filter,
        any_number: bool,
        activates: bool,
    },
    CaveFromHand {
        caved: u32,
    },
    ClearingToCave,
    PlayFurther(Box<Further>),
    CaveFromClearing {
        n: u32,
        caved: u32,
        exactly: bool,
    },
    TakeFromClearing {
        n: u32,
        taken: u32,
    },
    ClearingToCaveMatching(Filter),
    ExtraTurnIf {
        count: u32,
        n: i32,
    },
    TakeAllFromClearing(Filter),
    RemoveClearing,
    FreePlayOneOf(Arc<Vec<Filter>>),
    /// the saplings planted so far, their reveals and triggers still to come
    PlaySaplings(Box<[u16]>),
    PlayFaceDown(u16),
    PlayFromClearing {
        filter: Filter,
        reveal: u32,
        revealed: u32,
    },
    DrawThenCave {
        draw: u32,
        cave: u32,
        drawn: Option<Arc<Vec<u16>>>,
    },
    CaveFromClearingPer {
        count: u32,
        left: Option<i32>,
    },
}

impl Eff {
    pub(crate) fn of(e: &Effect) -> Eff {
        match e {
            Effect::Draw(n) => Eff::Draw(*n),
            Effect::DrawPer { count, per } => Eff::DrawPer { count: *count, per: *per },
            Effect::ExtraTurn => Eff::ExtraTurn,
            Effect::FreePlay { filter, any_number, activates } => {
                Eff::FreePlay { filter: *filter, any_number: *any_number, activates: *activates }
            }
            Effect::CaveFromHandThenDraw => Eff::CaveFromHand { caved: 0 },
            Effect::ClearingToCave => Eff::ClearingToCave,
            Effect::PlayFurther => Eff::PlayFurther(Box::default()),
            Effect::CaveFromClearing { n, exactly } => {
                Eff::CaveFromClearing { n: *n, caved: 0, exactly: *exactly }
            }
            Effect::TakeFromClearing(n) => Eff::TakeFromClearing { n: *n, taken: 0 },
            Effect::ClearingToCaveMatching(f) => Eff::ClearingToCaveMatching(*f),
            Effect::ExtraTurnIf { count, n } => Eff::ExtraTurnIf { count: *count, n: *n },
            Effect::TakeAllFromClearing(f) => Eff::TakeAllFromClearing(*f),
            Effect::RemoveClearing => Eff::RemoveClearing,
            Effect::FreePlayOneOf(fs) => Eff::FreePlayOneOf(Arc::new(fs.clone())),
            Effect::PlaySaplings => Eff::PlaySaplings(Box::default()),
            Effect::PlayFaceDown(k) => Eff::PlayFaceDown(*k),
            Effect::PlayFromClearing { filter, reveal } => {
                Eff::PlayFromClearing { filter: *filter, reveal: *reveal, revealed: 0 }
            }
            Effect::DrawThenCave { draw, cave } => {
                Eff::DrawThenCave { draw: *draw, cave: *cave, drawn: None }
            }
            Effect::CaveFromClearingPer(count) => Eff::CaveFromClearingPer { count: *count, left: None },
        }
    }
}
