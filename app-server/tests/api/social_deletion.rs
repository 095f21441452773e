//! Withdrawing consent deletes the posts already made on X and LinkedIn
//! (`docs/decisions/privacy.md`): the withdrawal queues the deletions, the social delivery
//! worker sends `DELETE` to the platform APIs (small servers on localhost), retries an
//! outage, gives up after the last try and leaves the post listed for a person, and two
//! servers never delete one post twice. On both engines; the worker's rounds are run by the
//! test, one at a time.

use std::time::Duration;

use actix_web::http::Method;
use adapters::testing::Engine;
use adapters::testing::http::{Answer, FakeApi, Request};
use domain::delivery::Round;
use domain::social::MAX_PUBLISH_ATTEMPTS;
use domain::user::Role;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::consent::live;
use crate::helpers::{TestContext, client, send, sign_in_as, test_config};

/// X: a tweet created on POST (ids `190000000000{n}`), deleted on DELETE.
fn x_api(n: usize, req: &Request) -> Answer {
    if req.method == "DELETE" {
        Answer::json(200, &json!({"data": {"deleted": true}}))
    } else {
        Answer::json(
            201,
            &json!({"data": {"id": format!("190000000000{n}"), "text": "..."}}),
        )
    }
}

/// LinkedIn: a share created on POST (`urn:li:share:{n}`), deleted on DELETE (204).
fn linkedin_api(n: usize, req: &Request) -> Answer {
    if req.method == "DELETE" {
        Answer {
            status: 204,
            headers: Vec::new(),
            body: String::new(),
        }
    } else {
        Answer::json(201, &json!({})).with_header("X-RestLi-Id", &format!("urn:li:share:{n}"))
    }
}

/// X that creates tweets but is down for every deletion.
fn x_down_for_deletions(n: usize, req: &Request) -> Answer {
    if req.method == "DELETE" {
        Answer::json(503, &json!({"title": "Service Unavailable"}))
    } else {
        x_api(n, req)
    }
}

fn with_x(config: &mut app_server::config::Config, x: &FakeApi) {
    config.social.twitter_bearer_token = Some("tw-token".into());
    config.social.twitter_api_url = x.url();
}

fn with_linkedin(config: &mut app_server::config::Config, linkedin: &FakeApi) {
    config.social.linkedin_access_token = Some("li-token".into());
    config.social.linkedin_author_urn = Some("urn:li:organization:42".into());
    config.social.linkedin_api_url = linkedin.url();
}

fn deletes(api: &FakeApi) -> Vec<Request> {
    api.received()
        .into_iter()
        .filter(|r| r.method == "DELETE")
        .collect()
}

/// One round of this server's social delivery worker.
async fn round(ctx: &TestContext) -> Round {
    ctx.state.social_delivery.deliver_due().await.unwrap()
}

/// The super admin's list of social posts, oldest first.
async fn admin_posts<S, B>(app: &S, boss: &str) -> Vec<Value>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = client(app, Some(boss)).get("/api/admin/social-posts").await;
    assert_eq!(res.status, 200, "{}", res.body);
    let mut all = res.body.as_array().unwrap().clone();
    all.reverse();
    all
}

async fn log_of<S, B>(app: &S, boss: &str, action: &str) -> Vec<Value>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = client(app, Some(boss))
        .get(&format!("/api/admin/audit-log?action={action}"))
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    res.body.as_array().unwrap().clone()
}

/// A live story by `author` with consent to social sharing, exported to `platforms`.
async fn exported<S, B>(app: &S, author: &str, reviewer: &str, title: &str, platforms: Value) -> i64
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let id = live(
        app,
        author,
        reviewer,
        title,
        json!({"site": true, "social": true, "widget": false}),
    )
    .await;
    let res = client(app, Some(author))
        .post(
            &format!("/api/stories/{id}/export"),
            json!({ "platforms": platforms }),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    id
}

