//! The unit of work over one database transaction.

use std::sync::Arc;

use async_trait::async_trait;
use domain::StoreError;
use domain::account::AccountWork;
use domain::api_token::{ApiTokenRepository, ApiTokenWork};
use domain::audit::{AuditLog, AuditWork};
use domain::clock::Clock;
use domain::comment::{CommentRepository, CommentWork};
use domain::consent::{WithdrawalWork, Withdrawals};
use domain::help::{HelpMessageRepository, HelpWork};
use domain::mail::{MailOutbox, MailWork, Mailer};
use domain::session::{SessionRepository, SessionWork};
use domain::social::{SocialPostRepository, SocialWork};
use domain::story::consent::{ConsentRecordWork, ConsentRepository};
use domain::story::{PictureUses, StoryRepository, StoryWork};
use domain::user::lockout::SignInFailures;
use domain::user::ports::{AdminCredentialRepository, SubscriptionsOfAccount};
use domain::user::tokens::AccountTokenRepository;
use domain::user::{UserRepository, UserWork};
use domain::work::{Commit, UnitOfWork};
use sea_orm::{DatabaseConnection, DatabaseTransaction};

use crate::db::{Db, store_err};
use crate::repo::admin::SeaOrmAdminCredentialRepository;
use crate::repo::api_tokens::SeaOrmApiTokenRepository;
use crate::repo::audit::SeaOrmAuditLog;
use crate::repo::comments::SeaOrmCommentRepository;
use crate::repo::consents::SeaOrmConsentRepository;
use crate::repo::help::SeaOrmHelpMessageRepository;
use crate::repo::mail::outbox::SeaOrmMailOutbox;
use crate::repo::mail::writing::OutboxMailer;
use crate::repo::media::uses::SeaOrmPictureUses;
use crate::repo::sessions::SeaOrmSessionRepository;
use crate::repo::sign_in_failures::SeaOrmSignInFailures;
use crate::repo::social::SeaOrmSocialPostRepository;
use crate::repo::stories::SeaOrmStoryRepository;
use crate::repo::subscriptions::SeaOrmSubscriptionRepository;
use crate::repo::tokens::SeaOrmAccountTokenRepository;
use crate::repo::users::SeaOrmUserRepository;

/// Opens units of work on the database; the delivery workers are woken once one commits.
pub struct SeaOrmUnitOfWork {
    db: DatabaseConnection,
    /// Gives the work's repositories its clock.
    stamp: Db,
    wakeups: Vec<Arc<tokio::sync::Notify>>,
}

impl SeaOrmUnitOfWork {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            stamp: Db::from(db.clone()),
            db,
            wakeups: Vec::new(),
        }
    }

    /// Stamps what the works write with `clock` (tests give a fixed one).
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.stamp = self.stamp.with_clock(clock);
        self
    }

    /// Wakes `notify` after every commit (the mail and social workers, so what a work
    /// queued goes out at once rather than at their next poll).
    #[must_use]
    pub fn waking(mut self, notify: Arc<tokio::sync::Notify>) -> Self {
        self.wakeups.push(notify);
        self
    }
}

/// One transaction is every aggregate's work: each service begins it as the work trait
/// its aggregate declares.
macro_rules! begins {
    ($($view:path),* $(,)?) => {$(
        #[async_trait]
        impl UnitOfWork<dyn $view> for SeaOrmUnitOfWork {
            async fn begin(&self) -> Result<Box<dyn $view>, StoreError> {
                Ok(Box::new(self.open().await?))
            }
        }
    )*};
}

domain::every_work!(begins);

impl SeaOrmUnitOfWork {
    async fn open(&self) -> Result<SeaOrmWork, StoreError> {
        let txn = Arc::new(
            crate::db::handle::begin_write(&self.db)
                .await
                .map_err(store_err)?,
        );
        let db = self.stamp.in_transaction(txn.clone());
        Ok(SeaOrmWork {
            txn,
            stories: SeaOrmStoryRepository::new(db.clone()),
            pictures: SeaOrmPictureUses::new(db.clone()),
            users: SeaOrmUserRepository::new(db.clone()),
            tokens: SeaOrmAccountTokenRepository::new(db.clone()),
            sessions: SeaOrmSessionRepository::new(db.clone()),
            sign_in_failures: SeaOrmSignInFailures::new(db.clone()),
            admin_credentials: SeaOrmAdminCredentialRepository::new(db.clone()),
            comments: SeaOrmCommentRepository::new(db.clone()),
            help: SeaOrmHelpMessageRepository::new(db.clone()),
            mailer: OutboxMailer::new(db.clone()),
            outbox: SeaOrmMailOutbox::new(db.clone()),
            social: SeaOrmSocialPostRepository::new(db.clone()),
            api_tokens: SeaOrmApiTokenRepository::new(db.clone()),
            consents: SeaOrmConsentRepository::new(db.clone()),
            subscriptions: SeaOrmSubscriptionRepository::new(db.clone()),
            audit: SeaOrmAuditLog::new(db),
            wakeups: self.wakeups.clone(),
        })
    }
}

