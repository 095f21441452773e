//! The runtime contract: probes, OpenAPI, explorer, JSON 404, SPA fallback, categories and
//! the public story list and detail.

use domain::user::Role;
use serde_json::Value;

use crate::engine_test;
use crate::helpers::{get, get_text};

engine_test!(health_and_readiness_answer, |ctx, app| {
    let (status, _, body) = get(&app, "/healthz").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
    let (status, _, body) = get(&app, "/readyz").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ready");
});

engine_test!(
    readiness_fails_with_503_when_the_database_is_gone,
    |ctx, app| {
        ctx.state.db.clone().close().await.unwrap();
        let (status, _, body) = get(&app, "/readyz").await;
        assert_eq!(status, 503);
        assert!(body["message"].as_str().unwrap().contains("unavailable"));
    }
);

engine_test!(unknown_api_paths_are_json_404s, |ctx, app| {
    let (status, ctype, body) = get_text(&app, "/api/nothing").await;
    assert_eq!(status, 404);
    assert!(ctype.starts_with("application/json"), "{ctype}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["message"], "Not found");
});

engine_test!(other_paths_fall_back_to_the_site, |ctx, app| {
    // The admin area's addresses (docs/decisions/consistency.md) open from a mail or a bookmark.
    for path in [
        "/some/page",
        "/dashboard/people/pending",
        "/dashboard/moderation/comments",
    ] {
        let (status, ctype, body) = get_text(&app, path).await;
        assert!(!ctype.starts_with("application/json"), "{path}: {ctype}");
        if status == 200 {
            assert!(ctype.starts_with("text/html"), "{path}: {ctype}");
            assert!(
                body.contains("<div id=\"root\">"),
                "{path}: index.html expected"
            );
        } else {
            // The site was not built before this test run.
            assert_eq!(status, 503, "{path}");
            assert!(body.contains("just build"), "{path}");
        }
    }
});

engine_test!(a_built_file_of_another_build_is_a_404, |ctx, app| {
    // A page opened before an upgrade asks for its build's chunks; the app reloads on the 404.
    for path in [
        "/assets/story-detail-page-0ldBu1ld.js",
        "/assets/index-0ldBu1ld.css",
    ] {
        let (status, ctype, body) = get_text(&app, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(ctype.starts_with("text/plain"), "{path}: {ctype}");
        assert!(!body.contains("<div id=\"root\">"), "{path}: {body}");
    }
});

engine_test!(
    the_served_openapi_document_is_the_committed_one,
    |ctx, app| {
        let (status, _, served) = get(&app, "/api/openapi.json").await;
        assert_eq!(status, 200);
        assert_eq!(served["openapi"], "3.1.0");
        let generated = serde_json::to_value(app_server::routes::openapi_document()).unwrap();
        assert!(
            served == generated,
            "the served document differs from the generated one"
        );
        let committed: Value = serde_json::from_str(
            &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json"))
                .unwrap(),
        )
        .unwrap();
        assert!(
            committed == generated,
            "openapi.json is stale: run `just openapi` and commit it"
        );
    }
);

engine_test!(the_api_explorer_is_served_without_a_cdn, |ctx, app| {
    let (status, ctype, body) = get_text(&app, "/api/docs/").await;
    assert_eq!(status, 200);
    assert!(ctype.starts_with("text/html"));
    assert!(
        !body.contains("://cdn") && !body.contains("unpkg.com"),
        "explorer must not load from a CDN"
    );
    let (status, _, js) = get_text(&app, "/api/docs/swagger-initializer.js").await;
    assert_eq!(status, 200);
    assert!(js.contains("/api/openapi.json"));
    let (status, _, _) = get_text(&app, "/api/docs/swagger-ui-bundle.js").await;
    assert_eq!(status, 200);
});

engine_test!(site_information_comes_from_configuration, |ctx, app| {
    let (status, _, body) = get(&app, "/api/site").await;
    assert_eq!(status, 200);
    assert_eq!(body["siteName"], "Grace Stories");
    assert_eq!(body["supportEmail"], "support@example.org");
    assert_eq!(body["googleSignInEnabled"], false);
});

engine_test!(
    the_five_categories_are_seeded_with_published_counts,
    |ctx, app| {
        let author = ctx
            .user("ruth@example.org", Role::RegularContributor, true)
            .await;
        ctx.story(&author, "Published one", "Worship", true, 1)
            .await;
        ctx.story(&author, "Published two", "Worship", true, 2)
            .await;
        ctx.story(&author, "A draft", "Worship", false, 0).await;
        let (status, _, body) = get(&app, "/api/categories").await;
        assert_eq!(status, 200);
        let list = body.as_array().unwrap();
        let names: Vec<&str> = list.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                "Bible Study",
                "Testimonies",
                "Faith & Life",
                "Worship",
                "Community"
            ]
        );
        let worship = list.iter().find(|c| c["name"] == "Worship").unwrap();
        assert_eq!(worship["storyCount"], 2);
        assert_eq!(list[0]["storyCount"], 0);
    }
);

