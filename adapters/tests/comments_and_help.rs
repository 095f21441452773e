//! The comment and help-message repositories against real databases: SQLite always,
//! PostgreSQL when `TEST_DATABASE_URL` is set (a fresh database per test).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::testing::each_engine;
use chrono::Utc;
use domain::clock::{Clock, SystemClock};
use domain::comment::{CommentId, CommentRepository, NewComment};
use domain::help::InboxStatus;
use domain::help::{HelpCategory, HelpMessageRepository, NewHelpMessage};
use domain::story::{NewStory, StoryFields, StoryId, StoryRepository, StoryStatus};
use domain::testing::new_user;
use domain::user::{Role, User, UserRepository};
use domain::validation::{
    CommentAuthorEmail, CommentAuthorName, CommentContent, Email, HelpMessageBody, HelpSubject,
};

async fn user(db: &adapters::DatabaseConnection, email: &str) -> User {
    adapters::SeaOrmUserRepository::new(db.clone())
        .create(new_user(email, Role::Member, true))
        .await
        .unwrap()
}

async fn story(db: &adapters::DatabaseConnection, author: &User) -> StoryId {
    let now = SystemClock.now();
    adapters::SeaOrmStoryRepository::new(db.clone())
        .create(NewStory {
            passages: Vec::new(),
            fields: StoryFields {
                title: "Grace".into(),
                content: "<p>Grace.</p>".into(),
                source: "Grace.".into(),
                excerpt: None,
                video_url: None,
                thumbnail_url: None,
                category: "Testimonies".into(),
            },
            author_id: author.id.clone(),
            status: StoryStatus::Approved,
            is_published: true,
            published_at: Some(now),
            approved_by: None,
            approved_at: Some(now),
            privacy: Default::default(),
        })
        .await
        .unwrap()
        .id
}

fn new_comment(story: StoryId, content: &str) -> NewComment {
    NewComment {
        story_id: story,
        author_name: CommentAuthorName::parse("Mary").unwrap(),
        author_email: CommentAuthorEmail::parse(Some("mary@example.org")).unwrap(),
        content: CommentContent::parse(content).unwrap(),
    }
}

#[tokio::test]
async fn comments_list_newest_first_approved_only_unless_asked() {
    each_engine(|db, _| async move {
        let author = user(&db, "ruth@example.org").await;
        let (one, two) = (story(&db, &author).await, story(&db, &author).await);
        let repo = adapters::SeaOrmCommentRepository::new(db);
        let first = repo.create(new_comment(one, "first")).await.unwrap();
        assert!(!first.is_approved);
        assert_eq!(first.platform, "website");
        assert!(first.is_visible);
        let pending = repo.create(new_comment(one, "pending")).await.unwrap();
        let third = repo.create(new_comment(one, "third")).await.unwrap();
        repo.create(new_comment(two, "elsewhere")).await.unwrap();
        for c in [&first, &third] {
            assert!(repo.approve(c.id).await.unwrap().unwrap().is_approved);
        }
        let contents = |list: Vec<domain::comment::Comment>| {
            list.into_iter().map(|c| c.content).collect::<Vec<_>>()
        };
        assert_eq!(
            contents(repo.list_for_story(one, false, 10, 0).await.unwrap().items),
            ["third", "first"]
        );
        assert_eq!(
            contents(repo.list_for_story(one, true, 10, 0).await.unwrap().items),
            ["third", "pending", "first"]
        );
        assert_eq!(
            contents(repo.list_for_story(one, true, 2, 0).await.unwrap().items),
            ["third", "pending"]
        );
        let older = repo.list_for_story(one, true, 2, 2).await.unwrap();
        assert_eq!(contents(older.items), ["first"]);
        assert_eq!(older.total, 3);
        assert_eq!(
            repo.list_for_story(one, false, 10, 0).await.unwrap().total,
            2
        );
        assert!(repo.approve(CommentId(999_999)).await.unwrap().is_none());
        assert!(repo.delete(pending.id).await.unwrap());
        assert!(!repo.delete(pending.id).await.unwrap());
    })
    .await;
}

