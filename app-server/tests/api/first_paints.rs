//! The first paints of `/` and `/stories` (the landing page's hero, the story browser's
//! heading and skeletons) for visitors and members, the mark that tells the app nobody is
//! signed in, and what a member's page preloads, on both engines.

use actix_web::test;
use domain::story::StoryRepository;
use domain::user::Role;

use crate::engine_test;
use crate::helpers::{TestContext, get_text, sign_in_as, sign_in_as_with};

/// The body of `path` as sent with `cookie` (a `Cookie` header) or without.
async fn page<S, B>(app: &S, path: &str, cookie: Option<&str>) -> (u16, String)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut req = test::TestRequest::get().uri(path);
    if let Some(cookie) = cookie {
        req = req.insert_header(("cookie", cookie.to_owned()));
    }
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let body = test::read_body(res).await;
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// The page's header (the first `<header>` element).
fn header(html: &str) -> &str {
    let from = html.find("<header").expect("a header");
    let to = html[from..].find("</header>").expect("the header's end");
    &html[from..from + to]
}

/// What is inside the React root.
fn root(html: &str) -> &str {
    &html[html.find("<div id=\"root\"").expect("the React root")..]
}

/// The story browser's first screen: its heading, the search and the cards' skeletons.
fn assert_story_browsers_first_screen(body: &str) {
    assert!(body.contains(">All Stories</h1>"), "{body}");
    assert!(body.contains("aria-label=\"Search stories\""));
    assert!(body.contains("aria-label=\"Loading stories\""));
}

/// `path` as sent with `cookie` is that person's own page: no shared cache may keep it.
async fn assert_private<S, B>(app: &S, path: &str, cookie: &str)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let req = test::TestRequest::get()
        .uri(path)
        .insert_header(("cookie", cookie.to_owned()));
    let res = test::call_service(app, req.to_request()).await;
    assert_eq!(
        res.headers().get("cache-control").unwrap(),
        "private, no-cache",
        "{path}"
    );
}

/// The answers `html` asks for with the document (low priority), in order.
fn fetch_preloads(html: &str) -> Vec<String> {
    const LINK: &str = "<link rel=\"preload\" as=\"fetch\" crossorigin=\"use-credentials\" fetchpriority=\"low\" href=\"";
    html.split(LINK)
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap_or(0)].to_owned())
        .collect()
}

const HERO: &str = "<h1 id=\"hero-title\" class=\"mt-6 font-serif text-5xl";

engine_test!(
    a_visitor_gets_the_landing_pages_hero_in_the_first_response,
    |_ctx, app| {
        let (status, ctype, html) = get_text(&app, "/").await;
        assert_eq!(status, 200);
        assert!(ctype.starts_with("text/html"), "{ctype}");
        let body = root(&html);
        assert!(
        body.starts_with(
            "<div id=\"root\"><div data-prerendered=\"\" data-visitor=\"\" style=\"display:contents\">"
        ),
        "{body}"
    );
        assert!(body.contains(HERO), "{body}");
        assert!(body.contains(">Grace Stories</h1>"));
        assert!(body.contains("Share your faith journey and testimonies"));
        assert!(
            body.contains("href=\"/auth?mode=signup\""),
            "a visitor's header"
        );
        assert!(!html.contains("__SITE_NAME__"));
        // The site's own head, as before.
        assert!(html.contains("<title>Grace Stories</title>"));
    }
);

/// The `<link>`s of a member's page's chunks in the built `index.html`, marked `marker`
/// (none before the site is built).
fn member_modules(marker: &str) -> Vec<String> {
    let built = app_server::frontend::index_html().unwrap_or_default();
    let modules: Vec<String> = built
        .lines()
        .map(str::trim)
        .filter(|line| line.contains(&format!(" {marker}>")))
        .map(str::to_owned)
        .collect();
    assert!(
        built.is_empty() || !modules.is_empty(),
        "the built index.html lists the chunks marked {marker}"
    );
    modules
}

