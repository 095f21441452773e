//! Social delivery against real databases (SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set) and real HTTP conversations with small servers started by the
//! test on localhost, playing the X and LinkedIn APIs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use domain::clock::{Clock, SystemClock};
use std::sync::Arc;
use std::time::Duration as StdDuration;

use adapters::testing::each_engine;
use adapters::testing::http::{Answer, FakeApi, Request};
use adapters::{
    DatabaseConnection, LinkedInPublisher, SeaOrmSocialPostRepository, SeaOrmStoryRepository,
    TwitterPublisher,
};
use chrono::{DateTime, Duration, Utc};
use domain::delivery::Round;
use domain::permissions::Caller;
use domain::social::{
    Platform, SocialDelivery, SocialDeliveryPorts, SocialPublisher, SocialService,
};
use domain::story::{NewStory, StoryFields, StoryId, StoryRepository, StoryStatus};
use domain::testing::new_user;
use domain::user::{Role, User, UserRepository};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::json;

const PUBLIC_URL: &str = "https://stories.example.org";
const SITE: &str = "Grace Stories";
const ALL: [Platform; 3] = [Platform::Twitter, Platform::LinkedIn, Platform::Instagram];

async fn author(db: &DatabaseConnection) -> User {
    adapters::SeaOrmUserRepository::new(db.clone())
        .create(new_user("ruth@example.org", Role::RegularContributor, true))
        .await
        .unwrap()
}

