//! Stored versions of a story: listing, adding and closing them.

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::story::{Revision, RevisionStatus, StoryFields, StoryId};
use domain::user::UserId;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::{SeaOrmStoryRepository, revision};
use crate::db::store_err;
use crate::entity::story_revisions;

impl SeaOrmStoryRepository {
    pub(super) async fn revisions_of(&self, story: StoryId) -> Result<Vec<Revision>, StoreError> {
        story_revisions::Entity::find()
            .filter(story_revisions::Column::StoryId.eq(story.0))
            .order_by_desc(story_revisions::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(revision)
            .collect()
    }

    pub(super) async fn insert_revision(
        &self,
        story: StoryId,
        fields: &StoryFields,
        status: RevisionStatus,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Revision, StoreError> {
        let approved = status == RevisionStatus::Approved;
        let model = story_revisions::ActiveModel {
            story_id: Set(story.0),
            title: Set(fields.title.clone()),
            content: Set(fields.content.clone()),
            source: Set(Some(fields.source.clone())),
            excerpt: Set(fields.excerpt.clone()),
            video_url: Set(fields.video_url.clone()),
            thumbnail_url: Set(fields.thumbnail_url.clone()),
            category: Set(fields.category.clone()),
            status: Set(status.as_str().to_owned()),
            created_by: Set(Some(by.as_str().to_owned())),
            created_at: Set(at),
            reviewed_by: Set(approved.then(|| by.as_str().to_owned())),
            reviewed_at: Set(approved.then_some(at)),
            reason: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        revision(model)
    }

    pub(super) async fn finish_revision(
        &self,
        revision_id: i64,
        status: RevisionStatus,
        reviewer: &UserId,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        story_revisions::Entity::update_many()
            .col_expr(
                story_revisions::Column::Status,
                Expr::value(status.as_str()),
            )
            .col_expr(
                story_revisions::Column::ReviewedBy,
                Expr::value(reviewer.as_str()),
            )
            .col_expr(story_revisions::Column::ReviewedAt, Expr::value(at))
            .col_expr(
                story_revisions::Column::Reason,
                Expr::value(reason.map(str::to_owned)),
            )
            .filter(story_revisions::Column::Id.eq(revision_id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
