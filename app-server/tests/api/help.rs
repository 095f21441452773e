//! The help centre: sending a message, its validation, the mail to support, and the inbox.

use domain::user::{Role, UserRepository};
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::client;
use crate::helpers::{sign_in_as, sign_in_as_with};

fn message(category: Value) -> Value {
    json!({
        "contactEmail": "Mary@Example.org",
        "subject": "Cannot upload a thumbnail",
        "message": "The preview stays empty.",
        "category": category,
        "userId": null,
    })
}

engine_test!(
    a_help_message_is_stored_and_support_is_told_by_mail,
    |ctx, app| {
        let res = client(&app, None)
            .post("/api/help/contact", message(json!("technical")))
            .await;
        assert_eq!(res.status, 201, "{}", res.body);
        assert_eq!(
            res.body["message"],
            "Your message has been sent to the administrator."
        );
        let outbox = ctx.outbox().await;
        let mail = outbox
            .iter()
            .find(|(to, _)| to == "support@example.org")
            .expect("mail to the support address");
        assert!(mail.1.contains("Technical Support"), "{}", mail.1);
        assert!(mail.1.contains("Cannot upload a thumbnail"), "{}", mail.1);

        let boss = sign_in_as(&ctx, &app, Role::SuperAdmin).await.1;
        let inbox = client(&app, Some(&boss))
            .get("/api/admin/help-messages")
            .await;
        assert_eq!(inbox.status, 200, "{}", inbox.body);
        let m = &inbox.body[0];
        assert_eq!(m["subject"], "Cannot upload a thumbnail");
        assert_eq!(m["category"], "technical");
        assert_eq!(m["categoryLabel"], "Technical Support");
        assert_eq!(m["contactEmail"], "mary@example.org");
        assert_eq!(m["message"], "The preview stays empty.");
        assert_eq!(m["userId"], Value::Null);
    }
);

engine_test!(
    the_sender_comes_from_the_session_never_from_the_body,
    |ctx, app| {
        let someone = ctx.user("someone@example.org", Role::Member, true).await;
        let member = sign_in_as_with(&ctx, &app, Role::Member, |p| {
            p.email("ruth@example.org").pending()
        })
        .await
        .1;
        let mut body = message(Value::Null);
        body["userId"] = json!(someone.id.as_str());
        let res = client(&app, Some(&member))
            .post("/api/help/contact", body)
            .await;
        assert_eq!(res.status, 201, "{}", res.body);
        let mut forged = message(json!("bug"));
        forged["userId"] = json!(someone.id.as_str());
        let res = client(&app, None).post("/api/help/contact", forged).await;
        assert_eq!(res.status, 201, "{}", res.body);

        let boss = sign_in_as(&ctx, &app, Role::SuperAdmin).await.1;
        let inbox = client(&app, Some(&boss))
            .get("/api/admin/help-messages")
            .await;
        let list = inbox.body.as_array().unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[1]["category"], "bug", "the open queue is oldest first");
        assert_eq!(list[1]["userId"], Value::Null, "a visitor stays a visitor");
        assert_eq!(
            list[0]["category"], "general",
            "missing category is general"
        );
        let ruth = ctx
            .users()
            .find_by_email("ruth@example.org")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(list[0]["userId"], ruth.id.as_str());
    }
);

engine_test!(
    a_help_message_is_validated_with_every_refused_field,
    |ctx, app| {
        let blank = client(&app, None)
            .post(
                "/api/help/contact",
                json!({"contactEmail": " ", "subject": "", "message": " ", "category": "general"}),
            )
            .await;
        assert_eq!(blank.status, 400);
        assert_eq!(blank.body["message"], "Please fill in all required fields.");
        let fields: Vec<&str> = blank.body["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["contactEmail", "subject", "message"]);
        assert_eq!(blank.body["errors"][1]["message"], "Subject is required");

        let unknown = client(&app, None)
            .post("/api/help/contact", message(json!("prayer")))
            .await;
        assert_eq!(unknown.status, 400);
        assert_eq!(unknown.body["errors"][0]["field"], "category");

        let mut bad_email = message(json!("account"));
        bad_email["contactEmail"] = json!("mary");
        let res = client(&app, None)
            .post("/api/help/contact", bad_email)
            .await;
        assert_eq!(res.status, 400);
        assert_eq!(res.body["message"], "Please enter a valid email address");

        // The ignored userId is still a text or null, as the document says (schemathesis
        // sent `{}` and got a 201).
        for odd in [json!({}), json!(7), json!(["u1"])] {
            let mut body = message(json!("general"));
            body["userId"] = odd.clone();
            let res = client(&app, None).post("/api/help/contact", body).await;
            assert_eq!(res.status, 400, "userId {odd}: {}", res.body);
            assert!(res.body["message"].as_str().is_some(), "{}", res.body);
        }

        let mut long = message(json!("content"));
        long["message"] = json!("m".repeat(10_001));
        let res = client(&app, None).post("/api/help/contact", long).await;
        assert_eq!(res.status, 400);
        assert_eq!(
            res.body["errors"][0]["message"],
            "Message must be at most 10,000 characters"
        );
        assert!(
            ctx.outbox()
                .await
                .iter()
                .all(|(to, _)| to != "support@example.org"),
            "nothing was sent"
        );
    }
);

engine_test!(only_the_super_admin_reads_the_help_inbox, |ctx, app| {
    let anonymous = client(&app, None).get("/api/admin/help-messages").await;
    assert_eq!(anonymous.status, 401);
    for role in [
        Role::Member,
        Role::PrimaryContributor,
        Role::Admin,
        Role::SubAdmin,
    ] {
        let cookie = sign_in_as(&ctx, &app, role).await.1;
        let res = client(&app, Some(&cookie))
            .get("/api/admin/help-messages")
            .await;
        assert_eq!(res.status, 403, "{role:?}");
    }
});

#[actix_web::test]
async fn help_messages_are_rate_limited_per_address() {
    let ctx = crate::helpers::TestContext::with_config(adapters::testing::Engine::Sqlite, |c| {
        c.rate_limit_per_minute = 2;
    })
    .await
    .unwrap();
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    for _ in 0..2 {
        let res = client(&app, None)
            .post("/api/help/contact", message(json!("general")))
            .await;
        assert_eq!(res.status, 201);
    }
    let limited = client(&app, None)
        .post("/api/help/contact", message(json!("general")))
        .await;
    assert_eq!(limited.status, 429);
}
