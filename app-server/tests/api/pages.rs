//! Stories that travel: link previews and first paint of `/stories/{id}`, the
//! Atom feed, the sitemap and robots.txt, on both engines.

use domain::clock::{Clock, SystemClock};
use std::collections::BTreeSet;

use actix_web::test;
use chrono::Duration;
use domain::story::{NewStory, StoryFields, StoryRepository, StoryStatus};
use domain::user::Role;

use crate::engine_test;
use crate::helpers::get_text;

const BASE: &str = "http://localhost:8080";

fn meta(key: &str, value: &str) -> String {
    let attr = if key.starts_with("og:") || key.starts_with("article:") {
        "property"
    } else {
        "name"
    };
    format!("<meta {attr}=\"{key}\" content=\"{value}\" />")
}

fn head(html: &str) -> &str {
    &html[..html.find("</head>").expect("a head")]
}

engine_test!(
    a_story_page_carries_its_link_preview_and_text,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        let published = SystemClock.now() - Duration::days(2);
        let story = ctx
            .stories()
            .create(NewStory {
                passages: Vec::new(),
                fields: StoryFields {
                    title: r#"Grace "><script>alert(1)</script>"#.into(),
                    content: "<p>First paragraph of the story.</p><p>Second.</p>".into(),
                    source: "First paragraph of the story.\n\nSecond.".into(),
                    excerpt: Some("A short summary & more".into()),
                    video_url: None,
                    thumbnail_url: Some("https://example.org/t.jpg".into()),
                    category: "Worship".into(),
                },
                author_id: author.id.clone(),
                status: StoryStatus::Approved,
                is_published: true,
                published_at: Some(published),
                approved_by: None,
                approved_at: Some(published),
                privacy: Default::default(),
            })
            .await
            .unwrap();
        let (status, ctype, html) = get_text(&app, &format!("/stories/{}", story.id)).await;
        assert_eq!(status, 200);
        assert!(ctype.starts_with("text/html"), "{ctype}");
        let head = head(&html);
        let title = "Grace &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;";
        let url = format!("{BASE}/stories/{}", story.id);
        assert!(head.contains(&format!("<title>{title}</title>")), "{head}");
        for (key, value) in [
            ("description", "A short summary &amp; more"),
            ("og:title", title),
            ("og:description", "A short summary &amp; more"),
            ("og:image", "https://example.org/t.jpg"),
            ("og:url", url.as_str()),
            ("og:type", "article"),
            ("og:site_name", "Grace Stories"),
            ("article:section", "Worship"),
            (
                "article:published_time",
                &published.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            ),
            ("twitter:card", "summary_large_image"),
            ("twitter:image", "https://example.org/t.jpg"),
        ] {
            assert!(head.contains(&meta(key, value)), "{key}={value} in {head}");
        }
        assert!(head.contains(&format!("<link rel=\"canonical\" href=\"{url}\" />")));
        assert!(head.contains(&format!("href=\"{BASE}/feed.xml\"")));
        // One script element of JSON-LD, holding the hostile title as data only.
        let ld_start = head.find("<script type=\"application/ld+json\">").unwrap();
        let ld = &head[ld_start + 35..];
        let ld = &ld[..ld.find("</script>").unwrap()];
        let json: serde_json::Value = serde_json::from_str(ld).unwrap();
        assert_eq!(json["@type"], "Article");
        assert_eq!(json["headline"], r#"Grace "><script>alert(1)</script>"#);
        assert_eq!(json["author"]["name"], "Ruth Moab");
        assert_eq!(json["articleSection"], "Worship");
        assert!(!html.contains("<script>alert(1)"), "the title stays text");
        // The text is in the first response, before any script runs.
        let body = &html[html.find("<div id=\"root\">").unwrap()..];
        assert!(
            body.contains(&format!("sm:text-5xl\">{title}</h1>")),
            "{body}"
        );
        assert!(body.contains("[overflow-wrap:anywhere]\">A short summary &amp; more</p>"));
        assert!(body.contains("<p>First paragraph of the story.</p>"));
    }
);

engine_test!(
    a_preview_picture_falls_back_to_the_video_then_the_site,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        let mut story = ctx.story(&author, "Plain", "Worship", true, 1).await;
        let (_, _, html) = get_text(&app, &format!("/stories/{}", story.id)).await;
        assert!(head(&html).contains(&meta("og:image", &format!("{BASE}/og-image.jpg"))));
        assert!(head(&html).contains(&meta("description", "About Plain")));
        story.video_url = Some("https://www.youtube.com/embed/dQw4w9WgXcQ".into());
        story.excerpt = None;
        ctx.stories().update(&story, &[]).await.unwrap();
        ctx.changed_behind_the_api().await;
        let (_, _, html) = get_text(&app, &format!("/stories/{}", story.id)).await;
        assert!(head(&html).contains(&meta(
            "og:image",
            "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"
        )));
        assert!(head(&html).contains(&meta("description", "The content of Plain.")));
        let res = test::call_service(
            &app,
            test::TestRequest::get().uri("/og-image.jpg").to_request(),
        )
        .await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers().get("content-type").unwrap(), "image/jpeg");
        assert!(test::read_body(res).await.starts_with(&[0xFF, 0xD8]));
    }
);

engine_test!(
    hidden_and_missing_stories_answer_404_with_the_sites_own_head,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        let draft = ctx
            .story(&author, "Secret draft", "Worship", false, 1)
            .await;
        let pending = ctx.pending_story(&author, "Secret pending").await;
        for path in [
            format!("/stories/{}", draft.id),
            format!("/stories/{}", pending.id),
            "/stories/999999".to_owned(),
            "/stories/not-a-number".to_owned(),
        ] {
            let (status, ctype, html) = get_text(&app, &path).await;
            assert_eq!(status, 404, "{path}");
            assert!(ctype.starts_with("text/html"));
            assert!(!html.contains("Secret"), "{path} leaks the story");
            assert!(!html.contains("About "), "{path} leaks the excerpt");
            let head = head(&html);
            assert!(head.contains("<title>Grace Stories</title>"));
            assert!(head.contains(&meta("og:type", "website")));
            assert!(head.contains(&meta("og:title", "Grace Stories")));
            assert!(!head.contains("ld+json"));
        }
    }
);