async fn withdrawal_deletes_the_posts_on_x_and_linkedin(engine: Engine) {
    let x = FakeApi::start(x_api).await;
    let linkedin = FakeApi::start(linkedin_api).await;
    let Some(ctx) = TestContext::with_config(engine, |config| {
        with_x(config, &x);
        with_linkedin(config, &linkedin);
    })
    .await
    else {
        return;
    };
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
    let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
    let id = exported(
        &app,
        &author,
        &reviewer,
        "Posted then withdrawn",
        json!(["twitter", "linkedin"]),
    )
    .await;
    assert_eq!(round(&ctx).await.delivered, 2);
    // What the platforms answered when they took the posts.
    let tweet_id = "1900000000001";
    assert!(deletes(&x).is_empty() && deletes(&linkedin).is_empty());

    let done = send(
        &app,
        Method::POST,
        &format!("/api/stories/{id}/withdraw-consent"),
        Some(&author),
        None,
    )
    .await;
    assert_eq!(done.status, 200, "{}", done.body);
    // Both deletions are queued; nothing is left for a person to remove.
    let deleting: Vec<&str> = done.body["deleting"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["platform"].as_str().unwrap())
        .collect();
    assert_eq!(deleting, ["twitter", "linkedin"], "{}", done.body);
    assert_eq!(done.body["posted"], json!([]));
    assert!(
        done.body["message"]
            .as_str()
            .unwrap()
            .contains("2 post(s) already made on social media will be deleted there"),
        "{}",
        done.body
    );
    let queued = admin_posts(&app, &boss).await;
    assert_eq!(queued[0]["deletion"]["status"], "queued", "{queued:?}");

    // The worker sends the deletions, with the platform's id of each post and its token.
    assert_eq!(
        round(&ctx).await,
        Round {
            delivered: 2,
            ..Round::default()
        }
    );
    let x_deletes = deletes(&x);
    assert_eq!(x_deletes.len(), 1);
    assert_eq!(x_deletes[0].path, format!("/2/tweets/{tweet_id}"));
    assert_eq!(
        x_deletes[0].header("authorization"),
        Some("Bearer tw-token")
    );
    let li_deletes = deletes(&linkedin);
    assert_eq!(li_deletes.len(), 1);
    assert_eq!(li_deletes[0].path, "/v2/ugcPosts/urn%3Ali%3Ashare%3A1");
    assert_eq!(
        li_deletes[0].header("authorization"),
        Some("Bearer li-token")
    );
    assert_eq!(
        li_deletes[0].header("x-restli-protocol-version"),
        Some("2.0.0")
    );

    // The super admin sees both deleted; the activity log says so, by whoever withdrew.
    let posts = admin_posts(&app, &boss).await;
    for post in &posts {
        assert_eq!(post["status"], "deleted", "{post}");
        assert_eq!(post["deletion"]["status"], "deleted", "{post}");
        assert!(post["deletion"]["deletedAt"].is_string(), "{post}");
    }
    let log = log_of(&app, &boss, "social_post_deleted").await;
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0]["targetKind"], "social_post");
    assert_eq!(log[0]["targetLabel"], "Posted then withdrawn");
    // Done once: the next round sends nothing.
    assert_eq!(round(&ctx).await, Round::default());
    assert_eq!(deletes(&x).len() + deletes(&linkedin).len(), 2);
}

#[actix_web::test]
async fn withdrawal_deletes_the_posts_on_x_and_linkedin_sqlite() {
    withdrawal_deletes_the_posts_on_x_and_linkedin(Engine::Sqlite).await;
}

#[actix_web::test]
async fn withdrawal_deletes_the_posts_on_x_and_linkedin_postgres() {
    withdrawal_deletes_the_posts_on_x_and_linkedin(Engine::Postgres).await;
}

