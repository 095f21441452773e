//! Picture files in a folder (`MEDIA_DIR`, by default `data/media` beside the SQLite
//! database). Each file is written under a temporary name and renamed, so a reader never
//! sees half a file.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use domain::StoreError;
use domain::media::MediaStore;

/// A new random key for a picture's files (32 hex digits).
pub fn new_media_key() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

pub struct FsMediaStore {
    dir: PathBuf,
}

impl FsMediaStore {
    /// Stores files in `dir`, creating it when missing.
    ///
    /// # Errors
    /// When the folder cannot be created.
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Self> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        Ok(Self { dir })
    }

    /// The path of `name`, or `None` for a name that could leave the folder.
    fn path(&self, name: &str) -> Option<PathBuf> {
        let plain = !name.is_empty()
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'));
        plain.then(|| self.dir.join(name))
    }
}

fn unavailable(e: std::io::Error) -> StoreError {
    StoreError::Unavailable(e.into())
}

fn refused(name: &str) -> StoreError {
    StoreError::Unknown(anyhow::anyhow!("media file name {name:?} refused"))
}

async fn write_atomically(path: &Path, data: Vec<u8>) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp-{}", new_media_key()));
    tokio::fs::write(&tmp, data).await?;
    tokio::fs::rename(&tmp, path).await
}

#[async_trait]
impl MediaStore for FsMediaStore {
    async fn put(&self, name: &str, data: Vec<u8>) -> Result<(), StoreError> {
        let path = self.path(name).ok_or_else(|| refused(name))?;
        write_atomically(&path, data).await.map_err(unavailable)
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(path) = self.path(name) else {
            return Ok(None);
        };
        match tokio::fs::read(&path).await {
            Ok(data) => Ok(Some(data)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(unavailable(e)),
        }
    }

    async fn delete(&self, name: &str) -> Result<(), StoreError> {
        let path = self.path(name).ok_or_else(|| refused(name))?;
        match tokio::fs::remove_file(&path).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(unavailable(e)),
            _ => Ok(()),
        }
    }
}
