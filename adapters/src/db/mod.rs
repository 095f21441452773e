//! Connecting, migrating and translating database errors into the domain's `StoreError`.

use std::time::Duration;

use domain::StoreError;
use sea_orm::sea_query::{
    Alias, CommonTableExpression, Condition, Expr, ExprTrait, LockBehavior, LockType, Order, Query,
    WithClause,
};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, EntityTrait,
    SqlErr, Statement,
};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

pub(crate) mod demand;
pub(crate) mod handle;
pub use demand::connections_wanted;
pub use handle::Db;

/// Opens the database at `url` (`sqlite://...` or `postgres://...`) and runs the migrations.
///
/// # Errors
/// When the database cannot be reached or a migration fails.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let db = open(url).await?;
    migrate(url, &db, None).await?;
    Ok(db)
}

/// Opens the database at `url` without migrating it (see [`migrate`]).
///
/// # Errors
/// When the database cannot be reached.
pub async fn open(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut opts = ConnectOptions::new(url.to_owned());
    let sqlite = url.starts_with("sqlite");
    opts.max_connections(if sqlite { 8 } else { 16 })
        .min_connections(1)
        // PostgreSQL: a request waits at most half a second for a connection, so when the
        // server is away (sqlx retries a refused connection until this deadline) it answers
        // 503 at once instead of hanging; a server that answers gives one in milliseconds.
        // SQLite opens a file: waiting is only ever for a busy pool.
        .acquire_timeout(if sqlite {
            Duration::from_secs(5)
        } else {
            Duration::from_millis(500)
        })
        .sqlx_logging(false)
        .map_sqlx_sqlite_pool_opts(|pool| pool.after_release(|conn, _| Box::pin(healthy(conn))));
    let db = Database::connect(opts).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers run while one writer writes; foreign keys enforce cascades.
        db.execute_unprepared(
            "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;",
        )
        .await?;
    }
    Ok(db)
}

/// Whether a SQLite connection given back to the pool may serve again: not when it is still
/// inside a transaction once what it was asked to do is done (the ping waits for a rollback
/// queued by a dropped transaction). After a `COMMIT` that failed (a full disk, a read-only
/// file), SQLite has rolled the transaction back itself, the `ROLLBACK` that follows fails,
/// and sqlx still counts the connection as inside a transaction: its next `BEGIN` would be
/// a `SAVEPOINT` and its next commit a `RELEASE`, which commits nothing while a transaction
/// is open, so a later write would be answered as stored and never be seen. Such a
/// connection is closed instead, which also ends any transaction it holds.
async fn healthy(conn: &mut sea_orm::sqlx::SqliteConnection) -> Result<bool, sea_orm::sqlx::Error> {
    use sea_orm::sqlx::Connection;
    conn.ping().await?;
    if conn.is_in_transaction() {
        tracing::debug!("a database connection was left inside a transaction: closed");
        return Ok(false);
    }
    Ok(true)
}

/// The PostgreSQL advisory lock held while migrating ("GraceSto" in ASCII).
const MIGRATION_LOCK: i64 = 0x4772_6163_6553_746f;

