//! Leaving on the in-memory fakes: what is kept, what goes, in one unit of work. (The
//! rows that go with the account by the database's cascade, the stories not handed over
//! among them, are checked by the HTTP tests on both engines.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::*;
use crate::audit::{AuditAction, AuditLog, NewAuditEntry};
use crate::media::{MediaRepository, NewMedia, StoredFormat};
use crate::session::SessionRecord;
use crate::story::{PictureUses, RevisionStatus, StoryFields, StoryRepository, StoryStatus};
use crate::subscription::{
    Frequency, NewSubscription, SubscriptionConsent, SubscriptionRepository, SubscriptionStatus,
};
use crate::testing::{AccountFakes, account_service, new_story, new_user, t0};
use crate::user::lockout::Attempt;
use crate::user::{UserId, UserRepository};
use crate::validation::Email;

const USED: &str = "0123456789abcdef0123456789abcdef";
const UNUSED: &str = "fedcba9876543210fedcba9876543210";

/// A person (password `password123`), with a live story using
/// one picture, a draft, an edit of the live story waiting for review, another upload no
/// story uses, a session, a subscription, and activity-log entries by and about them.
struct Leaver {
    me: User,
    live: crate::story::Story,
    draft: crate::story::Story,
    admin: User,
}

fn leaver(fakes: &AccountFakes) -> Leaver {
    let me = block_on(
        fakes
            .users
            .create(new_user("ruth@example.org", Role::Member, true)),
    )
    .unwrap();
    let admin = block_on(
        fakes
            .users
            .create(new_user("boaz@example.org", Role::Admin, true)),
    )
    .unwrap();
    let live = block_on(
        fakes
            .stories
            .create(new_story(&me.id, "Harvest", StoryStatus::Approved)),
    )
    .unwrap();
    let draft = block_on(
        fakes
            .stories
            .create(new_story(&me.id, "Gleaning", StoryStatus::Draft)),
    )
    .unwrap();
    block_on(fakes.stories.add_revision(
        live.id,
        &StoryFields::of(&live),
        RevisionStatus::Pending,
        &me.id,
        t0(),
    ))
    .unwrap();
    for key in [USED, UNUSED] {
        block_on(fakes.media.create(NewMedia {
            owner: me.id.clone(),
            key: key.to_owned(),
            format: StoredFormat::Jpeg,
            width: 800,
            height: 600,
            widths: vec![400, 800],
            bytes: 1000,
            created_at: t0(),
        }))
        .unwrap();
    }
    block_on(fakes.media.record(live.id, &[USED.to_owned()])).unwrap();
    block_on(fakes.sessions.save(SessionRecord {
        sid: "s-1".to_owned(),
        sess: "{}".to_owned(),
        expire: t0() + Duration::days(1),
        user_id: Some(me.id.as_str().to_owned()),
        handle: Some("h-1".to_owned()),
    }))
    .unwrap();
    block_on(fakes.subscriptions.put(
        NewSubscription {
            email: Email::parse(&me.email).unwrap(),
            user_id: None,
            frequency: Frequency::Weekly,
            categories: Vec::new(),
            status: SubscriptionStatus::Confirmed,
            created_at: t0(),
            confirmed_at: Some(t0()),
            consent: SubscriptionConsent {
                wording: "Get new stories".to_owned(),
                page: "/".to_owned(),
                at: t0(),
            },
        },
        "hash",
    ))
    .unwrap();
    block_on(fakes.work.audit().record(&[
        NewAuditEntry::by(&me, AuditAction::StoryDeleted, 7, Some("Old"), t0()),
        NewAuditEntry::by(
            &admin,
            AuditAction::PersonApproved,
            me.id.as_str(),
            Some("Ruth"),
            t0(),
        ),
    ]))
    .unwrap();
    Leaver {
        me,
        live,
        draft,
        admin,
    }
}

fn departure(delete_stories: bool) -> Departure {
    Departure {
        password: Some("password123".to_owned()),
        signed_in_at: None,
        delete_stories,
        attempt: Attempt::from_network("203.0.113.7"),
    }
}

fn stored(fakes: &AccountFakes, story: &crate::story::Story) -> crate::story::Story {
    block_on(fakes.stories.find_with_author(story.id))
        .unwrap()
        .unwrap()
        .story
}

#[test]
fn leaving_with_the_published_stories_kept_hands_them_to_the_former_member_anonymous() {
    let (service, fakes) = account_service();
    let l = leaver(&fakes);

    block_on(service.delete_account(&Caller::User(l.me.clone()), departure(false))).unwrap();

    let former = UserId::new(FORMER_MEMBER_ID);
    let kept = stored(&fakes, &l.live);
    assert_eq!(kept.author_id, former);
    assert_eq!(kept.privacy.byline, crate::story::Byline::Anonymous);
    assert_eq!(
        stored(&fakes, &l.draft).author_id,
        l.me.id,
        "a draft is never handed over"
    );
    assert!(
        block_on(fakes.stories.revisions(l.live.id))
            .unwrap()
            .iter()
            .all(|r| r.status != RevisionStatus::Pending),
        "the edit waiting for review went with its writer"
    );
    let placeholder = block_on(fakes.users.find(&former)).unwrap().unwrap();
    assert_eq!(placeholder.display_name(), FORMER_MEMBER_NAME);
    assert!(block_on(fakes.users.find(&l.me.id)).unwrap().is_none());
    // The picture of the kept story stays, with the placeholder; the unused one goes.
    let pictures = fakes.media.all();
    let used = pictures.iter().find(|m| m.key == USED).unwrap();
    assert_eq!(used.owner, former);
    assert!(!fakes.media.is_gone(USED));
    assert!(fakes.media.is_gone(UNUSED));
    assert_eq!(fakes.work.commits(), 1, "every step in one unit of work");
}

#[test]
fn leaving_forgets_the_name_the_sessions_and_the_subscriptions() {
    let (service, fakes) = account_service();
    let l = leaver(&fakes);

    block_on(service.delete_account(&Caller::User(l.me.clone()), departure(true))).unwrap();

    assert!(fakes.sessions.is_empty());
    assert!(fakes.subscriptions.all().is_empty());
    let entries = fakes.work.audit().entries();
    assert_eq!(entries[0].actor_name, FORMER_MEMBER_NAME);
    assert_eq!(
        entries[0].target_label.as_deref(),
        Some("Old"),
        "what they did stays"
    );
    assert_eq!(entries[1].actor_name, l.admin.display_name());
    assert_eq!(
        entries[1].target_label, None,
        "nor are they named as its subject"
    );
}

#[test]
fn leaving_with_the_stories_deleted_hands_nothing_over() {
    let (service, fakes) = account_service();
    let l = leaver(&fakes);

    block_on(service.delete_account(&Caller::User(l.me.clone()), departure(true))).unwrap();

    let former = UserId::new(FORMER_MEMBER_ID);
    assert!(block_on(fakes.users.find(&former)).unwrap().is_none());
    assert!(fakes.stories.all().iter().all(|s| s.author_id != former));
    assert!(block_on(fakes.users.find(&l.me.id)).unwrap().is_none());
    assert!(fakes.media.is_gone(UNUSED));
}
