//! In-memory fakes of the ports, for unit tests here and (feature `testing`) in other crates.
//!
//! Each fake keeps its rows behind a std `Mutex` and behaves like the real adapter where a
//! test could notice: unique values conflict, lists keep the documented order, visitors'
//! lists hold only public stories. Timestamps count up from [`t0`], one second per stored
//! row, so tests are deterministic. Sample values ([`new_user`], [`new_story`]) keep test
//! setup short.

mod accounts;
mod api_tokens;
mod archive;
mod consents;
mod help;
mod infra;
mod mail;
mod media;
mod schedules;
mod social;
mod stories;
mod story_service;
mod subscriber_admin;
mod subscriptions;
mod users;
mod work;

#[cfg(test)]
mod tests;

use async_trait::async_trait;
use chrono::{DateTime, Duration, TimeZone, Utc};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

pub use accounts::{
    AccountFakes, InMemoryAccountTokens, InMemorySignInFailures, NoAccountData,
    SequentialTokenMinter, account_service,
};
pub use api_tokens::InMemoryApiTokenRepository;
pub use consents::InMemoryConsentRepository;
pub use help::InMemoryHelpMessageRepository;
pub use infra::{FakeIdentityProvider, InMemoryHitCounter, InMemorySessionRepository};
pub use mail::{InMemoryMailQueue, QueuedMailRow, ScriptedMailTransport};
pub use media::{FakeImageProcessor, InMemoryMediaRepository, InMemoryMediaStore};
pub use schedules::{InMemoryScheduleRepository, ScheduleFakes};
pub use social::{
    InMemorySocialPostRepository, ScriptedSocialPublisher, SocialDeletionRow, SocialPostRow,
};
pub use stories::{InMemoryCategoryRepository, InMemoryCommentRepository, InMemoryStoryRepository};
#[cfg(test)]
pub(crate) use story_service::story_form;
pub use story_service::{StoryFakes, StripScriptSanitizer, story_service};
pub use subscriber_admin::{InMemorySubscriberAdmin, ScriptedReportParser};
pub use subscriptions::{InMemoryDigestBatches, InMemorySubscriptions, KeyedSigner};
pub use users::{InMemoryAdminCredentialRepository, InMemoryUserRepository};
pub use work::{EmptyOutbox, FakeUnitOfWork, InMemoryAuditLog, WorkParts};

use crate::StoreError;
use crate::account::registration::Registration;
use crate::clock::Clock;
use crate::comment::NewComment;
use crate::mail::{Mailer, OutgoingMail};
use crate::story::{NewStory, StoryFields, StoryId, StoryStatus};
use crate::user::{AuthProvider, HashError, NewUser, PasswordHasher, Role, UserId};
use crate::validation::{CommentAuthorEmail, CommentAuthorName, CommentContent};

/// The instant the fakes' clocks start at: 2024-03-05 12:00:00 UTC.
pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 3, 5, 12, 0, 0)
        .single()
        .unwrap_or(DateTime::UNIX_EPOCH)
}

/// `n` seconds after [`t0`]: the timestamp of the n-th row a fake stores.
pub(crate) fn tick(n: u64) -> DateTime<Utc> {
    t0() + Duration::seconds(i64::try_from(n).unwrap_or(i64::MAX / 2))
}

/// Locks a fake's rows, ignoring poisoning (a panicking test must not hide others' results).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A clock that says what the test tells it.
#[derive(Debug)]
pub struct FixedClock(Mutex<DateTime<Utc>>);

impl FixedClock {
    pub fn new(now: DateTime<Utc>) -> Self {
        Self(Mutex::new(now))
    }
    pub fn set(&self, now: DateTime<Utc>) {
        *lock(&self.0) = now;
    }
    pub fn advance(&self, by: Duration) {
        *lock(&self.0) += by;
    }
}

impl Default for FixedClock {
    fn default() -> Self {
        Self::new(t0())
    }
}

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        *lock(&self.0)
    }
}

/// User ids `00000000-0000-4000-8000-000000000001`, `...002`, ...
#[derive(Debug, Default)]
pub struct SequentialIds(AtomicU64);

impl SequentialIds {
    /// The id the n-th call returns (from 1).
    pub fn nth(n: u64) -> UserId {
        UserId::new(format!("00000000-0000-4000-8000-{n:012}"))
    }
}

impl SequentialIds {
    /// The next id.
    pub fn next_id(&self) -> UserId {
        Self::nth(self.0.fetch_add(1, Ordering::Relaxed) + 1)
    }
}

/// "Hashes" as `fake-hash:{password}`; counts verifications, including the dummy ones made
/// for unknown accounts (`hash = None`).
#[derive(Debug, Default)]
pub struct FakePasswordHasher {
    verifications: AtomicU64,
}

