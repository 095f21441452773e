//! Delivery rules on the in-memory fakes: posted, refused, retried with backoff, given up.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::permissions::Caller;
use crate::social::{PostStatus, Published, SocialService};
use crate::story::{Story, StoryRepository, StoryStatus};
use crate::testing::{
    FixedClock, InMemorySocialPostRepository, InMemoryStoryRepository, InMemoryUserRepository,
    ScriptedSocialPublisher, new_story, new_user, t0,
};
use crate::user::{Role, User, UserRepository};

const URL: &str = "https://stories.example";
const SITE: &str = "Story Site";

struct World {
    users: Arc<InMemoryUserRepository>,
    stories: Arc<InMemoryStoryRepository>,
    posts: Arc<InMemorySocialPostRepository>,
    twitter: Arc<ScriptedSocialPublisher>,
    clock: Arc<FixedClock>,
    work: Arc<crate::testing::FakeUnitOfWork>,
    delivery: SocialDelivery,
}

/// A worker with a Twitter publisher only.
fn world() -> World {
    let users = Arc::new(InMemoryUserRepository::new());
    let stories = Arc::new(InMemoryStoryRepository::new(users.clone()));
    let posts = Arc::new(InMemorySocialPostRepository::new());
    let twitter = Arc::new(ScriptedSocialPublisher::new(Platform::Twitter));
    let clock = Arc::new(FixedClock::new(t0()));
    let work = Arc::new(crate::testing::FakeUnitOfWork::new(
        crate::testing::WorkParts {
            social: posts.clone(),
            ..crate::testing::WorkParts::new()
        },
    ));
    let delivery = SocialDelivery::new(SocialDeliveryPorts {
        posts: posts.clone(),
        stories: stories.clone(),
        work: work.clone(),
        publishers: vec![twitter.clone()],
        clock: clock.clone(),
        public_url: URL.into(),
        site_name: SITE.into(),
    });
    World {
        users,
        stories,
        posts,
        twitter,
        clock,
        work,
        delivery,
    }
}

impl World {
    fn author(&self) -> User {
        block_on(self.users.create(new_user(
            "author@example.org",
            Role::RegularContributor,
            true,
        )))
        .unwrap()
    }

    /// A published story exported to `platforms`.
    fn exported(&self, author: &User, title: &str, platforms: &[Platform]) -> Story {
        let story = block_on(self.stories.create(new_story(
            &author.id,
            title,
            StoryStatus::Approved,
        )))
        .unwrap();
        let service = SocialService::new(crate::social::SocialPorts {
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
            connected: vec![Platform::Twitter],
            public_url: URL.into(),
            site_name: SITE.into(),
        });
        block_on(service.export(&Caller::User(author.clone()), story.id, platforms)).unwrap();
        story
    }

    fn round(&self) -> Round {
        block_on(self.delivery.deliver_due()).unwrap()
    }
}

fn unavailable(retry_after: Option<Duration>) -> Result<Published, PublishError> {
    Err(PublishError::Unavailable {
        message: "HTTP 503 Service Unavailable".into(),
        retry_after,
    })
}

#[test]
fn a_queued_post_is_published_with_title_excerpt_backlink_and_site_name_and_marked_posted() {
    let w = world();
    let author = w.author();
    let story = w.exported(&author, "Grace", &[Platform::Twitter]);
    assert_eq!(
        w.round(),
        Round {
            delivered: 1,
            ..Default::default()
        }
    );
    let sent = w.twitter.posts();
    assert_eq!(
        sent,
        vec![SocialPost {
            title: "Grace".into(),
            excerpt: Some("About Grace".into()),
            backlink: format!("{URL}/stories/{}", story.id),
            site_name: SITE.into(),
        }]
    );
    let row = &w.posts.rows()[0];
    assert_eq!(row.status, PostStatus::Posted);
    assert_eq!(row.attempts, 1);
    assert_eq!(row.external_id.as_deref(), Some("post-1"));
    assert_eq!(row.posted_at, Some(t0()));
    assert_eq!(row.next_attempt_at, None);

    // Posted once: the next round has nothing to do.
    assert_eq!(w.round(), Round::default());
    assert_eq!(w.twitter.posts().len(), 1);
}

#[test]
fn platforms_without_a_publisher_stay_queued_untouched() {
    let w = world();
    let author = w.author();
    w.exported(
        &author,
        "Grace",
        &[Platform::LinkedIn, Platform::Instagram, Platform::Twitter],
    );
    assert_eq!(w.round().delivered, 1);
    let rows = w.posts.rows();
    for row in rows.iter().filter(|r| r.platform != Platform::Twitter) {
        assert_eq!(row.status, PostStatus::Queued, "{row:?}");
        assert_eq!(row.attempts, 0);
    }
    assert_eq!(w.delivery.platforms(), vec![Platform::Twitter]);
}

