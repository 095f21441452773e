//! SeaORM implementations of the domain's ports, one module per aggregate.

pub(crate) mod account_data;
pub(crate) mod admin;
pub(crate) mod api_tokens;
pub(crate) mod audit;
pub(crate) mod backup_runs;
pub(crate) mod cache_version;
pub(crate) mod categories;
pub(crate) mod comments;
pub(crate) mod consents;
pub(crate) mod help;
pub(crate) mod mail;
pub(crate) mod media;
pub(crate) mod rate_limits;
pub(crate) mod schedules;
pub(crate) mod scripture;
pub(crate) mod sessions;
pub(crate) mod settings;
pub(crate) mod sign_in_failures;
pub(crate) mod social;
pub(crate) mod stories;
pub(crate) mod story_counts;
pub(crate) mod subscriber_admin;
pub(crate) mod subscriptions;
pub(crate) mod tokens;
pub(crate) mod users;
pub(crate) mod waiting;