/// What a signed-in page asks for with the document: its four answers (`stories`, its first
/// stories) and its chunks (marked `marker` in `index.html`). With a first paint (`painted`),
/// none of the scripts is asked for before the page has painted: the app's and the page's
/// preloads wait, inert, for `boot.ts` (`data-after-paint`).
fn assert_member_preloads(html: &str, stories: &str, marker: &str, painted: bool) {
    let head = &html[..html.find("</head>").expect("a head")];
    for answer in ["/api/user", "/api/site", "/api/categories", stories] {
        assert!(
            head.contains(&format!(
                "<link rel=\"preload\" as=\"fetch\" crossorigin=\"use-credentials\" href=\"{answer}\">"
            )),
            "{answer}: {head}"
        );
    }
    assert_eq!(
        head.matches("as=\"fetch\"").count(),
        4,
        "no other answers: {head}"
    );
    let modules = member_modules(marker);
    for module in &modules {
        let expected = if painted {
            module.replace("<link rel=\"modulepreload\" ", "<link data-after-paint ")
        } else {
            module.clone()
        };
        assert!(head.contains(&expected), "{expected}: {head}");
    }
    if !modules.is_empty() {
        assert_eq!(
            head.contains("rel=\"modulepreload\""),
            !painted,
            "scripts asked for before the paint: {head}"
        );
        assert!(head.contains(" data-app>"), "the app's script: {head}");
    }
    // No other page's chunks.
    for other in ["data-signed-in-home", "data-signed-in-stories"] {
        if other != marker {
            assert!(!head.contains(other), "{other}: {head}");
        }
    }
}

fn assert_homes_preloads(html: &str, painted: bool) {
    assert_member_preloads(html, "/api/stories?limit=6", "data-signed-in-home", painted);
}

fn assert_story_browsers_preloads(html: &str, painted: bool) {
    assert_member_preloads(
        html,
        "/api/stories?limit=12",
        "data-signed-in-stories",
        painted,
    );
}

