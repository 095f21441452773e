//! Recorded consent: required on submit and publish, statement versions, the social and
//! widget refusals, withdrawal leaving every output, and the export. See
//! `docs/decisions/privacy.md`. On both engines.

use actix_web::http::Method;
use domain::user::Role;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{client, get, get_text, send, sign_in_as};

fn form(title: &str, publish: bool, consent: Option<Value>) -> Value {
    let mut body = json!({
        "title": title,
        "content": format!("What happened to me, {title}."),
        "excerpt": "A story of grace",
        "category": "Worship",
        "isPublished": publish,
    });
    if let Some(c) = consent {
        body["consent"] = c;
    }
    body
}

fn field_named(body: &Value, field: &str) -> bool {
    body["code"] == "validation_failed"
        && body["errors"]
            .as_array()
            .is_some_and(|e| e.iter().any(|x| x["field"] == field))
}

/// A story by the signed-in author with this consent, submitted and approved by `reviewer`.
pub(crate) async fn live<S, B>(
    app: &S,
    author: &str,
    reviewer: &str,
    title: &str,
    consent: Value,
) -> i64
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let created = client(app, Some(author))
        .post("/api/stories", form(title, true, Some(consent)))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_i64().unwrap();
    let approved = send(
        app,
        Method::POST,
        &format!("/api/admin/stories/{id}/approve"),
        Some(reviewer),
        None,
    )
    .await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    id
}

engine_test!(submitting_needs_consent_to_the_site, |ctx, app| {
    let (_, c) = sign_in_as(&ctx, &app, Role::Member).await;
    let none = client(&app, Some(&c))
        .post("/api/stories", form("A", true, None))
        .await;
    assert_eq!(none.status, 400);
    assert!(field_named(&none.body, "consent"), "{}", none.body);
    let no_site = json!({"site": false, "social": true, "widget": true});
    let refused = client(&app, Some(&c))
        .post("/api/stories", form("A", true, Some(no_site)))
        .await;
    assert_eq!(refused.status, 400);
    assert!(
        field_named(&refused.body, "consent.site"),
        "{}",
        refused.body
    );
    // A draft needs none; its Publish action does.
    let draft = client(&app, Some(&c))
        .post("/api/stories", form("A", false, None))
        .await;
    assert_eq!(draft.status, 201);
    let id = draft.body["id"].as_i64().unwrap();
    let bare = send(
        &app,
        Method::PUT,
        &format!("/api/stories/{id}/publish"),
        Some(&c),
        None,
    )
    .await;
    assert_eq!(bare.status, 400);
    assert!(field_named(&bare.body, "consent"), "{}", bare.body);
    let edit = client(&app, Some(&c))
        .put(&format!("/api/stories/{id}"), form("A", true, None))
        .await;
    assert_eq!(edit.status, 400);
    assert!(field_named(&edit.body, "consent"), "{}", edit.body);
    let site_only = json!({"consent": {"site": true}});
    let ok = client(&app, Some(&c))
        .put(&format!("/api/stories/{id}/publish"), site_only)
        .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(ok.body["status"], "pending_approval");
    let records = client(&app, Some(&c))
        .get(&format!("/api/stories/{id}/consent"))
        .await;
    assert_eq!(records.status, 200);
    let list = records.body.as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["kind"], "given");
    assert_eq!(list[0]["site"], true);
    assert_eq!(list[0]["social"], false);
    assert_eq!(list[0]["widget"], false);
    assert_eq!(list[0]["storyTitle"], "A");
    let current = client(&app, Some(&c)).get("/api/consent-statement").await;
    assert_eq!(list[0]["statementVersion"], current.body["version"]);
});

engine_test!(
    a_storys_records_are_its_authors_and_reviewers,
    |ctx, app| {
        let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, other) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
        let id = live(&app, &author, &reviewer, "Mine", json!({"site": true})).await;
        let path = format!("/api/stories/{id}/consent");
        assert_eq!(client(&app, None).get(&path).await.status, 401);
        assert_eq!(client(&app, Some(&other)).get(&path).await.status, 403);
        assert_eq!(client(&app, Some(&reviewer)).get(&path).await.status, 200);
        assert_eq!(
            client(&app, Some(&author))
                .get("/api/stories/999999/consent")
                .await
                .status,
            404
        );
        let mine = client(&app, Some(&author)).get("/api/user/consents").await;
        assert_eq!(mine.status, 200);
        assert_eq!(mine.body.as_array().unwrap().len(), 1);
        assert_eq!(
            client(&app, None).get("/api/user/consents").await.status,
            401
        );
        assert_eq!(
            client(&app, Some(&other))
                .get("/api/user/consents")
                .await
                .body,
            json!([])
        );
    }
);

