//! The mail subscribers asked for: a digest on the site's schedule for `weekly` and
//! `monthly`, one mail per story for `each` once the story has been published for
//! the schedule's grace period (`SUBSCRIPTION_GRACE_MINUTES`, 10 out of the box). One round claims the subscriptions that are due in batches
//! (each held by one server, so on several servers each digest is sent once), reads the
//! stories published in the batch's window once, and gives each subscriber what they
//! chose and may read. What a mail says is in `digest_mail.rs`.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::cadence::DigestSchedule;
use super::links::LinkSigner;
use super::ports::{DigestBatches, NewStories, SubscriptionRepository};
use super::{Frequency, Subscription};
use crate::StoreError;
use crate::mail::OutgoingMail;
use crate::mail::SiteIdentity;
use crate::permissions::Caller;
use crate::story::StorySummary;
use crate::user::{User, UserId, UserRepository};

/// Subscriptions claimed per statement.
pub const DIGEST_BATCH: u32 = 100;
/// Batches per frequency in one round, so one round never runs unbounded (the next round
/// starts at once when work is left).
pub const MAX_DIGEST_BATCHES: usize = 20;
/// The newest stories read for one batch: more than any digest shows.
pub const STORIES_READ: u32 = 200;
/// The most stories one digest lists; the rest are counted, with a link to the site.
pub const STORIES_PER_DIGEST: usize = 20;
/// An `each` subscriber hears of at most this many stories one mail each; when more are
/// due at once (the site was away, a busy hour), one mail lists them all.
pub const EACH_AT_ONCE: usize = 3;
/// How long a server holds the subscriptions it claimed before another may take them over
/// (a server that died mid-round).
pub const DIGEST_LEASE_MINUTES: i64 = 15;

/// What the digest job needs.
#[derive(Clone)]
pub struct DigestPorts {
    pub subscriptions: Arc<dyn SubscriptionRepository>,
    pub stories: Arc<dyn NewStories>,
    pub users: Arc<dyn UserRepository>,
    /// Records each batch's mail and moves its subscriptions on in one commit.
    pub batches: Arc<dyn DigestBatches>,
    pub signer: Arc<dyn LinkSigner>,
    pub site: SiteIdentity,
    pub schedule: DigestSchedule,
}

/// What one round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DigestRound {
    /// Mails handed to the mailer.
    pub mailed: usize,
    /// Subscriptions looked at (mailed, or with nothing new).
    pub subscriptions: usize,
    /// Whether the round stopped at its bound with subscriptions still due.
    pub more: bool,
}

/// The digest job's use case.
#[derive(Clone)]
pub struct DigestService {
    pub(super) p: DigestPorts,
}

impl DigestService {
    pub fn new(p: DigestPorts) -> Self {
        Self { p }
    }

    /// Mails every subscription that is due at `now`: the digests of the latest weekly and
    /// monthly slots, and `each` mail for stories published at least the schedule's grace
    /// period ago. A subscriber with nothing new gets nothing, and is
    /// covered up to the slot all the same.
    ///
    /// # Errors
    /// The store's error when subscriptions or stories cannot be read, or a batch's mail
    /// cannot be recorded (that batch is given back first with nothing of it kept, so a
    /// later round mails it).
    pub async fn send_due(&self, now: DateTime<Utc>) -> Result<DigestRound, StoreError> {
        let mut round = DigestRound::default();
        for frequency in Frequency::ALL {
            let until = match frequency {
                Frequency::Each => Some(now - self.p.schedule.each_grace()),
                digest => self.p.schedule.last_slot(digest, now),
            };
            let Some(until) = until else { continue };
            for batch_number in 0..MAX_DIGEST_BATCHES {
                let batch = self
                    .p
                    .subscriptions
                    .claim_due(
                        frequency,
                        until,
                        now,
                        now + Duration::minutes(DIGEST_LEASE_MINUTES),
                        DIGEST_BATCH,
                    )
                    .await?;
                let full = batch.len() >= DIGEST_BATCH as usize;
                round.subscriptions += batch.len();
                round.mailed += self.mail_batch(&batch, until).await?;
                if !full {
                    break;
                }
                if batch_number + 1 == MAX_DIGEST_BATCHES {
                    round.more = true;
                }
            }
        }
        Ok(round)
    }

    /// Mails one claimed batch whose window ends at `until`; answers how many mails.
    async fn mail_batch(
        &self,
        batch: &[Subscription],
        until: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        let Some(earliest) = batch.iter().map(Subscription::covered_since).min() else {
            return Ok(0);
        };
        let read = async {
            let stories = self
                .p
                .stories
                .published_between(earliest, until, STORIES_READ)
                .await?;
            let readers = self.readers(batch).await?;
            Ok::<_, StoreError>((stories, readers))
        };
        let (stories, readers) = match read.await {
            Ok(read) => read,
            Err(e) => {
                self.give_back(batch).await;
                return Err(e);
            }
        };
        // Every mail is written before the unit of work opens, so the database is held
        // only for the inserts (on SQLite a write transaction keeps other writers waiting).
        let planned: Vec<(i64, Vec<OutgoingMail>)> = batch
            .iter()
            .map(|subscription| {
                let reader = reader_of(subscription, &readers);
                let since = subscription.covered_since();
                let chosen: Vec<&StorySummary> = stories
                    .iter()
                    .filter(|s| s.published_at.is_some_and(|p| p > since && p <= until))
                    .filter(|s| subscription.wants(&s.category))
                    .filter(|s| s.privacy.audience.admits(&reader))
                    .collect();
                (subscription.id, self.mails(subscription, &reader, &chosen))
            })
            .collect();
        // The batch's mail and its subscriptions' coverage commit together: one commit
        // per batch rather than two per subscriber, and never a mail recorded for a
        // subscription left due (which a later round would mail again).
        let recorded = self.p.batches.record(planned, until);
        match recorded.await {
            Ok(mailed) => Ok(mailed),
            Err(e) => {
                self.give_back(batch).await;
                Err(e)
            }
        }
    }

    /// The members behind the batch's subscriptions, in one query.
    async fn readers(&self, batch: &[Subscription]) -> Result<HashMap<UserId, User>, StoreError> {
        let ids: Vec<UserId> = batch.iter().filter_map(|s| s.user_id.clone()).collect();
        Ok(self
            .p
            .users
            .find_many(&ids)
            .await?
            .into_iter()
            .map(|u| (u.id.clone(), u))
            .collect())
    }

    /// Ends the leases of subscriptions this round will not mail (best effort: the error
    /// worth reporting is the one that stopped the round, and a lease ends by itself).
    async fn give_back(&self, subscriptions: &[Subscription]) {
        for s in subscriptions {
            let _ = self.p.subscriptions.release(s.id).await;
        }
    }
}

/// Who reads a subscriber's mail, for what they may see: the member who subscribed while
/// signed in, as long as the subscription is still for their account's address; anyone
/// else is a visitor (public stories only). An approved member reads members-only stories
/// through [`crate::story::Audience::admits`], the rule every other output uses.
fn reader_of(subscription: &Subscription, readers: &HashMap<UserId, User>) -> Caller {
    subscription
        .user_id
        .as_ref()
        .and_then(|id| readers.get(id))
        .filter(|u| u.email.eq_ignore_ascii_case(&subscription.email))
        .map_or(Caller::Visitor, |u| Caller::User(u.clone()))
}

impl Subscription {
    /// The moment after which published stories are news to this subscriber.
    pub fn covered_since(&self) -> DateTime<Utc> {
        self.covered_until
            .or(self.confirmed_at)
            .unwrap_or(self.created_at)
    }
}
