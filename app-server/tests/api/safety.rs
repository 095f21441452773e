//! Account and API safety: limits nobody can dodge with API tokens, a sign-in lock nobody
//! can abuse, counted password checks and clean-ups that stick
//! (`docs/decisions/account-safety.md`).

use actix_web::http::Method;
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{Answer, api_token, client, send, sign_in_as, sign_in_as_with};

/// Like `engine_test!`, with `RATE_LIMIT_PER_MINUTE` set to `$limit`.
#[macro_export]
macro_rules! limited_test {
    ($name:ident, $limit:expr, |$ctx:ident, $app:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run(engine: adapters::testing::Engine) {
                let Some($ctx) = $crate::helpers::TestContext::with_config(engine, |c| {
                    c.rate_limit_per_minute = $limit;
                })
                .await
                else {
                    return;
                };
                let $app = actix_web::test::init_service(app_server::app(
                    $ctx.state.clone(),
                    $ctx.openapi.clone(),
                ))
                .await;
                $body
            }

            #[actix_web::test]
            async fn sqlite() {
                run(adapters::testing::Engine::Sqlite).await;
            }

            #[actix_web::test]
            async fn postgres() {
                run(adapters::testing::Engine::Postgres).await;
            }
        }
    };
}

/// Sends a request from `peer` (an `ip:port`), with a credential like [`send`]'s.
pub async fn send_from<S, B>(
    app: &S,
    method: Method,
    path: &str,
    peer: &str,
    credential: Option<&str>,
    body: Option<serde_json::Value>,
) -> Answer
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    crate::helpers::send_as(app, method, path, Some(peer), credential, body).await
}