engine_test!(
    the_super_admin_changes_the_statement_and_old_records_keep_theirs,
    |ctx, app| {
        let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, admin) = sign_in_as(&ctx, &app, Role::Admin).await;
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        assert_eq!(
            client(&app, None)
                .get("/api/consent-statement")
                .await
                .status,
            401
        );
        let first = client(&app, Some(&author))
            .get("/api/consent-statement")
            .await;
        assert_eq!(first.status, 200);
        assert!(
            first.body["text"].as_str().unwrap().contains("withdraw"),
            "{}",
            first.body
        );
        assert_eq!(first.body["legacy"], false);
        let one = live(&app, &author, &admin, "Before", json!({"site": true})).await;

        let change = json!({"text": "I agree, version two."});
        let path = "/api/admin/consent-statement";
        assert_eq!(
            client(&app, None).put(path, change.clone()).await.status,
            401
        );
        assert_eq!(
            client(&app, Some(&admin))
                .put(path, change.clone())
                .await
                .status,
            403
        );
        let blank = client(&app, Some(&boss))
            .put(path, json!({"text": "  "}))
            .await;
        assert_eq!(blank.status, 400);
        assert!(field_named(&blank.body, "text"), "{}", blank.body);
        let changed = client(&app, Some(&boss)).put(path, change).await;
        assert_eq!(changed.status, 200, "{}", changed.body);
        assert_ne!(changed.body["version"], first.body["version"]);
        let two = live(&app, &author, &admin, "After", json!({"site": true})).await;

        let versions = client(&app, Some(&boss))
            .get("/api/admin/consent-statements")
            .await;
        assert_eq!(versions.status, 200);
        let v = versions.body.as_array().unwrap();
        assert_eq!(v.len(), 3, "legacy, default, new: {v:?}");
        assert_eq!(v[0]["text"], "I agree, version two.");
        assert!(v.iter().any(|s| s["legacy"] == true));
        assert_eq!(
            client(&app, Some(&admin))
                .get("/api/admin/consent-statements")
                .await
                .status,
            403
        );
        assert_eq!(
            client(&app, None)
                .get("/api/admin/consent-statements")
                .await
                .status,
            401
        );

        let of = |id: i64| format!("/api/stories/{id}/consent");
        let old = client(&app, Some(&author)).get(&of(one)).await;
        let new = client(&app, Some(&author)).get(&of(two)).await;
        assert_eq!(old.body[0]["statementVersion"], first.body["version"]);
        assert_eq!(new.body[0]["statementVersion"], changed.body["version"]);
    }
);

engine_test!(social_export_needs_social_consent, |ctx, app| {
    let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
    let site = live(
        &app,
        &author,
        &reviewer,
        "Site only",
        json!({"site": true, "social": false}),
    )
    .await;
    let shared = live(
        &app,
        &author,
        &reviewer,
        "Shared",
        json!({"site": true, "social": true}),
    )
    .await;
    let export = |id: i64| format!("/api/stories/{id}/export");
    let body = json!({"platforms": ["twitter"]});
    let refused = client(&app, Some(&author))
        .post(&export(site), body.clone())
        .await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.body["message"],
        "The author has not agreed to sharing this story on social media"
    );
    let by_reviewer = client(&app, Some(&reviewer))
        .post(&export(site), body.clone())
        .await;
    assert_eq!(by_reviewer.status, 400);
    let ok = client(&app, Some(&author))
        .post(&export(shared), body)
        .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
});

