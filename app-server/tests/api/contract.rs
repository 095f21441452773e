//! What schemathesis found where the server and `openapi.json` disagreed (`just test-slow`
//! runs it): each case here failed before the fix, on both engines.

use actix_web::http::Method;
use domain::user::Role;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{client, send, sign_in_as};
use crate::stories::admin_cookie;

fn document() -> Value {
    serde_json::to_value(app_server::routes::openapi_document()).unwrap()
}

// A method an address does not take was a 404 "Not found", as if the address did not exist.
engine_test!(
    a_method_an_address_does_not_take_is_a_405_naming_the_ones_it_does,
    |ctx, app| {
        let admin = admin_cookie(&app).await;
        for (method, path, allow) in [
            (Method::TRACE, "/api/categories", "GET"),
            (Method::PUT, "/api/login", "GET, POST"),
            (Method::PATCH, "/api/stories/7", "DELETE, GET, PUT"),
            (Method::POST, "/api/user/sessions/revoke-others/x", ""),
            // actix routes these to `/api/admin/comments/{id}` and `/api/user/sessions/{id}`.
            (Method::DELETE, "/api/admin/comments/pending", "GET"),
            (Method::OPTIONS, "/api/user/sessions/revoke-others", "POST"),
        ] {
            let res = send(&app, method.clone(), path, Some(&admin), None).await;
            if allow.is_empty() {
                assert_eq!(res.status, 404, "{method} {path}: {}", res.body);
                continue;
            }
            assert_eq!(
                (res.status, res.body["code"].as_str()),
                (405, Some("method_not_allowed")),
                "{method} {path}: {}",
                res.body
            );
            assert_eq!(res.headers.get("allow").unwrap(), allow, "{method} {path}");
        }
    }
);

// JSON Schema counts 7.0 as an integer; serde refused it with a 400.
engine_test!(
    comment_ids_written_as_whole_numbers_with_a_fraction_are_ids,
    |ctx, app| {
        let admin = admin_cookie(&app).await;
        let (author, _) = sign_in_as(&ctx, &app, Role::Member).await;
        let story = ctx.story(&author, "Ruth", "Testimonies", true, 1).await;
        let comment = ctx.comment(&story, "Naomi").await;
        #[allow(clippy::cast_precision_loss)]
        let id = comment.id.0 as f64;
        let res = client(&app, Some(&admin))
            .post(
                "/api/admin/comments/bulk",
                json!({"action": "approve", "ids": [id, 99999.0]}),
            )
            .await;
        assert_eq!(
            (res.status, &res.body["changed"]),
            (200, &json!(1)),
            "{}",
            res.body
        );
        let res = client(&app, Some(&admin))
            .post(
                "/api/admin/comments/bulk",
                json!({"action": "approve", "ids": [1.5]}),
            )
            .await;
        assert_eq!(res.status, 400, "{}", res.body);
    }
);

/// Every operation documents the 400 that the middleware and the extractors can answer to
/// any request, and every one that reads JSON the 413 of a body over 1 MiB; schemathesis
/// called each undocumented 400 a failure.
#[test]
fn every_operation_documents_its_400_and_every_json_body_its_413() {
    let doc = document();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let responses = &op["responses"];
            assert!(
                responses["400"].is_object(),
                "{method} {path} documents 400"
            );
            if op["requestBody"]["content"]["application/json"].is_object() {
                assert!(
                    responses["413"].is_object(),
                    "{method} {path} documents 413"
                );
            }
        }
    }
}

/// What a request may hold is in the document: texts without control characters, the
/// domain's one-line and address rules, and unknown fields under the same rule; page sizes
/// with the bounds the domain checks.
#[test]
fn request_texts_and_page_sizes_carry_the_servers_rules() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    let pattern = |schema: &str, field: &str| {
        schemas[schema]["properties"][field]["pattern"]
            .as_str()
            .unwrap_or_else(|| panic!("{schema}.{field} has a pattern"))
            .to_owned()
    };
    // One-line titles refuse every control character; story text keeps tab and line breaks.
    assert!(pattern("StoryInput", "title").contains(r"\u0000-\u001F\u007F-\u009F"));
    assert!(pattern("StoryInput", "content").contains(r"\u0000-\u0008\u000B\u000C\u000E-\u001F"));
    assert!(pattern("RegisterRequest", "email").contains('@'));
    assert!(pattern("LoginRequest", "password").contains(r"\u0000-\u0008"));
    assert_eq!(
        schemas["StoryInput"]["additionalProperties"]["$ref"],
        "#/components/schemas/PlainJson"
    );
    assert_eq!(
        schemas["CreateApiTokenRequest"]["properties"]["expiresInDays"]["enum"],
        json!([30, 90, 365, null])
    );
    let limit = doc["paths"]["/api/admin/mail-outbox"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "limit")
        .unwrap()
        .clone();
    assert_eq!(
        (&limit["schema"]["minimum"], &limit["schema"]["maximum"]),
        (&json!(1), &json!(200))
    );
}

// The reset-mail counter was keyed by the address itself: with a 255-character address its
// key outgrew the 255-character column, which PostgreSQL refused (a 500).
engine_test!(
    a_password_reset_for_the_longest_address_is_accepted,
    |ctx, app| {
        let domain = format!(
            "{}.{}.{}.example",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63)
        );
        let email = format!("{}@{domain}", "r".repeat(255 - domain.len() - 1));
        assert_eq!(email.len(), 255);
        let res = client(&app, None)
            .post("/api/password-reset", json!({"email": email}))
            .await;
        assert_eq!(res.status, 202, "{}", res.body);
    }
);