impl FakePasswordHasher {
    pub fn hash_of(password: &str) -> String {
        format!("fake-hash:{password}")
    }
    /// How many times `verify` ran.
    pub fn verifications(&self) -> u64 {
        self.verifications.load(Ordering::Relaxed)
    }
}

#[async_trait]
impl PasswordHasher for FakePasswordHasher {
    async fn hash(&self, password: &str) -> Result<String, HashError> {
        Ok(Self::hash_of(password))
    }
    async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, HashError> {
        self.verifications.fetch_add(1, Ordering::Relaxed);
        Ok(hash == Some(Self::hash_of(password).as_str()))
    }
}

/// Keeps every mail it is asked to send; can be told to fail as an unreachable server would.
#[derive(Debug, Default)]
pub struct RecordingMailer {
    sent: Mutex<Vec<OutgoingMail>>,
    failing: Mutex<bool>,
}

impl RecordingMailer {
    /// Every mail sent so far, in order.
    pub fn sent(&self) -> Vec<OutgoingMail> {
        lock(&self.sent).clone()
    }
    /// From now on, `send` fails with [`StoreError::Unavailable`] (or works again).
    pub fn set_failing(&self, failing: bool) {
        *lock(&self.failing) = failing;
    }
}

#[async_trait]
impl Mailer for RecordingMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), StoreError> {
        if *lock(&self.failing) {
            return Err(StoreError::Unavailable(anyhow::anyhow!(
                "mail server unreachable (fake)"
            )));
        }
        lock(&self.sent).push(mail);
        Ok(())
    }
}

/// A local account with this e-mail (its local part as username and first name), role and
/// approval, password `password123` (as the fake hasher hashes it). The one new-account
/// record of the tests: the domain's, the adapters' repository tests and the HTTP tests'
/// helpers take it and change a field with struct update syntax
/// (`NewUser { email_verified: true, ..new_user(email, role, true) }`).
pub fn new_user(email: &str, role: Role, is_approved: bool) -> NewUser {
    let name = email.split('@').next().unwrap_or(email).to_owned();
    NewUser {
        email: email.to_owned(),
        username: Some(name.clone()),
        password_hash: Some(FakePasswordHasher::hash_of("password123")),
        first_name: Some(name),
        last_name: Some("Tester".to_owned()),
        profile_image_url: None,
        google_id: None,
        auth_provider: AuthProvider::Local,
        role,
        is_approved,
        email_verified: false,
    }
}

/// A sign-up form for `email` (its local part as username), password `first password`, for
/// Ruth Moab. Tests change a field with struct update syntax
/// (`Registration { username: "r".into(), ..sign_up_form(email) }`).
///
/// # Panics
/// Never: `split` yields at least one part.
#[allow(clippy::unwrap_used)]
pub fn sign_up_form(email: &str) -> Registration {
    Registration {
        email: email.to_owned(),
        username: email.split('@').next().unwrap().to_owned(),
        password: "first password".to_owned(),
        first_name: "Ruth".to_owned(),
        last_name: "Moab".to_owned(),
    }
}

/// The token of the one-time link in a mail's `body` (`...?token=<token> ...`).
///
/// # Panics
/// When the body holds no such link: the test's mail is not the one it expected.
#[allow(clippy::unwrap_used)]
pub fn link_token(body: &str) -> String {
    body.split("?token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

/// A comment on `story` as a visitor's form would give it.
///
/// # Panics
/// When a value breaks the comment rules: a test's own mistake.
#[allow(clippy::expect_used)]
pub fn new_comment(story: StoryId, name: &str, email: Option<&str>, content: &str) -> NewComment {
    NewComment {
        story_id: story,
        author_name: CommentAuthorName::parse(name).expect("a valid name"),
        author_email: CommentAuthorEmail::parse(email).expect("a valid e-mail"),
        content: CommentContent::parse(content).expect("a valid comment"),
    }
}

/// A text story by `author` in "Testimonies" with this title and status; an approved one is
/// published at [`t0`]. Its passages are those its title cites (Protestant canon).
pub fn new_story(author: &UserId, title: &str, status: StoryStatus) -> NewStory {
    let live = status == StoryStatus::Approved;
    let scripture = crate::scripture::ScriptureParser::new(crate::scripture::Canon::Protestant);
    NewStory {
        passages: scripture.passages([title]),
        fields: StoryFields {
            title: title.to_owned(),
            content: format!("<p>{title}: the whole story.</p>"),
            source: format!("{title}: the whole story."),
            excerpt: Some(format!("About {title}")),
            video_url: None,
            thumbnail_url: None,
            category: "Testimonies".to_owned(),
        },
        author_id: author.clone(),
        status,
        is_published: live,
        published_at: live.then(t0),
        approved_by: None,
        approved_at: live.then(t0),
        privacy: crate::story::Privacy::default(),
    }
}
