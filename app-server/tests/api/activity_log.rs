//! The activity log: one entry per moderation or people action, written in the
//! action's own transaction; a failing last step leaves nothing of the earlier ones.

use actix_web::http::Method;
use domain::story::Story;
use domain::user::{Role, User};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{Answer, App, TestContext, client, send, sign_in_as};
use crate::stories::admin_cookie;

/// Makes every insert into the activity log fail, as a full disk or a lost connection
/// would at the last step of an action.
async fn break_the_log(db: &adapters::DatabaseConnection) {
    let sql = if adapters::is_postgres(db) {
        "CREATE FUNCTION audit_fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$ LANGUAGE plpgsql;
         CREATE TRIGGER audit_fault BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_fault();"
    } else {
        "CREATE TRIGGER audit_fault BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'injected fault'); END;"
    };
    db.execute_unprepared(sql).await.unwrap();
}

async fn mend_the_log(db: &adapters::DatabaseConnection) {
    let sql = if adapters::is_postgres(db) {
        "DROP TRIGGER audit_fault ON audit_log"
    } else {
        "DROP TRIGGER audit_fault"
    };
    db.execute_unprepared(sql).await.unwrap();
}

engine_test!(
    a_failed_last_step_leaves_nothing_of_a_multi_step_write,
    |ctx, app| {
        let (author, _) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let pending = ctx.pending_story(&author, "Waiting").await;
        let newcomer = ctx.user("new@example.org", Role::Member, false).await;
        let boss = admin_cookie(&app).await;
        let mails_before = ctx.outbox().await.len();
        break_the_log(&ctx.state.db).await;

        // Approve = revision + story + mail + log entry.
        let approve = format!("/api/admin/stories/{}/approve", pending.id);
        let failed = send(&app, Method::POST, &approve, Some(&boss), None).await;
        assert_eq!(failed.status, 500, "{}", failed.body);
        let story = client(&app, Some(&boss))
            .get(&format!("/api/stories/{}", pending.id))
            .await;
        assert_eq!(story.body["status"], "pending_approval");
        assert_eq!(story.body["isPublished"], false);
        let history = client(&app, Some(&boss))
            .get(&format!("/api/stories/{}/revisions", pending.id))
            .await;
        assert_eq!(history.body, json!([]), "no version was kept");

        // Approving a person = role + mail + log entry.
        let role = client(&app, Some(&boss))
            .post(
                &format!("/api/admin/users/{}/role", newcomer.id),
                json!({"role": "member", "isApproved": true}),
            )
            .await;
        assert_eq!(role.status, 500, "{}", role.body);
        let still = ctx.users_find(&newcomer.id).await;
        assert!(!still.is_approved, "the approval was rolled back");
        assert_eq!(ctx.outbox().await.len(), mails_before, "no mail recorded");

        // Once the log takes entries again, the same actions go through whole.
        mend_the_log(&ctx.state.db).await;
        let ok = send(&app, Method::POST, &approve, Some(&boss), None).await;
        assert_eq!(ok.status, 200, "{}", ok.body);
        assert_eq!(ok.body["status"], "approved");
        assert_eq!(ctx.outbox().await.len(), mails_before + 1);
        let log = client(&app, Some(&boss)).get("/api/admin/audit-log").await;
        assert_eq!(log.headers.get("x-total-count").unwrap(), "1");
        assert_eq!(log.body[0]["action"], "story_approved");
    }
);

/// `boss` does `method path` with `body`, which must succeed.
async fn done_by(
    app: &impl App,
    boss: &str,
    method: Method,
    path: String,
    body: Option<Value>,
) -> Answer {
    let r = app.request(method, &path, Some(boss), body).await;
    assert!(r.status < 300, "{path}: {} {}", r.status, r.body);
    r
}

/// What [`every_action_once`] leaves for the cases to read.
struct Moderated {
    author: User,
    boss: String,
    rejected: Story,
    person: User,
}

