//! The statements of the public list: a page of cards newest first and its total; and the
//! stories published in a window, for subscribers.

use domain::story::{AudienceScope, StoryQuery};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select,
    Statement,
};

use super::rows::{scope_filter, summary_select};
use super::search::{search_filter, search_words};
use crate::entity::stories;

/// The two statements of a public list page: the number of matches (`total`: from
/// `story_counts` without search words, counted over the matches with them), and the page's
/// card columns newest first (read in order from `idx_stories_public`, or
/// `idx_stories_category_public` for a category).
pub(crate) fn list_selects(
    backend: DbBackend,
    query: &StoryQuery,
    limit: u64,
    offset: u64,
) -> (Statement, Select<stories::Entity>) {
    let mut cond = scope_filter(query.scope);
    let category = query.category.as_deref().filter(|c| !c.is_empty());
    if let Some(cat) = category {
        cond = cond.add(stories::Column::Category.eq(cat));
    }
    if !query.passages.is_empty() {
        cond = cond.add(super::passages::citing(backend, &query.passages));
    }
    let words = search_words(query.search.as_deref().unwrap_or_default());
    // `story_counts` holds the public stories only, with no search or passage.
    let count =
        if words.is_empty() && query.passages.is_empty() && query.scope == AudienceScope::Public {
            crate::repo::story_counts::total(backend, category)
        } else {
            if !words.is_empty() {
                cond = cond.add(search_filter(backend, &words));
            }
            stories::Entity::find()
                .select_only()
                .column_as(Expr::col(stories::Column::Id).count(), "total")
                .filter(cond.clone())
                .build(backend)
        };
    let page = summary_select()
        .filter(cond)
        .order_by_desc(stories::Column::PublishedAt)
        .order_by_desc(stories::Column::Id)
        .limit(limit)
        .offset(offset);
    (count, page)
}

/// The stories subscribers hear of: live ones (members-only too; the digest decides who
/// reads them) published after `after` and at or before `until`, newest first, with their
/// authors (two queries).
#[async_trait::async_trait]
impl domain::subscription::NewStories for super::SeaOrmStoryRepository {
    async fn published_between(
        &self,
        after: chrono::DateTime<chrono::Utc>,
        until: chrono::DateTime<chrono::Utc>,
        limit: u32,
    ) -> Result<Vec<domain::story::StorySummary>, domain::StoreError> {
        let rows = summary_select()
            .filter(scope_filter(AudienceScope::Members))
            .filter(stories::Column::PublishedAt.gt(after))
            .filter(stories::Column::PublishedAt.lte(until))
            .order_by_desc(stories::Column::PublishedAt)
            .order_by_desc(stories::Column::Id)
            .limit(u64::from(limit))
            .into_model::<super::rows::SummaryRow>()
            .all(&self.db)
            .await
            .map_err(crate::db::store_err)?;
        self.summaries(rows, false).await
    }
}
