//! Subscribers' mail end to end on both engines: a visitor subscribes and confirms through
//! the API, a story is published, the digest job runs, and the digest goes through the real
//! SMTP transport to a small SMTP server; its headers, both parts and every link are
//! checked (the links are followed against the site), and its one-click link unsubscribes
//! without a session. Account mail carries no unsubscribe header. Two rounds at once mail
//! each subscriber once. Deleting an account deletes its subscription, which its export
//! showed before.

use actix_web::http::Method;
use actix_web::test;
use adapters::testing::smtp::SmtpSink;
use chrono::Duration;
use domain::clock::{Clock, SystemClock};
use domain::user::Role;
use serde_json::json;

use crate::helpers::{TestContext, client, send};

/// The newest link of `path` mailed to anyone, as its token.
pub(crate) async fn token_in_outbox(ctx: &TestContext, path: &str) -> String {
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

/// Signs `email` up for `frequency` and confirms it as its owner would.
pub(crate) async fn subscribe<S, B>(ctx: &TestContext, app: &S, email: &str, frequency: &str)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let asked = client(app, None)
        .post(
            "/api/subscriptions",
            json!({"email": email, "frequency": frequency, "page": "/", "website": ""}),
        )
        .await;
    assert_eq!(asked.status, 202, "{}", asked.body);
    let token = token_in_outbox(ctx, "confirm").await;
    let confirmed = client(app, None)
        .post("/api/subscriptions/confirm", json!({"token": token}))
        .await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
}

/// Every `href`/`src` address of an HTML part, and every address of a text part.
fn links(text: &str, html: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split_whitespace()
        .filter(|w| w.starts_with("http://") || w.starts_with("https://"))
        .map(str::to_owned)
        .collect();
    for attr in ["href=\"", "src=\""] {
        for part in html.split(attr).skip(1) {
            found.push(part.split('"').next().unwrap().replace("&amp;", "&"));
        }
    }
    found
}

