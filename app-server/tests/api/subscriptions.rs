//! New stories by e-mail: signing up answers alike whatever is stored, confirmation is a
//! POST (opening the mailed link changes nothing), one-click leaving needs no session, and
//! bad input is named.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{TestContext, client, error_fields, send, sign_in_as};

const CHECK_INBOX: &str = "Check your inbox to confirm";

fn sign_up(email: &str) -> Value {
    json!({"email": email, "frequency": "weekly", "page": "/stories/1", "website": ""})
}

/// The secret of the newest subscription link mailed to anyone.
async fn latest_token(ctx: &TestContext, path: &str) -> String {
    let bodies = ctx.outbox_bodies().await;
    let marker = format!("/subscriptions/{path}?token=");
    let body = bodies
        .iter()
        .rev()
        .find(|b| b.contains(&marker))
        .unwrap_or_else(|| panic!("a {path} link in the outbox: {bodies:?}"));
    let start = body.find(&marker).unwrap() + marker.len();
    body[start..].split_whitespace().next().unwrap().to_owned()
}

/// The stored status of an address's subscription.
async fn status_of(ctx: &TestContext, email: &str) -> Option<String> {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &ctx.state.db;
    let backend = db.get_database_backend();
    db.query_one_raw(Statement::from_sql_and_values(
        backend,
        match backend {
            sea_orm::DatabaseBackend::Postgres => {
                "SELECT status FROM subscriptions WHERE email = $1"
            }
            _ => "SELECT status FROM subscriptions WHERE email = ?",
        },
        [email.into()],
    ))
    .await
    .unwrap()
    .map(|row| row.try_get::<String>("", "status").unwrap())
}

async fn set_status(ctx: &TestContext, email: &str, status: &str) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = &ctx.state.db;
    db.execute_raw(Statement::from_string(
        db.get_database_backend(),
        format!("UPDATE subscriptions SET status = '{status}' WHERE email = '{email}'"),
    ))
    .await
    .unwrap();
}

engine_test!(
    a_visitor_signs_up_confirms_with_a_post_and_leaves_in_one_click,
    |ctx, app| {
        let res = client(&app, None)
            .post("/api/subscriptions", sign_up("Reader@Example.org"))
            .await;
        assert_eq!(res.status, 202, "{}", res.body);
        assert_eq!(res.body["message"], CHECK_INBOX);
        assert_eq!(
            status_of(&ctx, "reader@example.org").await.as_deref(),
            Some("pending")
        );
        let token = latest_token(&ctx, "confirm").await;

        // A mail scanner opening the link gets the page and changes nothing.
        let page = test::call_service(
            &app,
            test::TestRequest::get()
                .uri(&format!("/subscriptions/confirm?token={token}"))
                .to_request(),
        )
        .await;
        assert_eq!(page.status(), 200);
        assert_eq!(
            status_of(&ctx, "reader@example.org").await.as_deref(),
            Some("pending")
        );

        let confirmed = client(&app, None)
            .post("/api/subscriptions/confirm", json!({"token": token}))
            .await;
        assert_eq!(confirmed.status, 200, "{}", confirmed.body);
        assert_eq!(confirmed.body["status"], "confirmed");
        assert_eq!(confirmed.body["email"], "reader@example.org");
        assert_eq!(confirmed.body["frequency"], "weekly");
        assert_eq!(confirmed.body["categories"], json!([]));
        let again = client(&app, None)
            .post("/api/subscriptions/confirm", json!({"token": token}))
            .await;
        assert_eq!(again.status, 200, "confirming twice is harmless");

        // "Send less often" by the same link.
        let less = client(&app, None)
            .post(
                "/api/subscriptions/frequency",
                json!({"token": token, "frequency": "monthly"}),
            )
            .await;
        assert_eq!(less.status, 200, "{}", less.body);
        assert_eq!(less.body["frequency"], "monthly");

        // The one-click unsubscribe of RFC 8058: a mail program's POST, no cookie, a form
        // body, from another origin.
        let left = test::call_service(
            &app,
            test::TestRequest::post()
                .uri(&format!("/api/subscriptions/unsubscribe?token={token}"))
                .insert_header(("content-type", "application/x-www-form-urlencoded"))
                .insert_header(("origin", "https://mail.example.net"))
                .set_payload("List-Unsubscribe=One-Click")
                .to_request(),
        )
        .await;
        assert_eq!(left.status(), 200);
        assert_eq!(
            status_of(&ctx, "reader@example.org").await.as_deref(),
            Some("unsubscribed")
        );
        let changed_after = client(&app, None)
            .post(
                "/api/subscriptions/frequency",
                json!({"token": token, "frequency": "weekly"}),
            )
            .await;
        assert_eq!(changed_after.status, 400, "{}", changed_after.body);
    }
);

