//! The unit of work over one database transaction, and the connection handle that lets
//! every repository run either on the pool or inside such a transaction.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::audit::AuditLog;
use domain::clock::{Clock, SystemClock};
use domain::comment::CommentRepository;
use domain::help::HelpMessageRepository;
use domain::mail::{MailOutbox, Mailer};
use domain::session::SessionRepository;
use domain::social::SocialPostRepository;
use domain::story::StoryRepository;
use domain::user::UserRepository;
use domain::user::lockout::SignInFailures;
use domain::user::ports::AdminCredentialRepository;
use domain::user::tokens::AccountTokenRepository;
use domain::work::{UnitOfWork, Work};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult,
    QueryResult, SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};

use crate::db::store_err;
use crate::repo::admin::SeaOrmAdminCredentialRepository;
use crate::repo::audit::SeaOrmAuditLog;
use crate::repo::comments::SeaOrmCommentRepository;
use crate::repo::help::SeaOrmHelpMessageRepository;
use crate::repo::mail::{OutboxMailer, SeaOrmMailOutbox};
use crate::repo::sessions::SeaOrmSessionRepository;
use crate::repo::sign_in_failures::SeaOrmSignInFailures;
use crate::repo::social::SeaOrmSocialPostRepository;
use crate::repo::stories::SeaOrmStoryRepository;
use crate::repo::tokens::SeaOrmAccountTokenRepository;
use crate::repo::users::SeaOrmUserRepository;

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

    fn in_transaction(&self, txn: Arc<DatabaseTransaction>) -> Self {
        Self {
            conn: Conn::Transaction(txn),
            clock: self.clock.clone(),
        }
    }

    /// A transaction inside this handle (a savepoint when it already is one).
    ///
    /// # Errors
    /// The database's error.
    pub async fn begin(&self) -> Result<DatabaseTransaction, DbErr> {
        match &self.conn {
            Conn::Pool(db) => db.begin().await,
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
        match &self.conn {
            Conn::Pool(db) => db.execute_raw(stmt).await,
            Conn::Transaction(t) => t.execute_raw(stmt).await,
        }
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        match &self.conn {
            Conn::Pool(db) => db.execute_unprepared(sql).await,
            Conn::Transaction(t) => t.execute_unprepared(sql).await,
        }
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        match &self.conn {
            Conn::Pool(db) if commits_when_reset(db, &stmt) => {
                let txn = begin_immediate(db).await?;
                let row = txn.query_one_raw(stmt).await?;
                txn.commit().await?;
                Ok(row)
            }
            Conn::Pool(db) => db.query_one_raw(stmt).await,
            Conn::Transaction(t) => t.query_one_raw(stmt).await,
        }
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        match &self.conn {
            Conn::Pool(db) if commits_when_reset(db, &stmt) => {
                let txn = begin_immediate(db).await?;
                let rows = txn.query_all_raw(stmt).await?;
                txn.commit().await?;
                Ok(rows)
            }
            Conn::Pool(db) => db.query_all_raw(stmt).await,
            Conn::Transaction(t) => t.query_all_raw(stmt).await,
        }
    }

    fn support_returning(&self) -> bool {
        match &self.conn {
            Conn::Pool(db) => db.support_returning(),
            Conn::Transaction(t) => t.support_returning(),
        }
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

/// A SQLite transaction that holds the write lock from its start.
async fn begin_immediate(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    })
    .await
}

/// Opens units of work on the database; the delivery workers are woken once one commits.
pub struct SeaOrmUnitOfWork {
    db: DatabaseConnection,
    /// Gives the work's repositories its clock.
    stamp: Db,
    wakeups: Vec<Arc<tokio::sync::Notify>>,
}

impl SeaOrmUnitOfWork {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            stamp: Db::from(db.clone()),
            db,
            wakeups: Vec::new(),
        }
    }

    /// Stamps what the works write with `clock` (tests give a fixed one).
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.stamp = self.stamp.with_clock(clock);
        self
    }

    /// Wakes `notify` after every commit (the mail and social workers, so what a work
    /// queued goes out at once rather than at their next poll).
    #[must_use]
    pub fn waking(mut self, notify: Arc<tokio::sync::Notify>) -> Self {
        self.wakeups.push(notify);
        self
    }
}

