//! Pictures in stories: alt text and addresses kept by the sanitiser, the pictures
//! a story uses kept, unused ones and those of deleted stories and accounts deleted with
//! their files, the export listing them; with pictures in a folder and in S3 storage.

use actix_web::http::Method;
use chrono::Duration;
use domain::clock::{Clock, SystemClock};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use sea_orm::ConnectionTrait;
use sea_orm::sea_query::{Alias, Expr, Query};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestContext, client, send};
use crate::uploads::{encoded, fetch, upload, writer};
use crate::{engine_test, storage_test};

fn photo() -> Vec<u8> {
    let image = DynamicImage::ImageRgb8(RgbImage::from_fn(900, 600, |x, y| {
        Rgb([(x % 200) as u8, (y % 200) as u8, 90])
    }));
    encoded(&image, ImageFormat::Jpeg)
}

/// Uploads a photo and answers its 800-pixel address and its key.
async fn uploaded<S, B>(app: &S, cookie: &str) -> (String, String)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = upload(app, Some(cookie), "photo.jpg", &photo()).await;
    assert_eq!(res.status, 201, "{}", res.body);
    let url = res.body["sizes"][1]["url"].as_str().unwrap().to_owned();
    assert!(url.ends_with("-800.jpg"), "{url}");
    let key = url["/media/".len().."/media/".len() + 32].to_owned();
    (url, key)
}

fn story(title: &str, content: &str, thumbnail: Option<&str>) -> Value {
    json!({
        "title": title,
        "content": content,
        "excerpt": null,
        "videoUrl": null,
        "thumbnailUrl": thumbnail,
        "category": "Testimonies",
        "isPublished": false,
    })
}

/// Makes every stored picture look uploaded `hours` ago.
async fn age_pictures(ctx: &TestContext, hours: i64) {
    let at = SystemClock.now() - Duration::hours(hours);
    let update = Query::update()
        .table(Alias::new("media"))
        .value(Alias::new("created_at"), Expr::value(at))
        .to_owned();
    ctx.state.db.execute(&update).await.unwrap();
}

/// Whether every stored size of the picture `key` is in the storage (`true`) or none is
/// (`false`); anything in between fails the test.
async fn files_exist(ctx: &TestContext, key: &str) -> bool {
    let store = ctx.media_store();
    let mut found = Vec::new();
    for width in [400, 800, 900] {
        found.push(
            store
                .get(&format!("{key}-{width}.jpg"))
                .await
                .unwrap()
                .is_some(),
        );
    }
    assert!(found.iter().all(|f| *f == found[0]), "{key}: {found:?}");
    found[0]
}

storage_test!(
    pictures_a_story_uses_stay_and_the_others_go_after_a_day,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let (cover, cover_key) = uploaded(&app, &cookie).await;
        let (inline, inline_key) = uploaded(&app, &cookie).await;
        let (_, unused_key) = uploaded(&app, &cookie).await;
        let content =
            format!("Our new hall.\n\n![The hall on opening day]({inline})\n\nCome and see.");
        let created = client(&app, Some(&cookie))
            .post("/api/stories", story("The hall", &content, Some(&cover)))
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        assert_eq!(
            created.body["content"],
            format!(
                "<p>Our new hall.</p>\n<p><img src=\"{inline}\" alt=\"The hall on opening day\"></p>\n<p>Come and see.</p>"
            )
        );

        // Within the day nothing goes.
        assert_eq!(ctx.state.media.clean_up().await.unwrap(), 0);
        assert!(files_exist(&ctx, &unused_key).await);

        age_pictures(&ctx, 25).await;
        assert_eq!(ctx.state.media.clean_up().await.unwrap(), 1);
        assert!(!files_exist(&ctx, &unused_key).await);
        assert_eq!(
            fetch(&app, &format!("/media/{unused_key}-800.jpg")).await.0,
            404
        );
        for key in [&cover_key, &inline_key] {
            assert!(files_exist(&ctx, key).await, "{key} is used");
            assert_eq!(fetch(&app, &format!("/media/{key}-400.jpg")).await.0, 200);
        }
        assert_eq!(ctx.state.media.clean_up().await.unwrap(), 0);
    }
);

