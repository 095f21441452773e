//! Holes found in review of the moderation work: each has a test that failed
//! before its fix.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{client, get, send, sign_in_as, sign_in_as_with};
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
        let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let res = client(&app, Some(&c)).post("/api/stories", json!({"title": "Nul\u{0}title", "content": "Text", "category": "Worship", "isPublished": false}))
    .await;
        assert_eq!(res.status, 400, "{}", res.body);
        // Line breaks and tabs are ordinary text.
        let ok = client(&app, Some(&c)).post("/api/stories", json!({"title": "Fine", "content": "One\n\n\tTwo\r\n", "category": "Worship", "isPublished": false}))
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
    let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let title = "A".repeat(255);
    let created = client(&app, Some(&c)).post("/api/stories", 
            json!({"title": title, "content": "Text", "category": "Worship", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}}),
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

engine_test!(
    the_help_inbox_pages_1000_messages_and_handles_and_deletes,
    |ctx, app| {
        use domain::help::{HelpCategory, HelpMessageRepository, NewHelpMessage};
        use domain::validation::{Email, HelpMessageBody, HelpSubject};
        let repo = adapters::SeaOrmHelpMessageRepository::new(ctx.state.db.clone());
        for i in 0..1000 {
            repo.create(NewHelpMessage {
                subject: HelpSubject::parse(&format!("Question {i}")).unwrap(),
                category: HelpCategory::General,
                message: HelpMessageBody::parse("Hello").unwrap(),
                contact_email: Email::parse("ann@example.org").unwrap(),
                user_id: None,
            })
            .await
            .unwrap();
        }
        let boss = admin_cookie(&app).await;
        let page = |path: String| {
            let boss = boss.clone();
            let app = &app;
            async move { client(app, Some(&boss)).get(&path).await }
        };
        let first = page("/api/admin/help-messages".into()).await;
        assert_eq!(first.status, 200);
        assert_eq!(first.headers.get("x-total-count").unwrap(), "1000");
        assert_eq!(first.body.as_array().unwrap().len(), 20, "default page");
        assert_eq!(first.body[0]["subject"], "Question 0", "oldest first");
        let last = page("/api/admin/help-messages?limit=100&offset=950".into()).await;
        assert_eq!(last.body.as_array().unwrap().len(), 50);
        assert_eq!(last.body[49]["subject"], "Question 999");
        let id = first.body[0]["id"].as_i64().unwrap();
        let handled = send(
            &app,
            Method::POST,
            &format!("/api/admin/help-messages/{id}/handled"),
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(handled.status, 200);
        assert!(handled.body["handledAt"].is_string());
        let open = page("/api/admin/help-messages?status=open&limit=1".into()).await;
        assert_eq!(open.headers.get("x-total-count").unwrap(), "999");
        assert_eq!(open.body[0]["subject"], "Question 1");
        let done = page("/api/admin/help-messages?status=handled".into()).await;
        assert_eq!(done.headers.get("x-total-count").unwrap(), "1");
        let deleted = client(&app, Some(&boss))
            .delete(&format!("/api/admin/help-messages/{id}"))
            .await;
        assert_eq!(deleted.status, 200);
        for (method, path) in [
            (Method::DELETE, format!("/api/admin/help-messages/{id}")),
            (
                Method::POST,
                format!("/api/admin/help-messages/{id}/handled"),
            ),
        ] {
            assert_eq!(
                send(&app, method, &path, Some(&boss), None).await.status,
                404
            );
        }
        for bad in ["limit=0", "limit=101", "offset=1000001", "status=maybe"] {
            let r = page(format!("/api/admin/help-messages?{bad}")).await;
            assert_eq!(r.status, 400, "{bad}");
        }
    }
);

engine_test!(the_pending_people_list_pages_1000_accounts, |ctx, app| {
    for i in 0..1000 {
        ctx.user(&format!("p{i:04}@example.org"), Role::Member, false)
            .await;
    }
    let boss = admin_cookie(&app).await;
    let first = client(&app, Some(&boss))
        .get("/api/admin/users/pending")
        .await;
    assert_eq!(first.status, 200);
    assert_eq!(first.headers.get("x-total-count").unwrap(), "1000");
    assert_eq!(first.body.as_array().unwrap().len(), 100);
    assert_eq!(first.body[0]["email"], "p0000@example.org", "oldest first");
    let last = client(&app, Some(&boss))
        .get("/api/admin/users/pending?limit=10&offset=995")
        .await;
    assert_eq!(last.body.as_array().unwrap().len(), 5);
    assert_eq!(last.body[4]["email"], "p0999@example.org");
    let bad = client(&app, Some(&boss))
        .get("/api/admin/users/pending?limit=101")
        .await;
    assert_eq!(bad.status, 400);
});

engine_test!(
    the_comment_queue_pages_1000_comments_and_moderates_several_at_once,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let one = ctx.story(&author, "First story", "Worship", true, 2).await;
        let two = ctx.story(&author, "Second story", "Worship", true, 1).await;
        for i in 0..1000 {
            ctx.comment(if i % 2 == 0 { &one } else { &two }, &format!("Reader {i}"))
                .await;
        }
        let (_, primary) = sign_in_as(&ctx, &app, Role::PrimaryContributor).await;
        let page = client(&app, Some(&primary))
            .get("/api/admin/comments/pending?limit=100&offset=900")
            .await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert_eq!(page.headers.get("x-total-count").unwrap(), "1000");
        assert_eq!(page.body.as_array().unwrap().len(), 100);
        assert_eq!(
            page.body[99]["comment"]["authorName"], "Reader 999",
            "oldest first"
        );
        let first = client(&app, Some(&primary))
            .get("/api/admin/comments/pending?limit=3")
            .await;
        assert_eq!(first.body[0]["storyTitle"], "First story");
        assert_eq!(first.body[1]["storyTitle"], "Second story");
        let ids: Vec<i64> = first
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|q| q["comment"]["id"].as_i64().unwrap())
            .collect();
        let approved = client(&app, Some(&primary))
            .post(
                "/api/admin/comments/bulk",
                json!({"action": "approve", "ids": ids}),
            )
            .await;
        assert_eq!(approved.status, 200, "{}", approved.body);
        assert_eq!(approved.body["changed"], 3);
        assert_eq!(approved.body["message"], "3 comments approved");
        let after = client(&app, Some(&primary))
            .get("/api/admin/comments/pending?limit=1")
            .await;
        assert_eq!(after.headers.get("x-total-count").unwrap(), "997");
        let (_, headers, _) = get(&app, &format!("/api/stories/{}/comments", one.id)).await;
        assert_eq!(
            headers.get("x-total-count").unwrap(),
            "2",
            "approved ones are public"
        );

        let next: Vec<i64> = after
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|q| q["comment"]["id"].as_i64().unwrap())
            .collect();
        let refused = client(&app, Some(&primary))
            .post(
                "/api/admin/comments/bulk",
                json!({"action": "delete", "ids": next}),
            )
            .await;
        assert_eq!(
            refused.status, 403,
            "primary contributors approve but do not delete"
        );
        let boss = admin_cookie(&app).await;
        let deleted = client(&app, Some(&boss))
            .post(
                "/api/admin/comments/bulk",
                json!({"action": "delete", "ids": next}),
            )
            .await;
        assert_eq!(deleted.body["changed"], 1);
        for bad in [
            json!({"action": "approve", "ids": []}),
            json!({"action": "approve", "ids": (0..101).collect::<Vec<i64>>()}),
            json!({"action": "shout", "ids": [1]}),
        ] {
            let r = client(&app, Some(&boss))
                .post("/api/admin/comments/bulk", bad.clone())
                .await;
            assert_eq!(r.status, 400, "{bad}");
        }
        let (_, member) = sign_in_as(&ctx, &app, Role::Member).await;
        assert_eq!(
            client(&app, Some(&member))
                .get("/api/admin/comments/pending")
                .await
                .status,
            403
        );
        assert_eq!(
            client(&app, None)
                .get("/api/admin/comments/pending")
                .await
                .status,
            401
        );
    }
);

