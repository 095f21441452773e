//! Accounts and people: sign-up, sign-in, sessions, the super admin, and who may call what.

use actix_web::http::Method;
use domain::clock::{Clock, SystemClock};
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{ADMIN_PASSWORD, PASSWORD, client, send};

fn registration(email: &str, username: &str) -> serde_json::Value {
    json!({"email": email, "username": username, "password": "secret1", "firstName": "Ruth", "lastName": "Moab"})
}

engine_test!(
    sign_up_creates_a_pending_member_and_signs_it_in,
    |ctx, app| {
        let res = client(&app, None)
            .post("/api/register", registration("Ruth@Example.org", "ruth"))
            .await;
        assert_eq!(res.status, 201, "{}", res.body);
        let user = &res.body["user"];
        assert_eq!(user["email"], "ruth@example.org");
        assert_eq!(user["role"], "member");
        assert_eq!(user["isApproved"], false);
        assert_eq!(user["authProvider"], "local");
        let text = res.body.to_string();
        assert!(
            !text.contains("password") && !text.contains("argon2"),
            "no password or hash in {text}"
        );
        let me = client(&app, res.cookie.as_deref()).get("/api/user").await;
        assert_eq!(me.status, 200);
        assert_eq!(me.body["email"], "ruth@example.org");
    }
);

engine_test!(sign_up_refuses_a_taken_email_or_username, |ctx, app| {
    assert_eq!(
        client(&app, None)
            .post("/api/register", registration("ruth@example.org", "ruth"))
            .await
            .status,
        201
    );
    let again = client(&app, None)
        .post("/api/register", registration("RUTH@example.org", "other"))
        .await;
    assert_eq!(again.status, 409);
    assert!(again.body["message"].as_str().unwrap().contains("email"));
    let same_name = client(&app, None)
        .post("/api/register", registration("naomi@example.org", "ruth"))
        .await;
    assert_eq!(same_name.status, 409);
    assert!(
        same_name.body["message"]
            .as_str()
            .unwrap()
            .contains("username")
    );
});

engine_test!(
    sign_up_validates_every_field_with_the_specified_messages,
    |ctx, app| {
        let body = json!({"email": "not-an-email", "username": " ", "password": "12345", "firstName": "", "lastName": ""});
        let res = client(&app, None).post("/api/register", body).await;
        assert_eq!(res.status, 400);
        let errors: Vec<(String, String)> = res.body["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["field"].as_str().unwrap().to_owned(),
                    e["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let expect = |field: &str, message: &str| {
            assert!(
                errors.contains(&(field.into(), message.into())),
                "{field}: {errors:?}"
            )
        };
        expect("email", "Please enter a valid email address");
        expect("username", "Username is required");
        expect("password", "Password must be at least 6 characters");
        expect("firstName", "First name is required");
        expect("lastName", "Last name is required");
        assert_eq!(res.body["message"], "Please enter a valid email address");
        let malformed = client(&app, None)
            .post("/api/register", json!({"email": 5}))
            .await;
        assert_eq!(malformed.status, 400);
    }
);

engine_test!(
    a_wrong_password_and_an_unknown_email_get_the_same_401,
    |ctx, app| {
        ctx.user_with_password("ruth@example.org", Role::Member, true)
            .await;
        let wrong = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": "wrong-one"}),
            )
            .await;
        let unknown = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "nobody@example.org", "password": "wrong-one"}),
            )
            .await;
        assert_eq!(wrong.status, 401);
        assert_eq!(unknown.status, 401);
        assert_eq!(wrong.body, unknown.body);
        assert_eq!(wrong.body["message"], "Invalid email or password");
        let short = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": "123"}),
            )
            .await;
        assert_eq!(short.status, 400);
        assert_eq!(
            short.body["message"],
            "Password must be at least 6 characters"
        );
        let ok = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "RUTH@example.org", "password": PASSWORD}),
            )
            .await;
        assert_eq!(ok.status, 200);
        assert_eq!(ok.body["user"]["email"], "ruth@example.org");
    }
);

