//! `app-server seed --stories N --comments M [--users U]`: fills an empty database with a
//! realistic archive for benchmarks and trials, in multi-row `INSERT`s of a few hundred rows,
//! one transaction per batch. Texts are made from a word list by a seeded generator, so two
//! runs give the same archive. Stories spread over the five categories and the last five
//! years; one in five is a video; most are approved and published, a few wait or are drafts.
//! Comments are approved and visible, spread over the published stories. `--subscribers N`
//! adds confirmed weekly subscribers with a digest due (`subscribers.rs`).

mod subscribers;
#[cfg(test)]
mod tests;
mod text;

pub use subscribers::{COVERED_BEFORE_NEWEST_DAYS, seed_subscribers, subscriber_address};

use chrono::{DateTime, Duration, Utc};
use domain::StoreError;
use domain::category::DEFAULT_CATEGORIES;
use domain::comment::DEFAULT_PLATFORM;
use domain::scripture::{Canon, ScriptureParser};
use domain::story::StoryStatus;
use domain::user::{AuthProvider, Role};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};

use crate::db::store_err;
use crate::entity::{comments, stories, users};
use text::{person, sentences, title, video_id};

/// Rows per `INSERT`: well under both engines' bound-parameter limits.
const BATCH: usize = 500;

/// How much to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedPlan {
    pub stories: u64,
    pub comments: u64,
    pub users: u64,
}

/// Why a bulk seed did not run.
#[derive(Debug)]
pub enum SeedError {
    /// The database already has stories: the seed only fills an empty archive.
    NotEmpty(u64),
    Store(StoreError),
}

impl std::fmt::Display for SeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotEmpty(n) => write!(
                f,
                "the database already has {n} stories; seed fills an empty archive"
            ),
            Self::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SeedError {}

impl From<StoreError> for SeedError {
    fn from(e: StoreError) -> Self {
        Self::Store(e)
    }
}

/// Adds `plan.users` approved contributors, `plan.stories` stories by them and
/// `plan.comments` approved comments on the published ones, then reads the scripture
/// passages the stories cite (under `canon`). Refuses a database that has stories already.
///
/// # Errors
/// [`SeedError::NotEmpty`], or the store's errors.
pub async fn seed_archive(
    db: &DatabaseConnection,
    plan: SeedPlan,
    canon: Canon,
    now: DateTime<Utc>,
) -> Result<SeedPlan, SeedError> {
    let existing = stories::Entity::find().count(db).await.map_err(store_err)?;
    if existing > 0 {
        return Err(SeedError::NotEmpty(existing));
    }
    let mut rng = StdRng::seed_from_u64(0x0067_7261_6365);
    let users = seed_users(db, plan.users.max(1), now).await?;
    let published = seed_stories(db, &mut rng, &users, plan.stories, now).await?;
    let comments = if published.is_empty() {
        0
    } else {
        seed_comments(db, &mut rng, &published, plan.comments, now).await?
    };
    let parser = ScriptureParser::new(canon);
    crate::repo::scripture::read_passages(&db.clone().into(), &parser).await?;
    // Fresh planner statistics, as autovacuum (PostgreSQL) or `PRAGMA optimize` would give.
    db.execute_unprepared("ANALYZE").await.map_err(store_err)?;
    Ok(SeedPlan {
        stories: plan.stories,
        comments,
        users: u64::try_from(users.len()).unwrap_or(u64::MAX),
    })
}

async fn seed_users(
    db: &DatabaseConnection,
    count: u64,
    now: DateTime<Utc>,
) -> Result<Vec<String>, StoreError> {
    let mut ids = Vec::new();
    let mut batch = Vec::with_capacity(BATCH);
    for i in 0..count {
        let id = uuid::Uuid::new_v4().to_string();
        let (first, last) = person(i);
        batch.push(users::ActiveModel {
            id: Set(id.clone()),
            email: Set(format!("seed.author{i}@example.org")),
            username: Set(Some(format!("seed-author-{i}"))),
            password: Set(None),
            first_name: Set(Some(first.to_owned())),
            last_name: Set(Some(last.to_owned())),
            profile_image_url: Set(None),
            google_id: Set(None),
            auth_provider: Set(AuthProvider::Local.as_str().to_owned()),
            role: Set(Role::RegularContributor.as_str().to_owned()),
            is_approved: Set(true),
            email_verified: Set(true),
            email_verified_at: Set(Some(now)),
            created_at: Set(now),
            updated_at: Set(now),
            locked_until: Set(None),
            suspended_reason: Set(None),
        });
        ids.push(id);
        if batch.len() == BATCH {
            insert_batch(db, std::mem::take(&mut batch)).await?;
        }
    }
    if !batch.is_empty() {
        insert_batch(db, batch).await?;
    }
    Ok(ids)
}

