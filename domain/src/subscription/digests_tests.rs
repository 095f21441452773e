#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use futures_executor::block_on;

use super::digests::{DIGEST_BATCH, DigestPorts, DigestService, EACH_AT_ONCE, STORIES_PER_DIGEST};
use super::links::{is_signed_token_of, mail_token, signed_id};
use super::ports::SubscriptionRepository;
use super::{DigestSchedule, Frequency, NewSubscription, SubscriptionConsent, SubscriptionStatus};
use crate::mail::SiteIdentity;
use crate::story::{
    Audience, Byline, NewStory, Privacy, StoryFields, StoryRepository, StoryStatus,
};
use crate::testing::{
    InMemoryDigestBatches, InMemoryStoryRepository, InMemorySubscriptions, InMemoryUserRepository,
    KeyedSigner, RecordingMailer,
};
use crate::user::{AuthProvider, NewUser, Role, User, UserRepository};
use crate::validation::Email;

/// Sunday 2024-03-03 06:00 UTC: the default schedule's weekly slot.
fn sunday() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 3, 3, 6, 0, 0).unwrap()
}

struct World {
    service: DigestService,
    subscriptions: Arc<InMemorySubscriptions>,
    stories: Arc<InMemoryStoryRepository>,
    users: Arc<InMemoryUserRepository>,
    mailer: Arc<RecordingMailer>,
    batches: Arc<InMemoryDigestBatches>,
}

fn world() -> World {
    let users = Arc::new(InMemoryUserRepository::new());
    let stories = Arc::new(InMemoryStoryRepository::new(users.clone()));
    let subscriptions = Arc::new(InMemorySubscriptions::new());
    let mailer = Arc::new(RecordingMailer::default());
    let batches = Arc::new(InMemoryDigestBatches::new(
        subscriptions.clone(),
        mailer.clone(),
    ));
    let service = DigestService::new(DigestPorts {
        subscriptions: subscriptions.clone(),
        stories: stories.clone(),
        users: users.clone(),
        batches: batches.clone(),
        signer: Arc::new(KeyedSigner::default()),
        site: SiteIdentity {
            name: "Grace Stories".to_owned(),
            public_url: "https://grace.example/".to_owned(),
        },
        schedule: DigestSchedule::default(),
    });
    World {
        service,
        subscriptions,
        stories,
        users,
        mailer,
        batches,
    }
}

async fn person(w: &World, email: &str, first: &str, last: &str, approved: bool) -> User {
    w.users
        .create(NewUser {
            email: email.to_owned(),
            username: Some(first.to_lowercase()),
            password_hash: None,
            first_name: Some(first.to_owned()),
            last_name: Some(last.to_owned()),
            profile_image_url: None,
            google_id: None,
            auth_provider: AuthProvider::Local,
            role: Role::Member,
            is_approved: approved,
            email_verified: true,
        })
        .await
        .unwrap()
}

struct Published<'a> {
    title: &'a str,
    category: &'a str,
    at: DateTime<Utc>,
    byline: Byline,
    audience: Audience,
}

impl<'a> Published<'a> {
    fn new(title: &'a str, at: DateTime<Utc>) -> Self {
        Self {
            title,
            category: "Healing",
            at,
            byline: Byline::Full,
            audience: Audience::Public,
        }
    }
}

async fn publish(w: &World, author: &User, p: Published<'_>) {
    w.stories
        .create(NewStory {
            fields: StoryFields {
                title: p.title.to_owned(),
                content: format!("<p>The story of {}.</p>", p.title),
                source: format!("The story of {}.", p.title),
                excerpt: Some(format!("About {}", p.title)),
                video_url: None,
                thumbnail_url: Some("/media/picture.webp".to_owned()),
                category: p.category.to_owned(),
            },
            passages: Vec::new(),
            author_id: author.id.clone(),
            status: StoryStatus::Approved,
            is_published: true,
            published_at: Some(p.at),
            approved_by: Some(author.id.clone()),
            approved_at: Some(p.at),
            privacy: Privacy {
                byline: p.byline,
                audience: p.audience,
            },
        })
        .await
        .unwrap();
}

async fn subscribe(
    w: &World,
    email: &str,
    frequency: Frequency,
    categories: &[&str],
    user: Option<&User>,
    confirmed_at: DateTime<Utc>,
) -> super::Subscription {
    w.subscriptions
        .put(
            NewSubscription {
                email: Email::parse(email).unwrap(),
                user_id: user.map(|u| u.id.clone()),
                frequency,
                categories: categories.iter().map(|c| (*c).to_owned()).collect(),
                status: SubscriptionStatus::Confirmed,
                created_at: confirmed_at,
                confirmed_at: Some(confirmed_at),
                consent: SubscriptionConsent {
                    wording: "Get new stories".to_owned(),
                    page: "/".to_owned(),
                    at: confirmed_at,
                },
            },
            "hash",
        )
        .await
        .unwrap()
}