engine_test!(
    every_sign_up_answers_alike_whatever_is_stored,
    |ctx, app| {
        let post = |email: &'static str| {
            let app = &app;
            async move {
                client(app, None)
                    .post("/api/subscriptions", sign_up(email))
                    .await
            }
        };
        let mails = || async { ctx.outbox_bodies().await.len() };
        let first = post("anna@example.org").await;
        assert_eq!(
            (first.status, first.body["message"].clone()),
            (202, json!(CHECK_INBOX))
        );
        assert_eq!(mails().await, 1);
        // Pending: the same answer, and the confirmation again.
        let pending = post("anna@example.org").await;
        assert_eq!(
            (pending.status, pending.body.clone()),
            (202, first.body.clone())
        );
        assert_eq!(mails().await, 2);
        // Confirmed: the same answer, nothing mailed, nothing changed.
        set_status(&ctx, "anna@example.org", "confirmed").await;
        let confirmed = post("anna@example.org").await;
        assert_eq!(
            (confirmed.status, confirmed.body.clone()),
            (202, first.body.clone())
        );
        assert_eq!(mails().await, 2);
        assert_eq!(
            status_of(&ctx, "anna@example.org").await.as_deref(),
            Some("confirmed")
        );
        // The fourth sign-up for one address within the hour is refused, whatever network
        // it comes from.
        let limited = post("anna@example.org").await;
        assert_eq!(limited.status, 429, "{}", limited.body);
        // Bounced: the same answer, and a new confirmation to prove the address again.
        post("ben@example.org").await;
        set_status(&ctx, "ben@example.org", "suspended").await;
        let before = mails().await;
        let bounced = post("ben@example.org").await;
        assert_eq!(
            (bounced.status, bounced.body.clone()),
            (202, first.body.clone())
        );
        assert_eq!(mails().await, before + 1);
        assert_eq!(
            status_of(&ctx, "ben@example.org").await.as_deref(),
            Some("pending")
        );
    }
);

engine_test!(
    bad_input_is_named_and_a_filled_honeypot_changes_nothing,
    |ctx, app| {
        let post = |body: Value| {
            let app = &app;
            async move { client(app, None).post("/api/subscriptions", body).await }
        };
        let res = post(json!({"email": "not an address"})).await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["email"]);
        let res = post(json!({"email": "a@example.org", "frequency": "daily"})).await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["frequency"]);
        let res = post(json!({"email": "a@example.org", "categories": ["No Such Category"]})).await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["categories"]);
        let res = post(json!({"frequency": "weekly"})).await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["email"]);
        assert_eq!(status_of(&ctx, "a@example.org").await, None);

        let robot =
            post(json!({"email": "robot@example.org", "website": "https://spam.example"})).await;
        assert_eq!(robot.status, 202, "{}", robot.body);
        assert_eq!(robot.body["message"], CHECK_INBOX);
        assert_eq!(status_of(&ctx, "robot@example.org").await, None);
        assert!(ctx.outbox_bodies().await.is_empty());

        for (path, body) in [
            ("/api/subscriptions/confirm", json!({"token": "made-up"})),
            (
                "/api/subscriptions/frequency",
                json!({"token": "made-up", "frequency": "each"}),
            ),
        ] {
            let res = client(&app, None).post(path, body).await;
            assert_eq!(res.status, 404, "{path}: {}", res.body);
        }
        let res = send(
            &app,
            Method::POST,
            "/api/subscriptions/unsubscribe?token=made-up",
            None,
            None,
        )
        .await;
        assert_eq!(res.status, 404, "{}", res.body);
        let res = client(&app, None)
            .post(
                "/api/subscriptions/frequency",
                json!({"token": "made-up", "frequency": "hourly"}),
            )
            .await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["frequency"]);
    }
);

