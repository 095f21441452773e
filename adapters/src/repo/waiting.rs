//! What waits, for the metrics: the delivery queues (mail and social posts) and the
//! moderation queues (new stories, staged edits, comments, people), each counted with the
//! time of its oldest item, one query per queue whatever their length. The conditions are
//! the queues' own (the repositories' `page`, `pending`, `review_page`, `list_pending`).

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::mail::MAX_DELIVERY_ATTEMPTS;
use domain::social::PostStatus;
use domain::story::{RevisionStatus, StoryStatus};
use domain::user::{FORMER_MEMBER_ID, Role};
use sea_orm::{ConnectionTrait, QueryResult, Statement};

use crate::db::Db;
use crate::db::store_err;

/// One queue: how many items wait, and since when the oldest has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Queue {
    pub count: u64,
    pub oldest: Option<DateTime<Utc>>,
}

/// A delivery queue: what still waits to go out, and what was given up on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outbox {
    pub queued: Queue,
    pub failed: u64,
}

/// Every queue the metrics report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Waiting {
    pub mail: Outbox,
    pub social: Outbox,
    pub stories: Queue,
    pub edits: Queue,
    pub comments: Queue,
    pub people: Queue,
}

/// Reads every queue: six queries (one per queue), each a count with a minimum.
///
/// # Errors
/// The database's error.
pub async fn waiting(db: impl Into<Db>) -> Result<Waiting, StoreError> {
    let db: Db = db.into();
    let max = MAX_DELIVERY_ATTEMPTS;
    let mail = outbox(
        &db,
        &format!(
            "SELECT COUNT(CASE WHEN attempts < {max} THEN 1 END), \
             MIN(CASE WHEN attempts < {max} THEN created_at END), \
             COUNT(CASE WHEN attempts >= {max} THEN 1 END) \
             FROM mail_outbox WHERE sent_at IS NULL"
        ),
    )
    .await?;
    let (queued, failed) = (PostStatus::Queued.as_str(), PostStatus::Failed.as_str());
    let social = outbox(
        &db,
        &format!(
            "SELECT COUNT(CASE WHEN status = '{queued}' THEN 1 END), \
             MIN(CASE WHEN status = '{queued}' THEN created_at END), \
             COUNT(CASE WHEN status = '{failed}' THEN 1 END) \
             FROM social_posts WHERE status IN ('{queued}', '{failed}')"
        ),
    )
    .await?;
    let stories = queue(
        &db,
        &format!(
            "SELECT COUNT(*), MIN(updated_at) FROM stories WHERE status = '{}'",
            StoryStatus::PendingApproval.as_str()
        ),
    )
    .await?;
    let edits = queue(
        &db,
        &format!(
            "SELECT COUNT(*), MIN(created_at) FROM story_revisions WHERE status = '{}'",
            RevisionStatus::Pending.as_str()
        ),
    )
    .await?;
    let comments = queue(
        &db,
        "SELECT COUNT(*), MIN(created_at) FROM comments WHERE NOT is_approved",
    )
    .await?;
    let people = queue(
        &db,
        &format!(
            "SELECT COUNT(*), MIN(created_at) FROM users WHERE NOT is_approved \
             AND id <> '{FORMER_MEMBER_ID}' AND suspended_reason IS NULL \
             AND role NOT IN ('{}', '{}', '{}')",
            Role::Admin.as_str(),
            Role::SubAdmin.as_str(),
            Role::SuperAdmin.as_str()
        ),
    )
    .await?;
    Ok(Waiting {
        mail,
        social,
        stories,
        edits,
        comments,
        people,
    })
}

async fn row(db: &Db, sql: &str) -> Result<QueryResult, StoreError> {
    db.query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .map_err(store_err)?
        .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("an aggregate answered no row")))
}

fn read_queue(row: &QueryResult, first: usize) -> Result<Queue, StoreError> {
    let count: i64 = row.try_get_by_index(first).map_err(store_err)?;
    let oldest: Option<DateTime<Utc>> = row.try_get_by_index(first + 1).map_err(store_err)?;
    Ok(Queue {
        count: u64::try_from(count).unwrap_or(0),
        oldest,
    })
}

async fn queue(db: &Db, sql: &str) -> Result<Queue, StoreError> {
    read_queue(&row(db, sql).await?, 0)
}

async fn outbox(db: &Db, sql: &str) -> Result<Outbox, StoreError> {
    let row = row(db, sql).await?;
    let failed: i64 = row.try_get_by_index(2).map_err(store_err)?;
    Ok(Outbox {
        queued: read_queue(&row, 0)?,
        failed: u64::try_from(failed).unwrap_or(0),
    })
}
