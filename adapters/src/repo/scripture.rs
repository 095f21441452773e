//! Scripture: what public stories cite, for browsing by book and chapter, and the one pass
//! that indexes stories written before the site read references (or under another canon).

use async_trait::async_trait;
use domain::StoreError;
use domain::scripture::{Passage, ScriptureIndex, ScriptureParser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    Set,
};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{settings, stories, story_passages};
use crate::repo::stories::{public_filter, replace_many};

pub struct SeaOrmScriptureIndex {
    db: Db,
}

impl SeaOrmScriptureIndex {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

fn public_story_ids() -> sea_orm::sea_query::SelectStatement {
    stories::Entity::find()
        .select_only()
        .column(stories::Column::Id)
        .filter(public_filter())
        .into_query()
}

#[derive(FromQueryResult)]
struct BookRow {
    book: i32,
    stories: i64,
}

#[derive(FromQueryResult)]
struct SpanRow {
    story_id: i64,
    start_verse: i64,
    end_verse: i64,
}

/// The chapter of a verse id (book × 1,000,000 + chapter × 1,000 + verse).
fn chapter_of(verse_id: i64) -> u16 {
    u16::try_from(verse_id % 1_000_000 / 1_000).unwrap_or_default()
}

#[async_trait]
impl ScriptureIndex for SeaOrmScriptureIndex {
    async fn stories_per_book(&self) -> Result<Vec<(u32, u64)>, StoreError> {
        let rows = story_passages::Entity::find()
            .select_only()
            .column(story_passages::Column::Book)
            .column_as(
                Expr::col(story_passages::Column::StoryId).count_distinct(),
                "stories",
            )
            .filter(story_passages::Column::StoryId.in_subquery(public_story_ids()))
            .group_by(story_passages::Column::Book)
            .into_model::<BookRow>()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let book = u32::try_from(r.book).unwrap_or_default();
                (book, u64::try_from(r.stories).unwrap_or_default())
            })
            .collect())
    }

    async fn chapters_cited(&self, book: u32) -> Result<Vec<(i64, u16, u16)>, StoreError> {
        let rows = story_passages::Entity::find()
            .select_only()
            .column(story_passages::Column::StoryId)
            .column(story_passages::Column::StartVerse)
            .column(story_passages::Column::EndVerse)
            .filter(story_passages::Column::Book.eq(i32::try_from(book).unwrap_or_default()))
            .filter(story_passages::Column::StoryId.in_subquery(public_story_ids()))
            .into_model::<SpanRow>()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(rows
            .into_iter()
            .map(|r| {
                (
                    r.story_id,
                    chapter_of(r.start_verse),
                    chapter_of(r.end_verse),
                )
            })
            .collect())
    }
}

/// The `settings` key that records which canon the stored passages were read with.
const CANON_KEY: &str = "scripture_canon";

/// How many stories one pass of [`reindex_passages`] reads at a time.
const BATCH: u64 = 500;

#[derive(FromQueryResult)]
struct TextRow {
    id: i64,
    title: String,
    excerpt: Option<String>,
    content: String,
}

/// Reads every story's passages again when the stored ones were read under another canon,
/// or before the site read references at all (the first start after the upgrade); returns
/// how many stories it read (0 when nothing was to do). Idempotent: two servers starting
/// together write the same rows.
///
/// # Errors
/// The store's error.
pub async fn reindex_passages(
    db: impl Into<Db>,
    parser: &ScriptureParser,
    canon: &str,
) -> Result<u64, StoreError> {
    let db: Db = db.into();
    let stored = settings::Entity::find_by_id(CANON_KEY.to_owned())
        .one(&db)
        .await
        .map_err(store_err)?;
    if stored.is_some_and(|s| s.value == canon) {
        return Ok(0);
    }
    let read = read_passages(&db, parser).await?;
    settings::Entity::insert(settings::ActiveModel {
        key: Set(CANON_KEY.to_owned()),
        value: Set(canon.to_owned()),
    })
    .on_conflict(
        sea_orm::sea_query::OnConflict::column(settings::Column::Key)
            .update_column(settings::Column::Value)
            .to_owned(),
    )
    .exec(&db)
    .await
    .map_err(store_err)?;
    Ok(read)
}

/// Reads the passages of every story and stores them in place of those stored, a batch of
/// stories at a time (one delete and one insert a batch); returns how many stories it read.
///
/// # Errors
/// The store's error.
pub(crate) async fn read_passages(db: &Db, parser: &ScriptureParser) -> Result<u64, StoreError> {
    let mut after = 0_i64;
    let mut read = 0_u64;
    loop {
        let rows = stories::Entity::find()
            .select_only()
            .columns([
                stories::Column::Id,
                stories::Column::Title,
                stories::Column::Excerpt,
                stories::Column::Content,
            ])
            .filter(stories::Column::Id.gt(after))
            .order_by_asc(stories::Column::Id)
            .limit(BATCH)
            .into_model::<TextRow>()
            .all(db)
            .await
            .map_err(store_err)?;
        let Some(last) = rows.last() else { break };
        after = last.id;
        let cited: Vec<(i64, Vec<Passage>)> = rows
            .iter()
            .map(|row| {
                let texts = [
                    row.title.as_str(),
                    row.excerpt.as_deref().unwrap_or_default(),
                    row.content.as_str(),
                ];
                (row.id, parser.passages(texts))
            })
            .collect();
        replace_many(db, &cited).await?;
        read += rows.len() as u64;
    }
    Ok(read)
}