engine_test!(
    a_member_subscribing_their_verified_address_is_confirmed_at_once,
    |ctx, app| {
        let (member, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let mine = json!({"email": member.email, "frequency": "each"});
        // Not verified yet: a confirmation link like anyone else.
        let res = client(&app, Some(&cookie))
            .post("/api/subscriptions", mine.clone())
            .await;
        assert_eq!(res.status, 202, "{}", res.body);
        assert_eq!(
            status_of(&ctx, &member.email).await.as_deref(),
            Some("pending")
        );

        ctx.verify_email(&member.id).await;
        let res = client(&app, Some(&cookie))
            .post("/api/subscriptions", mine)
            .await;
        assert_eq!(res.status, 202, "{}", res.body);
        assert_eq!(res.body["message"], CHECK_INBOX);
        assert_eq!(
            status_of(&ctx, &member.email).await.as_deref(),
            Some("confirmed")
        );
        // The welcome mail carries the link to change or stop.
        let token = latest_token(&ctx, "unsubscribe").await;
        let left = send(
            &app,
            Method::POST,
            &format!("/api/subscriptions/unsubscribe?token={token}"),
            None,
            None,
        )
        .await;
        assert_eq!(left.status, 200, "{}", left.body);
        assert_eq!(left.body["status"], "unsubscribed");
    }
);

/// The name of one of the site's categories.
async fn a_category<S, B>(app: &S) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = client(app, None).get("/api/categories").await;
    assert_eq!(res.status, 200, "{}", res.body);
    res.body[0]["name"].as_str().unwrap().to_owned()
}

engine_test!(
    a_member_reads_and_changes_their_own_subscription,
    |ctx, app| {
        let (member, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let get = || client(&app, Some(&cookie)).get("/api/user/subscription");
        let put = |body: Value| client(&app, Some(&cookie)).put("/api/user/subscription", body);
        // An unverified address may be someone else's: nothing is told about it.
        let res = get().await;
        assert_eq!(res.status, 403, "{}", res.body);
        ctx.verify_email(&member.id).await;
        // None yet: a 404, as for anything else that does not exist.
        let res = get().await;
        assert_eq!(res.status, 404, "{}", res.body);
        let res = put(json!({"frequency": "monthly"})).await;
        assert_eq!(res.status, 404, "{}", res.body);

        // Subscribed from the form while signed in: confirmed at once.
        let res = client(&app, Some(&cookie))
            .post(
                "/api/subscriptions",
                json!({"email": member.email, "frequency": "each", "page": "/dashboard"}),
            )
            .await;
        assert_eq!(res.status, 202, "{}", res.body);
        let res = get().await;
        assert_eq!(res.status, 200, "{}", res.body);
        assert_eq!(res.body["status"], "confirmed");
        assert_eq!(res.body["frequency"], "each");
        assert_eq!(res.body["categories"], json!([]));
        assert_eq!(res.body["email"], member.email.to_lowercase());

        let category = a_category(&app).await;
        let res = put(json!({"frequency": "weekly", "categories": [category]})).await;
        assert_eq!(res.status, 200, "{}", res.body);
        assert_eq!(res.body["frequency"], "weekly");
        assert_eq!(res.body["categories"], json!([category]));
        let res = get().await;
        assert_eq!(
            (
                res.body["frequency"].clone(),
                res.body["categories"].clone()
            ),
            (json!("weekly"), json!([category]))
        );

        // Bad input is named, and changes nothing.
        let res = put(json!({"frequency": "hourly"})).await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["frequency"]);
        let res = put(json!({"frequency": "each", "categories": ["No Such Category"]})).await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(error_fields(&res.body), ["categories"]);
        let res = get().await;
        assert_eq!(res.body["frequency"], "weekly");

        // An ended subscription is signed up for again, not changed.
        set_status(&ctx, &member.email.to_lowercase(), "unsubscribed").await;
        let res = put(json!({"frequency": "monthly"})).await;
        assert_eq!(res.status, 409, "{}", res.body);
        let res = get().await;
        assert_eq!(res.body["status"], "unsubscribed");
    }
);

