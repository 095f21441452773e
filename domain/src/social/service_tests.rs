//! Export rules on the in-memory fakes: what is queued, and what the answer says.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::permissions::Caller;
use crate::social::{PostStatus, SocialAdminError};
use crate::story::{Story, StoryStatus};
use crate::testing::{
    InMemorySocialPostRepository, InMemoryStoryRepository, InMemoryUserRepository, new_story,
    new_user,
};
use crate::user::{Role, User, UserRepository};

struct World {
    users: Arc<InMemoryUserRepository>,
    stories: Arc<InMemoryStoryRepository>,
    posts: Arc<InMemorySocialPostRepository>,
}

fn world() -> World {
    let users = Arc::new(InMemoryUserRepository::new());
    World {
        stories: Arc::new(InMemoryStoryRepository::new(users.clone())),
        users,
        posts: Arc::new(InMemorySocialPostRepository::new()),
    }
}

impl World {
    fn service(&self, connected: &[Platform]) -> SocialService {
        SocialService::new(crate::social::SocialPorts {
            stories: self.stories.clone(),
            posts: self.posts.clone(),
            work: Arc::new(crate::testing::FakeUnitOfWork::new(
                crate::testing::WorkParts {
                    social: self.posts.clone(),
                    consents: Arc::new(crate::testing::InMemoryConsentRepository::agreeing()),
                    ..crate::testing::WorkParts::new()
                },
            )),
            clock: Arc::new(crate::testing::FixedClock::default()),
            connected: connected.to_vec(),
            public_url: "https://stories.example".into(),
            site_name: "Story Site".into(),
        })
    }

    fn author_with_story(&self, status: StoryStatus) -> (User, Story) {
        let author = block_on(self.users.create(new_user(
            "author@example.org",
            Role::RegularContributor,
            true,
        )))
        .unwrap();
        let story = block_on(self.stories.create(new_story(&author.id, "Grace", status))).unwrap();
        (author, story)
    }
}

const ALL: [Platform; 3] = [Platform::Twitter, Platform::LinkedIn, Platform::Instagram];

#[test]
fn an_export_queues_one_post_per_platform_and_posts_nothing_itself() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let report = block_on(w.service(&[Platform::Twitter]).export(
        &Caller::User(author.clone()),
        story.id,
        &[Platform::Twitter, Platform::Twitter, Platform::LinkedIn],
    ))
    .unwrap();
    assert_eq!(
        report.queued,
        vec![
            (Platform::Twitter, Handling::Automatic),
            (Platform::LinkedIn, Handling::AwaitingCredentials)
        ]
    );
    let rows = w.posts.rows();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.status == PostStatus::Queued));
    assert!(
        rows.iter()
            .all(|r| r.attempts == 0 && r.created_by == author.id)
    );
    assert!(
        rows[0]
            .text
            .contains(&format!("https://stories.example/stories/{}", story.id)),
        "{}",
        rows[0].text
    );
    assert!(rows[0].text.contains("Story Site") && rows[0].text.contains("About Grace"));
}

#[test]
fn exporting_again_while_a_post_waits_does_not_queue_it_twice() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let service = w.service(&[]);
    for _ in 0..2 {
        block_on(service.export(&Caller::User(author.clone()), story.id, &ALL)).unwrap();
    }
    assert_eq!(w.posts.rows().len(), 3);
}

#[test]
fn without_credentials_the_answer_says_queued_and_why_for_each_platform() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let message = block_on(w.service(&[]).export(&Caller::User(author), story.id, &ALL))
        .unwrap()
        .message();
    assert_eq!(
        message,
        "Queued for Twitter, LinkedIn and Instagram: the site has no credentials for Twitter and LinkedIn yet, so the post will go out once an administrator connects the accounts; Instagram cannot take a post without an image through its API, so share it there by hand"
    );
}

#[test]
fn with_credentials_the_answer_says_queued_for_the_background_never_shared() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let service = w.service(&[Platform::Twitter, Platform::LinkedIn]);
    let message = block_on(service.export(
        &Caller::User(author.clone()),
        story.id,
        &[Platform::Twitter, Platform::LinkedIn],
    ))
    .unwrap()
    .message();
    assert_eq!(
        message,
        "Queued for Twitter and LinkedIn: the site will post it to Twitter and LinkedIn in the background"
    );
    let mixed = block_on(service.export(&Caller::User(author), story.id, &ALL))
        .unwrap()
        .message();
    // Twitter and LinkedIn are queued already: the answer says so instead of claiming it
    // queued them again.
    assert_eq!(
        mixed,
        "Queued for Instagram: Instagram cannot take a post without an image through its API, so share it there by hand; Twitter and LinkedIn already have this story: a story goes out once per platform"
    );
    assert!(!mixed.contains("no credentials"));
}

#[test]
fn a_single_platform_without_credentials_speaks_of_one_account() {
    let report = ExportReport {
        queued: vec![(Platform::LinkedIn, Handling::AwaitingCredentials)],
    };
    assert_eq!(
        report.message(),
        "Queued for LinkedIn: the site has no credentials for LinkedIn yet, so the post will go out once an administrator connects the account"
    );
}

#[test]
fn instagram_is_always_left_for_manual_posting_even_if_connected() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let report = block_on(w.service(&[Platform::Instagram]).export(
        &Caller::User(author),
        story.id,
        &[Platform::Instagram],
    ))
    .unwrap();
    assert_eq!(report.queued, vec![(Platform::Instagram, Handling::Manual)]);
}

