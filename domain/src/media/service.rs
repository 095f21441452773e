//! Uploading a picture: the type decided from the bytes, the per-person limits, every
//! size re-encoded on the server, the files stored, then the row.

use std::sync::Arc;

use chrono::Duration;

use super::{
    ImageError, ImageKind, ImageProcessor, MAX_PIXELS, Media, MediaRepository, MediaStore,
    NewMedia, UNUSED_GRACE_HOURS, UploadLimits, file_name,
};
use crate::StoreError;
use crate::clock::Clock;
use crate::delivery::MAX_BATCHES_PER_ROUND;
use crate::permissions::{Ability, Caller, Refusal};

/// The answer to anything that is not one of the accepted formats.
pub const UNSUPPORTED_TYPE: &str = "Please upload a JPEG, PNG, WebP or GIF picture";

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("{}", UNSUPPORTED_TYPE)]
    UnsupportedType,
    /// The file is larger than the limit (in megabytes).
    #[error("Pictures can be at most {0} MB")]
    TooLarge(u64),
    #[error("Pictures can have at most 40 megapixels")]
    TooManyPixels,
    #[error("This picture cannot be read; please try another file")]
    Unreadable,
    /// The person's uploads of the last 24 hours reached the limit.
    #[error("You can upload {0} pictures a day; please try again tomorrow")]
    TooMany(u64),
    /// The person's pictures together would pass the limit (in megabytes).
    #[error("Your pictures may take {0} MB together; remove some from your stories first")]
    QuotaFull(u64),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Gone pictures whose files one batch of the clean-up deletes.
pub const CLEAN_UP_BATCH: u64 = 50;

/// What the media service talks to.
#[derive(Clone)]
pub struct MediaPorts {
    pub processor: Arc<dyn ImageProcessor>,
    pub store: Arc<dyn MediaStore>,
    pub media: Arc<dyn MediaRepository>,
    pub clock: Arc<dyn Clock>,
    /// Makes a new random key for a picture's files.
    pub new_key: Arc<dyn Fn() -> String + Send + Sync>,
    pub limits: UploadLimits,
}

/// Picture use cases.
#[derive(Clone)]
pub struct MediaService {
    p: MediaPorts,
}

fn megabytes(bytes: u64) -> u64 {
    bytes / (1024 * 1024)
}

impl MediaService {
    pub fn new(ports: MediaPorts) -> Self {
        Self { p: ports }
    }

    /// Whether `caller` may upload at all (asked before the upload is read).
    ///
    /// # Errors
    /// [`UploadError::Refused`].
    pub fn check_may_upload(&self, caller: &Caller) -> Result<(), UploadError> {
        caller.require(Ability::WriteStories)?;
        Ok(())
    }

    /// The largest file accepted, in bytes.
    pub fn max_bytes(&self) -> u64 {
        self.p.limits.max_bytes
    }

