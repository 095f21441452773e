//! The super admin's backups over HTTP: the list, "Back up now" (202, then verified in the
//! background), downloading one (recorded in the activity log), and every refusal.

use actix_web::http::Method;
use actix_web::test;
use domain::user::Role;

use crate::engine_test;
use crate::helpers::{send, sign_in_new};
use crate::stories::admin_cookie;

engine_test!(
    the_super_admin_backs_up_now_sees_it_verified_and_downloads_it,
    |ctx, app| {
        let boss = admin_cookie(&app).await;
        let empty = send(&app, Method::GET, "/api/admin/backups", Some(&boss), None).await;
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
            listed = send(&app, Method::GET, "/api/admin/backups", Some(&boss), None)
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

        let log = send(
            &app,
            Method::GET,
            "/api/admin/audit-log?action=backup_downloaded",
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(log.status, 200, "{}", log.body);
        assert_eq!(log.body[0]["targetKind"], "backup");
        assert_eq!(log.body[0]["targetId"], name.as_str());
        assert_eq!(log.body.as_array().unwrap().len(), 1);
    }
);

engine_test!(backups_are_the_super_admins_alone, |ctx, app| {
    let hash = ctx.password_hash().await;
    let (_, admin) = sign_in_new(&ctx, &app, "boaz@example.org", Role::Admin, true, &hash).await;
    let (_, member) = sign_in_new(&ctx, &app, "ruth@example.org", Role::Member, true, &hash).await;
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
            let res = send(
                &app,
                Method::GET,
                &format!("/api/admin/backups/{name}"),
                Some(&boss),
                None,
            )
            .await;
            assert_eq!(res.status, 404, "{name}: {}", res.body);
            assert_eq!(res.body["code"], "not_found", "{name}");
        }
        // Nothing was downloaded, so nothing was logged.
        let log = send(
            &app,
            Method::GET,
            "/api/admin/audit-log?action=backup_downloaded",
            Some(&boss),
            None,
        )
        .await;
        assert_eq!(log.body, serde_json::json!([]));
    }
);
