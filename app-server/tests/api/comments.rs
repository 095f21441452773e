//! Comments: the list under a story, posting, moderation, who may do what, and the cost of
//! a list.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use domain::Caller;
use domain::comment::CommentService;
use domain::story::Story;
use domain::user::Role;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{TestContext, client, send, sign_in_as, sign_in_as_with};

/// A published story by a new regular contributor.
async fn public_story(ctx: &TestContext) -> Story {
    let author = ctx
        .user("author@example.org", Role::RegularContributor, true)
        .await;
    ctx.story(&author, "Grace abounds", "Testimonies", true, 1)
        .await
}

fn comment(name: &str, content: &str) -> Value {
    json!({"authorName": name, "authorEmail": "mary@example.org", "content": content})
}

/// Posts a comment as a visitor and returns its id.
async fn post_comment<S, B>(app: &S, story: &Story, content: &str) -> i64
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let res = client(app, None)
        .post(
            &format!("/api/stories/{}/comments", story.id),
            comment("Mary", content),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.body);
    res.body["id"].as_i64().unwrap()
}

/// Stored comments of any story, counted in the database.
async fn count_comments(ctx: &TestContext) -> i64 {
    let db = &ctx.state.db;
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM comments",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

fn errors_of(body: &Value) -> Vec<(String, String)> {
    body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap().to_owned(),
                e["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

engine_test!(
    a_visitors_comment_waits_for_approval_then_everyone_sees_it,
    |ctx, app| {
        let story = public_story(&ctx).await;
        let path = format!("/api/stories/{}/comments", story.id);
        let posted = client(&app, None).post(&path, json!({"authorName": " Mary ", "authorEmail": "Mary@Example.org", "content": "Amen!"}))
        .await;
        assert_eq!(posted.status, 201, "{}", posted.body);
        let c = &posted.body;
        assert_eq!(c["storyId"], story.id.0);
        assert_eq!(c["authorName"], "Mary");
        assert_eq!(c["content"], "Amen!");
        assert_eq!(c["platform"], "website");
        assert_eq!(c["platformId"], Value::Null);
        assert_eq!(c["isVisible"], true);
        assert_eq!(c["isApproved"], false);
        assert_eq!(c["authorEmail"], Value::Null, "e-mails are private");
        assert!(c["createdAt"].is_string());

        let visitor = client(&app, None).get(&path).await;
        assert_eq!(visitor.status, 200);
        assert_eq!(visitor.body, json!([]), "pending comments are hidden");

        let primary = sign_in_as(&ctx, &app, Role::PrimaryContributor).await.1;
        let moderator = client(&app, Some(&primary)).get(&path).await;
        assert_eq!(moderator.status, 200);
        assert_eq!(moderator.body.as_array().unwrap().len(), 1);
        assert_eq!(moderator.body[0]["isApproved"], false);
        assert_eq!(moderator.body[0]["authorEmail"], "mary@example.org");

        let id = c["id"].as_i64().unwrap();
        let approved = send(
            &app,
            Method::PATCH,
            &format!("/api/comments/{id}/approve"),
            Some(&primary),
            None,
        )
        .await;
        assert_eq!(approved.status, 200, "{}", approved.body);
        assert_eq!(approved.body["isApproved"], true);

        let visitor = client(&app, None).get(&path).await;
        assert_eq!(visitor.body.as_array().unwrap().len(), 1);
        assert_eq!(visitor.body[0]["isApproved"], true);
        assert_eq!(visitor.body[0]["authorEmail"], Value::Null);
    }
);

engine_test!(
    a_story_lists_its_newest_comments_up_to_the_limit,
    |ctx, app| {
        let story = public_story(&ctx).await;
        let admin = sign_in_as(&ctx, &app, Role::Admin).await.1;
        for i in 0..12 {
            let id = post_comment(&app, &story, &format!("comment {i}")).await;
            let res = send(
                &app,
                Method::PATCH,
                &format!("/api/comments/{id}/approve"),
                Some(&admin),
                None,
            )
            .await;
            assert_eq!(res.status, 200);
        }
        let path = format!("/api/stories/{}/comments", story.id);
        let ten = client(&app, None).get(&path).await;
        let contents: Vec<&str> = ten
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["content"].as_str().unwrap())
            .collect();
        assert_eq!(contents.len(), 10, "ten by default");
        assert_eq!(contents[0], "comment 11", "newest first");
        let two = client(&app, None).get(&format!("{path}?limit=2")).await;
        assert_eq!(two.body.as_array().unwrap().len(), 2);
        for bad in ["0", "51", "x"] {
            let res = client(&app, None).get(&format!("{path}?limit={bad}")).await;
            assert_eq!(res.status, 400, "limit={bad}");
        }
    }
);

engine_test!(
    missing_and_unpublished_stories_and_comments_are_not_found,
    |ctx, app| {
        let author = ctx
            .user("author@example.org", Role::RegularContributor, true)
            .await;
        let draft = ctx.story(&author, "Unfinished", "Worship", false, 1).await;
        let draft_path = format!("/api/stories/{}/comments", draft.id);
        let on_draft = client(&app, None)
            .post(&draft_path, comment("Mary", "Amen"))
            .await;
        assert_eq!(on_draft.status, 404);
        assert_eq!(on_draft.body["message"], "Story not found");
        assert_eq!(client(&app, None).get(&draft_path).await.status, 404);
        for method in [Method::GET, Method::POST] {
            let res = send(
                &app,
                method.clone(),
                "/api/stories/999999/comments",
                None,
                Some(comment("Mary", "Amen")),
            )
            .await;
            assert_eq!(res.status, 404, "{method}");
        }
        let admin = sign_in_as(&ctx, &app, Role::Admin).await.1;
        let approve = send(
            &app,
            Method::PATCH,
            "/api/comments/999999/approve",
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(approve.status, 404);
        assert_eq!(approve.body["message"], "Comment not found");
        let delete = client(&app, Some(&admin))
            .delete("/api/admin/comments/999999")
            .await;
        assert_eq!(delete.status, 404);
        assert_eq!(count_comments(&ctx).await, 0);
    }
);

engine_test!(
    a_comment_is_validated_with_every_refused_field,
    |ctx, app| {
        let story = public_story(&ctx).await;
        let path = format!("/api/stories/{}/comments", story.id);
        let blank = client(&app, None)
            .post(
                &path,
                json!({"authorName": " ", "authorEmail": "not-an-email", "content": ""}),
            )
            .await;
        assert_eq!(blank.status, 400);
        assert_eq!(blank.body["message"], "Please fill in all required fields.");
        assert_eq!(
            errors_of(&blank.body),
            [
                ("authorName".to_owned(), "Name is required".to_owned()),
                (
                    "authorEmail".to_owned(),
                    "Please enter a valid email address".to_owned()
                ),
                ("content".to_owned(), "Comment is required".to_owned()),
            ]
        );
        let missing = client(&app, None).post(&path, json!({})).await;
        assert_eq!(missing.status, 400);
        assert_eq!(errors_of(&missing.body).len(), 2);
        let long = client(&app, None)
            .post(&path, comment(&"n".repeat(101), &"c".repeat(5_001)))
            .await;
        assert_eq!(long.status, 400);
        assert_eq!(
            errors_of(&long.body),
            [
                (
                    "authorName".to_owned(),
                    "Name must be at most 100 characters".to_owned()
                ),
                (
                    "content".to_owned(),
                    "Comment must be at most 5,000 characters".to_owned()
                ),
            ]
        );
        let without_email = client(&app, None)
            .post(
                &path,
                json!({"authorName": "Mary", "authorEmail": "", "content": "Amen"}),
            )
            .await;
        assert_eq!(without_email.status, 201, "the e-mail is optional");
        assert_eq!(count_comments(&ctx).await, 1);
    }
);

engine_test!(a_filled_honeypot_refuses_the_comment, |ctx, app| {
    let story = public_story(&ctx).await;
    let mut spam = comment("Bot", "Cheap pills");
    spam["website"] = json!("http://spam.example");
    let res = client(&app, None)
        .post(&format!("/api/stories/{}/comments", story.id), spam)
        .await;
    assert_eq!(res.status, 400);
    assert_eq!(res.body["message"], "Your comment could not be accepted");
    assert_eq!(count_comments(&ctx).await, 0, "nothing is stored");
});

/// A caller: `None` for a visitor, else the role and approval flag.
type Who = Option<(Role, bool)>;

// Who may approve and delete: visitor 401; pending, member and regular contributor 403;
// the primary contributor approves but may not delete; admins do both.
engine_test!(
    approving_and_deleting_follow_the_permission_table,
    |ctx, app| {
        let story = public_story(&ctx).await;
        let callers: [(&str, Who, u16, u16); 8] = [
            ("visitor", None, 401, 401),
            ("pending member", Some((Role::Member, false)), 403, 403),
            ("member", Some((Role::Member, true)), 403, 403),
            (
                "regular contributor",
                Some((Role::RegularContributor, true)),
                403,
                403,
            ),
            (
                "primary contributor",
                Some((Role::PrimaryContributor, true)),
                200,
                403,
            ),
            ("admin", Some((Role::Admin, false)), 200, 200),
            ("sub admin", Some((Role::SubAdmin, true)), 200, 200),
            ("super admin", Some((Role::SuperAdmin, true)), 200, 200),
        ];
        for (name, who, approve, delete) in callers {
            let cookie = match who {
                None => None,
                Some((role, approved)) => Some(
                    sign_in_as_with(&ctx, &app, role, |p| p.approved(approved))
                        .await
                        .1,
                ),
            };
            let id = post_comment(&app, &story, &format!("for {name}")).await;
            let res = send(
                &app,
                Method::PATCH,
                &format!("/api/comments/{id}/approve"),
                cookie.as_deref(),
                None,
            )
            .await;
            assert_eq!(res.status, approve, "{name} approves: {}", res.body);
            let res = client(&app, cookie.as_deref())
                .delete(&format!("/api/admin/comments/{id}"))
                .await;
            assert_eq!(res.status, delete, "{name} deletes: {}", res.body);
            if delete == 200 {
                assert_eq!(res.body["message"], "Comment deleted successfully");
            }
        }
        // five comments stayed: those the visitor, pending member, member, regular and
        // primary contributor could not delete
        assert_eq!(count_comments(&ctx).await, 5);
    }
);

engine_test!(deleting_a_story_deletes_its_comments, |ctx, app| {
    let story = public_story(&ctx).await;
    let other = ctx
        .story(
            &ctx.user("other@example.org", Role::Member, true).await,
            "Other",
            "Worship",
            true,
            2,
        )
        .await;
    post_comment(&app, &story, "one").await;
    post_comment(&app, &story, "two").await;
    post_comment(&app, &other, "stays").await;
    let db = &ctx.state.db;
    db.execute_raw(Statement::from_string(
        db.get_database_backend(),
        format!("DELETE FROM stories WHERE id = {}", story.id),
    ))
    .await
    .unwrap();
    assert_eq!(count_comments(&ctx).await, 1, "the foreign key cascades");
    let res = client(&app, None)
        .get(&format!("/api/stories/{}/comments", story.id))
        .await;
    assert_eq!(res.status, 404);
});

engine_test!(
    a_story_read_and_then_taken_down_refuses_comments_at_once,
    |ctx, app| {
        let story = public_story(&ctx).await;
        // A read keeps the live story for every reader; a comment then checks it there.
        let read = client(&app, None)
            .get(&format!("/api/stories/{}", story.id))
            .await;
        assert_eq!(read.status, 200);
        post_comment(&app, &story, "Before").await;
        let admin = sign_in_as(&ctx, &app, Role::Admin).await.1;
        let down = client(&app, Some(&admin))
            .post(
                &format!("/api/admin/stories/{}/unpublish", story.id),
                json!({"reason": "Private details"}),
            )
            .await;
        assert_eq!(down.status, 200, "{}", down.body);
        let after = client(&app, None)
            .post(
                &format!("/api/stories/{}/comments", story.id),
                comment("Mary", "After"),
            )
            .await;
        assert_eq!(after.status, 404, "the kept story went with the change");
        assert_eq!(count_comments(&ctx).await, 1);
    }
);

engine_test!(
    a_comment_list_costs_the_same_few_queries_whatever_its_length,
    |ctx, app| {
        let story = public_story(&ctx).await;
        let admin = sign_in_as(&ctx, &app, Role::Admin).await.1;
        let queries = Arc::new(AtomicUsize::new(0));
        let mut counted = ctx.state.db.clone();
        let seen = queries.clone();
        counted.set_metric_callback(move |_| {
            seen.fetch_add(1, Ordering::Relaxed);
        });
        let service = CommentService::new(domain::comment::CommentPorts {
            comments: Arc::new(adapters::SeaOrmCommentRepository::new(counted.clone())),
            stories: Arc::new(adapters::SeaOrmStoryRepository::new(counted.clone())),
            work: Arc::new(adapters::SeaOrmUnitOfWork::new(counted)),
            clock: Arc::new(domain::clock::SystemClock),
        });
        let mut cost = Vec::new();
        for (wanted, len) in [(1, 1), (10, 10)] {
            while count_comments(&ctx).await < wanted {
                let id = post_comment(&app, &story, "Amen").await;
                send(
                    &app,
                    Method::PATCH,
                    &format!("/api/comments/{id}/approve"),
                    Some(&admin),
                    None,
                )
                .await;
            }
            queries.store(0, Ordering::Relaxed);
            let list = service
                .list(&Caller::Visitor, story.id, Some(50), None)
                .await
                .unwrap();
            assert_eq!(list.items.len(), len);
            cost.push(queries.load(Ordering::Relaxed));
        }
        assert_eq!(cost[0], cost[1], "{cost:?}");
        // The story (with its author and scripture passages), the total, the page.
        assert!((1..=5).contains(&cost[0]), "{cost:?}");
    }
);

#[actix_web::test]
async fn posting_comments_is_rate_limited_per_address() {
    let ctx = crate::helpers::TestContext::with_config(adapters::testing::Engine::Sqlite, |c| {
        c.rate_limit_per_minute = 3;
    })
    .await
    .unwrap();
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let path = "/api/stories/999999/comments";
    for _ in 0..3 {
        let res = client(&app, None).post(path, comment("Mary", "Amen")).await;
        assert_eq!(res.status, 404);
    }
    let limited = client(&app, None).post(path, comment("Mary", "Amen")).await;
    assert_eq!(limited.status, 429);
    assert!(limited.headers.get("retry-after").is_some());
    // reading is not limited
    assert_eq!(client(&app, None).get(path).await.status, 404);
}
