//! Pictures: upload, re-encoding without metadata, sizes, limits and serving,
//! on both engines.

use std::io::Cursor;

use actix_web::test;
use domain::user::Role;
use image::{DynamicImage, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

use crate::helpers::{TestContext, sign_in_as_with};
use crate::{engine_test, storage_test};

const BOUNDARY: &str = "----gracestoriesboundary";

fn multipart(field: &str, filename: &str, content_type: &str, data: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\nContent-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(data);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub(crate) struct Reply {
    pub status: u16,
    pub body: serde_json::Value,
}

pub(crate) async fn upload<S, B>(
    app: &S,
    cookie: Option<&str>,
    filename: &str,
    data: &[u8],
) -> Reply
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut req = test::TestRequest::post()
        .uri("/api/uploads")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        ))
        .set_payload(multipart("file", filename, "image/jpeg", data));
    if let Some(c) = cookie {
        req = req.insert_header(("cookie", c.to_owned()));
    }
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let body = test::read_body(res).await;
    Reply {
        status,
        body: serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
    }
}

pub(crate) fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// A photo 2000×1000 with an EXIF block naming where it was taken.
fn photo_with_location() -> Vec<u8> {
    let image = DynamicImage::ImageRgb8(RgbImage::from_fn(2000, 1000, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    }));
    let jpeg = encoded(&image, ImageFormat::Jpeg);
    // APP1 "Exif": a little-endian TIFF header, an empty IFD, then the secret.
    let mut exif = b"Exif\0\0II*\0\x08\0\0\0\0\0\0\0\0\0".to_vec();
    exif.extend_from_slice(b"GPSLatitude 51.5072N GPSLongitude 0.1276W HOME");
    let len = u16::try_from(exif.len() + 2).unwrap().to_be_bytes();
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1, len[0], len[1]]);
    out.extend_from_slice(&exif);
    out.extend_from_slice(&jpeg[2..]);
    out
}

pub(crate) async fn writer<S, B>(ctx: &TestContext, app: &S, email: &str) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    sign_in_as_with(ctx, app, Role::Member, |p| p.email(email))
        .await
        .1
}

pub(crate) async fn fetch<S, B>(
    app: &S,
    url: &str,
) -> (u16, actix_web::http::header::HeaderMap, Vec<u8>)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let res = test::call_service(app, test::TestRequest::get().uri(url).to_request()).await;
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, test::read_body(res).await.to_vec())
}

storage_test!(
    a_photo_is_stored_in_three_widths_without_its_location,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let photo = photo_with_location();
        assert!(
            photo.windows(4).any(|w| w == b"HOME"),
            "the test photo carries it"
        );
        let res = upload(&app, Some(&cookie), "holiday.jpg", &photo).await;
        assert_eq!(res.status, 201, "{}", res.body);
        assert_eq!(res.body["width"], 1600);
        assert_eq!(res.body["height"], 800);
        let sizes = res.body["sizes"].as_array().unwrap();
        let widths: Vec<u64> = sizes.iter().map(|s| s["width"].as_u64().unwrap()).collect();
        assert_eq!(widths, [400, 800, 1600]);
        assert_eq!(res.body["url"], sizes[2]["url"]);
        assert!(res.body["srcset"].as_str().unwrap().ends_with(" 1600w"));
        for size in sizes {
            let url = size["url"].as_str().unwrap();
            assert!(url.starts_with("/media/") && url.ends_with(".jpg"), "{url}");
            let (status, headers, data) = fetch(&app, url).await;
            assert_eq!(status, 200);
            assert_eq!(headers.get("content-type").unwrap(), "image/jpeg");
            assert_eq!(headers.get("x-content-type-options").unwrap(), "nosniff");
            assert!(
                headers
                    .get("content-security-policy")
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .contains("sandbox")
            );
            assert!(
                headers
                    .get("cache-control")
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .contains("immutable")
            );
            assert!(
                !data.windows(4).any(|w| w == b"HOME"),
                "{url} keeps the location"
            );
            assert!(!data.windows(4).any(|w| w == b"Exif"), "{url} keeps EXIF");
            let decoded = image::load_from_memory(&data).unwrap();
            assert_eq!(u64::from(decoded.width()), size["width"].as_u64().unwrap());
            assert_eq!(decoded.height() * 2, decoded.width());
        }
        let (status, _, _) = fetch(&app, "/media/0123456789abcdef0123456789abcdef-400.jpg").await;
        assert_eq!(status, 404);
    }
);

