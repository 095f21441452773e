//! Social post rows: the mapping to the domain, with the stories' titles and the posts'
//! deletions in one query each.

use std::collections::HashMap;
use std::str::FromStr;

use domain::StoreError;
use domain::social::{
    ClaimedPost, DeletionRecord, DeletionStatus, Platform, PostStatus, SocialPostId,
    SocialPostRecord,
};
use domain::story::StoryId;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::SeaOrmSocialPostRepository;
use crate::db::store_err;
use crate::entity::{social_deletions, social_posts, stories};

fn platform(m: &social_posts::Model) -> Result<Platform, StoreError> {
    Platform::from_str(&m.platform)
        .map_err(|e| StoreError::Unknown(anyhow::anyhow!("social post {}: {e}", m.id)))
}

pub(super) fn claimed(m: social_posts::Model) -> Result<ClaimedPost, StoreError> {
    let platform = platform(&m)?;
    Ok(ClaimedPost {
        id: SocialPostId(m.id),
        story: StoryId(m.story_id),
        platform,
        attempts: u32::try_from(m.attempts).unwrap_or(0),
    })
}

impl SeaOrmSocialPostRepository {
    /// The latest deletion of each of these posts, in one query.
    async fn deletions(&self, posts: &[i64]) -> Result<HashMap<i64, DeletionRecord>, StoreError> {
        if posts.is_empty() {
            return Ok(HashMap::new());
        }
        let rows = social_deletions::Entity::find()
            .filter(social_deletions::Column::PostId.is_in(posts.iter().copied()))
            .order_by_asc(social_deletions::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let mut latest = HashMap::new();
        for d in rows {
            let status = DeletionStatus::parse(&d.status).ok_or_else(|| {
                StoreError::Unknown(anyhow::anyhow!(
                    "social deletion {}: unknown status {}",
                    d.id,
                    d.status
                ))
            })?;
            latest.insert(
                d.post_id,
                DeletionRecord {
                    status,
                    attempts: u32::try_from(d.attempts).unwrap_or(0),
                    last_error: d.last_error,
                    deleted_at: d.deleted_at,
                },
            );
        }
        Ok(latest)
    }

    /// The rows with their stories' titles and their deletions, in two more queries.
    pub(super) async fn records(
        &self,
        rows: Vec<social_posts::Model>,
    ) -> Result<Vec<SocialPostRecord>, StoreError> {
        let post_ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let mut deletions = self.deletions(&post_ids).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.story_id).collect();
        let titles: HashMap<i64, String> = if ids.is_empty() {
            HashMap::new()
        } else {
            stories::Entity::find()
                .select_only()
                .column(stories::Column::Id)
                .column(stories::Column::Title)
                .filter(stories::Column::Id.is_in(ids))
                .into_tuple::<(i64, String)>()
                .all(&self.db)
                .await
                .map_err(store_err)?
                .into_iter()
                .collect()
        };
        rows.into_iter()
            .map(|m| {
                let platform = platform(&m)?;
                let status = PostStatus::parse(&m.status).ok_or_else(|| {
                    StoreError::Unknown(anyhow::anyhow!(
                        "social post {}: unknown status {}",
                        m.id,
                        m.status
                    ))
                })?;
                Ok(SocialPostRecord {
                    id: SocialPostId(m.id),
                    story: StoryId(m.story_id),
                    story_title: titles.get(&m.story_id).cloned(),
                    platform,
                    status,
                    attempts: u32::try_from(m.attempts).unwrap_or(0),
                    last_error: m.last_error,
                    created_at: m.created_at,
                    posted_at: m.posted_at,
                    external_url: m.external_url,
                    deletion: deletions.remove(&m.id),
                })
            })
            .collect()
    }
}
