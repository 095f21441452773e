//! What a new site owner, author and reader meet first: real community figures, card
//! previews, older comments, suspending instead of deleting, Google errors that say why.

use std::sync::Arc;

use actix_web::http::Method;
use actix_web::test;
use adapters::testing::Engine;
use domain::user::ports::ExternalIdentity;
use domain::user::{Role, UserRepository};
use serde_json::json;

use crate::engine_test;
use crate::helpers::{ADMIN_PASSWORD, PASSWORD, TestContext, client, get, send, sign_in_as_with};

async fn admin<S, B>(app: &S) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    client(app, None)
        .post(
            "/api/admin/login",
            json!({"username": "admin", "password": ADMIN_PASSWORD}),
        )
        .await
        .cookie
        .unwrap()
}

engine_test!(
    the_site_counts_its_published_stories_and_their_authors,
    |ctx, app| {
        let (_, _, empty) = get(&app, "/api/site").await;
        assert_eq!(
            (
                empty["publishedStories"].as_u64(),
                empty["contributors"].as_u64()
            ),
            (Some(0), Some(0))
        );
        let ann = ctx
            .user("ann@example.org", Role::RegularContributor, true)
            .await;
        let bob = ctx
            .user("bob@example.org", Role::RegularContributor, true)
            .await;
        ctx.story(&ann, "One", "Worship", true, 3).await;
        ctx.story(&ann, "Two", "Worship", true, 2).await;
        ctx.story(&bob, "Three", "Community", true, 1).await;
        ctx.story(&bob, "Draft", "Community", false, 0).await;
        let (status, _, site) = get(&app, "/api/site").await;
        assert_eq!(status, 200);
        assert_eq!(site["publishedStories"], 3);
        assert_eq!(site["contributors"], 2);
    }
);

engine_test!(story_cards_carry_a_plain_text_preview, |ctx, app| {
    let ann = ctx
        .user("ann@example.org", Role::RegularContributor, true)
        .await;
    let story = ctx.story(&ann, "Psalm", "Worship", true, 1).await;
    let (_, _, list) = get(&app, "/api/stories").await;
    assert_eq!(list[0]["preview"], "The content of Psalm.");
    let (_, _, mine) = get(&app, &format!("/api/stories/author/{}", ann.id)).await;
    assert_eq!(mine[0]["preview"], "The content of Psalm.");
    assert_eq!(mine[0]["id"], story.id.0);
});

engine_test!(
    older_comments_are_paged_with_the_total_in_a_header,
    |ctx, app| {
        let ann = ctx
            .user("ann@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&ann, "Many comments", "Worship", true, 1).await;
        let boss = admin(&app).await;
        for i in 0..12 {
            let c = ctx.comment(&story, &format!("Reader {i}")).await;
            let ok = send(
                &app,
                Method::PATCH,
                &format!("/api/comments/{}/approve", c.id.0),
                Some(&boss),
                None,
            )
            .await;
            assert_eq!(ok.status, 200);
        }
        ctx.comment(&story, "Still pending").await;
        let (status, headers, first) =
            get(&app, &format!("/api/stories/{}/comments", story.id)).await;
        assert_eq!(status, 200);
        assert_eq!(first.as_array().unwrap().len(), 10);
        assert_eq!(headers.get("x-total-count").unwrap(), "12");
        let (_, headers, older) = get(
            &app,
            &format!("/api/stories/{}/comments?offset=10", story.id),
        )
        .await;
        assert_eq!(older.as_array().unwrap().len(), 2);
        assert_eq!(older[1]["authorName"], "Reader 0");
        assert_eq!(headers.get("x-total-count").unwrap(), "12");
        let moderator = client(&app, Some(&boss))
            .get(&format!("/api/stories/{}/comments", story.id))
            .await;
        assert_eq!(
            moderator.headers.get("x-total-count").unwrap(),
            "13",
            "moderators count pending ones"
        );
        let (status, _, _) = get(
            &app,
            &format!("/api/stories/{}/comments?offset=100001", story.id),
        )
        .await;
        assert_eq!(status, 400);
        let (status, _, _) = get(&app, "/api/stories/999999/comments").await;
        assert_eq!(status, 404);
    }
);

engine_test!(
    a_suspended_person_is_signed_out_at_once_and_cannot_sign_in,
    |ctx, app| {
        let (ruth, cookie) = sign_in_as_with(&ctx, &app, Role::RegularContributor, |p| {
            p.email("ruth@example.org")
        })
        .await;
        let story = ctx.story(&ruth, "Stays", "Worship", true, 1).await;
        let boss = admin(&app).await;
        let path = format!("/api/admin/users/{}/suspend", ruth.id);
        let blank = client(&app, Some(&boss))
            .post(&path, json!({"reason": "  "}))
            .await;
        assert_eq!(blank.status, 400);
        assert_eq!(blank.body["errors"][0]["field"], "reason");
        let done = client(&app, Some(&boss))
            .post(&path, json!({"reason": "Posting spam links"}))
            .await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(done.body["suspendedReason"], "Posting spam links");
        assert_eq!(done.body["isApproved"], false);
        assert_eq!(
            client(&app, Some(&cookie)).get("/api/user").await.status,
            401
        );
        let login = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": PASSWORD}),
            )
            .await;
        assert_eq!(login.status, 403);
        assert_eq!(
            login.body["message"],
            "Your account is suspended: Posting spam links"
        );
        let (status, _, _) = get(&app, &format!("/api/stories/{}", story.id)).await;
        assert_eq!(status, 200, "their stories stay");
        let pending = client(&app, Some(&boss))
            .get("/api/admin/users/pending")
            .await;
        assert!(
            !pending.body.to_string().contains("ruth@example.org"),
            "a suspended person is not waiting for approval"
        );
        let mail = ctx.outbox_bodies().await;
        assert!(mail.iter().any(|b| b.contains("Posting spam links")));

        let me = client(&app, Some(&boss)).get("/api/user").await;
        let own = format!(
            "/api/admin/users/{}/suspend",
            me.body["id"].as_str().unwrap()
        );
        assert_eq!(
            client(&app, Some(&boss))
                .post(&own, json!({"reason": "x"}))
                .await
                .status,
            403
        );
        let missing = client(&app, Some(&boss))
            .post("/api/admin/users/nobody/suspend", json!({"reason": "x"}))
            .await;
        assert_eq!(missing.status, 404);

        let back = send(
            &app,
            Method::POST,
            &format!("/api/admin/users/{}/reinstate", ruth.id),
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(back.status, 200);
        assert_eq!(back.body["suspendedReason"], serde_json::Value::Null);
        assert_eq!(back.body["isApproved"], true);
        let login = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": PASSWORD}),
            )
            .await;
        assert_eq!(login.status, 200);
        assert_eq!(
            ctx.outbox().await.last().unwrap().1,
            "Your Grace Stories account is active again"
        );
    }
);

