//! Every error body carries a machine `code` beside its message.

use domain::user::Role;
use serde_json::json;

use crate::helpers::{TestContext, client, sign_in_as, sign_in_as_with};
use crate::uploads::upload;

async fn run(engine: adapters::testing::Engine) {
    let Some(ctx) = TestContext::with_config(engine, |c| c.media.limits.max_bytes = 2_000).await
    else {
        return;
    };
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let (_, member) =
        sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
    let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
    let story =
        json!({"title": "", "content": "Words", "category": "Testimonies", "isPublished": false});
    let taken = json!({"email": "ruth@example.org", "password": "long enough password", "firstName": "R", "lastName": "M", "username": "ruth2"});

    let cases: Vec<(&str, crate::helpers::Answer)> = vec![
        (
            "validation_failed",
            client(&app, Some(&member))
                .post("/api/stories", story.clone())
                .await,
        ),
        ("unauthenticated", client(&app, None).get("/api/user").await),
        (
            "pending_approval",
            client(&app, Some(&pending))
                .post("/api/stories", story)
                .await,
        ),
        (
            "forbidden",
            client(&app, Some(&member)).get("/api/admin/users").await,
        ),
        (
            "not_found",
            client(&app, None).get("/api/stories/987654").await,
        ),
        (
            "conflict",
            client(&app, None).post("/api/register", taken).await,
        ),
        (
            "unavailable",
            client(&app, None).get("/api/auth/google").await,
        ),
    ];
    for (code, answer) in cases {
        assert_eq!(
            answer.body["code"], code,
            "{} {}",
            answer.status, answer.body
        );
        assert!(
            answer.body["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
    let bad = actix_web::test::call_service(
        &app,
        actix_web::test::TestRequest::post()
            .uri("/api/login")
            .insert_header(("content-type", "application/json"))
            .set_payload("{not json")
            .to_request(),
    )
    .await;
    assert_eq!(bad.status(), 400);
    let body: serde_json::Value = actix_web::test::read_body_json(bad).await;
    assert_eq!(body["code"], "bad_request", "{body}");

    let large = upload(&app, Some(&member), "big.jpg", &[0xFF; 3_000]).await;
    assert_eq!(
        (large.status, large.body["code"].as_str()),
        (413, Some("payload_too_large"))
    );
    let html = upload(&app, Some(&member), "page.jpg", b"<html></html>").await;
    assert_eq!(
        (html.status, html.body["code"].as_str()),
        (415, Some("unsupported_media_type"))
    );
}

#[actix_web::test]
async fn every_error_body_names_its_code_sqlite() {
    run(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn every_error_body_names_its_code_postgres() {
    run(adapters::testing::Engine::Postgres).await;
}

// A body that misses a required field, or has one of the wrong type, is a validation
// failure naming the field, never the JSON library's message; a body that is not JSON is
// a `bad_request`.
crate::engine_test!(
    a_missing_or_mistyped_json_field_is_a_validation_failure,
    |ctx, app| {
        let (_, member) = sign_in_as(&ctx, &app, Role::Member).await;
        let post = |path: &'static str, body: serde_json::Value| {
            let (app, member) = (&app, member.clone());
            async move { client(app, Some(&member)).post(path, body).await }
        };

        let missing = post("/api/user/tokens", json!({"name": "Script"})).await;
        assert_eq!(
            missing.field_error(),
            (400, "validation_failed", "scope", "Required"),
            "{}",
            missing.body
        );
        let number = post(
            "/api/user/tokens",
            json!({"name": "Script", "scope": "read", "expiresInDays": "ten"}),
        )
        .await;
        assert_eq!(
            number.field_error(),
            (
                400,
                "validation_failed",
                "expiresInDays",
                "Must be a number"
            ),
            "{}",
            number.body
        );
        let text = post(
            "/api/schedules",
            json!({"title": 7, "dueDate": "2030-01-01T00:00:00Z"}),
        )
        .await;
        assert_eq!(
            text.field_error(),
            (400, "validation_failed", "title", "Must be text"),
            "{}",
            text.body
        );
        let choice = post(
            "/api/user/tokens",
            json!({"name": "Script", "scope": "write"}),
        )
        .await;
        assert_eq!(
            choice.field_error(),
            (
                400,
                "validation_failed",
                "scope",
                "Must be one of: read, read_write"
            ),
            "{}",
            choice.body
        );
        for res in [&missing, &number, &text, &choice] {
            let message = res.body["message"].as_str().unwrap_or_default();
            assert!(!message.contains("Json deserialize"), "{message}");
            assert!(!message.contains("line 1"), "{message}");
        }
        let not_object = post("/api/user/tokens", json!(["Script"])).await;
        assert_eq!(
            (not_object.status, not_object.body["code"].as_str()),
            (400, Some("bad_request")),
            "{}",
            not_object.body
        );
    }
);
