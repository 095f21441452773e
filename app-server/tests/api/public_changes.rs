//! Which writes empty the visitors' kept answers: only those that change what a visitor
//! sees. A pending comment, a help message, a sign-up, sign-in or sign-out, a draft, a
//! story sent for review, `POST /` and a refused write leave the kept list in place (the
//! same `ETag`, not computed again) and write nothing to the shared version; publishing,
//! approving a comment and taking a story down reach the visitors of this instance at once
//! and of another instance within a second; many changes move the shared version only a
//! few times a second.

use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use actix_web::test;
use app_server::public_cache::TELL_EVERY;
use domain::story::StoryRepository;
use domain::user::Role;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{TestContext, client, get, send, sign_in_as};
use crate::stories::admin_cookie;

fn tag(headers: &actix_web::http::header::HeaderMap) -> String {
    headers
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

fn titles(list: &Value) -> Vec<&str> {
    list.as_array()
        .map(|a| a.iter().filter_map(|s| s["title"].as_str()).collect())
        .unwrap_or_default()
}

/// The shared version row as stored now.
async fn shared_version(ctx: &TestContext) -> i64 {
    adapters::SeaOrmCacheVersion::new(ctx.state.db.clone())
        .current()
        .await
        .unwrap()
}

/// The visitor's list is still the kept answer: the same `ETag`, and the title it had when
/// it was kept (the story was renamed in the database since, so a new computation would
/// show the new title).
async fn still_kept<S, B>(ctx: &TestContext, app: &S, etag: &str, after: &str)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    assert!(
        ctx.state.public_cache.holds("/api/stories"),
        "after {after}: the list is still kept"
    );
    let (status, headers, list) = get(app, "/api/stories").await;
    assert_eq!(status, 200, "after {after}");
    assert_eq!(tag(&headers), etag, "after {after}: the same answer");
    assert_eq!(
        titles(&list),
        ["Kept"],
        "after {after}: answered from memory, not computed again"
    );
}

