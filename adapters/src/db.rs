//! Connecting, migrating and translating database errors into the domain's `StoreError`.

use std::time::Duration;

use domain::StoreError;
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, SqlErr,
};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

/// Opens the database at `url` (`sqlite://...` or `postgres://...`) and runs the migrations.
///
/// # Errors
/// When the database cannot be reached or a migration fails.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.max_connections(if url.starts_with("sqlite") { 8 } else { 16 })
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(5))
        .sqlx_logging(false);
    let db = Database::connect(opts).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers run while one writer writes; foreign keys enforce cascades.
        db.execute_unprepared(
            "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;",
        )
        .await?;
    }
    Migrator::up(&db, None).await?;
    Ok(db)
}

/// Whether the connection is PostgreSQL (search and locking differ slightly).
pub fn is_postgres(db: &DatabaseConnection) -> bool {
    db.get_database_backend() == DbBackend::Postgres
}

/// Answers whether the database responds (for `/readyz`).
///
/// # Errors
/// [`StoreError::Unavailable`] when it does not.
pub async fn ping(db: &DatabaseConnection) -> Result<(), StoreError> {
    db.ping()
        .await
        .map_err(|e| StoreError::Unavailable(e.into()))
}

/// SQL written once, for PostgreSQL (`$1` placeholders, `FOR UPDATE SKIP LOCKED` on the rows
/// a claim picks), in the form `backend` runs. SQLite gets numbered `?1` placeholders and no
/// row locks: it runs one writer at a time, so a single `UPDATE ... RETURNING` is already
/// atomic there.
pub(crate) fn portable_sql(backend: DbBackend, postgres_sql: &str) -> String {
    if backend == DbBackend::Postgres {
        return postgres_sql.to_owned();
    }
    postgres_sql
        .replace(" FOR UPDATE SKIP LOCKED", "")
        .replace('$', "?")
}

/// Translates a SeaORM error at the boundary.
pub(crate) fn store_err(err: DbErr) -> StoreError {
    if let Some(SqlErr::UniqueConstraintViolation(msg)) = err.sql_err() {
        let field = ["email", "username", "google_id", "name"]
            .into_iter()
            .find(|f| msg.contains(f))
            .map(|f| if f == "google_id" { "googleId" } else { f })
            .unwrap_or("value");
        return StoreError::Conflict(field.to_owned());
    }
    match err {
        DbErr::ConnectionAcquire(_) | DbErr::Conn(_) => StoreError::Unavailable(err.into()),
        other => StoreError::Unknown(anyhow::Error::new(other).context("database query failed")),
    }
}

#[cfg(test)]
mod portable_sql_tests {
    use super::*;

    const CLAIM: &str = r#"UPDATE "t" SET "n" = $1 WHERE "id" IN (SELECT "id" FROM "t" WHERE "a" <= $2 OR "b" <= $2 LIMIT $10 FOR UPDATE SKIP LOCKED) RETURNING *"#;

    #[test]
    fn postgres_runs_the_statement_as_written() {
        assert_eq!(portable_sql(DbBackend::Postgres, CLAIM), CLAIM);
    }

    #[test]
    fn sqlite_gets_numbered_placeholders_and_no_row_locks() {
        assert_eq!(
            portable_sql(DbBackend::Sqlite, CLAIM),
            r#"UPDATE "t" SET "n" = ?1 WHERE "id" IN (SELECT "id" FROM "t" WHERE "a" <= ?2 OR "b" <= ?2 LIMIT ?10) RETURNING *"#
        );
    }
}
