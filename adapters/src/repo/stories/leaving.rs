//! What happens to a leaving person's stories, step by step as the domain calls them
//! (`domain::account::leaving`): the published ones handed over, the waiting edits deleted.

use domain::StoreError;
use domain::story::Byline;
use domain::user::UserId;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::SeaOrmStoryRepository;
use crate::db::store_err;
use crate::entity::{stories, story_revisions};

impl SeaOrmStoryRepository {
    pub(super) async fn hand_over(
        &self,
        from: &UserId,
        to: &UserId,
        byline: Byline,
    ) -> Result<u64, StoreError> {
        let res = stories::Entity::update_many()
            .col_expr(stories::Column::AuthorId, Expr::value(to.as_str()))
            .col_expr(stories::Column::Byline, Expr::value(byline.as_str()))
            .filter(stories::Column::AuthorId.eq(from.as_str()))
            .filter(stories::Column::Status.eq("approved"))
            .filter(stories::Column::IsPublished.eq(true))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected)
    }

    pub(super) async fn delete_pending_by(&self, by: &UserId) -> Result<u64, StoreError> {
        let res = story_revisions::Entity::delete_many()
            .filter(story_revisions::Column::CreatedBy.eq(by.as_str()))
            .filter(story_revisions::Column::Status.eq("pending"))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected)
    }
}
