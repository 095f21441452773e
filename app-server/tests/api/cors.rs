//! CORS for the origins in `ALLOWED_ORIGINS`: credentials, preflights,
//! writes accepted from them; every other origin, `null` included, may only read the public
//! stories without credentials (item 4, the widget).

use actix_web::http::Method;
use actix_web::test;
use serde_json::json;

use crate::helpers::{PASSWORD, TestContext};

const APP: &str = "https://app.example.org";

async fn context(engine: adapters::testing::Engine) -> Option<TestContext> {
    TestContext::with_config(engine, |c| c.allowed_origins = vec![APP.to_owned()]).await
}

fn header(
    res: &actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
    name: &str,
) -> Option<String> {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
}

async fn run(engine: adapters::testing::Engine) {
    let Some(ctx) = context(engine).await else {
        return;
    };
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    ctx.user_with_password("ruth@example.org", domain::user::Role::Member, true)
        .await;

    // A read from the allowed origin may be read by its page, with the paging header.
    let req = test::TestRequest::get()
        .uri("/api/stories")
        .insert_header(("origin", APP))
        .to_request();
    let res = test::call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        header(&res, "access-control-allow-origin").as_deref(),
        Some(APP)
    );
    assert_eq!(
        header(&res, "access-control-allow-credentials").as_deref(),
        Some("true")
    );
    assert!(
        header(&res, "access-control-expose-headers")
            .unwrap()
            .to_lowercase()
            .contains("x-total-count")
    );
    assert!(
        header(&res, "vary")
            .unwrap()
            .to_lowercase()
            .contains("origin")
    );

    // The preflight of a JSON write is answered and may be cached for an hour.
    let req = test::TestRequest::default()
        .method(Method::OPTIONS)
        .uri("/api/login")
        .insert_header(("origin", APP))
        .insert_header(("access-control-request-method", "POST"))
        .insert_header(("access-control-request-headers", "content-type"))
        .to_request();
    let res = test::call_service(&app, req).await;
    assert!(res.status().is_success(), "{}", res.status());
    assert_eq!(
        header(&res, "access-control-allow-origin").as_deref(),
        Some(APP)
    );
    assert!(
        header(&res, "access-control-allow-methods")
            .unwrap()
            .contains("POST")
    );
    assert_eq!(
        header(&res, "access-control-max-age").as_deref(),
        Some("3600")
    );

    // Its writes pass the Origin check: this sign-in works and sets the session cookie.
    let req = test::TestRequest::post()
        .uri("/api/login")
        .insert_header(("origin", APP))
        .set_json(json!({"email": "ruth@example.org", "password": PASSWORD}))
        .to_request();
    let res = test::call_service(&app, req).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        header(&res, "access-control-allow-origin").as_deref(),
        Some(APP)
    );
    assert!(header(&res, "set-cookie").is_some());

    // Any other origin, and a sandboxed page's `null`, may read the public stories without
    // credentials (`*`: the widget, a church's own page), and get nothing else: no signed-in
    // reads, no preflight, no writes.
    for origin in [
        "https://evil.example",
        "null",
        "https://app.example.org.evil.example",
    ] {
        let req = test::TestRequest::get()
            .uri("/api/stories")
            .insert_header(("origin", origin))
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(res.status(), 200, "{origin}: a read is still answered");
        assert_eq!(
            header(&res, "access-control-allow-origin").as_deref(),
            Some("*"),
            "{origin}: public reads are open, without credentials"
        );
        assert_eq!(header(&res, "access-control-allow-credentials"), None);

        let req = test::TestRequest::get()
            .uri("/api/user")
            .insert_header(("origin", origin))
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(
            header(&res, "access-control-allow-origin"),
            None,
            "{origin}: the signed-in person is not a public read"
        );

        let req = test::TestRequest::default()
            .method(Method::OPTIONS)
            .uri("/api/login")
            .insert_header(("origin", origin))
            .insert_header(("access-control-request-method", "POST"))
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(
            header(&res, "access-control-allow-origin"),
            None,
            "{origin} preflight"
        );

        let req = test::TestRequest::post()
            .uri("/api/login")
            .insert_header(("origin", origin))
            .set_json(json!({"email": "ruth@example.org", "password": PASSWORD}))
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(res.status(), 403, "{origin} write");
        assert_eq!(
            header(&res, "access-control-allow-origin"),
            None,
            "{origin} write"
        );
    }
}

#[actix_web::test]
async fn allowed_origins_get_cors_with_credentials_and_others_are_refused_sqlite() {
    run(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn allowed_origins_get_cors_with_credentials_and_others_are_refused_postgres() {
    run(adapters::testing::Engine::Postgres).await;
}
