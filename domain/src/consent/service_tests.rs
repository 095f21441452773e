#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::audit::AuditAction;
use crate::permissions::Caller;
use crate::story::consent::{ConsentKind, ConsentRepository, ConsentUses, NewConsent};
use crate::story::{StoryRepository, StoryStatus};
use crate::testing::{
    FakeUnitOfWork, FixedClock, InMemoryConsentRepository, InMemoryStoryRepository,
    InMemoryUserRepository, WorkParts, new_story, new_user,
};
use crate::user::{Role, User, UserRepository};

struct World {
    users: Arc<InMemoryUserRepository>,
    stories: Arc<InMemoryStoryRepository>,
    consents: Arc<InMemoryConsentRepository>,
    work: Arc<FakeUnitOfWork>,
    service: ConsentService,
}

fn world() -> World {
    let users = Arc::new(InMemoryUserRepository::new());
    let stories = Arc::new(InMemoryStoryRepository::new(users.clone()));
    let consents = Arc::new(InMemoryConsentRepository::default());
    let work = Arc::new(FakeUnitOfWork::new(WorkParts {
        stories: stories.clone(),
        consents: consents.clone(),
        ..WorkParts::new()
    }));
    let service = ConsentService::new(
        consents.clone(),
        stories.clone(),
        work.clone(),
        Arc::new(FixedClock::default()),
    );
    World {
        users,
        stories,
        consents,
        work,
        service,
    }
}

impl World {
    fn person(&self, email: &str, role: Role) -> User {
        block_on(self.users.create(new_user(email, role, true))).unwrap()
    }

    fn agreed(&self, author: &User, story: crate::story::StoryId) {
        block_on(self.consents.record(&NewConsent {
            story,
            person: author.id.clone(),
            statement_version: 2,
            uses: ConsentUses {
                site: true,
                social: true,
                widget: false,
            },
            kind: ConsentKind::Given,
            recorded_by: author.id.clone(),
            reason: None,
            at: crate::testing::t0(),
        }))
        .unwrap();
    }
}

#[test]
fn the_author_withdraws_and_the_story_becomes_a_draft_on_the_log() {
    let w = world();
    let author = w.person("a@example.org", Role::RegularContributor);
    let story = block_on(
        w.stories
            .create(new_story(&author.id, "Grace", StoryStatus::Approved)),
    )
    .unwrap();
    w.agreed(&author, story.id);
    let done = block_on(
        w.service
            .withdraw(&Caller::User(author.clone()), story.id, None),
    )
    .unwrap();
    assert_eq!(done.story, story.id);
    let now = block_on(w.stories.find_with_author(story.id))
        .unwrap()
        .unwrap();
    assert_eq!(now.story.status, StoryStatus::Draft);
    assert!(!now.story.is_published);
    let last = w.consents.records().pop().unwrap();
    assert_eq!(last.consent.kind, ConsentKind::Withdrawn);
    assert_eq!(last.consent.uses, ConsentUses::default());
    assert_eq!(w.consents.withdrawn(), vec![story.id]);
    let log = w.work.audit().entries();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, AuditAction::ConsentWithdrawn);
    assert_eq!(w.work.commits(), 1);
    // Nothing is left to withdraw.
    let again = block_on(w.service.withdraw(&Caller::User(author), story.id, None));
    assert!(matches!(
        again,
        Err(WithdrawConsentError::NothingToWithdraw)
    ));
}

#[test]
fn a_moderator_withdraws_for_the_author_only_with_a_reason() {
    let w = world();
    let author = w.person("a@example.org", Role::RegularContributor);
    let moderator = w.person("m@example.org", Role::Admin);
    let story = block_on(
        w.stories
            .create(new_story(&author.id, "Grace", StoryStatus::Approved)),
    )
    .unwrap();
    w.agreed(&author, story.id);
    let refused = block_on(
        w.service
            .withdraw(&Caller::User(moderator.clone()), story.id, None),
    );
    assert!(matches!(
        refused,
        Err(WithdrawConsentError::Consent(ConsentError::Invalid(_)))
    ));
    block_on(w.service.withdraw(
        &Caller::User(moderator.clone()),
        story.id,
        Some("Asked by phone"),
    ))
    .unwrap();
    let last = w.consents.records().pop().unwrap();
    assert_eq!(last.consent.recorded_by, moderator.id);
    assert_eq!(last.consent.person, author.id);
    assert_eq!(last.consent.reason.as_deref(), Some("Asked by phone"));
}

