//! The moderators' queues: stories and edits paged apart, the social posts of
//! the super admin, the counts on the tabs, and an author withdrawing a waiting edit.

use actix_web::http::Method;
use domain::clock::{Clock, SystemClock};
use domain::story::{RevisionStatus, StoryFields, StoryRepository};
use domain::user::Role;
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::engine_test;
use crate::helpers::{client, send, sign_in_as};
use crate::stories::admin_cookie;

engine_test!(
    new_stories_and_edits_page_apart_with_1000_each,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        for i in 0..1000 {
            ctx.pending_story(&author, &format!("New {i:04}")).await;
        }
        let repo = ctx.stories();
        for i in 0..1000 {
            let live = ctx
                .story(&author, &format!("Live {i:04}"), "Worship", true, 2)
                .await;
            let mut fields = StoryFields::of(&live);
            fields.title = format!("Edited {i:04}");
            repo.add_revision(
                live.id,
                &fields,
                RevisionStatus::Pending,
                &author.id,
                SystemClock.now() - chrono::Duration::days(1000 - i64::from(i)),
            )
            .await
            .unwrap();
        }
        let boss = admin_cookie(&app).await;
        let get = |path: &'static str| {
            let boss = boss.clone();
            let app = &app;
            async move { client(app, Some(&boss)).get(path).await }
        };
        let new = get("/api/admin/stories/pending?kind=new").await;
        assert_eq!(new.status, 200, "{}", new.body);
        assert_eq!(new.headers.get("x-total-count").unwrap(), "1000");
        assert_eq!(new.body.as_array().unwrap().len(), 20, "default page");
        assert_eq!(new.body[0]["title"], "New 0000", "oldest first");
        assert_eq!(new.body[0]["kind"], "new");
        assert!(
            new.body[0].get("content").is_none(),
            "no story text in the list"
        );
        assert!(
            new.body[0]["preview"]
                .as_str()
                .unwrap()
                .contains("The content of New 0000")
        );
        let last = get("/api/admin/stories/pending?kind=new&limit=100&offset=950").await;
        assert_eq!(last.body.as_array().unwrap().len(), 50);
        assert_eq!(last.body[49]["title"], "New 0999");
        let edits = get("/api/admin/stories/pending?kind=edit&limit=100").await;
        assert_eq!(edits.headers.get("x-total-count").unwrap(), "1000");
        assert_eq!(
            edits.body[0]["title"], "Live 0000",
            "the edit waiting longest"
        );
        assert_eq!(edits.body[0]["revision"]["title"], "Edited 0000");
        assert_eq!(edits.body[0]["changedFields"], json!(["title"]));
        assert_eq!(edits.body[0]["kind"], "edit");
        assert!(edits.body[0]["waitingSince"].as_str().is_some());
        let both = get("/api/admin/stories/pending?limit=1").await;
        assert_eq!(both.headers.get("x-total-count").unwrap(), "2000");
        let counts = get("/api/admin/queues").await;
        assert_eq!(counts.status, 200, "{}", counts.body);
        assert_eq!(counts.body["newStories"], 1000);
        assert_eq!(counts.body["edits"], 1000);
        for bad in [
            "limit=0",
            "limit=101",
            "kind=old",
            "offset=-3",
            "offset=1000000001",
        ] {
            let path = format!("/api/admin/stories/pending?{bad}");
            let r = client(&app, Some(&boss)).get(&path).await;
            assert_eq!(r.status, 400, "{bad}: {}", r.body);
        }
        // Out of bounds: a validation error naming the parameter, like every paged list's.
        for (bad, field) in [
            ("limit=0", "limit"),
            ("limit=101", "limit"),
            ("offset=1000000001", "offset"),
        ] {
            let path = format!("/api/admin/stories/pending?{bad}");
            let r = client(&app, Some(&boss)).get(&path).await;
            assert_eq!(r.body["code"], "validation_failed", "{bad}: {}", r.body);
            assert_eq!(r.body["errors"][0]["field"], field, "{bad}: {}", r.body);
        }
    }
);

