//! Ports for pictures: decoding and re-encoding, where the files live, and their rows.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{ImageKind, Media, NewMedia, StoredFormat};
use crate::StoreError;
use crate::user::UserId;

/// Why a picture could not be processed.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// Over [`super::MAX_PIXELS`] (found from the header, before decoding).
    #[error("the picture has {0} pixels")]
    TooManyPixels(u64),
    /// Not a picture of its kind after all (truncated, corrupt).
    #[error("the picture cannot be read: {0}")]
    Unreadable(String),
}

/// One re-encoded size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodedSize {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

/// A picture decoded and re-encoded in every size: nothing of the upload but its pixels
/// survives (no metadata, no EXIF location).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    pub format: StoredFormat,
    /// The upload's own size.
    pub width: u32,
    pub height: u32,
    /// Smallest first.
    pub sizes: Vec<EncodedSize>,
}

/// Decodes and re-encodes pictures (CPU work: adapters run it off the async threads).
#[async_trait]
pub trait ImageProcessor: Send + Sync {
    /// Reads the header first and refuses more than `max_pixels` before decoding; then
    /// decodes (a GIF's first frame) and encodes each width that
    /// [`super::widths_for`] gives.
    ///
    /// # Errors
    /// [`ImageError`].
    async fn process(
        &self,
        bytes: Vec<u8>,
        kind: ImageKind,
        max_pixels: u64,
    ) -> Result<Processed, ImageError>;
}

/// Where the files live (a folder, or S3-compatible storage).
#[async_trait]
pub trait MediaStore: Send + Sync {
    /// Stores `data` under `name`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the storage cannot be written.
    async fn put(&self, name: &str, data: Vec<u8>) -> Result<(), StoreError>;

    /// The file `name`; `None` when there is none.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the storage cannot be read.
    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Removes `name` (nothing when it is gone already).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the storage cannot be written.
    async fn delete(&self, name: &str) -> Result<(), StoreError>;
}

/// The rows of stored pictures.
#[async_trait]
pub trait MediaRepository: Send + Sync {
    /// Stores a row and returns it.
    ///
    /// # Errors
    /// The store's error.
    async fn create(&self, new: NewMedia) -> Result<Media, StoreError>;

    /// How many pictures `owner` uploaded since `since`, and the bytes of all theirs.
    ///
    /// # Errors
    /// The store's error.
    async fn usage(&self, owner: &UserId, since: DateTime<Utc>) -> Result<(u64, u64), StoreError>;

    /// The picture with this key, unless it is gone (waiting for its files to be deleted).
    ///
    /// # Errors
    /// The store's error.
    async fn find_by_key(&self, key: &str) -> Result<Option<Media>, StoreError>;

    /// Marks as gone every picture uploaded before `before` that no story or stored
    /// version uses (gone pictures are never served again); answers how many.
    ///
    /// # Errors
    /// The store's error.
    async fn retire_unused(
        &self,
        before: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError>;

    /// Up to `limit` gone pictures, oldest first, whose files are still to be deleted.
    ///
    /// # Errors
    /// The store's error.
    async fn gone(&self, limit: u64) -> Result<Vec<Media>, StoreError>;

    /// Deletes the rows of gone pictures whose files are deleted.
    ///
    /// # Errors
    /// The store's error.
    async fn remove(&self, ids: &[i64]) -> Result<(), StoreError>;
}