engine_test!(
    a_reviewer_takes_a_live_story_down_and_it_is_gone_for_visitors_at_once,
    |ctx, app| {
        let (author, mine) = sign_in_as_with(&ctx, &app, Role::RegularContributor, |p| {
            p.email("author@example.org")
        })
        .await;
        let story = ctx
            .story(&author, "Grace in the valley", "Worship", true, 1)
            .await;
        ctx.comment(&story, "Reader").await;
        let boss = admin_cookie(&app).await;
        let path = format!("/api/admin/stories/{}/unpublish", story.id);
        let blank = client(&app, Some(&boss))
            .post(&path, json!({"reason": " "}))
            .await;
        assert_eq!(blank.status, 400);
        assert_eq!(
            client(&app, Some(&mine))
                .post(&path, json!({"reason": "x"}))
                .await
                .status,
            403
        );
        assert_eq!(
            client(&app, None)
                .post(&path, json!({"reason": "x"}))
                .await
                .status,
            401
        );
        let done = client(&app, Some(&boss))
            .post(&path, json!({"reason": "Names a child without consent"}))
            .await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(done.body["status"], "rejected");
        assert_eq!(done.body["isPublished"], false);
        for visitor_path in [
            format!("/api/stories/{}", story.id),
            format!("/api/stories/{}/comments", story.id),
        ] {
            let (status, _, _) = get(&app, &visitor_path).await;
            assert_eq!(status, 404, "{visitor_path}");
        }
        for list in [
            "/api/stories",
            "/api/stories?q=valley",
            "/api/stories?category=Worship",
        ] {
            let (_, headers, body) = get(&app, list).await;
            assert_eq!(headers.get("x-total-count").unwrap(), "0", "{list}: {body}");
        }
        let own = client(&app, Some(&mine))
            .get(&format!("/api/stories/author/{}", author.id))
            .await;
        assert_eq!(
            own.body[0]["rejectionReason"],
            "Names a child without consent"
        );
        assert!(
            ctx.outbox_bodies()
                .await
                .last()
                .unwrap()
                .contains("Names a child without consent")
        );
        let again = client(&app, Some(&boss))
            .post(&path, json!({"reason": "again"}))
            .await;
        assert_eq!(again.status, 409, "not live any more");
        let missing = client(&app, Some(&boss))
            .post(
                "/api/admin/stories/999999/unpublish",
                json!({"reason": "x"}),
            )
            .await;
        assert_eq!(missing.status, 404);
    }
);