engine_test!(
    sign_in_rotates_the_session_id_and_sign_out_kills_the_old_cookie,
    |ctx, app| {
        ctx.user_with_password("ruth@example.org", Role::Member, true)
            .await;
        ctx.user_with_password("naomi@example.org", Role::Member, true)
            .await;
        let first = client(&app, None)
            .post(
                "/api/login",
                json!({"email": "ruth@example.org", "password": PASSWORD}),
            )
            .await;
        let c1 = first.cookie.unwrap();
        let second = client(&app, Some(&c1))
            .post(
                "/api/login",
                json!({"email": "naomi@example.org", "password": PASSWORD}),
            )
            .await;
        let c2 = second.cookie.unwrap();
        assert_ne!(c1, c2, "a new session id at sign-in");
        assert_eq!(
            client(&app, Some(&c1)).get("/api/user").await.status,
            401,
            "the old id is dead"
        );
        assert_eq!(
            client(&app, Some(&c2)).get("/api/user").await.body["email"],
            "naomi@example.org"
        );
        let out = send(&app, Method::POST, "/api/logout", Some(&c2), None).await;
        assert_eq!(out.status, 200);
        assert_eq!(
            client(&app, Some(&c2)).get("/api/user").await.status,
            401,
            "sign-out invalidates the cookie"
        );
    }
);

engine_test!(browser_navigations_redirect, |ctx, app| {
    let login = client(&app, None).get("/api/login").await;
    assert_eq!(login.status, 302);
    assert_eq!(login.headers.get("location").unwrap(), "/auth");
    let admin = client(&app, None)
        .post(
            "/api/admin/login",
            json!({"username": "admin", "password": ADMIN_PASSWORD}),
        )
        .await;
    let cookie = admin.cookie.unwrap();
    // Signing out is POST only: a link or picture on another site cannot sign anyone out.
    let out = client(&app, Some(&cookie)).get("/api/logout").await;
    assert_eq!(out.status, 405);
    assert_eq!(out.headers.get("allow").unwrap(), "POST");
    assert_eq!(
        client(&app, Some(&cookie)).get("/api/user").await.status,
        200
    );
    let out = send(&app, Method::POST, "/api/logout", Some(&cookie), None).await;
    assert_eq!(out.status, 200);
    assert_eq!(
        client(&app, Some(&cookie)).get("/api/user").await.status,
        401
    );
});

engine_test!(a_cross_origin_post_is_refused, |ctx, app| {
    use actix_web::test;
    let body = json!({"email": "ruth@example.org", "password": "secret1"});
    for (header, value) in [
        ("origin", "https://evil.example"),
        ("referer", "https://evil.example/page"),
    ] {
        let req = test::TestRequest::post()
            .uri("/api/login")
            .insert_header((header, value))
            .set_json(&body)
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(res.status().as_u16(), 403, "{header}");
        let body: serde_json::Value = test::read_body_json(res).await;
        let message = body["message"].as_str().unwrap();
        assert!(
            message.contains("expects requests from http://localhost:8080")
                && message.contains("PUBLIC_URL"),
            "the refusal names the expected origin and how to set it: {message}"
        );
    }
    // The server listens on loopback: 127.0.0.1 and localhost are the same machine.
    for origin in ["http://localhost:8080", "http://127.0.0.1:8080"] {
        let same = test::TestRequest::post()
            .uri("/api/login")
            .insert_header(("origin", origin))
            .set_json(&body)
            .to_request();
        assert_eq!(
            test::call_service(&app, same).await.status().as_u16(),
            401,
            "{origin}"
        );
    }
});

engine_test!(security_headers_are_sent, |ctx, app| {
    let res = client(&app, None).get("/api/categories").await;
    let h = |n: &str| res.headers.get(n).unwrap().to_str().unwrap().to_owned();
    assert!(h("content-security-policy").contains("frame-ancestors 'none'"));
    assert!(h("content-security-policy").contains("https://www.youtube.com"));
    assert_eq!(h("x-content-type-options"), "nosniff");
    assert_eq!(h("referrer-policy"), "strict-origin-when-cross-origin");
});

