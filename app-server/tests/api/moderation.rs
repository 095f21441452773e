//! Holes found in review of the moderation work (issue 8): each has a test that failed
//! before its fix.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{get, send, sign_in_new};
use crate::stories::admin_cookie;

engine_test!(
    control_characters_in_queries_and_bodies_are_a_clear_400,
    |ctx, app| {
        for path in [
            "/api/stories?category=%00",
            "/api/stories?q=grace%00",
            "/api/stories?category=Worship%1F",
        ] {
            let (status, _, body) = get(&app, path).await;
            assert_eq!(status, 400, "{path}: {body}");
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .contains("control character")
            );
        }
        let hash = ctx.password_hash().await;
        let (_, c) = sign_in_new(
            &ctx,
            &app,
            "w@example.org",
            Role::RegularContributor,
            true,
            &hash,
        )
        .await;
        let res = send(
        &app,
        Method::POST,
        "/api/stories",
        Some(&c),
        Some(json!({"title": "Nul\u{0}title", "content": "Text", "category": "Worship", "isPublished": false})),
    )
    .await;
        assert_eq!(res.status, 400, "{}", res.body);
        // Line breaks and tabs are ordinary text.
        let ok = send(
        &app,
        Method::POST,
        "/api/stories",
        Some(&c),
        Some(json!({"title": "Fine", "content": "One\n\n\tTwo\r\n", "category": "Worship", "isPublished": false})),
    )
    .await;
        assert_eq!(ok.status, 201, "{}", ok.body);
        let raw = test::TestRequest::post()
        .uri("/api/help/contact")
        .insert_header(("content-type", "application/json"))
        .set_payload(r#"{"subject":"a\u0000","category":"general","message":"m","contactEmail":"a@example.org"}"#)
        .to_request();
        assert_eq!(test::call_service(&app, raw).await.status().as_u16(), 400);
    }
);

engine_test!(a_long_title_never_turns_a_review_into_a_500, |ctx, app| {
    let hash = ctx.password_hash().await;
    let (_, c) = sign_in_new(
        &ctx,
        &app,
        "long@example.org",
        Role::RegularContributor,
        true,
        &hash,
    )
    .await;
    let title = "A".repeat(255);
    let created = send(
        &app,
        Method::POST,
        "/api/stories",
        Some(&c),
        Some(
            json!({"title": title, "content": "Text", "category": "Worship", "isPublished": true}),
        ),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_i64().unwrap();
    let boss = admin_cookie(&app).await;
    let approved = send(
        &app,
        Method::POST,
        &format!("/api/admin/stories/{id}/approve"),
        Some(&boss),
        None,
    )
    .await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    let subject = ctx.outbox().await.last().unwrap().1.clone();
    assert!(subject.chars().count() <= 255, "{subject}");
    assert!(subject.ends_with('…'));
});
