//! Deleting an account and what goes with it, in one transaction: published stories kept
//! under "Former member" (or deleted), sessions, the activity log's names, subscriptions,
//! and the rows that cascade.

use domain::StoreError;
use domain::user::{FORMER_MEMBER_ID, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::rows::ensure_former_member;
use crate::db::Db;
use crate::db::store_err;
use crate::entity::{sessions, stories, story_revisions, users};

/// Deletes the account `id`; `keep_published` keeps its published stories under the
/// placeholder person. `false` when there was no such account.
pub(super) async fn delete_account(
    db: &Db,
    id: &UserId,
    keep_published: bool,
) -> Result<bool, StoreError> {
    let txn = db.begin().await.map_err(store_err)?;
    if keep_published {
        ensure_former_member(&txn, db.now()).await?;
        let kept = stories::Entity::update_many()
            .col_expr(stories::Column::AuthorId, Expr::value(FORMER_MEMBER_ID))
            // Kept stories name nobody: never a placeholder person (docs/decisions/privacy.md).
            .col_expr(
                stories::Column::Byline,
                Expr::value(domain::story::Byline::Anonymous.as_str()),
            )
            .filter(stories::Column::AuthorId.eq(id.as_str()))
            .filter(stories::Column::Status.eq("approved"))
            .filter(stories::Column::IsPublished.eq(true));
        kept.exec(&txn).await.map_err(store_err)?;
        // An edit the person left waiting for review goes with them: nobody could
        // answer a reviewer's question about it any more.
        story_revisions::Entity::delete_many()
            .filter(story_revisions::Column::CreatedBy.eq(id.as_str()))
            .filter(story_revisions::Column::Status.eq("pending"))
            .exec(&txn)
            .await
            .map_err(store_err)?;
    }
    sessions::Entity::delete_many()
        .filter(sessions::Column::UserId.eq(id.as_str()))
        .exec(&txn)
        .await
        .map_err(store_err)?;
    // The activity log keeps what was done, not the name of who left.
    crate::entity::audit_log::Entity::update_many()
        .col_expr(
            crate::entity::audit_log::Column::ActorName,
            Expr::value("Former member"),
        )
        .filter(crate::entity::audit_log::Column::ActorId.eq(id.as_str()))
        .exec(&txn)
        .await
        .map_err(store_err)?;
    crate::entity::audit_log::Entity::update_many()
        .col_expr(
            crate::entity::audit_log::Column::TargetLabel,
            Expr::value(Option::<String>::None),
        )
        .filter(crate::entity::audit_log::Column::TargetKind.eq("person"))
        .filter(crate::entity::audit_log::Column::TargetId.eq(id.as_str()))
        .exec(&txn)
        .await
        .map_err(store_err)?;
    // Their subscriptions go with them, consent records included.
    crate::repo::subscriptions::delete_of_account(&txn, id).await?;
    // Cascades: the remaining stories (with their comments and revisions), the
    // schedule, one-time tokens, counted sign-in failures, the admin credential.
    let deleted = users::Entity::delete_by_id(id.as_str().to_owned())
        .exec(&txn)
        .await
        .map_err(store_err)?;
    crate::repo::media::leave_with_owner(&txn, id, db.now()).await?;
    txn.commit().await.map_err(store_err)?;
    Ok(deleted.rows_affected > 0)
}
