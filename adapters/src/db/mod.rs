//! Connecting and migrating; the queues' claim is in `claim.rs`, error translation in
//! `errors.rs`, writes that share a transaction in `group_commit.rs`.

use std::time::{Duration, Instant};

use domain::StoreError;
use sea_orm::sqlx::sqlite::SqliteJournalMode;
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

mod claim;
pub(crate) mod demand;
mod errors;
pub(crate) mod group_commit;
pub(crate) mod handle;
pub(crate) use claim::Claim;
pub use demand::connections_wanted;
pub use errors::refuses_writes;
pub(crate) use errors::store_err;
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

/// How long a PostgreSQL connection may sit in the pool before it is pinged on its way
/// out: a busy server's connections are never pinged, a quiet one's are.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(5);

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
        // Every connection of the pool, not only the first: foreign keys enforce cascades,
        // and a writer waits for another rather than failing at once. Both settings are
        // connection-local. WAL (readers run while one writer writes) is kept in the file:
        // see `wal_before_pool`.
        .map_sqlx_sqlite_opts(|o| o.foreign_keys(true).busy_timeout(Duration::from_secs(5)))
        .map_sqlx_sqlite_pool_opts(|pool| pool.after_release(|conn, _| Box::pin(healthy(conn))));
    // A connection is handed out without a ping first when that would only cost a round
    // trip for every statement (docs/benchmarks.md, "Pings before every statement"): a
    // SQLite connection's thread answered the ping of `healthy` when it came back, and a
    // file does not hang up meanwhile; a PostgreSQL connection is pinged only once it has
    // been idle for `PING_IF_IDLE_FOR` (the server, a proxy or a firewall may have dropped
    // it by then). One that broke sooner fails its statement, which answers 503, and sqlx
    // closes it.
    if sqlite {
        opts.test_before_acquire(false);
        wal_before_pool(url).await?;
        return Ok(Database::connect(opts).await?);
    }
    opts.test_before_acquire_if_idle_for(PING_IF_IDLE_FOR);
    // The pool's first connection is opened here, within the half second above. Starting up,
    // PostgreSQL may take longer to give it (the first connection to a new database builds its
    // caches; a server starting or busy): try again until `FIRST_CONNECTION_WITHIN`. Seen on a
    // busy machine: `seed-demo` on a database created a moment before gave up at 500 ms.
    let started = Instant::now();
    loop {
        match Database::connect(opts.clone()).await {
            Ok(db) => return Ok(db),
            Err(e) if started.elapsed() < FIRST_CONNECTION_WITHIN => {
                tracing::debug!(error = %e, "PostgreSQL has not given a first connection yet");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// How long start-up waits for PostgreSQL's first connection.
const FIRST_CONNECTION_WITHIN: Duration = Duration::from_secs(10);

/// Puts a SQLite file in WAL mode on one connection of its own before the pool opens any:
/// changing the journal mode needs the file to itself, and a pool opens connections
/// concurrently (the one it hands out and the one it keeps in reserve).
async fn wal_before_pool(url: &str) -> anyhow::Result<()> {
    use sea_orm::sqlx::{ConnectOptions as _, Connection as _};
    let conn = url
        .parse::<sea_orm::sqlx::sqlite::SqliteConnectOptions>()?
        .journal_mode(SqliteJournalMode::Wal)
        .busy_timeout(Duration::from_secs(5))
        .disable_statement_logging()
        .connect()
        .await?;
    conn.close().await?;
    Ok(())
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

/// Runs the migrations, on a connection of their own, never on the pool's: a SQLite pool
/// connection that took part in migrating could later prepare statements against the schema
/// as it was before (a user deleted right after start-up failed with "no such table:
/// users"). On PostgreSQL several instances may start at once on one database (a deploy
/// restarts them together): each migrates holding an advisory lock, on that same connection
/// so the lock and its release are on one session, and the later ones find nothing left to
/// do. A process that dies holding it loses its connection and with it the lock. `steps`:
/// at most that many (`None`: all pending).
///
/// # Errors
/// When a migration fails (its own transaction is rolled back; earlier ones stay applied).
pub async fn migrate(url: &str, db: &DatabaseConnection, steps: Option<u32>) -> Result<(), DbErr> {
    let postgres = is_postgres(db);
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.max_connections(1)
        .min_connections(1)
        .sqlx_logging(false);
    let one = Database::connect(opts).await?;
    if !postgres {
        let migrated = Migrator::up(&one, steps).await;
        let _ = one.close().await;
        return migrated;
    }
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