engine_test!(
    tokens_are_refused_where_sessions_and_accounts_are_made,
    |ctx, app| {
        let (_, cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let token = api_token(&app, &cookie, "read_write").await;
        let login = json!({"email": "ruth@example.org", "password": crate::helpers::PASSWORD});
        let calls: Vec<(Method, &str, Option<serde_json::Value>)> = vec![
            (Method::POST, "/api/login", Some(login)),
            (
                Method::POST,
                "/api/admin/login",
                Some(json!({"username": "admin", "password": "whatever"})),
            ),
            (
                Method::POST,
                "/api/register",
                Some(
                    json!({"email": "new@example.org", "username": "new", "password": "secret12",
                    "firstName": "N", "lastName": "W"}),
                ),
            ),
            (
                Method::POST,
                "/api/password-reset",
                Some(json!({"email": "ruth@example.org"})),
            ),
            (
                Method::POST,
                "/api/password-reset/confirm",
                Some(json!({"token": "x", "password": "secret12"})),
            ),
            (
                Method::POST,
                "/api/verify-email",
                Some(json!({"token": "x"})),
            ),
            (Method::POST, "/api/verify-email/resend", None),
            (Method::GET, "/api/auth/google", None),
            (
                Method::GET,
                "/api/auth/google/callback?code=a&state=b",
                None,
            ),
        ];
        for (method, path, body) in calls {
            let res = send(&app, method.clone(), path, Some(&token), body).await;
            assert_eq!(res.status, 401, "{method} {path}: {}", res.body);
            assert_eq!(res.body["code"], "unauthenticated");
            assert_eq!(res.body["message"], "API tokens cannot be used here");
        }
        assert!(
            ctx.outbox()
                .await
                .iter()
                .all(|(_, subject)| subject.contains("API token")),
            "no reset or verification mail went out"
        );
        // The same token still works where tokens belong.
        let me = client(&app, Some(&token)).get("/api/user").await;
        assert_eq!(me.status, 200);
    }
);

limited_test!(
    a_tokens_requests_count_against_its_owner_and_its_address,
    3,
    |ctx, app| {
        let (ruth, ruth_cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let (_, boaz_cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let story = ctx.story(&ruth, "Public", "Worship", true, 1).await;
        let one = api_token(&app, &ruth_cookie, "read_write").await;
        let two = api_token(&app, &ruth_cookie, "read_write").await;
        let boaz = api_token(&app, &boaz_cookie, "read_write").await;
        let path = format!("/api/stories/{}/comments", story.id);
        let comment = || Some(json!({"authorName": "Ann", "content": "Amen"}));
        let post = |peer: &'static str, token: Option<String>| {
            let (app, path) = (&app, path.clone());
            async move {
                send_from(app, Method::POST, &path, peer, token.as_deref(), comment())
                    .await
                    .status
            }
        };
        assert_eq!(post("198.51.100.1:1", Some(one.clone())).await, 201);
        assert_eq!(post("198.51.100.1:1", Some(one.clone())).await, 201);
        assert_eq!(post("198.51.100.2:1", Some(two.clone())).await, 201);
        // A second token of the same person, from a fresh address: the person's budget is
        // spent.
        assert_eq!(
            post("198.51.100.2:1", Some(two.clone())).await,
            429,
            "the owner's budget counts every token"
        );
        // Another person's token from the first address: the address's budget is spent.
        assert_eq!(post("198.51.100.1:1", Some(boaz.clone())).await, 201);
        assert_eq!(
            post("198.51.100.1:1", Some(boaz.clone())).await,
            429,
            "the address's budget counts tokens too"
        );
        // A visitor elsewhere is not held back by either.
        assert_eq!(post("198.51.100.3:1", None).await, 201);
    }
);

engine_test!(
    ten_tokens_a_day_and_each_one_is_in_the_activity_log,
    |ctx, app| {
        let (ruth, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        for _ in 0..10 {
            let made = api_token(&app, &cookie, "read").await;
            // Revoking does not give the budget back.
            let list = client(&app, Some(&cookie)).get("/api/user/tokens").await;
            let id = list.body[0]["id"].as_i64().unwrap();
            let gone = client(&app, Some(&cookie))
                .delete(&format!("/api/user/tokens/{id}"))
                .await;
            assert_eq!(gone.status, 200);
            let dead = client(&app, Some(&made)).get("/api/user").await;
            assert_eq!(dead.status, 401);
        }
        let more = client(&app, Some(&cookie))
            .post("/api/user/tokens", new_token_body())
            .await;
        assert_eq!(more.status, 429, "{}", more.body);
        assert_eq!(more.body["code"], "rate_limited");
        assert!(more.headers.contains_key("retry-after"));
        let admin = super_admin(&app).await;
        let log = client(&app, Some(&admin))
            .get("/api/admin/audit-log?action=api_token_created")
            .await;
        assert_eq!(log.status, 200, "{}", log.body);
        let entries = log.body.as_array().unwrap();
        assert_eq!(entries.len(), 10);
        for e in entries {
            assert_eq!(e["actorId"], ruth.id.as_str());
            assert_eq!(e["targetKind"], "api_token");
            assert_eq!(e["targetLabel"], "Test script");
        }
    }
);

/// The body of a new token (what [`api_token`] sends).
pub fn new_token_body() -> serde_json::Value {
    json!({"name": "Test script", "scope": "read", "expiresInDays": 30})
}

/// Signs the super admin in at `/api/admin/login`; answers the cookie.
pub async fn super_admin<S, B>(app: &S) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = client(app, None)
        .post(
            "/api/admin/login",
            json!({"username": "admin", "password": crate::helpers::ADMIN_PASSWORD}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    res.cookie.unwrap()
}

/// Signs in at `path` (`/api/login` or `/api/admin/login`) with `body` from `peer`,
/// carrying `device` (a `gs_device=...` cookie) when given; answers the status, the body
/// and the device cookie the answer set.
pub async fn sign_in_from<S, B>(
    app: &S,
    path: &str,
    body: serde_json::Value,
    peer: &str,
    device: Option<&str>,
) -> (u16, serde_json::Value, Option<String>)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res =
        crate::helpers::send_as(app, Method::POST, path, Some(peer), device, Some(body)).await;
    let device = res
        .headers
        .get_all(actix_web::http::header::SET_COOKIE)
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| actix_web::cookie::Cookie::parse(v).ok())
        .find(|c| c.name() == app_server::device::DEVICE_COOKIE && !c.value().is_empty())
        .map(|c| format!("{}={}", c.name(), c.value()));
    (res.status, res.body, device)
}

fn member_login(email: &str, password: &str) -> serde_json::Value {
    json!({"email": email, "password": password})
}

fn admin_login(password: &str) -> serde_json::Value {
    json!({"username": "admin", "password": password})
}

engine_test!(
    the_lock_holds_one_network_and_answers_unknown_emails_alike,
    |ctx, app| {
        ctx.user_with_password("ruth@example.org", Role::Member, true)
            .await;
        let pw = crate::helpers::PASSWORD;
        let guesser = "198.51.100.9:4000";
        for email in ["ruth@example.org", "nobody@example.org"] {
            for _ in 0..5 {
                let (status, body, _) = sign_in_from(
                    &app,
                    "/api/login",
                    member_login(email, "wrong guess"),
                    guesser,
                    None,
                )
                .await;
                assert_eq!(status, 401, "{email}: {body}");
            }
        }
        let (real_status, real, _) = sign_in_from(
            &app,
            "/api/login",
            member_login("ruth@example.org", pw),
            guesser,
            None,
        )
        .await;
        let (unknown_status, unknown, _) = sign_in_from(
            &app,
            "/api/login",
            member_login("nobody@example.org", pw),
            guesser,
            None,
        )
        .await;
        assert_eq!(real_status, 429);
        assert_eq!(real["code"], "account_locked");
        assert_eq!(
            (unknown_status, &unknown),
            (real_status, &real),
            "an e-mail without an account is answered alike"
        );
        // Another network signs in to the account at once.
        let (status, body, device) = sign_in_from(
            &app,
            "/api/login",
            member_login("ruth@example.org", pw),
            "203.0.113.7:5000",
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(device.is_some(), "a signed-in browser is remembered");
        // IPv6 counts by /64: five guesses from five addresses of one /64 lock all of it.
        ctx.user_with_password("boaz@example.org", Role::Member, true)
            .await;
        for i in 1..=5 {
            let peer = format!("[2001:db8:1:2::{i}]:4000");
            let (status, ..) = sign_in_from(
                &app,
                "/api/login",
                member_login("boaz@example.org", "wrong guess"),
                &peer,
                None,
            )
            .await;
            assert_eq!(status, 401);
        }
        let (status, ..) = sign_in_from(
            &app,
            "/api/login",
            member_login("boaz@example.org", pw),
            "[2001:db8:1:2::99]:4000",
            None,
        )
        .await;
        assert_eq!(status, 429, "the same /64");
        let (status, ..) = sign_in_from(
            &app,
            "/api/login",
            member_login("boaz@example.org", pw),
            "[2001:db8:1:3::1]:4000",
            None,
        )
        .await;
        assert_eq!(status, 200, "another /64");
    }
);

engine_test!(
    the_super_admin_signs_in_from_a_known_browser_while_others_guess,
    |ctx, app| {
        let admin_pw = crate::helpers::ADMIN_PASSWORD;
        let home = "203.0.113.7:5000";
        let (status, _, device) =
            sign_in_from(&app, "/api/admin/login", admin_login(admin_pw), home, None).await;
        assert_eq!(status, 200);
        let device = device.expect("the device cookie");
        // Wrong passwords for `admin` from one address every moment, then from two more
        // networks: each is locked, and every other network must wait.
        for attacker in ["198.51.100.66:1", "198.51.100.67:1", "192.0.2.8:1"] {
            for _ in 0..8 {
                let (status, body, _) = sign_in_from(
                    &app,
                    "/api/admin/login",
                    admin_login("guess"),
                    attacker,
                    None,
                )
                .await;
                assert!(matches!(status, 401 | 429), "{status} {body}");
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
        let (status, body, _) = sign_in_from(
            &app,
            "/api/admin/login",
            admin_login(admin_pw),
            "198.51.100.66:1",
            None,
        )
        .await;
        assert_eq!(status, 429, "the guessing address is locked: {body}");
        // One more guess from a fresh network once the wait is over: every network now
        // waits two seconds.
        let mut counted = false;
        for _ in 0..20 {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            let (status, ..) = sign_in_from(
                &app,
                "/api/admin/login",
                admin_login("guess"),
                "192.0.2.9:1",
                None,
            )
            .await;
            if status == 401 {
                counted = true;
                break;
            }
            assert_eq!(status, 429);
        }
        assert!(counted, "the wait ends");
        // A new network without the cookie waits...
        let cafe = "192.0.2.200:1";
        let (status, body, _) =
            sign_in_from(&app, "/api/admin/login", admin_login(admin_pw), cafe, None).await;
        assert_eq!(status, 429, "{body}");
        // A forged cookie is no device.
        let (status, ..) = sign_in_from(
            &app,
            "/api/admin/login",
            admin_login(admin_pw),
            cafe,
            Some("gs_device=forged"),
        )
        .await;
        assert_eq!(status, 429);
        // ...the browser that signed in before does not, from anywhere.
        for peer in [home, cafe] {
            let started = std::time::Instant::now();
            let (status, body, _) = sign_in_from(
                &app,
                "/api/admin/login",
                admin_login(admin_pw),
                peer,
                Some(&device),
            )
            .await;
            assert_eq!(status, 200, "{peer}: {body}");
            assert!(started.elapsed() < std::time::Duration::from_secs(2));
        }
    }
);

fn new_password(current: &str, new: &str) -> serde_json::Value {
    json!({"currentPassword": current, "newPassword": new})
}

engine_test!(
    password_checks_of_signed_in_people_count_into_the_lock,
    |ctx, app| {
        let pw = crate::helpers::PASSWORD;
        let (_, cookie) = sign_in_as_with(&ctx, &app, Role::Member, |p| {
            p.email("ruth@example.org").pending()
        })
        .await;
        let guesser = "198.51.100.9:1";
        // Wrong passwords in a password change and in leaving count together.
        for i in 0..5 {
            let res = if i % 2 == 0 {
                send_from(
                    &app,
                    Method::POST,
                    "/api/user/password",
                    guesser,
                    Some(&cookie),
                    Some(new_password("wrong guess", "new password 1")),
                )
                .await
            } else {
                send_from(
                    &app,
                    Method::DELETE,
                    "/api/user",
                    guesser,
                    Some(&cookie),
                    Some(json!({"password": "wrong guess", "deleteStories": true})),
                )
                .await
            };
            assert_eq!(res.status, 400, "{}", res.body);
        }
        let locked = send_from(
            &app,
            Method::POST,
            "/api/user/password",
            guesser,
            Some(&cookie),
            Some(new_password(pw, "new password 1")),
        )
        .await;
        assert_eq!(locked.status, 429, "{}", locked.body);
        assert_eq!(locked.body["code"], "account_locked");
        let (status, ..) = sign_in_from(
            &app,
            "/api/login",
            member_login("ruth@example.org", pw),
            guesser,
            None,
        )
        .await;
        assert_eq!(status, 429, "the sign-in from there is locked too");
        // The same person elsewhere is not held back.
        let elsewhere = send_from(
            &app,
            Method::POST,
            "/api/user/password",
            "203.0.113.7:1",
            Some(&cookie),
            Some(new_password(pw, "new password 1")),
        )
        .await;
        assert_eq!(elsewhere.status, 200, "{}", elsewhere.body);

        // The super admin's change is counted too, and wants 12 characters.
        let admin = super_admin(&app).await;
        let change = |current: &str, new: &str| json!({"username": "admin", "currentPassword": current, "newPassword": new});
        let short = send_from(
            &app,
            Method::POST,
            "/api/admin/change-password",
            "203.0.113.7:1",
            Some(&admin),
            Some(change(crate::helpers::ADMIN_PASSWORD, "eleven char")),
        )
        .await;
        assert_eq!(short.status, 400, "{}", short.body);
        assert!(short.body["message"].as_str().unwrap().contains("12"));
        for _ in 0..5 {
            let res = send_from(
                &app,
                Method::POST,
                "/api/admin/change-password",
                guesser,
                Some(&admin),
                Some(change("wrong guess", "a long new password")),
            )
            .await;
            assert_eq!(res.status, 400, "{}", res.body);
        }
        let res = send_from(
            &app,
            Method::POST,
            "/api/admin/change-password",
            guesser,
            Some(&admin),
            Some(change(
                crate::helpers::ADMIN_PASSWORD,
                "a long new password",
            )),
        )
        .await;
        assert_eq!(res.status, 429, "{}", res.body);
        let ok = send_from(
            &app,
            Method::POST,
            "/api/admin/change-password",
            "203.0.113.7:1",
            Some(&admin),
            Some(change(
                crate::helpers::ADMIN_PASSWORD,
                "a long new password",
            )),
        )
        .await;
        assert_eq!(ok.status, 200, "{}", ok.body);
    }
);

limited_test!(password_checks_are_rate_limited, 2, |ctx, app| {
    let (_, cookie) =
        sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
    let statuses: Vec<u16> = {
        let mut out = Vec::new();
        for (method, path, body) in [
            (
                Method::POST,
                "/api/user/password",
                new_password("wrong guess", "new password 1"),
            ),
            (
                Method::DELETE,
                "/api/user",
                json!({"password": "wrong guess", "deleteStories": true}),
            ),
            (
                Method::POST,
                "/api/user/password",
                new_password("wrong guess", "new password 1"),
            ),
        ] {
            out.push(
                send_from(
                    &app,
                    method,
                    path,
                    "198.51.100.9:1",
                    Some(&cookie),
                    Some(body),
                )
                .await
                .status,
            );
        }
        out
    };
    assert_eq!(statuses, [400, 400, 429]);
});

engine_test!(
    fifty_password_checks_of_one_pending_account_do_not_hold_up_anyone_elses_sign_in,
    |ctx, app| {
        let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| {
            p.email("new@example.org").pending()
        })
        .await;
        ctx.user_with_password("boaz@example.org", Role::Member, true)
            .await;
        // Fifty at once, each from its own address (so no lock steps in).
        let burst = futures_util::future::join_all((0..50).map(|i| {
            let peer = format!("198.51.{}.{}:1", 100 + i / 200, i % 200 + 1);
            let pending = pending.clone();
            let app = &app;
            async move {
                send_from(
                    app,
                    Method::POST,
                    "/api/user/password",
                    &peer,
                    Some(&pending),
                    Some(new_password("wrong guess", "new password 1")),
                )
                .await
                .status
            }
        }));
        let sign_in = async {
            // Let the burst reach the hasher first.
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            let started = std::time::Instant::now();
            let (status, body, _) = sign_in_from(
                &app,
                "/api/login",
                member_login("boaz@example.org", crate::helpers::PASSWORD),
                "203.0.113.7:1",
                None,
            )
            .await;
            (status, body, started.elapsed())
        };
        let (statuses, (status, body, took)) = futures_util::join!(burst, sign_in);
        assert_eq!(status, 200, "{body}");
        assert!(
            took < std::time::Duration::from_secs(1),
            "the sign-in took {took:?}"
        );
        assert!(
            statuses.iter().all(|s| matches!(s, 400 | 429 | 503)),
            "{statuses:?}"
        );
        assert!(statuses.contains(&400), "{statuses:?}");
    }
);

/// Whether `token` still works.
async fn works<S, B>(app: &S, token: &str) -> bool
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    client(app, Some(token)).get("/api/user").await.status == 200
}

engine_test!(
    signing_out_everywhere_and_a_reset_revoke_tokens_and_a_password_change_on_request,
    |ctx, app| {
        use domain::user::tokens::{AccountTokenRepository, TokenMinter, TokenPurpose};
        let pw = crate::helpers::PASSWORD;
        let (ruth, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let first = api_token(&app, &cookie, "read").await;
        assert!(works(&app, &first).await);
        let out = send(
            &app,
            Method::POST,
            "/api/user/sessions/revoke-others",
            Some(&cookie),
            None,
        )
        .await;
        assert_eq!(out.status, 200);
        assert_eq!(out.body["revokedTokens"], 1, "{}", out.body);
        assert!(!works(&app, &first).await, "sign out everywhere");

        let second = api_token(&app, &cookie, "read").await;
        let change = |new: &str, revoke: Option<bool>| {
            let mut body = json!({"currentPassword": pw, "newPassword": new});
            if let Some(revoke) = revoke {
                body["revokeApiTokens"] = json!(revoke);
            }
            Some(body)
        };
        let kept = send(
            &app,
            Method::POST,
            "/api/user/password",
            Some(&cookie),
            change(pw, None),
        )
        .await;
        assert_eq!(kept.status, 200, "{}", kept.body);
        assert!(works(&app, &second).await, "kept unless asked");
        let revoked = send(
            &app,
            Method::POST,
            "/api/user/password",
            Some(&cookie),
            change(pw, Some(true)),
        )
        .await;
        assert_eq!(revoked.status, 200, "{}", revoked.body);
        assert!(!works(&app, &second).await, "revoked on request");

        let third = api_token(&app, &cookie, "read").await;
        let minted = adapters::Sha256TokenMinter.mint();
        adapters::SeaOrmAccountTokenRepository::new(ctx.state.db.clone())
            .issue(
                &ruth.id,
                TokenPurpose::PasswordReset,
                &minted.hash,
                ctx.state.clock.now() + chrono::Duration::minutes(30),
            )
            .await
            .unwrap();
        let reset = client(&app, None)
            .post(
                "/api/password-reset/confirm",
                json!({"token": minted.secret, "password": "a new password"}),
            )
            .await;
        assert_eq!(reset.status, 200, "{}", reset.body);
        assert!(!works(&app, &third).await, "a reset revokes every token");
    }
);

/// Moves the sign-in time of the session behind `cookie` back by `minutes`.
async fn age_sign_in(ctx: &crate::helpers::TestContext, user: &domain::user::User, minutes: i64) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &ctx.state.db;
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            match backend {
                sea_orm::DbBackend::Postgres => "SELECT sid, sess FROM sessions WHERE user_id = $1",
                _ => "SELECT sid, sess FROM sessions WHERE user_id = ?",
            },
            [user.id.as_str().into()],
        ))
        .await
        .unwrap();
    for row in rows {
        let sid: String = row.try_get("", "sid").unwrap();
        let sess: String = row.try_get("", "sess").unwrap();
        let mut state: std::collections::HashMap<String, String> =
            serde_json::from_str(&sess).unwrap();
        let then = ctx.state.clock.now() - chrono::Duration::minutes(minutes);
        state.insert(
            app_server::session::SIGNED_IN_AT_KEY.into(),
            serde_json::to_string(&then.to_rfc3339()).unwrap(),
        );
        let sess = serde_json::to_string(&state).unwrap();
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            match backend {
                sea_orm::DbBackend::Postgres => "UPDATE sessions SET sess = $1 WHERE sid = $2",
                _ => "UPDATE sessions SET sess = ? WHERE sid = ?",
            },
            [sess.into(), sid.into()],
        ))
        .await
        .unwrap();
    }
}

