//! How a story names its author, in every output, for every viewer; and members-only
//! stories. See `docs/decisions/privacy.md`. On both engines.

use actix_web::http::Method;
use domain::user::{Role, User};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{
    Answer, PASSWORD, TestContext, client, get_text, send, sign_in_as, sign_in_as_with,
};

/// Everything that would give the author away: their last name, username, e-mail and
/// picture (the id is checked per story).
const SECRETS: [&str; 4] = ["Zebedee", "mzebedee", "maria.secret", "face-zebedee"];
const SITE: &str = "Grace Stories";

/// The people of every test: the author (with a name and picture worth hiding), another
/// approved member, a reviewer and the super admin, each signed in.
struct People {
    author: User,
    author_cookie: String,
    member_cookie: String,
    reviewer_cookie: String,
    super_cookie: String,
}

async fn people<S, B>(ctx: &TestContext, app: &S) -> People
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let email = "maria.secret@example.org";
    let (author, _) = sign_in_as_with(ctx, app, Role::Member, |p| p.email(email)).await;
    ctx.state
        .db
        .execute_unprepared(&format!(
            "UPDATE users SET first_name = 'Maria', last_name = 'Zebedee', username = 'mzebedee', \
             profile_image_url = '/media/face-zebedee.webp' WHERE id = '{}'",
            author.id
        ))
        .await
        .expect("name the author");
    // Signed in again so the session holds the new name.
    let author_cookie = login(app, email).await;
    let (_, member_cookie) = sign_in_as(ctx, app, Role::Member).await;
    let (_, reviewer_cookie) = sign_in_as(ctx, app, Role::Admin).await;
    let (_, super_cookie) = sign_in_as(ctx, app, Role::SuperAdmin).await;
    People {
        author: ctx.users_find(&author.id).await,
        author_cookie,
        member_cookie,
        reviewer_cookie,
        super_cookie,
    }
}

async fn login<S, B>(app: &S, email: &str) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = client(app, None)
        .post("/api/login", json!({"email": email, "password": PASSWORD}))
        .await;
    res.cookie.expect("session cookie")
}

/// A story written through the form with these choices, sent for review and approved.
async fn published<S, B>(app: &S, p: &People, title: &str, choices: Value) -> i64
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut body = json!({
        "title": title,
        "content": format!("What happened to me, {title}."),
        "excerpt": "A story of grace",
        "category": "Worship",
        "isPublished": true, "consent": {"site": true, "social": true, "widget": true},
    });
    for (k, v) in choices.as_object().expect("choices").iter() {
        body[k] = v.clone();
    }
    let created = client(app, Some(&p.author_cookie))
        .post("/api/stories", body)
        .await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let id = created.body["id"].as_i64().expect("an id");
    let approved = send(
        app,
        Method::POST,
        &format!("/api/admin/stories/{id}/approve"),
        Some(&p.reviewer_cookie),
        None,
    )
    .await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    id
}

/// GET `path` as a visitor (`None`) or with a session, as text.
async fn text<S, B>(app: &S, path: &str, cookie: Option<&str>) -> (u16, String)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    match cookie {
        None => {
            let (status, _, body) = get_text(app, path).await;
            (status, body)
        }
        Some(c) => {
            let Answer { status, body, .. } = client(app, Some(c)).get(path).await;
            (status, body.to_string())
        }
    }
}

/// Every output a visitor (or, for the API, another member) can reach that carries this
/// story, as text; none may hold a secret of the author.
async fn walk<S, B>(app: &S, p: &People, id: i64, title: &str) -> Vec<(String, String)>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let word = title.split(' ').next().expect("a word");
    let api = [
        "/api/stories".to_owned(),
        format!("/api/stories?q={word}"),
        "/api/stories?category=Worship".to_owned(),
        // What the widget reads.
        "/api/stories?category=Worship&limit=3".to_owned(),
        format!("/api/stories/{id}"),
        format!("/api/stories/author/{}", p.author.id),
        format!("/api/stories/{id}/comments"),
    ];
    let pages = [
        format!("/stories/{id}"),
        "/feed.xml".to_owned(),
        "/feed.xml?category=Worship".to_owned(),
        "/sitemap.xml".to_owned(),
    ];
    let mut outputs = Vec::new();
    for path in api.iter().chain(pages.iter()) {
        let (status, body) = text(app, path, None).await;
        assert_eq!(status, 200, "{path}");
        outputs.push((format!("visitor {path}"), body));
    }
    for path in &api {
        let (status, body) = text(app, path, Some(&p.member_cookie)).await;
        assert_eq!(status, 200, "{path}");
        outputs.push((format!("member {path}"), body));
    }
    outputs
}

