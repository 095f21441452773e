//! Pictures in memory: rows, files, and a processor that pretends to re-encode.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::lock;
use crate::StoreError;
use crate::media::ports::{EncodedSize, Processed};
use crate::media::{
    ImageError, ImageKind, ImageProcessor, Media, MediaRepository, MediaStore, NewMedia,
    StoredFormat, widths_for,
};
use crate::user::UserId;

/// Rows in memory.
#[derive(Debug, Default)]
pub struct InMemoryMediaRepository {
    rows: Mutex<Vec<Media>>,
    /// Keys a story uses (set by tests).
    used: Mutex<Vec<String>>,
    /// Ids of gone pictures.
    gone: Mutex<Vec<i64>>,
}

impl InMemoryMediaRepository {
    pub fn all(&self) -> Vec<Media> {
        lock(&self.rows).clone()
    }

    /// Records that a story uses the picture `key`.
    pub fn use_key(&self, key: &str) {
        lock(&self.used).push(key.to_owned());
    }
}

#[async_trait]
impl MediaRepository for InMemoryMediaRepository {
    async fn create(&self, new: NewMedia) -> Result<Media, StoreError> {
        let mut rows = lock(&self.rows);
        let media = Media {
            id: rows.len() as i64 + 1,
            owner: new.owner,
            key: new.key,
            format: new.format,
            width: new.width,
            height: new.height,
            widths: new.widths,
            bytes: new.bytes,
            created_at: new.created_at,
        };
        rows.push(media.clone());
        Ok(media)
    }

    async fn usage(&self, owner: &UserId, since: DateTime<Utc>) -> Result<(u64, u64), StoreError> {
        let rows = lock(&self.rows);
        let mine = rows.iter().filter(|m| &m.owner == owner);
        let today = mine.clone().filter(|m| m.created_at >= since).count() as u64;
        Ok((today, mine.map(|m| m.bytes).sum()))
    }

    async fn find_by_key(&self, key: &str) -> Result<Option<Media>, StoreError> {
        let gone = lock(&self.gone).clone();
        Ok(lock(&self.rows)
            .iter()
            .find(|m| m.key == key && !gone.contains(&m.id))
            .cloned())
    }

    async fn retire_unused(
        &self,
        before: DateTime<Utc>,
        _now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let used = lock(&self.used).clone();
        let mut gone = lock(&self.gone);
        let mut count = 0;
        for m in lock(&self.rows).iter() {
            if m.created_at < before && !used.contains(&m.key) && !gone.contains(&m.id) {
                gone.push(m.id);
                count += 1;
            }
        }
        Ok(count)
    }

    async fn gone(&self, limit: u64) -> Result<Vec<Media>, StoreError> {
        let gone = lock(&self.gone).clone();
        Ok(lock(&self.rows)
            .iter()
            .filter(|m| gone.contains(&m.id))
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .cloned()
            .collect())
    }

    async fn remove(&self, ids: &[i64]) -> Result<(), StoreError> {
        lock(&self.rows).retain(|m| !ids.contains(&m.id));
        lock(&self.gone).retain(|id| !ids.contains(id));
        Ok(())
    }
}

/// Files in memory.
#[derive(Debug, Default)]
pub struct InMemoryMediaStore {
    files: Mutex<HashMap<String, Vec<u8>>>,
}

impl InMemoryMediaStore {
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = lock(&self.files).keys().cloned().collect();
        names.sort();
        names
    }
}

#[async_trait]
impl MediaStore for InMemoryMediaStore {
    async fn put(&self, name: &str, data: Vec<u8>) -> Result<(), StoreError> {
        lock(&self.files).insert(name.to_owned(), data);
        Ok(())
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(lock(&self.files).get(name).cloned())
    }

    async fn delete(&self, name: &str) -> Result<(), StoreError> {
        lock(&self.files).remove(name);
        Ok(())
    }
}

/// "Decodes" a picture `width`×`height` (set per test) into one 100-byte file per size;
/// refuses as the real one does past `max_pixels`.
#[derive(Debug)]
pub struct FakeImageProcessor {
    pub width: u32,
    pub height: u32,
}

impl Default for FakeImageProcessor {
    fn default() -> Self {
        Self {
            width: 1000,
            height: 500,
        }
    }
}

#[async_trait]
impl ImageProcessor for FakeImageProcessor {
    async fn process(
        &self,
        _bytes: Vec<u8>,
        _kind: ImageKind,
        max_pixels: u64,
    ) -> Result<Processed, ImageError> {
        let pixels = u64::from(self.width) * u64::from(self.height);
        if pixels > max_pixels {
            return Err(ImageError::TooManyPixels(pixels));
        }
        let sizes = widths_for(self.width)
            .into_iter()
            .map(|w| EncodedSize {
                width: w,
                height: self.height * w / self.width,
                data: vec![7; 100],
            })
            .collect();
        Ok(Processed {
            format: StoredFormat::Jpeg,
            width: self.width,
            height: self.height,
            sizes,
        })
    }
}
