//! The unit of work over one database transaction, and the connection handle that lets
//! every repository run either on the pool or inside such a transaction.

use std::sync::Arc;

use async_trait::async_trait;
use domain::StoreError;
use domain::audit::AuditLog;
use domain::comment::CommentRepository;
use domain::help::HelpMessageRepository;
use domain::mail::{MailOutbox, Mailer};
use domain::social::SocialPostRepository;
use domain::story::StoryRepository;
use domain::user::UserRepository;
use domain::work::{UnitOfWork, Work};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult,
    QueryResult, SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait,
};

use crate::db::store_err;
use crate::repo::audit::SeaOrmAuditLog;
use crate::repo::comments::SeaOrmCommentRepository;
use crate::repo::help::SeaOrmHelpMessageRepository;
use crate::repo::mail::{OutboxMailer, SeaOrmMailOutbox};
use crate::repo::social::SeaOrmSocialPostRepository;
use crate::repo::stories::SeaOrmStoryRepository;
use crate::repo::users::SeaOrmUserRepository;

/// Where a repository's statements run: the shared pool, or one open transaction.
#[derive(Debug, Clone)]
pub enum Db {
    Pool(DatabaseConnection),
    Transaction(Arc<DatabaseTransaction>),
}

impl From<DatabaseConnection> for Db {
    fn from(db: DatabaseConnection) -> Self {
        Db::Pool(db)
    }
}

impl Db {
    /// A transaction inside this handle (a savepoint when it already is one).
    ///
    /// # Errors
    /// The database's error.
    pub async fn begin(&self) -> Result<DatabaseTransaction, DbErr> {
        match self {
            Db::Pool(db) => db.begin().await,
            Db::Transaction(t) => t.begin().await,
        }
    }
}

#[async_trait]
impl ConnectionTrait for Db {
    fn get_database_backend(&self) -> DbBackend {
        match self {
            Db::Pool(db) => db.get_database_backend(),
            Db::Transaction(t) => t.get_database_backend(),
        }
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        match self {
            Db::Pool(db) => db.execute_raw(stmt).await,
            Db::Transaction(t) => t.execute_raw(stmt).await,
        }
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        match self {
            Db::Pool(db) => db.execute_unprepared(sql).await,
            Db::Transaction(t) => t.execute_unprepared(sql).await,
        }
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        match self {
            Db::Pool(db) => db.query_one_raw(stmt).await,
            Db::Transaction(t) => t.query_one_raw(stmt).await,
        }
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        match self {
            Db::Pool(db) => db.query_all_raw(stmt).await,
            Db::Transaction(t) => t.query_all_raw(stmt).await,
        }
    }

    fn support_returning(&self) -> bool {
        match self {
            Db::Pool(db) => db.support_returning(),
            Db::Transaction(t) => t.support_returning(),
        }
    }
}

/// Opens units of work on the database; the delivery workers are woken once one commits.
pub struct SeaOrmUnitOfWork {
    db: DatabaseConnection,
    wakeups: Vec<Arc<tokio::sync::Notify>>,
}

impl SeaOrmUnitOfWork {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            wakeups: Vec::new(),
        }
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
        let db = Db::Transaction(txn.clone());
        Ok(Box::new(SeaOrmWork {
            txn,
            stories: SeaOrmStoryRepository::new(db.clone()),
            users: SeaOrmUserRepository::new(db.clone()),
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
            stories, users, comments, help, mailer, outbox, social, audit,
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
