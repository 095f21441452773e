//! Writing, publishing, reviewing and deleting stories; staged edits; sanitising; the
//! author's list; query counts of the lists.

use actix_web::http::Method;
use domain::user::Role;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{ADMIN_PASSWORD, App, TestContext, client, send, sign_in_as, sign_in_as_with};

fn story(title: &str) -> Value {
    json!({
        "title": format!("  {title}  "),
        "content": "First paragraph.\n\nSecond < third & more.",
        "excerpt": "  A short summary  ",
        "videoUrl": null,
        "thumbnailUrl": "https://images.example.org/cover.jpg",
        "category": "Testimonies",
        "isPublished": false,
        "authorId": "ignored"
    })
}

/// The bootstrap super admin's session cookie.
pub async fn admin_cookie(app: &impl App) -> String {
    let res = client(app, None)
        .post(
            "/api/admin/login",
            json!({"username": "admin", "password": ADMIN_PASSWORD}),
        )
        .await;
    res.cookie.unwrap()
}

engine_test!(
    a_video_story_goes_from_draft_to_review_to_published,
    |ctx, app| {
        let (author, c) = sign_in_as_with(&ctx, &app, Role::RegularContributor, |p| {
            p.email("writer@example.org")
        })
        .await;
        let (reviewer, r) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let mut body = story("Walking on water");
        body["videoUrl"] = json!("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
        let created = client(&app, Some(&c))
            .post("/api/stories", body.clone())
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let id = created.body["id"].as_i64().unwrap();
        assert_eq!(created.body["title"], "Walking on water", "trimmed");
        assert_eq!(created.body["excerpt"], "A short summary");
        assert_eq!(created.body["status"], "draft");
        assert_eq!(created.body["isPublished"], false);
        assert_eq!(created.body["authorId"], author.id.to_string());
        assert_eq!(
            created.body["videoUrl"],
            "https://www.youtube.com/embed/dQw4w9WgXcQ"
        );
        assert_eq!(
            created.body["content"],
            "<p>First paragraph.</p>\n<p>Second &lt; third &amp; more.</p>"
        );
        let path = format!("/api/stories/{id}");
        assert_eq!(
            client(&app, None).get(&path).await.status,
            404,
            "a draft is hidden from visitors"
        );
        assert_eq!(
            client(&app, Some(&c)).get(&path).await.status,
            200,
            "its author sees it"
        );

        body["title"] = json!("Walking on the water");
        let edited = client(&app, Some(&c)).put(&path, body.clone()).await;
        assert_eq!(edited.status, 200, "{}", edited.body);
        assert_eq!(edited.body["staged"], false);
        assert_eq!(edited.body["story"]["title"], "Walking on the water");

        let published = client(&app, Some(&c))
            .put(
                &format!("{path}/publish"),
                json!({"consent": {"site": true, "social": true, "widget": true}}),
            )
            .await;
        assert_eq!(published.status, 200);
        assert_eq!(published.body["status"], "pending_approval");
        assert_eq!(
            client(&app, None).get(&path).await.status,
            404,
            "still hidden while in review"
        );
        let again = send(
            &app,
            Method::PUT,
            &format!("{path}/publish"),
            Some(&c),
            None,
        )
        .await;
        assert_eq!(again.status, 409);

        let queue = client(&app, Some(&r))
            .get("/api/admin/stories/pending")
            .await;
        assert_eq!(queue.status, 200);
        assert_eq!(queue.body.as_array().unwrap().len(), 1);
        assert_eq!(queue.body[0]["id"], id);
        assert_eq!(queue.body[0]["revision"], Value::Null);
        let approved = send(
            &app,
            Method::POST,
            &format!("/api/admin/stories/{id}/approve"),
            Some(&r),
            None,
        )
        .await;
        assert_eq!(approved.status, 200, "{}", approved.body);
        assert_eq!(approved.body["status"], "approved");
        assert_eq!(approved.body["isPublished"], true);
        assert_eq!(approved.body["approvedBy"], reviewer.id.to_string());
        assert!(approved.body["publishedAt"].is_string());
        let public = client(&app, None).get(&path).await;
        assert_eq!(public.status, 200);
        let (_, _, list) = crate::helpers::get(&app, "/api/stories?q=water").await;
        assert_eq!(list[0]["id"], id);
        let mail = ctx.outbox().await;
        assert!(
            mail.iter()
                .any(|(to, subject)| to == "writer@example.org" && subject.contains("is live")),
            "{mail:?}"
        );
        let empty = client(&app, Some(&r))
            .get("/api/admin/stories/pending")
            .await;
        assert!(empty.body.as_array().unwrap().is_empty());
    }
);

engine_test!(
    an_edit_of_a_live_story_waits_for_review_while_the_old_text_stays_public,
    |ctx, app| {
        let (_, c) = sign_in_as(&ctx, &app, Role::PrimaryContributor).await;
        let admin = admin_cookie(&app).await;
        let mut body = story("Original title");
        body["isPublished"] = json!(true);
        body["consent"] = json!({"site": true, "social": true, "widget": true});
        let id = client(&app, Some(&c))
            .post("/api/stories", body.clone())
            .await
            .body["id"]
            .as_i64()
            .unwrap();
        assert_eq!(
            send(
                &app,
                Method::POST,
                &format!("/api/admin/stories/{id}/approve"),
                Some(&admin),
                None
            )
            .await
            .status,
            200
        );
        let path = format!("/api/stories/{id}");

        body["title"] = json!("Edited title");
        body["content"] = json!("New words.");
        let staged = client(&app, Some(&c)).put(&path, body.clone()).await;
        assert_eq!(staged.status, 200, "{}", staged.body);
        assert_eq!(staged.body["staged"], true);
        assert_eq!(staged.body["story"]["title"], "Original title");
        let public = client(&app, None).get(&path).await;
        assert_eq!(
            (
                public.body["title"].as_str(),
                public.body["isPublished"].as_bool()
            ),
            (Some("Original title"), Some(true))
        );
        let mine = client(&app, Some(&c))
            .get(&format!(
                "/api/stories/author/{}",
                public.body["authorId"].as_str().unwrap()
            ))
            .await;
        assert_eq!(mine.body[0]["hasPendingRevision"], true);
        let second = client(&app, Some(&c)).put(&path, body.clone()).await;
        assert_eq!(second.status, 409, "one staged edit at a time");

        let queue = client(&app, Some(&admin))
            .get("/api/admin/stories/pending")
            .await;
        let item = &queue.body[0];
        assert_eq!(item["title"], "Original title");
        assert_eq!(item["revision"]["title"], "Edited title");
        assert_eq!(item["changedFields"], json!(["title", "content"]));
        assert_eq!(
            send(
                &app,
                Method::POST,
                &format!("/api/admin/stories/{id}/approve"),
                Some(&admin),
                None
            )
            .await
            .status,
            200
        );
        let public = client(&app, None).get(&path).await;
        assert_eq!(public.body["title"], "Edited title");
        assert_eq!(public.body["content"], "<p>New words.</p>");

        body["title"] = json!("Rejected edit");
        assert_eq!(
            client(&app, Some(&c)).put(&path, body.clone()).await.body["staged"],
            true
        );
        let rejected = client(&app, Some(&admin))
            .post(
                &format!("/api/admin/stories/{id}/reject"),
                json!({"reason": "Please keep the old title"}),
            )
            .await;
        assert_eq!(rejected.status, 200);
        let public = client(&app, None).get(&path).await;
        assert_eq!(
            public.body["title"], "Edited title",
            "a rejected edit leaves the live text"
        );
        assert_eq!(public.body["status"], "approved");

        use domain::story::{RevisionStatus, StoryId, StoryRepository};
        let history = ctx.stories().revisions(StoryId(id)).await.unwrap();
        let approved = history
            .iter()
            .filter(|r| r.status == RevisionStatus::Approved)
            .count();
        let refused = history
            .iter()
            .filter(|r| r.status == RevisionStatus::Rejected)
            .count();
        assert_eq!(
            (approved, refused),
            (2, 1),
            "every approved version is kept"
        );
        assert!(
            ctx.outbox_bodies()
                .await
                .iter()
                .any(|b| b.contains("Please keep the old title"))
        );
    }
);

engine_test!(
    a_rejected_story_carries_the_reason_and_can_be_resubmitted,
    |ctx, app| {
        let (author, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let (_, r) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let mut body = story("Needs work");
        body["isPublished"] = json!(true);
        body["consent"] = json!({"site": true, "social": true, "widget": true});
        let id = client(&app, Some(&c))
            .post("/api/stories", body.clone())
            .await
            .body["id"]
            .as_i64()
            .unwrap();
        let rejected = client(&app, Some(&r))
            .post(
                &format!("/api/admin/stories/{id}/reject"),
                json!({"reason": "Add a Bible reference"}),
            )
            .await;
        assert_eq!(rejected.status, 200);
        assert_eq!(rejected.body["status"], "rejected");
        assert_eq!(rejected.body["rejectionReason"], "Add a Bible reference");
        let mine = client(&app, Some(&c))
            .get(&format!("/api/stories/author/{}", author.id))
            .await;
        assert_eq!(mine.body[0]["rejectionReason"], "Add a Bible reference");
        let mail = ctx.outbox_bodies().await;
        assert!(
            mail.iter().any(|b| b.contains("Add a Bible reference")),
            "{mail:?}"
        );
        // without a body the reason is optional
        let resubmitted = client(&app, Some(&c))
            .put(&format!("/api/stories/{id}"), body.clone())
            .await;
        assert_eq!(resubmitted.body["story"]["status"], "pending_approval");
        let bare = actix_web::test::TestRequest::post()
            .uri(&format!("/api/admin/stories/{id}/reject"))
            .insert_header(("cookie", r.clone()))
            .to_request();
        assert_eq!(
            actix_web::test::call_service(&app, bare)
                .await
                .status()
                .as_u16(),
            200
        );
    }
);

engine_test!(story_html_is_sanitised, |ctx, app| {
    let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let mut body = story("Clean");
    body["content"] = json!(
        r#"<p onclick="x()">Hello<script>alert(1)</script><img src="https://i.example/a.png" alt="A hill" onerror="alert(2)"><a href="javascript:alert(3)">link</a></p>"#
    );
    let res = client(&app, Some(&c)).post("/api/stories", body).await;
    assert_eq!(res.status, 201);
    let content = res.body["content"].as_str().unwrap();
    for bad in ["<script", "onerror", "onclick", "javascript:"] {
        assert!(!content.contains(bad), "{bad} survived in {content}");
    }
    assert!(
        content.contains("Hello")
            && content.contains("<img src=\"https://i.example/a.png\" alt=\"A hill\">"),
        "{content}"
    );
});

engine_test!(a_storys_reading_time_counts_its_visible_text, |ctx, app| {
    let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    // 250 characters of text inside markup: two minutes (200 a minute, rounded up); the
    // markup and an entity's spelling do not count.
    let mut body = story("Timed");
    body["content"] = json!(format!(
        "<p class=\"lead\"><strong>{}</strong> &amp;</p>",
        "x".repeat(248)
    ));
    let res = client(&app, Some(&c)).post("/api/stories", body).await;
    assert_eq!(res.status, 201, "{}", res.body);
    assert_eq!(res.body["readingMinutes"], 2);
    let id = res.body["id"].as_i64().unwrap();
    let res = client(&app, Some(&c))
        .get(&format!("/api/stories/{id}"))
        .await;
    assert_eq!(res.body["readingMinutes"], 2);
    let mut short = story("Timed");
    short["content"] = json!("<p>A little text.</p>");
    let res = client(&app, Some(&c))
        .put(&format!("/api/stories/{id}"), short)
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.body["story"]["readingMinutes"], 1);
});

engine_test!(story_fields_are_validated, |ctx, app| {
    let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let fields = |res: &crate::helpers::Answer| -> Vec<String> {
        res.body["errors"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| e["field"].as_str().unwrap().to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    let blank = client(&app, Some(&c))
        .post(
            "/api/stories",
            json!({"title": " ", "content": "  ", "category": ""}),
        )
        .await;
    assert_eq!(blank.status, 400);
    assert_eq!(fields(&blank), ["title", "content", "category"]);
    let mut bad = story("x");
    bad["category"] = json!("Astrology");
    bad["videoUrl"] = json!("https://evil.example/watch?v=1");
    bad["thumbnailUrl"] = json!("javascript:alert(1)");
    bad["title"] = json!("t".repeat(256));
    let res = client(&app, Some(&c)).post("/api/stories", bad).await;
    assert_eq!(res.status, 400);
    assert_eq!(
        fields(&res),
        ["title", "videoUrl", "thumbnailUrl", "category"]
    );
    let malformed = client(&app, Some(&c))
        .post("/api/stories", json!({"title": 1}))
        .await;
    assert_eq!(malformed.status, 400);
});

engine_test!(a_missing_story_is_not_found_to_a_writer, |ctx, app| {
    let (_, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
    let missing = client(&app, Some(&c))
        .put("/api/stories/999999", story("x"))
        .await;
    assert_eq!(missing.status, 404);
    assert_eq!(
        send(
            &app,
            Method::PUT,
            "/api/stories/999999/publish",
            Some(&c),
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        client(&app, Some(&c))
            .delete("/api/stories/999999")
            .await
            .status,
        404
    );
});

engine_test!(admin_authors_skip_the_queue, |ctx, app| {
    let admin = admin_cookie(&app).await;
    let mut body = story("From the pastor");
    body["isPublished"] = json!(true);
    body["consent"] = json!({"site": true, "social": true, "widget": true});
    let res = client(&app, Some(&admin)).post("/api/stories", body).await;
    assert_eq!(res.status, 201);
    assert_eq!(res.body["status"], "approved");
    assert_eq!(res.body["isPublished"], true);
    let id = res.body["id"].as_i64().unwrap();
    assert_eq!(
        client(&app, None)
            .get(&format!("/api/stories/{id}"))
            .await
            .status,
        200
    );
});

/// What [`a_draft_and_a_live_story`] made.
struct Shelf {
    cookie: String,
    draft: i64,
    live: i64,
}

/// A regular contributor, signed in, with a draft written through the API and a live story.
async fn a_draft_and_a_live_story(ctx: &TestContext, app: &impl App) -> Shelf {
    let (author, cookie) = sign_in_as(ctx, app, Role::RegularContributor).await;
    let draft = client(app, Some(&cookie))
        .post("/api/stories", story("Draft"))
        .await
        .body["id"]
        .as_i64()
        .unwrap();
    let live = ctx
        .story(&author, "Live one", "Worship", true, 1)
        .await
        .id
        .0;
    Shelf {
        cookie,
        draft,
        live,
    }
}

engine_test!(
    visitors_and_people_awaiting_approval_may_not_write_stories,
    |ctx, app| {
        let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
        assert_eq!(
            client(&app, None)
                .post("/api/stories", story("x"))
                .await
                .status,
            401
        );
        let refused = client(&app, Some(&pending))
            .post("/api/stories", story("x"))
            .await;
        assert_eq!(refused.status, 403);
        assert_eq!(refused.body["message"], "Your account is pending approval");
    }
);

engine_test!(others_may_not_change_an_authors_stories, |ctx, app| {
    let Shelf { draft, live, .. } = a_draft_and_a_live_story(&ctx, &app).await;
    let (_, other) = sign_in_as(&ctx, &app, Role::Member).await;
    // someone else's draft looks missing; someone else's live story is forbidden
    assert_eq!(
        client(&app, Some(&other))
            .put(&format!("/api/stories/{draft}"), story("x"))
            .await
            .status,
        404
    );
    assert_eq!(
        client(&app, Some(&other))
            .put(&format!("/api/stories/{live}"), story("x"))
            .await
            .status,
        403
    );
    assert_eq!(
        send(
            &app,
            Method::PUT,
            &format!("/api/stories/{draft}/publish"),
            Some(&other),
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        client(&app, Some(&other))
            .delete(&format!("/api/stories/{live}"))
            .await
            .status,
        403
    );
    assert_eq!(
        client(&app, None)
            .delete(&format!("/api/stories/{live}"))
            .await
            .status,
        401
    );
});

engine_test!(
    only_reviewers_use_the_review_queue_and_its_actions,
    |ctx, app| {
        let Shelf { draft, .. } = a_draft_and_a_live_story(&ctx, &app).await;
        let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
        let (_, other) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, primary) = sign_in_as(&ctx, &app, Role::PrimaryContributor).await;
        let (_, adm) = sign_in_as_with(&ctx, &app, Role::Admin, |p| p.pending()).await;
        let (_, sub) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let superadmin = admin_cookie(&app).await;
        for (name, cookie, expected) in [
            ("visitor", None, 401),
            ("pending", Some(&pending), 403),
            ("member", Some(&other), 403),
            ("primary contributor", Some(&primary), 403),
            ("admin", Some(&adm), 200),
            ("sub admin", Some(&sub), 200),
            ("super admin", Some(&superadmin), 200),
        ] {
            let c = cookie.map(String::as_str);
            assert_eq!(
                client(&app, c)
                    .get("/api/admin/stories/pending")
                    .await
                    .status,
                expected,
                "{name}"
            );
            let approve = send(
                &app,
                Method::POST,
                &format!("/api/admin/stories/{draft}/approve"),
                c,
                None,
            )
            .await
            .status;
            assert_eq!(
                approve,
                if expected == 200 { 409 } else { expected },
                "{name} approving a draft"
            );
            let reject = send(
                &app,
                Method::POST,
                "/api/admin/stories/999999/reject",
                c,
                None,
            )
            .await
            .status;
            assert_eq!(
                reject,
                if expected == 200 { 404 } else { expected },
                "{name} rejecting a missing story"
            );
            let delete = client(&app, c)
                .delete("/api/admin/stories/999999")
                .await
                .status;
            assert_eq!(
                delete,
                if expected == 200 { 404 } else { expected },
                "{name} deleting a missing story"
            );
        }
    }
);

engine_test!(the_author_and_admins_may_delete_stories, |ctx, app| {
    let Shelf {
        cookie: c,
        draft,
        live,
    } = a_draft_and_a_live_story(&ctx, &app).await;
    let (_, adm) = sign_in_as_with(&ctx, &app, Role::Admin, |p| p.pending()).await;
    assert_eq!(
        client(&app, Some(&c))
            .delete(&format!("/api/stories/{draft}"))
            .await
            .status,
        200
    );
    assert_eq!(
        client(&app, Some(&adm))
            .delete(&format!("/api/stories/{live}"))
            .await
            .status,
        200
    );
    assert_eq!(
        client(&app, None)
            .get(&format!("/api/stories/{live}"))
            .await
            .status,
        404
    );
});

engine_test!(
    an_authors_list_shows_drafts_only_to_the_author_and_reviewers,
    |ctx, app| {
        let (author, c) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let (_, sub) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        client(&app, Some(&c))
            .post("/api/stories", story("My draft"))
            .await;
        ctx.story(&author, "My live story", "Worship", true, 1)
            .await;
        let path = format!("/api/stories/author/{}", author.id);
        let count = |res: crate::helpers::Answer| res.body.as_array().unwrap().len();
        assert_eq!(count(client(&app, Some(&c)).get(&path).await), 2);
        assert_eq!(count(client(&app, Some(&sub)).get(&path).await), 2);
        assert_eq!(count(client(&app, None).get(&path).await), 1);
        assert_eq!(
            count(client(&app, None).get("/api/stories/author/nobody").await),
            0
        );
    }
);

engine_test!(
    a_page_of_stories_costs_a_fixed_number_of_queries,
    |ctx, app| {
        use domain::story::{StoryQuery, StoryRepository};
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let _ = &app;
        let counter = Arc::new(AtomicUsize::new(0));
        let mut counted = ctx.state.db.clone();
        let seen = counter.clone();
        counted.set_metric_callback(move |_| {
            seen.fetch_add(1, Ordering::SeqCst);
        });
        let repo = adapters::SeaOrmStoryRepository::new(counted);
        let query = StoryQuery {
            search: None,
            category: None,
            passages: Vec::new(),
            scope: Default::default(),
        };
        let mut costs = Vec::new();
        for authors in [1usize, 20] {
            for i in 0..authors {
                let author = ctx
                    .user(
                        &format!("a{authors}-{i}@example.org"),
                        Role::RegularContributor,
                        true,
                    )
                    .await;
                ctx.story(&author, &format!("Story {authors}-{i}"), "Worship", true, 1)
                    .await;
            }
            counter.store(0, Ordering::SeqCst);
            let page = repo.list_published(&query, 20, 0).await.unwrap();
            assert!(!page.items.is_empty());
            costs.push(counter.load(Ordering::SeqCst));
            counter.store(0, Ordering::SeqCst);
            repo.review_queue(None, 100, 0).await.unwrap();
            costs.push(counter.load(Ordering::SeqCst));
        }
        assert_eq!(
            costs[0], costs[2],
            "a page of 1 and of 20 stories cost the same: {costs:?}"
        );
        assert_eq!(
            costs[1], costs[3],
            "the review queue's cost does not grow: {costs:?}"
        );
        assert!(costs[0] <= 4, "count, page, authors, passages: {costs:?}");
    }
);

/// Every platform the site posts to.
fn to_every_platform() -> Value {
    json!({"platforms": ["twitter", "linkedin", "instagram"]})
}

engine_test!(
    exporting_a_live_story_queues_one_post_per_platform_and_says_why_they_wait,
    |ctx, app| {
        let Shelf {
            cookie: c, live, ..
        } = a_draft_and_a_live_story(&ctx, &app).await;
        let all = to_every_platform();
        let res = client(&app, Some(&c))
            .post(&format!("/api/stories/{live}/export"), all.clone())
            .await;
        assert_eq!(res.status, 200, "{}", res.body);
        // No credentials are configured: queued, and the answer says why for each platform.
        assert_eq!(
            res.body["message"],
            "Queued for Twitter, LinkedIn and Instagram: the site has no credentials for Twitter and LinkedIn yet, so the post will go out once an administrator connects the accounts; Instagram cannot take a post without an image through its API, so share it there by hand"
        );
        // Exporting again while the posts wait queues nothing more.
        let again = client(&app, Some(&c))
            .post(&format!("/api/stories/{live}/export"), all)
            .await;
        assert_eq!(again.status, 200, "{}", again.body);
        use sea_orm::{ConnectionTrait, Statement};
        let db = &ctx.state.db;
        let rows = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT platform, status, body FROM social_posts",
            ))
            .await
            .unwrap();
        assert_eq!(rows.len(), 3);
        for row in &rows {
            assert_eq!(row.try_get::<String>("", "status").unwrap(), "queued");
        }
        let body: String = rows[0].try_get("", "body").unwrap();
        assert!(
            body.contains(&format!("http://localhost:8080/stories/{live}"))
                && body.contains("Grace Stories"),
            "{body}"
        );
    }
);

engine_test!(a_story_must_be_live_to_be_exported, |ctx, app| {
    let Shelf {
        cookie: c, draft, ..
    } = a_draft_and_a_live_story(&ctx, &app).await;
    let unpublished = client(&app, Some(&c))
        .post(&format!("/api/stories/{draft}/export"), to_every_platform())
        .await;
    assert_eq!(unpublished.status, 400);
    assert_eq!(
        unpublished.body["message"],
        "Story must be published before exporting to social media"
    );
});

engine_test!(only_the_author_exports_a_story, |ctx, app| {
    let Shelf {
        cookie: c,
        draft,
        live,
    } = a_draft_and_a_live_story(&ctx, &app).await;
    let (_, other) = sign_in_as(&ctx, &app, Role::Member).await;
    let all = to_every_platform();
    assert_eq!(
        client(&app, None)
            .post(&format!("/api/stories/{live}/export"), all.clone())
            .await
            .status,
        401
    );
    assert_eq!(
        client(&app, Some(&other))
            .post(&format!("/api/stories/{live}/export"), all.clone())
            .await
            .status,
        403
    );
    assert_eq!(
        client(&app, Some(&other))
            .post(&format!("/api/stories/{draft}/export"), all.clone())
            .await
            .status,
        404
    );
    assert_eq!(
        client(&app, Some(&c))
            .post("/api/stories/999999/export", all)
            .await
            .status,
        404
    );
});

engine_test!(an_export_names_at_least_one_known_platform, |ctx, app| {
    let Shelf {
        cookie: c, live, ..
    } = a_draft_and_a_live_story(&ctx, &app).await;
    let none = client(&app, Some(&c))
        .post(
            &format!("/api/stories/{live}/export"),
            json!({"platforms": []}),
        )
        .await;
    assert_eq!(none.status, 400);
    let unknown = client(&app, Some(&c))
        .post(
            &format!("/api/stories/{live}/export"),
            json!({"platforms": ["myspace"]}),
        )
        .await;
    assert_eq!(unknown.status, 400);
});

// what the author typed comes back as typed, to its author and reviewers
// only, for the live story and for an edit waiting for review.
engine_test!(
    the_authors_text_comes_back_as_typed_to_the_author_and_reviewers,
    |ctx, app| {
        let (_, author) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let typed = "Line one\nline two\n\n![Our choir & friends](https://images.example.org/choir.jpg)\n\n1 < 2 & \"quotes\"";
        let mut body = story("As typed");
        body["content"] = json!(format!("  {typed}\n"));
        body["isPublished"] = json!(true);
        body["consent"] = json!({"site": true, "social": true, "widget": true});
        let made = client(&app, Some(&author)).post("/api/stories", body).await;
        assert_eq!(made.status, 201, "{}", made.body);
        assert_eq!(made.body["source"], typed);
        let id = made.body["id"].as_i64().unwrap();
        let path = format!("/api/stories/{id}");
        let mine = client(&app, Some(&author)).get(&path).await;
        assert_eq!(mine.body["source"], typed);
        assert!(mine.body["content"].as_str().unwrap().contains("<img"));

        let admin = admin_cookie(&app).await;
        let approved = send(
            &app,
            Method::POST,
            &format!("/api/admin/stories/{id}/approve"),
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(approved.status, 200, "{}", approved.body);
        let public = client(&app, None).get(&path).await;
        assert_eq!(public.status, 200);
        assert_eq!(
            public.body["source"],
            Value::Null,
            "readers get the HTML only"
        );
        assert_eq!(
            client(&app, Some(&admin)).get(&path).await.body["source"],
            typed
        );

        // An edit of the live story waits for review with its own text.
        let mut edit = story("As typed");
        edit["content"] = json!("Second version\n\nwith <b>HTML</b> inside");
        edit["isPublished"] = json!(true);
        edit["consent"] = json!({"site": true, "social": true, "widget": true});
        let staged = client(&app, Some(&author)).put(&path, edit).await;
        assert_eq!(staged.status, 200, "{}", staged.body);
        let waiting = client(&app, Some(&author))
            .get(&format!("{path}/pending-edit"))
            .await;
        assert_eq!(waiting.status, 200, "{}", waiting.body);
        assert_eq!(
            waiting.body["edit"]["source"],
            "Second version\n\nwith <b>HTML</b> inside"
        );
        assert_eq!(waiting.body["live"]["source"], typed);
    }
);
