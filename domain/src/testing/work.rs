//! Fakes of the unit of work and the activity log.
//!
//! The fake work hands out the same in-memory repositories the services read from, so a
//! write is visible at once; what it proves is that a service commits exactly when every
//! step succeeded ([`FakeUnitOfWork::commits`]). That a failed step leaves nothing behind
//! is the real adapters' promise, tested on both database engines.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use async_trait::async_trait;

use super::{
    InMemoryAdminCredentialRepository, InMemoryCommentRepository, InMemoryHelpMessageRepository,
    InMemorySessionRepository, InMemorySignInFailures, InMemorySocialPostRepository,
    InMemoryStoryRepository, InMemoryUserRepository, RecordingMailer, lock,
};
use crate::StoreError;
use crate::account::AccountWork;
use crate::api_token::{ApiTokenRepository, ApiTokenWork};
use crate::audit::{AuditEntry, AuditFilter, AuditLog, AuditWork, NewAuditEntry, TargetKind};
use crate::comment::{CommentRepository, CommentWork};
use crate::consent::{WithdrawalWork, Withdrawals};
use crate::help::{HelpMessageRepository, HelpWork};
use crate::mail::{DeliveryState, MailOutbox, MailWork, Mailer, OutboxEntry};
use crate::paging::Page;
use crate::session::{SessionRepository, SessionWork};
use crate::social::{SocialPostRepository, SocialWork};
use crate::story::consent::{ConsentRecordWork, ConsentRepository};
use crate::story::{PictureUses, StoryRepository, StoryWork};
use crate::user::lockout::SignInFailures;
use crate::user::ports::{AdminCredentialRepository, SubscriptionsOfAccount};
use crate::user::tokens::AccountTokenRepository;
use crate::user::{UserId, UserRepository, UserWork};
use crate::work::{Commit, UnitOfWork};

/// An activity log in memory that can be told to fail (to test what a failed last step
/// does).
#[derive(Debug, Default)]
pub struct InMemoryAuditLog {
    entries: std::sync::Mutex<Vec<AuditEntry>>,
    failing: AtomicBool,
}

impl InMemoryAuditLog {
    pub fn new() -> Self {
        Self::default()
    }
    /// Every entry, oldest first.
    pub fn entries(&self) -> Vec<NewAuditEntry> {
        lock(&self.entries)
            .iter()
            .map(|e| e.entry.clone())
            .collect()
    }
    /// From now on, `record` fails (or works again).
    pub fn set_failing(&self, failing: bool) {
        self.failing.store(failing, Ordering::SeqCst);
    }
}

#[async_trait]
impl AuditLog for InMemoryAuditLog {
    async fn record(&self, entries: &[NewAuditEntry]) -> Result<(), StoreError> {
        if self.failing.load(Ordering::SeqCst) {
            return Err(StoreError::Unknown(anyhow::anyhow!(
                "the activity log is not writable (fake)"
            )));
        }
        let mut all = lock(&self.entries);
        for entry in entries {
            let id = i64::try_from(all.len()).unwrap_or(i64::MAX) + 1;
            all.push(AuditEntry {
                id,
                entry: entry.clone(),
            });
        }
        Ok(())
    }

    async fn forget_person(&self, person: &UserId, shown_as: &str) -> Result<(), StoreError> {
        for e in lock(&self.entries).iter_mut() {
            if &e.entry.actor_id == person {
                e.entry.actor_name = shown_as.to_owned();
            }
            if e.entry.action.target_kind() == TargetKind::Person
                && e.entry.target_id == person.as_str()
            {
                e.entry.target_label = None;
            }
        }
        Ok(())
    }

    async fn page(
        &self,
        filter: &AuditFilter,
        limit: u64,
        offset: u64,
    ) -> Result<Page<AuditEntry>, StoreError> {
        let chosen: Vec<AuditEntry> = lock(&self.entries)
            .iter()
            .rev()
            .filter(|e| filter.actor.as_ref().is_none_or(|a| &e.entry.actor_id == a))
            .filter(|e| filter.action.is_none_or(|a| e.entry.action == a))
            .cloned()
            .collect();
        Ok(Page {
            total: chosen.len() as u64,
            items: chosen
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(usize::try_from(limit).unwrap_or(usize::MAX))
                .collect(),
        })
    }
}

/// An outbox with nothing in it (for services whose tests never read the outbox).
#[derive(Debug, Default)]
pub struct EmptyOutbox;

#[async_trait]
impl MailOutbox for EmptyOutbox {
    async fn page(
        &self,
        _state: Option<DeliveryState>,
        _limit: u64,
        _offset: u64,
    ) -> Result<Page<OutboxEntry>, StoreError> {
        Ok(Page {
            items: Vec::new(),
            total: 0,
        })
    }
    async fn retry(&self, _id: i64) -> Result<Option<OutboxEntry>, StoreError> {
        Ok(None)
    }
    async fn exists(&self, _id: i64) -> Result<bool, StoreError> {
        Ok(false)
    }
}

/// The repositories a fake work hands out. Start from [`WorkParts::new`] (fresh fakes) and
/// replace the ones a test shares with its services.
#[derive(Clone)]
pub struct WorkParts {
    pub stories: Arc<dyn StoryRepository>,
    pub pictures: Arc<dyn PictureUses>,
    pub users: Arc<dyn UserRepository>,
    pub tokens: Arc<dyn AccountTokenRepository>,
    pub sessions: Arc<dyn SessionRepository>,
    pub sign_in_failures: Arc<dyn SignInFailures>,
    pub admin_credentials: Arc<dyn AdminCredentialRepository>,
    pub comments: Arc<dyn CommentRepository>,
    pub help: Arc<dyn HelpMessageRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub outbox: Arc<dyn MailOutbox>,
    pub social: Arc<dyn SocialPostRepository>,
    pub audit: Arc<InMemoryAuditLog>,
    pub api_tokens: Arc<dyn ApiTokenRepository>,
    pub consents: Arc<super::InMemoryConsentRepository>,
    pub subscriptions: Arc<dyn SubscriptionsOfAccount>,
}

