//! The unit of work: the writes of one action happen together or not at all.
//!
//! A service that changes several things (approving a story closes its revision, updates
//! the story, records the author's mail and appends to the activity log) opens a work,
//! makes every write through the repositories it hands out, and commits. A work dropped
//! without [`Commit::commit`] (an error on the way, a panic, a cancelled request) leaves
//! nothing behind. Reads that decide what to do may go through the services' ordinary
//! ports; every write between `begin` and `commit` goes through the work.
//!
//! This module knows no repository. Each aggregate says which repositories its actions
//! write through, as a trait of its own beside its ports (`story::StoryWork`,
//! `comment::CommentWork`, ...), built from the smaller ones of the aggregates it writes
//! into (`audit::AuditWork`, `mail::MailWork`); its services open a
//! `UnitOfWork<dyn StoryWork>`. The adapters' one database transaction is every such work at
//! once (`adapters/src/work.rs`, for the list in `every_work!` at the crate's root), so
//! which repositories one action may touch is written beside the action, and no aggregate
//! depends on the others through this module.

use async_trait::async_trait;

use crate::StoreError;

/// Opens units of work that hand out the repositories of `W` (one aggregate's work trait).
#[async_trait]
pub trait UnitOfWork<W: ?Sized + Send>: Send + Sync {
    /// Starts one (a database transaction in the adapters).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn begin(&self) -> Result<Box<W>, StoreError>;
}

/// An open unit of work: every aggregate's work trait builds on this one.
#[async_trait]
pub trait Commit: Send + Sync {
    /// Makes every write of this work visible at once.
    ///
    /// # Errors
    /// The store's error; then nothing of the work remains.
    async fn commit(self: Box<Self>) -> Result<(), StoreError>;
}