engine_test!(
    an_author_saving_a_live_story_as_draft_takes_it_off_the_site,
    |ctx, app| {
        let (author, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let story = ctx.story(&author, "Live", "Worship", true, 1).await;
        let res = client(&app, Some(&c)).put(&format!("/api/stories/{}", story.id), json!({"title": "Live, reworked", "content": "New words", "category": "Worship", "isPublished": false}))
    .await;
        assert_eq!(res.status, 200, "{}", res.body);
        let (status, _, _) = get(&app, &format!("/api/stories/{}", story.id)).await;
        assert_eq!(status, 404, "off the site");
        let own = client(&app, Some(&c))
            .get(&format!("/api/stories/{}", story.id))
            .await;
        assert_eq!(own.body["status"], "draft");
        assert_eq!(own.body["title"], "Live, reworked");
    }
);

engine_test!(
    the_revision_history_shows_every_approved_version_with_who_wrote_and_approved_it,
    |ctx, app| {
        let (author, mine) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let created = client(&app, Some(&mine)).post("/api/stories", json!({"title": "First words", "content": "One", "category": "Worship", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}})).await;
        let id = created.body["id"].as_i64().unwrap();
        let boss = admin_cookie(&app).await;
        assert_eq!(
            send(
                &app,
                Method::POST,
                &format!("/api/admin/stories/{id}/approve"),
                Some(&boss),
                None
            )
            .await
            .status,
            200
        );
        let edited = client(&app, Some(&mine)).put(&format!("/api/stories/{id}"), json!({"title": "Second words", "content": "Two", "category": "Worship", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}})).await;
        assert_eq!(edited.status, 200, "{}", edited.body);
        assert_eq!(
            send(
                &app,
                Method::POST,
                &format!("/api/admin/stories/{id}/approve"),
                Some(&boss),
                None
            )
            .await
            .status,
            200
        );
        let history = client(&app, Some(&mine))
            .get(&format!("/api/stories/{id}/revisions"))
            .await;
        assert_eq!(history.status, 200, "{}", history.body);
        let versions = history.body.as_array().unwrap();
        assert_eq!(versions.len(), 2);
        assert_eq!(versions[0]["title"], "Second words", "newest first");
        assert_eq!(versions[1]["title"], "First words");
        assert_eq!(versions[0]["writtenBy"], "Lydia Thyatira");
        assert_eq!(versions[0]["approvedBy"], "Super Administrator");
        assert!(versions[0]["approvedAt"].is_string());
        assert_eq!(
            client(&app, Some(&boss))
                .get(&format!("/api/stories/{id}/revisions"))
                .await
                .status,
            200
        );
        assert_eq!(
            client(&app, None)
                .get(&format!("/api/stories/{id}/revisions"))
                .await
                .status,
            401
        );
        let (_, other) = sign_in_as(&ctx, &app, Role::Member).await;
        assert_eq!(
            client(&app, Some(&other))
                .get(&format!("/api/stories/{id}/revisions"))
                .await
                .status,
            403
        );
        let draft = ctx.story(&author, "Draft", "Worship", false, 0).await;
        assert_eq!(
            client(&app, Some(&other))
                .get(&format!("/api/stories/{}/revisions", draft.id))
                .await
                .status,
            404
        );
        assert_eq!(
            client(&app, Some(&boss))
                .get("/api/stories/999999/revisions")
                .await
                .status,
            404
        );
    }
);