engine_test!(
    a_member_gets_their_homes_first_screen_and_its_preloads,
    |ctx, app| {
        let (user, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let (status, html) = page(&app, "/", Some(&cookie)).await;
        assert_eq!(status, 200);
        let body = root(&html);
        // Marked as a paint the app keeps, but not a visitor's: the app asks who it is.
        assert!(
            body.starts_with(
                "<div id=\"root\"><div data-prerendered=\"\" style=\"display:contents\">"
            ),
            "{body}"
        );
        let first = user.first_name.clone().expect("a first name");
        assert!(
            body.contains(&format!("Welcome back, {first}</h1>")),
            "{body}"
        );
        assert!(body.contains("aria-label=\"Loading stories\""));
        // A member's header: Home, Browse Stories, Help Center, Dashboard; the badge.
        assert!(body.contains("href=\"/dashboard\""), "{body}");
        assert!(!body.contains("href=\"/admin\""));
        assert!(!body.contains("Sign Up"));
        assert!(
            body.contains(">Member</span>") || body.contains(">Member<"),
            "{body}"
        );
        // Their own page: no shared cache keeps it.
        assert_private(&app, "/", &cookie).await;
        for slot in ["__HEADER__", "__FIRST_NAME__", "__SITE_NAME__"] {
            assert!(!html.contains(slot), "{slot}");
        }
        assert_homes_preloads(&html, true);

        // The header follows the role and approval: an admin's has Admin, a pending
        // contributor's no Dashboard and a "(Pending)" badge.
        let (_, admin) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let (_, html) = page(&app, "/", Some(&admin)).await;
        assert!(header(&html).contains("href=\"/admin\""));
        let (_, pending) =
            sign_in_as_with(&ctx, &app, Role::RegularContributor, |p| p.pending()).await;
        let (_, html) = page(&app, "/", Some(&pending)).await;
        assert!(!header(&html).contains("href=\"/dashboard\""));
        assert!(header(&html).contains("Regular Contributor (Pending)"));

        // Nobody else preloads a member's page: not a visitor, not another page.
        for (path, cookie) in [
            ("/", None),
            ("/stories", None),
            ("/help", Some(cookie.as_str())),
            ("/?ref=mail", Some(cookie.as_str())),
        ] {
            let (_, html) = page(&app, path, cookie).await;
            assert!(!html.contains("data-signed-in-"), "{path}");
            assert!(!html.contains("as=\"fetch\""), "{path}");
            assert!(!root(&html).contains("Welcome back"), "{path}");
        }
    }
);

engine_test!(
    a_cookie_of_nobody_at_home_gets_the_loading_screen_and_the_preloads,
    |_ctx, app| {
        let (status, html) = page(&app, "/", Some("gs_session=stale")).await;
        assert_eq!(status, 200);
        let body = root(&html);
        assert!(
            body.starts_with("<div id=\"root\"><div role=\"status\""),
            "{body}"
        );
        assert!(body.contains("<span>Loading...</span>"));
        assert!(!body.contains("data-prerendered"));
        assert_homes_preloads(&html, false);
    }
);

engine_test!(
    a_member_gets_their_story_browsers_first_screen_and_its_preloads,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        ctx.story(&author, "A published story", "Worship", true, 1)
            .await;
        let (_, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let (status, html) = page(&app, "/stories", Some(&cookie)).await;
        assert_eq!(status, 200);
        let body = root(&html);
        // A paint the app replaces (not a visitor's, not hydrated): the app asks who it is.
        assert!(
            body.starts_with(
                "<div id=\"root\"><div data-prerendered=\"\" style=\"display:contents\">"
            ),
            "{body}"
        );
        assert_story_browsers_first_screen(body);
        // The paint holds no stories: the app fills them in.
        assert!(!html.contains("A published story"));
        // A member's header, with Browse Stories as the current page.
        let head = header(&html);
        assert!(head.contains("href=\"/dashboard\""), "{head}");
        assert!(!head.contains("href=\"/admin\""));
        assert!(!head.contains("Sign Up"));
        assert!(
            head.contains("aria-current=\"page\" href=\"/stories\""),
            "{head}"
        );
        assert!(!head.contains("aria-current=\"page\" href=\"/\""), "{head}");
        for slot in ["__HEADER__", "__FIRST_NAME__", "__SITE_NAME__"] {
            assert!(!html.contains(slot), "{slot}");
        }
        assert_private(&app, "/stories", &cookie).await;
        assert_story_browsers_preloads(&html, true);

        // The header follows the role and approval, as Home's does.
        let (_, admin) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let (_, html) = page(&app, "/stories", Some(&admin)).await;
        assert!(header(&html).contains("href=\"/admin\""));
        let (_, pending) =
            sign_in_as_with(&ctx, &app, Role::PrimaryContributor, |p| p.pending()).await;
        let (_, html) = page(&app, "/stories", Some(&pending)).await;
        assert!(!header(&html).contains("href=\"/dashboard\""));
        assert!(header(&html).contains("Primary Contributor (Pending)"));

        // A search, a category or a page is the app's to paint, for a member too.
        for path in [
            "/stories?q=grace",
            "/stories?category=Worship",
            "/stories?page=2",
        ] {
            let (status, html) = page(&app, path, Some(&cookie)).await;
            assert_eq!(status, 200, "{path}");
            assert!(!root(&html).contains("data-prerendered"), "{path}");
            assert!(!html.contains("as=\"fetch\""), "{path}");
        }
    }
);

engine_test!(
    a_cookie_of_nobody_at_the_story_browser_gets_the_loading_screen_and_the_preloads,
    |_ctx, app| {
        let (status, html) = page(&app, "/stories", Some("gs_session=stale")).await;
        assert_eq!(status, 200);
        let body = root(&html);
        assert!(
            body.starts_with("<div id=\"root\"><div role=\"status\""),
            "{body}"
        );
        assert!(!body.contains("data-prerendered"));
        assert_story_browsers_preloads(&html, false);
    }
);

engine_test!(a_session_cookie_gets_no_visitors_paint, |ctx, app| {
    let (_, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
    // Signed in: their own Home and story browser; a stale cookie gets the loading screen
    // (the app asks `/api/user` and shows what it answers).
    for cookie in [cookie.as_str(), "gs_session=stale"] {
        for path in ["/", "/stories"] {
            let (status, html) = page(&app, path, Some(cookie)).await;
            assert_eq!(status, 200, "{path}");
            let body = root(&html);
            assert!(!body.contains("data-visitor"), "{path}");
            assert!(!body.contains("data-hydrate"), "{path}");
            assert!(!body.contains(HERO), "{path}");
            assert!(!body.contains("Sign Up"), "{path}");
        }
    }
    // Another cookie (the device's) is no session.
    for path in ["/", "/stories"] {
        let (_, html) = page(&app, path, Some("gs_device=abc")).await;
        assert!(root(&html).contains("data-visitor"), "{path}");
    }
});

engine_test!(
    the_story_browser_paints_its_heading_and_skeletons,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        ctx.story(&author, "A published story", "Worship", true, 1)
            .await;
        ctx.story(&author, "A draft never shown", "Worship", false, 1)
            .await;
        let (status, ctype, html) = get_text(&app, "/stories").await;
        assert_eq!(status, 200);
        assert!(ctype.starts_with("text/html"), "{ctype}");
        let body = root(&html);
        // The app's whole first render, which it hydrates: the root carries the marks.
        assert!(
            body.starts_with(
                "<div id=\"root\" data-prerendered=\"\" data-visitor=\"\" data-hydrate=\"\"><!--$-->"
            ),
            "{body}"
        );
        assert_story_browsers_first_screen(body);
        // The paint holds no stories: the app fills them in from the public list.
        assert!(!html.contains("A draft never shown"));
        assert!(!html.contains("A published story"));
        // A search, a category or a page is the app's to paint.
        for path in [
            "/stories?q=grace",
            "/stories?category=Worship",
            "/stories?page=2",
        ] {
            let (status, _, html) = get_text(&app, path).await;
            assert_eq!(status, 200, "{path}");
            assert!(!root(&html).contains("data-prerendered"), "{path}");
        }
    }
);

engine_test!(
    a_story_page_marks_a_visitor_and_never_a_cookie_holder,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        let story = ctx.story(&author, "Marked", "Worship", true, 1).await;
        let path = format!("/stories/{}", story.id);
        // Twice without a cookie (the second from the visitors' cache), then with one: the
        // kept visitor's answer is never served to a cookie holder.
        for _ in 0..2 {
            let (status, html) = page(&app, &path, None).await;
            assert_eq!(status, 200);
            let body = root(&html);
            assert!(body.contains("data-prerendered=\"\" data-visitor=\"\""));
            assert!(header(body).contains(">Sign In<"), "a visitor's header");
            // A visitor's page asks for the story with the document, not for who is signed in.
            assert_eq!(
                fetch_preloads(&html),
                [path.replace("/stories/", "/api/stories/")]
            );
        }
        let (_, cookie) = sign_in_as(&ctx, &app, Role::Member).await;
        let (status, html) = page(&app, &path, Some(&cookie)).await;
        assert_eq!(status, 200);
        let body = root(&html);
        assert!(body.contains("data-prerendered=\"\""), "{body}");
        assert!(!body.contains("data-visitor"), "{body}");
        assert!(body.contains("The content of Marked."));
        // The story and who is signed in are asked for with the document.
        assert_eq!(
            fetch_preloads(&html),
            [format!("/api/stories/{}", story.id), "/api/user".to_owned()]
        );
        // Their own header (their role's badge, their Dashboard link), theirs alone.
        let own = header(body);
        assert!(
            own.contains(">Member<") && own.contains("href=\"/dashboard\""),
            "{own}"
        );
        assert!(!own.contains("Sign In"));
        assert!(!own.contains("aria-current"), "no link in it names a story");
        // The account menu's button, with their initials and name, stands in until its chunk
        // is here.
        assert!(own.contains(", account menu for "), "{own}");
        assert!(!html.contains("__MONOGRAM__") && !html.contains("__ACCOUNT_NAME__"));
        assert_private(&app, &path, &cookie).await;
        let (_, admin) = sign_in_as(&ctx, &app, Role::Admin).await;
        let (_, html) = page(&app, &path, Some(&admin)).await;
        assert!(header(root(&html)).contains(">Admin<"));
        // A cookie nobody is behind any more: a visitor's header, still not kept for others.
        let (_, html) = page(&app, &path, Some("gs_session=stale")).await;
        assert!(header(root(&html)).contains(">Sign In<"));
    }
);