engine_test!(
    a_token_needs_the_password_after_ten_minutes_and_its_owner_hears_of_it,
    |ctx, app| {
        let (ruth, cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        age_sign_in(&ctx, &ruth, 11).await;
        let make = |password: Option<&str>| {
            let mut body = new_token_body();
            if let Some(p) = password {
                body["password"] = json!(p);
            }
            client(&app, Some(&cookie)).post("/api/user/tokens", body)
        };
        let bare = make(None).await;
        assert_eq!(bare.status, 400, "{}", bare.body);
        assert_eq!(bare.body["errors"][0]["field"], "password");
        let wrong = make(Some("wrong guess")).await;
        assert_eq!(wrong.status, 400);
        assert_eq!(wrong.body["errors"][0]["message"], "Password is incorrect");
        let made = make(Some(crate::helpers::PASSWORD)).await;
        assert_eq!(made.status, 201, "{}", made.body);
        let notices: Vec<_> = ctx
            .outbox()
            .await
            .into_iter()
            .filter(|(to, subject)| to == "ruth@example.org" && subject.contains("API token"))
            .collect();
        assert_eq!(notices.len(), 1, "the owner is mailed");
    }
);

engine_test!(
    an_update_never_brings_back_a_session_revoked_meanwhile,
    |ctx, app| {
        use actix_session::storage::SessionStore;
        let store = ctx.state.sessions.clone();
        let ttl = actix_web::cookie::time::Duration::days(1);
        let mut state = std::collections::HashMap::new();
        state.insert(
            app_server::session::USER_ID_KEY.to_owned(),
            "\"someone\"".to_owned(),
        );
        let key = store.save(state.clone(), &ttl).await.unwrap();
        // A request loaded the session; meanwhile "sign out everywhere" deleted its row...
        let repo = adapters::SeaOrmSessionRepository::new(ctx.state.db.clone());
        repo.delete_for_user("someone", None).await.unwrap();
        // ...and then the request ends and stores what it changed.
        state.insert(
            app_server::session::LAST_SEEN_KEY.to_owned(),
            "\"2030-01-01T00:00:00Z\"".to_owned(),
        );
        let kept = store.update(key, state, &ttl).await.unwrap();
        assert!(
            store.load(&kept).await.unwrap().is_none(),
            "the revoked session stays revoked"
        );
        let _ = &app;
    }
);

engine_test!(
    the_former_members_placeholder_address_cannot_be_registered,
    |ctx, app| {
        for email in ["former-member@users.invalid", "Former-Member@USERS.invalid"] {
            let res = client(&app, None)
                .post(
                    "/api/register",
                    json!({"email": email, "username": "squatter", "password": "secret12",
                    "firstName": "S", "lastName": "Q"}),
                )
                .await;
            assert_eq!(res.status, 400, "{email}: {}", res.body);
            assert_eq!(res.body["code"], "validation_failed");
            assert_eq!(res.body["errors"][0]["field"], "email");
        }
        let _ = &ctx;
    }
);