fn assert_nothing_leaks(outputs: &[(String, String)], author: &User) {
    for (what, body) in outputs {
        for secret in SECRETS.iter().copied().chain([author.id.as_str()]) {
            assert!(!body.contains(secret), "{what} gives away {secret}: {body}");
        }
    }
}

fn all_text(outputs: &[(String, String)], prefix: &str) -> String {
    outputs
        .iter()
        .filter(|(what, _)| what.starts_with(prefix))
        .map(|(_, body)| body.as_str())
        .collect()
}

engine_test!(
    an_anonymous_story_gives_its_author_away_in_no_public_output,
    |ctx, app| {
        let p = people(&ctx, &app).await;
        let id = published(
            &app,
            &p,
            "Rescued from the river",
            json!({"byline": "anonymous"}),
        )
        .await;
        let outputs = walk(&app, &p, id, "Rescued from the river").await;
        assert_nothing_leaks(&outputs, &p.author);
        assert!(
            !all_text(&outputs, "").contains("Maria"),
            "not even the first name"
        );
        let page = &outputs
            .iter()
            .find(|(w, _)| w == &format!("visitor /stories/{id}"))
            .expect("the page")
            .1;
        // The byline of the page's first paint.
        assert!(
            page.contains(&format!(">A member of {SITE}</span>")),
            "{page}"
        );
        assert!(page.contains("application/ld+json"));
        assert!(
            !page.contains("\"author\""),
            "JSON-LD leaves the author out: {page}"
        );
        let feed = &outputs
            .iter()
            .find(|(w, _)| w == "visitor /feed.xml")
            .expect("the feed")
            .1;
        assert!(
            feed.contains(&format!("<name>A member of {SITE}</name>")),
            "{feed}"
        );

        let (_, _, one) = crate::helpers::get(&app, &format!("/api/stories/{id}")).await;
        assert_eq!(one["byline"], "anonymous");
        assert_eq!(one["author"]["name"], format!("A member of {SITE}"));
        assert!(
            one.get("authorId").is_none() && one.get("writer").is_none(),
            "{one}"
        );
        assert!(one["author"]["profileImageUrl"].is_null());
        // The author listing does not find it.
        let (_, _, list) =
            crate::helpers::get(&app, &format!("/api/stories/author/{}", p.author.id)).await;
        assert_eq!(list, json!([]));
    }
);

