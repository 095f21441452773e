//! Group commit: writes of one kind that arrive while another of their kind is being
//! committed wait for it, then share one transaction, and so one flush to disk. A flush
//! (the `fsync` of SQLite's WAL or PostgreSQL's) takes about a millisecond here and bounds
//! how many commits a second the disk allows, whatever the processor could do; a comment
//! written on its own paid one for its rate-limit count and one for itself.
//!
//! Nothing is answered before its transaction committed, as before: an acknowledged write is
//! on disk (the crash tests kill the server during writes and find every acknowledged one).
//! What changes is only who shares the flush. A write that arrives alone is committed at
//! once; there is no timer and no waiting for company.
//!
//! One committer task per kind of write holds at most one transaction at a time. When a
//! group fails for one of its writes (a story deleted meanwhile: its comment breaks a foreign
//! key), each of its writes is tried again alone, so only that one is refused. When the
//! database cannot be reached, every write of the group is answered so at once.

use std::sync::Arc;

use async_trait::async_trait;
use domain::StoreError;
use sea_orm::{ConnectionTrait, DbBackend, DbErr};
use tokio::sync::{mpsc, oneshot};
use tracing::Instrument;

use super::Db;
use super::store_err;

/// At most this many writes share one transaction.
const MAX_GROUP: usize = 128;

/// Writes waiting for the committer, at most; a request beyond waits to be queued.
const QUEUE: usize = 1024;

/// One kind of write that can share a transaction with others of its kind.
#[async_trait]
pub(crate) trait GroupWrite: Send + Sync + 'static {
    type Item: Send + Sync + 'static;
    type Done: Send + 'static;

    /// What the committer's span calls this kind of write (`comments`, `rate limits`).
    const KIND: &'static str;

    /// Writes `items` on `db` (inside the group's transaction), answering one result per
    /// item, in their order.
    async fn write(&self, db: &Db, items: &[Self::Item]) -> Result<Vec<Self::Done>, DbErr>;
}

type Reply<D> = oneshot::Sender<Result<D, StoreError>>;

/// The queue of one kind of write in front of its committer task.
pub(crate) struct GroupCommit<W: GroupWrite> {
    queue: mpsc::Sender<(W::Item, Reply<W::Done>)>,
}

impl<W: GroupWrite> GroupCommit<W> {
    /// Starts the committer of `writer` on `db`, on the current Tokio runtime; it stops once
    /// every handle to its queue is dropped and what was queued is written. `None` when `db`
    /// is an open transaction (a unit of work): a write there commits with the work.
    pub(crate) fn start(db: &Db, writer: W) -> Option<Arc<Self>> {
        if db.is_transaction() {
            return None;
        }
        let (queue, waiting) = mpsc::channel(QUEUE);
        tokio::spawn(commit_groups(db.clone(), Arc::new(writer), waiting));
        Some(Arc::new(Self { queue }))
    }

    /// Writes `item` with whatever else is waiting, answered once their transaction
    /// committed.
    ///
    /// # Errors
    /// The database's error for this write (its group's when the database failed them all).
    pub(crate) async fn write(&self, item: W::Item) -> Result<W::Done, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .send((item, reply))
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

fn stopped() -> StoreError {
    StoreError::Unknown(anyhow::anyhow!("the group committer stopped"))
}

async fn commit_groups<W: GroupWrite>(
    db: Db,
    writer: Arc<W>,
    mut waiting: mpsc::Receiver<(W::Item, Reply<W::Done>)>,
) {
    let mut group = Vec::with_capacity(MAX_GROUP);
    while waiting.recv_many(&mut group, MAX_GROUP).await > 0 {
        let (items, replies): (Vec<_>, Vec<_>) = std::mem::take(&mut group).into_iter().unzip();
        let span = tracing::debug_span!("group_commit", kind = W::KIND, writes = items.len());
        answer(&db, writer.as_ref(), items, replies)
            .instrument(span)
            .await;
    }
}

/// Commits `items` in one transaction and answers each; see the module's comment for a
/// group that fails.
async fn answer<W: GroupWrite>(
    db: &Db,
    writer: &W,
    items: Vec<W::Item>,
    replies: Vec<Reply<W::Done>>,
) {
    let failed = match in_one_transaction(db, writer, &items).await {
        Ok(done) => {
            for (reply, done) in replies.into_iter().zip(done) {
                let _ = reply.send(Ok(done));
            }
            return;
        }
        Err(e) => e,
    };
    let alone_may_pass = items.len() > 1 && !matches!(failed, StoreError::Unavailable(_));
    if !alone_may_pass {
        let message = failed.to_string();
        let mut replies = replies.into_iter();
        if let Some(first) = replies.next() {
            let _ = first.send(Err(failed));
        }
        for reply in replies {
            let _ = reply.send(Err(same_error(&message)));
        }
        return;
    }
    for (item, reply) in items.iter().zip(replies) {
        let alone = in_one_transaction(db, writer, std::slice::from_ref(item))
            .await
            .and_then(|mut done| done.pop().ok_or_else(|| miscounted(0)));
        let _ = reply.send(alone);
    }
}

/// The error of a group's first write for every other write of it (the database's error is
/// not `Clone`): all failed for the one reason the database gave.
fn same_error(message: &str) -> StoreError {
    StoreError::Unavailable(anyhow::anyhow!("{message}"))
}

fn miscounted(answers: usize) -> StoreError {
    StoreError::Unknown(anyhow::anyhow!(
        "a group write answered {answers} results for its writes"
    ))
}

/// Taken by a committer for its transaction on SQLite. SQLite lets one writer in at a time
/// and makes the others sleep and try again (1, 2, 5, then up to 100 ms); the committers of
/// one process take turns here instead, and so never sleep on each other. They never hold
/// another lock meanwhile, so the one gate serves every SQLite file of the process.
static SQLITE_TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn in_one_transaction<W: GroupWrite>(
    db: &Db,
    writer: &W,
    items: &[W::Item],
) -> Result<Vec<W::Done>, StoreError> {
    let _turn = match db.get_database_backend() {
        DbBackend::Sqlite => Some(SQLITE_TURN.lock().await),
        _ => None,
    };
    let txn = Arc::new(db.begin_write().await.map_err(store_err)?);
    let done = writer
        .write(&db.in_transaction(txn.clone()), items)
        .await
        .map_err(store_err)?;
    if done.len() != items.len() {
        return Err(miscounted(done.len()));
    }
    Arc::into_inner(txn)
        .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("a group write kept its transaction")))?
        .commit()
        .await
        .map_err(store_err)?;
    Ok(done)
}