async fn a_failing_deletion_is_retried_then_left_for_a_person(engine: Engine) {
    let x = FakeApi::start(x_down_for_deletions).await;
    // LinkedIn is not configured (any more): its post is listed for a person at once.
    let Some(ctx) = TestContext::with_config(engine, |config| with_x(config, &x)).await else {
        return;
    };
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
    let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
    let id = exported(
        &app,
        &author,
        &reviewer,
        "Hard to remove",
        json!(["twitter", "linkedin"]),
    )
    .await;
    assert_eq!(round(&ctx).await.delivered, 1);
    let li_url = "https://www.linkedin.com/feed/update/urn:li:share:9/";
    ctx.state
        .db
        .execute_unprepared(&format!(
            "UPDATE social_posts SET status = 'posted', external_id = 'urn:li:share:9', \
             external_url = '{li_url}' WHERE story_id = {id} AND platform = 'linkedin'"
        ))
        .await
        .unwrap();

    let done = client(&app, Some(&reviewer))
        .post(
            &format!("/api/stories/{id}/withdraw-consent"),
            json!({"reason": "The author called"}),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(done.body["deleting"][0]["platform"], "twitter");
    assert_eq!(done.body["posted"][0]["platform"], "linkedin");
    assert_eq!(done.body["posted"][0]["url"], li_url);
    let withdrawn = log_of(&app, &boss, "consent_withdrawn").await;
    let reason = withdrawn[0]["reason"].as_str().unwrap();
    assert!(
        reason.contains(&format!(
            "to remove on the platforms by hand: linkedin {li_url}"
        )),
        "{reason}"
    );
    assert!(
        reason.contains(
            "being deleted on the platforms: twitter https://x.com/i/web/status/1900000000001"
        ),
        "{reason}"
    );

    // X is down: the deletion stays queued, tried again after its backoff.
    assert_eq!(round(&ctx).await.retrying, 1);
    assert_eq!(
        round(&ctx).await,
        Round::default(),
        "not due before its backoff"
    );
    let tweet = admin_posts(&app, &boss)
        .await
        .into_iter()
        .find(|p| p["platform"] == "twitter")
        .unwrap();
    assert_eq!(tweet["status"], "posted");
    assert_eq!(tweet["deletion"]["status"], "queued");
    assert_eq!(tweet["deletion"]["attempts"], 1);
    assert!(
        tweet["deletion"]["lastError"]
            .as_str()
            .unwrap()
            .contains("503"),
        "{tweet}"
    );
    // Every later try is due at once (the test does not wait an hour for each).
    for attempt in 2..=MAX_PUBLISH_ATTEMPTS {
        ctx.state
            .db
            .execute_unprepared(
                "UPDATE social_deletions SET next_attempt_at = NULL WHERE status = 'queued'",
            )
            .await
            .unwrap();
        let r = round(&ctx).await;
        if attempt < MAX_PUBLISH_ATTEMPTS {
            assert_eq!(r.retrying, 1, "attempt {attempt}");
        } else {
            assert_eq!(r.failed, 1, "attempt {attempt}");
        }
    }
    let x_deletes = deletes(&x);
    assert_eq!(x_deletes.len(), MAX_PUBLISH_ATTEMPTS as usize);
    assert!(
        x_deletes
            .iter()
            .all(|r| r.path == "/2/tweets/1900000000001")
    );

    // Given up: the post stays listed as posted, its deletion failed with the reason, and
    // the activity log names it for a person to remove.
    let tweet = admin_posts(&app, &boss)
        .await
        .into_iter()
        .find(|p| p["platform"] == "twitter")
        .unwrap();
    assert_eq!(tweet["status"], "posted");
    assert_eq!(
        tweet["postedUrl"],
        "https://x.com/i/web/status/1900000000001"
    );
    assert_eq!(tweet["deletion"]["status"], "failed");
    assert!(
        tweet["deletion"]["lastError"]
            .as_str()
            .unwrap()
            .contains("gave up after 10 tries"),
        "{tweet}"
    );
    let failed = log_of(&app, &boss, "social_deletion_failed").await;
    assert_eq!(failed.len(), 1, "{failed:?}");
    let reason = failed[0]["reason"].as_str().unwrap();
    assert!(reason.contains("remove it by hand"), "{reason}");
    assert!(
        reason.contains("https://x.com/i/web/status/1900000000001"),
        "{reason}"
    );
    assert_eq!(
        log_of(&app, &boss, "social_post_deleted").await,
        Vec::<Value>::new()
    );
    // Nothing is tried after that.
    ctx.state
        .db
        .execute_unprepared("UPDATE social_deletions SET next_attempt_at = NULL")
        .await
        .unwrap();
    assert_eq!(round(&ctx).await, Round::default());
}

#[actix_web::test]
async fn a_failing_deletion_is_retried_then_left_for_a_person_sqlite() {
    a_failing_deletion_is_retried_then_left_for_a_person(Engine::Sqlite).await;
}

#[actix_web::test]
async fn a_failing_deletion_is_retried_then_left_for_a_person_postgres() {
    a_failing_deletion_is_retried_then_left_for_a_person(Engine::Postgres).await;
}

async fn two_servers_delete_each_post_once(engine: Engine) {
    const STORIES: usize = 6;
    let x = FakeApi::start(x_api).await;
    let Some(ctx) = TestContext::with_config(engine, |config| with_x(config, &x)).await else {
        return;
    };
    // A second server on the same database, with the same credentials.
    let mut config = test_config(ctx.database_url());
    with_x(&mut config, &x);
    let second = app_server::prepare(config).await.expect("second server");
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
    let mut ids = Vec::new();
    for n in 0..STORIES {
        ids.push(
            exported(
                &app,
                &author,
                &reviewer,
                &format!("Story {n}"),
                json!(["twitter"]),
            )
            .await,
        );
    }
    assert_eq!(round(&ctx).await.delivered, STORIES);
    for id in &ids {
        let done = send(
            &app,
            Method::POST,
            &format!("/api/stories/{id}/withdraw-consent"),
            Some(&author),
            None,
        )
        .await;
        assert_eq!(done.status, 200, "{}", done.body);
    }
    // Both workers at once; each answer takes a while, so their claims overlap.
    x.set_delay(Duration::from_millis(100));
    let (a, b) = tokio::join!(
        ctx.state.social_delivery.deliver_due(),
        second.social_delivery.deliver_due()
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.delivered + b.delivered, STORIES, "{a:?} {b:?}");
    let mut paths: Vec<String> = deletes(&x).into_iter().map(|r| r.path).collect();
    assert_eq!(paths.len(), STORIES, "each post deleted once: {paths:?}");
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), STORIES, "no post deleted twice");
    let (c, d) = tokio::join!(
        ctx.state.social_delivery.deliver_due(),
        second.social_delivery.deliver_due()
    );
    assert_eq!(
        (c.unwrap(), d.unwrap()),
        (Round::default(), Round::default())
    );
}

#[actix_web::test]
async fn two_servers_delete_each_post_once_sqlite() {
    two_servers_delete_each_post_once(Engine::Sqlite).await;
}

#[actix_web::test]
async fn two_servers_delete_each_post_once_postgres() {
    two_servers_delete_each_post_once(Engine::Postgres).await;
}