#[async_trait]
impl UnitOfWork for SeaOrmUnitOfWork {
    async fn begin(&self) -> Result<Box<dyn Work>, StoreError> {
        // SQLite: take the write lock at once, so a work never fails half-way when another
        // writer got there between its first read and its first write.
        let options = TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..TransactionOptions::default()
        };
        let options = if self.db.get_database_backend() == DbBackend::Sqlite {
            options
        } else {
            TransactionOptions::default()
        };
        let txn = Arc::new(
            self.db
                .begin_with_options(options)
                .await
                .map_err(store_err)?,
        );
        let db = self.stamp.in_transaction(txn.clone());
        Ok(Box::new(SeaOrmWork {
            txn,
            stories: SeaOrmStoryRepository::new(db.clone()),
            users: SeaOrmUserRepository::new(db.clone()),
            tokens: SeaOrmAccountTokenRepository::new(db.clone()),
            sessions: SeaOrmSessionRepository::new(db.clone()),
            sign_in_failures: SeaOrmSignInFailures::new(db.clone()),
            admin_credentials: SeaOrmAdminCredentialRepository::new(db.clone()),
            comments: SeaOrmCommentRepository::new(db.clone()),
            help: SeaOrmHelpMessageRepository::new(db.clone()),
            mailer: OutboxMailer::new(db.clone()),
            outbox: SeaOrmMailOutbox::new(db.clone()),
            social: SeaOrmSocialPostRepository::new(db.clone()),
            audit: SeaOrmAuditLog::new(db),
            wakeups: self.wakeups.clone(),
        }))
    }
}

struct SeaOrmWork {
    txn: Arc<DatabaseTransaction>,
    stories: SeaOrmStoryRepository,
    users: SeaOrmUserRepository,
    tokens: SeaOrmAccountTokenRepository,
    sessions: SeaOrmSessionRepository,
    sign_in_failures: SeaOrmSignInFailures,
    admin_credentials: SeaOrmAdminCredentialRepository,
    comments: SeaOrmCommentRepository,
    help: SeaOrmHelpMessageRepository,
    mailer: OutboxMailer,
    outbox: SeaOrmMailOutbox,
    social: SeaOrmSocialPostRepository,
    audit: SeaOrmAuditLog,
    wakeups: Vec<Arc<tokio::sync::Notify>>,
}

#[async_trait]
impl Work for SeaOrmWork {
    fn stories(&self) -> &dyn StoryRepository {
        &self.stories
    }
    fn users(&self) -> &dyn UserRepository {
        &self.users
    }
    fn tokens(&self) -> &dyn AccountTokenRepository {
        &self.tokens
    }
    fn sessions(&self) -> &dyn SessionRepository {
        &self.sessions
    }
    fn sign_in_failures(&self) -> &dyn SignInFailures {
        &self.sign_in_failures
    }
    fn admin_credentials(&self) -> &dyn AdminCredentialRepository {
        &self.admin_credentials
    }
    fn comments(&self) -> &dyn CommentRepository {
        &self.comments
    }
    fn help(&self) -> &dyn HelpMessageRepository {
        &self.help
    }
    fn mailer(&self) -> &dyn Mailer {
        &self.mailer
    }
    fn outbox(&self) -> &dyn MailOutbox {
        &self.outbox
    }
    fn social(&self) -> &dyn SocialPostRepository {
        &self.social
    }
    fn audit(&self) -> &dyn AuditLog {
        &self.audit
    }

    async fn commit(self: Box<Self>) -> Result<(), StoreError> {
        let SeaOrmWork {
            txn,
            stories,
            users,
            tokens,
            sessions,
            sign_in_failures,
            admin_credentials,
            comments,
            help,
            mailer,
            outbox,
            social,
            audit,
            wakeups,
        } = *self;
        // The repositories hold handles on the transaction: let them go first.
        drop((
            stories,
            users,
            tokens,
            sessions,
            sign_in_failures,
            admin_credentials,
            comments,
            help,
            mailer,
            outbox,
            social,
            audit,
        ));
        let txn = Arc::try_unwrap(txn).map_err(|_| {
            StoreError::Unknown(anyhow::anyhow!(
                "a repository of this unit of work outlived it"
            ))
        })?;
        txn.commit().await.map_err(store_err)?;
        for notify in wakeups {
            notify.notify_one();
        }
        Ok(())
    }
}
