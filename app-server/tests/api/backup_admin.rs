//! The super admin's backups over HTTP: the list, "Back up now" (202, then verified in the
//! background), downloading one (recorded in the activity log), and every refusal.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;

use crate::engine_test;
use crate::helpers::{client, send, sign_in_as};
use crate::stories::admin_cookie;

engine_test!(
    the_super_admin_backs_up_now_sees_it_verified_and_downloads_it,
    |ctx, app| {
        let boss = admin_cookie(&app).await;
        let empty = client(&app, Some(&boss)).get("/api/admin/backups").await;
        assert_eq!(empty.status, 200, "{}", empty.body);
        assert_eq!(empty.body["backups"], serde_json::json!([]));
        assert_eq!(empty.body["lastGood"], serde_json::Value::Null);
        assert_eq!(empty.body["overdue"], false);

        let started = send(&app, Method::POST, "/api/admin/backups", Some(&boss), None).await;
        assert_eq!(started.status, 202, "{}", started.body);
        let name = started.body["name"].as_str().unwrap().to_owned();
        assert!(
            name.starts_with("backup-") && name.ends_with("-manual.zip"),
            "{name}"
        );

        // Written, read back and checked in the background.
        let mut listed = serde_json::Value::Null;
        for _ in 0..300 {
            listed = client(&app, Some(&boss))
                .get("/api/admin/backups")
                .await
                .body;
            if listed["backups"][0]["state"] != "running" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let run = &listed["backups"][0];
        assert_eq!(run["name"], name.as_str());
        assert_eq!(run["state"], "verified", "{listed}");
        assert_eq!(run["downloadable"], true);
        assert!(run["bytes"].as_u64().unwrap() > 0);
        assert_eq!(run["people"], 1, "the super admin");
        assert_eq!(listed["lastGood"]["name"], name.as_str());

        let req = test::TestRequest::get()
            .uri(&format!("/api/admin/backups/{name}"))
            .insert_header(("cookie", boss.clone()))
            .to_request();
        let res = test::call_service(&app, req).await;
        assert_eq!(res.status(), 200);
        assert_eq!(
            res.headers().get("content-type").unwrap(),
            "application/zip"
        );
        let bytes = test::read_body(res).await;
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join(&name);
        std::fs::write(&copy, &bytes).unwrap();
        let manifest = adapters::backup::verify(&copy).await.unwrap();
        assert_eq!(manifest.site_name, "Grace Stories");

        let log = client(&app, Some(&boss))
            .get("/api/admin/audit-log?action=backup_downloaded")
            .await;
        assert_eq!(log.status, 200, "{}", log.body);
        assert_eq!(log.body[0]["targetKind"], "backup");
        assert_eq!(log.body[0]["targetId"], name.as_str());
        assert_eq!(log.body.as_array().unwrap().len(), 1);
    }
);

engine_test!(backups_are_the_super_admins_alone, |ctx, app| {
    let (_, admin) = sign_in_as(&ctx, &app, Role::Admin).await;
    let (_, member) = sign_in_as(&ctx, &app, Role::Member).await;
    for (method, path) in [
        (Method::GET, "/api/admin/backups"),
        (Method::POST, "/api/admin/backups"),
        (
            Method::GET,
            "/api/admin/backups/backup-20000101T000000Z.zip",
        ),
    ] {
        let visitor = send(&app, method.clone(), path, None, None).await;
        assert_eq!(visitor.status, 401, "{path}");
        assert_eq!(visitor.body["code"], "unauthenticated", "{path}");
        for who in [&admin, &member] {
            let res = send(&app, method.clone(), path, Some(who), None).await;
            assert_eq!(res.status, 403, "{path}");
            assert_eq!(res.body["code"], "forbidden", "{path}");
        }
    }
});

engine_test!(
    a_missing_or_malformed_backup_name_is_not_found,
    |ctx, app| {
        let boss = admin_cookie(&app).await;
        for name in [
            "backup-20000101T000000Z.zip",
            "not-a-backup.txt",
            "..%2F..%2Fetc%2Fpasswd",
            ".backup-20000101T000000Z.zip.partial",
        ] {
            let res = client(&app, Some(&boss))
                .get(&format!("/api/admin/backups/{name}"))
                .await;
            assert_eq!(res.status, 404, "{name}: {}", res.body);
            assert_eq!(res.body["code"], "not_found", "{name}");
        }
        // Nothing was downloaded, so nothing was logged.
        let log = client(&app, Some(&boss))
            .get("/api/admin/audit-log?action=backup_downloaded")
            .await;
        assert_eq!(log.body, serde_json::json!([]));
    }
);

/// Starts "Back up now" and waits until it is no longer running: the run as listed.
async fn back_up_now<S, B>(app: &S, boss: &str) -> serde_json::Value
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let started = send(app, Method::POST, "/api/admin/backups", Some(boss), None).await;
    assert_eq!(started.status, 202, "{}", started.body);
    for _ in 0..300 {
        let listed = client(app, Some(boss)).get("/api/admin/backups").await.body;
        if listed["backups"][0]["name"] == started.body["name"]
            && listed["backups"][0]["state"] != "running"
        {
            return listed["backups"][0].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the backup did not finish");
}

/// `BACKUP_S3_PREFIX`: each backup is also copied to the media store's bucket, and only the
/// newest `BACKUP_KEEP` stay under the prefix.
async fn copies_to_s3(engine: adapters::testing::Engine) {
    let bucket = adapters::testing::s3::fresh_bucket().await;
    let settings = bucket.clone();
    let Some(ctx) = crate::helpers::TestContext::with_config(engine, |c| {
        c.media.s3 = Some(settings);
        c.backups.s3_prefix = Some("grace/backups".into());
        c.backups.keep = 1;
    })
    .await
    else {
        return;
    };
    let app = test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone())).await;
    let boss = admin_cookie(&app).await;
    let first = back_up_now(&app, &boss).await;
    assert_eq!(first["state"], "verified", "{first}");
    // Names are to the second.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let second = back_up_now(&app, &boss).await;
    assert_eq!(second["state"], "verified", "{second}");
    let copies = adapters::backup::S3Copy::new(&bucket, "grace/backups", 1)
        .unwrap()
        .list()
        .await
        .unwrap();
    assert_eq!(
        copies,
        [second["name"].as_str().unwrap()],
        "{first} {second}"
    );
}

#[actix_web::test]
async fn backups_are_copied_to_s3_and_pruned_there_on_sqlite() {
    copies_to_s3(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn backups_are_copied_to_s3_and_pruned_there_on_postgres() {
    copies_to_s3(adapters::testing::Engine::Postgres).await;
}