/// A published story, exported by its author to `platforms`.
async fn exported(
    db: &DatabaseConnection,
    author: &User,
    title: &str,
    platforms: &[Platform],
) -> StoryId {
    let now = SystemClock.now();
    let stories = Arc::new(SeaOrmStoryRepository::new(db.clone()));
    let id = stories
        .create(NewStory {
            passages: Vec::new(),
            fields: StoryFields {
                title: title.into(),
                content: format!("<p>{title}, the whole story.</p>"),
                source: format!("{title}, the whole story."),
                excerpt: Some(format!("How {title} found grace")),
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
        .id;
    // The author agreed to social sharing, as the story form records it.
    let consents = adapters::SeaOrmConsentRepository::new(db.clone());
    let statement = domain::story::consent::ConsentRepository::current_statement(&consents)
        .await
        .unwrap();
    domain::story::consent::ConsentRepository::record(
        &consents,
        &domain::story::consent::NewConsent {
            story: id,
            person: author.id.clone(),
            statement_version: statement.version,
            uses: domain::story::consent::ConsentUses {
                site: true,
                social: true,
                widget: false,
            },
            kind: domain::story::consent::ConsentKind::Given,
            recorded_by: author.id.clone(),
            reason: None,
            at: now,
        },
    )
    .await
    .unwrap();
    SocialService::new(domain::social::SocialPorts {
        stories,
        posts: Arc::new(SeaOrmSocialPostRepository::new(db.clone())),
        work: Arc::new(adapters::SeaOrmUnitOfWork::new(db.clone())),
        clock: Arc::new(domain::clock::SystemClock),
        connected: vec![Platform::Twitter, Platform::LinkedIn],
        public_url: PUBLIC_URL.into(),
        site_name: SITE.into(),
    })
    .export(&Caller::User(author.clone()), id, platforms)
    .await
    .unwrap();
    id
}

fn worker(db: &DatabaseConnection, publishers: Vec<Arc<dyn SocialPublisher>>) -> SocialDelivery {
    SocialDelivery::new(SocialDeliveryPorts {
        posts: Arc::new(SeaOrmSocialPostRepository::new(db.clone())),
        stories: Arc::new(SeaOrmStoryRepository::new(db.clone())),
        work: Arc::new(adapters::SeaOrmUnitOfWork::new(db.clone())),
        publishers,
        clock: Arc::new(SystemClock),
        public_url: PUBLIC_URL.into(),
        site_name: SITE.into(),
    })
}

fn twitter(api: &FakeApi) -> Arc<dyn SocialPublisher> {
    Arc::new(TwitterPublisher::new(&api.url(), "tw-user-token").unwrap())
}

fn linkedin(api: &FakeApi) -> Arc<dyn SocialPublisher> {
    Arc::new(LinkedInPublisher::new(&api.url(), "li-token", "urn:li:person:abc123").unwrap())
}

/// X's answer to a created tweet, the n-th one.
fn tweet_created(n: usize, request: &Request) -> Answer {
    Answer::json(
        201,
        &json!({"data": {"id": format!("17000000000000000{n:02}"), "text": request.json()["text"]}}),
    )
}

/// LinkedIn's answer to a created share: 201, the URN in `X-RestLi-Id`, an empty body.
fn share_created(n: usize, _: &Request) -> Answer {
    Answer {
        status: 201,
        headers: vec![("X-RestLi-Id".into(), format!("urn:li:share:70000{n}"))],
        body: String::new(),
    }
}

/// One row of `social_posts`.
#[derive(Debug)]
struct Row {
    platform: String,
    status: String,
    body: String,
    attempts: i32,
    last_error: Option<String>,
    next_attempt_at: Option<DateTime<Utc>>,
    posted_at: Option<DateTime<Utc>>,
    external_id: Option<String>,
    external_url: Option<String>,
}

async fn rows(db: &DatabaseConnection) -> Vec<Row> {
    db.query_all_raw(Statement::from_string(
        db.get_database_backend(),
        "SELECT platform, status, body, attempts, last_error, next_attempt_at, posted_at, \
         external_id, external_url FROM social_posts ORDER BY id",
    ))
    .await
    .unwrap()
    .into_iter()
    .map(|r| Row {
        platform: r.try_get("", "platform").unwrap(),
        status: r.try_get("", "status").unwrap(),
        body: r.try_get("", "body").unwrap(),
        attempts: r.try_get("", "attempts").unwrap(),
        last_error: r.try_get("", "last_error").unwrap(),
        next_attempt_at: r.try_get("", "next_attempt_at").unwrap(),
        posted_at: r.try_get("", "posted_at").unwrap(),
        external_id: r.try_get("", "external_id").unwrap(),
        external_url: r.try_get("", "external_url").unwrap(),
    })
    .collect()
}

/// Makes every queued post due now, as if its wait had passed.
async fn make_due(db: &DatabaseConnection) {
    db.execute_unprepared("UPDATE social_posts SET next_attempt_at = NULL WHERE status = 'queued'")
        .await
        .unwrap();
}

#[tokio::test]
async fn a_queued_post_goes_out_to_x_once_as_the_api_expects() {
    each_engine(|db, _| async move {
        let x = FakeApi::start(tweet_created).await;
        let ruth = author(&db).await;
        let id = exported(&db, &ruth, "Ruth", &ALL).await;
        let worker = worker(&db, vec![twitter(&x)]);

        assert_eq!(
            worker.deliver_due().await.unwrap(),
            Round {
                delivered: 1,
                ..Default::default()
            }
        );
        let got = x.received();
        assert_eq!(got.len(), 1);
        let request = &got[0];
        assert_eq!(request.method, "POST");
        assert_eq!(request.path, "/2/tweets");
        assert_eq!(
            request.header("authorization"),
            Some("Bearer tw-user-token")
        );
        assert_eq!(request.header("content-type"), Some("application/json"));
        let body = request.json();
        assert_eq!(body.as_object().unwrap().len(), 1, "only the text: {body}");
        assert_eq!(
            body["text"],
            format!(
                "Ruth\n\nHow Ruth found grace\n\nRead more: {PUBLIC_URL}/stories/{id}\n\n— {SITE}"
            )
        );

        let rows = rows(&db).await;
        let tweet = rows.iter().find(|r| r.platform == "twitter").unwrap();
        assert_eq!(tweet.status, "posted");
        assert_eq!(tweet.attempts, 1);
        assert_eq!(tweet.external_id.as_deref(), Some("1700000000000000001"));
        assert_eq!(
            tweet.external_url.as_deref(),
            Some("https://x.com/i/web/status/1700000000000000001")
        );
        assert!(tweet.posted_at.is_some() && tweet.next_attempt_at.is_none());
        assert!(tweet.body.contains(&format!("{PUBLIC_URL}/stories/{id}")));
        // Platforms this worker has no credentials for stay queued, untouched.
        for other in rows.iter().filter(|r| r.platform != "twitter") {
            assert_eq!((other.status.as_str(), other.attempts), ("queued", 0));
        }

        // Nothing is posted twice.
        make_due(&db).await;
        assert_eq!(worker.deliver_due().await.unwrap(), Round::default());
        assert_eq!(x.received().len(), 1);
    })
    .await;
}

#[tokio::test]
async fn a_linkedin_share_links_the_story_as_an_article() {
    each_engine(|db, _| async move {
        let li = FakeApi::start(share_created).await;
        let ruth = author(&db).await;
        let id = exported(&db, &ruth, "Naomi", &[Platform::LinkedIn]).await;

        let round = worker(&db, vec![linkedin(&li)]).deliver_due().await.unwrap();
        assert_eq!(round.delivered, 1, "{round:?}");
        let got = li.received();
        assert_eq!(got.len(), 1);
        let request = &got[0];
        assert_eq!(request.method, "POST");
        assert_eq!(request.path, "/v2/ugcPosts");
        assert_eq!(request.header("authorization"), Some("Bearer li-token"));
        assert_eq!(request.header("x-restli-protocol-version"), Some("2.0.0"));
        assert_eq!(request.header("content-type"), Some("application/json"));
        let backlink = format!("{PUBLIC_URL}/stories/{id}");
        assert_eq!(
            request.json(),
            json!({
                "author": "urn:li:person:abc123",
                "lifecycleState": "PUBLISHED",
                "specificContent": {
                    "com.linkedin.ugc.ShareContent": {
                        "shareCommentary": {
                            "text": format!("Naomi\n\nHow Naomi found grace\n\nRead more: {backlink}\n\n— {SITE}")
                        },
                        "shareMediaCategory": "ARTICLE",
                        "media": [{
                            "status": "READY",
                            "originalUrl": backlink,
                            "title": {"text": "Naomi"},
                            "description": {"text": "How Naomi found grace"}
                        }]
                    }
                },
                "visibility": {"com.linkedin.ugc.MemberNetworkVisibility": "PUBLIC"}
            })
        );
        let row = rows(&db).await.remove(0);
        assert_eq!(row.status, "posted");
        assert_eq!(row.external_id.as_deref(), Some("urn:li:share:700001"));
        assert_eq!(
            row.external_url.as_deref(),
            Some("https://www.linkedin.com/feed/update/urn:li:share:700001/")
        );
    })
    .await;
}

#[tokio::test]
async fn a_refused_post_fails_for_good_and_is_not_sent_again() {
    each_engine(|db, _| async move {
        let x = FakeApi::start(tweet_created).await;
        x.then(Answer::json(
            401,
            &json!({"title": "Unauthorized", "status": 401, "detail": "Unauthorized"}),
        ));
        let li = FakeApi::start(share_created).await;
        li.then(Answer::json(
            403,
            &json!({"message": "Not enough permissions to access: ugcPosts.CREATE", "status": 403}),
        ));
        let ruth = author(&db).await;
        exported(
            &db,
            &ruth,
            "Lydia",
            &[Platform::Twitter, Platform::LinkedIn],
        )
        .await;
        let worker = worker(&db, vec![twitter(&x), linkedin(&li)]);

        assert_eq!(
            worker.deliver_due().await.unwrap(),
            Round {
                failed: 2,
                ..Default::default()
            }
        );
        let rows = rows(&db).await;
        for row in &rows {
            assert_eq!(
                (row.status.as_str(), row.attempts),
                ("failed", 1),
                "{row:?}"
            );
            assert!(row.posted_at.is_none() && row.external_id.is_none());
        }
        let error = |platform: &str| {
            rows.iter()
                .find(|r| r.platform == platform)
                .and_then(|r| r.last_error.clone())
                .unwrap()
        };
        assert!(
            error("twitter").contains("HTTP 401"),
            "{}",
            error("twitter")
        );
        assert!(
            error("linkedin").contains("HTTP 403"),
            "{}",
            error("linkedin")
        );
        assert!(error("linkedin").contains("Not enough permissions"));

        // Even when due again, a failed post stays put.
        db.execute_unprepared("UPDATE social_posts SET next_attempt_at = NULL")
            .await
            .unwrap();
        assert_eq!(worker.deliver_due().await.unwrap(), Round::default());
        assert_eq!((x.received().len(), li.received().len()), (1, 1));
    })
    .await;
}

#[tokio::test]
async fn a_post_waits_while_the_platform_is_down_and_goes_out_later() {
    each_engine(|db, _| async move {
        let x = FakeApi::start(tweet_created).await;
        x.then(Answer::json(
            503,
            &json!({"title": "Service Unavailable", "status": 503}),
        ));
        let ruth = author(&db).await;
        exported(&db, &ruth, "Boaz", &[Platform::Twitter]).await;
        let worker = worker(&db, vec![twitter(&x)]);

        assert_eq!(
            worker.deliver_due().await.unwrap(),
            Round {
                retrying: 1,
                ..Default::default()
            }
        );
        let row = rows(&db).await.remove(0);
        assert_eq!((row.status.as_str(), row.attempts), ("queued", 1));
        assert!(row.last_error.as_deref().unwrap().contains("HTTP 503"));
        let next = row.next_attempt_at.unwrap();
        assert!(
            next > SystemClock.now() + Duration::seconds(50)
                && next <= SystemClock.now() + Duration::minutes(1),
            "the first retry waits a minute: {next}"
        );

        // Not due yet: the backoff holds it back.
        assert_eq!(worker.deliver_due().await.unwrap(), Round::default());
        assert_eq!(x.received().len(), 1);

        // Once due and the platform is back, it goes out.
        make_due(&db).await;
        assert_eq!(worker.deliver_due().await.unwrap().delivered, 1);
        let row = rows(&db).await.remove(0);
        assert_eq!((row.status.as_str(), row.attempts), ("posted", 2));
        assert_eq!(row.last_error, None);
        assert_eq!(x.received().len(), 2);
    })
    .await;
}

#[tokio::test]
async fn an_unreachable_platform_and_a_rate_limit_are_retried_later() {
    each_engine(|db, _| async move {
        // A port nobody listens on.
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let down: Arc<dyn SocialPublisher> = Arc::new(
            TwitterPublisher::new(&format!("http://127.0.0.1:{port}"), "tw-user-token").unwrap(),
        );
        let li = FakeApi::start(share_created).await;
        li.then(
            Answer::json(429, &json!({"message": "Throttled", "status": 429}))
                .with_header("Retry-After", "900"),
        );
        let ruth = author(&db).await;
        exported(&db, &ruth, "Anna", &[Platform::Twitter, Platform::LinkedIn]).await;

        let round = worker(&db, vec![down, linkedin(&li)])
            .deliver_due()
            .await
            .unwrap();
        assert_eq!(round.retrying, 2, "{round:?}");
        let rows = rows(&db).await;
        let tweet = rows.iter().find(|r| r.platform == "twitter").unwrap();
        assert_eq!((tweet.status.as_str(), tweet.attempts), ("queued", 1));
        assert!(
            tweet
                .last_error
                .as_deref()
                .unwrap()
                .contains("could not be reached"),
            "{tweet:?}"
        );
        let share = rows.iter().find(|r| r.platform == "linkedin").unwrap();
        assert_eq!((share.status.as_str(), share.attempts), ("queued", 1));
        assert!(share.last_error.as_deref().unwrap().contains("HTTP 429"));
        let wait = share.next_attempt_at.unwrap() - SystemClock.now();
        assert!(
            wait > Duration::minutes(14) && wait <= Duration::minutes(15),
            "LinkedIn asked for 15 minutes: {wait}"
        );
    })
    .await;
}

#[tokio::test]
async fn two_workers_on_one_database_never_post_the_same_row() {
    each_engine(|db, url| async move {
        let x = FakeApi::start(tweet_created).await;
        x.set_delay(StdDuration::from_millis(5));
        let ruth = author(&db).await;
        let n = 32;
        for i in 0..n {
            exported(&db, &ruth, &format!("Story {i:02}"), &[Platform::Twitter]).await;
        }
        // Two instances: two connection pools on the same database.
        let other = adapters::connect(&url).await.unwrap();
        let a = worker(&db, vec![twitter(&x)]);
        let b = worker(&other, vec![twitter(&x)]);
        let (ra, rb) = tokio::join!(a.deliver_due(), b.deliver_due());
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        assert_eq!(ra.delivered + rb.delivered, n, "{ra:?} {rb:?}");

        let mut texts: Vec<String> = x
            .received()
            .into_iter()
            .map(|r| r.json()["text"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(texts.len(), n, "one request per post");
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), n, "a post went out twice");
        let rows = rows(&db).await;
        assert!(rows.iter().all(|r| r.status == "posted" && r.attempts == 1));
        other.close().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn a_story_goes_out_once_per_platform_unless_a_reviewer_shares_it_again() {
    each_engine(|db, _| async move {
        let ruth = author(&db).await;
        let id = exported(&db, &ruth, "Mary", &ALL).await;
        let wakeup = Arc::new(tokio::sync::Notify::new());
        let service = SocialService::new(domain::social::SocialPorts {
            stories: Arc::new(SeaOrmStoryRepository::new(db.clone())),
            posts: Arc::new(SeaOrmSocialPostRepository::new(db.clone())),
            work: Arc::new(adapters::SeaOrmUnitOfWork::new(db.clone()).waking(wakeup.clone())),
            clock: Arc::new(domain::clock::SystemClock),
            connected: vec![],
            public_url: PUBLIC_URL.into(),
            site_name: SITE.into(),
        });
        let caller = Caller::User(ruth.clone());
        service.export(&caller, id, &ALL).await.unwrap();
        assert_eq!(rows(&db).await.len(), 3, "already queued: nothing added");

        // Once the tweet went out, the author cannot make the site post it again...
        let x = FakeApi::start(tweet_created).await;
        worker(&db, vec![twitter(&x)]).deliver_due().await.unwrap();
        service
            .export(&caller, id, &[Platform::Twitter])
            .await
            .unwrap();
        assert_eq!(rows(&db).await.len(), 3, "posted already: nothing added");
        // ...a reviewer can.
        let mut reviewer = ruth.clone();
        reviewer.role = Role::SubAdmin;
        service
            .export(&Caller::User(reviewer), id, &[Platform::Twitter])
            .await
            .unwrap();
        let rows = rows(&db).await;
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[3].status, "queued");
        // The permit is stored: the waiter returns at once.
        tokio::time::timeout(StdDuration::from_secs(5), wakeup.notified())
            .await
            .expect("the worker was not woken");
    })
    .await;
}

#[test]
fn a_linkedin_author_must_be_a_person_or_an_organization() {
    assert!(LinkedInPublisher::new("https://api.linkedin.com", "t", "urn:li:person:abc").is_ok());
    assert!(
        LinkedInPublisher::new("https://api.linkedin.com", "t", "urn:li:organization:42").is_ok()
    );
    for bad in ["abc", "urn:li:person:", "urn:li:company:42"] {
        let err = LinkedInPublisher::new("https://api.linkedin.com", "t", bad)
            .err()
            .unwrap();
        assert!(err.to_string().contains("LINKEDIN_AUTHOR_URN"), "{err}");
    }
    let err = TwitterPublisher::new("api.twitter.com", "t").err().unwrap();
    assert!(err.to_string().contains("TWITTER_API_URL"), "{err}");
}

#[tokio::test]
async fn two_exports_at_the_same_moment_queue_one_post() {
    use domain::social::SocialPostRepository;
    each_engine(|db, url| async move {
        let ruth = author(&db).await;
        let id = exported(&db, &ruth, "Raced", &[Platform::LinkedIn]).await;
        // Two instances: two connection pools on the same database, many tries at once.
        let other = adapters::connect(&url).await.unwrap();
        let a = SeaOrmSocialPostRepository::new(db.clone());
        let b = SeaOrmSocialPostRepository::new(other.clone());
        let mut queued = 0;
        for _ in 0..10 {
            let (ra, rb) = tokio::join!(
                a.queue(id, Platform::Twitter, "text", &ruth.id, false),
                b.queue(id, Platform::Twitter, "text", &ruth.id, false)
            );
            queued += usize::from(ra.unwrap()) + usize::from(rb.unwrap());
        }
        assert_eq!(queued, 1, "exactly one export queued the post");
        let waiting = rows(&db)
            .await
            .into_iter()
            .filter(|r| r.status == "queued" && r.platform == "twitter")
            .count();
        assert_eq!(waiting, 1);
        other.close().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn a_post_is_queued_for_deletion_once_and_a_404_counts_as_deleted() {
    each_engine(|db, _| async move {
        use domain::social::{NewDeletion, SocialPostId, SocialPostRepository};
        let x = FakeApi::start(|n, req: &Request| {
            if req.method == "DELETE" {
                Answer::json(404, &json!({"title": "Not Found"}))
            } else {
                tweet_created(n, req)
            }
        })
        .await;
        let ruth = author(&db).await;
        let id = exported(&db, &ruth, "Ruth", &[Platform::Twitter]).await;
        let repo = SeaOrmSocialPostRepository::new(db.clone());
        let deletion = NewDeletion {
            post: SocialPostId(1),
            story: id,
            story_title: "Ruth".into(),
            platform: Platform::Twitter,
            external_id: "1900".into(),
            external_url: None,
            requested_by: ruth.id.clone(),
            requested_by_name: "Ruth".into(),
            at: SystemClock.now(),
        };
        repo.queue_deletion(&deletion).await.unwrap();
        // The withdrawal and the worker may both queue it: one row.
        repo.queue_deletion(&deletion).await.unwrap();
        let count = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT COUNT(*) AS n FROM social_deletions",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get::<i64>("", "n")
            .unwrap();
        assert_eq!(count, 1);
        // Posted, then the tweet is gone already (removed by hand): deleted, without
        // another try.
        let round = worker(&db, vec![twitter(&x)]).deliver_due().await.unwrap();
        assert_eq!((round.delivered, round.failed), (2, 0), "{round:?}");
        let deletes: Vec<Request> = x
            .received()
            .into_iter()
            .filter(|r| r.method == "DELETE")
            .collect();
        assert_eq!(deletes.len(), 1);
        assert_eq!(deletes[0].path, "/2/tweets/1900");
        let status = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT status FROM social_deletions",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get::<String>("", "status")
            .unwrap();
        assert_eq!(status, "deleted");
    })
    .await;
}
