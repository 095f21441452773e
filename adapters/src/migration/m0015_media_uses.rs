//! Which stories use which pictures (`media_uses`, kept on every story write), and
//! `media.gone_at`: a picture no story uses is marked gone, never served again, and its
//! files are deleted by the clean-up job. Existing stories and versions are read once to
//! fill `media_uses`, so no picture in use is taken for unused.

use std::collections::BTreeSet;

use sea_orm::{ConnectionTrait, Statement};
use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0015_media_uses"
    }
}

#[derive(DeriveIden)]
enum Media {
    Table,
    GoneAt,
}

#[derive(DeriveIden)]
enum MediaUses {
    Table,
    StoryId,
    MediaKey,
}

#[derive(DeriveIden)]
enum Stories {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Media::Table)
                .add_column(timestamp_with_time_zone_null(Media::GoneAt))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(MediaUses::Table)
                .col(big_integer(MediaUses::StoryId))
                .col(string_len(MediaUses::MediaKey, 64))
                .primary_key(
                    Index::create()
                        .col(MediaUses::StoryId)
                        .col(MediaUses::MediaKey),
                )
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_media_uses_story")
                        .from(MediaUses::Table, MediaUses::StoryId)
                        .to(Stories::Table, Stories::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_media_uses_key")
                .table(MediaUses::Table)
                .col(MediaUses::MediaKey)
                .to_owned(),
        )
        .await?;
        fill_uses(m).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(MediaUses::Table).to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table(Media::Table)
                .drop_column(Media::GoneAt)
                .to_owned(),
        )
        .await
    }
}

/// Every (story, picture key) pair found in the stories and their stored versions.
async fn fill_uses(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    let backend = db.get_database_backend();
    let mut pairs = BTreeSet::new();
    for sql in [
        r#"SELECT "id", "content", "thumbnail_url" FROM "stories"
           WHERE "content" LIKE '%/media/%' OR "thumbnail_url" LIKE '%/media/%'"#,
        r#"SELECT "story_id" AS "id", "content", "thumbnail_url" FROM "story_revisions"
           WHERE "content" LIKE '%/media/%' OR "thumbnail_url" LIKE '%/media/%'"#,
    ] {
        for row in db
            .query_all_raw(Statement::from_string(backend, sql))
            .await?
        {
            let id: i64 = row.try_get("", "id")?;
            let content: String = row.try_get("", "content")?;
            let thumbnail: Option<String> = row.try_get("", "thumbnail_url")?;
            for text in [Some(content), thumbnail].into_iter().flatten() {
                for key in domain::story::pictures::keys_in(&text) {
                    pairs.insert((id, key));
                }
            }
        }
    }
    for (id, key) in pairs {
        let insert = Query::insert()
            .into_table(MediaUses::Table)
            .columns([MediaUses::StoryId, MediaUses::MediaKey])
            .values_panic([id.into(), key.into()])
            .to_owned();
        m.exec_stmt(insert).await?;
    }
    Ok(())
}