#[actix_web::test]
async fn sign_in_is_rate_limited_per_address() {
    let ctx = crate::helpers::TestContext::with_config(adapters::testing::Engine::Sqlite, |c| {
        c.rate_limit_per_minute = 3;
    })
    .await
    .unwrap();
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let body = json!({"email": "ruth@example.org", "password": "secret1"});
    for _ in 0..3 {
        assert_eq!(
            client(&app, None)
                .post("/api/login", body.clone())
                .await
                .status,
            401
        );
    }
    let limited = client(&app, None).post("/api/login", body.clone()).await;
    assert_eq!(limited.status, 429);
    assert!(limited.headers.get("retry-after").is_some());
    // other groups count separately
    assert_eq!(
        client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "x", "password": "y"})
            )
            .await
            .status,
        401
    );
}

engine_test!(
    the_super_admin_signs_in_and_changes_the_password,
    |ctx, app| {
        let blank = client(&app, None)
            .post("/api/admin/login", json!({"username": "", "password": ""}))
            .await;
        assert_eq!(blank.status, 400);
        assert_eq!(
            blank.body["message"],
            "Please enter both username and password"
        );
        let wrong = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": "nope-nope"}),
            )
            .await;
        assert_eq!(wrong.status, 401);
        assert_eq!(wrong.body["message"], "Invalid credentials");
        let ok = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": ADMIN_PASSWORD}),
            )
            .await;
        assert_eq!(ok.status, 200);
        assert_eq!(ok.body["user"]["role"], "super_admin");
        assert_eq!(ok.body["message"], "Login successful");
        let c = ok.cookie.unwrap();
        let change = |current: &str, new: &str| json!({"username": "admin", "currentPassword": current, "newPassword": new});
        let r = client(&app, Some(&c))
            .post("/api/admin/change-password", change("", ""))
            .await;
        assert_eq!(
            (r.status, r.body["message"].as_str().unwrap()),
            (400, "Please fill in all fields")
        );
        let r = client(&app, Some(&c))
            .post(
                "/api/admin/change-password",
                change(ADMIN_PASSWORD, "12345"),
            )
            .await;
        assert_eq!(
            (r.status, r.body["message"].as_str().unwrap()),
            (400, "Password must be at least 6 characters")
        );
        let r = client(&app, Some(&c))
            .post(
                "/api/admin/change-password",
                change("not-it", "new-secret-123"),
            )
            .await;
        assert_eq!(
            (r.status, r.body["message"].as_str().unwrap()),
            (400, "Current password is incorrect")
        );
        let r = client(&app, Some(&c))
            .post(
                "/api/admin/change-password",
                change(ADMIN_PASSWORD, "new-secret-123"),
            )
            .await;
        assert_eq!(
            (r.status, r.body["message"].as_str().unwrap()),
            (200, "Password changed successfully")
        );
        let old = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": ADMIN_PASSWORD}),
            )
            .await;
        assert_eq!(old.status, 401);
        let new = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": "new-secret-123"}),
            )
            .await;
        assert_eq!(new.status, 200);
    }
);