engine_test!(the_widget_lists_only_stories_agreed_to_it, |ctx, app| {
    let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
    live(
        &app,
        &author,
        &reviewer,
        "Not in widget",
        json!({"site": true, "widget": false}),
    )
    .await;
    live(
        &app,
        &author,
        &reviewer,
        "In widget",
        json!({"site": true, "widget": true}),
    )
    .await;
    let titles = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s["title"].as_str().unwrap().to_owned())
            .collect()
    };
    let (status, headers, all) = get(&app, "/api/stories").await;
    assert_eq!(status, 200);
    assert_eq!(titles(&all).len(), 2);
    assert_eq!(headers.get("x-total-count").unwrap(), "2");
    let (status, headers, widget) = get(&app, "/api/stories?widget=true").await;
    assert_eq!(status, 200);
    assert_eq!(titles(&widget), vec!["In widget".to_owned()]);
    assert_eq!(headers.get("x-total-count").unwrap(), "1");
    // A later confirmation without the widget takes it out again.
    let in_widget = widget[0]["id"].as_i64().unwrap();
    let edit = json!({"title": "In widget", "content": "What happened to me, In widget.",
        "excerpt": "A story of grace", "category": "Worship",
        "consent": {"site": true, "widget": false}});
    let staged = client(&app, Some(&author))
        .put(&format!("/api/stories/{in_widget}"), edit)
        .await;
    assert_eq!(staged.status, 200, "{}", staged.body);
    let (_, _, after) = get(&app, "/api/stories?widget=true").await;
    assert_eq!(after, json!([]));
});

engine_test!(
    withdrawing_consent_takes_the_story_out_of_every_output,
    |ctx, app| {
        let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, other) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let all = json!({"site": true, "social": true, "widget": true});
        let id = live(&app, &author, &reviewer, "Withdrawn testimony", all.clone()).await;
        let keep = live(&app, &author, &reviewer, "Kept testimony", all).await;
        // One post already made, one queued.
        let queued = client(&app, Some(&author))
            .post(
                &format!("/api/stories/{id}/export"),
                json!({"platforms": ["twitter", "linkedin"]}),
            )
            .await;
        assert_eq!(queued.status, 200, "{}", queued.body);
        ctx.state
            .db
            .execute_unprepared(&format!(
                "UPDATE social_posts SET status = 'posted', external_url = 'https://x.example/p/1' \
         WHERE story_id = {id} AND platform = 'twitter'"
            ))
            .await
            .unwrap();
        // Read once, so the visitors' cache holds them.
        assert_eq!(get(&app, &format!("/api/stories/{id}")).await.0, 200);
        assert!(
            get_text(&app, "/feed.xml")
                .await
                .2
                .contains("Withdrawn testimony")
        );

        let path = format!("/api/stories/{id}/withdraw-consent");
        assert_eq!(
            send(&app, Method::POST, &path, None, None).await.status,
            401
        );
        assert_eq!(
            send(&app, Method::POST, &path, Some(&other), None)
                .await
                .status,
            403
        );
        assert_eq!(
            send(
                &app,
                Method::POST,
                "/api/stories/999999/withdraw-consent",
                Some(&author),
                None
            )
            .await
            .status,
            404
        );
        let done = send(&app, Method::POST, &path, Some(&author), None).await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(done.body["cancelledPosts"], 1);
        assert!(done.body["purgedVersions"].as_u64().unwrap() >= 1);
        assert_eq!(done.body["posted"][0]["platform"], "twitter");
        assert_eq!(done.body["posted"][0]["url"], "https://x.example/p/1");

        // Gone from every output at once.
        assert_eq!(get(&app, &format!("/api/stories/{id}")).await.0, 404);
        let (_, _, list) = get(&app, "/api/stories").await;
        assert!(!list.to_string().contains("Withdrawn testimony"), "{list}");
        assert!(list.to_string().contains("Kept testimony"));
        assert_eq!(get_text(&app, &format!("/stories/{id}")).await.0, 404);
        let feed = get_text(&app, "/feed.xml").await.2;
        assert!(!feed.contains("Withdrawn testimony") && feed.contains("Kept testimony"));
        let (_, _, widget) = get(&app, "/api/stories?widget=true").await;
        assert!(!widget.to_string().contains("Withdrawn testimony"));
        // A draft for its author, without its earlier versions; the queued post cancelled.
        let mine = client(&app, Some(&author))
            .get(&format!("/api/stories/{id}"))
            .await;
        assert_eq!(mine.body["status"], "draft");
        let versions = client(&app, Some(&author))
            .get(&format!("/api/stories/{id}/revisions"))
            .await;
        assert_eq!(versions.body, json!([]));
        let rows = ctx
            .state
            .db
            .query_all_raw(sea_orm::Statement::from_string(
                ctx.state.db.get_database_backend(),
                format!("SELECT status FROM social_posts WHERE story_id = {id} ORDER BY platform"),
            ))
            .await
            .unwrap();
        let statuses: Vec<String> = rows
            .iter()
            .map(|r| r.try_get::<String>("", "status").unwrap())
            .collect();
        assert_eq!(statuses, ["cancelled", "posted"], "linkedin, twitter");
        let log = client(&app, Some(&boss))
            .get("/api/admin/audit-log?action=consent_withdrawn")
            .await;
        assert_eq!(log.status, 200, "{}", log.body);
        let entry = &log.body.as_array().unwrap()[0];
        assert_eq!(entry["targetId"], id.to_string());
        assert!(
            entry["reason"]
                .as_str()
                .unwrap()
                .contains("https://x.example/p/1"),
            "{entry}"
        );
        let records = client(&app, Some(&author))
            .get(&format!("/api/stories/{id}/consent"))
            .await;
        assert_eq!(
            records.body.as_array().unwrap().last().unwrap()["kind"],
            "withdrawn"
        );
        // Nothing left to withdraw; sending it again needs a new confirmation.
        assert_eq!(
            send(&app, Method::POST, &path, Some(&author), None)
                .await
                .status,
            409
        );

        // A moderator, for the author, only with a reason.
        let keep_path = format!("/api/stories/{keep}/withdraw-consent");
        let bare = send(&app, Method::POST, &keep_path, Some(&reviewer), None).await;
        assert_eq!(bare.status, 400);
        assert!(field_named(&bare.body, "reason"), "{}", bare.body);
        let ok = client(&app, Some(&reviewer))
            .post(&keep_path, json!({"reason": "The author asked by phone"}))
            .await;
        assert_eq!(ok.status, 200, "{}", ok.body);
        assert_eq!(get(&app, &format!("/api/stories/{keep}")).await.0, 404);
    }
);

