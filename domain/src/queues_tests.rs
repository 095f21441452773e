//! The moderators' counts on the fakes: each queue counted for those whose screen shows it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::comment::CommentRepository;
use crate::story::{StoryRepository, StoryStatus};
use crate::testing::{
    EmptyOutbox, InMemoryCommentRepository, InMemoryHelpMessageRepository,
    InMemorySocialPostRepository, InMemoryStoryRepository, InMemoryUserRepository, new_comment,
    new_story, new_user,
};
use crate::user::{Role, UserRepository};

struct World {
    users: Arc<InMemoryUserRepository>,
    service: QueueService,
}

/// Two comments and one new story waiting, one account waiting for approval.
fn world() -> World {
    let users = Arc::new(InMemoryUserRepository::new());
    let stories = Arc::new(InMemoryStoryRepository::new(users.clone()));
    let comments = Arc::new(InMemoryCommentRepository::new());
    let author = block_on(users.create(new_user(
        "author@example.org",
        Role::RegularContributor,
        true,
    )))
    .unwrap();
    let live =
        block_on(stories.create(new_story(&author.id, "Live", StoryStatus::Approved))).unwrap();
    block_on(stories.create(new_story(
        &author.id,
        "Waiting",
        StoryStatus::PendingApproval,
    )))
    .unwrap();
    for text in ["First", "Second"] {
        block_on(comments.create(new_comment(live.id, "Mary", None, text))).unwrap();
    }
    block_on(users.create(new_user("new@example.org", Role::Member, false))).unwrap();
    let service = QueueService::new(QueuePorts {
        comments,
        stories,
        users: users.clone(),
        help: Arc::new(InMemoryHelpMessageRepository::new()),
        outbox: Arc::new(EmptyOutbox),
        posts: Arc::new(InMemorySocialPostRepository::new()),
    });
    World { users, service }
}

impl World {
    fn counts(&self, role: Role) -> Result<QueueCounts, QueueCountsError> {
        let email = format!("{role:?}@example.org").to_lowercase();
        let user = block_on(self.users.create(new_user(&email, role, true))).unwrap();
        block_on(self.service.counts(&Caller::User(user)))
    }
}

#[test]
fn the_super_admin_sees_every_queue() {
    let w = world();
    assert_eq!(
        w.counts(Role::SuperAdmin).unwrap(),
        QueueCounts {
            comments: 2,
            new_stories: Some(1),
            edits: Some(0),
            people: Some(1),
            help_open: Some(0),
            mail_failed: Some(0),
            social_failed: Some(0),
        }
    );
}

#[test]
fn a_reviewer_sees_the_comments_and_the_stories() {
    let w = world();
    assert_eq!(
        w.counts(Role::SubAdmin).unwrap(),
        QueueCounts {
            comments: 2,
            new_stories: Some(1),
            edits: Some(0),
            people: None,
            help_open: None,
            mail_failed: None,
            social_failed: None,
        }
    );
}

#[test]
fn a_primary_contributor_sees_the_comments_only() {
    let w = world();
    let counts = w.counts(Role::PrimaryContributor).unwrap();
    assert_eq!(counts.comments, 2);
    assert_eq!(
        (counts.new_stories, counts.people, counts.help_open),
        (None, None, None)
    );
}

#[test]
fn whoever_moderates_nothing_is_refused() {
    let w = world();
    assert!(matches!(
        w.counts(Role::Member),
        Err(QueueCountsError::Refused(Refusal::Forbidden))
    ));
    assert!(matches!(
        block_on(w.service.counts(&Caller::Visitor)),
        Err(QueueCountsError::Refused(Refusal::NotSignedIn))
    ));
}