engine_test!(
    seeding_twice_keeps_one_set_of_categories_and_one_super_admin,
    |ctx, app| {
        let again = app_server::prepare(crate::helpers::test_config(&ctx_url(&ctx)))
            .await
            .unwrap();
        let (_, _, body) = get(&app, "/api/categories").await;
        assert_eq!(body.as_array().unwrap().len(), 5);
        use domain::user::UserRepository;
        assert_eq!(
            ctx.users().count_with_role(Role::SuperAdmin).await.unwrap(),
            1
        );
        drop(again);
    }
);

fn ctx_url(ctx: &crate::helpers::TestContext) -> String {
    ctx.database_url().to_owned()
}

engine_test!(
    the_story_list_shows_only_published_stories_newest_first,
    |ctx, app| {
        let author = ctx
            .user("ruth@example.org", Role::RegularContributor, true)
            .await;
        ctx.story(&author, "Older", "Testimonies", true, 3).await;
        ctx.story(&author, "Newer", "Bible Study", true, 1).await;
        ctx.story(&author, "Hidden draft", "Bible Study", false, 0)
            .await;
        let (status, headers, body) = get(&app, "/api/stories").await;
        assert_eq!(status, 200);
        assert_eq!(headers.get("x-total-count").unwrap(), "2");
        let titles: Vec<&str> = body
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["Newer", "Older"]);
        let first = &body[0];
        assert_eq!(first["author"]["firstName"], "Ruth");
        assert_eq!(first["status"], "approved");
        assert_eq!(first["isPublished"], true);
        assert!(first.get("content").is_none(), "cards carry no content");
    }
);

engine_test!(the_story_list_searches_filters_and_pages, |ctx, app| {
    let author = ctx
        .user("ruth@example.org", Role::RegularContributor, true)
        .await;
    ctx.story(&author, "Grace at the Well", "Testimonies", true, 1)
        .await;
    ctx.story(&author, "Psalm 23 Study", "Bible Study", true, 2)
        .await;
    ctx.story(&author, "100% Joy_ful", "Worship", true, 3).await;
    let (_, headers, body) = get(&app, "/api/stories?q=grace").await;
    assert_eq!(headers.get("x-total-count").unwrap(), "1");
    assert_eq!(body[0]["title"], "Grace at the Well");
    // content is searched too, case-insensitively
    let (_, _, body) = get(&app, "/api/stories?q=CONTENT%20psalm").await;
    assert_eq!(body.as_array().unwrap().len(), 1);
    // words are prefixes; punctuation alone is no search at all
    let (_, _, body) = get(&app, "/api/stories?q=gra").await;
    assert_eq!(body.as_array().unwrap().len(), 1);
    let (_, headers, _) = get(&app, "/api/stories?q=%25%22%2A").await;
    assert_eq!(headers.get("x-total-count").unwrap(), "3");
    let (status, _, body) = get(&app, "/api/stories?q=joy%20AND%20NOT").await;
    assert_eq!(status, 200);
    assert_eq!(
        body.as_array().unwrap().len(),
        0,
        "query syntax words are plain words"
    );
    let (_, _, body) = get(&app, "/api/stories?category=Bible%20Study").await;
    assert_eq!(body.as_array().unwrap().len(), 1);
    assert_eq!(body[0]["category"], "Bible Study");
    let (_, headers, body) = get(&app, "/api/stories?limit=1&offset=1").await;
    assert_eq!(headers.get("x-total-count").unwrap(), "3");
    assert_eq!(body.as_array().unwrap().len(), 1);
    assert_eq!(body[0]["title"], "Psalm 23 Study");
});

