//! The super admin's view of the posts: a page of them, one post, and a change of status
//! (a failed post queued again, a queued one cancelled).

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::paging::Page;
use domain::social::{PostStatus, SocialPostId, SocialPostRecord};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use super::SeaOrmSocialPostRepository;
use crate::db::store_err;
use crate::entity::social_posts;

pub(super) async fn page(
    repo: &SeaOrmSocialPostRepository,
    status: Option<PostStatus>,
    limit: u64,
    offset: u64,
) -> Result<Page<SocialPostRecord>, StoreError> {
    let mut query = social_posts::Entity::find();
    if let Some(status) = status {
        query = query.filter(social_posts::Column::Status.eq(status.as_str()));
    }
    let total = query.clone().count(&repo.db).await.map_err(store_err)?;
    let rows = query
        .order_by_desc(social_posts::Column::Id)
        .limit(limit)
        .offset(offset)
        .all(&repo.db)
        .await
        .map_err(store_err)?;
    let items = repo.records(rows).await?;
    Ok(Page { items, total })
}

pub(super) async fn find(
    repo: &SeaOrmSocialPostRepository,
    id: SocialPostId,
) -> Result<Option<SocialPostRecord>, StoreError> {
    let rows: Vec<social_posts::Model> = social_posts::Entity::find_by_id(id.0)
        .one(&repo.db)
        .await
        .map_err(store_err)?
        .into_iter()
        .collect();
    Ok(repo.records(rows).await?.pop())
}

pub(super) async fn change_status(
    repo: &SeaOrmSocialPostRepository,
    id: SocialPostId,
    from: PostStatus,
    to: PostStatus,
) -> Result<bool, StoreError> {
    let mut update = social_posts::Entity::update_many()
        .col_expr(social_posts::Column::Status, to.as_str().into())
        .filter(social_posts::Column::Id.eq(id.0))
        .filter(social_posts::Column::Status.eq(from.as_str()));
    if to == PostStatus::Queued {
        // Fresh tries, due at once.
        update = update
            .col_expr(social_posts::Column::Attempts, 0.into())
            .col_expr(
                social_posts::Column::NextAttemptAt,
                Option::<DateTime<Utc>>::None.into(),
            );
    }
    let res = update.exec(&repo.db).await.map_err(store_err)?;
    Ok(res.rows_affected > 0)
}