engine_test!(
    writes_that_change_nothing_visitors_see_leave_their_answers_in_place,
    |ctx, app| {
        let (_, writer) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let mut story = ctx.story(&author, "Kept", "Worship", true, 1).await;
        // The story's own announcement is written by now.
        tokio::time::sleep(TELL_EVERY * 2).await;
        let comments = format!("/api/stories/{}/comments", story.id.0);
        let (status, headers, list) = get(&app, "/api/stories").await;
        assert_eq!((status, titles(&list)), (200, vec!["Kept"]));
        let etag = tag(&headers);
        assert_eq!(get(&app, &comments).await.0, 200);
        let version = shared_version(&ctx).await;
        // Renamed behind the cache's back: only a new computation would show it.
        story.title = "Renamed quietly".into();
        ctx.stories().update(&story, &[]).await.unwrap();
        still_kept(&ctx, &app, &etag, "nothing").await;

        let joined = client(&app, None)
            .post(
                "/api/register",
                json!({"email": "new@example.org", "username": "newcomer",
                "password": "secret1", "firstName": "New", "lastName": "Comer"}),
            )
            .await;
        assert_eq!(joined.status, 201, "{}", joined.body);
        still_kept(&ctx, &app, &etag, "a sign-up").await;

        let out = send(
            &app,
            Method::POST,
            "/api/logout",
            joined.cookie.as_deref(),
            None,
        )
        .await;
        assert_eq!(out.status, 200);
        still_kept(&ctx, &app, &etag, "a sign-out").await;

        sign_in_as(&ctx, &app, Role::Member).await;
        still_kept(&ctx, &app, &etag, "a sign-in").await;

        let pending = client(&app, None)
            .post(&comments, json!({"authorName": "Mary", "content": "Amen!"}))
            .await;
        assert_eq!(pending.status, 201, "{}", pending.body);
        still_kept(&ctx, &app, &etag, "a pending comment").await;
        assert!(
            ctx.state.public_cache.holds(&comments),
            "the story's comments too: the new one waits for approval"
        );

        let help = client(&app, None)
            .post(
                "/api/help/contact",
                json!({"subject": "Hi", "category": "general", "message": "Hello",
                "contactEmail": "ann@example.org"}),
            )
            .await;
        assert_eq!(help.status, 201, "{}", help.body);
        still_kept(&ctx, &app, &etag, "a help message").await;

        let draft = client(&app, Some(&writer))
            .post(
                "/api/stories",
                json!({"title": "Mine", "content": "Words", "category": "Worship",
                "isPublished": false}),
            )
            .await;
        assert_eq!(draft.status, 201, "{}", draft.body);
        let draft_id = draft.body["id"].as_i64().unwrap();
        still_kept(&ctx, &app, &etag, "a new draft").await;
        let saved = client(&app, Some(&writer))
            .put(
                &format!("/api/stories/{draft_id}"),
                json!({"title": "Mine", "content": "More words", "category": "Worship",
                "isPublished": false}),
            )
            .await;
        assert_eq!(saved.status, 200, "{}", saved.body);
        still_kept(&ctx, &app, &etag, "a draft saved").await;

        let submitted = client(&app, Some(&writer))
            .put(
                &format!("/api/stories/{draft_id}/publish"),
                json!({"consent": {"site": true, "social": true, "widget": true}}),
            )
            .await;
        assert_eq!(submitted.status, 200, "{}", submitted.body);
        assert_eq!(submitted.body["status"], "pending_approval");
        still_kept(&ctx, &app, &etag, "a story sent for review").await;

        let site = client(&app, None).post("/", json!({})).await;
        assert_eq!(site.status, 405);
        still_kept(&ctx, &app, &etag, "POST /").await;

        let refused = client(&app, Some(&writer))
            .post("/api/stories", json!({"title": ""}))
            .await;
        assert_eq!(refused.status, 400);
        still_kept(&ctx, &app, &etag, "a refused write").await;

        tokio::time::sleep(TELL_EVERY * 2).await;
        assert_eq!(
            shared_version(&ctx).await,
            version,
            "nothing was written to the shared version"
        );

        // A reviewer approving the story is a real change: the list is computed again.
        let admin = admin_cookie(&app).await;
        let approved = send(
            &app,
            Method::POST,
            &format!("/api/admin/stories/{draft_id}/approve"),
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(approved.status, 200, "{}", approved.body);
        let (_, headers, list) = get(&app, "/api/stories").await;
        assert_ne!(tag(&headers), etag);
        assert_eq!(titles(&list), ["Mine", "Renamed quietly"]);
        tokio::time::sleep(TELL_EVERY * 2).await;
        assert!(
            shared_version(&ctx).await > version,
            "the other instances are told"
        );
    }
);

engine_test!(
    an_approved_comment_empties_only_its_storys_comments,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Commented", "Worship", true, 1).await;
        let other = ctx.story(&author, "Quiet", "Worship", true, 2).await;
        let comment = ctx.comment(&story, "Ruth").await;
        let comments = format!("/api/stories/{}/comments", story.id.0);
        let others = format!("/api/stories/{}/comments", other.id.0);
        let (_, headers, _) = get(&app, "/api/stories").await;
        let list_tag = tag(&headers);
        assert_eq!(get(&app, &comments).await.2.as_array().unwrap().len(), 0);
        assert_eq!(get(&app, &others).await.0, 200);
        let page = format!("/api/stories/{}", story.id.0);
        assert_eq!(get(&app, &page).await.0, 200);

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
        let cache = &ctx.state.public_cache;
        assert!(!cache.holds(&comments), "its comments are computed again");
        assert!(cache.holds("/api/stories"), "lists show no comments");
        assert!(cache.holds(&page), "nor does the story");
        assert!(cache.holds(&others), "nor other stories' comments");
        assert_eq!(get(&app, &comments).await.2.as_array().unwrap().len(), 1);
        assert_eq!(tag(&get(&app, "/api/stories").await.1), list_tag);

        // Deleting it takes it away again, as at once.
        let deleted = client(&app, Some(&admin))
            .delete(&format!("/api/admin/comments/{}", comment.id.0))
            .await;
        assert_eq!(deleted.status, 200);
        assert!(cache.holds("/api/stories"));
        assert_eq!(get(&app, &comments).await.2.as_array().unwrap().len(), 0);
    }
);

