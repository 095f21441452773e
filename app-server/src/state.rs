//! Wiring: what every handler may need, shared by every worker (built in `state/build.rs`).

use std::sync::Arc;

use adapters::DatabaseConnection;
use domain::account::AccountService;
use domain::api_token::ApiTokenService;
use domain::audit::AuditService;
use domain::category::CategoryService;
use domain::clock::Clock;
use domain::comment::CommentService;
use domain::help::HelpService;
use domain::mail::{MailDelivery, MailService};
use domain::media::MediaService;
use domain::queues::QueueService;
use domain::schedule::ScheduleService;
use domain::scripture::ScriptureService;
use domain::social::{SocialDelivery, SocialService};
use domain::story::StoryService;
use domain::subscription::{DigestService, SubscriptionService};
use domain::user::IdentityProvider;

use crate::config::Config;
use crate::session::store::SqlSessionStore;

mod build;
mod configured;
mod limits;
mod social;
mod subscriptions;
pub use limits::RequestLimits;

/// Everything a handler may need; cloned cheaply into each worker. This is the one
/// composition root: every adapter and service is built once, in [`AppState::new`].
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    /// For the readiness probe and for tests that look into the database; production code
    /// reaches storage only through the services.
    pub db: DatabaseConnection,
    pub stories: StoryService,
    /// Consent to publish stories: records, statement versions, withdrawal.
    pub consents: domain::consent::ConsentService,
    /// References found in text, and browsing stories by passage.
    pub scripture: ScriptureService,
    pub categories: CategoryService,
    pub accounts: AccountService,
    /// Personal API tokens, and the `Authorization: Bearer` check of every API request.
    pub api_tokens: ApiTokenService,
    pub comments: CommentService,
    pub help: HelpService,
    pub subscriptions: SubscriptionService,
    /// Mails digests and `each` stories to subscribers (a background job).
    pub digests: DigestService,
    /// The super admin's side: counts, list, export, removal, default frequency, reports.
    pub subscriber_admin: domain::subscription::SubscriberAdminService,
    pub social: SocialService,
    /// Posts the queued exports to the platforms that have credentials.
    pub social_delivery: SocialDelivery,
    /// Woken whenever a post is queued, so the delivery worker posts it at once.
    pub social_wakeup: Arc<tokio::sync::Notify>,
    pub schedules: ScheduleService,
    /// The super admin's view of the mail outbox.
    pub mail: MailService,
    /// Woken whenever a message is recorded, so the SMTP worker sends it at once.
    pub mail_wakeup: Arc<tokio::sync::Notify>,
    /// How much waits in the moderators' queues.
    pub queues: QueueService,
    /// The super admin's view of the activity log.
    pub audit: AuditService,
    /// Uploaded pictures.
    pub media: MediaService,
    /// Sends the outbox over SMTP; `None` without `SMTP_URL` (mail stays in the outbox).
    pub mail_delivery: Option<MailDelivery>,
    pub sessions: SqlSessionStore,
    /// Sessions, people and token holders read a moment ago (`crate::access_cache`).
    pub access: Arc<crate::access_cache::AccessCache>,
    /// The one clock of the services, the adapters' stamps and the handlers.
    pub clock: Arc<dyn Clock>,
    /// `None` when Google sign-in is not configured.
    pub identity: Option<Arc<dyn IdentityProvider>>,
    /// The request limits, in the database all instances share.
    pub limits: RequestLimits,
    pub session_key: actix_web::cookie::Key,
    /// Visitors' public reads kept in memory (`PUBLIC_CACHE_MB`), emptied by every write.
    pub public_cache: Arc<crate::public_cache::PublicCache>,
    /// Scheduled and manual backups, their files and the overdue warning.
    pub backups: crate::backups::Backups,
}