storage_test!(
    png_gif_and_webp_are_accepted_and_transparency_stays,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let clear =
            DynamicImage::ImageRgba8(RgbaImage::from_pixel(300, 200, Rgba([10, 20, 30, 0])));
        let opaque = DynamicImage::ImageRgb8(RgbImage::from_pixel(300, 200, Rgb([200, 100, 50])));
        for (name, data, ext) in [
            ("a.png", encoded(&clear, ImageFormat::Png), ".png"),
            ("b.gif", encoded(&opaque, ImageFormat::Gif), ".jpg"),
            ("c.webp", encoded(&clear, ImageFormat::WebP), ".png"),
        ] {
            let res = upload(&app, Some(&cookie), name, &data).await;
            assert_eq!(res.status, 201, "{name}: {}", res.body);
            assert_eq!(res.body["width"], 300, "{name}");
            let url = res.body["url"].as_str().unwrap();
            assert!(url.ends_with(ext), "{name}: {url}");
            let (status, _, data) = fetch(&app, url).await;
            assert_eq!(status, 200);
            assert!(image::load_from_memory(&data).is_ok());
        }
    }
);

engine_test!(
    anything_but_a_picture_is_refused_whatever_its_name,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        for (name, data) in [
            (
                "photo.jpg",
                b"<html><script>alert(document.cookie)</script></html>".to_vec(),
            ),
            (
                "photo.jpg",
                b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec(),
            ),
            ("photo.png", b"\x89PNG\r\n\x1a\nbroken".to_vec()),
        ] {
            let res = upload(&app, Some(&cookie), name, &data).await;
            assert!(matches!(res.status, 415 | 400), "{name}: {}", res.body);
            if res.status == 415 {
                assert_eq!(
                    res.body["message"],
                    "Please upload a JPEG, PNG, WebP or GIF picture"
                );
            }
        }
        let html = upload(&app, Some(&cookie), "photo.jpg", b"<html></html>").await;
        assert_eq!(html.status, 415);
        let broken = upload(&app, Some(&cookie), "photo.png", b"\x89PNG\r\n\x1a\nbroken").await;
        assert_eq!(broken.status, 400);
    }
);

/// A PNG whose header says `width`×`height`, with almost no pixel data (none is needed
/// to refuse it).
fn png_header_only(width: u32, height: u32) -> Vec<u8> {
    fn crc(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for byte in data {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut chunk = b"IHDR".to_vec();
    chunk.extend_from_slice(&width.to_be_bytes());
    chunk.extend_from_slice(&height.to_be_bytes());
    chunk.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut put = |chunk: &[u8]| {
        png.extend_from_slice(&u32::try_from(chunk.len() - 4).unwrap().to_be_bytes());
        png.extend_from_slice(chunk);
        png.extend_from_slice(&crc(chunk).to_be_bytes());
    };
    put(&chunk);
    // The start of the pixel data (a zlib header); decoding would need far more.
    put(b"IDAT\x78\x9c");
    put(b"IEND");
    png
}

engine_test!(
    a_50_megapixel_picture_is_refused_from_its_header,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let res = upload(
            &app,
            Some(&cookie),
            "huge.png",
            &png_header_only(10_000, 5_000),
        )
        .await;
        assert_eq!(res.status, 400, "{}", res.body);
        assert_eq!(
            res.body["message"],
            "Pictures can have at most 40 megapixels"
        );
    }
);

engine_test!(visitors_and_pending_members_cannot_upload, |ctx, app| {
    let photo = encoded(
        &DynamicImage::ImageRgb8(RgbImage::new(10, 10)),
        ImageFormat::Jpeg,
    );
    assert_eq!(upload(&app, None, "a.jpg", &photo).await.status, 401);
    let (_, pending) = sign_in_as_with(&ctx, &app, Role::Member, |p| p.pending()).await;
    assert_eq!(
        upload(&app, Some(&pending), "a.jpg", &photo).await.status,
        403
    );
    let empty = test::TestRequest::post()
        .uri("/api/uploads")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        ))
        .insert_header(("cookie", writer(&ctx, &app, "w@example.org").await))
        .set_payload(multipart("other", "a.txt", "text/plain", b"hi"))
        .to_request();
    let res = test::call_service(&app, empty).await;
    assert_eq!(res.status(), 400, "no `file` field");
});

