//! Schedules: a contributor's tasks with their statuses, who may change which, validation,
//! and the reminder e-mails.

use actix_web::http::Method;
use chrono::{Duration, SecondsFormat};
use domain::clock::{Clock, SystemClock};
use domain::user::Role;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{client, send, sign_in_as, sign_in_as_with};

/// An RFC 3339 timestamp `from_now` from now.
fn due(from_now: Duration) -> String {
    (SystemClock.now() + from_now).to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn titles(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect()
}

use crate::helpers::error_fields as fields;

engine_test!(
    a_contributor_adds_lists_completes_and_deletes_tasks,
    |ctx, app| {
        let (ruth, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let c = Some(c.as_str());
        let empty = client(&app, c).get("/api/schedules").await;
        assert_eq!((empty.status, empty.body.clone()), (200, json!([])));

        let created = client(&app, c)
            .post(
                "/api/schedules",
                json!({
                    "title": "  Write the Easter testimony ",
                    "description": "First draft for the Sunday service",
                    "dueDate": due(Duration::days(5)),
                }),
            )
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let task = &created.body;
        assert_eq!(task["title"], "Write the Easter testimony");
        assert_eq!(task["description"], "First draft for the Sunday service");
        assert_eq!(task["contributorId"], ruth.id.to_string());
        assert_eq!(task["isCompleted"], false);
        assert_eq!(task["reminderSent"], false);
        assert_eq!(task["status"], "upcoming");
        assert!(task["createdAt"].is_string() && task["dueDate"].is_string());
        let id = task["id"].as_i64().unwrap();

        ctx.schedule(&ruth, "Overdue", -Duration::hours(2)).await;
        ctx.schedule(&ruth, "Due soon", Duration::hours(20)).await;
        let list = client(&app, c).get("/api/schedules").await;
        assert_eq!(list.status, 200);
        assert_eq!(
            titles(&list.body),
            ["Overdue", "Due soon", "Write the Easter testimony"]
        );
        let statuses: Vec<&str> = list
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["status"].as_str().unwrap())
            .collect();
        assert_eq!(statuses, ["overdue", "due_soon", "upcoming"]);

        let path = format!("/api/schedules/{id}");
        let done = send(
            &app,
            Method::PATCH,
            &path,
            c,
            Some(json!({"isCompleted": true})),
        )
        .await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(done.body["isCompleted"], true);
        assert_eq!(done.body["status"], "completed");
        let reopened = send(
            &app,
            Method::PATCH,
            &path,
            c,
            Some(json!({"isCompleted": false})),
        )
        .await;
        assert_eq!(reopened.body["status"], "upcoming");

        let deleted = client(&app, c).delete(&path).await;
        assert_eq!(deleted.status, 200);
        assert_eq!(deleted.body["message"], "Task deleted successfully");
        let list = client(&app, c).get("/api/schedules").await;
        assert_eq!(titles(&list.body), ["Overdue", "Due soon"]);
    }
);

engine_test!(
    a_visitor_must_sign_in_and_a_pending_member_waits,
    |ctx, app| {
        let owner = ctx
            .user("owner@example.org", Role::RegularContributor, true)
            .await;
        let task = ctx.schedule(&owner, "Pray", Duration::days(1)).await;
        let path = format!("/api/schedules/{}", task.id.0);
        let body = json!({"title": "Pray", "dueDate": due(Duration::days(1))});
        let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
        for (cookie, status, message) in [
            (None, 401, "Authentication required"),
            (
                Some(pending.as_str()),
                403,
                "Your account is pending approval",
            ),
        ] {
            for (method, path, body) in [
                (Method::GET, "/api/schedules", None),
                (Method::POST, "/api/schedules", Some(body.clone())),
                (
                    Method::PATCH,
                    path.as_str(),
                    Some(json!({"isCompleted": true})),
                ),
                (Method::DELETE, path.as_str(), None),
            ] {
                let res = send(&app, method.clone(), path, cookie, body).await;
                assert_eq!(res.status, status, "{method} {path}: {}", res.body);
                assert_eq!(res.body["message"], message);
            }
        }
    }
);

engine_test!(
    someone_elses_task_is_forbidden_and_a_missing_one_not_found,
    |ctx, app| {
        let owner = ctx
            .user("owner@example.org", Role::RegularContributor, true)
            .await;
        let task = ctx.schedule(&owner, "Pray", Duration::days(1)).await;
        let path = format!("/api/schedules/{}", task.id.0);
        let (_, c) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let c = Some(c.as_str());
        for (method, body) in [
            (Method::PATCH, Some(json!({"isCompleted": true}))),
            (Method::DELETE, None),
        ] {
            let res = send(&app, method.clone(), &path, c, body.clone()).await;
            assert_eq!(res.status, 403, "{method}: {}", res.body);
            assert_eq!(res.body["message"], "You do not have permission to do this");
            let missing = send(&app, method.clone(), "/api/schedules/999999", c, body).await;
            assert_eq!(missing.status, 404, "{method}");
            assert_eq!(missing.body["message"], "Schedule item not found");
        }
        let theirs = format!("/api/schedules?contributorId={}", owner.id);
        assert_eq!(client(&app, c).get(&theirs).await.status, 403);
        let (_, mine) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let list = client(&app, Some(&mine)).get("/api/schedules").await;
        assert_eq!(list.body, json!([]), "another contributor's list is empty");
        let visitor = client(&app, None).get(&theirs).await;
        assert_eq!(visitor.status, 401);
    }
);

engine_test!(refused_fields_are_listed_with_their_messages, |ctx, app| {
    let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let c = Some(c.as_str());
    let res = client(&app, c)
        .post(
            "/api/schedules",
            json!({"title": " ", "description": "d".repeat(2_001)}),
        )
        .await;
    assert_eq!(res.status, 400);
    assert_eq!(fields(&res.body), ["title", "description", "dueDate"]);
    assert_eq!(res.body["message"], "Title is required");
    assert_eq!(res.body["errors"][2]["message"], "Due date is required");

    let res = client(&app, c)
        .post(
            "/api/schedules",
            json!({"title": "t".repeat(256), "dueDate": "next Sunday"}),
        )
        .await;
    assert_eq!(res.status, 400);
    assert_eq!(fields(&res.body), ["title", "dueDate"]);
    assert_eq!(res.body["message"], "Title must be at most 255 characters");
    assert_eq!(
        res.body["errors"][1]["message"],
        "Due date must be a date and time such as 2024-03-05T17:00:00Z"
    );

    let task = client(&app, c)
        .post(
            "/api/schedules",
            json!({"title": "Pray", "dueDate": due(Duration::days(1))}),
        )
        .await;
    let path = format!("/api/schedules/{}", task.body["id"]);
    let no_flag = send(&app, Method::PATCH, &path, c, Some(json!({}))).await;
    // A missing field is a validation error naming it, like every other.
    let (status, code, field, _) = no_flag.field_error();
    assert_eq!(
        (status, code, field),
        (400, "validation_failed", "isCompleted"),
        "{}",
        no_flag.body
    );
    let not_a_number = client(&app, c).delete("/api/schedules/abc").await;
    assert_eq!(not_a_number.status, 400);
    let list = client(&app, c).get("/api/schedules").await;
    assert_eq!(titles(&list.body), ["Pray"], "nothing refused was stored");
});

engine_test!(
    a_super_admin_schedules_for_approved_users_only,
    |ctx, app| {
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let boss = Some(boss.as_str());
        let ruth = ctx
            .user("ruth@example.org", Role::RegularContributor, true)
            .await;
        let pending = ctx.user("new@example.org", Role::Member, false).await;
        let task = |who: String| json!({"title": "Record the worship video", "dueDate": due(Duration::days(3)), "contributorId": who});
        let created = client(&app, boss)
            .post("/api/schedules", task(ruth.id.to_string()))
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        assert_eq!(created.body["contributorId"], ruth.id.to_string());
        let theirs = client(&app, boss)
            .get(&format!("/api/schedules?contributorId={}", ruth.id))
            .await;
        assert_eq!(titles(&theirs.body), ["Record the worship video"]);
        let own = client(&app, boss).get("/api/schedules").await;
        assert_eq!(own.body, json!([]));

        for (who, message) in [
            (pending.id.to_string(), "This user is not approved yet"),
            ("no-such-user".to_owned(), "No user with this id"),
        ] {
            let res = client(&app, boss).post("/api/schedules", task(who)).await;
            assert_eq!(res.status, 400, "{}", res.body);
            assert_eq!(fields(&res.body), ["contributorId"]);
            assert_eq!(res.body["message"], message);
        }

        let (_, mary) = sign_in_as(&ctx, &app, Role::PrimaryContributor).await;
        let refused = client(&app, Some(&mary))
            .post("/api/schedules", task(ruth.id.to_string()))
            .await;
        assert_eq!(refused.status, 403);
    }
);

engine_test!(
    a_task_due_within_48_hours_gets_one_reminder_in_the_outbox,
    |ctx, app| {
        let (ruth, c) = sign_in_as_with(&ctx, &app, Role::RegularContributor, |p| {
            p.email("ruth@example.org")
        })
        .await;
        ctx.schedule(&ruth, "Write the Easter testimony", Duration::hours(30))
            .await;
        ctx.schedule(&ruth, "Next month", Duration::days(30)).await;
        let sent = ctx
            .state
            .schedules
            .send_due_reminders(SystemClock.now())
            .await;
        assert_eq!(sent.unwrap(), 1);
        let again = ctx
            .state
            .schedules
            .send_due_reminders(SystemClock.now())
            .await;
        assert_eq!(again.unwrap(), 0);
        let outbox = ctx.outbox().await;
        assert_eq!(outbox.len(), 1);
        assert_eq!(outbox[0].0, "ruth@example.org");
        assert!(
            outbox[0]
                .1
                .starts_with("Reminder: \"Write the Easter testimony\" is due"),
            "{}",
            outbox[0].1
        );
        assert!(
            ctx.outbox_bodies().await[0].contains("http://localhost:8080/contributor-dashboard")
        );
        let list = client(&app, Some(&c)).get("/api/schedules").await;
        let reminded: Vec<bool> = list
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["reminderSent"].as_bool().unwrap())
            .collect();
        assert_eq!(reminded, [true, false]);
    }
);
