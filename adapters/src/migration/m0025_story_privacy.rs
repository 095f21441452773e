//! How a story names its author (`stories.byline`: `full`, `first`, `firstInitial`,
//! `anonymous`) and who may read it (`stories.audience`: `public`, `members`). Existing
//! stories keep what they showed: `full` and `public`. The published counts of m0020 count
//! only public stories from now on (a visitor's totals and category counts must not reveal
//! members-only stories), so their triggers also follow `audience`.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0025_story_privacy"
    }
}

const COLUMNS: &str = "ALTER TABLE stories ADD COLUMN byline TEXT NOT NULL DEFAULT 'full';
ALTER TABLE stories ADD COLUMN audience TEXT NOT NULL DEFAULT 'public';";

const REFILL: &str = "DELETE FROM story_counts;
INSERT INTO story_counts (category, published)
SELECT category, COUNT(*) FROM stories
WHERE status = 'approved' AND is_published AND audience = 'public' GROUP BY category;";

const SQLITE: &str = r#"
DROP TRIGGER story_counts_insert;
DROP TRIGGER story_counts_delete;
DROP TRIGGER story_counts_update;
CREATE TRIGGER story_counts_insert AFTER INSERT ON stories
WHEN new.status = 'approved' AND new.is_published AND new.audience = 'public' BEGIN
  INSERT INTO story_counts (category, published) VALUES (new.category, 1)
  ON CONFLICT (category) DO UPDATE SET published = published + 1;
END;
CREATE TRIGGER story_counts_delete AFTER DELETE ON stories
WHEN old.status = 'approved' AND old.is_published AND old.audience = 'public' BEGIN
  UPDATE story_counts SET published = published - 1 WHERE category = old.category;
END;
CREATE TRIGGER story_counts_update AFTER UPDATE OF status, is_published, category, audience ON stories BEGIN
  UPDATE story_counts SET published = published - 1
  WHERE category = old.category AND old.status = 'approved' AND old.is_published
    AND old.audience = 'public';
  INSERT INTO story_counts (category, published)
  SELECT new.category, 1 WHERE new.status = 'approved' AND new.is_published
    AND new.audience = 'public'
  ON CONFLICT (category) DO UPDATE SET published = published + 1;
END;
"#;

const POSTGRES: &str = r#"
CREATE OR REPLACE FUNCTION story_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' AND OLD.is_published
     AND OLD.audience = 'public' THEN
    UPDATE story_counts SET published = published - 1 WHERE category = OLD.category;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'approved' AND NEW.is_published
     AND NEW.audience = 'public' THEN
    INSERT INTO story_counts (category, published) VALUES (NEW.category, 1)
    ON CONFLICT (category) DO UPDATE SET published = story_counts.published + 1;
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER story_counts_update ON stories;
CREATE TRIGGER story_counts_update AFTER UPDATE OF status, is_published, category, audience ON stories
FOR EACH ROW EXECUTE FUNCTION story_counts_follow();
"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        db.execute_unprepared(COLUMNS).await?;
        match db.get_database_backend() {
            DbBackend::Sqlite => db.execute_unprepared(SQLITE).await?,
            DbBackend::Postgres => db.execute_unprepared(POSTGRES).await?,
            other => return Err(DbErr::Migration(format!("unsupported database {other:?}"))),
        };
        db.execute_unprepared(REFILL).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Back to m0020's counts (every live story), then without the columns.
        let db = m.get_connection();
        let (triggers, columns) = match db.get_database_backend() {
            DbBackend::Sqlite => (
                SQLITE,
                "ALTER TABLE stories DROP COLUMN audience; ALTER TABLE stories DROP COLUMN byline;",
            ),
            _ => (
                POSTGRES,
                "ALTER TABLE stories DROP COLUMN audience, DROP COLUMN byline;",
            ),
        };
        let old = triggers
            .replace(" AND new.audience = 'public'", "")
            .replace(" AND old.audience = 'public'", "")
            .replace("\n    AND new.audience = 'public'", "")
            .replace("\n    AND old.audience = 'public'", "")
            .replace("\n     AND NEW.audience = 'public'", "")
            .replace("\n     AND OLD.audience = 'public'", "")
            .replace(", audience ON stories", " ON stories");
        db.execute_unprepared(&old).await?;
        db.execute_unprepared(columns).await?;
        db.execute_unprepared(&REFILL.replace(" AND audience = 'public'", ""))
            .await?;
        Ok(())
    }
}