engine_test!(
    a_pending_sign_up_waits_for_its_link_and_visitors_are_refused,
    |ctx, app| {
        for method in [Method::GET, Method::PUT] {
            let body = (method == Method::PUT).then(|| json!({"frequency": "weekly"}));
            let res = send(&app, method.clone(), "/api/user/subscription", None, body).await;
            assert_eq!(res.status, 401, "{method}: {}", res.body);
        }
        let (member, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        // Signed up before the address was verified: a confirmation link, like anyone.
        let res = client(&app, Some(&cookie))
            .post("/api/subscriptions", json!({"email": member.email}))
            .await;
        assert_eq!(res.status, 202, "{}", res.body);
        ctx.verify_email(&member.id).await;
        let res = client(&app, Some(&cookie))
            .get("/api/user/subscription")
            .await;
        assert_eq!(res.status, 200, "{}", res.body);
        assert_eq!(res.body["status"], "pending");
        let res = client(&app, Some(&cookie))
            .put("/api/user/subscription", json!({"frequency": "monthly"}))
            .await;
        assert_eq!(res.status, 409, "{}", res.body);
        assert_eq!(
            status_of(&ctx, &member.email.to_lowercase())
                .await
                .as_deref(),
            Some("pending")
        );
    }
);

engine_test!(
    a_member_leaves_from_the_dashboard_and_may_sign_up_again,
    |ctx, app| {
        let res = client(&app, None).delete("/api/user/subscription").await;
        assert_eq!(res.status, 401, "{}", res.body);
        let (member, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let leave = || client(&app, Some(&cookie)).delete("/api/user/subscription");
        // An unverified address may be someone else's: it cannot be ended from here.
        let res = leave().await;
        assert_eq!(res.status, 403, "{}", res.body);
        ctx.verify_email(&member.id).await;
        let res = leave().await;
        assert_eq!(res.status, 404, "{}", res.body);

        let subscribe = || {
            client(&app, Some(&cookie)).post(
                "/api/subscriptions",
                json!({"email": member.email, "frequency": "weekly"}),
            )
        };
        assert_eq!(subscribe().await.status, 202);
        let email = member.email.to_lowercase();
        assert_eq!(status_of(&ctx, &email).await.as_deref(), Some("confirmed"));

        let res = leave().await;
        assert_eq!(res.status, 200, "{}", res.body);
        assert_eq!(res.body["status"], "unsubscribed");
        assert_eq!(
            status_of(&ctx, &email).await.as_deref(),
            Some("unsubscribed")
        );
        // Leaving twice is leaving once.
        let res = leave().await;
        assert_eq!(res.status, 200, "{}", res.body);
        assert_eq!(res.body["status"], "unsubscribed");

        // The form works again, and a verified member is confirmed at once.
        assert_eq!(subscribe().await.status, 202);
        assert_eq!(status_of(&ctx, &email).await.as_deref(), Some("confirmed"));
    }
);