#[tokio::test]
async fn help_messages_list_newest_first_and_outlive_their_sender() {
    each_engine(|db, _| async move {
        let sender = user(&db, "ruth@example.org").await;
        let repo = adapters::SeaOrmHelpMessageRepository::new(db.clone());
        let first = repo
            .create(NewHelpMessage {
                subject: HelpSubject::parse("First").unwrap(),
                category: HelpCategory::Bug,
                message: HelpMessageBody::parse("Broken").unwrap(),
                contact_email: Email::parse("ruth@example.org").unwrap(),
                user_id: Some(sender.id.clone()),
            })
            .await
            .unwrap();
        assert_eq!(first.category, HelpCategory::Bug);
        assert_eq!(first.user_id.as_ref(), Some(&sender.id));
        repo.create(NewHelpMessage {
            subject: HelpSubject::parse("Second").unwrap(),
            category: HelpCategory::General,
            message: HelpMessageBody::parse("Hello").unwrap(),
            contact_email: Email::parse("mary@example.org").unwrap(),
            user_id: None,
        })
        .await
        .unwrap();
        let subjects = |list: Vec<domain::help::HelpMessage>| {
            list.into_iter().map(|m| m.subject).collect::<Vec<_>>()
        };
        let open = repo.list(InboxStatus::Open, 10, 0).await.unwrap();
        assert_eq!(subjects(open.items), ["First", "Second"], "oldest first");
        assert_eq!(open.total, 2);
        adapters::SeaOrmUserRepository::new(db)
            .delete(&sender.id)
            .await
            .unwrap();
        let kept = repo.list(InboxStatus::Open, 10, 0).await.unwrap().items;
        assert_eq!(kept.len(), 2, "a deleted sender's message stays");
        assert_eq!(kept[0].user_id, None);
        let first = kept[0].id;
        let by = domain::user::UserId::new("boss");
        let handled = repo
            .mark_handled(first, &by, SystemClock.now())
            .await
            .unwrap()
            .unwrap();
        assert!(handled.handled_at.is_some());
        let done = repo.list(InboxStatus::Handled, 10, 0).await.unwrap();
        assert_eq!(subjects(done.items), ["First"]);
        assert_eq!(repo.list(InboxStatus::Open, 1, 0).await.unwrap().total, 1);
        assert!(repo.delete(first).await.unwrap());
        assert!(!repo.delete(first).await.unwrap());
        assert!(
            repo.mark_handled(first, &by, SystemClock.now())
                .await
                .unwrap()
                .is_none()
        );
    })
    .await;
}

/// A clock that always says the same instant.
struct Fixed(chrono::DateTime<Utc>);

impl domain::clock::Clock for Fixed {
    fn now(&self) -> chrono::DateTime<Utc> {
        self.0
    }
}

#[tokio::test]
async fn rows_are_stamped_by_the_clock_of_their_handle_in_and_out_of_a_unit_of_work() {
    use chrono::TimeZone;
    use domain::work::UnitOfWork;
    use std::sync::Arc;
    each_engine(|db, _| async move {
        let author = user(&db, "ruth@example.org").await;
        let story = story(&db, &author).await;
        let then = Utc.with_ymd_and_hms(2024, 3, 5, 12, 0, 0).unwrap();
        let clock: Arc<dyn domain::clock::Clock> = Arc::new(Fixed(then));
        let handle = adapters::Db::from(db.clone()).with_clock(clock.clone());
        let comment = adapters::SeaOrmCommentRepository::new(handle.clone())
            .create(new_comment(story, "Amen"))
            .await
            .unwrap();
        assert_eq!(comment.created_at, then);
        let renamed = adapters::SeaOrmUserRepository::new(handle)
            .update_profile(
                &author.id,
                domain::user::ProfileChanges {
                    first_name: Some("Naomi".into()),
                    ..Default::default()
                },
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(renamed.updated_at, then);

        let later = then + chrono::Duration::days(1);
        let uow = adapters::SeaOrmUnitOfWork::new(db.clone()).with_clock(Arc::new(Fixed(later)));
        let work = UnitOfWork::<dyn domain::comment::CommentWork>::begin(&uow)
            .await
            .unwrap();
        let inside = work
            .comments()
            .create(new_comment(story, "Hallelujah"))
            .await
            .unwrap();
        work.commit().await.unwrap();
        assert_eq!(inside.created_at, later);
    })
    .await;
}

#[tokio::test]
async fn comments_written_together_are_each_stored_and_a_broken_one_fails_alone() {
    each_engine(|db, _| async move {
        let author = user(&db, "ruth@example.org").await;
        let story = story(&db, &author).await;
        let repo = std::sync::Arc::new(
            adapters::SeaOrmCommentRepository::new(db.clone()).committing_in_groups(),
        );
        let mut writes = tokio::task::JoinSet::new();
        for n in 0..40 {
            let repo = repo.clone();
            // The 21st names a story that does not exist: its foreign key breaks.
            let on = if n == 20 {
                StoryId(story.0 + 1000)
            } else {
                story
            };
            writes.spawn(async move { (n, repo.create(new_comment(on, &format!("c{n}"))).await) });
        }
        let mut ids = Vec::new();
        while let Some(write) = writes.join_next().await {
            match write.unwrap() {
                (20, written) => assert!(written.is_err(), "{written:?}"),
                (n, written) => {
                    let comment = written.unwrap();
                    assert_eq!(comment.content, format!("c{n}"));
                    ids.push(comment.id);
                }
            }
        }
        ids.sort_unstable_by_key(|id| id.0);
        ids.dedup();
        assert_eq!(ids.len(), 39, "each stored once, with its own id");
        let stored = adapters::SeaOrmCommentRepository::new(db)
            .list_for_story(story, true, 50, 0)
            .await
            .unwrap();
        assert_eq!(stored.total, 39);
    })
    .await;
}
