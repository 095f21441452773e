//! The number of approved, published stories per category, kept by triggers in the same
//! transaction as every change to a story (insert, delete, cascade from a deleted account,
//! status, publication or category change), so a list's total is read from at most five
//! rows instead of counted over every match on each request.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0020_story_counts"
    }
}

const FILL: &str = "INSERT INTO story_counts (category, published) \
SELECT category, COUNT(*) FROM stories WHERE status = 'approved' AND is_published GROUP BY category;";

const SQLITE: &str = r#"
CREATE TABLE story_counts (category TEXT NOT NULL PRIMARY KEY, published BIGINT NOT NULL DEFAULT 0);
CREATE TRIGGER story_counts_insert AFTER INSERT ON stories
WHEN new.status = 'approved' AND new.is_published BEGIN
  INSERT INTO story_counts (category, published) VALUES (new.category, 1)
  ON CONFLICT (category) DO UPDATE SET published = published + 1;
END;
CREATE TRIGGER story_counts_delete AFTER DELETE ON stories
WHEN old.status = 'approved' AND old.is_published BEGIN
  UPDATE story_counts SET published = published - 1 WHERE category = old.category;
END;
CREATE TRIGGER story_counts_update AFTER UPDATE OF status, is_published, category ON stories BEGIN
  UPDATE story_counts SET published = published - 1
  WHERE category = old.category AND old.status = 'approved' AND old.is_published;
  INSERT INTO story_counts (category, published)
  SELECT new.category, 1 WHERE new.status = 'approved' AND new.is_published
  ON CONFLICT (category) DO UPDATE SET published = published + 1;
END;
"#;

const POSTGRES: &str = r#"
CREATE TABLE story_counts (category TEXT NOT NULL PRIMARY KEY, published BIGINT NOT NULL DEFAULT 0);
CREATE FUNCTION story_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' AND OLD.is_published THEN
    UPDATE story_counts SET published = published - 1 WHERE category = OLD.category;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'approved' AND NEW.is_published THEN
    INSERT INTO story_counts (category, published) VALUES (NEW.category, 1)
    ON CONFLICT (category) DO UPDATE SET published = story_counts.published + 1;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER story_counts_insert_delete AFTER INSERT OR DELETE ON stories
FOR EACH ROW EXECUTE FUNCTION story_counts_follow();
CREATE TRIGGER story_counts_update AFTER UPDATE OF status, is_published, category ON stories
FOR EACH ROW EXECUTE FUNCTION story_counts_follow();
"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match db.get_database_backend() {
            DbBackend::Sqlite => db.execute_unprepared(SQLITE).await?,
            DbBackend::Postgres => db.execute_unprepared(POSTGRES).await?,
            other => return Err(DbErr::Migration(format!("unsupported database {other:?}"))),
        };
        db.execute_unprepared(FILL).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match db.get_database_backend() {
            DbBackend::Sqlite => {
                db.execute_unprepared(
                    "DROP TRIGGER IF EXISTS story_counts_insert; DROP TRIGGER IF EXISTS story_counts_delete; \
                     DROP TRIGGER IF EXISTS story_counts_update; DROP TABLE IF EXISTS story_counts;",
                )
                .await?;
            }
            _ => {
                db.execute_unprepared(
                    "DROP TRIGGER IF EXISTS story_counts_insert_delete ON stories; \
                     DROP TRIGGER IF EXISTS story_counts_update ON stories; \
                     DROP FUNCTION IF EXISTS story_counts_follow(); DROP TABLE IF EXISTS story_counts;",
                )
                .await?;
            }
        }
        Ok(())
    }
}
