//! The backup files in a folder (`BACKUP_DIR`): the archiver port of the backup service.

use std::path::PathBuf;

use async_trait::async_trait;
use domain::StoreError;
use domain::backup::{Archiver, Written, is_backup_name};

use super::{BackupSource, Manifest, S3Copy, write_backup};

pub struct DirArchiver {
    source: BackupSource,
    dir: PathBuf,
    clock: std::sync::Arc<dyn domain::clock::Clock>,
    copy: Option<S3Copy>,
}

impl DirArchiver {
    pub fn new(
        source: BackupSource,
        dir: impl Into<PathBuf>,
        clock: std::sync::Arc<dyn domain::clock::Clock>,
    ) -> Self {
        Self {
            source,
            dir: dir.into(),
            clock,
            copy: None,
        }
    }

    /// Also copies each backup it writes to the S3-compatible store (`BACKUP_S3_PREFIX`).
    #[must_use]
    pub fn with_copy(mut self, copy: S3Copy) -> Self {
        self.copy = Some(copy);
        self
    }

    /// Where backup `name` is (the name is checked by the caller).
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

/// What a manifest says the archive holds.
pub fn written(manifest: &Manifest, bytes: u64) -> Written {
    let rows = |t: &str| {
        manifest
            .tables
            .iter()
            .find(|e| e.name == t)
            .map_or(0, |e| e.rows)
    };
    Written {
        bytes,
        people: rows("users"),
        stories: rows("stories"),
        comments: rows("comments"),
        pictures: rows("media"),
    }
}

#[async_trait]
impl Archiver for DirArchiver {
    async fn write(&self, name: &str) -> Result<Written, String> {
        tokio::fs::create_dir_all(&self.dir)
            .await
            .map_err(|e| format!("BACKUP_DIR {}: {e}", self.dir.display()))?;
        let path = self.path(name);
        let manifest = write_backup(&self.source, &path, self.clock.now())
            .await
            .map_err(|e| e.to_string())?;
        let bytes = tokio::fs::metadata(&path)
            .await
            .map_err(|e| e.to_string())?
            .len();
        if let Some(copy) = &self.copy {
            // The run fails, so the dashboard and the overdue warning say so; the verified
            // file stays in the folder, listed and downloadable.
            copy.copy(&path, name).await.map_err(|e| {
                format!("{name} was written and verified in BACKUP_DIR, but its copy to the S3-compatible store failed: {e:#}")
            })?;
        }
        Ok(written(&manifest, bytes))
    }

    async fn list(&self) -> Result<Vec<String>, StoreError> {
        let mut names = Vec::new();
        let mut dir = match tokio::fs::read_dir(&self.dir).await {
            Ok(dir) => dir,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(names),
            Err(e) => return Err(StoreError::Unavailable(e.into())),
        };
        while let Some(entry) = dir
            .next_entry()
            .await
            .map_err(|e| StoreError::Unavailable(e.into()))?
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_backup_name(&name) {
                names.push(name);
            }
        }
        names.sort();
        names.reverse();
        Ok(names)
    }

    async fn delete(&self, name: &str) -> Result<(), StoreError> {
        if !is_backup_name(name) {
            return Err(StoreError::Unknown(anyhow::anyhow!(
                "not a backup: {name:?}"
            )));
        }
        match tokio::fs::remove_file(self.path(name)).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(StoreError::Unavailable(e.into()))
            }
            _ => Ok(()),
        }
    }
}