engine_test!(bad_list_parameters_are_400s, |ctx, app| {
    for path in [
        "/api/stories?limit=0",
        "/api/stories?limit=101",
        "/api/stories?limit=abc",
        "/api/stories?offset=-1",
        // Beyond what SQLite binds: once a panic in the driver, now a clear 400.
        "/api/stories?offset=9223372036854775808",
        "/api/stories?offset=1000000001",
    ] {
        let (status, _, body) = get(&app, path).await;
        assert_eq!(status, 400, "{path}");
        assert!(body["message"].is_string(), "{path}");
    }
    // Out of bounds: a validation error naming the parameter, like every paged list's.
    for (path, field) in [
        ("/api/stories?limit=0", "limit"),
        ("/api/stories?limit=101", "limit"),
        ("/api/stories?offset=9223372036854775808", "offset"),
        ("/api/stories?offset=1000000001", "offset"),
    ] {
        let (_, _, body) = get(&app, path).await;
        assert_eq!(body["code"], "validation_failed", "{path}: {body}");
        assert_eq!(body["errors"][0]["field"], field, "{path}: {body}");
    }
});

engine_test!(
    responses_are_compressed_when_the_browser_asks,
    |ctx, app| {
        let plain = actix_web::test::call_service(
            &app,
            actix_web::test::TestRequest::get()
                .uri("/api/categories")
                .to_request(),
        )
        .await;
        assert_eq!(plain.status(), 200);
        assert!(plain.headers().get("content-encoding").is_none());
        let packed = actix_web::test::call_service(
            &app,
            actix_web::test::TestRequest::get()
                .uri("/api/categories")
                .insert_header(("accept-encoding", "gzip"))
                .to_request(),
        )
        .await;
        assert_eq!(packed.status(), 200);
        assert_eq!(packed.headers().get("content-encoding").unwrap(), "gzip");
        let body = actix_web::test::read_body(packed).await;
        assert_eq!(&body[..2], &[0x1f, 0x8b], "a gzip stream");
    }
);

engine_test!(the_largest_offset_is_an_empty_page, |ctx, app| {
    let (status, headers, body) = get(&app, "/api/stories?offset=1000000000").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body.as_array().unwrap().len(), 0);
    assert!(headers.get("x-total-count").is_some());
});

engine_test!(a_published_story_is_readable_with_its_author, |ctx, app| {
    let author = ctx
        .user("ruth@example.org", Role::RegularContributor, true)
        .await;
    let story = ctx
        .story(&author, "Grace at the Well", "Testimonies", true, 1)
        .await;
    let (status, _, body) = get(&app, &format!("/api/stories/{}", story.id)).await;
    assert_eq!(status, 200);
    assert_eq!(body["title"], "Grace at the Well");
    assert_eq!(body["content"], "<p>The content of Grace at the Well.</p>");
    assert_eq!(body["author"]["lastName"], "Moab");
    assert_eq!(body["authorId"], author.id.to_string());
});

engine_test!(
    unpublished_and_missing_stories_are_404_and_bad_ids_400,
    |ctx, app| {
        let author = ctx
            .user("ruth@example.org", Role::RegularContributor, true)
            .await;
        let draft = ctx
            .story(&author, "Secret draft", "Testimonies", false, 0)
            .await;
        let (status, _, body) = get(&app, &format!("/api/stories/{}", draft.id)).await;
        assert_eq!(status, 404);
        assert_eq!(body["message"], "Story not found");
        let (status, _, _) = get(&app, "/api/stories/999999").await;
        assert_eq!(status, 404);
        let (status, _, body) = get(&app, "/api/stories/abc").await;
        assert_eq!(status, 400);
        assert!(body["message"].is_string());
    }
);
