//! The passages each story cites (`story_passages`): replaced whenever a story's live text
//! is written, read in one query for a page of stories, and the condition that keeps a list
//! to the stories citing an overlapping passage.

use std::collections::HashMap;

use domain::StoreError;
use domain::scripture::Passage;
use domain::story::StoryId;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Query};
use sea_orm::{ColumnTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{stories, story_passages};

/// Stores `passages` as the ones `story` cites, in place of those stored before.
pub(super) async fn replace(db: &Db, story: i64, passages: &[Passage]) -> Result<(), StoreError> {
    replace_many(db, &[(story, passages.to_vec())]).await
}

/// [`replace`] for several stories: one delete and one insert.
pub(crate) async fn replace_many(db: &Db, cited: &[(i64, Vec<Passage>)]) -> Result<(), StoreError> {
    story_passages::Entity::delete_many()
        .filter(story_passages::Column::StoryId.is_in(cited.iter().map(|(id, _)| *id)))
        .exec(db)
        .await
        .map_err(store_err)?;
    let rows: Vec<story_passages::ActiveModel> = cited
        .iter()
        .flat_map(|(story, passages)| {
            (0..)
                .zip(passages)
                .map(|(position, p)| story_passages::ActiveModel {
                    story_id: Set(*story),
                    position: Set(position),
                    book: Set(i32::try_from(p.book_number()).unwrap_or_default()),
                    start_verse: Set(i64::from(p.start_id().0)),
                    end_verse: Set(i64::from(p.end_id().0)),
                    osis: Set(p.osis()),
                })
        })
        .collect();
    // Well under both engines' bound-parameter limits (six a row).
    for chunk in rows.chunks(1_000) {
        story_passages::Entity::insert_many(chunk.to_vec())
            .exec(db)
            .await
            .map_err(store_err)?;
    }
    Ok(())
}

/// The passages of each of these stories, in their order, in one query.
pub(super) async fn of_stories(
    db: &Db,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<StoryId, Vec<Passage>>, StoreError> {
    let ids: Vec<i64> = ids.into_iter().collect();
    let mut out: HashMap<StoryId, Vec<Passage>> = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let rows = story_passages::Entity::find()
        .filter(story_passages::Column::StoryId.is_in(ids))
        .order_by_asc(story_passages::Column::StoryId)
        .order_by_asc(story_passages::Column::Position)
        .all(db)
        .await
        .map_err(store_err)?;
    for row in rows {
        if let Some(passage) = Passage::from_osis(&row.osis) {
            out.entry(StoryId(row.story_id)).or_default().push(passage);
        }
    }
    Ok(out)
}

/// Stories citing a verse of any of `passages`, each passage read by a range scan of
/// `idx_story_passages_overlap` within its book. On PostgreSQL the matching ids are
/// collected first (`= ANY(ARRAY(...))`, one init plan): as a semi-join the planner would
/// rather walk every public story newest first and probe each, which reads the whole list
/// for a passage few stories cite.
pub(super) fn citing(backend: DbBackend, passages: &[Passage]) -> Condition {
    let mut any = Condition::any();
    for p in passages {
        let book = i32::try_from(p.book_number()).unwrap_or_default();
        let (start, end) = (i64::from(p.start_id().0), i64::from(p.end_id().0));
        let cited = match backend {
            DbBackend::Postgres => Expr::cust_with_values(
                "\"stories\".\"id\" = ANY(ARRAY(SELECT \"story_id\" FROM \"story_passages\" \
                 WHERE \"book\" = $1 AND \"start_verse\" <= $2 AND \"end_verse\" >= $3))",
                [
                    sea_orm::Value::from(book),
                    sea_orm::Value::from(end),
                    sea_orm::Value::from(start),
                ],
            ),
            _ => {
                let overlapping = Query::select()
                    .column(story_passages::Column::StoryId)
                    .from(story_passages::Entity)
                    .and_where(story_passages::Column::Book.eq(book))
                    .and_where(story_passages::Column::StartVerse.lte(end))
                    .and_where(story_passages::Column::EndVerse.gte(start))
                    .to_owned();
                Expr::col((stories::Entity, stories::Column::Id)).in_subquery(overlapping)
            }
        };
        any = any.add(cited);
    }
    Condition::all().add(any)
}
