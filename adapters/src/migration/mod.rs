//! Schema migrations, identical on SQLite and PostgreSQL; run at every start. Each runs in
//! a transaction of its own on both engines (with the record that it ran), so one that
//! fails leaves the schema and the data as the previous one left them.

use sea_orm_migration::prelude::*;

mod m0001_initial;
mod m0002_story_revisions_and_search;
mod m0003_social_posts;
mod m0004_category_index;
mod m0005_mail_delivery;
mod m0006_rate_limits;
mod m0007_social_delivery;
mod m0008_accounts;
mod m0009_suspension;
mod m0010_absolute_story_urls;
mod m0011_help_inbox;
mod m0012_audit_log;
mod m0013_one_queued_social_post;
mod m0014_media;
mod m0015_media_uses;
mod m0016_api_tokens;
mod m0017_story_source;
mod m0018_cache_version;
mod m0019_story_list_order;
mod m0020_story_counts;
mod m0021_backup_runs;
mod m0025_story_privacy;
mod m0031_story_passages;
mod m0032_sign_in_lock_per_network;
mod m0033_story_consent;
mod m0034_email_verified_at;
mod m0035_subscriptions;
mod m0036_social_deletions;
mod m0037_bulk_mail;
mod m0038_subscription_bounces;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        let all: Vec<Box<dyn MigrationTrait>> = vec![
            Box::new(m0001_initial::Migration),
            Box::new(m0002_story_revisions_and_search::Migration),
            Box::new(m0003_social_posts::Migration),
            Box::new(m0004_category_index::Migration),
            Box::new(m0005_mail_delivery::Migration),
            Box::new(m0006_rate_limits::Migration),
            Box::new(m0007_social_delivery::Migration),
            Box::new(m0008_accounts::Migration),
            Box::new(m0009_suspension::Migration),
            Box::new(m0010_absolute_story_urls::Migration),
            Box::new(m0011_help_inbox::Migration),
            Box::new(m0012_audit_log::Migration),
            Box::new(m0013_one_queued_social_post::Migration),
            Box::new(m0014_media::Migration),
            Box::new(m0015_media_uses::Migration),
            Box::new(m0016_api_tokens::Migration),
            Box::new(m0017_story_source::Migration),
            Box::new(m0018_cache_version::Migration),
            Box::new(m0019_story_list_order::Migration),
            Box::new(m0020_story_counts::Migration),
            Box::new(m0021_backup_runs::Migration),
            Box::new(m0025_story_privacy::Migration),
            Box::new(m0031_story_passages::Migration),
            Box::new(m0032_sign_in_lock_per_network::Migration),
            Box::new(m0033_story_consent::Migration),
            Box::new(m0034_email_verified_at::Migration),
            Box::new(m0035_subscriptions::Migration),
            Box::new(m0036_social_deletions::Migration),
            Box::new(m0037_bulk_mail::Migration),
            Box::new(m0038_subscription_bounces::Migration),
        ];
        all.into_iter()
            .map(|m| Box::new(InTransaction(m)) as Box<dyn MigrationTrait>)
            .collect()
    }
}

/// The names of the migrations this version knows, in order: its schema version.
pub fn known() -> Vec<String> {
    Migrator::migrations()
        .iter()
        .map(|m| m.name().to_owned())
        .collect()
}

/// A migration run inside a transaction on every engine (sea-orm-migration wraps only
/// PostgreSQL's by default; SQLite's DDL is transactional too).
struct InTransaction(Box<dyn MigrationTrait>);

impl MigrationName for InTransaction {
    fn name(&self) -> &str {
        self.0.name()
    }
}

#[async_trait::async_trait]
impl MigrationTrait for InTransaction {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        self.0.up(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        self.0.down(m).await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[cfg(test)]
#[path = "in_transaction_tests.rs"]
mod tests;