engine_test!(
    the_super_admin_pages_retries_and_cancels_social_posts,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Shared", "Worship", true, 1).await;
        let rows: Vec<String> = (0..1000)
            .map(|i| {
                // One queued post per story and platform at most (a unique index keeps it).
                let status = if i == 999 { "queued" } else { "failed" };
                format!(
                    "({}, 'twitter', '{status}', 'Post {i}', '2024-03-05 12:00:00+00:00', {})",
                    story.id,
                    if status == "failed" { 10 } else { 1 }
                )
            })
            .collect();
        ctx.state
            .db
            .execute_unprepared(&format!(
                "INSERT INTO social_posts (story_id, platform, status, body, created_at, attempts) VALUES {}",
                rows.join(", ")
            ))
            .await
            .unwrap();
        let boss = admin_cookie(&app).await;
        let all = client(&app, Some(&boss))
            .get("/api/admin/social-posts")
            .await;
        assert_eq!(all.status, 200, "{}", all.body);
        assert_eq!(all.headers.get("x-total-count").unwrap(), "1000");
        assert_eq!(all.body.as_array().unwrap().len(), 50);
        assert_eq!(all.body[0]["storyTitle"], "Shared");
        let failed = client(&app, Some(&boss))
            .get("/api/admin/social-posts?status=failed&limit=200&offset=899")
            .await;
        assert_eq!(failed.headers.get("x-total-count").unwrap(), "999");
        assert_eq!(failed.body.as_array().unwrap().len(), 100);
        let failed_id = failed.body[0]["id"].as_i64().unwrap();
        let queued = client(&app, Some(&boss))
            .get("/api/admin/social-posts?status=queued&limit=1")
            .await;
        let queued_id = queued.body[0]["id"].as_i64().unwrap();
        let call = |verb: &'static str, id: i64| {
            let boss = boss.clone();
            let app = &app;
            async move {
                send(
                    app,
                    Method::POST,
                    &format!("/api/admin/social-posts/{id}/{verb}"),
                    Some(&boss),
                    None,
                )
                .await
            }
        };
        // While a post of the story waits for the platform, a failed one cannot join it.
        let twice = call("retry", failed_id).await;
        assert_eq!(twice.status, 409, "{}", twice.body);
        assert!(
            twice.body["message"]
                .as_str()
                .unwrap()
                .contains("already queued"),
            "{}",
            twice.body
        );
        let cancelled = call("cancel", queued_id).await;
        assert_eq!(cancelled.body["status"], "cancelled");
        assert_eq!(call("cancel", queued_id).await.status, 409);
        assert_eq!(call("retry", queued_id).await.status, 409);
        let retried = call("retry", failed_id).await;
        assert_eq!(retried.status, 200, "{}", retried.body);
        assert_eq!(retried.body["status"], "queued");
        assert_eq!(retried.body["attempts"], 0);
        assert_eq!(call("retry", failed_id).await.status, 409);
        assert_eq!(call("cancel", 999_999).await.status, 404);
        let log = client(&app, Some(&boss)).get("/api/admin/audit-log").await;
        assert_eq!(log.headers.get("x-total-count").unwrap(), "2");
        assert_eq!(log.body[0]["action"], "social_retried");
        assert_eq!(log.body[0]["targetLabel"], "Shared");
        assert_eq!(log.body[0]["reason"], "Twitter");
        assert_eq!(log.body[1]["action"], "social_cancelled");
        let counts = client(&app, Some(&boss)).get("/api/admin/queues").await;
        assert_eq!(counts.body["socialFailed"], 998);
        for bad in ["limit=0", "limit=201", "status=lost"] {
            let r = client(&app, Some(&boss))
                .get(&format!("/api/admin/social-posts?{bad}"))
                .await;
            assert_eq!(r.status, 400, "{bad}");
        }
    }
);

