//! Scripture in stories, on both engines: references stored when the live text is written
//! (create, approved edit) and carried by the story DTOs; search by any spelling; overlap
//! both ways; `?passage=` on the list and the feed; browsing by book and chapter; the
//! editor's reference preview; reader links; visitors never see what is not public.

use actix_web::http::Method;
use domain::user::Role;
use serde_json::{Value, json};

use crate::engine_test;
use crate::helpers::{Answer, TestContext, client, get, get_text, send, sign_in_as};

fn story(title: &str, text: &str, publish: bool) -> Value {
    json!({
        "title": title,
        "content": text,
        "excerpt": "A short summary",
        "category": "Bible Study",
        "isPublished": publish,
        "consent": {"site": true, "social": true, "widget": true},
    })
}

async fn post_story<S, B>(app: &S, cookie: &str, title: &str, text: &str, publish: bool) -> i64
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let created: Answer = client(app, Some(cookie))
        .post("/api/stories", story(title, text, publish))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.body["id"].as_i64().unwrap()
}

fn titles(list: &Value) -> Vec<String> {
    let mut titles: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    titles
}

fn osis(refs: &Value) -> Vec<&str> {
    refs.as_array()
        .unwrap()
        .iter()
        .map(|r| r["osis"].as_str().unwrap())
        .collect()
}

fn encode(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}

/// An admin (publishes at once) and a member (whose stories wait for review).
async fn people<S, B>(ctx: &TestContext, app: &S) -> (String, String)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let (_, admin) = sign_in_as(ctx, app, Role::Admin).await;
    let (_, member) = sign_in_as(ctx, app, Role::Member).await;
    (admin, member)
}

