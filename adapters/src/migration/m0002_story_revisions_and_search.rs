//! Story revisions (staged edits of live stories and the history of approved versions) and
//! full-text search: FTS5 on SQLite, a generated tsvector with a GIN index on PostgreSQL.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0002_story_revisions_and_search"
    }
}

#[derive(DeriveIden)]
enum StoryRevisions {
    Table,
    Id,
    StoryId,
    Title,
    Content,
    Excerpt,
    VideoUrl,
    ThumbnailUrl,
    Category,
    Status,
    CreatedBy,
    CreatedAt,
    ReviewedBy,
    ReviewedAt,
    Reason,
}

#[derive(DeriveIden)]
enum Stories {
    Table,
    Id,
}

const SQLITE_SEARCH: &str = r#"
CREATE VIRTUAL TABLE stories_fts USING fts5(title, excerpt, content, content='stories', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
INSERT INTO stories_fts(rowid, title, excerpt, content) SELECT id, title, coalesce(excerpt, ''), content FROM stories;
CREATE TRIGGER stories_fts_insert AFTER INSERT ON stories BEGIN
  INSERT INTO stories_fts(rowid, title, excerpt, content) VALUES (new.id, new.title, coalesce(new.excerpt, ''), new.content);
END;
CREATE TRIGGER stories_fts_delete AFTER DELETE ON stories BEGIN
  INSERT INTO stories_fts(stories_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, coalesce(old.excerpt, ''), old.content);
END;
CREATE TRIGGER stories_fts_update AFTER UPDATE OF title, excerpt, content ON stories BEGIN
  INSERT INTO stories_fts(stories_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, coalesce(old.excerpt, ''), old.content);
  INSERT INTO stories_fts(rowid, title, excerpt, content) VALUES (new.id, new.title, coalesce(new.excerpt, ''), new.content);
END;
"#;

const POSTGRES_SEARCH: &str = r#"
ALTER TABLE stories ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(content, ''))
) STORED;
CREATE INDEX idx_stories_search ON stories USING GIN (search);
"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(StoryRevisions::Table)
                .col(big_pk_auto(StoryRevisions::Id))
                .col(big_integer(StoryRevisions::StoryId))
                .col(string_len(StoryRevisions::Title, 255))
                .col(text(StoryRevisions::Content))
                .col(text_null(StoryRevisions::Excerpt))
                .col(string_len_null(StoryRevisions::VideoUrl, 2048))
                .col(string_len_null(StoryRevisions::ThumbnailUrl, 2048))
                .col(string_len(StoryRevisions::Category, 100))
                .col(string_len(StoryRevisions::Status, 32))
                .col(string_len_null(StoryRevisions::CreatedBy, 36))
                .col(timestamp_with_time_zone(StoryRevisions::CreatedAt))
                .col(string_len_null(StoryRevisions::ReviewedBy, 36))
                .col(timestamp_with_time_zone_null(StoryRevisions::ReviewedAt))
                .col(text_null(StoryRevisions::Reason))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_story_revisions_story")
                        .from(StoryRevisions::Table, StoryRevisions::StoryId)
                        .to(Stories::Table, Stories::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_story_revisions_story")
                .table(StoryRevisions::Table)
                .col(StoryRevisions::StoryId)
                .col(StoryRevisions::Status)
                .to_owned(),
        )
        .await?;
        let db = m.get_connection();
        match db.get_database_backend() {
            DbBackend::Sqlite => db.execute_unprepared(SQLITE_SEARCH).await?,
            DbBackend::Postgres => db.execute_unprepared(POSTGRES_SEARCH).await?,
            other => return Err(DbErr::Migration(format!("unsupported database {other:?}"))),
        };
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match db.get_database_backend() {
            DbBackend::Sqlite => {
                db.execute_unprepared(
                    "DROP TRIGGER IF EXISTS stories_fts_insert; DROP TRIGGER IF EXISTS stories_fts_delete; \
                     DROP TRIGGER IF EXISTS stories_fts_update; DROP TABLE IF EXISTS stories_fts;",
                )
                .await?;
            }
            _ => {
                db.execute_unprepared("DROP INDEX IF EXISTS idx_stories_search; ALTER TABLE stories DROP COLUMN IF EXISTS search;")
                    .await?;
            }
        }
        m.drop_table(Table::drop().table(StoryRevisions::Table).to_owned())
            .await?;
        Ok(())
    }
}
