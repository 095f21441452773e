//! Opening the database for serving without ever stranding a site: a database last used
//! by a newer version is refused, and one that holds a site is backed up before pending
//! migrations change it (each migration then runs in its own transaction).

use adapters::DatabaseConnection;
use adapters::backup;
use anyhow::Context;
use domain::backup::{SchemaFit, may_open};

use crate::config::Config;

/// Opens, checks, backs up when needed, and migrates the database `DATABASE_URL` names.
///
/// # Errors
/// A newer database (the message names both versions), a backup that fails (the database
/// is then untouched), or a migration that fails (the ones before it stay applied, it
/// leaves nothing behind, and the server does not start).
pub async fn open_for_serving(config: &Config) -> anyhow::Result<DatabaseConnection> {
    let db = adapters::open(&config.database_url).await?;
    let applied = backup::database_schema(&db).await?;
    let ours = backup::known_schema();
    let fit = may_open(&applied, &ours)?;
    let mut before = None;
    if fit == SchemaFit::Older && !applied.is_empty() && backup::holds_site(&db).await? {
        let media = config.media.store()?;
        let started = domain::clock::Clock::now(&domain::clock::SystemClock);
        let (path, taken) = super::take(
            config,
            &db,
            media,
            &config.backups.dir,
            started,
            Some("before-upgrade"),
        )
        .await
        .context(
            "the backup before upgrading the database failed, so the database was left as it was",
        )?;
        tracing::warn!(
            file = %path.display(),
            from = applied.last().map_or("none", String::as_str),
            to = ours.last().map_or("none", String::as_str),
            "the database was backed up before its upgrade"
        );
        before = Some((path, taken, started));
    }
    adapters::migrate(&config.database_url, &db, None)
        .await
        .context("a migration failed; it was rolled back and the server does not start")?;
    // Recorded once the schema has the record of runs (an old one may not).
    if let Some((path, taken, started)) = before {
        super::record(&db, "before-upgrade", &path, &taken, started).await;
    }
    Ok(db)
}
