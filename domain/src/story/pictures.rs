//! Which pictures a story uses, and the writes that keep that record.
//!
//! A story uses the site's pictures whose addresses appear in its text or thumbnail
//! ([`keys_in`]). Every write of a story's text (a new story, a saved one, a stored
//! version) records the pictures it uses through [`PictureUses`](super::ports::PictureUses), in the same unit of work:
//! uses are only ever added, never taken back on an edit, since the story's version
//! history still shows the earlier pictures. Deleting a story retires at once the pictures
//! no other story uses; an upload no story ever used goes after
//! [`crate::media::UNUSED_GRACE_HOURS`] (the picture clean-up job).

use chrono::{DateTime, Utc};

use super::StoryWork;
use super::service::StoryService;
use super::{NewStory, Revision, RevisionStatus, Story, StoryFields, StoryId};
use crate::StoreError;
use crate::scripture::Passage;
use crate::user::UserId;

const KEY_LEN: usize = 32;

/// The keys of the site's pictures that `text` points at (`/media/{key}-...`, relative or
/// absolute), each once, in order of appearance.
pub fn keys_in(text: &str) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for (at, _) in text.match_indices("/media/") {
        let rest = &text[at + "/media/".len()..];
        let Some(key) = rest.get(..KEY_LEN) else {
            continue;
        };
        let hex = key
            .chars()
            .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c));
        if hex && rest[KEY_LEN..].starts_with('-') && !keys.iter().any(|k| k == key) {
            keys.push(key.to_owned());
        }
    }
    keys
}

impl StoryFields {
    /// The keys of the pictures these fields use: in the content, then the thumbnail,
    /// each once.
    pub fn pictures(&self) -> Vec<String> {
        let mut keys = keys_in(&self.content);
        for key in self
            .thumbnail_url
            .as_deref()
            .map(keys_in)
            .unwrap_or_default()
        {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        keys
    }
}

/// Stores a new story through `work` with the pictures it uses.
///
/// # Errors
/// The store's error.
pub(crate) async fn create_story(work: &dyn StoryWork, new: NewStory) -> Result<Story, StoreError> {
    let pictures = new.fields.pictures();
    let created = work.stories().create(new).await?;
    work.pictures().record(created.id, &pictures).await?;
    Ok(created)
}

/// Saves `story` (citing `cited`) through `work` and adds the pictures its text uses.
///
/// # Errors
/// The store's error.
pub(crate) async fn save_story(
    work: &dyn StoryWork,
    story: &Story,
    cited: &[Passage],
) -> Result<Story, StoreError> {
    let saved = work.stories().update(story, cited).await?;
    work.pictures()
        .record(saved.id, &StoryFields::of(&saved).pictures())
        .await?;
    Ok(saved)
}

/// Stores a version of story `story` through `work` and adds the pictures it uses (the
/// story's history shows them, whether the version is approved, waiting or refused later).
///
/// # Errors
/// The store's error.
pub(crate) async fn add_version(
    work: &dyn StoryWork,
    story: StoryId,
    fields: &StoryFields,
    status: RevisionStatus,
    by: &UserId,
    at: DateTime<Utc>,
) -> Result<Revision, StoreError> {
    let revision = work
        .stories()
        .add_revision(story, fields, status, by, at)
        .await?;
    work.pictures().record(story, &fields.pictures()).await?;
    Ok(revision)
}

/// Deletes story `id` through `work` (its comments, versions and picture uses go with it),
/// then retires, as of `at`, the pictures it used that no other story uses. `false` when
/// there was no such story.
///
/// # Errors
/// The store's error.
pub(crate) async fn delete_story(
    work: &dyn StoryWork,
    id: StoryId,
    at: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let used = work.pictures().used_by(id).await?;
    let deleted = work.stories().delete(id).await?;
    work.pictures().retire_if_unused(&used, at).await?;
    Ok(deleted)
}

impl StoryService {
    /// Saves `story` (with the pictures its text uses) in a unit of work of its own.
    pub(super) async fn save_alone(&self, story: &Story) -> Result<(), StoreError> {
        let work = self.ports.work.begin().await?;
        save_story(work.as_ref(), story, &self.cited_by(story)).await?;
        work.commit().await
    }

    /// Deletes story `id` (retiring the pictures it alone used) in a unit of work of its
    /// own; `false` when there was no such story.
    pub(super) async fn delete_alone(&self, id: StoryId) -> Result<bool, StoreError> {
        let work = self.ports.work.begin().await?;
        let deleted = delete_story(work.as_ref(), id, self.ports.clock.now()).await?;
        work.commit().await?;
        Ok(deleted)
    }
}

#[cfg(test)]
#[path = "pictures_tests.rs"]
mod tests;
