//! The mail outbox for the super admin, and delivery over SMTP when `SMTP_URL` is set.

use std::time::Duration;

use adapters::testing::smtp::SmtpSink;
use adapters::testing::{Engine, TestDatabase};
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{client, sign_in_as, test_config};
use crate::stories::admin_cookie;

fn help_message(subject: &str) -> serde_json::Value {
    json!({
        "contactEmail": "mary@example.org",
        "subject": subject,
        "message": "The preview stays empty.",
        "category": "technical",
        "userId": null,
    })
}

engine_test!(the_super_admin_reads_the_outbox_newest_first, |ctx, app| {
    for subject in ["First question", "Second question"] {
        let res = client(&app, None)
            .post("/api/help/contact", help_message(subject))
            .await;
        assert_eq!(res.status, 201, "{}", res.body);
    }
    let boss = admin_cookie(&app).await;
    let res = client(&app, Some(&boss))
        .get("/api/admin/mail-outbox")
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.body["delivery"], "outbox");
    let messages = res.body["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[0]["to"], "support@example.org");
    assert!(
        messages[0]["subject"]
            .as_str()
            .unwrap()
            .contains("Second question")
    );
    assert!(
        messages[1]["subject"]
            .as_str()
            .unwrap()
            .contains("First question")
    );
    assert_eq!(messages[0]["status"], "pending");
    assert_eq!(messages[0]["attempts"], 0);
    assert!(messages[0]["sentAt"].is_null());
    assert!(
        messages[0]["body"]
            .as_str()
            .unwrap()
            .contains("The preview stays empty.")
    );

    let one = client(&app, Some(&boss))
        .get("/api/admin/mail-outbox?limit=1")
        .await;
    assert_eq!(one.status, 200);
    assert_eq!(one.body["messages"].as_array().unwrap().len(), 1);

    let bad = client(&app, Some(&boss))
        .get("/api/admin/mail-outbox?limit=many")
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(bad.body["message"].is_string(), "{}", bad.body);
});

engine_test!(only_the_super_admin_reads_the_outbox, |ctx, app| {
    let anonymous = client(&app, None).get("/api/admin/mail-outbox").await;
    assert_eq!(anonymous.status, 401);
    for role in [
        Role::Member,
        Role::RegularContributor,
        Role::PrimaryContributor,
        Role::Admin,
        Role::SubAdmin,
    ] {
        let cookie = sign_in_as(&ctx, &app, role).await.1;
        let res = client(&app, Some(&cookie))
            .get("/api/admin/mail-outbox")
            .await;
        assert_eq!(res.status, 403, "{role:?}: {}", res.body);
    }
});

/// With `SMTP_URL` the running server hands mail to the SMTP server as soon as it is
/// recorded, and the outbox says it was sent.
async fn mail_goes_out_over_smtp(engine: Engine) {
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        return;
    };
    let sink = SmtpSink::start().await;
    let mut config = test_config(&db.url);
    config.smtp_url = Some(sink.url());
    let state = app_server::prepare(config).await.unwrap();
    app_server::jobs::spawn(&state);
    let app =
        actix_web::test::init_service(app_server::app(state, crate::helpers::api_document())).await;

    let res = client(&app, None)
        .post("/api/help/contact", help_message("Where is my story?"))
        .await;
    assert_eq!(res.status, 201, "{}", res.body);

    let mut waited = Duration::ZERO;
    while sink.received().is_empty() && waited < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    let received = sink.received();
    assert_eq!(received.len(), 1, "the SMTP server got the message");
    assert_eq!(received[0].to, "support@example.org");
    assert!(received[0].data.contains("Where is my story?"));
    assert!(
        received[0].data.contains("Grace Stories"),
        "{}",
        received[0].data
    );

    let boss = admin_cookie(&app).await;
    let outbox = client(&app, Some(&boss))
        .get("/api/admin/mail-outbox")
        .await;
    assert_eq!(outbox.body["delivery"], "smtp");
    assert_eq!(
        outbox.body["messages"][0]["status"], "sent",
        "{}",
        outbox.body
    );
    assert!(outbox.body["messages"][0]["sentAt"].is_string());
}

#[actix_web::test]
async fn mail_goes_out_over_smtp_sqlite() {
    mail_goes_out_over_smtp(Engine::Sqlite).await;
}

#[actix_web::test]
async fn mail_goes_out_over_smtp_postgres() {
    mail_goes_out_over_smtp(Engine::Postgres).await;
}

#[actix_web::test]
async fn an_unreadable_smtp_url_stops_the_start() {
    let db = TestDatabase::new(Engine::Sqlite).await.unwrap().unwrap();
    let mut config = test_config(&db.url);
    config.smtp_url = Some("not a url".into());
    let Err(err) = app_server::prepare(config).await else {
        panic!("an unreadable SMTP_URL was accepted");
    };
    assert!(format!("{err:#}").contains("SMTP_URL"), "{err:#}");
}
