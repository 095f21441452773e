//! Social export with platform credentials: the answer says "queued", and the running
//! server's worker then posts to the platform APIs (small servers on localhost). The export
//! without credentials is tested with the other story endpoints in `stories.rs`.

use std::time::Duration;

use adapters::testing::http::{Answer, FakeApi, Request};
use adapters::testing::{Engine, TestDatabase};
use domain::user::Role;
use serde_json::json;

use crate::helpers::{TestContext, client, sign_in_as, test_config};

fn tweet_created(n: usize, _: &Request) -> Answer {
    Answer::json(
        201,
        &json!({"data": {"id": format!("190000000000{n}"), "text": "..."}}),
    )
}

fn share_created(n: usize, _: &Request) -> Answer {
    Answer::json(201, &json!({})).with_header("X-RestLi-Id", &format!("urn:li:share:{n}"))
}

/// (platform, status, attempts) of every exported post, oldest first.
async fn posts(ctx: &TestContext) -> Vec<(String, String, i32)> {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &ctx.state.db;
    db.query_all_raw(Statement::from_string(
        db.get_database_backend(),
        "SELECT platform, status, attempts FROM social_posts ORDER BY id",
    ))
    .await
    .unwrap()
    .into_iter()
    .map(|r| {
        (
            r.try_get("", "platform").unwrap(),
            r.try_get("", "status").unwrap(),
            r.try_get("", "attempts").unwrap(),
        )
    })
    .collect()
}

/// Waits (up to ten seconds) until `done` holds.
async fn eventually(mut done: impl AsyncFnMut() -> bool) -> bool {
    for _ in 0..200 {
        if done().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

async fn exported_with_credentials(engine: Engine) {
    let x = FakeApi::start(tweet_created).await;
    let linkedin = FakeApi::start(share_created).await;
    let Some(ctx) = TestContext::with_config(engine, |config| {
        config.social.twitter_bearer_token = Some("tw-token".into());
        config.social.twitter_api_url = x.url();
        config.social.linkedin_access_token = Some("li-token".into());
        config.social.linkedin_author_urn = Some("urn:li:organization:42".into());
        config.social.linkedin_api_url = linkedin.url();
    })
    .await
    else {
        return;
    };
    app_server::jobs::spawn(&ctx.state);
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let (author, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let story = ctx
        .story(&author, "Shared story", "Worship", true, 1)
        .await
        .id
        .0;

    let res = client(&app, Some(&cookie))
        .post(
            &format!("/api/stories/{story}/export"),
            json!({"platforms": ["twitter", "linkedin", "instagram"]}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    // Nothing has gone out while the request ran, and the answer does not say it has.
    assert_eq!(
        res.body["message"],
        "Queued for Twitter, LinkedIn and Instagram: the site will post it to Twitter and LinkedIn in the background; Instagram cannot take a post without an image through its API, so share it there by hand"
    );

    // The worker, woken by the export, posts to both APIs.
    let both_posted = eventually(async || {
        posts(&ctx)
            .await
            .iter()
            .filter(|(_, status, _)| status == "posted")
            .count()
            == 2
    })
    .await;
    assert!(both_posted, "{:?}", posts(&ctx).await);
    assert_eq!(
        posts(&ctx).await,
        [
            ("twitter".to_owned(), "posted".to_owned(), 1),
            ("linkedin".to_owned(), "posted".to_owned(), 1),
            ("instagram".to_owned(), "queued".to_owned(), 0),
        ]
    );
    let backlink = format!("http://localhost:8080/stories/{story}");
    let tweets = x.received();
    assert_eq!(tweets.len(), 1);
    assert_eq!(tweets[0].header("authorization"), Some("Bearer tw-token"));
    let text = tweets[0].json()["text"].as_str().unwrap().to_owned();
    for part in [
        "Shared story",
        "About Shared story",
        &backlink,
        "Grace Stories",
    ] {
        assert!(text.contains(part), "{part} missing from the tweet {text}");
    }
    let shares = linkedin.received();
    assert_eq!(shares.len(), 1);
    let share = shares[0].json();
    assert_eq!(share["author"], "urn:li:organization:42");
    let content = &share["specificContent"]["com.linkedin.ugc.ShareContent"];
    assert_eq!(content["media"][0]["originalUrl"], backlink.as_str());
    assert!(
        content["shareCommentary"]["text"]
            .as_str()
            .unwrap()
            .contains("Grace Stories")
    );
}

#[actix_web::test]
async fn with_credentials_an_export_is_queued_then_posted_in_the_background_sqlite() {
    exported_with_credentials(Engine::Sqlite).await;
}

#[actix_web::test]
async fn with_credentials_an_export_is_queued_then_posted_in_the_background_postgres() {
    exported_with_credentials(Engine::Postgres).await;
}

#[actix_web::test]
async fn an_unreadable_linkedin_author_stops_the_start() {
    let db = TestDatabase::new(Engine::Sqlite).await.unwrap().unwrap();
    let mut config = test_config(&db.url);
    config.social.linkedin_access_token = Some("li-token".into());
    config.social.linkedin_author_urn = Some("ruth".into());
    let err = app_server::prepare(config).await.err().unwrap();
    assert!(err.to_string().contains("LINKEDIN_AUTHOR_URN"), "{err}");
}
