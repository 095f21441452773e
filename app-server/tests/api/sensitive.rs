//! Sensitive content: the author's answer reaches reviewers, and approval needs the
//! checklist, which the activity log keeps. On both engines.

use actix_web::http::Method;
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{client, send, sign_in_as};

engine_test!(
    a_sensitive_story_is_approved_only_with_the_checklist,
    |ctx, app| {
        let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let body = |title: &str, sensitive: serde_json::Value| {
            json!({"title": title, "content": "My brother, then twelve, was ill.",
            "category": "Worship", "isPublished": true, "consent": {"site": true},
            "sensitive": sensitive})
        };
        let bad = client(&app, Some(&author))
            .post("/api/stories", body("Bad", json!(["somethingElse"])))
            .await;
        assert_eq!(bad.status, 400);
        assert_eq!(bad.body["code"], "validation_failed", "{}", bad.body);
        let created = client(&app, Some(&author))
            .post(
                "/api/stories",
                body(
                    "Sensitive",
                    json!(["mentionsChild", "healthAddictionAbuse"]),
                ),
            )
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let id = created.body["id"].as_i64().unwrap();
        let plain = client(&app, Some(&author))
            .post("/api/stories", body("Plain", json!([])))
            .await;
        let plain_id = plain.body["id"].as_i64().unwrap();

        let queue = client(&app, Some(&reviewer))
            .get("/api/admin/stories/pending")
            .await;
        assert_eq!(queue.status, 200);
        let rows = queue.body.as_array().unwrap();
        let row = |id: i64| rows.iter().find(|r| r["id"] == id).unwrap().clone();
        assert_eq!(
            row(id)["sensitive"],
            json!(["mentionsChild", "healthAddictionAbuse"])
        );
        assert_eq!(row(plain_id)["sensitive"], json!([]));

        let approve = format!("/api/admin/stories/{id}/approve");
        assert_eq!(
            send(&app, Method::POST, &approve, None, None).await.status,
            401
        );
        assert_eq!(
            send(&app, Method::POST, &approve, Some(&author), None)
                .await
                .status,
            403
        );
        assert_eq!(
            send(
                &app,
                Method::POST,
                "/api/admin/stories/999999/approve",
                Some(&reviewer),
                None
            )
            .await
            .status,
            404
        );
        let missing = send(&app, Method::POST, &approve, Some(&reviewer), None).await;
        assert_eq!(missing.status, 400);
        assert_eq!(
            missing.body["errors"][0]["field"], "checklist",
            "{}",
            missing.body
        );
        let half = json!({"checklist": {"othersAgreedOrUnidentifiable": true, "noChildIdentifiable": false}});
        assert_eq!(
            client(&app, Some(&reviewer))
                .post(&approve, half)
                .await
                .status,
            400
        );
        let both = json!({"checklist": {"othersAgreedOrUnidentifiable": true, "noChildIdentifiable": true}});
        let ok = client(&app, Some(&reviewer)).post(&approve, both).await;
        assert_eq!(ok.status, 200, "{}", ok.body);
        // A story with nothing ticked needs no checklist.
        let plain_ok = send(
            &app,
            Method::POST,
            &format!("/api/admin/stories/{plain_id}/approve"),
            Some(&reviewer),
            None,
        )
        .await;
        assert_eq!(plain_ok.status, 200);

        let log = client(&app, Some(&boss))
            .get("/api/admin/audit-log?action=story_approved")
            .await;
        let entry = log
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["targetId"].as_str() == Some(id.to_string().as_str()))
            .unwrap()
            .clone();
        let reason = entry["reason"].as_str().unwrap();
        assert!(
            reason.contains("mentions a child") && reason.contains("Checklist confirmed"),
            "{reason}"
        );
    }
);