#[test]
fn an_unpublished_story_cannot_be_exported() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Draft);
    let err = block_on(w.service(&[]).export(&Caller::User(author), story.id, &ALL)).unwrap_err();
    assert!(matches!(err, ExportError::NotPublished), "{err:?}");
    assert!(w.posts.rows().is_empty());
}

#[test]
fn an_export_without_platforms_is_refused() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let err = block_on(w.service(&[]).export(&Caller::User(author), story.id, &[])).unwrap_err();
    assert!(matches!(err, ExportError::NoPlatforms), "{err:?}");
}

#[test]
fn someone_elses_published_story_is_forbidden_and_their_draft_not_found() {
    let w = world();
    let (_, live) = w.author_with_story(StoryStatus::Approved);
    let draft = block_on(
        w.stories
            .create(new_story(&live.author_id, "Draft", StoryStatus::Draft)),
    )
    .unwrap();
    let other = block_on(w.users.create(new_user(
        "other@example.org",
        Role::RegularContributor,
        true,
    )))
    .unwrap();
    let service = w.service(&[]);
    let caller = Caller::User(other);
    assert!(matches!(
        block_on(service.export(&caller, live.id, &ALL)).unwrap_err(),
        ExportError::Refused(_)
    ));
    assert!(matches!(
        block_on(service.export(&caller, draft.id, &ALL)).unwrap_err(),
        ExportError::NotFound
    ));
    assert!(matches!(
        block_on(service.export(&Caller::Visitor, live.id, &ALL)).unwrap_err(),
        ExportError::Refused(_)
    ));
}

#[test]
fn a_story_goes_out_once_per_platform_unless_a_reviewer_shares_it_again() {
    use crate::social::{Published, SocialPostRepository};
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let service = w.service(&[Platform::Twitter]);
    let me = Caller::User(author);
    block_on(service.export(&me, story.id, &[Platform::Twitter])).unwrap();
    let first = w.posts.rows()[0].id;
    block_on(w.posts.mark_posted(
        first,
        &Published {
            external_id: Some("1".into()),
            url: None,
        },
        crate::testing::t0(),
    ))
    .unwrap();
    let again = block_on(service.export(&me, story.id, &[Platform::Twitter])).unwrap();
    assert_eq!(
        again.queued,
        vec![(Platform::Twitter, Handling::AlreadyShared)]
    );
    assert_eq!(
        again.message(),
        "Nothing queued: Twitter already has this story: a story goes out once per platform"
    );
    assert_eq!(w.posts.rows().len(), 1, "nothing new to post");

    let reviewer = block_on(
        w.users
            .create(new_user("reviewer@example.org", Role::SubAdmin, true)),
    )
    .unwrap();
    let shared =
        block_on(service.export(&Caller::User(reviewer), story.id, &[Platform::Twitter])).unwrap();
    assert_eq!(
        shared.queued,
        vec![(Platform::Twitter, Handling::Automatic)]
    );
    assert_eq!(w.posts.rows().len(), 2);
    assert_eq!(w.posts.rows()[1].status, PostStatus::Queued);
}

#[test]
fn the_super_admin_cancels_a_queued_post_and_retries_only_failed_ones() {
    use crate::social::SocialPostId;
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let service = w.service(&[Platform::Twitter]);
    block_on(service.export(
        &Caller::User(author.clone()),
        story.id,
        &[Platform::Twitter, Platform::LinkedIn],
    ))
    .unwrap();
    let boss = Caller::User(
        block_on(
            w.users
                .create(new_user("boss@example.org", Role::SuperAdmin, true)),
        )
        .unwrap(),
    );
    let page = block_on(service.posts(&boss, Some(PostStatus::Queued), None, None)).unwrap();
    assert_eq!(page.total, 2);
    let cancelled = block_on(service.cancel_post(&boss, SocialPostId(1))).unwrap();
    assert_eq!(cancelled.status, PostStatus::Cancelled);
    assert!(matches!(
        block_on(service.cancel_post(&boss, SocialPostId(1))),
        Err(SocialAdminError::WrongState(_))
    ));
    assert!(matches!(
        block_on(service.retry_post(&boss, SocialPostId(2))),
        Err(SocialAdminError::WrongState(_)),
    ));
    assert!(matches!(
        block_on(service.retry_post(&boss, SocialPostId(99))),
        Err(SocialAdminError::NotFound)
    ));
    assert!(matches!(
        block_on(service.posts(&Caller::User(author), None, None, None)),
        Err(SocialAdminError::Refused(_))
    ));
    assert!(matches!(
        block_on(service.posts(&boss, None, Some(0), None)),
        Err(SocialAdminError::InvalidPage(_))
    ));
}

#[test]
fn a_story_without_social_consent_is_refused() {
    let w = world();
    let (author, story) = w.author_with_story(StoryStatus::Approved);
    let service = SocialService::new(crate::social::SocialPorts {
        stories: w.stories.clone(),
        posts: w.posts.clone(),
        work: Arc::new(crate::testing::FakeUnitOfWork::new(
            crate::testing::WorkParts {
                social: w.posts.clone(),
                ..crate::testing::WorkParts::new()
            },
        )),
        clock: Arc::new(crate::testing::FixedClock::default()),
        connected: vec![],
        public_url: "https://stories.example".into(),
        site_name: "Story Site".into(),
    });
    let err = block_on(service.export(&Caller::User(author), story.id, &ALL)).unwrap_err();
    assert!(matches!(err, ExportError::NoSocialConsent), "{err:?}");
    assert!(w.posts.rows().is_empty());
}