struct SeaOrmWork {
    txn: Arc<DatabaseTransaction>,
    stories: SeaOrmStoryRepository,
    pictures: SeaOrmPictureUses,
    users: SeaOrmUserRepository,
    tokens: SeaOrmAccountTokenRepository,
    sessions: SeaOrmSessionRepository,
    sign_in_failures: SeaOrmSignInFailures,
    admin_credentials: SeaOrmAdminCredentialRepository,
    comments: SeaOrmCommentRepository,
    help: SeaOrmHelpMessageRepository,
    mailer: OutboxMailer,
    outbox: SeaOrmMailOutbox,
    social: SeaOrmSocialPostRepository,
    audit: SeaOrmAuditLog,
    api_tokens: SeaOrmApiTokenRepository,
    consents: SeaOrmConsentRepository,
    subscriptions: SeaOrmSubscriptionRepository,
    wakeups: Vec<Arc<tokio::sync::Notify>>,
}

impl AuditWork for SeaOrmWork {
    fn audit(&self) -> &dyn AuditLog {
        &self.audit
    }
}

impl MailWork for SeaOrmWork {
    fn mailer(&self) -> &dyn Mailer {
        &self.mailer
    }
    fn outbox(&self) -> &dyn MailOutbox {
        &self.outbox
    }
}

impl StoryWork for SeaOrmWork {
    fn stories(&self) -> &dyn StoryRepository {
        &self.stories
    }
    fn pictures(&self) -> &dyn PictureUses {
        &self.pictures
    }
}

impl ConsentRecordWork for SeaOrmWork {
    fn consents(&self) -> &dyn ConsentRepository {
        &self.consents
    }
}

impl UserWork for SeaOrmWork {
    fn users(&self) -> &dyn UserRepository {
        &self.users
    }
    fn tokens(&self) -> &dyn AccountTokenRepository {
        &self.tokens
    }
    fn sign_in_failures(&self) -> &dyn SignInFailures {
        &self.sign_in_failures
    }
    fn admin_credentials(&self) -> &dyn AdminCredentialRepository {
        &self.admin_credentials
    }
    fn account_subscriptions(&self) -> &dyn SubscriptionsOfAccount {
        &self.subscriptions
    }
}

impl SessionWork for SeaOrmWork {
    fn sessions(&self) -> &dyn SessionRepository {
        &self.sessions
    }
}

impl CommentWork for SeaOrmWork {
    fn comments(&self) -> &dyn CommentRepository {
        &self.comments
    }
}

impl HelpWork for SeaOrmWork {
    fn help(&self) -> &dyn HelpMessageRepository {
        &self.help
    }
}

impl SocialWork for SeaOrmWork {
    fn social(&self) -> &dyn SocialPostRepository {
        &self.social
    }
}

impl ApiTokenWork for SeaOrmWork {
    fn api_tokens(&self) -> &dyn ApiTokenRepository {
        &self.api_tokens
    }
}

impl WithdrawalWork for SeaOrmWork {
    fn withdrawals(&self) -> &dyn Withdrawals {
        &self.consents
    }
}
impl AccountWork for SeaOrmWork {}

#[async_trait]
impl Commit for SeaOrmWork {
    async fn commit(self: Box<Self>) -> Result<(), StoreError> {
        let SeaOrmWork {
            txn,
            stories,
            pictures,
            users,
            tokens,
            sessions,
            sign_in_failures,
            admin_credentials,
            comments,
            help,
            mailer,
            outbox,
            social,
            audit,
            api_tokens,
            consents,
            subscriptions,
            wakeups,
        } = *self;
        // The repositories hold handles on the transaction: let them go first.
        drop((
            stories,
            pictures,
            users,
            tokens,
            sessions,
            sign_in_failures,
            admin_credentials,
            comments,
            help,
            mailer,
            outbox,
            social,
            audit,
            api_tokens,
            consents,
            subscriptions,
        ));
        let txn = Arc::try_unwrap(txn).map_err(|_| {
            StoreError::Unknown(anyhow::anyhow!(
                "a repository of this unit of work outlived it"
            ))
        })?;
        txn.commit().await.map_err(store_err)?;
        for notify in wakeups {
            notify.notify_one();
        }
        Ok(())
    }
}