storage_test!(
    deleting_a_story_deletes_the_pictures_only_it_used,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let (mine, mine_key) = uploaded(&app, &cookie).await;
        let (shared, shared_key) = uploaded(&app, &cookie).await;
        let first = client(&app, Some(&cookie))
            .post(
                "/api/stories",
                story("First", &format!("![Both]({shared})"), Some(&mine)),
            )
            .await;
        assert_eq!(first.status, 201, "{}", first.body);
        let second = client(&app, Some(&cookie))
            .post(
                "/api/stories",
                story("Second", "Words only.", Some(&shared)),
            )
            .await;
        assert_eq!(second.status, 201, "{}", second.body);

        let path = format!("/api/stories/{}", first.body["id"]);
        let deleted = client(&app, Some(&cookie)).delete(&path).await;
        assert_eq!(deleted.status, 200, "{}", deleted.body);
        // No longer served at once; the files go with the next clean-up round.
        assert_eq!(fetch(&app, &mine).await.0, 404);
        assert_eq!(
            fetch(&app, &shared).await.0,
            200,
            "the second story uses it"
        );
        assert_eq!(ctx.state.media.clean_up().await.unwrap(), 1);
        assert!(!files_exist(&ctx, &mine_key).await);
        assert!(files_exist(&ctx, &shared_key).await);
    }
);

engine_test!(
    the_export_lists_the_pictures_and_leaving_deletes_them,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let (kept, kept_key) = uploaded(&app, &cookie).await;
        let (_, loose_key) = uploaded(&app, &cookie).await;
        // A published story stays, anonymous, with its picture.
        let mut live = story("Kept", "Words.", Some(&kept));
        live["isPublished"] = json!(true);
        live["consent"] = json!({"site": true, "social": true, "widget": true});
        let created = client(&app, Some(&cookie)).post("/api/stories", live).await;
        assert_eq!(created.status, 201, "{}", created.body);
        let admin = crate::stories::admin_cookie(&app).await;
        let approve = format!("/api/admin/stories/{}/approve", created.body["id"]);
        assert_eq!(
            send(&app, Method::POST, &approve, Some(&admin), None)
                .await
                .status,
            200
        );

        let export = client(&app, Some(&cookie)).get("/api/user/export").await;
        assert_eq!(export.status, 200);
        let pictures = export.body["pictures"].as_array().unwrap();
        assert_eq!(pictures.len(), 2);
        assert_eq!(
            pictures[0]["url"],
            format!("http://localhost:8080/media/{kept_key}-900.jpg")
        );
        assert_eq!(pictures[0]["sizes"].as_array().unwrap().len(), 3);
        assert_eq!(pictures[1]["width"], 900);
        assert!(pictures[1]["uploadedAt"].is_string());

        let left = send(
            &app,
            Method::DELETE,
            "/api/user",
            Some(&cookie),
            Some(json!({"password": PASSWORD, "deleteStories": false})),
        )
        .await;
        assert_eq!(left.status, 200, "{}", left.body);
        assert_eq!(
            fetch(&app, &format!("/media/{loose_key}-800.jpg")).await.0,
            404
        );
        assert_eq!(fetch(&app, &kept).await.0, 200, "the kept story shows it");
        assert_eq!(ctx.state.media.clean_up().await.unwrap(), 1);
        assert!(!files_exist(&ctx, &loose_key).await);
        assert!(files_exist(&ctx, &kept_key).await);
    }
);

engine_test!(
    story_pictures_need_alt_text_and_an_address_of_the_site_or_https,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let (own, _) = uploaded(&app, &cookie).await;
        let html = format!(
            r#"<p>A<img src="{own}" alt="Our choir"></p><p>B<img src="{own}"></p><p>C<img src="https://photos.example.org/a.jpg" alt="Hills"></p><p>D<img src="http://photos.example.org/a.jpg" alt="Plain"></p><p>E<img src="/api/logout" alt="Sneaky"></p>"#
        );
        let created = client(&app, Some(&cookie))
            .post("/api/stories", story("Pictures", &html, None))
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        assert_eq!(
            created.body["content"],
            format!(
                r#"<p>A<img src="{own}" alt="Our choir"></p><p>B</p><p>C<img src="https://photos.example.org/a.jpg" alt="Hills"></p><p>D</p><p>E</p>"#
            )
        );
    }
);
