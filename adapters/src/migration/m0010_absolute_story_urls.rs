//! Stored story HTML keeps only absolute http(s) and mailto URLs: stories and versions
//! written before the sanitiser refused relative ones (`<img src="/api/logout">`, which
//! made every reader's browser call the site) are cleaned again, in batches.

use domain::story::HtmlSanitizer;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

use crate::sanitizer::AmmoniaSanitizer;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0010_absolute_story_urls"
    }
}

const BATCH: u64 = 500;

async fn clean_table(m: &SchemaManager<'_>, table: &str) -> Result<(), DbErr> {
    let db = m.get_connection();
    // A migration knows no `PUBLIC_URL`: this pass cleans relative addresses only.
    let sanitizer = AmmoniaSanitizer::new("");
    let (table, id, content) = (Alias::new(table), Alias::new("id"), Alias::new("content"));
    let mut last = 0_i64;
    loop {
        let rows = db
            .query_all(
                Query::select()
                    .columns([id.clone(), content.clone()])
                    .from(table.clone())
                    .and_where(Expr::col(id.clone()).gt(last))
                    .order_by(id.clone(), Order::Asc)
                    .limit(BATCH),
            )
            .await?;
        let Some(end) = rows.last() else {
            return Ok(());
        };
        last = end.try_get::<i64>("", "id")?;
        for row in &rows {
            let html: String = row.try_get("", "content")?;
            let clean = sanitizer.sanitize(&html);
            if clean != html {
                db.execute(
                    Query::update()
                        .table(table.clone())
                        .value(content.clone(), clean)
                        .and_where(Expr::col(id.clone()).eq(row.try_get::<i64>("", "id")?)),
                )
                .await?;
            }
        }
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        clean_table(m, "stories").await?;
        clean_table(m, "story_revisions").await
    }

    async fn down(&self, _m: &SchemaManager) -> Result<(), DbErr> {
        Ok(())
    }
}
