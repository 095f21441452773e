//! `app-server backup [--out FILE]` and `app-server restore FILE [--replace]`.

use std::path::PathBuf;

use adapters::backup::{self, BackupError};
use domain::backup::{SchemaFit, may_open, may_restore, schema_fit};

use crate::config::Config;

/// `backup [--out FILE]`: a backup of the database `DATABASE_URL` names, while the site
/// runs; by default into `BACKUP_DIR`.
///
/// # Errors
/// When the options are wrong or the backup fails.
pub async fn backup(args: impl Iterator<Item = String>) -> anyhow::Result<()> {
    let mut out: Option<PathBuf> = None;
    let mut args = args;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => {
                out = Some(
                    args.next()
                        .ok_or_else(|| anyhow::anyhow!("--out needs a file name"))?
                        .into(),
                );
            }
            other => anyhow::bail!("unknown option {other:?}; use `backup [--out FILE]`"),
        }
    }
    let config = Config::from_env()?;
    let db = adapters::open(&config.database_url).await?;
    let schema = backup::database_schema(&db).await?;
    anyhow::ensure!(
        !schema.is_empty(),
        "this database holds no site yet: nothing to back up"
    );
    may_open(&schema, &backup::known_schema())?;
    let media = config.media.store()?;
    let now = domain::clock::Clock::now(&domain::clock::SystemClock);
    let (path, manifest) = match out {
        Some(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            let source = backup::BackupSource {
                db: db.clone(),
                media,
                site_name: config.site_name.clone(),
            };
            let manifest = backup::write_backup(&source, &path, now).await?;
            (path, manifest)
        }
        None => {
            let (path, manifest) =
                super::take(&config, &db, media, &config.backups.dir, now, None).await?;
            // Into the folder the dashboard serves: listed with the other runs.
            super::record(&db, "cli", &path, &manifest, now).await;
            (path, manifest)
        }
    };
    tracing::info!(
        file = %path.display(),
        rows = super::total_rows(&manifest),
        pictures = manifest.media.len(),
        "backup written and verified"
    );
    println!("{}", path.display());
    Ok(())
}

/// `restore FILE [--replace]`: loads an archive into the database `DATABASE_URL` names.
///
/// # Errors
/// When the archive is refused, the database holds a site and `--replace` is not given,
/// or the restore fails (the database is then as it was).
pub async fn restore(args: impl Iterator<Item = String>) -> anyhow::Result<()> {
    let mut file: Option<PathBuf> = None;
    let mut replace = false;
    for arg in args {
        match arg.as_str() {
            "--replace" => replace = true,
            other if other.starts_with("--") => {
                anyhow::bail!("unknown option {other:?}; use `restore FILE [--replace]`")
            }
            other if file.is_none() => file = Some(other.into()),
            other => anyhow::bail!("one archive at a time; {other:?} is one too many"),
        }
    }
    let file = file.ok_or_else(|| anyhow::anyhow!("use `restore FILE [--replace]`"))?;
    let config = Config::from_env()?;
    if let Some(dir) = config.sqlite_dir() {
        std::fs::create_dir_all(&dir)?;
    }
    let manifest = backup::read_checked(&file).await.map_err(refused)?;
    let ours = backup::known_schema();
    let fit = schema_fit(&manifest.schema, &ours);
    let db = adapters::open(&config.database_url).await?;
    let current = backup::database_schema(&db).await?;
    may_open(&current, &ours)?;
    let holds = !current.is_empty() && backup::holds_site(&db).await?;
    may_restore(&fit, holds, replace)?;
    // The archive's rows fit the archive's schema: the database is brought to it (an older
    // archive into a database at most that old), loaded, then upgraded like any database.
    anyhow::ensure!(
        current.len() <= manifest.schema.len() || fit == SchemaFit::Same,
        "this archive was written by an older version (schema {}) and this database is already at schema {}: restore it into an empty database",
        manifest.schema.last().map_or("none", String::as_str),
        current.last().map_or("none", String::as_str),
    );
    let media = config.media.store()?;
    let mut before = None;
    if holds {
        let started = domain::clock::Clock::now(&domain::clock::SystemClock);
        let (path, taken) = super::take(
            &config,
            &db,
            media.clone(),
            &config.backups.dir,
            started,
            Some("before-restore"),
        )
        .await?;
        tracing::info!(file = %path.display(), "the site that was there is backed up");
        before = Some((path, taken, started));
    }
    let steps = u32::try_from(manifest.schema.len() - current.len().min(manifest.schema.len()))?;
    if steps > 0 {
        adapters::migrate(&config.database_url, &db, Some(steps)).await?;
    }
    backup::load(&db, media.as_ref(), &file, &manifest)
        .await
        .map_err(refused)?;
    adapters::migrate(&config.database_url, &db, None).await?;
    // Recorded in the restored site's own list of runs (a record written before the
    // restore would have been replaced with the archive's rows).
    if let Some((path, taken, started)) = before {
        super::record(&db, "before-restore", &path, &taken, started).await;
    }
    tracing::info!(
        file = %file.display(),
        rows = super::total_rows(&manifest),
        pictures = manifest.media.len(),
        site = %manifest.site_name,
        "archive restored"
    );
    Ok(())
}

fn refused(e: BackupError) -> anyhow::Error {
    match e {
        BackupError::Invalid(why) => anyhow::anyhow!("the archive is refused: {why}"),
        other => anyhow::anyhow!("the restore failed and changed nothing: {other}"),
    }
}