#[test]
fn a_refused_post_fails_for_good_and_is_not_tried_again() {
    let w = world();
    let author = w.author();
    w.exported(&author, "Grace", &[Platform::Twitter]);
    w.twitter.then(Err(PublishError::Refused(
        "HTTP 401 Unauthorized: token expired".into(),
    )));
    assert_eq!(w.round().failed, 1);
    let row = &w.posts.rows()[0];
    assert_eq!(row.status, PostStatus::Failed);
    assert_eq!(
        row.last_error.as_deref(),
        Some("HTTP 401 Unauthorized: token expired")
    );
    w.clock.advance(Duration::days(2));
    assert_eq!(w.round(), Round::default());
    assert_eq!(w.twitter.posts().len(), 1);
}

#[test]
fn an_outage_keeps_the_post_queued_and_retries_it_after_the_backoff() {
    let w = world();
    let author = w.author();
    w.exported(&author, "Grace", &[Platform::Twitter]);
    w.twitter.then(unavailable(None));
    assert_eq!(w.round().retrying, 1);
    let row = &w.posts.rows()[0];
    assert_eq!(row.status, PostStatus::Queued);
    assert_eq!(row.attempts, 1);
    assert_eq!(row.next_attempt_at, Some(t0() + retry_delay(1)));
    assert!(row.last_error.as_deref().unwrap().contains("503"));

    // Not due yet.
    w.clock.advance(retry_delay(1) - Duration::seconds(1));
    assert_eq!(w.round(), Round::default());
    // Due: posted on the second try.
    w.clock.advance(Duration::seconds(1));
    assert_eq!(w.round().delivered, 1);
    let row = &w.posts.rows()[0];
    assert_eq!((row.status, row.attempts), (PostStatus::Posted, 2));
    assert_eq!(row.last_error, None);
}

#[test]
fn a_rate_limited_post_waits_as_long_as_the_platform_asks() {
    let w = world();
    let author = w.author();
    w.exported(&author, "Grace", &[Platform::Twitter]);
    w.twitter.then(unavailable(Some(Duration::minutes(15))));
    assert_eq!(w.round().retrying, 1);
    assert_eq!(
        w.posts.rows()[0].next_attempt_at,
        Some(t0() + Duration::minutes(15))
    );
}

#[test]
fn the_worker_gives_up_after_the_last_attempt() {
    let w = world();
    let author = w.author();
    w.exported(&author, "Grace", &[Platform::Twitter]);
    for _ in 0..MAX_PUBLISH_ATTEMPTS {
        w.twitter.then(unavailable(None));
    }
    for attempt in 1..=MAX_PUBLISH_ATTEMPTS {
        let round = w.round();
        if attempt < MAX_PUBLISH_ATTEMPTS {
            assert_eq!(round.retrying, 1, "attempt {attempt}");
        } else {
            assert_eq!(round.failed, 1, "attempt {attempt}");
        }
        w.clock.advance(Duration::hours(2));
    }
    let row = &w.posts.rows()[0];
    assert_eq!(row.status, PostStatus::Failed);
    assert_eq!(row.attempts, MAX_PUBLISH_ATTEMPTS);
    assert!(
        row.last_error
            .as_deref()
            .unwrap()
            .contains("gave up after 10 tries")
    );
    assert_eq!(w.round(), Round::default());
}

#[test]
fn a_claimed_post_is_held_by_its_lease_and_taken_over_after_it() {
    let w = world();
    let author = w.author();
    w.exported(&author, "Grace", &[Platform::Twitter]);
    // A worker that claims and then dies.
    let claimed = block_on(w.posts.claim_due(
        &[Platform::Twitter],
        t0(),
        t0() + Duration::seconds(PUBLISH_LEASE_SECONDS),
        PUBLISH_BATCH,
    ))
    .unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(w.round(), Round::default());
    w.clock.advance(Duration::seconds(PUBLISH_LEASE_SECONDS));
    assert_eq!(w.round().delivered, 1);
    assert_eq!(w.posts.rows()[0].attempts, 2);
}

