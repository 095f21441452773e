//! The smaller holes of account and API safety (`docs/decisions/account-safety.md`): the
//! site's own addresses in pictures, private answers, limits on verification and sign-out,
//! the forwarded-address walk, and what the super admin account refuses.

use std::sync::Arc;

use actix_web::http::Method;
use domain::user::Role;
use domain::user::ports::ExternalIdentity;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{
    TestContext, client, error_fields as fields, send, sign_in_as, sign_in_as_with,
};
use crate::limited_test;
use crate::safety::send_from;

/// A draft story for the form, with this content and thumbnail. (The tests' site is
/// `http://localhost:8080`.)
fn story(content: &str, thumbnail: Option<&str>) -> serde_json::Value {
    json!({"title": "Pictures", "content": content, "category": "Worship",
           "thumbnailUrl": thumbnail, "isPublished": false})
}

engine_test!(
    pictures_in_a_story_that_name_the_site_are_dropped,
    |ctx, app| {
        let (_, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let html = r#"<p>A<img src="https://localhost:8080/api/logout" alt="a"></p><p>B<img src="https://LOCALHOST./api/user" alt="b"></p><p>C<img src="https://photos.example.org/a.jpg" alt="c"></p>"#;
        let created = client(&app, Some(&cookie))
            .post("/api/stories", story(html, None))
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let content = created.body["content"].as_str().unwrap();
        assert!(!content.to_lowercase().contains("localhost"), "{content}");
        assert!(
            content.contains("https://photos.example.org/a.jpg"),
            "{content}"
        );
    }
);

engine_test!(
    a_thumbnail_may_name_the_site_only_for_its_own_pictures,
    |ctx, app| {
        let (_, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        for thumbnail in [
            "http://localhost:8080/api/logout",
            "https://localhost/api/admin/users",
        ] {
            let refused = client(&app, Some(&cookie))
                .post("/api/stories", story("Text", Some(thumbnail)))
                .await;
            assert_eq!(refused.status, 400, "{thumbnail}: {}", refused.body);
            assert_eq!(fields(&refused.body), ["thumbnailUrl"], "{}", refused.body);
        }
        let picture = "http://localhost:8080/media/0123456789abcdef0123456789abcdef-800.jpg";
        let own_picture = client(&app, Some(&cookie))
            .post("/api/stories", story("Text", Some(picture)))
            .await;
        assert_eq!(own_picture.status, 201, "{}", own_picture.body);
    }
);

engine_test!(a_profile_picture_may_not_name_the_site, |ctx, app| {
    let (_, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let profile = send(
        &app,
        Method::PATCH,
        "/api/user",
        Some(&cookie),
        Some(json!({"profileImageUrl": "https://localhost:8080/api/logout"})),
    )
    .await;
    assert_eq!(profile.status, 400, "{}", profile.body);
    assert_eq!(fields(&profile.body), ["profileImageUrl"]);
});

engine_test!(
    answers_for_a_signed_in_person_are_private_and_never_stored,
    |ctx, app| {
        let (_, cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let token = crate::helpers::api_token(&app, &cookie, "read").await;
        for credential in [&cookie, &token] {
            for path in ["/api/user", "/api/stories"] {
                let res = client(&app, Some(credential)).get(path).await;
                assert_eq!(res.status, 200, "{path}");
                assert_eq!(
                    res.headers.get("cache-control").unwrap(),
                    "private, no-store",
                    "{path}"
                );
            }
        }
        let login = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": crate::helpers::PASSWORD}),
            )
            .await;
        assert_eq!(login.status, 200);
        assert_eq!(
            login.headers.get("cache-control").unwrap(),
            "private, no-store",
            "the answer that signs in"
        );
        // A visitor's public read keeps its shared caching.
        let visitor = client(&app, None).get("/api/stories").await;
        assert_ne!(
            visitor
                .headers
                .get("cache-control")
                .map(|v| v.to_str().unwrap().to_owned()),
            Some("private, no-store".to_owned())
        );
    }
);

engine_test!(
    verification_mail_is_resent_at_most_three_times_an_hour,
    |ctx, app| {
        let (_, cookie) = sign_in_as_with(&ctx, &app, Role::Member, |p| {
            p.email("ruth@example.org").pending()
        })
        .await;
        // From a new address each time: the limit is the account's, not the network's.
        for i in 1..=3 {
            let res = send_from(
                &app,
                Method::POST,
                "/api/verify-email/resend",
                &format!("198.51.100.{i}:1"),
                Some(&cookie),
                None,
            )
            .await;
            assert_eq!(res.status, 202, "{i}: {}", res.body);
        }
        let fourth = send_from(
            &app,
            Method::POST,
            "/api/verify-email/resend",
            "198.51.100.9:1",
            Some(&cookie),
            None,
        )
        .await;
        assert_eq!(fourth.status, 429, "{}", fourth.body);
        assert!(fourth.headers.contains_key("retry-after"));
        let mails = ctx
            .outbox()
            .await
            .into_iter()
            .filter(|(to, _)| to == "ruth@example.org")
            .count();
        assert_eq!(mails, 3);
    }
);

limited_test!(
    verifying_an_address_and_signing_out_are_rate_limited,
    2,
    |ctx, app| {
        for path in ["/api/verify-email", "/api/logout"] {
            let body = (path == "/api/verify-email").then(|| json!({"token": "not-a-token"}));
            let mut statuses = Vec::new();
            for _ in 0..3 {
                let res = send_from(
                    &app,
                    Method::POST,
                    path,
                    "203.0.113.4:1",
                    None,
                    body.clone(),
                )
                .await;
                statuses.push(res.status);
            }
            let first = if body.is_some() { 400 } else { 200 };
            assert_eq!(statuses, [first, first, 429], "{path}");
            // Another network is not held back.
            let other = send_from(&app, Method::POST, path, "203.0.113.5:1", None, body).await;
            assert_eq!(other.status, first, "{path}");
        }
        let _ = &ctx;
    }
);

mod forwarded {
    use super::*;

    async fn run(engine: adapters::testing::Engine) {
        let Some(ctx) = TestContext::with_config(engine, |c| {
            c.rate_limit_per_minute = 1;
            c.trusted_proxies = app_server::client_ip::parse_trusted("10.0.0.0/8").unwrap();
        })
        .await
        else {
            return;
        };
        let app =
            actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
                .await;
        let from = |forwarded: &'static str| {
            let app = &app;
            async move {
                let req = actix_web::test::TestRequest::post()
                    .uri("/api/verify-email")
                    .peer_addr("10.0.0.1:4000".parse().unwrap())
                    .insert_header(("x-forwarded-for", forwarded))
                    .set_json(json!({"token": "x"}))
                    .to_request();
                actix_web::test::call_service(app, req)
                    .await
                    .status()
                    .as_u16()
            }
        };
        // A hop that does not parse ends the walk: the addresses a client wrote to its
        // left never count, so changing them buys no new budget.
        assert_eq!(from("198.51.100.7, junk").await, 400);
        assert_eq!(from("198.51.100.8, junk").await, 429);
        // A well-formed chain still counts the real client.
        assert_eq!(from("198.51.100.9").await, 400);
    }

    #[actix_web::test]
    async fn a_hop_that_does_not_parse_ends_the_walk_sqlite() {
        run(adapters::testing::Engine::Sqlite).await;
    }

    #[actix_web::test]
    async fn a_hop_that_does_not_parse_ends_the_walk_postgres() {
        run(adapters::testing::Engine::Postgres).await;
    }
}

mod super_admin_account {
    use super::*;
    use domain::testing::FakeIdentityProvider;

    /// A site whose super admin's address is `admin@example.org`, which Google vouches for.
    async fn site(engine: adapters::testing::Engine) -> Option<TestContext> {
        let mut ctx = TestContext::with_config(engine, |c| {
            c.super_admin_email = "admin@example.org".into();
        })
        .await?;
        ctx.state.identity = Some(Arc::new(FakeIdentityProvider::new(ExternalIdentity {
            subject: "google-admin".into(),
            email: "admin@example.org".into(),
            email_verified: true,
            first_name: None,
            last_name: None,
            picture: None,
        })));
        Some(ctx)
    }

    async fn no_reset_mail(engine: adapters::testing::Engine) {
        let Some(ctx) = site(engine).await else {
            return;
        };
        let app =
            actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
                .await;
        // No reset mail: the account signs in at /admin-login with its own password only.
        let reset = client(&app, None)
            .post("/api/password-reset", json!({"email": "admin@example.org"}))
            .await;
        assert_eq!(reset.status, 202, "the same answer as for anyone");
        // A member's reset still goes out (so the quiet above is the rule, not a failure).
        ctx.user_with_password("ruth@example.org", Role::Member, true)
            .await;
        let member = client(&app, None)
            .post("/api/password-reset", json!({"email": "ruth@example.org"}))
            .await;
        assert_eq!(member.status, 202);
        let mut outbox = Vec::new();
        for _ in 0..50 {
            outbox = ctx.outbox().await;
            if !outbox.is_empty() {
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(
            outbox.iter().map(|(to, _)| to.as_str()).collect::<Vec<_>>(),
            ["ruth@example.org"]
        );
    }

    async fn no_google_linking(engine: adapters::testing::Engine) {
        use domain::user::UserRepository;
        let Some(ctx) = site(engine).await else {
            return;
        };
        let app =
            actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
                .await;
        let start = actix_web::test::call_service(
            &app,
            actix_web::test::TestRequest::get()
                .uri("/api/auth/google")
                .to_request(),
        )
        .await;
        let flow = start
            .response()
            .cookies()
            .find(|c| c.name() == app_server::routes::google::FLOW_COOKIE)
            .unwrap()
            .value()
            .to_owned();
        let back = actix_web::test::call_service(
            &app,
            actix_web::test::TestRequest::get()
                .uri(&format!(
                    "/api/auth/google/callback?code={}&state={}",
                    FakeIdentityProvider::GOOD_CODE,
                    FakeIdentityProvider::STATE
                ))
                .insert_header((
                    "cookie",
                    format!("{}={flow}", app_server::routes::google::FLOW_COOKIE),
                ))
                .to_request(),
        )
        .await;
        assert_eq!(
            back.headers().get("location").unwrap(),
            "/auth?error=google-super-admin"
        );
        let admin = ctx
            .users()
            .find_by_email("admin@example.org")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(admin.google_id, None, "not linked");
    }

    #[actix_web::test]
    async fn gets_no_reset_mail_sqlite() {
        no_reset_mail(adapters::testing::Engine::Sqlite).await;
    }

    #[actix_web::test]
    async fn gets_no_reset_mail_postgres() {
        no_reset_mail(adapters::testing::Engine::Postgres).await;
    }

    #[actix_web::test]
    async fn is_never_linked_to_google_sqlite() {
        no_google_linking(adapters::testing::Engine::Sqlite).await;
    }

    #[actix_web::test]
    async fn is_never_linked_to_google_postgres() {
        no_google_linking(adapters::testing::Engine::Postgres).await;
    }
}