engine_test!(
    the_outbox_pages_filters_and_retries_a_failed_message,
    |ctx, app| {
        use sea_orm::{ConnectionTrait, Statement};
        let db = &ctx.state.db;
        let backend = db.get_database_backend();
        for (subject, attempts, sent) in [
            ("Sent", 1, true),
            ("Waiting", 1, false),
            ("Gave up", 5, false),
        ] {
            let sql = format!(
                "INSERT INTO mail_outbox (recipient, subject, body, created_at, sent_at, attempts, last_error) VALUES ('a@example.org', '{subject}', 'Hello', CURRENT_TIMESTAMP, {}, {attempts}, 'refused')",
                if sent { "CURRENT_TIMESTAMP" } else { "NULL" }
            );
            db.execute_raw(Statement::from_string(backend, sql))
                .await
                .unwrap();
        }
        let boss = admin_cookie(&app).await;
        let failed = client(&app, Some(&boss))
            .get("/api/admin/mail-outbox?status=failed")
            .await;
        assert_eq!(failed.status, 200, "{}", failed.body);
        assert_eq!(failed.headers.get("x-total-count").unwrap(), "1");
        assert_eq!(failed.body["messages"][0]["subject"], "Gave up");
        let id = failed.body["messages"][0]["id"].as_i64().unwrap();
        let all = client(&app, Some(&boss))
            .get("/api/admin/mail-outbox?limit=2&offset=0")
            .await;
        assert_eq!(all.headers.get("x-total-count").unwrap(), "3");
        assert_eq!(all.body["messages"].as_array().unwrap().len(), 2);
        let retried = send(
            &app,
            Method::POST,
            &format!("/api/admin/mail-outbox/{id}/retry"),
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(retried.status, 200, "{}", retried.body);
        assert_eq!(retried.body["status"], "pending");
        assert_eq!(retried.body["attempts"], 0);
        let again = send(
            &app,
            Method::POST,
            &format!("/api/admin/mail-outbox/{id}/retry"),
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(again.status, 409);
        let missing = send(
            &app,
            Method::POST,
            "/api/admin/mail-outbox/999999/retry",
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(missing.status, 404);
        let pending = client(&app, Some(&boss))
            .get("/api/admin/mail-outbox?status=pending")
            .await;
        assert_eq!(pending.headers.get("x-total-count").unwrap(), "2");
        let bad = client(&app, Some(&boss))
            .get("/api/admin/mail-outbox?limit=201")
            .await;
        assert_eq!(bad.status, 400);
    }
);