#[test]
fn a_post_whose_story_is_no_longer_public_fails_without_being_published() {
    let w = world();
    let author = w.author();
    let mut story = w.exported(&author, "Grace", &[Platform::Twitter]);
    story.is_published = false;
    story.status = StoryStatus::Draft;
    block_on(w.stories.update(&story, &[])).unwrap();
    assert_eq!(w.round().failed, 1);
    assert!(w.twitter.posts().is_empty());
    let row = &w.posts.rows()[0];
    assert_eq!(row.status, PostStatus::Failed);
    assert_eq!(
        row.last_error.as_deref(),
        Some("the story is no longer published")
    );
}

#[test]
fn a_round_takes_every_due_post_batch_by_batch() {
    let w = world();
    let author = w.author();
    let n = PUBLISH_BATCH as usize * 2 + 3;
    for i in 0..n {
        w.exported(&author, &format!("Story {i}"), &[Platform::Twitter]);
    }
    assert_eq!(w.round().delivered, n);
    let titles: Vec<String> = w.twitter.posts().into_iter().map(|p| p.title).collect();
    assert_eq!(titles.first().map(String::as_str), Some("Story 0"));
    assert_eq!(titles.len(), n);
}

/// A post already made on `platform` whose deletion a withdrawal queued.
fn deletion_queued(
    w: &World,
    platform: Platform,
    external_id: &str,
) -> crate::social::SocialPostId {
    let post = w
        .posts
        .posted(crate::story::StoryId(7), platform, external_id);
    block_on(w.posts.queue_deletion(&crate::social::NewDeletion {
        post,
        story: crate::story::StoryId(7),
        story_title: "Grace".into(),
        platform,
        external_id: external_id.into(),
        external_url: Some(format!("https://social.example/{external_id}")),
        requested_by: crate::user::UserId::new("author-1"),
        requested_by_name: "Maria Garcia".into(),
        at: t0(),
    }))
    .unwrap();
    post
}

#[test]
fn a_queued_deletion_deletes_the_post_by_its_platform_id_once_and_logs_it() {
    use crate::audit::AuditAction;
    use crate::social::DeletionStatus;
    let w = world();
    let post = deletion_queued(&w, Platform::Twitter, "1900");
    assert_eq!(
        w.round(),
        Round {
            delivered: 1,
            ..Default::default()
        }
    );
    assert_eq!(w.twitter.deleted(), vec!["1900".to_owned()]);
    let row = &w.posts.deletions()[0];
    assert_eq!(row.status, DeletionStatus::Deleted);
    assert_eq!(row.deleted_at, Some(t0()));
    assert_eq!(w.posts.rows()[0].status, PostStatus::Deleted);
    let seen = block_on(w.posts.find(post)).unwrap().unwrap();
    assert_eq!(seen.status, PostStatus::Deleted);
    assert_eq!(seen.deletion.unwrap().status, DeletionStatus::Deleted);
    let log = w.work.audit().entries();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, AuditAction::SocialPostDeleted);
    assert_eq!(log[0].actor_name, "Maria Garcia");
    assert_eq!(log[0].target_id, post.0.to_string());
    assert!(
        log[0]
            .reason
            .as_deref()
            .unwrap()
            .contains("https://social.example/1900")
    );
    // Deleted once: nothing more to do.
    assert_eq!(w.round(), Round::default());
    assert_eq!(w.twitter.deleted().len(), 1);
}

#[test]
fn a_deletion_for_a_platform_without_a_publisher_stays_queued() {
    use crate::social::DeletionStatus;
    let w = world();
    deletion_queued(&w, Platform::LinkedIn, "urn:li:share:1");
    assert_eq!(w.round(), Round::default());
    let row = &w.posts.deletions()[0];
    assert_eq!((row.status, row.attempts), (DeletionStatus::Queued, 0));
}