engine_test!(
    approving_a_user_records_mail_and_roles_change_keeping_approval,
    |ctx, app| {
        let reg = client(&app, None)
            .post("/api/register", registration("ruth@example.org", "ruth"))
            .await;
        let id = reg.body["user"]["id"].as_str().unwrap().to_owned();
        let admin = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": ADMIN_PASSWORD}),
            )
            .await;
        let c = admin.cookie.unwrap();
        let pending = client(&app, Some(&c)).get("/api/admin/users/pending").await;
        assert_eq!(pending.status, 200);
        assert_eq!(pending.body.as_array().unwrap().len(), 1);
        assert_eq!(pending.body[0]["id"], id.as_str());
        let approve = client(&app, Some(&c))
            .post(
                &format!("/api/admin/users/{id}/role"),
                json!({"role": "member", "isApproved": true}),
            )
            .await;
        assert_eq!(approve.status, 200);
        assert_eq!(approve.body["isApproved"], true);
        let mail = ctx.outbox().await;
        assert_eq!(
            mail.len(),
            2,
            "the sign-up's verification mail, then the approval"
        );
        assert_eq!(mail[1].0, "ruth@example.org");
        assert!(mail[1].1.contains("approved"));
        let pending = client(&app, Some(&c)).get("/api/admin/users/pending").await;
        assert_eq!(pending.body.as_array().unwrap().len(), 0);
        let change = client(&app, Some(&c))
            .post(
                &format!("/api/admin/users/{id}/role"),
                json!({"role": "primary_contributor", "isApproved": true}),
            )
            .await;
        assert_eq!(change.body["role"], "primary_contributor");
        assert_eq!(
            ctx.outbox().await.len(),
            2,
            "no second mail for a role change"
        );
        let all = client(&app, Some(&c)).get("/api/admin/users").await;
        assert_eq!(all.body.as_array().unwrap().len(), 2);
        let bad = client(&app, Some(&c))
            .post(
                &format!("/api/admin/users/{id}/role"),
                json!({"role": "pope", "isApproved": true}),
            )
            .await;
        assert_eq!(bad.status, 400);
        let missing = client(&app, Some(&c))
            .post(
                "/api/admin/users/no-such-id/role",
                json!({"role": "member", "isApproved": true}),
            )
            .await;
        assert_eq!(missing.status, 404);
        let deleted = client(&app, Some(&c))
            .delete(&format!("/api/admin/users/{id}"))
            .await;
        assert_eq!(deleted.status, 200);
        assert_eq!(
            client(&app, Some(&c))
                .delete(&format!("/api/admin/users/{id}"))
                .await
                .status,
            404
        );
        assert_eq!(
            client(&app, reg.cookie.as_deref())
                .get("/api/user")
                .await
                .status,
            401,
            "a deleted user's session ends"
        );
    }
);

engine_test!(
    the_last_super_admin_cannot_demote_or_delete_themself,
    |ctx, app| {
        let admin = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": ADMIN_PASSWORD}),
            )
            .await;
        let id = admin.body["user"]["id"].as_str().unwrap().to_owned();
        let c = admin.cookie.unwrap();
        let demote = client(&app, Some(&c))
            .post(
                &format!("/api/admin/users/{id}/role"),
                json!({"role": "member", "isApproved": true}),
            )
            .await;
        assert_eq!(demote.status, 403);
        let delete = client(&app, Some(&c))
            .delete(&format!("/api/admin/users/{id}"))
            .await;
        assert_eq!(delete.status, 403);
        let me = client(&app, Some(&c)).get("/api/user").await;
        assert_eq!(me.body["role"], "super_admin");
    }
);

engine_test!(
    google_sign_in_says_clearly_when_it_is_not_configured,
    |ctx, app| {
        let res = client(&app, None).get("/api/auth/google").await;
        assert_eq!(res.status, 503);
        assert_eq!(res.body["message"], "Google sign-in is not configured");
    }
);

