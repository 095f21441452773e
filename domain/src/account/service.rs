//! Account use cases: sign-up, sign-in (local, Google, super admin) and the super admin's
//! password. The people administration is in `people.rs`, what a person does with their
//! own account in `self_service.rs` (a forgotten password in `password_reset.rs`), and
//! leaving in `leaving.rs`. Sign-up is in `registration.rs`, signing in in `sign_in.rs`,
//! the super admin's password in `admin_password.rs`.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::ports::AccountDataSource;
use crate::StoreError;
use crate::api_token::ApiTokenWork;
use crate::clock::Clock;
use crate::mail::{Mailer, OutgoingMail, SiteIdentity};
use crate::session::{SessionRepository, SessionWork};
use crate::story::StoryWork;
use crate::user::lockout::SignInFailures;
use crate::user::tokens::{AccountTokenRepository, TokenMinter, TokenPurpose};
use crate::user::{
    AdminCredentialRepository, PasswordHasher, User, UserId, UserRepository, UserWork,
};
use crate::work::UnitOfWork;

/// The one answer to any wrong e-mail/password pair, so accounts cannot be enumerated.
pub const WRONG_CREDENTIALS: &str = "Invalid email or password";
/// The admin sign-in's answer to any wrong username/password pair.
pub const WRONG_ADMIN_CREDENTIALS: &str = "Invalid credentials";

/// What the account actions write: people and their tokens, sessions, the activity log
/// and mail, and, when a person leaves, their stories, pictures and API tokens.
pub trait AccountWork: UserWork + SessionWork + StoryWork + ApiTokenWork {}

/// What the account use cases work with.
#[derive(Clone)]
pub struct AccountPorts {
    pub users: Arc<dyn UserRepository>,
    pub credentials: Arc<dyn AdminCredentialRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn AccountTokenRepository>,
    pub minter: Arc<dyn TokenMinter>,
    pub failures: Arc<dyn SignInFailures>,
    pub sessions: Arc<dyn SessionRepository>,
    pub data: Arc<dyn AccountDataSource>,
    pub clock: Arc<dyn Clock>,
    pub site: SiteIdentity,
    /// People actions (a role change and its mail and log entry) run in one.
    pub work: Arc<dyn UnitOfWork<dyn AccountWork>>,
    /// Counts the reset requests per address
    /// ([`super::password_reset::reset_mail_limits`]).
    pub reset_mails: crate::rate_limit::RateLimits,
}

/// Account use cases on top of the ports.
#[derive(Clone)]
pub struct AccountService {
    pub(super) p: AccountPorts,
    /// The accounts whose password is being checked again now (one at a time each).
    pub(super) checks: super::checks::ChecksRunning,
}

impl AccountService {
    pub fn new(ports: AccountPorts) -> Self {
        Self {
            p: ports,
            checks: super::checks::ChecksRunning::default(),
        }
    }

    pub(super) fn now(&self) -> DateTime<Utc> {
        self.p.clock.now()
    }

    /// Mints a one-time token for `user`, stores its hash through `tokens` (a unit of
    /// work's, so that the token and the mail carrying it are written together) and answers
    /// the link to mail.
    pub(super) async fn one_time_link(
        &self,
        tokens: &dyn AccountTokenRepository,
        user: &UserId,
        purpose: TokenPurpose,
    ) -> Result<String, StoreError> {
        let token = self.p.minter.mint();
        tokens
            .issue(user, purpose, &token.hash, self.now() + purpose.lifetime())
            .await?;
        Ok(format!(
            "{}{}?token={}",
            self.p.site.public_url,
            purpose.path(),
            token.secret
        ))
    }

    /// Mails `user` through `mailer` (a unit of work's): a greeting, `text`, and the site's
    /// sign-off.
    pub(super) async fn mail_person_via(
        &self,
        mailer: &dyn Mailer,
        user: &User,
        subject: String,
        text: String,
    ) -> Result<(), StoreError> {
        mailer
            .send(OutgoingMail {
                to: user.email.clone(),
                subject,
                body: format!(
                    "Hello {},\n\n{text}\n\nGrace and peace,\nThe {} team\n",
                    user.display_name(),
                    self.p.site.name
                ),
                html: None,
                unsubscribe: None,
            })
            .await
    }

    /// The account behind a session, if it still exists.
    ///
    /// # Errors
    /// The store's error.
    pub async fn find(&self, id: &UserId) -> Result<Option<User>, StoreError> {
        self.p.users.find(id).await
    }
}