engine_test!(
    each_moderator_sees_the_counts_of_their_own_queues,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let story = ctx.story(&author, "Live", "Worship", true, 1).await;
        ctx.comment(&story, "Ann").await;
        ctx.comment(&story, "Ben").await;
        ctx.pending_story(&author, "Waiting").await;
        let (_, primary) = sign_in_as(&ctx, &app, Role::PrimaryContributor).await;
        let counts = client(&app, Some(&primary)).get("/api/admin/queues").await;
        assert_eq!(counts.status, 200, "{}", counts.body);
        assert_eq!(
            counts.body,
            json!({"comments": 2, "newStories": null, "edits": null, "people": null,
                   "helpOpen": null, "mailFailed": null, "socialFailed": null})
        );
        let (_, sub) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let counts = client(&app, Some(&sub)).get("/api/admin/queues").await;
        assert_eq!(counts.body["newStories"], 1);
        assert_eq!(counts.body["edits"], 0);
        assert_eq!(counts.body["people"], json!(null));
        let boss = admin_cookie(&app).await;
        let counts = client(&app, Some(&boss)).get("/api/admin/queues").await;
        assert_eq!(counts.body["people"], 0);
        assert_eq!(counts.body["helpOpen"], 0);
        assert_eq!(counts.body["mailFailed"], 0);
        let (_, member) = sign_in_as(&ctx, &app, Role::Member).await;
        let refused = client(&app, Some(&member)).get("/api/admin/queues").await;
        assert_eq!(refused.status, 403);
        let visitor = client(&app, None).get("/api/admin/queues").await;
        assert_eq!(visitor.status, 401);
    }
);

engine_test!(
    an_author_reads_and_withdraws_the_edit_waiting_for_review,
    |ctx, app| {
        let (author, writer) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        let live = ctx.story(&author, "Live", "Worship", true, 1).await;
        let path = format!("/api/stories/{}/pending-edit", live.id);
        let none = client(&app, Some(&writer)).get(&path).await;
        assert_eq!(none.status, 404, "{}", none.body);
        let edit = client(&app, Some(&writer)).put(&format!("/api/stories/{}", live.id), json!({"title": "Live, better", "content": "<p>New words</p>", "category": "Worship"}))
        .await;
        assert_eq!(edit.status, 200, "{}", edit.body);
        let waiting = client(&app, Some(&writer)).get(&path).await;
        assert_eq!(waiting.status, 200, "{}", waiting.body);
        assert_eq!(waiting.body["edit"]["title"], "Live, better");
        assert_eq!(waiting.body["live"]["title"], "Live");
        assert_eq!(
            waiting.body["changedFields"],
            json!(["title", "content", "excerpt"])
        );
        let boss = admin_cookie(&app).await;
        let reviewer = client(&app, Some(&boss)).get(&path).await;
        assert_eq!(reviewer.status, 200);
        let (_, other) = sign_in_as(&ctx, &app, Role::RegularContributor).await;
        assert_eq!(client(&app, Some(&other)).get(&path).await.status, 403);
        assert_eq!(client(&app, Some(&other)).delete(&path).await.status, 403);
        assert_eq!(client(&app, Some(&boss)).delete(&path).await.status, 403);
        assert_eq!(client(&app, None).get(&path).await.status, 401);
        let withdrawn = client(&app, Some(&writer)).delete(&path).await;
        assert_eq!(withdrawn.status, 200, "{}", withdrawn.body);
        assert_eq!(withdrawn.body["title"], "Live");
        assert_eq!(client(&app, Some(&writer)).get(&path).await.status, 404);
        assert_eq!(client(&app, Some(&writer)).delete(&path).await.status, 404);
        let queue = client(&app, Some(&boss))
            .get("/api/admin/stories/pending?kind=edit")
            .await;
        assert_eq!(queue.headers.get("x-total-count").unwrap(), "0");
        // The author can edit again at once.
        let again = client(&app, Some(&writer))
            .put(
                &format!("/api/stories/{}", live.id),
                json!({"title": "Live, again", "content": "<p>Words</p>", "category": "Worship"}),
            )
            .await;
        assert_eq!(again.status, 200, "{}", again.body);
        let missing = client(&app, Some(&writer))
            .get("/api/stories/999999/pending-edit")
            .await;
        assert_eq!(missing.status, 404);
    }
);