/// The super admin approves and rejects a story and an edit, takes one down, deletes one,
/// approves two comments (and an id that does not exist) and deletes one, approves a
/// person, changes their role and deletes them, and handles and deletes a help message:
/// fourteen entries.
async fn every_action_once(ctx: &TestContext, app: &impl App) -> Moderated {
    let (author, writer) = sign_in_as(ctx, app, Role::RegularContributor).await;
    let boss = admin_cookie(app).await;
    let post = |method: Method, path: String, body: Option<Value>| {
        let boss = boss.clone();
        async move { done_by(app, &boss, method, path, body).await }
    };
    let a = ctx.pending_story(&author, "First").await;
    let b = ctx.pending_story(&author, "Second").await;
    let live = ctx.story(&author, "Live one", "Worship", true, 1).await;
    let doomed = ctx.story(&author, "Doomed", "Worship", true, 1).await;
    post(
        Method::POST,
        format!("/api/admin/stories/{}/approve", a.id),
        None,
    )
    .await;
    post(
        Method::POST,
        format!("/api/admin/stories/{}/reject", b.id),
        Some(json!({"reason": "Needs a title"})),
    )
    .await;
    // An edit of the approved story, approved; then one rejected.
    for (verb, reason) in [("approve", None), ("reject", Some("Keep it short"))] {
        let edit = client(app, Some(&writer)).put(&format!("/api/stories/{}", a.id), json!({"title": format!("First ({verb})"), "content": "<p>New words</p>", "category": "Worship"}))
        .await;
        assert_eq!(edit.status, 200, "{}", edit.body);
        post(
            Method::POST,
            format!("/api/admin/stories/{}/{verb}", a.id),
            reason.map(|r| json!({ "reason": r })),
        )
        .await;
    }
    post(
        Method::POST,
        format!("/api/admin/stories/{}/unpublish", live.id),
        Some(json!({"reason": "Private details"})),
    )
    .await;
    post(
        Method::DELETE,
        format!("/api/admin/stories/{}", doomed.id),
        None,
    )
    .await;
    let c1 = ctx.comment(&live, "Ann").await;
    let c2 = ctx.comment(&live, "Ben").await;
    post(
        Method::POST,
        "/api/admin/comments/bulk".into(),
        Some(json!({"action": "approve", "ids": [c1.id.0, c2.id.0, 424242]})),
    )
    .await;
    post(
        Method::DELETE,
        format!("/api/admin/comments/{}", c2.id.0),
        None,
    )
    .await;
    let person = ctx.user("person@example.org", Role::Member, false).await;
    post(
        Method::POST,
        format!("/api/admin/users/{}/role", person.id),
        Some(json!({"role": "member", "isApproved": true})),
    )
    .await;
    post(
        Method::POST,
        format!("/api/admin/users/{}/role", person.id),
        Some(json!({"role": "regular_contributor", "isApproved": true})),
    )
    .await;
    post(
        Method::DELETE,
        format!("/api/admin/users/{}", person.id),
        None,
    )
    .await;
    let help = client(app, None).post("/api/help/contact", json!({"subject": "Lost password", "category": "account", "message": "Help", "contactEmail": "ann@example.org"}))
    .await;
    assert_eq!(help.status, 201, "{}", help.body);
    let inbox = post(Method::GET, "/api/admin/help-messages".into(), None).await;
    let help_id = inbox.body[0]["id"].as_i64().unwrap();
    post(
        Method::POST,
        format!("/api/admin/help-messages/{help_id}/handled"),
        None,
    )
    .await;
    post(
        Method::DELETE,
        format!("/api/admin/help-messages/{help_id}"),
        None,
    )
    .await;
    Moderated {
        author,
        boss,
        rejected: b,
        person,
    }
}

engine_test!(
    every_moderation_and_people_action_appends_one_entry,
    |ctx, app| {
        let Moderated {
            boss,
            rejected: b,
            person,
            ..
        } = every_action_once(&ctx, &app).await;
        let log = done_by(
            &app,
            &boss,
            Method::GET,
            "/api/admin/audit-log?limit=200".into(),
            None,
        )
        .await;
        let actions: Vec<&str> = log
            .body
            .as_array()
            .unwrap()
            .iter()
            .rev()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "story_approved",
                "story_rejected",
                "edit_approved",
                "edit_rejected",
                "story_unpublished",
                "story_deleted",
                "comment_approved",
                "comment_approved",
                "comment_deleted",
                "person_approved",
                "role_changed",
                "person_deleted",
                "help_handled",
                "help_deleted",
            ]
        );
        assert_eq!(log.headers.get("x-total-count").unwrap(), "14");
        let entries = log.body.as_array().unwrap();
        let find = |action: &str| {
            entries
                .iter()
                .find(|e| e["action"] == action)
                .unwrap()
                .clone()
        };
        let rejected = find("story_rejected");
        assert_eq!(rejected["reason"], "Needs a title");
        assert_eq!(rejected["targetKind"], "story");
        assert_eq!(rejected["targetId"], b.id.to_string());
        assert_eq!(rejected["targetLabel"], "Second");
        assert_eq!(find("edit_rejected")["reason"], "Keep it short");
        assert_eq!(find("story_unpublished")["reason"], "Private details");
        assert_eq!(
            find("role_changed")["reason"],
            "member → regular_contributor"
        );
        assert_eq!(find("person_deleted")["targetLabel"], person.display_name());
        assert_eq!(find("help_deleted")["targetLabel"], "Lost password");
        let boss_id = entries[0]["actorId"].as_str().unwrap().to_owned();
        assert!(entries.iter().all(|e| e["actorId"] == boss_id.as_str()));
    }
);

engine_test!(the_log_is_filtered_by_action_and_by_actor, |ctx, app| {
    let Moderated { author, boss, .. } = every_action_once(&ctx, &app).await;
    let only = done_by(
        &app,
        &boss,
        Method::GET,
        "/api/admin/audit-log?action=comment_approved&limit=1".into(),
        None,
    )
    .await;
    assert_eq!(only.headers.get("x-total-count").unwrap(), "2");
    assert_eq!(only.body.as_array().unwrap().len(), 1);
    let nobody = done_by(
        &app,
        &boss,
        Method::GET,
        format!("/api/admin/audit-log?actor={}", author.id),
        None,
    )
    .await;
    assert_eq!(nobody.headers.get("x-total-count").unwrap(), "0");
});

engine_test!(a_bad_page_or_an_unknown_action_is_refused, |ctx, app| {
    let boss = admin_cookie(&app).await;
    for bad in [
        "limit=0",
        "limit=201",
        "action=story_published",
        "offset=-1",
    ] {
        let r = client(&app, Some(&boss))
            .get(&format!("/api/admin/audit-log?{bad}"))
            .await;
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
    }
});

engine_test!(the_log_is_read_only, |ctx, app| {
    let boss = admin_cookie(&app).await;
    for method in [Method::DELETE, Method::PUT, Method::POST] {
        let r = send(
            &app,
            method.clone(),
            "/api/admin/audit-log",
            Some(&boss),
            None,
        )
        .await;
        assert!(r.status == 404 || r.status == 405, "{method}: {}", r.status);
    }
});

engine_test!(a_contributor_may_not_read_the_log, |ctx, app| {
    let (_, writer) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let refused = client(&app, Some(&writer))
        .get("/api/admin/audit-log")
        .await;
    assert_eq!(refused.status, 403);
});