fn mails_to(w: &World, to: &str) -> Vec<crate::mail::OutgoingMail> {
    w.mailer.sent().into_iter().filter(|m| m.to == to).collect()
}

#[test]
fn a_weekly_digest_holds_the_new_stories_of_the_chosen_categories_once() {
    block_on(async {
        let w = world();
        let maria = person(&w, "maria@example.org", "Maria", "Garcia", true).await;
        let week_start = sunday() - Duration::days(7);
        subscribe(
            &w,
            "ruth@example.org",
            Frequency::Weekly,
            &["Healing"],
            None,
            week_start - Duration::days(1),
        )
        .await;
        publish(
            &w,
            &maria,
            Published::new("Before the last digest", week_start - Duration::hours(1)),
        )
        .await;
        publish(
            &w,
            &maria,
            Published::new("Mended", week_start + Duration::days(2)),
        )
        .await;
        publish(
            &w,
            &maria,
            Published {
                category: "Worship",
                ..Published::new("Sung", week_start + Duration::days(3))
            },
        )
        .await;
        publish(
            &w,
            &maria,
            Published::new("After the slot", sunday() + Duration::minutes(1)),
        )
        .await;
        // The subscription covers up to the previous slot already.
        let mut s = w
            .subscriptions
            .find_by_email("ruth@example.org")
            .await
            .unwrap()
            .unwrap();
        s.covered_until = Some(week_start);
        w.subscriptions.save(&s).await.unwrap();

        let round = w
            .service
            .send_due(sunday() + Duration::minutes(5))
            .await
            .unwrap();

        assert_eq!(round.mailed, 1);
        let mails = mails_to(&w, "ruth@example.org");
        assert_eq!(mails.len(), 1);
        let digest = &mails[0];
        assert_eq!(digest.subject, "Grace Stories this week: 1 new story");
        assert!(
            digest
                .body
                .contains("Mended\nby Maria Garcia · Healing\nAbout Mended")
        );
        assert!(digest.body.contains("https://grace.example/stories/"));
        for absent in ["Before the last digest", "Sung", "After the slot"] {
            assert!(!digest.body.contains(absent), "{absent} in {}", digest.body);
        }
        let html = digest.html.as_deref().unwrap();
        assert!(html.contains("<img src=\"https://grace.example/media/picture.webp\""));
        assert!(html.contains(">Mended</a>"));
        let one_click = digest.unsubscribe.as_deref().unwrap();
        assert!(
            one_click.starts_with("https://grace.example/api/subscriptions/unsubscribe?token=")
        );

        // The same slot never mails twice.
        let again = w
            .service
            .send_due(sunday() + Duration::hours(1))
            .await
            .unwrap();
        assert_eq!(again.mailed, 0);
        assert_eq!(mails_to(&w, "ruth@example.org").len(), 1);
        let s = w
            .subscriptions
            .find_by_email("ruth@example.org")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.covered_until, Some(sunday()));
    })
}

#[test]
fn nothing_new_sends_nothing_and_still_covers_the_slot() {
    block_on(async {
        let w = world();
        subscribe(
            &w,
            "ruth@example.org",
            Frequency::Weekly,
            &[],
            None,
            sunday() - Duration::days(3),
        )
        .await;
        let round = w
            .service
            .send_due(sunday() + Duration::minutes(1))
            .await
            .unwrap();
        assert_eq!((round.mailed, round.subscriptions), (0, 1));
        assert!(w.mailer.sent().is_empty());
        let s = w
            .subscriptions
            .find_by_email("ruth@example.org")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s.covered_until, Some(sunday()));
    })
}