engine_test!(
    a_first_initial_story_shows_maria_g_and_nothing_more,
    |ctx, app| {
        let p = people(&ctx, &app).await;
        let id = published(
            &app,
            &p,
            "Healed at last",
            json!({"byline": "firstInitial"}),
        )
        .await;
        let outputs = walk(&app, &p, id, "Healed at last").await;
        assert_nothing_leaks(&outputs, &p.author);
        let page = &outputs
            .iter()
            .find(|(w, _)| w == &format!("visitor /stories/{id}"))
            .expect("the page")
            .1;
        assert!(page.contains(">Maria Z.</span>"), "{page}");
        assert!(
            page.contains(">MZ</span>"),
            "the initials of what is shown: {page}"
        );
        assert!(
            page.contains(r#""author":{"@type":"Person","name":"Maria Z."}"#),
            "{page}"
        );
        assert!(all_text(&outputs, "visitor /feed.xml").contains("<name>Maria Z.</name>"));
        let (_, _, one) = crate::helpers::get(&app, &format!("/api/stories/{id}")).await;
        assert_eq!(one["author"]["name"], "Maria Z.");
        assert_eq!(one["author"]["firstName"], "Maria");
        assert_eq!(one["author"]["lastName"], "Z.");
        assert!(one.get("authorId").is_none());
    }
);

engine_test!(
    a_first_name_story_and_a_full_one_show_what_they_name,
    |ctx, app| {
        let p = people(&ctx, &app).await;
        let first = published(&app, &p, "Found again", json!({"byline": "first"})).await;
        let outputs = walk(&app, &p, first, "Found again").await;
        assert_nothing_leaks(&outputs, &p.author);
        let (_, _, one) = crate::helpers::get(&app, &format!("/api/stories/{first}")).await;
        assert_eq!(one["author"]["name"], "Maria");
        assert!(one["author"]["lastName"].is_null());

        // Left out, the byline is `full`: today's behaviour.
        let full = published(&app, &p, "Named gladly", json!({})).await;
        let (_, _, one) = crate::helpers::get(&app, &format!("/api/stories/{full}")).await;
        assert_eq!(one["byline"], "full");
        assert_eq!(one["authorId"], p.author.id.as_str());
        assert_eq!(one["author"]["name"], "Maria Zebedee");
        assert_eq!(one["author"]["profileImageUrl"], "/media/face-zebedee.webp");
        assert!(
            one.get("writer").is_none(),
            "a visitor never gets the writer"
        );
        let (_, _, list) =
            crate::helpers::get(&app, &format!("/api/stories/author/{}", p.author.id)).await;
        let titles: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["Named gladly"], "only the full byline is listed");
    }
);

engine_test!(
    the_author_reviewers_and_the_super_admin_see_who_wrote_a_hidden_story,
    |ctx, app| {
        let p = people(&ctx, &app).await;
        let id = published(&app, &p, "Quiet witness", json!({"byline": "anonymous"})).await;
        for cookie in [&p.author_cookie, &p.reviewer_cookie, &p.super_cookie] {
            let one = client(&app, Some(cookie))
                .get(&format!("/api/stories/{id}"))
                .await;
            assert_eq!(one.status, 200);
            assert_eq!(one.body["author"]["name"], format!("A member of {SITE}"));
            assert_eq!(one.body["writer"]["lastName"], "Zebedee");
            assert_eq!(one.body["writer"]["id"], p.author.id.as_str());
            assert_eq!(one.body["authorId"], p.author.id.as_str());
            let mine = client(&app, Some(cookie))
                .get(&format!("/api/stories/author/{}", p.author.id))
                .await;
            assert_eq!(
                mine.body.as_array().map(Vec::len),
                Some(1),
                "{:?}",
                mine.body
            );
        }
        let other = client(&app, Some(&p.member_cookie))
            .get(&format!("/api/stories/{id}"))
            .await;
        assert!(other.body.get("writer").is_none() && other.body.get("authorId").is_none());
    }
);