    /// Stores a picture from an approved person in every size.
    ///
    /// # Errors
    /// [`UploadError`]: refused, wrong type, too large, too many pixels, unreadable, over
    /// a person's daily count or total size, or the store's error.
    pub async fn upload(&self, caller: &Caller, bytes: Vec<u8>) -> Result<Media, UploadError> {
        let me = caller.require(Ability::WriteStories)?;
        let limits = self.p.limits;
        let size = bytes.len() as u64;
        if size > limits.max_bytes {
            return Err(UploadError::TooLarge(megabytes(limits.max_bytes)));
        }
        let kind = ImageKind::sniff(&bytes).ok_or(UploadError::UnsupportedType)?;
        let now = self.p.clock.now();
        let (today, total) = self
            .p
            .media
            .usage(&me.id, now - Duration::hours(24))
            .await?;
        if today >= limits.per_day {
            return Err(UploadError::TooMany(limits.per_day));
        }
        if total + size > limits.total_bytes {
            return Err(UploadError::QuotaFull(megabytes(limits.total_bytes)));
        }
        let processed = self
            .p
            .processor
            .process(bytes, kind, MAX_PIXELS)
            .await
            .map_err(|e| match e {
                ImageError::TooManyPixels(_) => UploadError::TooManyPixels,
                ImageError::Unreadable(_) => UploadError::Unreadable,
            })?;
        let key = (self.p.new_key)();
        let mut stored = 0;
        let mut names = Vec::new();
        for encoded in &processed.sizes {
            let name = file_name(&key, encoded.width, processed.format);
            stored += encoded.data.len() as u64;
            if let Err(e) = self.p.store.put(&name, encoded.data.clone()).await {
                self.forget(&names).await;
                return Err(e.into());
            }
            names.push(name);
        }
        let largest = processed.sizes.last().ok_or(UploadError::Unreadable)?;
        let created = self
            .p
            .media
            .create(NewMedia {
                owner: me.id.clone(),
                key,
                format: processed.format,
                width: largest.width,
                height: largest.height,
                widths: processed.sizes.iter().map(|s| s.width).collect(),
                bytes: stored,
                created_at: now,
            })
            .await;
        match created {
            Ok(media) => Ok(media),
            Err(e) => {
                self.forget(&names).await;
                Err(e.into())
            }
        }
    }

    /// Removes files written for an upload that did not complete (best effort: a file
    /// left behind has no row and is never served).
    async fn forget(&self, names: &[String]) {
        for name in names {
            let _ = self.p.store.delete(name).await;
        }
    }

    /// One round of the clean-up job: pictures no story has used for
    /// [`UNUSED_GRACE_HOURS`] since their upload become gone, then the files of gone
    /// pictures (these and those whose last story was deleted) are deleted, then their
    /// rows, at most [`MAX_BATCHES_PER_ROUND`] batches. Deleting a file twice does no harm,
    /// so several server instances may run it at once without a lease. Answers how many
    /// pictures were deleted.
    ///
    /// # Errors
    /// The store's error; a picture whose files could not all be deleted stays gone and is
    /// tried again next round.
    pub async fn clean_up(&self) -> Result<usize, StoreError> {
        let now = self.p.clock.now();
        self.p
            .media
            .retire_unused(now - Duration::hours(UNUSED_GRACE_HOURS), now)
            .await?;
        let mut removed = 0;
        for _ in 0..MAX_BATCHES_PER_ROUND {
            let batch = self.p.media.gone(CLEAN_UP_BATCH).await?;
            let mut deleted = Vec::with_capacity(batch.len());
            let mut failure = None;
            for media in &batch {
                let mut all = true;
                for width in &media.widths {
                    let name = file_name(&media.key, *width, media.format);
                    if let Err(e) = self.p.store.delete(&name).await {
                        all = false;
                        failure = Some(e);
                    }
                }
                if all {
                    deleted.push(media.id);
                }
            }
            self.p.media.remove(&deleted).await?;
            removed += deleted.len();
            if let Some(e) = failure {
                return Err(e);
            }
            if (batch.len() as u64) < CLEAN_UP_BATCH {
                break;
            }
        }
        Ok(removed)
    }

    /// A stored file and its content type, by its name `{key}-{width}.{ext}`; `None` when
    /// there is no such picture or size.
    ///
    /// # Errors
    /// The store's error.
    pub async fn file(&self, name: &str) -> Result<Option<(&'static str, Vec<u8>)>, StoreError> {
        let Some((stem, ext)) = name.rsplit_once('.') else {
            return Ok(None);
        };
        let Some((key, width)) = stem.rsplit_once('-') else {
            return Ok(None);
        };
        let (Some(format), Ok(width)) = (
            super::StoredFormat::from_extension(ext),
            width.parse::<u32>(),
        ) else {
            return Ok(None);
        };
        let Some(media) = self.p.media.find_by_key(key).await? else {
            return Ok(None);
        };
        if media.format != format || !media.widths.contains(&width) {
            return Ok(None);
        }
        Ok(self
            .p
            .store
            .get(name)
            .await?
            .map(|data| (format.content_type(), data)))
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
