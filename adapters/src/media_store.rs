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

/// Where S3-compatible storage is (`MEDIA_S3_URL` and the rest).
#[derive(Clone)]
pub struct S3Settings {
    /// The service's address, such as `http://127.0.0.1:9000` for MinIO or
    /// `https://s3.eu-west-1.amazonaws.com`.
    pub endpoint: String,
    pub bucket: String,
    pub access_key_id: String,
    pub secret_access_key: String,
    pub region: String,
}

/// Says where the storage is, never the secret.
impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .field("access_key_id", &self.access_key_id)
            .field("region", &self.region)
            .finish_non_exhaustive()
    }
}

/// Picture files in an S3-compatible bucket, so several servers share them. Objects are
/// named as in a folder (`{key}-{width}.{ext}`); the site's `/media/...` addresses do not
/// change with the storage.
pub struct S3MediaStore {
    store: object_store::aws::AmazonS3,
}

impl S3MediaStore {
    /// Storage in `settings.bucket` at `settings.endpoint` (path-style requests, which
    /// every S3-compatible server understands; plain `http://` allowed for a local one).
    ///
    /// # Errors
    /// When the settings are not usable (a malformed address).
    pub fn new(settings: &S3Settings) -> Result<Self, object_store::Error> {
        Ok(Self {
            store: s3_client(settings)?,
        })
    }

    fn location(name: &str) -> Result<object_store::path::Path, StoreError> {
        object_store::path::Path::parse(name).map_err(|_| refused(name))
    }
}

/// A client of `settings.bucket` at `settings.endpoint` (path-style requests, which every
/// S3-compatible server understands; plain `http://` allowed for a local one).
pub(crate) fn s3_client(
    settings: &S3Settings,
) -> Result<object_store::aws::AmazonS3, object_store::Error> {
    object_store::aws::AmazonS3Builder::new()
        .with_endpoint(&settings.endpoint)
        .with_allow_http(settings.endpoint.starts_with("http://"))
        .with_bucket_name(&settings.bucket)
        .with_access_key_id(&settings.access_key_id)
        .with_secret_access_key(&settings.secret_access_key)
        .with_region(&settings.region)
        .with_virtual_hosted_style_request(false)
        .build()
}

fn s3_unavailable(e: object_store::Error) -> StoreError {
    StoreError::Unavailable(e.into())
}

#[async_trait]
impl MediaStore for S3MediaStore {
    async fn put(&self, name: &str, data: Vec<u8>) -> Result<(), StoreError> {
        use object_store::ObjectStoreExt;
        let location = Self::location(name)?;
        self.store
            .put(&location, data.into())
            .await
            .map(|_| ())
            .map_err(s3_unavailable)
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        use object_store::ObjectStoreExt;
        let Ok(location) = Self::location(name) else {
            return Ok(None);
        };
        match self.store.get(&location).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(s3_unavailable)?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(s3_unavailable(e)),
        }
    }

    async fn delete(&self, name: &str) -> Result<(), StoreError> {
        use object_store::ObjectStoreExt;
        let location = Self::location(name)?;
        match self.store.delete(&location).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(s3_unavailable(e)),
        }
    }
}