/// Inserts the stories oldest first (so ids grow with time, as on a real site) and returns
/// the ids of the published ones.
async fn seed_stories(
    db: &DatabaseConnection,
    rng: &mut StdRng,
    authors: &[String],
    count: u64,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, StoreError> {
    let span_minutes: i64 = 5 * 365 * 24 * 60;
    let step = span_minutes / i64::try_from(count.max(1)).unwrap_or(i64::MAX).max(1);
    let mut batch = Vec::with_capacity(BATCH);
    for i in 0..count {
        let i = i64::try_from(i).unwrap_or(i64::MAX);
        let at = now - Duration::minutes(span_minutes - i * step.max(1));
        batch.push(story(rng, authors, at));
        if batch.len() == BATCH {
            insert_batch(db, std::mem::take(&mut batch)).await?;
        }
    }
    if !batch.is_empty() {
        insert_batch(db, batch).await?;
    }
    stories::Entity::find()
        .select_only()
        .column(stories::Column::Id)
        .filter(stories::Column::IsPublished.eq(true))
        .order_by_asc(stories::Column::Id)
        .into_tuple::<i64>()
        .all(db)
        .await
        .map_err(store_err)
}

/// One multi-row `INSERT` in its own transaction.
async fn insert_batch<A>(db: &DatabaseConnection, batch: Vec<A>) -> Result<(), StoreError>
where
    A: ActiveModelTrait + Send,
{
    let tx = db.begin().await.map_err(store_err)?;
    A::Entity::insert_many(batch)
        .exec_without_returning(&tx)
        .await
        .map_err(store_err)?;
    tx.commit().await.map_err(store_err)
}

fn story(rng: &mut StdRng, authors: &[String], at: DateTime<Utc>) -> stories::ActiveModel {
    let (category, _, _) = DEFAULT_CATEGORIES[rng.random_range(0..DEFAULT_CATEGORIES.len())];
    let author = authors[rng.random_range(0..authors.len())].clone();
    let video = rng.random_ratio(1, 5);
    let count = if video { 1 } else { rng.random_range(3..8) };
    let paragraphs: Vec<String> = (0..count)
        .map(|_| {
            let length = rng.random_range(3..7);
            sentences(rng, length)
        })
        .collect();
    let mut content = paragraphs
        .iter()
        .map(|p| format!("<p>{p}</p>"))
        .collect::<String>();
    // One story in four cites scripture, as testimonies and studies do.
    if rng.random_ratio(1, 4) {
        content.push_str(&format!("<p>{}</p>", text::citation(rng)));
    }
    let (status, published) = match rng.random_range(0..100) {
        0..=2 => (StoryStatus::PendingApproval, false),
        3..=4 => (StoryStatus::Draft, false),
        _ => (StoryStatus::Approved, true),
    };
    stories::ActiveModel {
        title: Set(title(rng)),
        content: Set(content),
        source: Set(Some(paragraphs.join("\n\n"))),
        excerpt: Set(Some(sentences(rng, 1))),
        video_url: Set(video.then(|| format!("https://www.youtube.com/watch?v={}", video_id(rng)))),
        thumbnail_url: Set(None),
        category: Set(category.to_owned()),
        author_id: Set(author),
        status: Set(status.as_str().to_owned()),
        is_published: Set(published),
        published_at: Set(published.then_some(at)),
        approved_by: Set(None),
        approved_at: Set(published.then_some(at)),
        rejection_reason: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
}

async fn seed_comments(
    db: &DatabaseConnection,
    rng: &mut StdRng,
    stories: &[i64],
    count: u64,
    now: DateTime<Utc>,
) -> Result<u64, StoreError> {
    let mut batch = Vec::with_capacity(BATCH);
    for i in 0..count {
        let (first, last) = person(rng.random_range(0..1_000));
        let minutes_ago = rng.random_range(0..5 * 365 * 24 * 60);
        batch.push(comments::ActiveModel {
            story_id: Set(stories[rng.random_range(0..stories.len())]),
            author_name: Set(format!("{first} {last}")),
            author_email: Set(Some(format!("reader{i}@example.org"))),
            content: Set({
                let count = rng.random_range(1..4);
                sentences(rng, count)
            }),
            platform: Set(DEFAULT_PLATFORM.to_owned()),
            platform_id: Set(None),
            is_visible: Set(true),
            is_approved: Set(true),
            created_at: Set(now - Duration::minutes(minutes_ago)),
            ..Default::default()
        });
        if batch.len() == BATCH {
            insert_batch(db, std::mem::take(&mut batch)).await?;
        }
    }
    if !batch.is_empty() {
        insert_batch(db, batch).await?;
    }
    Ok(count)
}
