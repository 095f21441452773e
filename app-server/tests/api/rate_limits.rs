//! Rate limits hold across server instances (the counts live in the database; a busy client's
//! are counted in memory and settled every `adapters::SETTLE_EVERY`) and, behind trusted
//! proxies, count each forwarded client apart.

use actix_web::test;
use adapters::testing::{Engine, TestDatabase};
use serde_json::json;

use crate::helpers::{client, test_config};

async fn sign_in_from<S, B>(app: &S, peer: &str, forwarded_for: Option<&str>) -> u16
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut req = test::TestRequest::post()
        .uri("/api/login")
        .peer_addr(peer.parse().unwrap())
        .set_json(json!({"email": "nobody@example.org", "password": "secret1"}));
    if let Some(xff) = forwarded_for {
        req = req.insert_header(("x-forwarded-for", xff));
    }
    test::call_service(app, req.to_request())
        .await
        .status()
        .as_u16()
}

async fn two_instances_share_the_limit(engine: Engine) {
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        return;
    };
    let mut config = test_config(&db.url);
    config.rate_limit_per_minute = 3;
    let openapi = crate::helpers::api_document();
    let one = app_server::prepare(config.clone()).await.unwrap();
    let two = app_server::prepare(config).await.unwrap();
    let one = test::init_service(app_server::app(one, openapi.clone())).await;
    let two = test::init_service(app_server::app(two, openapi)).await;
    crate::helpers::clear_of_a_windows_end().await;
    let body = json!({"email": "ruth@example.org", "password": "secret1"});
    // A client whose requests land on one instance, then the other, a few a second: each
    // instance reads the shared count (what it read of a busy client stands for
    // `SETTLE_EVERY`, docs/decisions/account-safety.md).
    let between = adapters::SETTLE_EVERY * 2;
    for app in [&one, &two, &one] {
        let status = client(app, None)
            .post("/api/login", body.clone())
            .await
            .status;
        assert_eq!(status, 401);
        tokio::time::sleep(between).await;
    }
    let limited = client(&two, None).post("/api/login", body).await;
    assert_eq!(
        limited.status, 429,
        "the second instance saw the first one's hits"
    );
    assert_eq!(limited.body["code"], "rate_limited");
    let wait: u64 = limited
        .headers
        .get("retry-after")
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
}

#[actix_web::test]
async fn two_instances_share_the_limit_sqlite() {
    two_instances_share_the_limit(Engine::Sqlite).await;
}

#[actix_web::test]
async fn two_instances_share_the_limit_postgres() {
    two_instances_share_the_limit(Engine::Postgres).await;
}

#[actix_web::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limit_and_nobody_else_can_choose_one() {
    let ctx = crate::helpers::TestContext::with_config(adapters::testing::Engine::Sqlite, |c| {
        c.rate_limit_per_minute = 2;
        c.trusted_proxies = app_server::client_ip::parse_trusted("10.0.0.0/8").unwrap();
    })
    .await
    .unwrap();
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    let proxy = "10.0.0.2:40000";
    assert_eq!(sign_in_from(&app, proxy, Some("198.51.100.1")).await, 401);
    assert_eq!(sign_in_from(&app, proxy, Some("198.51.100.1")).await, 401);
    assert_eq!(sign_in_from(&app, proxy, Some("198.51.100.1")).await, 429);
    // Another visitor through the same proxy is not held back by the first.
    assert_eq!(sign_in_from(&app, proxy, Some("198.51.100.2")).await, 401);
    // A forged address in front of the real one changes nothing.
    assert_eq!(
        sign_in_from(&app, proxy, Some("203.0.113.9, 198.51.100.1")).await,
        429
    );
    // A client that is not a proxy cannot dodge its limit with the header.
    let direct = "198.51.100.77:5000";
    assert_eq!(sign_in_from(&app, direct, Some("1.1.1.1")).await, 401);
    assert_eq!(sign_in_from(&app, direct, Some("1.1.1.2")).await, 401);
    assert_eq!(sign_in_from(&app, direct, Some("1.1.1.3")).await, 429);
}
