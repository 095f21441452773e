//! The unit of work: the writes of one action happen together or not at all.
//!
//! A service that changes several things (approving a story closes its revision, updates
//! the story, records the author's mail and appends to the activity log) opens a [`Work`],
//! makes every write through the repositories it hands out, and commits. A `Work` dropped
//! without [`Work::commit`] (an error on the way, a panic, a cancelled request) leaves
//! nothing behind. Reads that decide what to do may go through the services' ordinary
//! ports; every write between `begin` and `commit` goes through the `Work`.

use async_trait::async_trait;

use crate::StoreError;
use crate::api_token::ApiTokenRepository;
use crate::audit::{AuditLog, NewAuditEntry};
use crate::comment::CommentRepository;
use crate::consent::ConsentRepository;
use crate::help::HelpMessageRepository;
use crate::mail::{MailOutbox, Mailer};
use crate::session::SessionRepository;
use crate::social::SocialPostRepository;
use crate::story::{PictureUses, StoryRepository};
use crate::user::UserRepository;
use crate::user::lockout::SignInFailures;
use crate::user::ports::{AdminCredentialRepository, SubscriptionsOfAccount};
use crate::user::tokens::AccountTokenRepository;

/// Opens units of work.
#[async_trait]
pub trait UnitOfWork: Send + Sync {
    /// Starts one (a database transaction in the adapters).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn begin(&self) -> Result<Box<dyn Work>, StoreError>;
}

/// An open unit of work and the repositories whose writes belong to it.
#[async_trait]
pub trait Work: Send + Sync {
    fn stories(&self) -> &dyn StoryRepository;
    /// Which pictures stories use, recorded with every write of a story's text
    /// (`crate::story::pictures`).
    fn pictures(&self) -> &dyn PictureUses;
    fn users(&self) -> &dyn UserRepository;
    /// One-time tokens (e-mail verification, password reset), issued with the mail that
    /// carries them.
    fn tokens(&self) -> &dyn AccountTokenRepository;
    /// Signed-in sessions, ended in the same work as the password change, reset or
    /// suspension that ends them.
    fn sessions(&self) -> &dyn SessionRepository;
    /// Failed sign-ins and the lock, lifted in the same work as a password reset.
    fn sign_in_failures(&self) -> &dyn SignInFailures;
    /// The super admin's credentials (`/admin-login`).
    fn admin_credentials(&self) -> &dyn AdminCredentialRepository;
    fn comments(&self) -> &dyn CommentRepository;
    fn help(&self) -> &dyn HelpMessageRepository;
    /// Records mail in the outbox; the delivery worker sees it once the work commits.
    fn mailer(&self) -> &dyn Mailer;
    fn outbox(&self) -> &dyn MailOutbox;
    fn social(&self) -> &dyn SocialPostRepository;
    fn audit(&self) -> &dyn AuditLog;
    /// Personal API tokens, made with their activity-log entry and their owner's notice.
    fn api_tokens(&self) -> &dyn ApiTokenRepository;
    /// Consent records, kept with the story change they go with.
    fn consents(&self) -> &dyn ConsentRepository;
    /// A person's subscriptions, deleted in the same work as their account.
    fn account_subscriptions(&self) -> &dyn SubscriptionsOfAccount;

    /// Makes every write of this work visible at once.
    ///
    /// # Errors
    /// The store's error; then nothing of the work remains.
    async fn commit(self: Box<Self>) -> Result<(), StoreError>;
}

/// Appends one activity-log entry and commits: the common last two steps of an action.
///
/// # Errors
/// The store's error; then nothing of the work remains.
pub async fn log_and_commit(work: Box<dyn Work>, entry: NewAuditEntry) -> Result<(), StoreError> {
    work.audit().record(std::slice::from_ref(&entry)).await?;
    work.commit().await
}