#[test]
fn bylines_are_kept_and_members_only_stories_reach_only_approved_members() {
    block_on(async {
        let w = world();
        let maria = person(&w, "maria@example.org", "Maria", "Garcia", true).await;
        let member = person(&w, "anna@example.org", "Anna", "Lee", true).await;
        let waiting = person(&w, "paul@example.org", "Paul", "Kim", false).await;
        let since = sunday() - Duration::days(3);
        subscribe(
            &w,
            "visitor@example.org",
            Frequency::Weekly,
            &[],
            None,
            since,
        )
        .await;
        subscribe(
            &w,
            "anna@example.org",
            Frequency::Weekly,
            &[],
            Some(&member),
            since,
        )
        .await;
        subscribe(
            &w,
            "paul@example.org",
            Frequency::Weekly,
            &[],
            Some(&waiting),
            since,
        )
        .await;
        // A member's account whose subscription is for another address reads as a visitor.
        subscribe(
            &w,
            "old-anna@example.org",
            Frequency::Weekly,
            &[],
            Some(&member),
            since,
        )
        .await;
        let at = sunday() - Duration::days(1);
        publish(
            &w,
            &maria,
            Published {
                byline: Byline::Anonymous,
                ..Published::new("Unnamed", at)
            },
        )
        .await;
        publish(
            &w,
            &maria,
            Published {
                byline: Byline::FirstInitial,
                ..Published::new("Initial", at)
            },
        )
        .await;
        publish(
            &w,
            &maria,
            Published {
                audience: Audience::Members,
                ..Published::new("Inside", at)
            },
        )
        .await;

        w.service.send_due(sunday()).await.unwrap();

        for public_reader in [
            "visitor@example.org",
            "paul@example.org",
            "old-anna@example.org",
        ] {
            let mail = &mails_to(&w, public_reader)[0];
            assert_eq!(mail.subject, "Grace Stories this week: 2 new stories");
            assert!(
                !mail.body.contains("Inside"),
                "{public_reader}: {}",
                mail.body
            );
            assert!(!mail.html.as_deref().unwrap().contains("Inside"));
        }
        let mail = &mails_to(&w, "anna@example.org")[0];
        assert_eq!(mail.subject, "Grace Stories this week: 3 new stories");
        assert!(mail.body.contains("Inside\nby Maria Garcia"));
        for m in w.mailer.sent() {
            assert!(m.body.contains("Unnamed\nby A member of Grace Stories"));
            assert!(m.body.contains("Initial\nby Maria G."));
            assert_eq!(
                m.body.matches("Garcia").count(),
                usize::from(m.to == "anna@example.org")
            );
        }
    })
}

#[test]
fn each_waits_for_the_grace_period_and_a_story_taken_down_sends_nothing() {
    block_on(async {
        let w = world();
        let maria = person(&w, "maria@example.org", "Maria", "Garcia", true).await;
        let t = sunday();
        subscribe(
            &w,
            "ruth@example.org",
            Frequency::Each,
            &[],
            None,
            t - Duration::hours(1),
        )
        .await;
        publish(&w, &maria, Published::new("Fresh", t)).await;

        w.service.send_due(t + Duration::minutes(9)).await.unwrap();
        assert!(w.mailer.sent().is_empty(), "within the grace period");

        w.service.send_due(t + Duration::minutes(10)).await.unwrap();
        let mails = mails_to(&w, "ruth@example.org");
        assert_eq!(mails.len(), 1);
        assert_eq!(mails[0].subject, "New story on Grace Stories: Fresh");

        // Taken down within the grace period: never mailed.
        publish(
            &w,
            &maria,
            Published::new("Second thoughts", t + Duration::minutes(20)),
        )
        .await;
        let mut story = w
            .stories
            .all()
            .into_iter()
            .find(|s| s.title == "Second thoughts")
            .unwrap();
        story.is_published = false;
        w.stories.update(&story, &[]).await.unwrap();
        w.service.send_due(t + Duration::minutes(40)).await.unwrap();
        assert_eq!(mails_to(&w, "ruth@example.org").len(), 1);
    })
}

#[test]
fn each_turns_many_stories_at_once_into_one_mail() {
    block_on(async {
        let w = world();
        let maria = person(&w, "maria@example.org", "Maria", "Garcia", true).await;
        let t = sunday();
        subscribe(
            &w,
            "ruth@example.org",
            Frequency::Each,
            &[],
            None,
            t - Duration::hours(1),
        )
        .await;
        let titles: Vec<String> = (0..=EACH_AT_ONCE).map(|i| format!("Story {i}")).collect();
        for (i, title) in titles.iter().enumerate() {
            publish(
                &w,
                &maria,
                Published::new(title, t + Duration::minutes(i as i64)),
            )
            .await;
        }
        w.service.send_due(t + Duration::hours(1)).await.unwrap();
        let mails = mails_to(&w, "ruth@example.org");
        assert_eq!(mails.len(), 1);
        assert_eq!(
            mails[0].subject,
            format!("Grace Stories: {} new stories", EACH_AT_ONCE + 1)
        );
    })
}

#[test]
fn a_long_digest_lists_the_newest_and_counts_the_rest() {
    block_on(async {
        let w = world();
        let maria = person(&w, "maria@example.org", "Maria", "Garcia", true).await;
        subscribe(
            &w,
            "ruth@example.org",
            Frequency::Weekly,
            &[],
            None,
            sunday() - Duration::days(6),
        )
        .await;
        for i in 0..STORIES_PER_DIGEST + 2 {
            publish(
                &w,
                &maria,
                Published::new(
                    &format!("Story {i}"),
                    sunday() - Duration::hours(i as i64 + 1),
                ),
            )
            .await;
        }
        w.service.send_due(sunday()).await.unwrap();
        let mail = &mails_to(&w, "ruth@example.org")[0];
        assert!(mail.body.contains("Story 0\n"));
        assert!(
            !mail
                .body
                .contains(&format!("Story {}\n", STORIES_PER_DIGEST))
        );
        assert!(
            mail.body
                .contains("And 2 more: https://grace.example/stories")
        );
    })
}

