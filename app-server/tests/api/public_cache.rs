//! Visitors' public reads kept in memory: served again with the same `ETag`,
//! 304 for a current copy, never shared with signed-in readers, emptied at once by a write
//! on this instance and by another instance's write once it reads the shared version.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{TestContext, client, get, send, sign_in_as, sign_in_as_with};
use crate::stories::admin_cookie;

fn tag(headers: &actix_web::http::header::HeaderMap) -> String {
    headers
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

engine_test!(
    a_visitors_read_is_kept_and_revalidated_with_its_etag,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Kept", "Worship", true, 1).await;
        assert!(ctx.state.public_cache.is_empty());
        for path in [
            "/api/stories".to_owned(),
            "/api/stories?category=Worship&limit=5".to_owned(),
            format!("/api/stories/{}", story.id.0),
            format!("/api/stories/{}/comments", story.id.0),
            "/api/categories".to_owned(),
            "/api/site".to_owned(),
            format!("/stories/{}", story.id.0),
        ] {
            let before = ctx.state.public_cache.len();
            let res =
                test::call_service(&app, test::TestRequest::get().uri(&path).to_request()).await;
            assert_eq!(res.status(), 200, "{path}");
            let etag = tag(res.headers());
            assert!(etag.starts_with('"'), "{path} has a strong ETag: {etag:?}");
            if path.starts_with("/api/") {
                assert_eq!(
                    res.headers().get("cache-control").unwrap(),
                    "public, no-cache",
                    "{path}"
                );
            }
            let first = test::read_body(res).await;
            assert_eq!(ctx.state.public_cache.len(), before + 1, "{path} is kept");

            let res =
                test::call_service(&app, test::TestRequest::get().uri(&path).to_request()).await;
            assert_eq!(tag(res.headers()), etag, "{path}");
            assert_eq!(test::read_body(res).await, first, "{path}: the same answer");

            let res = test::call_service(
                &app,
                test::TestRequest::get()
                    .uri(&path)
                    .insert_header(("if-none-match", etag.clone()))
                    .to_request(),
            )
            .await;
            assert_eq!(res.status(), 304, "{path}");
            assert_eq!(tag(res.headers()), etag);
            assert!(test::read_body(res).await.is_empty());
        }
        // Answers other than 200 and private paths are not kept.
        let before = ctx.state.public_cache.len();
        assert_eq!(get(&app, "/api/stories/999999").await.0, 404);
        assert_eq!(get(&app, "/api/user").await.0, 401);
        let revisions = format!("/api/stories/{}/revisions", story.id.0);
        assert_eq!(get(&app, &revisions).await.0, 401);
        assert_eq!(ctx.state.public_cache.len(), before);
    }
);

engine_test!(signed_in_readers_get_their_own_answers, |ctx, app| {
    let (author, cookie) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let story = ctx.story(&author, "Mine", "Worship", true, 1).await;
    let path = format!("/api/stories/{}", story.id.0);
    // The visitor's answer is kept first; the author still gets the text as typed.
    let (_, _, visitor) = get(&app, &path).await;
    assert!(visitor["source"].is_null());
    let before = ctx.state.public_cache.len();
    let own = client(&app, Some(&cookie)).get(&path).await;
    assert_eq!(own.status, 200);
    assert_eq!(own.body["source"], "The content of Mine.");
    assert_eq!(ctx.state.public_cache.len(), before, "not kept");
    assert!(own.headers.get("etag").is_none());
    // And the visitor never gets the author's answer.
    assert!(get(&app, &path).await.2["source"].is_null());
});

engine_test!(
    a_write_empties_the_cache_before_its_answer_leaves,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        ctx.story(&author, "Older", "Worship", true, 3).await;
        let (_, _, list) = get(&app, "/api/stories").await;
        assert_eq!(list.as_array().unwrap().len(), 1);
        let admin = admin_cookie(&app).await;

        // A refused write changes nothing and keeps the cache.
        let kept = ctx.state.public_cache.len();
        let refused = client(&app, Some(&admin))
            .post("/api/stories", json!({"title": ""}))
            .await;
        assert_eq!(refused.status, 400);
        assert_eq!(ctx.state.public_cache.len(), kept);

        let created = client(&app, Some(&admin))
            .post(
                "/api/stories",
                json!({
                    "title": "Newest",
                    "content": "Fresh.",
                    "category": "Worship",
                    "isPublished": true, "consent": {"site": true, "social": true, "widget": true}
                }),
            )
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let id = created.body["id"].as_i64().unwrap();
        if created.body["status"] != "approved" {
            let published = client(&app, Some(&admin))
                .put(
                    &format!("/api/stories/{id}/publish"),
                    json!({"consent": {"site": true, "social": true, "widget": true}}),
                )
                .await;
            assert_eq!(published.status, 200);
        }
        let (_, headers, list) = get(&app, "/api/stories").await;
        let titles: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["Newest", "Older"]);
        assert_eq!(headers.get("x-total-count").unwrap(), "2");
    }
);

