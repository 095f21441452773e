//! Who is signed in is read from the database at most once a moment per instance
//! (`app_server::access_cache`), and that moment is short and safe: a person suspended, a
//! session signed out and a token revoked through one instance are refused there at once and
//! on another instance on the same database within a second.

use std::time::{Duration, Instant};

use actix_web::test;
use app_server::access_cache::FRESH_FOR;
use domain::user::Role;
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{App, TestContext, api_token, client, sign_in_as, sign_in_as_with};

/// A second instance on the test's database (its own memory, its own caches).
async fn another_instance(ctx: &TestContext) -> impl App {
    let mut config = crate::helpers::test_config(ctx.database_url());
    config.media = ctx.state.config.media.clone();
    let other = app_server::prepare(config).await.unwrap();
    test::init_service(app_server::app(other, ctx.openapi.clone())).await
}

/// `GET /api/user` with `credential` (a session cookie or `Bearer gst_...`): its status.
async fn whoami(app: &impl App, credential: &str) -> u16 {
    client(app, Some(credential)).get("/api/user").await.status
}

/// How long until `credential` is refused (401) on `app` (at most 3 s).
async fn refused_within(app: &impl App, credential: &str) -> Option<Duration> {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        if whoami(app, credential).await == 401 {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

engine_test!(
    a_person_suspended_through_one_instance_is_refused_on_another_within_a_second,
    |ctx, app| {
        let other = another_instance(&ctx).await;
        let (ruth, cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let token = api_token(&app, &cookie, "read").await;
        // The other instance knows her, by session and by token.
        assert_eq!(whoami(&other, &cookie).await, 200);
        assert_eq!(whoami(&other, &token).await, 200);

        let (_, admin) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let res = client(&app, Some(&admin))
            .post(
                &format!("/api/admin/users/{}/suspend", ruth.id),
                json!({"reason": "Spam"}),
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.body);
        let suspended = Instant::now();
        // At once where it was done...
        assert_eq!(whoami(&app, &token).await, 401, "token, same instance");
        assert_eq!(whoami(&app, &cookie).await, 401, "session, same instance");
        // ...and within a second on the other.
        for credential in [&token, &cookie] {
            refused_within(&other, credential)
                .await
                .expect("refused on the other instance");
        }
        let took = suspended.elapsed();
        assert!(took < Duration::from_secs(1), "took {took:?}");
    }
);

engine_test!(
    a_session_signed_out_through_one_instance_is_refused_on_another_within_a_second,
    |ctx, app| {
        let other = another_instance(&ctx).await;
        let (_, phone) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let laptop = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": crate::helpers::PASSWORD}),
            )
            .await
            .cookie
            .expect("a second session");
        // The laptop reads on the other instance, which keeps its session a moment.
        assert_eq!(whoami(&other, &laptop).await, 200);
        let sessions = client(&other, Some(&laptop))
            .get("/api/user/sessions")
            .await;
        let handle = sessions
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["current"] == true);
        let handle = handle.expect("the laptop's session")["id"]
            .as_str()
            .unwrap()
            .to_owned();

        // From the phone, on the first instance: sign the laptop out.
        let res = client(&app, Some(&phone))
            .delete(&format!("/api/user/sessions/{handle}"))
            .await;
        assert_eq!(res.status, 200, "{}", res.body);
        let revoked = Instant::now();
        assert_eq!(whoami(&app, &laptop).await, 401, "same instance: at once");
        refused_within(&other, &laptop)
            .await
            .expect("refused on the other instance");
        let took = revoked.elapsed();
        assert!(took < Duration::from_secs(1), "took {took:?}");
        assert_eq!(
            whoami(&other, &phone).await,
            200,
            "the phone stays signed in"
        );
    }
);

engine_test!(
    a_token_revoked_through_one_instance_is_refused_on_another_within_a_second,
    |ctx, app| {
        let other = another_instance(&ctx).await;
        let (_, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let token = api_token(&app, &cookie, "read").await;
        assert_eq!(whoami(&other, &token).await, 200);
        let tokens = client(&app, Some(&cookie)).get("/api/user/tokens").await;
        let id = tokens.body[0]["id"].as_i64().expect("the token's id");

        let res = client(&app, Some(&cookie))
            .delete(&format!("/api/user/tokens/{id}"))
            .await;
        assert!(res.status < 300, "{} {}", res.status, res.body);
        let revoked = Instant::now();
        assert_eq!(whoami(&app, &token).await, 401, "same instance: at once");
        refused_within(&other, &token)
            .await
            .expect("refused on the other instance");
        let took = revoked.elapsed();
        assert!(took < Duration::from_secs(1), "took {took:?}");
    }
);

engine_test!(
    a_members_requests_read_who_they_are_once_a_moment,
    |ctx, app| {
        let (ruth, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        assert_eq!(whoami(&app, &cookie).await, 200);
        assert!(
            ctx.state.access.user(ruth.id.as_str()).is_some(),
            "kept after a request"
        );
        // Deleted behind the server's back (as by another instance): this instance keeps
        // answering from memory for at most a moment, then reads again and refuses.
        ctx.state
            .db
            .execute_unprepared("DELETE FROM sessions")
            .await
            .unwrap();
        let took = refused_within(&app, &cookie).await.expect("refused");
        assert!(
            took <= FRESH_FOR + Duration::from_millis(300),
            "took {took:?}"
        );
    }
);
