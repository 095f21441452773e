//! Personal API tokens: made from a session, shown once, used as
//! `Authorization: Bearer`, scoped, rate-limited on their own, and dead at once when
//! revoked, expired, or when their holder could no longer act. The access table in
//! `accounts.rs` runs every endpoint with a token of each scope as well.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{Answer, TestContext, api_token, client, send, sign_in_as, sign_in_as_with};

fn story() -> serde_json::Value {
    json!({"title": "Made by a script", "content": "Words", "category": "Worship", "isPublished": false})
}

async fn with_origin<S, B>(app: &S, token: &str, origin: &str) -> u16
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let req = test::TestRequest::post()
        .uri("/api/stories")
        .insert_header(("authorization", token.to_owned()))
        .insert_header(("origin", origin.to_owned()))
        .set_json(story())
        .to_request();
    test::call_service(app, req).await.status().as_u16()
}

fn ids(list: &Answer) -> Vec<i64> {
    list.body
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect()
}

engine_test!(a_token_is_shown_once_and_acts_for_its_holder, |ctx, app| {
    let (ruth, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let made = client(&app, Some(&cookie))
        .post(
            "/api/user/tokens",
            json!({"name": "  Phone app ", "scope": "read_write", "expiresInDays": 90}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let secret = made.body["token"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("gst_"), "{secret}");
    // 64 hex digits after the prefix: 256 random bits.
    assert_eq!(secret.len(), 4 + 64);
    assert_eq!(made.body["name"], "Phone app");
    assert_eq!(made.body["scope"], "read_write");
    assert_eq!(made.body["hint"], secret[secret.len() - 4..]);
    assert!(made.body["expiresAt"].is_string());
    assert_eq!(made.body["lastUsedAt"], serde_json::Value::Null);

    let list = client(&app, Some(&cookie)).get("/api/user/tokens").await;
    assert_eq!(list.status, 200);
    assert_eq!(ids(&list), [made.body["id"].as_i64().unwrap()]);
    assert!(
        !list.body.to_string().contains(&secret),
        "the secret is never listed"
    );
    let stored = ctx
        .state
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            ctx.state.db.get_database_backend(),
            "SELECT token_hash FROM api_tokens",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get::<String>("", "token_hash")
        .unwrap();
    assert_ne!(stored, secret, "only a hash is stored");

    let bearer = format!("Bearer {secret}");
    let me = client(&app, Some(&bearer)).get("/api/user").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["id"], ruth.id.to_string());
    // Writes need no Origin check: a token is never sent by a browser on its own.
    assert_eq!(
        with_origin(&app, &bearer, "https://elsewhere.example").await,
        201
    );
    let list = client(&app, Some(&cookie)).get("/api/user/tokens").await;
    assert!(list.body[0]["lastUsedAt"].is_string(), "{}", list.body);

    let revoked = client(&app, Some(&cookie))
        .delete(&format!("/api/user/tokens/{}", made.body["id"]))
        .await;
    assert_eq!(revoked.status, 200);
    let after = client(&app, Some(&bearer)).get("/api/user").await;
    assert_eq!(after.status, 401);
    assert_eq!(after.body["code"], "unauthenticated");
    let again = client(&app, Some(&cookie))
        .delete(&format!("/api/user/tokens/{}", made.body["id"]))
        .await;
    assert_eq!(again.status, 404);
    assert_eq!(again.body["code"], "not_found");
});

engine_test!(a_read_token_only_reads, |ctx, app| {
    let (author, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let public = ctx.story(&author, "Public", "Worship", true, 1).await;
    let read = api_token(&app, &cookie, "read").await;
    let list = client(&app, Some(&read)).get("/api/stories").await;
    assert_eq!(list.status, 200);
    for (method, path, body) in [
        (Method::POST, "/api/stories".to_owned(), Some(story())),
        (
            Method::POST,
            format!("/api/stories/{}/comments", public.id),
            Some(json!({"authorName": "Ann", "content": "Amen"})),
        ),
        (
            Method::PATCH,
            "/api/user".to_owned(),
            Some(json!({"firstName": "Renamed"})),
        ),
        (Method::POST, "/api/logout".to_owned(), None),
    ] {
        let res = send(&app, method.clone(), &path, Some(&read), body).await;
        assert_eq!(res.status, 403, "{method} {path}");
        assert_eq!(res.body["code"], "forbidden");
        assert!(res.body["message"].as_str().unwrap().contains("read"));
    }
    let me = ctx.users_find(&author.id).await;
    assert_eq!(me.first_name.as_deref(), Some("Lydia"), "nothing changed");
});

engine_test!(
    a_bad_token_is_refused_even_where_visitors_are_welcome,
    |ctx, app| {
        for credential in ["Bearer gst_0000", "Bearer ", "bearer nonsense", "BEARER"] {
            let req = test::TestRequest::get()
                .uri("/api/stories")
                .insert_header(("authorization", credential))
                .to_request();
            let res = test::call_service(&app, req).await;
            assert_eq!(res.status().as_u16(), 401, "{credential}");
            let body: serde_json::Value = test::read_body_json(res).await;
            assert_eq!(body["code"], "unauthenticated");
        }
        // Another scheme is not ours: the request is a visitor's.
        let req = test::TestRequest::get()
            .uri("/api/stories")
            .insert_header(("authorization", "Basic dXNlcjpwYXNz"))
            .to_request();
        assert_eq!(test::call_service(&app, req).await.status().as_u16(), 200);
    }
);

engine_test!(
    a_token_stops_when_its_holder_loses_approval_is_suspended_or_leaves,
    |ctx, app| {
        let (ruth, cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let token = api_token(&app, &cookie, "read").await;
        let works = |expected: u16, why: &'static str| {
            let (app, token) = (&app, token.clone());
            async move {
                let res = client(app, Some(&token)).get("/api/user").await;
                assert_eq!(res.status, expected, "{why}");
            }
        };
        works(200, "approved").await;
        let (_, admin) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let role = |approved: bool| json!({"role": "member", "isApproved": approved});
        let path = format!("/api/admin/users/{}/role", ruth.id);
        let set = client(&app, Some(&admin)).post(&path, role(false)).await;
        assert_eq!(set.status, 200);
        works(401, "no longer approved").await;
        client(&app, Some(&admin)).post(&path, role(true)).await;
        works(200, "approved again").await;
        let suspend = format!("/api/admin/users/{}/suspend", ruth.id);
        let res = client(&app, Some(&admin))
            .post(&suspend, json!({"reason": "Spam"}))
            .await;
        assert_eq!(res.status, 200);
        works(401, "suspended").await;
        let reinstate = format!("/api/admin/users/{}/reinstate", ruth.id);
        send(&app, Method::POST, &reinstate, Some(&admin), None).await;
        // Suspension signed the person out; the token itself survives it.
        works(200, "reinstated").await;
        ctx.state
            .db
            .execute_unprepared("UPDATE api_tokens SET expires_at = '2020-01-01T00:00:00+00:00'")
            .await
            .unwrap();
        ctx.changed_behind_the_server();
        works(401, "expired").await;
        let listed = client(
            &app,
            Some(&sign_in_again(&ctx, &app, "ruth@example.org").await),
        )
        .get("/api/user/tokens")
        .await;
        assert_eq!(listed.body[0]["expired"], true, "{}", listed.body);
        let del = client(&app, Some(&admin))
            .delete(&format!("/api/admin/users/{}", ruth.id))
            .await;
        assert_eq!(del.status, 200);
        let left: i64 = ctx
            .state
            .db
            .query_one_raw(sea_orm::Statement::from_string(
                ctx.state.db.get_database_backend(),
                "SELECT COUNT(*) AS n FROM api_tokens",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get("", "n")
            .unwrap();
        assert_eq!(left, 0, "a person's tokens go with the account");
    }
);

async fn sign_in_again<S, B>(_ctx: &TestContext, app: &S, email: &str) -> String
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
            "/api/login",
            json!({"email": email, "password": crate::helpers::PASSWORD}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    res.cookie.unwrap()
}

engine_test!(making_a_token_is_checked, |ctx, app| {
    let body = json!({"name": "Script", "scope": "read"});
    let visitor = client(&app, None)
        .post("/api/user/tokens", body.clone())
        .await;
    assert_eq!(visitor.status, 401);
    let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
    let res = client(&app, Some(&pending))
        .post("/api/user/tokens", body.clone())
        .await;
    assert_eq!(res.status, 403);
    assert_eq!(res.body["code"], "pending_approval");
    let (_, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
    let res = client(&app, Some(&cookie))
        .post(
            "/api/user/tokens",
            json!({"name": " ", "scope": "read", "expiresInDays": 7}),
        )
        .await;
    assert_eq!(res.status, 400);
    let fields: Vec<&str> = res.body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["name", "expiresInDays"], "{}", res.body);
    let long = "x".repeat(101);
    let res = client(&app, Some(&cookie))
        .post("/api/user/tokens", json!({"name": long, "scope": "read"}))
        .await;
    assert_eq!(res.status, 400, "{}", res.body);
    assert_eq!(res.body["code"], "validation_failed");
    for bad in [
        json!({"name": "Script", "scope": "write"}),
        json!({"name": "Script"}),
    ] {
        let res = client(&app, Some(&cookie))
            .post("/api/user/tokens", bad)
            .await;
        assert_eq!(res.status, 400, "{}", res.body);
        // An unknown scope and a missing one name the field like every validation error.
        assert_eq!(res.body["code"], "validation_failed", "{}", res.body);
        assert_eq!(res.body["errors"][0]["field"], "scope", "{}", res.body);
    }
    // A token cannot make tokens, even one that may write.
    let token = api_token(&app, &cookie, "read_write").await;
    let by_token = client(&app, Some(&token))
        .post("/api/user/tokens", body.clone())
        .await;
    assert_eq!(by_token.status, 403);
    assert!(
        by_token.body["message"]
            .as_str()
            .unwrap()
            .contains("signed in")
    );
    for made in 1..domain::api_token::MAX_TOKENS_PER_PERSON {
        // Ten a day: the day's count is forgotten halfway, as if the next day had come.
        if made == 10 {
            ctx.state
                .db
                .execute_unprepared("DELETE FROM rate_limits")
                .await
                .unwrap();
        }
        api_token(&app, &cookie, "read").await;
    }
    let too_many = client(&app, Some(&cookie))
        .post("/api/user/tokens", body)
        .await;
    assert_eq!(too_many.status, 409);
});

engine_test!(the_super_admin_lists_and_revokes_every_token, |ctx, app| {
    let (_, ruth) =
        sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
    let (_, boaz) =
        sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("boaz@example.org")).await;
    let (_, sub) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
    let (_, admin) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
    let ruths = api_token(&app, &ruth, "read").await;
    api_token(&app, &boaz, "read_write").await;
    let all = client(&app, Some(&admin)).get("/api/admin/tokens").await;
    assert_eq!(all.status, 200);
    assert_eq!(all.headers.get("x-total-count").unwrap(), "2");
    let owners: Vec<&str> = all
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["ownerEmail"].as_str().unwrap())
        .collect();
    assert_eq!(owners, ["boaz@example.org", "ruth@example.org"]);
    assert_eq!(all.body[1]["ownerUsername"], "ruth");
    let sub_list = client(&app, Some(&sub)).get("/api/admin/tokens").await;
    assert_eq!(sub_list.status, 403);
    let bad_page = client(&app, Some(&admin))
        .get("/api/admin/tokens?limit=0")
        .await;
    assert_eq!(bad_page.status, 400);
    // A token of the super admin cannot stand in for the signed-in super admin here.
    let admins_token = api_token(&app, &admin, "read_write").await;
    let by_token = client(&app, Some(&admins_token))
        .get("/api/admin/tokens")
        .await;
    assert_eq!(by_token.status, 403);
    let path = format!("/api/admin/tokens/{}", all.body[1]["id"]);
    assert_eq!(client(&app, Some(&sub)).delete(&path).await.status, 403);
    assert_eq!(client(&app, Some(&admin)).delete(&path).await.status, 200);
    assert_eq!(
        client(&app, Some(&ruths)).get("/api/user").await.status,
        401,
        "revoked by the super admin"
    );
    assert_eq!(client(&app, Some(&admin)).delete(&path).await.status, 404);
});

engine_test!(
    the_token_wins_over_a_session_cookie_sent_with_it,
    |ctx, app| {
        let (_, member) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, admin) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let token = api_token(&app, &member, "read").await;
        let req = test::TestRequest::get()
            .uri("/api/admin/users")
            .insert_header(("cookie", admin))
            .insert_header(("authorization", token))
            .to_request();
        assert_eq!(test::call_service(&app, req).await.status().as_u16(), 403);
    }
);

#[actix_web::test]
async fn a_token_counts_against_its_address_as_well() {
    let ctx = TestContext::with_config(adapters::testing::Engine::Sqlite, |c| {
        c.rate_limit_per_minute = 2;
    })
    .await
    .unwrap();
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    let (author, one) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, two) = sign_in_as(&ctx, &app, Role::Member).await;
    let public = ctx.story(&author, "Public", "Worship", true, 1).await;
    let (one, two) = (
        api_token(&app, &one, "read_write").await,
        api_token(&app, &two, "read_write").await,
    );
    let path = format!("/api/stories/{}/comments", public.id);
    let comment = || Some(json!({"authorName": "Ann", "content": "Amen"}));
    assert_eq!(
        send(&app, Method::POST, &path, Some(&one), comment())
            .await
            .status,
        201
    );
    assert_eq!(
        send(&app, Method::POST, &path, Some(&one), comment())
            .await
            .status,
        201
    );
    let limited = send(&app, Method::POST, &path, Some(&one), comment()).await;
    assert_eq!(limited.status, 429);
    // Same address, another person's token: the address's budget is spent too (a token
    // counts against its owner and its address, both; see `safety.rs`).
    assert_eq!(
        send(&app, Method::POST, &path, Some(&two), comment())
            .await
            .status,
        429
    );
    assert_eq!(
        send(&app, Method::POST, &path, None, comment())
            .await
            .status,
        429
    );
}

#[::core::prelude::v1::test]
fn the_document_declares_both_ways_to_authenticate_on_every_operation() {
    let doc = serde_json::to_value(app_server::routes::openapi_document()).unwrap();
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["bearer"]["type"], "http");
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    assert_eq!(schemes["session"]["type"], "apiKey");
    assert_eq!(schemes["session"]["in"], "cookie");
    assert_eq!(schemes["session"]["name"], app_server::session::COOKIE_NAME);
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            operations += 1;
            let names: Vec<String> = op["security"]
                .as_array()
                .unwrap_or_else(|| panic!("{method} {path} declares security"))
                .iter()
                .map(|r| {
                    r.as_object()
                        .unwrap()
                        .keys()
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("+")
                })
                .collect();
            assert!(
                names.contains(&"session".into()) && names.contains(&"bearer".into()),
                "{method} {path}: {names:?}"
            );
        }
    }
    assert!(operations > 50, "{operations}");
    let security = |path: &str| {
        doc["paths"][path]["get"]["security"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(security("/api/stories"), 3, "visitors welcome: {{}} too");
    assert_eq!(security("/api/user/tokens"), 2, "signed in only");
}
