//! What the author typed (`stories.source`, `story_revisions.source`), kept beside the
//! sanitised HTML so the edit form shows it as written. Existing rows get the text that
//! `domain::story::content::to_source` recovers from their HTML (plain-text stories read back
//! as typed; richer HTML is its own source).

use sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0017_story_source"
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum Stories {
    Table,
    Id,
    Content,
    Source,
}

#[derive(DeriveIden, Clone, Copy)]
enum StoryRevisions {
    Table,
    Id,
    Content,
    Source,
}

/// Rows read and written per round, so a large archive never sits in memory at once.
const BATCH: u64 = 500;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Stories::Table)
                .add_column(text_null(Stories::Source))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(StoryRevisions::Table)
                .add_column(text_null(StoryRevisions::Source))
                .to_owned(),
        )
        .await?;
        fill(
            m,
            Stories::Table,
            Stories::Id,
            Stories::Content,
            Stories::Source,
        )
        .await?;
        fill(
            m,
            StoryRevisions::Table,
            StoryRevisions::Id,
            StoryRevisions::Content,
            StoryRevisions::Source,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(StoryRevisions::Table)
                .drop_column(StoryRevisions::Source)
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Stories::Table)
                .drop_column(Stories::Source)
                .to_owned(),
        )
        .await
    }
}

async fn fill<T, C>(
    m: &SchemaManager<'_>,
    table: T,
    id: C,
    content: C,
    source: C,
) -> Result<(), DbErr>
where
    T: Iden + Clone + 'static,
    C: Iden + Clone + 'static,
{
    let db = m.get_connection();
    let backend = db.get_database_backend();
    loop {
        let select = Query::select()
            .columns([id.clone(), content.clone()])
            .from(table.clone())
            .and_where(Expr::col(source.clone()).is_null())
            .order_by(id.clone(), Order::Asc)
            .limit(BATCH)
            .to_owned();
        let rows = db.query_all_raw(backend.build(&select)).await?;
        if rows.is_empty() {
            return Ok(());
        }
        for row in rows {
            let row_id: i64 = row.try_get_by_index(0)?;
            let html: String = row.try_get_by_index(1)?;
            let update = Query::update()
                .table(table.clone())
                .value(source.clone(), domain::story::content::to_source(&html))
                .and_where(Expr::col(id.clone()).eq(row_id))
                .to_owned();
            db.execute_raw(backend.build(&update)).await?;
        }
    }
}