#[test]
fn someone_else_may_not_withdraw_nor_read_the_records() {
    let w = world();
    let author = w.person("a@example.org", Role::RegularContributor);
    let other = w.person("o@example.org", Role::RegularContributor);
    let story = block_on(
        w.stories
            .create(new_story(&author.id, "Grace", StoryStatus::Approved)),
    )
    .unwrap();
    w.agreed(&author, story.id);
    let refused = block_on(
        w.service
            .withdraw(&Caller::User(other.clone()), story.id, Some("x")),
    );
    assert!(matches!(
        refused,
        Err(WithdrawConsentError::Consent(ConsentError::Refused(_)))
    ));
    assert!(block_on(w.service.of_story(&Caller::User(other), story.id)).is_err());
    assert_eq!(
        block_on(w.service.of_story(&Caller::User(author), story.id))
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn only_the_super_admin_changes_the_statement_and_old_versions_stay() {
    let w = world();
    let admin = w.person("ad@example.org", Role::Admin);
    let boss = w.person("s@example.org", Role::SuperAdmin);
    assert!(block_on(w.service.change_statement(&Caller::User(admin), "New")).is_err());
    let new = block_on(
        w.service
            .change_statement(&Caller::User(boss.clone()), " New "),
    )
    .unwrap();
    assert_eq!(new.text, "New");
    let all = block_on(w.service.statements(&Caller::User(boss.clone()))).unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(all[2].text, "Legacy");
    let current = block_on(w.service.statement(&Caller::User(boss))).unwrap();
    assert_eq!(current.version, new.version);
}

#[test]
fn withdrawal_queues_the_deletion_of_posts_made_where_the_site_can_delete_and_lists_the_rest() {
    use crate::social::{Platform, SocialPostId};
    use crate::testing::InMemorySocialPostRepository;
    let users = Arc::new(InMemoryUserRepository::new());
    let stories = Arc::new(InMemoryStoryRepository::new(users.clone()));
    let consents = Arc::new(InMemoryConsentRepository::default());
    let social = Arc::new(InMemorySocialPostRepository::new());
    let work = Arc::new(FakeUnitOfWork::new(WorkParts {
        stories: stories.clone(),
        consents: consents.clone(),
        social: social.clone(),
        ..WorkParts::new()
    }));
    // Credentials for X only.
    let service = ConsentService::new(
        consents.clone(),
        stories.clone(),
        work.clone(),
        Arc::new(FixedClock::default()),
    )
    .deleting_on(vec![Platform::Twitter]);
    let w = World {
        users,
        stories,
        consents,
        work,
        service,
    };
    let author = w.person("a@example.org", Role::RegularContributor);
    let story = block_on(
        w.stories
            .create(new_story(&author.id, "Grace", StoryStatus::Approved)),
    )
    .unwrap();
    w.agreed(&author, story.id);
    let copy = |post_id, platform, external_id: Option<&str>| PostedCopy {
        post_id,
        platform,
        url: Some(format!("https://social.example/{post_id}")),
        external_id: external_id.map(str::to_owned),
    };
    w.consents.already_posted(vec![
        copy(1, Platform::Twitter, Some("1900")),
        // No credentials for LinkedIn any more.
        copy(2, Platform::LinkedIn, Some("urn:li:share:5")),
        // X never said its id.
        copy(3, Platform::Twitter, None),
    ]);
    let done = block_on(
        w.service
            .withdraw(&Caller::User(author.clone()), story.id, None),
    )
    .unwrap();
    assert_eq!(
        done.deleting,
        vec![copy(1, Platform::Twitter, Some("1900"))]
    );
    assert_eq!(
        done.outputs.posted,
        vec![
            copy(2, Platform::LinkedIn, Some("urn:li:share:5")),
            copy(3, Platform::Twitter, None)
        ]
    );
    let queued = social.deletions();
    assert_eq!(queued.len(), 1);
    let d = &queued[0].deletion;
    assert_eq!(d.post, SocialPostId(1));
    assert_eq!(
        (d.platform, d.external_id.as_str()),
        (Platform::Twitter, "1900")
    );
    assert_eq!(d.requested_by, author.id);
    assert_eq!(d.story_title, "Grace");
    // One work: the deletion is queued with the rest of the withdrawal, or not at all.
    assert_eq!(w.work.commits(), 1);
    let reason = w.work.audit().entries()[0].reason.clone().unwrap();
    assert!(
        reason.contains("being deleted on the platforms: twitter https://social.example/1"),
        "{reason}"
    );
    assert!(
        reason.contains("to remove on the platforms by hand: linkedin https://social.example/2, twitter https://social.example/3"),
        "{reason}"
    );
    let message = done.message();
    assert!(message.contains("1 post(s) already made on social media will be deleted there"));
    assert!(
        message.contains("2 post(s) already made on social media must be removed there by hand")
    );
}

#[test]
fn a_moderator_withdrawing_must_say_why() {
    assert_eq!(
        super::withdrawal::check_reason(None, true)
            .unwrap_err()
            .as_slice()[0]
            .field,
        "reason"
    );
    assert_eq!(
        super::withdrawal::check_reason(Some("  "), true)
            .unwrap_err()
            .as_slice()[0]
            .field,
        "reason"
    );
    assert_eq!(super::withdrawal::check_reason(None, false).unwrap(), None);
    assert_eq!(
        super::withdrawal::check_reason(Some(" asked by phone "), true).unwrap(),
        Some("asked by phone".into())
    );
}
