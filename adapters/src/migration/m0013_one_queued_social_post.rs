//! At most one queued post per story and platform, kept by the database: two exports at
//! the very same moment can no longer both queue a story (the count-then-insert race).
//! Duplicates a race may have queued before are cancelled first (the oldest stays).

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0013_one_queued_social_post"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        db.execute_unprepared(
            r#"UPDATE "social_posts" SET "status" = 'cancelled'
               WHERE "status" = 'queued' AND "id" NOT IN (
                 SELECT MIN("id") FROM "social_posts" WHERE "status" = 'queued'
                 GROUP BY "story_id", "platform")"#,
        )
        .await?;
        // A partial unique index, written the same for SQLite and PostgreSQL.
        db.execute_unprepared(
            r#"CREATE UNIQUE INDEX "idx_social_posts_one_queued"
               ON "social_posts" ("story_id", "platform") WHERE "status" = 'queued'"#,
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared(r#"DROP INDEX "idx_social_posts_one_queued""#)
            .await?;
        Ok(())
    }
}