#[test]
fn a_deletion_in_an_outage_is_retried_then_given_up_and_logged_for_a_person() {
    use crate::audit::AuditAction;
    use crate::social::DeletionStatus;
    let w = world();
    let post = deletion_queued(&w, Platform::Twitter, "1900");
    for _ in 0..MAX_PUBLISH_ATTEMPTS {
        w.twitter.then_delete(Err(PublishError::Unavailable {
            message: "HTTP 503 Service Unavailable".into(),
            retry_after: None,
        }));
    }
    let first = w.round();
    assert_eq!(first.retrying, 1);
    let row = &w.posts.deletions()[0];
    assert_eq!(row.status, DeletionStatus::Queued);
    assert_eq!(row.next_attempt_at, Some(t0() + retry_delay(1)));
    // Not due before its backoff.
    assert_eq!(w.round(), Round::default());
    for attempt in 2..=MAX_PUBLISH_ATTEMPTS {
        w.clock.advance(Duration::hours(2));
        let round = w.round();
        if attempt < MAX_PUBLISH_ATTEMPTS {
            assert_eq!(round.retrying, 1, "attempt {attempt}");
        } else {
            assert_eq!(round.failed, 1, "attempt {attempt}");
        }
    }
    assert_eq!(w.twitter.deleted().len(), MAX_PUBLISH_ATTEMPTS as usize);
    let row = &w.posts.deletions()[0];
    assert_eq!(row.status, DeletionStatus::Failed);
    assert!(
        row.last_error
            .as_deref()
            .unwrap()
            .contains("gave up after 10 tries")
    );
    // The post is still there, and says so.
    let seen = block_on(w.posts.find(post)).unwrap().unwrap();
    assert_eq!(seen.status, PostStatus::Posted);
    assert_eq!(seen.deletion.unwrap().status, DeletionStatus::Failed);
    let log = w.work.audit().entries();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, AuditAction::SocialDeletionFailed);
    let reason = log[0].reason.as_deref().unwrap();
    assert!(reason.contains("remove it by hand"), "{reason}");
    assert!(reason.contains("https://social.example/1900"), "{reason}");
    w.clock.advance(Duration::days(2));
    assert_eq!(w.round(), Round::default());
}

#[test]
fn a_refused_deletion_is_given_up_at_once() {
    use crate::audit::AuditAction;
    use crate::social::DeletionStatus;
    let w = world();
    deletion_queued(&w, Platform::Twitter, "1900");
    w.twitter.then_delete(Err(PublishError::Refused(
        "HTTP 403 Forbidden: not yours".into(),
    )));
    assert_eq!(w.round().failed, 1);
    let row = &w.posts.deletions()[0];
    assert_eq!(row.status, DeletionStatus::Failed);
    assert_eq!(
        row.last_error.as_deref(),
        Some("HTTP 403 Forbidden: not yours")
    );
    assert_eq!(
        w.work.audit().entries()[0].action,
        AuditAction::SocialDeletionFailed
    );
    assert_eq!(w.posts.rows()[0].status, PostStatus::Posted);
}

/// X, where the story's consent is withdrawn while its tweet is being sent.
struct WithdrawnWhileSending {
    stories: Arc<InMemoryStoryRepository>,
}

#[async_trait::async_trait]
impl SocialPublisher for WithdrawnWhileSending {
    fn platform(&self) -> Platform {
        Platform::Twitter
    }

    async fn publish(&self, post: &SocialPost) -> Result<Published, PublishError> {
        let id = crate::story::StoryId(
            post.backlink
                .rsplit('/')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap(),
        );
        let mut story = self
            .stories
            .find_with_author(id)
            .await
            .unwrap()
            .unwrap()
            .story;
        story.status = StoryStatus::Draft;
        story.is_published = false;
        self.stories.update(&story, &[]).await.unwrap();
        Ok(Published {
            external_id: Some("77".into()),
            url: Some("https://x.com/i/web/status/77".into()),
        })
    }

    async fn delete(&self, _external_id: &str) -> Result<(), PublishError> {
        Ok(())
    }
}

#[test]
fn a_post_that_went_out_while_its_story_was_withdrawn_is_queued_for_deletion() {
    use crate::social::DeletionStatus;
    let w = world();
    let author = w.author();
    let story = w.exported(&author, "Grace", &[Platform::Twitter]);
    let delivery = SocialDelivery::new(SocialDeliveryPorts {
        posts: w.posts.clone(),
        stories: w.stories.clone(),
        work: w.work.clone(),
        publishers: vec![Arc::new(WithdrawnWhileSending {
            stories: w.stories.clone(),
        })],
        clock: w.clock.clone(),
        public_url: URL.into(),
        site_name: SITE.into(),
    });
    let first = block_on(delivery.deliver_due()).unwrap();
    // Posted, then deleted in the same round.
    assert_eq!(first.delivered, 2, "{first:?}");
    let deletions = w.posts.deletions();
    assert_eq!(deletions.len(), 1);
    let d = &deletions[0];
    assert_eq!(d.deletion.story, story.id);
    assert_eq!(d.deletion.external_id, "77");
    assert_eq!(d.deletion.requested_by, author.id);
    assert_eq!(d.status, DeletionStatus::Deleted);
    assert_eq!(w.posts.rows()[0].status, PostStatus::Deleted);
}

#[test]
fn a_post_is_queued_for_deletion_once_however_often_it_is_asked() {
    let w = world();
    deletion_queued(&w, Platform::Twitter, "1900");
    let again = w.posts.deletions()[0].deletion.clone();
    block_on(w.posts.queue_deletion(&again)).unwrap();
    assert_eq!(w.posts.deletions().len(), 1);
}
