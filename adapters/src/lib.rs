//! Adapters: SeaORM repositories and migrations (SQLite and PostgreSQL), argon2 hashing,
//! OpenID Connect, mail, and social publishing over the platforms' HTTP APIs. Entities stay
//! private to this crate.

pub mod backup;
mod bulk_seed;
mod db;
mod dsn;
mod entity;
mod hasher;
mod images;
mod link_signer;
mod media_store;
pub mod migration;
mod oidc;
mod repo;
mod sanitizer;
mod smtp;
mod social;
mod work;

pub use bulk_seed::{
    COVERED_BEFORE_NEWEST_DAYS, SeedError, SeedPlan, seed_archive, seed_subscribers,
    subscriber_address,
};
pub use db::Db;
pub use db::{connect, connections_wanted, is_postgres, migrate, open, ping, refuses_writes};
pub use dsn::MailparseReportParser;
pub use hasher::{Argon2PasswordHasher, DEFAULT_AT_ONCE as DEFAULT_HASHES_AT_ONCE};
pub use images::ImageCrateProcessor;
pub use link_signer::HmacLinkSigner;
pub use media_store::{FsMediaStore, S3MediaStore, S3Settings, new_media_key};
pub use oidc::OidcIdentityProvider;
pub use repo::account_data::SeaOrmAccountData;
pub use repo::admin::SeaOrmAdminCredentialRepository;
pub use repo::api_tokens::SeaOrmApiTokenRepository;
pub use repo::audit::SeaOrmAuditLog;
pub use repo::backup_runs::SeaOrmBackupLog;
pub use repo::cache_version::SeaOrmCacheVersion;
pub use repo::categories::SeaOrmCategoryRepository;
pub use repo::comments::SeaOrmCommentRepository;
pub use repo::consents::SeaOrmConsentRepository;
pub use repo::digest_batches::SeaOrmDigestBatches;
pub use repo::help::SeaOrmHelpMessageRepository;
pub use repo::mail::outbox::SeaOrmMailOutbox;
pub use repo::mail::queue::SeaOrmMailQueue;
pub use repo::mail::writing::OutboxMailer;
pub use repo::media::SeaOrmMediaRepository;
pub use repo::rate_limits::SeaOrmHitCounter;
pub use repo::rate_limits::tally::{SETTLE_EVERY, TalliedHits};
pub use repo::schedules::SeaOrmScheduleRepository;
pub use repo::scripture::{SeaOrmScriptureIndex, reindex_passages};
pub use repo::sessions::SeaOrmSessionRepository;
pub use repo::settings::SeaOrmSettingsRepository;
pub use repo::sign_in_failures::SeaOrmSignInFailures;
pub use repo::social::SeaOrmSocialPostRepository;
pub use repo::stories::SeaOrmStoryRepository;
pub use repo::subscriber_admin::SeaOrmSubscriberAdmin;
pub use repo::subscriptions::SeaOrmSubscriptionRepository;
pub use repo::tokens::{SeaOrmAccountTokenRepository, Sha256TokenMinter};
pub use repo::users::SeaOrmUserRepository;
pub use repo::waiting::{Outbox, Queue, Waiting, waiting};
pub use sanitizer::AmmoniaSanitizer;
pub use sea_orm::DatabaseConnection;
pub use smtp::SmtpTransport;
pub use social::{LinkedInPublisher, TwitterPublisher};
pub use work::SeaOrmUnitOfWork;

#[cfg(feature = "testing")]
pub mod testing;
