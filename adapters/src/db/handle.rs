//! The connection handle that lets every repository run either on the pool or inside one
//! open transaction, with the clock that stamps what it writes.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::clock::{Clock, SystemClock};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult,
    QueryResult, SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};
use tracing::Instrument;

/// Where a repository's statements run (the shared pool, or one open transaction) and the
/// clock that stamps what they write (`created_at`, `updated_at`, ...): the system clock
/// unless [`Db::with_clock`] gives another (tests give a fixed one), the domain's `Clock`
/// port, so adapters and services read the same time.
#[derive(Clone)]
pub struct Db {
    conn: Conn,
    clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone)]
enum Conn {
    Pool(DatabaseConnection),
    Transaction(Arc<DatabaseTransaction>),
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db")
            .field("conn", &self.conn)
            .finish_non_exhaustive()
    }
}

impl From<DatabaseConnection> for Db {
    fn from(db: DatabaseConnection) -> Self {
        Self {
            conn: Conn::Pool(db),
            clock: Arc::new(SystemClock),
        }
    }
}

impl Db {
    /// The same connection, stamping writes with `clock`.
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// The time to stamp a write with.
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// The clock of this handle (for the repositories a unit of work hands out).
    pub fn clock(&self) -> Arc<dyn Clock> {
        self.clock.clone()
    }

    pub(crate) fn in_transaction(&self, txn: Arc<DatabaseTransaction>) -> Self {
        Self {
            conn: Conn::Transaction(txn),
            clock: self.clock.clone(),
        }
    }

    /// The `db` span one statement runs in (at `debug`, so its fields are not even worked
    /// out unless asked for with `RUST_LOG=adapters=debug`): what it does to which table
    /// ([`statement_head`]; never the values, which may be personal) and whether it runs
    /// inside a transaction. It sits inside the request's or job's span, so a slow or failed
    /// statement names the request id it served.
    fn statement_span(&self, sql: &str) -> tracing::Span {
        tracing::debug_span!(
            "db",
            statement = statement_head(sql),
            in_transaction = matches!(self.conn, Conn::Transaction(_)),
        )
    }

    /// A transaction for writing on this handle's pool ([`begin_write`]), or a savepoint
    /// when it already is a transaction.
    ///
    /// # Errors
    /// The database's error.
    pub(crate) async fn begin_write(&self) -> Result<DatabaseTransaction, DbErr> {
        match &self.conn {
            Conn::Pool(db) => begin_write(db).await,
            Conn::Transaction(t) => t.begin().await,
        }
    }

    /// Whether statements on this handle run inside an open transaction (a write then
    /// commits with it, not on its own).
    pub(crate) fn is_transaction(&self) -> bool {
        matches!(self.conn, Conn::Transaction(_))
    }

    /// A transaction inside this handle (a savepoint when it already is one).
    ///
    /// # Errors
    /// The database's error.
    pub async fn begin(&self) -> Result<DatabaseTransaction, DbErr> {
        match &self.conn {
            Conn::Pool(db) => {
                let _wanting = super::demand::wanting();
                db.begin().await
            }
            Conn::Transaction(t) => t.begin().await,
        }
    }
}

#[async_trait]
impl ConnectionTrait for Db {
    fn get_database_backend(&self) -> DbBackend {
        match &self.conn {
            Conn::Pool(db) => db.get_database_backend(),
            Conn::Transaction(t) => t.get_database_backend(),
        }
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        let span = self.statement_span(&stmt.sql);
        match &self.conn {
            Conn::Pool(db) => {
                let _wanting = super::demand::wanting();
                db.execute_raw(stmt).instrument(span).await
            }
            Conn::Transaction(t) => t.execute_raw(stmt).instrument(span).await,
        }
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        let span = self.statement_span(sql);
        match &self.conn {
            Conn::Pool(db) => {
                let _wanting = super::demand::wanting();
                db.execute_unprepared(sql).instrument(span).await
            }
            Conn::Transaction(t) => t.execute_unprepared(sql).instrument(span).await,
        }
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        let span = self.statement_span(&stmt.sql);
        match &self.conn {
            Conn::Pool(db) if commits_when_reset(db, &stmt) => {
                on_its_own(db, |txn| Box::pin(txn.query_one_raw(stmt)))
                    .instrument(span)
                    .await
            }
            Conn::Pool(db) => {
                let _wanting = super::demand::wanting();
                db.query_one_raw(stmt).instrument(span).await
            }
            Conn::Transaction(t) => t.query_one_raw(stmt).instrument(span).await,
        }
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        let span = self.statement_span(&stmt.sql);
        match &self.conn {
            Conn::Pool(db) if commits_when_reset(db, &stmt) => {
                on_its_own(db, |txn| Box::pin(txn.query_all_raw(stmt)))
                    .instrument(span)
                    .await
            }
            Conn::Pool(db) => {
                let _wanting = super::demand::wanting();
                db.query_all_raw(stmt).instrument(span).await
            }
            Conn::Transaction(t) => t.query_all_raw(stmt).instrument(span).await,
        }
    }