// Who may call what: every endpoint so far × every kind of caller.
engine_test!(
    the_access_table_holds_for_every_endpoint_and_caller,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Public story", "Worship", true, 1).await;
        // The last two are API tokens of an approved regular contributor.
        // (name, role and approval of a signed-in caller, scope of the token it calls with)
        type CallerKind<'a> = (&'a str, Option<(Role, bool)>, Option<&'a str>);
        let callers: [CallerKind; 10] = [
            ("visitor", None, None),
            ("pending member", Some((Role::Member, false)), None),
            ("member", Some((Role::Member, true)), None),
            (
                "regular contributor",
                Some((Role::RegularContributor, true)),
                None,
            ),
            (
                "primary contributor",
                Some((Role::PrimaryContributor, true)),
                None,
            ),
            ("admin", Some((Role::Admin, false)), None),
            ("sub admin", Some((Role::SubAdmin, true)), None),
            ("super admin", Some((Role::SuperAdmin, true)), None),
            (
                "read token",
                Some((Role::RegularContributor, true)),
                Some("read"),
            ),
            (
                "read_write token",
                Some((Role::RegularContributor, true)),
                Some("read_write"),
            ),
        ];
        for (i, (name, who, token_scope)) in callers.iter().enumerate() {
            let cookie = match who {
                None => None,
                Some((role, approved)) => {
                    let email = format!("caller{i}@example.org");
                    ctx.user_with_password(&email, *role, *approved).await;
                    let res = client(&app, None)
                        .post("/api/login", json!({"email": email, "password": PASSWORD}))
                        .await;
                    assert_eq!(res.status, 200, "{name} signs in");
                    match token_scope {
                        Some(scope) => {
                            Some(crate::helpers::api_token(&app, &res.cookie.unwrap(), scope).await)
                        }
                        None => res.cookie,
                    }
                }
            };
            let target = ctx
                .user(&format!("target{i}@example.org"), Role::Member, false)
                .await;
            let c = cookie.as_deref();
            let super_only = |ok: u16| {
                if who.is_none() {
                    401
                } else if *name == "super admin" {
                    ok
                } else {
                    403
                }
            };
            let anyone = 200;
            let signed_in = if who.is_none() { 401 } else { 200 };
            let role = who.map(|(r, _)| r);
            let approved = who.is_some_and(|(r, a)| a || r.is_admin());
            let is_reviewer = role.is_some_and(|r| r.is_admin());
            // approved users may write; a pending member is told so; a visitor must sign in
            let writer = |ok: u16| match who {
                None => 401,
                Some(_) if !approved => 403,
                Some(_) => ok,
            };
            let reviewer = |ok: u16| {
                if who.is_none() {
                    401
                } else if is_reviewer {
                    ok
                } else {
                    403
                }
            };
            let moderator = |ok: u16| {
                if who.is_none() {
                    401
                } else if is_reviewer || role == Some(Role::PrimaryContributor) {
                    ok
                } else {
                    403
                }
            };
            let draft = ctx
                .story(&author, &format!("Draft {i}"), "Worship", false, 0)
                .await;
            let to_approve = ctx.pending_story(&author, &format!("To approve {i}")).await;
            let to_reject = ctx.pending_story(&author, &format!("To reject {i}")).await;
            let to_delete = ctx.pending_story(&author, &format!("To delete {i}")).await;
            let to_take_down = ctx
                .story(&author, &format!("To take down {i}"), "Worship", true, 1)
                .await;
            let comment_a = ctx.comment(&story, "Ann").await;
            let comment_b = ctx.comment(&story, "Bob").await;
            let new_story = json!({"title": "Mine", "content": "Words", "category": "Worship", "isPublished": false});
            let week = chrono::Duration::days(7);
            let task_a = ctx.schedule(&author, &format!("Task A {i}"), week).await;
            let task_b = ctx.schedule(&author, &format!("Task B {i}"), week).await;
            let due = (SystemClock.now() + week).to_rfc3339();
            let help = |subject: &str| {
                use domain::help::{HelpCategory, HelpMessageRepository, NewHelpMessage};
                use domain::validation::{Email, HelpMessageBody, HelpSubject};
                let repo = adapters::SeaOrmHelpMessageRepository::new(ctx.state.db.clone());
                let subject = subject.to_owned();
                async move {
                    repo.create(NewHelpMessage {
                        subject: HelpSubject::parse(&subject).unwrap(),
                        category: HelpCategory::General,
                        message: HelpMessageBody::parse("Hello").unwrap(),
                        contact_email: Email::parse("ann@example.org").unwrap(),
                        user_id: None,
                    })
                    .await
                    .unwrap()
                    .id
                }
            };
            let to_handle = help(&format!("Handle {i}")).await;
            let to_drop = help(&format!("Drop {i}")).await;
            let table: Vec<(Method, String, Option<serde_json::Value>, u16)> = vec![
                (Method::GET, "/api/site".into(), None, anyone),
                // No picture in the body: refused callers first, then a clear 400.
                (Method::POST, "/api/uploads".into(), None, writer(400)),
                (Method::GET, "/media/nothing-400.jpg".into(), None, 404),
                (Method::GET, "/api/categories".into(), None, anyone),
                (Method::GET, "/api/stories".into(), None, anyone),
                (
                    Method::GET,
                    "/api/stories?passage=Ps.23".into(),
                    None,
                    anyone,
                ),
                (Method::GET, "/api/scripture".into(), None, anyone),
                (Method::GET, "/api/scripture/Ps".into(), None, anyone),
                (
                    Method::POST,
                    "/api/scripture/references".into(),
                    Some(json!({"text": "Ps 23"})),
                    anyone,
                ),
                (
                    Method::GET,
                    format!("/api/stories/{}", story.id),
                    None,
                    anyone,
                ),
                (Method::GET, "/api/user".into(), None, signed_in),
                (
                    Method::GET,
                    "/api/admin/users".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::GET,
                    "/api/admin/users/pending".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::POST,
                    format!("/api/admin/users/{}/role", target.id),
                    Some(json!({"role": "member", "isApproved": true})),
                    super_only(200),
                ),
                (
                    Method::POST,
                    "/api/admin/change-password".into(),
                    Some(
                        json!({"username": "admin", "currentPassword": "wrong-pass", "newPassword": "whatever1"}),
                    ),
                    super_only(400),
                ),
                (
                    Method::POST,
                    format!("/api/admin/users/{}/suspend", target.id),
                    Some(json!({"reason": "Spam"})),
                    super_only(200),
                ),
                (
                    Method::POST,
                    format!("/api/admin/users/{}/reinstate", target.id),
                    None,
                    super_only(200),
                ),
                (
                    Method::DELETE,
                    format!("/api/admin/users/{}", target.id),
                    None,
                    super_only(200),
                ),
                (
                    Method::POST,
                    "/api/stories".into(),
                    Some(new_story.clone()),
                    writer(201),
                ),
                (
                    Method::GET,
                    format!("/api/stories/author/{}", author.id),
                    None,
                    anyone,
                ),
                (
                    Method::PUT,
                    format!("/api/stories/{}", story.id),
                    Some(new_story.clone()),
                    writer(403),
                ),
                (
                    Method::PUT,
                    format!("/api/stories/{}/publish", draft.id),
                    None,
                    if is_reviewer { 403 } else { writer(404) },
                ),
                (
                    Method::POST,
                    format!("/api/stories/{}/export", story.id),
                    Some(json!({"platforms": ["twitter"]})),
                    if is_reviewer { 200 } else { writer(403) },
                ),
                (
                    Method::DELETE,
                    format!("/api/stories/{}", draft.id),
                    None,
                    if is_reviewer { 200 } else { writer(404) },
                ),
                (
                    Method::GET,
                    "/api/admin/stories/pending".into(),
                    None,
                    reviewer(200),
                ),
                (
                    Method::POST,
                    format!("/api/admin/stories/{}/approve", to_approve.id),
                    None,
                    reviewer(200),
                ),
                (
                    Method::POST,
                    format!("/api/admin/stories/{}/reject", to_reject.id),
                    Some(json!({"reason": "Not yet"})),
                    reviewer(200),
                ),
                (
                    Method::DELETE,
                    format!("/api/admin/stories/{}", to_delete.id),
                    None,
                    reviewer(200),
                ),
                (
                    Method::GET,
                    format!("/api/stories/{}/revisions", story.id),
                    None,
                    reviewer(200),
                ),
                (
                    Method::POST,
                    format!("/api/admin/stories/{}/unpublish", to_take_down.id),
                    Some(json!({"reason": "Off topic"})),
                    reviewer(200),
                ),
                (
                    Method::GET,
                    format!("/api/stories/{}/comments", story.id),
                    None,
                    anyone,
                ),
                (
                    Method::POST,
                    format!("/api/stories/{}/comments", story.id),
                    Some(json!({"authorName": "Ann", "authorEmail": null, "content": "Amen"})),
                    201,
                ),
                (
                    Method::PATCH,
                    format!("/api/comments/{}/approve", comment_a.id.0),
                    None,
                    moderator(200),
                ),
                (
                    Method::DELETE,
                    format!("/api/admin/comments/{}", comment_b.id.0),
                    None,
                    reviewer(200),
                ),
                (
                    Method::GET,
                    "/api/admin/comments/pending".into(),
                    None,
                    moderator(200),
                ),
                (
                    Method::POST,
                    "/api/admin/comments/bulk".into(),
                    Some(json!({"action": "approve", "ids": [comment_a.id.0]})),
                    moderator(200),
                ),
                (
                    Method::POST,
                    "/api/admin/comments/bulk".into(),
                    Some(json!({"action": "delete", "ids": [comment_a.id.0]})),
                    reviewer(200),
                ),
                (
                    Method::POST,
                    "/api/help/contact".into(),
                    Some(
                        json!({"subject": "Hi", "category": "general", "message": "Hello", "contactEmail": "ann@example.org", "userId": null}),
                    ),
                    201,
                ),
                (
                    Method::GET,
                    "/api/admin/help-messages".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::POST,
                    format!("/api/admin/help-messages/{to_handle}/handled"),
                    None,
                    super_only(200),
                ),
                (
                    Method::DELETE,
                    format!("/api/admin/help-messages/{to_drop}"),
                    None,
                    super_only(200),
                ),
                (
                    Method::GET,
                    "/api/admin/mail-outbox".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::POST,
                    "/api/admin/mail-outbox/999999/retry".into(),
                    None,
                    super_only(404),
                ),
                (
                    Method::GET,
                    "/api/admin/audit-log".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::GET,
                    "/api/admin/backups".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::GET,
                    "/api/admin/backups/backup-20000101T000000Z.zip".into(),
                    None,
                    super_only(404),
                ),
                (
                    Method::GET,
                    "/api/admin/social-posts".into(),
                    None,
                    super_only(200),
                ),
                (
                    Method::POST,
                    "/api/admin/social-posts/999999/retry".into(),
                    None,
                    super_only(404),
                ),
                (
                    Method::POST,
                    "/api/admin/social-posts/999999/cancel".into(),
                    None,
                    super_only(404),
                ),
                (
                    Method::GET,
                    "/api/admin/queues".into(),
                    None,
                    moderator(200),
                ),
                (
                    Method::GET,
                    "/api/admin/stories/pending?kind=edit&limit=5".into(),
                    None,
                    reviewer(200),
                ),
                (
                    Method::GET,
                    format!("/api/stories/{}/pending-edit", story.id),
                    None,
                    if who.is_none() {
                        401
                    } else if is_reviewer {
                        404
                    } else {
                        403
                    },
                ),
                (
                    Method::DELETE,
                    format!("/api/stories/{}/pending-edit", story.id),
                    None,
                    writer(403),
                ),
                (Method::GET, "/api/schedules".into(), None, writer(200)),
                (
                    Method::POST,
                    "/api/schedules".into(),
                    Some(json!({"title": "Pray", "dueDate": due})),
                    writer(201),
                ),
                (
                    Method::GET,
                    format!("/api/schedules?contributorId={}", author.id),
                    None,
                    super_only(200),
                ),
                (
                    Method::PATCH,
                    format!("/api/schedules/{}", task_a.id.0),
                    Some(json!({"isCompleted": true})),
                    super_only(200),
                ),
                (
                    Method::DELETE,
                    format!("/api/schedules/{}", task_b.id.0),
                    None,
                    super_only(200),
                ),
                (
                    Method::POST,
                    "/api/verify-email".into(),
                    Some(json!({"token": "not-a-token"})),
                    400,
                ),
                (
                    Method::POST,
                    "/api/verify-email/resend".into(),
                    None,
                    if who.is_none() { 401 } else { 202 },
                ),
                (
                    Method::POST,
                    "/api/password-reset".into(),
                    Some(json!({"email": format!("caller{i}@example.org")})),
                    202,
                ),
                (
                    Method::POST,
                    "/api/password-reset/confirm".into(),
                    Some(json!({"token": "not-a-token", "password": "long enough"})),
                    400,
                ),
                (
                    Method::PATCH,
                    "/api/user".into(),
                    Some(json!({"firstName": "Renamed"})),
                    signed_in,
                ),
                (
                    Method::POST,
                    "/api/user/password".into(),
                    Some(json!({"currentPassword": "wrong-pass", "newPassword": "whatever1"})),
                    if who.is_none() { 401 } else { 400 },
                ),
                (Method::GET, "/api/user/sessions".into(), None, signed_in),
                (
                    Method::DELETE,
                    "/api/user/sessions/not-a-session".into(),
                    None,
                    if who.is_none() { 401 } else { 404 },
                ),
                (
                    Method::POST,
                    "/api/user/sessions/revoke-others".into(),
                    None,
                    // It revokes the person's tokens too: a browser session only.
                    if token_scope.is_some() && who.is_some() {
                        403
                    } else {
                        signed_in
                    },
                ),
                (Method::GET, "/api/user/export".into(), None, signed_in),
                (
                    Method::DELETE,
                    "/api/user".into(),
                    Some(json!({"password": "wrong-pass", "deleteStories": true})),
                    if who.is_none() { 401 } else { 400 },
                ),
                (Method::POST, "/api/logout".into(), None, anyone),
            ];
            let by_token = token_scope.is_some();
            // Signing out stays last.
            let mut table = table;
            let sign_out = table.pop().unwrap();
            let table = table.into_iter().chain([
                (
                    Method::GET,
                    "/api/user/tokens".into(),
                    None,
                    if by_token { 403 } else { signed_in },
                ),
                (
                    Method::POST,
                    "/api/user/tokens".into(),
                    Some(json!({"name": "Script", "scope": "read"})),
                    if by_token { 403 } else { writer(201) },
                ),
                (
                    Method::DELETE,
                    "/api/user/tokens/999999".into(),
                    None,
                    match who {
                        None => 401,
                        Some(_) if by_token => 403,
                        Some(_) => 404,
                    },
                ),
                (
                    Method::GET,
                    "/api/admin/tokens".into(),
                    None,
                    if by_token { 403 } else { super_only(200) },
                ),
                (
                    Method::DELETE,
                    "/api/admin/tokens/999999".into(),
                    None,
                    if by_token { 403 } else { super_only(404) },
                ),
                sign_out,
            ]);
            for (method, path, body, expected) in table {
                // Sign-in, sign-up, reset and verification refuse every token (401); else a
                // read token sends GET and HEAD only, and everything else is 403.
                let expected = if by_token && app_server::bearer::refuses_tokens(&path) {
                    401
                } else if *token_scope == Some("read") && app_server::writes::changes_state(&method)
                {
                    403
                } else {
                    expected
                };
                let res = send(&app, method.clone(), &path, c, body).await;
                assert_eq!(
                    res.status, expected,
                    "{name}: {method} {path} -> {}",
                    res.body
                );
            }
        }
    }
);

engine_test!(
    a_session_works_on_a_second_instance_and_after_a_restart,
    |ctx, app| {
        let admin = client(&app, None)
            .post(
                "/api/admin/login",
                json!({"username": "admin", "password": ADMIN_PASSWORD}),
            )
            .await;
        let cookie = admin.cookie.unwrap();
        // A second server on the same database: same signing key (kept in the database), same sessions.
        let other = app_server::prepare(crate::helpers::test_config(ctx.database_url()))
            .await
            .unwrap();
        let app2 = actix_web::test::init_service(app_server::app(other, ctx.openapi.clone())).await;
        let me = client(&app2, Some(&cookie)).get("/api/user").await;
        assert_eq!(me.status, 200);
        assert_eq!(me.body["role"], "super_admin");
    }
);