impl WorkParts {
    pub fn new() -> Self {
        let users = Arc::new(InMemoryUserRepository::new());
        Self {
            stories: Arc::new(InMemoryStoryRepository::new(users.clone())),
            pictures: Arc::new(super::InMemoryMediaRepository::default()),
            admin_credentials: Arc::new(InMemoryAdminCredentialRepository::new(users.clone())),
            users,
            tokens: Arc::new(super::InMemoryAccountTokens::default()),
            sessions: Arc::new(InMemorySessionRepository::new()),
            sign_in_failures: Arc::new(InMemorySignInFailures::default()),
            comments: Arc::new(InMemoryCommentRepository::new()),
            help: Arc::new(InMemoryHelpMessageRepository::new()),
            mailer: Arc::new(RecordingMailer::default()),
            outbox: Arc::new(EmptyOutbox),
            social: Arc::new(InMemorySocialPostRepository::new()),
            audit: Arc::new(InMemoryAuditLog::new()),
            api_tokens: Arc::new(super::InMemoryApiTokenRepository::new()),
            consents: Arc::new(super::InMemoryConsentRepository::default()),
            subscriptions: Arc::new(super::InMemorySubscriptions::new()),
        }
    }
}

impl Default for WorkParts {
    fn default() -> Self {
        Self::new()
    }
}

/// A unit of work over in-memory fakes that counts its commits.
pub struct FakeUnitOfWork {
    parts: WorkParts,
    commits: Arc<AtomicU64>,
}

impl FakeUnitOfWork {
    pub fn new(parts: WorkParts) -> Self {
        Self {
            parts,
            commits: Arc::new(AtomicU64::new(0)),
        }
    }
    /// How many works were committed.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::SeqCst)
    }
    /// The activity log the works append to.
    pub fn audit(&self) -> Arc<InMemoryAuditLog> {
        self.parts.audit.clone()
    }
}

impl std::fmt::Debug for FakeUnitOfWork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeUnitOfWork")
            .field("commits", &self.commits())
            .finish_non_exhaustive()
    }
}

/// Begins a fake work seen as each aggregate's work trait.
macro_rules! begins {
    ($($view:path),* $(,)?) => {$(
        #[async_trait]
        impl UnitOfWork<dyn $view> for FakeUnitOfWork {
            async fn begin(&self) -> Result<Box<dyn $view>, StoreError> {
                Ok(Box::new(self.open()))
            }
        }
    )*};
}

crate::every_work!(begins);

impl FakeUnitOfWork {
    fn open(&self) -> FakeWork {
        FakeWork {
            parts: self.parts.clone(),
            commits: self.commits.clone(),
        }
    }
}

struct FakeWork {
    parts: WorkParts,
    commits: Arc<AtomicU64>,
}

#[async_trait]
impl Commit for FakeWork {
    async fn commit(self: Box<Self>) -> Result<(), StoreError> {
        self.commits.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

impl AuditWork for FakeWork {
    fn audit(&self) -> &dyn AuditLog {
        self.parts.audit.as_ref()
    }
}

impl MailWork for FakeWork {
    fn mailer(&self) -> &dyn Mailer {
        self.parts.mailer.as_ref()
    }
    fn outbox(&self) -> &dyn MailOutbox {
        self.parts.outbox.as_ref()
    }
}

impl StoryWork for FakeWork {
    fn stories(&self) -> &dyn StoryRepository {
        self.parts.stories.as_ref()
    }
    fn pictures(&self) -> &dyn PictureUses {
        self.parts.pictures.as_ref()
    }
}

impl ConsentRecordWork for FakeWork {
    fn consents(&self) -> &dyn ConsentRepository {
        self.parts.consents.as_ref()
    }
}

impl UserWork for FakeWork {
    fn users(&self) -> &dyn UserRepository {
        self.parts.users.as_ref()
    }
    fn tokens(&self) -> &dyn AccountTokenRepository {
        self.parts.tokens.as_ref()
    }
    fn sign_in_failures(&self) -> &dyn SignInFailures {
        self.parts.sign_in_failures.as_ref()
    }
    fn admin_credentials(&self) -> &dyn AdminCredentialRepository {
        self.parts.admin_credentials.as_ref()
    }
    fn account_subscriptions(&self) -> &dyn SubscriptionsOfAccount {
        self.parts.subscriptions.as_ref()
    }
}

impl SessionWork for FakeWork {
    fn sessions(&self) -> &dyn SessionRepository {
        self.parts.sessions.as_ref()
    }
}

impl CommentWork for FakeWork {
    fn comments(&self) -> &dyn CommentRepository {
        self.parts.comments.as_ref()
    }
}

impl HelpWork for FakeWork {
    fn help(&self) -> &dyn HelpMessageRepository {
        self.parts.help.as_ref()
    }
}

impl SocialWork for FakeWork {
    fn social(&self) -> &dyn SocialPostRepository {
        self.parts.social.as_ref()
    }
}

impl ApiTokenWork for FakeWork {
    fn api_tokens(&self) -> &dyn ApiTokenRepository {
        self.parts.api_tokens.as_ref()
    }
}

impl WithdrawalWork for FakeWork {
    fn withdrawals(&self) -> &dyn Withdrawals {
        self.parts.consents.as_ref()
    }
}
impl AccountWork for FakeWork {}