engine_test!(
    a_story_page_paints_the_apps_first_screen_of_the_story,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        let mut story = ctx
            .story(&author, "Songs __CONTENT__", "Worship", true, 1)
            .await;
        let path = format!("/stories/{}", story.id);
        let (status, html) = page(&app, &path, None).await;
        assert_eq!(status, 200);
        let body = root(&html);
        assert!(body.contains(">Back to Stories</a>"), "{body}");
        assert!(body.contains(">Share</button>"));
        // The category's own colours (`category-badges.json`), the label, the text.
        assert!(
            body.contains("bg-violet-100 text-violet-800 border-violet-200\">Worship</span>"),
            "{body}"
        );
        assert!(body.contains("</svg>Text Story</span>"));
        assert!(!body.contains("Video Story"));
        // A title that reads like a slot stays the title.
        assert!(body.contains(">Songs __CONTENT__</h1>"), "{body}");
        assert!(body.contains(">About Songs __CONTENT__</p>"));
        assert!(body.contains("<p>The content of Songs __CONTENT__.</p>"));
        // The byline as the app writes it: initials, name, day (UTC), reading time.
        assert!(body.contains(">RM</span>"), "{body}");
        assert!(body.contains(">Ruth Moab</span>"));
        let day = story.published_at.unwrap().format("%b %-d, %Y").to_string();
        assert!(body.contains(&format!("</svg>{day}</span>")), "{day}");
        assert!(body.contains("</svg>1 min read</span>"));
        assert!(!body.contains("aspect-video"), "no video, no frame");
        assert!(!body.contains("<!--"), "no part's markers left");
        // What comes below the text is the app's.
        assert!(!body.contains("Share this story") && !body.contains("<footer"));

        // A video story without an excerpt: the label, the frame's place (the app's frame
        // loads the video, once), no excerpt.
        story.video_url = Some("https://www.youtube.com/embed/dQw4w9WgXcQ".into());
        story.excerpt = None;
        ctx.stories().update(&story, &[]).await.unwrap();
        ctx.changed_behind_the_api().await;
        let (_, html) = page(&app, &path, None).await;
        let body = root(&html);
        assert!(body.contains("</svg>Video Story</span>"), "{body}");
        assert!(!body.contains("Text Story"));
        assert!(body.contains("aspect-video"));
        assert!(!body.contains("<iframe"));
        assert!(!body.contains("About Songs"));
        // An address the app would not frame: the label alone.
        story.video_url = Some("http://example.org/video".into());
        ctx.stories().update(&story, &[]).await.unwrap();
        ctx.changed_behind_the_api().await;
        let (_, html) = page(&app, &path, None).await;
        let body = root(&html);
        assert!(body.contains("Video Story") && !body.contains("aspect-video"));
    }
);

/// The site's name, chosen by whoever runs the server, is text in the hero and the header.
async fn a_site_name_is_escaped(engine: adapters::testing::Engine) {
    let Some(ctx) =
        TestContext::with_config(engine, |c| c.site_name = "Grace & <Friends>".into()).await
    else {
        return;
    };
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    let (status, html) = page(&app, "/", None).await;
    assert_eq!(status, 200);
    let body = root(&html);
    assert!(body.contains(">Grace &amp; &lt;Friends&gt;</h1>"), "{body}");
    assert!(
        body.contains("<span>Grace &amp; &lt;Friends&gt;</span>"),
        "the brand"
    );
    assert!(!html.contains("<Friends>"));
}

#[actix_web::test]
async fn a_site_name_is_escaped_sqlite() {
    a_site_name_is_escaped(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn a_site_name_is_escaped_postgres() {
    a_site_name_is_escaped(adapters::testing::Engine::Postgres).await;
}