engine_test!(
    another_instances_write_reaches_this_cache_through_the_shared_version,
    |ctx, app| {
        // A second instance on the same database.
        let mut config = crate::helpers::test_config(ctx.database_url());
        config.media = ctx.state.config.media.clone();
        let other = app_server::prepare(config).await.unwrap();
        let other_app =
            test::init_service(app_server::app(other.clone(), ctx.openapi.clone())).await;
        other.public_cache.follow().await.unwrap();

        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Shared", "Worship", true, 1).await;
        let path = format!("/api/stories/{}/comments", story.id.0);
        assert_eq!(get(&other_app, &path).await.2.as_array().unwrap().len(), 0);
        let comment = ctx.comment(&story, "Ruth").await;

        // The moderator approves through this instance.
        let admin = admin_cookie(&app).await;
        let approved = send(
            &app,
            Method::PATCH,
            &format!("/api/comments/{}/approve", comment.id.0),
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(approved.status, 200);
        assert_eq!(
            get(&app, &path).await.2.as_array().unwrap().len(),
            1,
            "at once here"
        );
        // The other instance still answers from memory until it reads the shared version
        // (written at once, or a moment later when this instance wrote it just before).
        assert_eq!(get(&other_app, &path).await.2.as_array().unwrap().len(), 0);
        tokio::time::sleep(app_server::public_cache::TELL_EVERY * 2).await;
        other.public_cache.follow().await.unwrap();
        assert!(other.public_cache.is_empty());
        assert_eq!(get(&other_app, &path).await.2.as_array().unwrap().len(), 1);
    }
);

engine_test!(
    an_instances_first_reading_of_the_shared_version_trusts_nothing_kept_before_it,
    |ctx, _app| {
        // A second instance that answers visitors before its first reading of the version.
        let mut config = crate::helpers::test_config(ctx.database_url());
        config.media = ctx.state.config.media.clone();
        let other = app_server::prepare(config).await.unwrap();
        let other_app =
            test::init_service(app_server::app(other.clone(), ctx.openapi.clone())).await;
        assert_eq!(get(&other_app, "/api/stories").await.0, 200);
        assert!(other.public_cache.holds("/api/stories"));
        // Another instance changes something and says so before that first reading.
        adapters::SeaOrmCacheVersion::new(ctx.state.db.clone())
            .bump()
            .await
            .unwrap();
        other.public_cache.follow().await.unwrap();
        assert!(
            other.public_cache.is_empty(),
            "an answer kept before the first reading may predate the change"
        );
    }
);

engine_test!(
    members_share_a_lists_stories_and_each_sees_their_own_bylines,
    |ctx, app| {
        use sea_orm::ConnectionTrait;
        let (ruth, ruth_cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let (_, mary_cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        // Ruth's anonymous story for members only.
        let story = ctx
            .story(&ruth, "Kept for members", "Worship", true, 1)
            .await;
        let sql = |sql: String| {
            let db = ctx.state.db.clone();
            async move { db.execute_unprepared(&sql).await.unwrap() }
        };
        sql(format!(
            "UPDATE stories SET byline = 'anonymous', audience = 'members' WHERE id = {}",
            story.id.0
        ))
        .await;
        ctx.changed_behind_the_api().await;
        let list = |cookie: Option<String>| {
            let app = &app;
            async move {
                let res = client(app, cookie.as_deref())
                    .get("/api/stories?limit=5")
                    .await;
                assert_eq!(res.status, 200, "{}", res.body);
                res.body[0].clone()
            }
        };
        let mine = list(Some(ruth_cookie.clone())).await;
        assert_eq!(mine["title"], "Kept for members");
        assert_eq!(
            mine["authorId"],
            ruth.id.as_str(),
            "the author sees it is hers"
        );
        let theirs = list(Some(mary_cookie.clone())).await;
        assert_eq!(theirs["title"], "Kept for members");
        assert!(theirs.get("authorId").is_none(), "{theirs}");
        assert_eq!(theirs["author"]["name"], "A member of Grace Stories");
        assert!(list(None).await.is_null(), "not for visitors");

        // Renamed behind the server: both members are answered from the shared list...
        sql(format!(
            "UPDATE stories SET title = 'Renamed' WHERE id = {}",
            story.id.0
        ))
        .await;
        assert_eq!(
            list(Some(mary_cookie.clone())).await["title"],
            "Kept for members"
        );
        assert_eq!(
            list(Some(ruth_cookie.clone())).await["title"],
            "Kept for members"
        );
        // ...until a change that touches lists, here or on another instance.
        ctx.changed_behind_the_api().await;
        assert_eq!(list(Some(mary_cookie)).await["title"], "Renamed");
        let mine = list(Some(ruth_cookie)).await;
        assert_eq!(mine["title"], "Renamed");
        assert_eq!(mine["authorId"], ruth.id.as_str());
    }
);

engine_test!(
    members_share_a_live_story_and_its_author_reads_their_own,
    |ctx, app| {
        use sea_orm::ConnectionTrait;
        let (ruth, ruth_cookie) =
            sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org")).await;
        let (_, mary_cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let story = ctx
            .story(&ruth, "Kept for members", "Worship", true, 1)
            .await;
        let sql = |sql: String| {
            let db = ctx.state.db.clone();
            async move { db.execute_unprepared(&sql).await.unwrap() }
        };
        sql(format!(
            "UPDATE stories SET byline = 'anonymous', audience = 'members' WHERE id = {}",
            story.id.0
        ))
        .await;
        ctx.changed_behind_the_api().await;
        let path = format!("/api/stories/{}", story.id.0);
        let read = |cookie: Option<String>| {
            let (app, path) = (&app, path.clone());
            async move {
                let res = client(app, cookie.as_deref()).get(&path).await;
                (res.status, res.body)
            }
        };
        let (status, theirs) = read(Some(mary_cookie.clone())).await;
        assert_eq!(status, 200, "{theirs}");
        assert_eq!(theirs["title"], "Kept for members");
        assert!(theirs.get("authorId").is_none(), "{theirs}");
        assert!(theirs["source"].is_null(), "{theirs}");
        let (status, mine) = read(Some(ruth_cookie.clone())).await;
        assert_eq!(status, 200, "{mine}");
        assert_eq!(
            mine["authorId"],
            ruth.id.as_str(),
            "the author sees it is hers"
        );
        assert!(
            mine["source"].is_string(),
            "and the text as she typed it: {mine}"
        );
        assert_eq!(read(None).await.0, 404, "not for visitors");

        // Renamed behind the server: Mary is answered from the shared story, its author
        // from the database...
        sql(format!(
            "UPDATE stories SET title = 'Renamed' WHERE id = {}",
            story.id.0
        ))
        .await;
        assert_eq!(
            read(Some(mary_cookie.clone())).await.1["title"],
            "Kept for members"
        );
        assert_eq!(read(Some(ruth_cookie)).await.1["title"], "Renamed");
        // ...until a change that touches stories, here or on another instance.
        ctx.changed_behind_the_api().await;
        assert_eq!(read(Some(mary_cookie)).await.1["title"], "Renamed");
    }
);

#[actix_web::test]
async fn with_no_memory_for_it_nothing_is_kept_but_etags_still_answer_304() {
    let Some(ctx) =
        TestContext::with_config(adapters::testing::Engine::Sqlite, |c| c.public_cache_mb = 0)
            .await
    else {
        return;
    };
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    let (status, headers, _) = get(&app, "/api/categories").await;
    assert_eq!(status, 200);
    assert!(ctx.state.public_cache.is_empty());
    let res = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/api/categories")
            .insert_header(("if-none-match", tag(&headers)))
            .to_request(),
    )
    .await;
    assert_eq!(res.status(), 304);
}

engine_test!(
    a_write_to_the_sites_pages_is_a_405_and_empties_nothing,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        ctx.story(&author, "Kept", "Worship", true, 1).await;
        let (status, _, _) = get(&app, "/api/stories").await;
        assert_eq!(status, 200);
        assert!(!ctx.state.public_cache.is_empty(), "the list is kept");
        for path in ["/", "/stories", "/index.html"] {
            let res = client(&app, None).post(path, json!({})).await;
            assert_eq!(res.status, 405, "{path}");
            assert_eq!(res.headers.get("allow").unwrap(), "GET, HEAD", "{path}");
            assert_eq!(res.body["code"], "method_not_allowed", "{path}");
        }
        assert!(
            !ctx.state.public_cache.is_empty(),
            "a refused write leaves the visitors' answers in place"
        );
        let (status, _, _) = get(&app, "/").await;
        assert_eq!(status, 200, "reading the site still works");
    }
);