/// Decodes a quoted-printable part (`=` soft line breaks, `=XX` bytes).
fn quoted_printable(s: &str) -> String {
    let joined = s.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&joined[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The decoded body of the part of `data` (lines ending in `\n`) with this content type.
fn part(data: &str, content_type: &str) -> String {
    let start = data
        .find(&format!("Content-Type: {content_type}"))
        .unwrap_or_else(|| panic!("a {content_type} part in {data}"));
    let rest = &data[start..];
    let body_start = rest.find("\n\n").unwrap() + 2;
    let headers = &rest[..body_start];
    let body = &rest[body_start..];
    let body = &body[..body.find("\n--").unwrap_or(body.len())];
    if headers.contains("quoted-printable") {
        quoted_printable(body)
    } else {
        assert!(
            !headers.contains("base64"),
            "a part this test cannot read: {headers}"
        );
        body.to_owned()
    }
}

async fn digest_end_to_end(engine: adapters::testing::Engine) {
    let sink = SmtpSink::start().await;
    let Some(ctx) = TestContext::with_config(engine, |c| c.smtp_url = Some(sink.url())).await
    else {
        return;
    };
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    subscribe(&ctx, &app, "reader@example.org", "weekly").await;
    let author = ctx.user("maria@example.org", Role::Member, true).await;
    let story = ctx
        .story(&author, "Mended & whole", "Healing", true, 0)
        .await;

    // The first weekly slot after now.
    let now = SystemClock.now();
    let then = now + Duration::days(8);
    let round = ctx.state.digests.send_due(then).await.unwrap();
    assert_eq!(round.mailed, 1, "{round:?}");
    let delivery = ctx.state.mail_delivery.clone().expect("SMTP is configured");
    delivery.deliver_due().await.unwrap();

    let received = sink.received();
    let confirmation = received
        .iter()
        .find(|m| m.data.contains("Confirm your subscription"))
        .expect("the confirmation mail went out");
    assert!(
        !confirmation.data.contains("List-Unsubscribe"),
        "account mail never offers unsubscribing: {}",
        confirmation.data
    );
    let digest = received
        .iter()
        .find(|m| m.data.contains("this week"))
        .unwrap_or_else(|| panic!("a digest among {received:?}"));
    assert_eq!(digest.to, "reader@example.org");
    // Headers as read, with folded lines joined (RFC 5322).
    let data = &digest
        .data
        .replace("\r\n", "\n")
        .replace("\n ", " ")
        .replace("\n\t", " ");
    assert!(
        data.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{data}"
    );
    let header = data
        .lines()
        .find(|l| l.starts_with("List-Unsubscribe: "))
        .unwrap_or_else(|| panic!("a List-Unsubscribe header in {data}"));
    assert!(header.contains("<http://localhost:8080/api/subscriptions/unsubscribe?token="));
    assert!(
        header.contains("<mailto:support@example.org?subject=unsubscribe>"),
        "{header}"
    );
    assert!(data.contains("multipart/alternative"));
    let text = part(data, "text/plain");
    let html = part(data, "text/html");
    assert!(text.contains("Mended & whole"), "{text}");
    assert!(html.contains("Mended &amp; whole"), "{html}");
    assert!(!html.contains("Mended & whole"), "escaped in HTML: {html}");

    // Every link is the site's own, and answers.
    let all = links(&text, &html);
    assert!(all.len() >= 4, "{all:?}");
    for link in &all {
        let path = link
            .strip_prefix("http://localhost:8080")
            .unwrap_or_else(|| panic!("{link} leaves the site (no tracking)"));
        let answer =
            test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(answer.status(), 200, "GET {path}");
    }
    assert!(
        all.iter()
            .any(|l| l.ends_with(&format!("/stories/{}", story.id.0)))
    );

    // The header's address unsubscribes on a POST, with no cookie, from anywhere.
    let one_click = header
        .split('<')
        .nth(1)
        .and_then(|s| s.split('>').next())
        .unwrap()
        .strip_prefix("http://localhost:8080")
        .unwrap()
        .to_owned();
    let left = test::call_service(
        &app,
        test::TestRequest::post()
            .uri(&one_click)
            .insert_header(("content-type", "application/x-www-form-urlencoded"))
            .insert_header(("origin", "https://mail.example.net"))
            .set_payload("List-Unsubscribe=One-Click")
            .to_request(),
    )
    .await;
    assert_eq!(left.status(), 200);
    let after = ctx
        .state
        .digests
        .send_due(then + Duration::days(7))
        .await
        .unwrap();
    assert_eq!(after.subscriptions, 0, "nobody left to mail");
}

#[actix_web::test]
async fn a_digest_goes_out_with_both_parts_working_links_and_one_click_leaving_sqlite() {
    digest_end_to_end(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn a_digest_goes_out_with_both_parts_working_links_and_one_click_leaving_postgres() {
    digest_end_to_end(adapters::testing::Engine::Postgres).await;
}

crate::engine_test!(two_rounds_at_once_mail_each_subscriber_once, |ctx, app| {
    for i in 0..12 {
        subscribe(&ctx, &app, &format!("reader{i}@example.org"), "weekly").await;
    }
    let author = ctx.user("maria@example.org", Role::Member, true).await;
    ctx.story(&author, "Mended", "Healing", true, 0).await;
    let then = SystemClock.now() + Duration::days(8);
    let (a, b) = tokio::join!(
        ctx.state.digests.send_due(then),
        ctx.state.digests.send_due(then)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.mailed + b.mailed, 12, "{a:?} {b:?}");
    let digests: Vec<String> = ctx
        .outbox()
        .await
        .into_iter()
        .filter(|(_, subject)| subject.contains("this week"))
        .map(|(to, _)| to)
        .collect();
    let mut unique = digests.clone();
    unique.sort();
    unique.dedup();
    assert_eq!((digests.len(), unique.len()), (12, 12), "{digests:?}");
});

crate::engine_test!(
    leaving_the_site_ends_the_subscription_and_the_export_shows_it_before,
    |ctx, app| {
        let (member, cookie) = crate::helpers::sign_in_as(&ctx, &app, Role::Member).await;
        ctx.verify_email(&member.id).await;
        let asked = client(&app, Some(&cookie))
            .post(
                "/api/subscriptions",
                json!({"email": member.email, "frequency": "weekly", "page": "/dashboard"}),
            )
            .await;
        assert_eq!(asked.status, 202, "{}", asked.body);

        let export = client(&app, Some(&cookie)).get("/api/user/export").await;
        assert_eq!(export.status, 200, "{}", export.body);
        let listed = &export.body["subscriptions"][0];
        assert_eq!(listed["email"], member.email.to_lowercase());
        assert_eq!(listed["status"], "confirmed");
        assert_eq!(listed["consentPage"], "/dashboard");
        assert!(
            listed["consentWording"]
                .as_str()
                .is_some_and(|w| w.starts_with("Get new stories by e-mail")),
            "{listed}"
        );

        let gone = send(
            &app,
            Method::DELETE,
            "/api/user",
            Some(&cookie),
            Some(json!({"password": crate::helpers::PASSWORD, "deleteStories": true})),
        )
        .await;
        assert_eq!(gone.status, 200, "{}", gone.body);
        let author = ctx.user("maria@example.org", Role::Member, true).await;
        ctx.story(&author, "Mended", "Healing", true, 0).await;
        let round = ctx
            .state
            .digests
            .send_due(SystemClock.now() + Duration::days(8))
            .await
            .unwrap();
        assert_eq!(round.subscriptions, 0, "nobody left to mail: {round:?}");
        assert!(
            ctx.outbox()
                .await
                .iter()
                .all(|(_, subject)| !subject.contains("this week")),
            "no digest"
        );
        let left = {
            use sea_orm::{ConnectionTrait, Statement};
            let db = &ctx.state.db;
            db.query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT COUNT(*) AS n FROM subscriptions",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get::<i64>("", "n")
            .unwrap()
        };
        assert_eq!(
            left, 0,
            "the subscription and its consent record are deleted"
        );
    }
);

/// The small SMTP server refuses every recipient starting with `bounce` with a 550.
async fn refused_address_suspended(engine: adapters::testing::Engine) {
    let sink = SmtpSink::start().await;
    let Some(ctx) = TestContext::with_config(engine, |c| c.smtp_url = Some(sink.url())).await
    else {
        return;
    };
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    subscribe(&ctx, &app, "bounce@example.org", "weekly").await;
    subscribe(&ctx, &app, "reader@example.org", "weekly").await;
    let author = ctx.user("maria@example.org", Role::Member, true).await;
    ctx.story(&author, "Mended", "Healing", true, 0).await;
    let then = SystemClock.now() + Duration::days(8);
    assert_eq!(ctx.state.digests.send_due(then).await.unwrap().mailed, 2);
    let delivery = ctx.state.mail_delivery.clone().expect("SMTP is configured");
    delivery.deliver_due().await.unwrap();

    let status = |email: &'static str| {
        let ctx = &ctx;
        async move {
            use sea_orm::{ConnectionTrait, Statement};
            let db = &ctx.state.db;
            db.query_one_raw(Statement::from_string(
                db.get_database_backend(),
                format!("SELECT status FROM subscriptions WHERE email = '{email}'"),
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get::<String>("", "status")
            .unwrap()
        }
    };
    assert_eq!(status("bounce@example.org").await, "suspended");
    assert_eq!(status("reader@example.org").await, "confirmed");
    // Nothing more goes to the suspended address.
    let next = ctx
        .state
        .digests
        .send_due(then + Duration::days(7))
        .await
        .unwrap();
    assert_eq!(next.subscriptions, 1, "{next:?}");
}

#[actix_web::test]
async fn an_address_refused_for_good_is_suspended_at_once_sqlite() {
    refused_address_suspended(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn an_address_refused_for_good_is_suspended_at_once_postgres() {
    refused_address_suspended(adapters::testing::Engine::Postgres).await;
}