/// Polls `path` on `app` as a visitor until `done` holds; fails after a second.
async fn within_a_second<S, B>(app: &S, path: &str, done: impl Fn(u16, &Value) -> bool) -> Duration
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let started = Instant::now();
    loop {
        let (status, _, body) = get(app, path).await;
        if done(status, &body) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{path} did not follow within a second: {status} {body}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

engine_test!(
    publishing_approving_and_taking_down_reach_the_visitors_of_both_instances,
    |ctx, app| {
        // A second instance on the same database; both follow the shared version as
        // running servers do.
        let mut config = crate::helpers::test_config(ctx.database_url());
        config.media = ctx.state.config.media.clone();
        let other = app_server::prepare(config).await.unwrap();
        let other_app =
            test::init_service(app_server::app(other.clone(), ctx.openapi.clone())).await;
        app_server::jobs::follow_public_cache(ctx.state.public_cache.clone());
        app_server::jobs::follow_public_cache(other.public_cache.clone());
        let admin = admin_cookie(&app).await;
        for server in [&app, &other_app] {
            assert_eq!(titles(&get(server, "/api/stories").await.2).len(), 0);
        }

        // Published through this instance.
        let created = client(&app, Some(&admin))
            .post(
                "/api/stories",
                json!({"title": "Across", "content": "Seen everywhere.",
                "category": "Worship", "isPublished": true,
                "consent": {"site": true, "social": true, "widget": true}}),
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
        assert_eq!(
            titles(&get(&app, "/api/stories").await.2),
            ["Across"],
            "at once here"
        );
        within_a_second(&other_app, "/api/stories", |_, list| {
            titles(list) == ["Across"]
        })
        .await;

        // A visitor's comment through the other instance, approved through this one.
        let comments = format!("/api/stories/{id}/comments");
        let posted = client(&other_app, None)
            .post(
                &comments,
                json!({"authorName": "Ruth", "content": "Amen to this."}),
            )
            .await;
        assert_eq!(posted.status, 201, "{}", posted.body);
        for server in [&app, &other_app] {
            let (_, _, none) = get(server, &comments).await;
            assert_eq!(none.as_array().map(Vec::len), Some(0));
        }
        let approved = send(
            &app,
            Method::PATCH,
            &format!("/api/comments/{}/approve", posted.body["id"]),
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(approved.status, 200);
        let (_, _, one) = get(&app, &comments).await;
        assert_eq!(one.as_array().map(Vec::len), Some(1), "at once here");
        within_a_second(&other_app, &comments, |_, list| {
            list.as_array().map(Vec::len) == Some(1)
        })
        .await;

        // Taken down through this instance.
        let story = format!("/api/stories/{id}");
        assert_eq!(get(&other_app, &story).await.0, 200);
        let down = client(&app, Some(&admin))
            .post(
                &format!("/api/admin/stories/{id}/unpublish"),
                json!({"reason": "Asked by the family"}),
            )
            .await;
        assert_eq!(down.status, 200, "{}", down.body);
        assert_eq!(get(&app, "/api/stories").await.2, json!([]), "at once here");
        assert_eq!(get(&app, &story).await.0, 404);
        within_a_second(&other_app, "/api/stories", |_, list| list == &json!([])).await;
        within_a_second(&other_app, &story, |status, _| status == 404).await;
    }
);

engine_test!(
    many_changes_move_the_shared_version_a_few_times_a_second,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Busy", "Worship", true, 1).await;
        let mut waiting = Vec::new();
        for i in 0..12 {
            waiting.push(ctx.comment(&story, &format!("Reader {i}")).await);
        }
        let admin = admin_cookie(&app).await;
        tokio::time::sleep(TELL_EVERY * 2).await;
        let before = shared_version(&ctx).await;
        let started = Instant::now();
        for comment in &waiting {
            let approved = send(
                &app,
                Method::PATCH,
                &format!("/api/comments/{}/approve", comment.id.0),
                Some(&admin),
                None,
            )
            .await;
            assert_eq!(approved.status, 200);
        }
        let took = started.elapsed();
        // The last ones are told together a moment later.
        tokio::time::sleep(TELL_EVERY * 2).await;
        let bumps = shared_version(&ctx).await - before;
        let allowed = i64::try_from(took.as_millis() / TELL_EVERY.as_millis()).unwrap() + 2;
        assert!(bumps >= 1, "the other instances are told");
        assert!(
            bumps <= allowed,
            "{bumps} bumps for 12 changes in {took:?}: at most one every {TELL_EVERY:?}"
        );

        // However many changes at once: one bump now, one for all the others a moment later.
        let before = shared_version(&ctx).await;
        let cache = &ctx.state.public_cache;
        for _ in 0..100 {
            cache
                .changed(&app_server::public_cache::Visible::CommentsOf(vec![
                    story.id,
                ]))
                .await;
        }
        tokio::time::sleep(TELL_EVERY * 2).await;
        assert_eq!(shared_version(&ctx).await - before, 2);
    }
);

engine_test!(
    the_order_of_parameters_and_unknown_ones_share_one_kept_answer,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        ctx.story(&author, "One", "Worship", true, 1).await;
        let (status, headers, first) = get(&app, "/api/stories?limit=5&offset=0").await;
        assert_eq!(status, 200);
        let kept = ctx.state.public_cache.len();
        for same in [
            "/api/stories?offset=0&limit=5",
            "/api/stories?offset=0&utm_source=newsletter&limit=5",
            "/api/stories?limit=5&_=1700000000&offset=0",
        ] {
            let (status, again, body) = get(&app, same).await;
            assert_eq!(status, 200, "{same}");
            assert_eq!(tag(&again), tag(&headers), "{same}");
            assert_eq!(body, first, "{same}");
            assert_eq!(
                ctx.state.public_cache.len(),
                kept,
                "{same}: the same kept answer"
            );
        }
        // Another value is another answer.
        let (status, _, one) = get(&app, "/api/stories?limit=1&offset=0").await;
        assert_eq!((status, titles(&one)), (200, vec!["One"]));
        assert_eq!(ctx.state.public_cache.len(), kept + 1);
        // A control character is refused as before, never answered from memory.
        assert_eq!(
            get(&app, "/api/stories?limit=5&offset=0&x=%01").await.0,
            400
        );
    }
);

/// An app with one `POST` handler behind the visitors' cache.
async fn one_write<F, R>(
    ctx: &TestContext,
    handler: F,
) -> impl Service<
    actix_http::Request,
    Response = ServiceResponse<impl MessageBody>,
    Error = actix_web::Error,
>
where
    F: actix_web::Handler<(), Output = R> + Clone + 'static,
    R: actix_web::Responder + 'static,
{
    test::init_service(
        actix_web::App::new()
            .app_data(actix_web::web::Data::from(ctx.state.public_cache.clone()))
            .app_data(actix_web::web::Data::from(ctx.state.access.clone()))
            .wrap(actix_web::middleware::from_fn(
                app_server::public_cache::serve,
            ))
            .route("/write", actix_web::web::post().to(handler)),
    )
    .await
}

#[actix_web::test]
async fn a_write_that_says_what_it_changed_passes() {
    use app_server::public_cache::{Declare, Visible};
    let Some(ctx) = TestContext::new(adapters::testing::Engine::Sqlite).await else {
        return;
    };
    let app = one_write(&ctx, || async {
        actix_web::HttpResponse::Ok()
            .finish()
            .visible(Visible::Nothing)
    })
    .await;
    let res = test::call_service(&app, test::TestRequest::post().uri("/write").to_request()).await;
    assert_eq!(res.status(), 200);
}

/// A new write that forgets to declare what it changed fails its own tests.
#[actix_web::test]
#[should_panic(expected = "without declaring what it changed for visitors")]
async fn a_write_that_does_not_say_what_it_changed_fails_in_tests() {
    let Some(ctx) = TestContext::new(adapters::testing::Engine::Sqlite).await else {
        panic!("without declaring what it changed for visitors (no database to try)");
    };
    let app = one_write(&ctx, || async { actix_web::HttpResponse::Ok().finish() }).await;
    test::call_service(&app, test::TestRequest::post().uri("/write").to_request()).await;
}