engine_test!(the_export_holds_the_consent_records, |ctx, app| {
    let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
    let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
    let id = live(
        &app,
        &author,
        &reviewer,
        "Exported",
        json!({"site": true, "widget": true}),
    )
    .await;
    let export = client(&app, Some(&author)).get("/api/user/export").await;
    assert_eq!(export.status, 200);
    let consents = export.body["consents"].as_array().unwrap();
    assert_eq!(consents.len(), 1);
    assert_eq!(consents[0]["storyId"], id);
    assert_eq!(consents[0]["widget"], true);
    assert_eq!(export.body["stories"][0]["story"]["byline"], "full");
});

engine_test!(
    an_optional_body_that_is_sent_must_have_its_documented_shape,
    |ctx, app| {
        // Withdrawing consent, publishing, approving and rejecting take an optional body. One
        // that is there but wrong is refused and changes nothing, as any bad body is; it is not
        // taken for "no body" (a reason of the wrong type must not withdraw without a reason).
        let (_, author) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, reviewer) = sign_in_as(&ctx, &app, Role::Admin).await;
        let all = json!({"site": true, "social": true, "widget": true});
        let id = live(&app, &author, &reviewer, "Kept on a bad body", all).await;
        let path = format!("/api/stories/{id}/withdraw-consent");

        let not_an_object =
            send(&app, Method::POST, &path, Some(&author), Some(json!(false))).await;
        assert_eq!(not_an_object.status, 400, "{}", not_an_object.body);
        let wrong_type = send(
            &app,
            Method::POST,
            &path,
            Some(&author),
            Some(json!({"reason": 5})),
        )
        .await;
        assert_eq!(
            wrong_type.field_error(),
            (400, "validation_failed", "reason", "Must be text"),
            "{}",
            wrong_type.body
        );
        // Nothing was withdrawn.
        assert_eq!(get(&app, &format!("/api/stories/{id}")).await.0, 200);

        for (who, path) in [
            (&author, format!("/api/stories/{id}/publish")),
            (&reviewer, format!("/api/admin/stories/{id}/approve")),
            (&reviewer, format!("/api/admin/stories/{id}/reject")),
        ] {
            let method = if path.ends_with("/publish") {
                Method::PUT
            } else {
                Method::POST
            };
            let refused = send(&app, method, &path, Some(who), Some(json!([1, 2]))).await;
            assert_eq!(refused.status, 400, "{path}: {}", refused.body);
        }
        assert_eq!(get(&app, &format!("/api/stories/{id}")).await.0, 200);

        // `null` is no body, as the API document says: the author withdraws.
        let done = send(&app, Method::POST, &path, Some(&author), Some(Value::Null)).await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(get(&app, &format!("/api/stories/{id}")).await.0, 404);
    }
);