engine_test!(
    a_members_only_story_is_missing_for_visitors_and_in_every_public_output,
    |ctx, app| {
        let p = people(&ctx, &app).await;
        let id = published(
            &app,
            &p,
            "Among friends",
            json!({"byline": "anonymous", "audience": "members"}),
        )
        .await;
        for path in [format!("/api/stories/{id}"), format!("/stories/{id}")] {
            let (status, body) = text(&app, &path, None).await;
            assert_eq!(status, 404, "{path}");
            assert!(!body.contains("Among friends"), "{path}");
        }
        for path in [
            "/api/stories",
            "/api/stories?q=Among",
            "/api/stories?category=Worship&limit=3",
            "/feed.xml",
            "/sitemap.xml",
            "/api/categories",
        ] {
            let (status, body) = text(&app, path, None).await;
            assert_eq!(status, 200, "{path}");
            assert!(!body.contains("Among friends"), "{path}");
            assert!(!body.contains(&format!("/stories/{id}<")), "{path}");
        }
        let (_, _, categories) = crate::helpers::get(&app, "/api/categories").await;
        let worship = categories
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Worship")
            .unwrap();
        assert_eq!(
            worship["storyCount"], 0,
            "members-only stories are not counted"
        );
        let (_, headers, list) = crate::helpers::get(&app, "/api/stories").await;
        assert_eq!(list, json!([]));
        assert_eq!(headers.get("x-total-count").unwrap(), "0");
        let (status, _, _) =
            crate::helpers::get(&app, &format!("/api/stories/{id}/comments")).await;
        assert_eq!(status, 404);

        // A signed-in approved member reads it, signed "A member of ...".
        let one = client(&app, Some(&p.member_cookie))
            .get(&format!("/api/stories/{id}"))
            .await;
        assert_eq!(one.status, 200);
        assert_eq!(one.body["audience"], "members");
        assert_eq!(one.body["author"]["name"], format!("A member of {SITE}"));
        let list = client(&app, Some(&p.member_cookie))
            .get("/api/stories")
            .await;
        assert_eq!(list.body.as_array().map(Vec::len), Some(1));
        assert_eq!(list.headers.get("x-total-count").unwrap(), "1");
        let searched = client(&app, Some(&p.member_cookie))
            .get("/api/stories?q=Among")
            .await;
        assert_eq!(searched.body.as_array().map(Vec::len), Some(1));

        // A member waiting for approval does not.
        let (_, waiting) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
        let one = client(&app, Some(&waiting))
            .get(&format!("/api/stories/{id}"))
            .await;
        assert_eq!(one.status, 404);

        // Never shared on social media.
        let export = client(&app, Some(&p.author_cookie))
            .post(
                &format!("/api/stories/{id}/export"),
                json!({"platforms": ["twitter"]}),
            )
            .await;
        assert_eq!(export.status, 400, "{:?}", export.body);
        assert_eq!(
            export.body["message"],
            "A members-only story cannot be shared on social media"
        );
    }
);

engine_test!(
    a_visitor_cached_list_never_holds_a_members_only_story,
    |ctx, app| {
        let p = people(&ctx, &app).await;
        let open = published(&app, &p, "Open door", json!({})).await;
        // A member's read first, then a visitor's: the visitor's answer is computed for them.
        let member = client(&app, Some(&p.member_cookie))
            .get("/api/stories")
            .await;
        assert_eq!(member.body.as_array().map(Vec::len), Some(1));
        let inside = published(&app, &p, "Closed room", json!({"audience": "members"})).await;
        let member = client(&app, Some(&p.member_cookie))
            .get("/api/stories")
            .await;
        assert_eq!(member.body.as_array().map(Vec::len), Some(2));
        for _ in 0..2 {
            let (_, _, list) = crate::helpers::get(&app, "/api/stories").await;
            let ids: Vec<i64> = list
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["id"].as_i64().unwrap())
                .collect();
            assert_eq!(ids, [open], "the kept answer too");
            let (status, _, _) = crate::helpers::get(&app, &format!("/api/stories/{inside}")).await;
            assert_eq!(status, 404);
        }
        // Made public by its author, it appears for visitors at once.
        let edit = client(&app, Some(&p.author_cookie))
            .put(
                &format!("/api/stories/{inside}"),
                json!({
                    "title": "Closed room",
                    "content": "What happened to me, Closed room.",
                    "category": "Worship",
                    "audience": "public",
                }),
            )
            .await;
        assert_eq!(edit.status, 200, "{:?}", edit.body);
        let (_, _, list) = crate::helpers::get(&app, "/api/stories").await;
        assert_eq!(list.as_array().map(Vec::len), Some(2));
    }
);

engine_test!(an_unknown_byline_or_audience_is_refused, |ctx, app| {
    let p = people(&ctx, &app).await;
    for choices in [
        json!({"byline": "nickname"}),
        json!({"audience": "everyone"}),
    ] {
        let mut body = json!({"title": "T", "content": "C", "category": "Worship"});
        for (k, v) in choices.as_object().unwrap() {
            body[k] = v.clone();
        }
        let res = client(&app, Some(&p.author_cookie))
            .post("/api/stories", body)
            .await;
        assert_eq!(res.status, 400, "{choices}");
    }
});