/// Each Google failure lands on its own reason.
async fn google_errors_say_why(engine: Engine) {
    use domain::testing::FakeIdentityProvider;
    let Some(mut ctx) = TestContext::new(engine).await else {
        return;
    };
    ctx.state.identity = Some(Arc::new(FakeIdentityProvider::new(ExternalIdentity {
        subject: "g-ruth".into(),
        email: "ruth@example.org".into(),
        email_verified: true,
        first_name: None,
        last_name: None,
        picture: None,
    })));
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    // A started sign-in is good for one callback that gets past the state check: each
    // attempt below starts its own.
    let mut flows = Vec::new();
    for _ in 0..4 {
        let start = test::call_service(
            &app,
            test::TestRequest::get()
                .uri("/api/auth/google")
                .to_request(),
        )
        .await;
        flows.push(
            start
                .response()
                .cookies()
                .find(|c| c.name() == app_server::routes::google::FLOW_COOKIE)
                .unwrap()
                .value()
                .to_owned(),
        );
    }
    let back = |query: &str, flow: &str| {
        test::TestRequest::get()
            .uri(&format!("/api/auth/google/callback?{query}"))
            .insert_header((
                "cookie",
                format!("{}={flow}", app_server::routes::google::FLOW_COOKIE),
            ))
            .to_request()
    };
    let cancelled =
        test::call_service(&app, back("error=access_denied&state=state-1", &flows[0])).await;
    assert_eq!(
        cancelled
            .headers()
            .get("location")
            .unwrap()
            .to_str()
            .unwrap(),
        "/auth?error=google-cancelled"
    );
    let bad_code = test::call_service(&app, back("code=bad&state=state-1", &flows[0])).await;
    assert_eq!(
        bad_code
            .headers()
            .get("location")
            .unwrap()
            .to_str()
            .unwrap(),
        "/auth?error=google-failed"
    );
    let wrong_state = test::call_service(&app, back("code=good-code&state=other", &flows[1])).await;
    assert_eq!(
        wrong_state
            .headers()
            .get("location")
            .unwrap()
            .to_str()
            .unwrap(),
        "/auth?error=google-state"
    );
    let ok = test::call_service(&app, back("code=good-code&state=state-1", &flows[1])).await;
    assert_eq!(
        ok.headers().get("location").unwrap().to_str().unwrap(),
        "/",
        "a new pending member"
    );
    let ruth = ctx
        .users()
        .find_by_email("ruth@example.org")
        .await
        .unwrap()
        .unwrap();
    ctx.users()
        .set_suspension(&ruth.id, Some("Spam".into()))
        .await
        .unwrap();
    let replayed = test::call_service(&app, back("code=good-code&state=state-1", &flows[1])).await;
    assert_eq!(
        replayed
            .headers()
            .get("location")
            .unwrap()
            .to_str()
            .unwrap(),
        "/auth?error=google-state",
        "a used sign-in is not used twice"
    );
    let suspended = test::call_service(&app, back("code=good-code&state=state-1", &flows[2])).await;
    assert_eq!(
        suspended
            .headers()
            .get("location")
            .unwrap()
            .to_str()
            .unwrap(),
        "/auth?error=google-suspended"
    );
}

#[actix_web::test]
async fn google_errors_say_why_sqlite() {
    google_errors_say_why(Engine::Sqlite).await;
}

#[actix_web::test]
async fn google_errors_say_why_postgres() {
    google_errors_say_why(Engine::Postgres).await;
}
