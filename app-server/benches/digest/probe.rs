//! The digest bench's own view of the database: how far the digest got, what it queued,
//! and putting the seeded state back between runs.

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement, Value};

/// The digest's progress: subscriptions covered to the slot (and not held), and held ones.
pub struct Progress {
    pub covered: u64,
    pub leased: u64,
}

pub struct Probe {
    runtime: tokio::runtime::Runtime,
    db: DatabaseConnection,
    pub slot: DateTime<Utc>,
}

impl Probe {
    pub fn new(url: &str, slot: DateTime<Utc>) -> Self {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let db = runtime.block_on(adapters::open(url)).unwrap();
        Self { runtime, db, slot }
    }

    /// The `columns` counts the one row of `sql` answers (`?` its one parameter).
    fn count(&self, sql: &str, values: Vec<Value>, columns: usize) -> Vec<u64> {
        let backend = self.db.get_database_backend();
        let sql = if backend == DbBackend::Postgres {
            sql.replace('?', "$1")
        } else {
            sql.to_owned()
        };
        let row = self
            .runtime
            .block_on(
                self.db
                    .query_one_raw(Statement::from_sql_and_values(backend, sql, values)),
            )
            .unwrap()
            .unwrap();
        (0..columns)
            .map(|i| u64::try_from(row.try_get_by_index::<i64>(i).unwrap()).unwrap())
            .collect()
    }

    pub fn progress(&self) -> Progress {
        // The slot is bound as the server binds it, so the stored values compare equal.
        let n = self.count(
            "SELECT COUNT(CASE WHEN covered_until = ? AND lease_until IS NULL THEN 1 END), \
             COUNT(lease_until) FROM subscriptions",
            vec![self.slot.into()],
            2,
        );
        Progress {
            covered: n[0],
            leased: n[1],
        }
    }

    /// The subscribers' mails in the outbox, and how many addresses they go to.
    pub fn queued(&self) -> (u64, u64) {
        let n = self.count(
            "SELECT COUNT(*), COUNT(DISTINCT recipient) FROM mail_outbox \
             WHERE recipient LIKE 'reader-%@bench.example'",
            vec![],
            2,
        );
        (n[0], n[1])
    }

    /// Ends the bench's connections (PostgreSQL drops no database in use).
    pub fn close(self) {
        self.runtime.block_on(self.db.close()).unwrap();
    }

    /// Back to the seeded state: every subscription covered until its confirmation (as
    /// seeded), none held, the outbox empty.
    pub fn reset(&self) {
        let backend = self.db.get_database_backend();
        for sql in [
            "UPDATE subscriptions SET covered_until = confirmed_at, lease_until = NULL",
            "DELETE FROM mail_outbox",
        ] {
            self.runtime
                .block_on(self.db.execute_raw(Statement::from_string(backend, sql)))
                .unwrap();
        }
    }

    pub fn subscribers(&self) -> u64 {
        self.count(
            "SELECT COUNT(*) FROM subscriptions WHERE status = 'confirmed' AND frequency = 'weekly'",
            vec![],
            1,
        )[0]
    }
}