    fn support_returning(&self) -> bool {
        match &self.conn {
            Conn::Pool(db) => db.support_returning(),
            Conn::Transaction(t) => t.support_returning(),
        }
    }
}

/// What a statement does to which table, without any value: `SELECT stories`, `INSERT
/// comments`, `UPDATE subscriptions` (the first word, and the name after its first `FROM`,
/// `INTO` or `UPDATE`).
fn statement_head(sql: &str) -> String {
    let mut words = sql.split_whitespace();
    let verb = words.next().unwrap_or_default().to_ascii_uppercase();
    let mut table = None;
    let mut previous = "";
    for word in std::iter::once(verb.as_str()).chain(words) {
        if ["FROM", "INTO", "UPDATE"]
            .iter()
            .any(|k| previous.eq_ignore_ascii_case(k))
        {
            table = Some(word.trim_matches(|c: char| c == '"' || c == '`' || c == '(' || c == ','));
            break;
        }
        previous = word;
    }
    match table {
        Some(t) => format!("{verb} {t}"),
        None => verb,
    }
}

/// Whether `stmt` is a SQLite write that answers rows (`INSERT ... RETURNING`, the claims'
/// `UPDATE ... RETURNING`) about to run on its own. SQLite commits such a statement when it
/// is reset after its rows were read, and sqlx does not report what that commit answers
/// (launchbadge/sqlx#2099): on a full disk or a read-only file the row came back, the write
/// was rolled back, and the caller was told it was stored. Run inside a transaction, the
/// `COMMIT` is a statement of its own whose error is seen.
fn commits_when_reset(db: &DatabaseConnection, stmt: &Statement) -> bool {
    db.get_database_backend() == DbBackend::Sqlite
        && stmt
            .sql
            .as_bytes()
            .windows(b" RETURNING ".len())
            .any(|w| w.eq_ignore_ascii_case(b" RETURNING "))
}

/// Runs `statement` in a transaction of its own and commits it.
async fn on_its_own<T>(
    db: &DatabaseConnection,
    statement: impl for<'t> FnOnce(
        &'t DatabaseTransaction,
    ) -> Pin<Box<dyn Future<Output = Result<T, DbErr>> + Send + 't>>,
) -> Result<T, DbErr> {
    let txn = begin_write(db).await?;
    let answer = statement(&txn).await?;
    txn.commit().await?;
    Ok(answer)
}

/// A transaction for writing: on SQLite it takes the write lock at once, so it never fails
/// half-way when another writer got there between its first read and its first write.
pub(crate) async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let _wanting = super::demand::wanting();
    if db.get_database_backend() != DbBackend::Sqlite {
        return db.begin().await;
    }
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::statement_head;

    #[test]
    fn a_statement_is_named_by_its_verb_and_table_and_never_its_values() {
        assert_eq!(
            statement_head(
                r#"SELECT "stories"."id", "stories"."title" FROM "stories" WHERE "stories"."id" = $1"#
            ),
            "SELECT stories"
        );
        assert_eq!(
            statement_head(
                r#"INSERT INTO "comments" ("author_name") VALUES ('Ruth') RETURNING "id""#
            ),
            "INSERT comments"
        );
        assert_eq!(
            statement_head(r#"UPDATE "subscriptions" SET "covered_until" = ? WHERE "id" = ?"#),
            "UPDATE subscriptions"
        );
        assert_eq!(statement_head("  begin immediate"), "BEGIN");
        assert_eq!(statement_head(""), "");
    }
}
