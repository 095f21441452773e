//! The review queue: new stories and staged edits, oldest first, a page at a time.

use std::collections::HashMap;

use domain::StoreError;
use domain::paging::Page;
use domain::story::{ReviewItem, ReviewKind, RevisionStatus, StoryStatus, StoryWithAuthor};
use sea_orm::sea_query::Condition;
use sea_orm::{
    ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
};

use super::{SeaOrmStoryRepository, to_domain};
use crate::db::store_err;
use crate::entity::{stories, story_revisions};

impl SeaOrmStoryRepository {
    /// A page of the queue with authors and pending revisions (four queries at most).
    pub(super) async fn review_page(
        &self,
        kind: Option<ReviewKind>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<ReviewItem>, StoreError> {
        let (models, total) = match kind {
            Some(ReviewKind::Edits) => {
                // Edits wait from when they were written: page the pending revisions.
                let pending = story_revisions::Entity::find()
                    .filter(story_revisions::Column::Status.eq(RevisionStatus::Pending.as_str()));
                let total = pending.clone().count(&self.db).await.map_err(store_err)?;
                let order: Vec<i64> = pending
                    .select_only()
                    .column(story_revisions::Column::StoryId)
                    .order_by_asc(story_revisions::Column::CreatedAt)
                    .order_by_asc(story_revisions::Column::Id)
                    .limit(limit)
                    .offset(offset)
                    .into_tuple::<i64>()
                    .all(&self.db)
                    .await
                    .map_err(store_err)?;
                let mut found: HashMap<i64, stories::Model> = stories::Entity::find()
                    .filter(stories::Column::Id.is_in(order.clone()))
                    .all(&self.db)
                    .await
                    .map_err(store_err)?
                    .into_iter()
                    .map(|m| (m.id, m))
                    .collect();
                let models = order
                    .into_iter()
                    .filter_map(|id| found.remove(&id))
                    .collect();
                (models, total)
            }
            _ => {
                let condition = if kind == Some(ReviewKind::NewStories) {
                    Condition::all()
                        .add(stories::Column::Status.eq(StoryStatus::PendingApproval.as_str()))
                } else {
                    let with_pending_revision = story_revisions::Entity::find()
                        .select_only()
                        .column(story_revisions::Column::StoryId)
                        .filter(
                            story_revisions::Column::Status.eq(RevisionStatus::Pending.as_str()),
                        )
                        .into_query();
                    Condition::any()
                        .add(stories::Column::Status.eq(StoryStatus::PendingApproval.as_str()))
                        .add(stories::Column::Id.in_subquery(with_pending_revision))
                };
                let query = stories::Entity::find().filter(condition);
                let total = query.clone().count(&self.db).await.map_err(store_err)?;
                let models = query
                    .order_by_asc(stories::Column::UpdatedAt)
                    .order_by_asc(stories::Column::Id)
                    .limit(limit)
                    .offset(offset)
                    .all(&self.db)
                    .await
                    .map_err(store_err)?;
                (models, total)
            }
        };
        let authors = self
            .authors(models.iter().map(|m| m.author_id.clone()))
            .await?;
        let mut revisions = self
            .pending_revisions(models.iter().map(|m| m.id).collect())
            .await?;
        let mut cited = super::passages::of_stories(&self.db, models.iter().map(|m| m.id)).await?;
        let items = models
            .into_iter()
            .map(|m| {
                let revision = revisions.remove(&m.id);
                let author = authors.get(&m.author_id).cloned().unwrap_or_default();
                Ok(ReviewItem {
                    story: StoryWithAuthor {
                        passages: cited
                            .remove(&domain::story::StoryId(m.id))
                            .unwrap_or_default(),
                        story: to_domain(m)?,
                        author,
                    },
                    revision,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(Page { items, total })
    }
}