fn parse(xml: &str) -> feed_rs::model::Feed {
    feed_rs::parser::parse(xml.as_bytes()).expect("valid Atom")
}

engine_test!(
    the_feed_lists_exactly_the_newest_50_published_stories,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        for n in 0..53 {
            let category = if n % 2 == 0 { "Worship" } else { "Testimonies" };
            ctx.story(&author, &format!("Story {n}"), category, true, n)
                .await;
        }
        ctx.story(&author, "A draft", "Worship", false, 0).await;
        ctx.pending_story(&author, "A pending one").await;
        let (status, ctype, xml) = get_text(&app, "/feed.xml").await;
        assert_eq!(status, 200);
        assert!(ctype.starts_with("application/atom+xml"), "{ctype}");
        let feed = parse(&xml);
        assert_eq!(feed.entries.len(), 50);
        let titles: Vec<String> = feed
            .entries
            .iter()
            .map(|e| e.title.as_ref().unwrap().content.clone())
            .collect();
        let expected: Vec<String> = (0..50).map(|n| format!("Story {n}")).collect();
        assert_eq!(titles, expected, "newest first, nothing unpublished");
        for entry in &feed.entries {
            assert!(entry.links[0].href.starts_with(&format!("{BASE}/stories/")));
            assert_eq!(entry.authors[0].name, "Ruth Moab");
            assert!(entry.published.is_some());
            assert_eq!(entry.categories.len(), 1);
            assert!(
                entry
                    .summary
                    .as_ref()
                    .unwrap()
                    .content
                    .starts_with("About Story")
            );
            let content = entry.content.as_ref().unwrap().body.as_ref().unwrap();
            assert!(content.starts_with("<p>The content of Story"), "{content}");
        }
        let (_, _, xml) = get_text(&app, "/feed.xml?category=Worship").await;
        let worship = parse(&xml);
        assert_eq!(worship.entries.len(), 27);
        assert!(
            worship
                .entries
                .iter()
                .all(|e| e.categories[0].term == "Worship")
        );
        let (status, _, _) = get_text(&app, "/feed.xml?category=Nonsense").await;
        assert_eq!(status, 404);
    }
);

engine_test!(
    a_repeated_conditional_get_of_the_feed_answers_304,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        ctx.story(&author, "One", "Worship", true, 1).await;
        let first =
            test::call_service(&app, test::TestRequest::get().uri("/feed.xml").to_request()).await;
        let etag = first
            .headers()
            .get("etag")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let modified = first
            .headers()
            .get("last-modified")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        for (name, value) in [
            ("if-none-match", etag.clone()),
            ("if-modified-since", modified),
        ] {
            let again = test::call_service(
                &app,
                test::TestRequest::get()
                    .uri("/feed.xml")
                    .insert_header((name, value))
                    .to_request(),
            )
            .await;
            assert_eq!(again.status(), 304, "{name}");
            assert!(test::read_body(again).await.is_empty());
        }
        // A new story changes the feed: the old validator no longer matches.
        ctx.story(&author, "Two", "Worship", true, 0).await;
        let changed = test::call_service(
            &app,
            test::TestRequest::get()
                .uri("/feed.xml")
                .insert_header(("if-none-match", etag))
                .to_request(),
        )
        .await;
        assert_eq!(changed.status(), 200);
    }
);

engine_test!(
    the_sitemap_lists_exactly_the_published_stories,
    |ctx, app| {
        let author = ctx.user("ruth@example.org", Role::Member, true).await;
        let mut published = BTreeSet::new();
        for n in 0..5 {
            let s = ctx
                .story(&author, &format!("S{n}"), "Worship", true, n)
                .await;
            published.insert(format!("{BASE}/stories/{}", s.id));
        }
        ctx.story(&author, "Draft", "Worship", false, 0).await;
        ctx.pending_story(&author, "Pending").await;
        let (status, ctype, xml) = get_text(&app, "/sitemap.xml").await;
        assert_eq!(status, 200);
        assert!(ctype.starts_with("application/xml"));
        assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
        let locs: BTreeSet<String> = xml
            .split("<loc>")
            .skip(1)
            .map(|s| s[..s.find("</loc>").unwrap()].to_owned())
            .collect();
        let stories: BTreeSet<String> = locs
            .iter()
            .filter(|l| l.contains("/stories/"))
            .cloned()
            .collect();
        assert_eq!(stories, published);
        for page in ["/", "/stories", "/help"] {
            assert!(locs.contains(&format!("{BASE}{page}")), "{page}");
        }
        assert_eq!(xml.matches("<lastmod>").count(), 5);
        let (status, _, _) = get_text(&app, "/sitemap-1.xml").await;
        assert_eq!(status, 404, "one file needs no parts");
    }
);

engine_test!(robots_keeps_crawlers_out_of_private_screens, |_ctx, app| {
    let (status, ctype, text) = get_text(&app, "/robots.txt").await;
    assert_eq!(status, 200);
    assert!(ctype.starts_with("text/plain"));
    for line in [
        "User-agent: *",
        "Disallow: /api/",
        "Disallow: /admin",
        "Disallow: /dashboard",
        "Disallow: /contributor-dashboard",
        "Sitemap: http://localhost:8080/sitemap.xml",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in {text}");
    }
});
