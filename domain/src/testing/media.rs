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
use crate::story::{PictureUses, StoryId};
use crate::user::UserId;

/// Rows in memory, and which stories use them ([`PictureUses`]; a story deleted from an
/// [`super::InMemoryStoryRepository`] built `with_pictures` drops its uses, as the real
/// table's cascade does).
#[derive(Debug, Default)]
pub struct InMemoryMediaRepository {
    rows: Mutex<Vec<Media>>,
    /// Each story and the key of a picture it uses, once.
    used: Mutex<Vec<(StoryId, String)>>,
    /// Ids of gone pictures.
    gone: Mutex<Vec<i64>>,
}

impl InMemoryMediaRepository {
    pub fn all(&self) -> Vec<Media> {
        lock(&self.rows).clone()
    }

    /// Records that a story (one the test does not name) uses the picture `key`.
    pub fn use_key(&self, key: &str) {
        lock(&self.used).push((StoryId(0), key.to_owned()));
    }

    /// Whether the picture `key` is gone (waiting for its files to be deleted).
    pub fn is_gone(&self, key: &str) -> bool {
        let gone = lock(&self.gone).clone();
        lock(&self.rows)
            .iter()
            .any(|m| m.key == key && gone.contains(&m.id))
    }

    /// Drops the uses of a deleted story (the cascade).
    pub fn forget_story(&self, story: StoryId) {
        lock(&self.used).retain(|(s, _)| *s != story);
    }

    fn is_used(&self, key: &str) -> bool {
        lock(&self.used).iter().any(|(_, k)| k == key)
    }
}

#[async_trait]
impl PictureUses for InMemoryMediaRepository {
    async fn record(&self, story: StoryId, keys: &[String]) -> Result<(), StoreError> {
        let mut used = lock(&self.used);
        for key in keys {
            if !used.iter().any(|(s, k)| *s == story && k == key) {
                used.push((story, key.clone()));
            }
        }
        Ok(())
    }

    async fn used_by(&self, story: StoryId) -> Result<Vec<String>, StoreError> {
        Ok(lock(&self.used)
            .iter()
            .filter(|(s, _)| *s == story)
            .map(|(_, k)| k.clone())
            .collect())
    }

    async fn retire_if_unused(
        &self,
        keys: &[String],
        _at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let retiring: Vec<i64> = lock(&self.rows)
            .iter()
            .filter(|m| keys.contains(&m.key) && !self.is_used(&m.key))
            .map(|m| m.id)
            .collect();
        let mut gone = lock(&self.gone);
        for id in retiring {
            if !gone.contains(&id) {
                gone.push(id);
            }
        }
        Ok(())
    }

    async fn leave_with_owner(
        &self,
        owner: &UserId,
        heir: &UserId,
        _at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut gone = lock(&self.gone);
        for m in lock(&self.rows).iter_mut() {
            if &m.owner != owner || gone.contains(&m.id) {
                continue;
            }
            if self.is_used(&m.key) {
                m.owner = heir.clone();
            } else {
                gone.push(m.id);
            }
        }
        Ok(())
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
        let rows = lock(&self.rows).clone();
        let mut gone = lock(&self.gone);
        let mut count = 0;
        for m in &rows {
            if m.created_at < before && !self.is_used(&m.key) && !gone.contains(&m.id) {
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