#[actix_web::test]
async fn the_size_limit_and_the_daily_count_hold() {
    for engine in [
        adapters::testing::Engine::Sqlite,
        adapters::testing::Engine::Postgres,
    ] {
        let Some(ctx) = TestContext::with_config(engine, |c| {
            c.media.limits.max_bytes = 20_000;
            c.media.limits.per_day = 2;
        })
        .await
        else {
            continue;
        };
        let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let small = encoded(
            &DynamicImage::ImageRgb8(RgbImage::new(50, 50)),
            ImageFormat::Jpeg,
        );
        let big = photo_with_location();
        let res = upload(&app, Some(&cookie), "big.jpg", &big).await;
        assert_eq!(res.status, 413);
        assert_eq!(res.body["message"], "Pictures can be at most 0 MB");
        assert_eq!(
            upload(&app, Some(&cookie), "1.jpg", &small).await.status,
            201
        );
        assert_eq!(
            upload(&app, Some(&cookie), "2.jpg", &small).await.status,
            201
        );
        let third = upload(&app, Some(&cookie), "3.jpg", &small).await;
        assert_eq!(third.status, 429);
        assert_eq!(
            third.body["message"],
            "You can upload 2 pictures a day; please try again tomorrow"
        );
    }
}

engine_test!(
    an_uploaded_picture_is_a_story_thumbnail_and_its_preview,
    |ctx, app| {
        let cookie = writer(&ctx, &app, "ruth@example.org").await;
        let res = upload(&app, Some(&cookie), "holiday.jpg", &photo_with_location()).await;
        assert_eq!(res.status, 201);
        let thumbnail = res.body["sizes"][1]["url"].as_str().unwrap().to_owned();
        let admin = crate::stories::admin_cookie(&app).await;
        let created = crate::helpers::send(
        &app,
        actix_web::http::Method::POST,
        "/api/stories",
        Some(&admin),
        Some(serde_json::json!({"title": "With a photo", "content": "Text", "category": "Worship", "thumbnailUrl": thumbnail, "isPublished": true, "consent": {"site": true, "social": true, "widget": true}})),
    )
    .await;
        assert_eq!(created.status, 201, "{}", created.body);
        assert_eq!(created.body["thumbnailUrl"], thumbnail.as_str());
        let id = created.body["id"].as_i64().unwrap();
        let (_, _, html) = crate::helpers::get_text(&app, &format!("/stories/{id}")).await;
        assert!(
            html.contains(&format!(
                "<meta property=\"og:image\" content=\"http://localhost:8080{thumbnail}\" />"
            )),
            "the preview needs an absolute address"
        );
        // Another site path is still no thumbnail.
        let refused = crate::helpers::send(
        &app,
        actix_web::http::Method::POST,
        "/api/stories",
        Some(&admin),
        Some(serde_json::json!({"title": "Sneaky", "content": "Text", "category": "Worship", "thumbnailUrl": "/api/logout"})),
    )
    .await;
        assert_eq!(refused.status, 400, "{}", refused.body);
    }
);