#[test]
fn a_batch_is_claimed_once_and_a_second_server_finds_nothing() {
    block_on(async {
        let w = world();
        for i in 0..3 {
            subscribe(
                &w,
                &format!("s{i}@example.org"),
                Frequency::Weekly,
                &[],
                None,
                sunday() - Duration::days(2),
            )
            .await;
        }
        let now = sunday() + Duration::minutes(1);
        let first = w
            .subscriptions
            .claim_due(
                Frequency::Weekly,
                sunday(),
                now,
                now + Duration::minutes(15),
                DIGEST_BATCH,
            )
            .await
            .unwrap();
        assert_eq!(first.len(), 3);
        // Another server's round while the first holds them.
        let round = w.service.send_due(now).await.unwrap();
        assert_eq!(round.subscriptions, 0);
        // A lease that ran out (a server died mid-round) lets another server take over.
        let later = w
            .service
            .send_due(now + Duration::minutes(16))
            .await
            .unwrap();
        assert_eq!(later.subscriptions, 3);
    })
}

/// `n` weekly subscribers (`reader0@example.org`...) who signed up on Friday, and one story
/// published on Saturday: each is due one digest on Sunday.
async fn weekly_readers_and_one_story(w: &World, n: usize) {
    let maria = person(w, "maria@example.org", "Maria", "Garcia", true).await;
    for i in 0..n {
        subscribe(
            w,
            &format!("reader{i}@example.org"),
            Frequency::Weekly,
            &[],
            None,
            sunday() - Duration::days(2),
        )
        .await;
    }
    publish(
        w,
        &maria,
        Published::new("Mended", sunday() - Duration::days(1)),
    )
    .await;
}

#[test]
fn each_batch_is_mailed_and_covered_in_one_commit() {
    block_on(async {
        let w = world();
        let subscribers = DIGEST_BATCH as usize + 7;
        weekly_readers_and_one_story(&w, subscribers).await;
        let round = w.service.send_due(sunday()).await.unwrap();
        assert_eq!(round.mailed, subscribers);
        assert_eq!(w.mailer.sent().len(), subscribers);
        // A full batch and the rest: two commits, not two per subscriber.
        assert_eq!(w.batches.commits(), 2);
        let again = w.service.send_due(sunday()).await.unwrap();
        assert_eq!(again.subscriptions, 0);
    })
}

#[test]
fn a_mailer_failure_gives_the_batch_back() {
    block_on(async {
        let w = world();
        weekly_readers_and_one_story(&w, 1).await;
        w.mailer.set_failing(true);
        assert!(w.service.send_due(sunday()).await.is_err());
        w.mailer.set_failing(false);
        // Given back at once, not only when the lease runs out.
        let round = w
            .service
            .send_due(sunday() + Duration::minutes(1))
            .await
            .unwrap();
        assert_eq!(round.mailed, 1);
    })
}

#[test]
fn a_signed_link_names_its_subscription_and_nothing_else() {
    let signer = KeyedSigner::default();
    let s = super::Subscription {
        id: 42,
        email: "ruth@example.org".to_owned(),
        user_id: None,
        frequency: Frequency::Weekly,
        categories: Vec::new(),
        status: SubscriptionStatus::Confirmed,
        created_at: sunday(),
        confirmed_at: Some(sunday()),
        covered_until: None,
        hard_bounces: 0,
        consent: SubscriptionConsent {
            wording: String::new(),
            page: "/".to_owned(),
            at: sunday(),
        },
    };
    let token = mail_token(&signer, &s);
    assert_eq!(signed_id(&token), Some(42));
    assert!(is_signed_token_of(&signer, &token, &s));
    // Another key, another subscription, or the same address signed up anew: refused.
    assert!(!is_signed_token_of(&KeyedSigner("another key"), &token, &s));
    let other = super::Subscription {
        id: 43,
        ..s.clone()
    };
    assert!(!is_signed_token_of(
        &signer,
        &token.replacen("42", "43", 1),
        &other
    ));
    let remade = super::Subscription {
        created_at: sunday() + Duration::days(1),
        ..s.clone()
    };
    assert!(!is_signed_token_of(&signer, &token, &remade));
    // A random link token never reads as a signed one.
    assert_eq!(signed_id("4f2a9c0e"), None);
    assert_eq!(signed_id("42."), None);
}