engine_test!(
    references_are_stored_with_the_live_text_and_carried_by_every_story_answer,
    |ctx, app| {
        let (admin, member) = people(&ctx, &app).await;
        let id = post_story(
            &app,
            &admin,
            "Hope in Psalm 23",
            "As Jn 3:16 says, and Rom 8:28, 31. Is 3 years enough?",
            true,
        )
        .await;
        let (status, _, one) = get(&app, &format!("/api/stories/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(
            osis(&one["scriptureRefs"]),
            ["Ps.23", "John.3.16", "Rom.8.28", "Rom.8.31"]
        );
        assert_eq!(one["scriptureRefs"][1]["display"], "John 3:16");
        assert_eq!(one["scriptureRefs"][0]["book"], "Ps");
        assert_eq!(one["scriptureRefs"][0]["chapter"], 23);
        let (_, _, list) = get(&app, "/api/stories").await;
        assert_eq!(osis(&list[0]["scriptureRefs"]), osis(&one["scriptureRefs"]));

        // A member's live story: the staged edit changes nothing until it is approved.
        let mine = post_story(&app, &member, "Mine", "John 3:16", true).await;
        let approve = format!("/api/admin/stories/{mine}/approve");
        assert_eq!(
            send(&app, Method::POST, &approve, Some(&admin), None)
                .await
                .status,
            200
        );
        let path = format!("/api/stories/{mine}");
        let edited = client(&app, Some(&member))
            .put(&path, story("Mine", "Micah 6:8", true))
            .await;
        assert_eq!(edited.status, 200, "{}", edited.body);
        assert_eq!(edited.body["staged"], true);
        let (_, _, live) = get(&app, &path).await;
        assert_eq!(
            osis(&live["scriptureRefs"]),
            ["John.3.16"],
            "staged, not live"
        );
        assert_eq!(
            send(&app, Method::POST, &approve, Some(&admin), None)
                .await
                .status,
            200
        );
        ctx.changed_behind_the_api().await;
        let (_, _, live) = get(&app, &path).await;
        assert_eq!(osis(&live["scriptureRefs"]), ["Mic.6.8"]);
        let (_, _, found) = get(&app, "/api/stories?passage=John.3.16").await;
        assert_eq!(
            titles(&found),
            ["Hope in Psalm 23"],
            "the old passage is gone"
        );
    }
);

engine_test!(
    a_search_by_any_spelling_finds_the_stories_citing_an_overlapping_passage,
    |ctx, app| {
        let (admin, _) = people(&ctx, &app).await;
        post_story(&app, &admin, "Love", "1 Cor 13 changed me", true).await;
        post_story(
            &app,
            &admin,
            "Patience",
            "Love is patient (1 Corinthians 13:4).",
            true,
        )
        .await;
        post_story(
            &app,
            &admin,
            "Gospel",
            "For God so loved (John 3:16-18)",
            true,
        )
        .await;
        post_story(
            &app,
            &admin,
            "Numbers",
            "Cor and 13 and 4 and jn and 16",
            true,
        )
        .await;
        for q in [
            "1 Cor 13",
            "1 cor 13:4",
            "I Corinthians 13:4-7",
            "1Co 13",
            "First Corinthians 13",
        ] {
            let (status, headers, list) = get(&app, &format!("/api/stories?q={}", encode(q))).await;
            assert_eq!(status, 200, "{q}");
            assert_eq!(titles(&list), ["Love", "Patience"], "{q:?}");
            assert_eq!(headers.get("x-total-count").unwrap(), "2", "{q:?}");
        }
        for q in ["Jn 3:16", "John 3.16", "john 3:17", "JOHN 3"] {
            let (_, _, list) = get(&app, &format!("/api/stories?q={}", encode(q))).await;
            assert_eq!(titles(&list), ["Gospel"], "{q:?}");
        }
        // Words and a reference together: both must match.
        let (_, _, list) = get(
            &app,
            &format!("/api/stories?q={}", encode("patient 1 Cor 13")),
        )
        .await;
        assert_eq!(titles(&list), ["Patience"]);
        // A plain word search is unchanged.
        let (_, _, list) = get(&app, "/api/stories?q=loved").await;
        assert_eq!(titles(&list), ["Gospel"]);
    }
);

engine_test!(
    the_passage_parameter_filters_the_list_and_the_feed_and_refuses_what_it_cannot_read,
    |ctx, app| {
        let (admin, _) = people(&ctx, &app).await;
        post_story(&app, &admin, "Shepherd", "Psalm 23:1-4", true).await;
        post_story(&app, &admin, "Whole psalm", "Ps 23", true).await;
        post_story(&app, &admin, "Other psalm", "Ps 91", true).await;
        let (status, headers, list) = get(&app, "/api/stories?passage=Ps.23.4").await;
        assert_eq!(status, 200);
        assert_eq!(titles(&list), ["Shepherd", "Whole psalm"]);
        assert_eq!(headers.get("x-total-count").unwrap(), "2");
        let (_, _, list) = get(&app, "/api/stories?passage=Ps.23.6").await;
        assert_eq!(titles(&list), ["Whole psalm"], "verse 6 is outside 23:1-4");
        let (_, _, list) = get(&app, "/api/stories?passage=Ps.23&category=Worship").await;
        assert!(titles(&list).is_empty(), "the category still applies");
        let (_, _, list) = get(&app, "/api/stories?passage=Ps.23&category=Bible%20Study").await;
        assert_eq!(titles(&list).len(), 2);

        let (status, _, feed) = get_text(&app, "/feed.xml?passage=Ps.91").await;
        assert_eq!(status, 200);
        assert!(
            feed.contains("Other psalm") && !feed.contains("Shepherd"),
            "{feed}"
        );
        // The feed names itself with its passage, so following `self` gives the same entries.
        assert!(
            feed.contains(r#"href="http://localhost:8080/feed.xml?passage=Ps.91""#)
                && feed.contains("Psalm 91")
                && feed.contains(r#"href="http://localhost:8080/scripture/Ps/91""#),
            "{feed}"
        );
        let (_, _, both) = get_text(&app, "/feed.xml?category=Bible%20Study&passage=Ps.23").await;
        assert!(
            both.contains("feed.xml?category=Bible+Study&amp;passage=Ps.23"),
            "{both}"
        );

        for bad in ["John.3.99", "Nope.1.1", "John", "Tob.1.1", "John.3.16.1"] {
            let path = format!("/api/stories?passage={bad}");
            let (status, _, body) = get(&app, &path).await;
            assert_eq!(status, 400, "{bad}: {body}");
            assert!(
                body["message"].as_str().unwrap().contains("passage"),
                "{body}"
            );
            let (status, _, _) = get_text(&app, &format!("/feed.xml?passage={bad}")).await;
            assert_eq!(status, 400, "feed {bad}");
        }
    }
);

engine_test!(
    visitors_find_only_public_stories_by_passage_and_in_the_scripture_index,
    |ctx, app| {
        let (admin, member) = people(&ctx, &app).await;
        let live = post_story(&app, &admin, "Live", "John 3:16", true).await;
        post_story(&app, &member, "Draft", "John 3:16 and Ps 23", false).await;
        post_story(&app, &member, "Pending", "John 3:16 and Ps 23", true).await;
        // Members only: live, but never in a visitor's passage list, feed or counts.
        let members = client(&app, Some(&admin)).post("/api/stories", json!({"title": "Members", "content": "John 3:16 and Ps 23", "category": "Bible Study",
                        "isPublished": true, "audience": "members",
                        "consent": {"site": true, "social": false, "widget": false}}))
        .await;
        assert_eq!(members.status, 201, "{}", members.body);
        let (_, _, list) = get(&app, "/api/stories?passage=John.3").await;
        assert_eq!(titles(&list), ["Live"]);
        let (_, _, feed) = get_text(&app, "/feed.xml?passage=Ps.23").await;
        assert!(!feed.contains("Members"), "{feed}");
        let signed_in = client(&app, Some(&member))
            .get("/api/stories?passage=John.3")
            .await;
        assert_eq!(
            titles(&signed_in.body),
            ["Live", "Members"],
            "a member sees it"
        );
        let (status, _, books) = get(&app, "/api/scripture").await;
        assert_eq!(status, 200);
        let books = books.as_array().unwrap();
        assert_eq!(books.len(), 66, "the Protestant canon");
        assert_eq!(books[0]["osis"], "Gen");
        let count = |osis: &str| {
            books.iter().find(|b| b["osis"] == osis).unwrap()["storyCount"]
                .as_u64()
                .unwrap()
        };
        assert_eq!(count("John"), 1);
        assert_eq!(
            count("Ps"),
            0,
            "only the draft and the pending story cite it"
        );
        let (status, _, john) = get(&app, "/api/scripture/John").await;
        assert_eq!(status, 200);
        assert_eq!(john["name"], "John");
        let chapters = john["chapters"].as_array().unwrap();
        assert_eq!(chapters.len(), 21);
        assert_eq!(chapters[2]["osis"], "John.3");
        assert_eq!(chapters[2]["display"], "John 3");
        assert_eq!(chapters[2]["storyCount"], 1);
        let (_, _, psalms) = get(&app, "/api/scripture/Ps").await;
        assert_eq!(psalms["chapters"][22]["display"], "Psalm 23");
        assert_eq!(psalms["chapters"][22]["storyCount"], 0);

        // Taken down: gone from the passage list and the counts.
        let takedown = format!("/api/admin/stories/{live}/unpublish");
        let res = client(&app, Some(&admin))
            .post(&takedown, json!({"reason": "Check"}))
            .await;
        assert_eq!(res.status, 200, "{}", res.body);
        let (_, _, list) = get(&app, "/api/stories?passage=John.3").await;
        assert!(titles(&list).is_empty());
        let (_, _, john) = get(&app, "/api/scripture/John").await;
        assert_eq!(john["chapters"][2]["storyCount"], 0);

        for missing in ["Tob", "Nope", "John.3"] {
            let (status, _, body) = get(&app, &format!("/api/scripture/{missing}")).await;
            assert_eq!(status, 404, "{missing}");
            assert_eq!(body["code"], "not_found");
        }
    }
);

engine_test!(
    the_story_form_s_preview_reads_references_and_changes_nothing,
    |ctx, app| {
        let (admin, _) = people(&ctx, &app).await;
        post_story(&app, &admin, "Cached", "Ps 23", true).await;
        let (_, before, _) = get(&app, "/api/stories").await;
        let found = client(&app, None)
            .post(
                "/api/scripture/references",
                json!({"text": "Found: John 3:16, Psalm 23 and Jn 3:16 again"}),
            )
            .await;
        assert_eq!(found.status, 200, "{}", found.body);
        assert_eq!(osis(&found.body), ["John.3.16", "Ps.23"]);
        assert_eq!(found.body[1]["display"], "Psalm 23");
        let (_, after, _) = get(&app, "/api/stories").await;
        assert_eq!(
            before.get("etag"),
            after.get("etag"),
            "the visitors' cache is kept"
        );

        let missing = client(&app, None)
            .post("/api/scripture/references", json!({}))
            .await;
        assert_eq!(missing.status, 400);
        let long = "x".repeat(201_001);
        let too_long = client(&app, None)
            .post("/api/scripture/references", json!({"text": long}))
            .await;
        assert_eq!(too_long.status, 400, "{}", too_long.body);
        assert_eq!(too_long.body["errors"][0]["field"], "text");
        let control = client(&app, None)
            .post("/api/scripture/references", json!({"text": "Ps 23\u{85}"}))
            .await;
        assert_eq!(control.status, 400, "{}", control.body);
        assert_eq!(control.body["errors"][0]["field"], "text");
    }
);

#[actix_web::test]
async fn references_in_the_text_link_to_the_configured_reader_with_names_that_say_so() {
    for engine in [
        adapters::testing::Engine::Sqlite,
        adapters::testing::Engine::Postgres,
    ] {
        let Some(ctx) = TestContext::with_config(engine, |c| {
            c.scripture.link = Some(
                domain::scripture::ReaderLink::parse("https://reader.example/{osis}").unwrap(),
            );
        })
        .await
        else {
            continue;
        };
        let app =
            actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
                .await;
        let (admin, _) = people(&ctx, &app).await;
        let id = post_story(&app, &admin, "Linked", "As Jn 3:16 says.", true).await;
        let (_, _, one) = get(&app, &format!("/api/stories/{id}")).await;
        let content = one["content"].as_str().unwrap();
        assert!(
            content.contains(
                "<a href=\"https://reader.example/John.3.16\" aria-label=\"Jn 3:16 (John 3:16), opens the Bible reader\""
            ),
            "{content}"
        );
        let (_, _, page) = get_text(&app, &format!("/stories/{id}")).await;
        assert!(
            page.contains("href=\"https://reader.example/John.3.16\""),
            "{page}"
        );
    }
}

engine_test!(
    stories_written_before_the_site_read_references_are_read_at_the_next_start,
    |ctx, app| {
        let author = ctx.user("old@example.org", Role::Member, true).await;
        // Stored straight through the repository, without its passages, as before.
        let old = ctx
            .story(&author, "Written on Psalm 23", "Bible Study", true, 1)
            .await;
        let (_, _, one) = get(&app, &format!("/api/stories/{}", old.id)).await;
        assert!(one["scriptureRefs"].as_array().unwrap().is_empty(), "{one}");
        let parser = domain::scripture::ScriptureParser::new(domain::scripture::Canon::Protestant);
        // The stored passages were read under another canon (or never): all are read again.
        let read = adapters::reindex_passages(ctx.state.db.clone(), &parser, "catholic")
            .await
            .unwrap();
        assert!(read >= 1, "{read}");
        let again = adapters::reindex_passages(ctx.state.db.clone(), &parser, "catholic")
            .await
            .unwrap();
        assert_eq!(again, 0, "nothing to do once read under this canon");
        ctx.changed_behind_the_api().await;
        let (_, _, one) = get(&app, &format!("/api/stories/{}", old.id)).await;
        assert_eq!(osis(&one["scriptureRefs"]), ["Ps.23"]);
    }
);