/// Runs the migrations. On PostgreSQL several instances may start at once on one database
/// (a deploy restarts them together): each migrates holding an advisory lock, on a
/// connection of its own so the lock and its release are on the same session, and the
/// later ones find nothing left to do. A process that dies holding it loses its connection
/// and with it the lock. `steps`: at most that many (`None`: all pending).
///
/// # Errors
/// When a migration fails (its own transaction is rolled back; earlier ones stay applied).
pub async fn migrate(url: &str, db: &DatabaseConnection, steps: Option<u32>) -> Result<(), DbErr> {
    if db.get_database_backend() != DbBackend::Postgres {
        return Migrator::up(db, steps).await;
    }
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.max_connections(1)
        .min_connections(1)
        .sqlx_logging(false);
    let one = Database::connect(opts).await?;
    one.execute_unprepared(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
        .await?;
    let migrated = Migrator::up(&one, steps).await;
    let unlocked = one
        .execute_unprepared(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
        .await;
    let _ = one.close().await;
    migrated.and(unlocked.map(|_| ()))
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

/// The atomic claim every queue uses, built with sea-query for the backend:
/// `WITH picked AS MATERIALIZED (SELECT id FROM <table> WHERE <due> ORDER BY <order>
/// LIMIT <limit> FOR UPDATE SKIP LOCKED) UPDATE <table> SET <changes> WHERE <still_due> AND
/// id IN (SELECT id FROM picked) RETURNING *`.
/// On PostgreSQL the inner select locks the rows it picks and skips rows another instance
/// is claiming at that moment, and the outer condition is checked again on the latest row
/// version, so an item is never claimed twice. SQLite runs one writer at a time and has no
/// row locks (sea-query leaves the clause out there), so the statement alone is enough.
pub(crate) struct Claim<E: EntityTrait> {
    pub entity: E,
    pub id: E::Column,
    pub due: Condition,
    pub order: Vec<E::Column>,
    pub limit: u64,
    pub changes: Vec<(E::Column, Expr)>,
}

impl<E: EntityTrait> Claim<E> {
    pub(crate) fn statement(self, backend: DbBackend) -> Statement {
        let mut pick = Query::select();
        pick.column(self.id)
            .from(self.entity)
            .cond_where(self.due.clone())
            .limit(self.limit)
            .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        for column in self.order {
            pick.order_by(column, Order::Asc);
        }
        // The pick runs once, as a materialized CTE. Written as `id IN (SELECT ... LIMIT n
        // FOR UPDATE SKIP LOCKED)`, PostgreSQL may plan it as the inner side of a nested-loop
        // semi join and run it again for every row it updates; each run skips the rows this
        // statement has just updated (locked by itself) and picks the next ones, so one claim
        // took 148 rows with a limit of 20 (`adapters/tests/claims.rs`).
        let mut picked = CommonTableExpression::new();
        picked
            .query(pick)
            .column(self.id)
            .table_name(Alias::new("picked"))
            .materialized(true);
        let mut update = Query::update();
        update
            .table(self.entity)
            .cond_where(self.due)
            .and_where(
                Expr::col(self.id).in_subquery(
                    Query::select()
                        .column(self.id)
                        .from(Alias::new("picked"))
                        .to_owned(),
                ),
            )
            .returning_all();
        for (column, value) in self.changes {
            update.value(column, value);
        }
        backend.build(&update.with(WithClause::new().cte(picked).to_owned()))
    }
}

/// Every unique constraint a user can run into: its PostgreSQL name, what SQLite reports
/// (`table.column`), and the API field it concerns.
const UNIQUE_CONSTRAINTS: [(&str, &str, &str); 4] = [
    ("users_email_key", "users.email", "email"),
    ("users_username_key", "users.username", "username"),
    ("users_google_id_key", "users.google_id", "googleId"),
    ("categories_name_key", "categories.name", "name"),
];

/// The API field of a unique violation, by the exact constraint the database names.
fn conflicting_field(message: &str) -> &'static str {
    let sqlite = message
        .split("UNIQUE constraint failed: ")
        .nth(1)
        .map(str::trim);
    UNIQUE_CONSTRAINTS
        .iter()
        .find(|(postgres, columns, _)| {
            sqlite == Some(*columns) || message.contains(&format!("\"{postgres}\""))
        })
        .map_or("value", |(_, _, field)| field)
}

/// Translates a SeaORM error at the boundary.
pub(crate) fn store_err(err: DbErr) -> StoreError {
    if let Some(SqlErr::UniqueConstraintViolation(msg)) = err.sql_err() {
        return StoreError::Conflict(conflicting_field(&msg).to_owned());
    }
    if is_outage(&err) {
        return StoreError::Unavailable(err.into());
    }
    StoreError::Unknown(anyhow::Error::new(err).context("database query failed"))
}

/// Whether the database is away or cannot take writes, rather than the statement being
/// wrong: no connection, a broken or timed-out one, a server shutting down or starting
/// (PostgreSQL classes 08 and 57), or a full, read-only, locked or failing SQLite file.
/// These answer 503, so a client may try again; anything else is a bug (500).
fn is_outage(err: &DbErr) -> bool {
    use sea_orm::sqlx::Error as Sqlx;
    if matches!(err, DbErr::ConnectionAcquire(_) | DbErr::Conn(_)) {
        return true;
    }
    let Some(sqlx) = sqlx_error(err) else {
        return false;
    };
    match sqlx {
        Sqlx::Io(_)
        | Sqlx::Tls(_)
        | Sqlx::Protocol(_)
        | Sqlx::PoolTimedOut
        | Sqlx::PoolClosed
        | Sqlx::WorkerCrashed
        | Sqlx::BeginFailed => true,
        Sqlx::Database(_) => match database_code(sqlx) {
            // BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
            Some(Code::Sqlite(primary)) => matches!(primary, 5 | 6 | 8 | 10 | 13 | 14),
            // Connection exceptions, operator intervention (shutdown, start-up), too many
            // connections, a full disk, a read-only server (a standby).
            Some(Code::Postgres(code)) => {
                code.starts_with("08")
                    || code.starts_with("57")
                    || matches!(code.as_str(), "53300" | "53100" | "25006")
            }
            None => false,
        },
        _ => false,
    }
}

/// Whether an outage (a `StoreError::Unavailable`'s cause) is the database refusing writes
/// (a full disk, a read-only file or server) while it still answers reads, rather than
/// being away: the server logs the two apart, and reads going on do not mean writes are back.
pub fn refuses_writes(cause: &anyhow::Error) -> bool {
    cause.chain().any(|e| {
        match e
            .downcast_ref::<DbErr>()
            .and_then(sqlx_error)
            .and_then(database_code)
        {
            // READONLY, FULL.
            Some(Code::Sqlite(primary)) => matches!(primary, 8 | 13),
            Some(Code::Postgres(code)) => matches!(code.as_str(), "53100" | "25006"),
            None => false,
        }
    })
}

/// The driver's error inside a statement's error.
fn sqlx_error(err: &DbErr) -> Option<&sea_orm::sqlx::Error> {
    match err {
        DbErr::Exec(sea_orm::RuntimeErr::SqlxError(e))
        | DbErr::Query(sea_orm::RuntimeErr::SqlxError(e)) => Some(e.as_ref()),
        _ => None,
    }
}

/// A database's own error code.
enum Code {
    /// SQLite's primary result code (the low byte of the extended one).
    Sqlite(i32),
    /// PostgreSQL's SQLSTATE.
    Postgres(String),
}

fn database_code(err: &sea_orm::sqlx::Error) -> Option<Code> {
    let sea_orm::sqlx::Error::Database(db) = err else {
        return None;
    };
    let code = db.code()?;
    if db
        .try_downcast_ref::<sea_orm::sqlx::sqlite::SqliteError>()
        .is_some()
    {
        return code.parse::<i32>().ok().map(|c| Code::Sqlite(c & 0xff));
    }
    Some(Code::Postgres(code.into_owned()))
}

#[cfg(test)]
mod unique_tests {
    use super::conflicting_field;

    #[test]
    fn a_violation_names_its_field_by_the_exact_constraint() {
        assert_eq!(
            conflicting_field(
                "duplicate key value violates unique constraint \"users_username_key\""
            ),
            "username"
        );
        assert_eq!(
            conflicting_field("UNIQUE constraint failed: users.google_id"),
            "googleId"
        );
        assert_eq!(
            conflicting_field("UNIQUE constraint failed: categories.name"),
            "name"
        );
        // A value that merely mentions a field's name is not that field.
        assert_eq!(
            conflicting_field(
                "UNIQUE constraint failed: social_posts.story_id, social_posts.platform"
            ),
            "value"
        );
        assert_eq!(
            conflicting_field("duplicate key value violates unique constraint \"idx_x\" (email)"),
            "value"
        );
    }
}

#[cfg(test)]
mod claim_tests {
    use sea_orm::ColumnTrait;

    use super::*;
    use crate::entity::mail_outbox;

    fn claim() -> Claim<mail_outbox::Entity> {
        Claim {
            entity: mail_outbox::Entity,
            id: mail_outbox::Column::Id,
            due: Condition::all().add(mail_outbox::Column::Subject.eq("costs $1")),
            order: vec![mail_outbox::Column::Id],
            limit: 20,
            changes: vec![(
                mail_outbox::Column::Attempts,
                Expr::col(mail_outbox::Column::Attempts).add(1),
            )],
        }
    }

    #[test]
    fn postgres_locks_the_picked_rows_and_skips_locked_ones() {
        let sql = claim().statement(DbBackend::Postgres).to_string();
        assert!(sql.contains("FOR UPDATE SKIP LOCKED"), "{sql}");
        // The pick runs once, as a materialized CTE, before the update takes its rows.
        assert!(
            sql.starts_with(
                r#"WITH "picked" ("id") AS  MATERIALIZED (SELECT "id" FROM "mail_outbox""#
            ),
            "{sql}"
        );
        assert!(
            sql.contains(r#") UPDATE "mail_outbox" SET "attempts" = "attempts" + 1 WHERE"#),
            "{sql}"
        );
        assert!(
            sql.contains(r#"AND "id" IN (SELECT "id" FROM "picked")"#),
            "{sql}"
        );
        assert!(sql.ends_with("RETURNING *"), "{sql}");
    }

    #[test]
    fn sqlite_gets_no_row_locks_and_a_dollar_in_a_value_stays_a_value() {
        let statement = claim().statement(DbBackend::Sqlite);
        assert!(!statement.sql.contains("FOR UPDATE"), "{}", statement.sql);
        assert!(
            !statement.sql.contains('$'),
            "values are bound, never spliced: {}",
            statement.sql
        );
        assert!(statement.to_string().contains("costs $1"), "{statement}");
    }
}
