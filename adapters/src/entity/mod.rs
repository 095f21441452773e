//! SeaORM entities: the table shapes, one file per table. Crate-private; they never leave
//! the adapters crate.

pub(crate) mod account_tokens;
pub(crate) mod admin_credentials;
pub(crate) mod api_tokens;
pub(crate) mod audit_log;
pub(crate) mod backup_runs;
pub(crate) mod categories;
pub(crate) mod comments;
pub(crate) mod consent_statements;
pub(crate) mod help_messages;
pub(crate) mod mail_outbox;
pub(crate) mod media;
pub(crate) mod media_uses;
pub(crate) mod schedules;
pub(crate) mod sessions;
pub(crate) mod settings;
pub(crate) mod sign_in_failures;
pub(crate) mod sign_in_locks;
pub(crate) mod social_deletions;
pub(crate) mod social_posts;
pub(crate) mod stories;
pub(crate) mod story_consents;
pub(crate) mod story_passages;
pub(crate) mod story_revisions;
pub(crate) mod story_sensitivity;
pub(crate) mod subscription_bounces;
pub(crate) mod subscriptions;
pub(crate) mod users;
