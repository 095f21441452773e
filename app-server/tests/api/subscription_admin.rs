//! The super admin's side of subscriptions on both engines: counts, the list and the
//! bounces (paged), the CSV export, removal, the default frequency, and delivery-status
//! reports posted as raw mail (a Postfix bounce written by hand,
//! `fixtures/postfix-bounce.eml`): the second permanent failure suspends the address and
//! the digest job then leaves it out; a delay counts for nothing.

use actix_web::http::Method;
use actix_web::test;
use chrono::Duration;
use domain::clock::{Clock, SystemClock};
use domain::user::Role;
use serde_json::{Value, json};

use crate::digests::subscribe;
use crate::engine_test;
use crate::helpers::{api_token, client, error_fields, sign_in_as};

const BOUNCE: &str = include_str!("fixtures/postfix-bounce.eml");

/// The fixture for `recipient`, with this action and status.
fn report(recipient: &str, action: &str, status: &str) -> String {
    let reply = format!("550 {status} <{recipient}>: Recipient address rejected: User unknown");
    BOUNCE
        .replace("STATUS_REPLY", &reply)
        .replace("RECIPIENT", recipient)
        .replace("ACTION", action)
        .replace("STATUS", status)
}

struct Raw {
    status: u16,
    body: String,
}

impl Raw {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// Sends a raw body (or none) with a credential: a cookie or `Bearer gst_...`.
async fn raw<S, B>(
    app: &S,
    method: Method,
    path: &str,
    credential: Option<&str>,
    content_type: &str,
    body: Vec<u8>,
) -> Raw
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut req = test::TestRequest::default()
        .method(method)
        .uri(path)
        .insert_header(("content-type", content_type.to_owned()))
        .set_payload(body);
    match credential {
        Some(c) if c.starts_with("Bearer ") => {
            req = req.insert_header(("authorization", c.to_owned()));
        }
        Some(c) => req = req.insert_header(("cookie", c.to_owned())),
        None => {}
    }
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let bytes = test::read_body(res).await;
    Raw {
        status,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

fn total(headers: &actix_web::http::header::HeaderMap) -> u64 {
    headers
        .get("x-total-count")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("X-Total-Count")
}

engine_test!(
    only_the_super_admin_reaches_the_subscriber_endpoints,
    |ctx, app| {
        let (_, member) = sign_in_as(&ctx, &app, Role::Member).await;
        let (_, reviewer) = sign_in_as(&ctx, &app, Role::SubAdmin).await;
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let reads = [
            "/api/admin/subscriptions",
            "/api/admin/subscriptions/summary",
            "/api/admin/subscriptions/bounces",
            "/api/admin/subscriptions/export",
        ];
        for (who, expected) in [(None, 401), (Some(&member), 403), (Some(&reviewer), 403)] {
            let who = who.map(String::as_str);
            for path in reads {
                let res = client(&app, who).get(path).await;
                assert_eq!(res.status, expected, "GET {path} as {who:?}");
            }
            let put = client(&app, who)
                .put(
                    "/api/admin/subscriptions/default-frequency",
                    json!({"frequency": "monthly"}),
                )
                .await;
            assert_eq!(put.status, expected, "PUT as {who:?}");
            let delete = client(&app, who).delete("/api/admin/subscriptions/1").await;
            assert_eq!(delete.status, expected, "DELETE as {who:?}");
            let posted = raw(
                &app,
                Method::POST,
                "/api/admin/subscriptions/bounces",
                who,
                "message/rfc822",
                report("a@example.org", "failed", "5.1.1").into_bytes(),
            )
            .await;
            assert_eq!(posted.status, expected, "POST a report as {who:?}");
        }
        // Nothing was changed by the refused calls.
        let summary = client(&app, Some(&boss))
            .get("/api/admin/subscriptions/summary")
            .await;
        assert_eq!(summary.status, 200);
        assert_eq!(summary.body["defaultFrequency"], "weekly");
    }
);

engine_test!(
    the_summary_and_the_list_count_and_page_by_status,
    |ctx, app| {
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        subscribe(&ctx, &app, "ruth@example.org", "each").await;
        subscribe(&ctx, &app, "naomi@example.org", "weekly").await;
        let pending = client(&app, None)
            .post(
                "/api/subscriptions",
                json!({"email": "boaz@example.org", "page": "/stories/1", "website": ""}),
            )
            .await;
        assert_eq!(pending.status, 202);

        let summary = client(&app, Some(&boss))
            .get("/api/admin/subscriptions/summary")
            .await;
        assert_eq!(summary.status, 200, "{}", summary.body);
        assert_eq!(summary.body["pending"], 1);
        assert_eq!(summary.body["confirmed"], 2);
        assert_eq!(summary.body["unsubscribed"], 0);
        assert_eq!(summary.body["suspended"], 0);
        assert_eq!(
            summary.body["confirmedByFrequency"],
            json!({"each": 1, "weekly": 1, "monthly": 0})
        );

        let all = client(&app, Some(&boss))
            .get("/api/admin/subscriptions?limit=2")
            .await;
        assert_eq!(all.status, 200);
        assert_eq!(total(&all.headers), 3);
        let items = all.body.as_array().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0]["email"], "boaz@example.org", "newest first");
        assert_eq!(items[0]["status"], "pending");
        assert_eq!(items[0]["consent"]["page"], "/stories/1");
        assert!(
            items[0]["consent"]["wording"]
                .as_str()
                .unwrap()
                .starts_with("Get new stories")
        );
        assert_eq!(items[0]["hardBounces"], 0);
        assert!(items[0]["confirmedAt"].is_null());
        assert_eq!(items[1]["email"], "naomi@example.org");
        assert!(items[1]["confirmedAt"].is_string());

        let confirmed = client(&app, Some(&boss))
            .get("/api/admin/subscriptions?status=confirmed&offset=1")
            .await;
        assert_eq!(total(&confirmed.headers), 2);
        assert_eq!(confirmed.body[0]["email"], "ruth@example.org");
        assert_eq!(confirmed.body[0]["frequency"], "each");

        for (path, field) in [
            ("/api/admin/subscriptions?status=gone", "status"),
            ("/api/admin/subscriptions?limit=0", "limit"),
            ("/api/admin/subscriptions?limit=201", "limit"),
            ("/api/admin/subscriptions?offset=1000000001", "offset"),
            ("/api/admin/subscriptions/bounces?limit=101", "limit"),
        ] {
            let res = client(&app, Some(&boss)).get(path).await;
            assert_eq!(res.status, 400, "{path}");
            assert_eq!(res.body["code"], "validation_failed", "{path}");
            assert_eq!(error_fields(&res.body), [field], "{path}");
        }
    }
);

engine_test!(
    two_permanent_failures_suspend_an_address_and_the_digest_skips_it,
    |ctx, app| {
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        // A script of the super admin's posts the reports with an API token.
        let token = api_token(&app, &boss, "read_write").await;
        subscribe(&ctx, &app, "ruth@example.org", "weekly").await;
        subscribe(&ctx, &app, "naomi@example.org", "weekly").await;
        let post = |body: String, content_type: &'static str| {
            let token = token.clone();
            let app = &app;
            async move {
                raw(
                    app,
                    Method::POST,
                    "/api/admin/subscriptions/bounces",
                    Some(&token),
                    content_type,
                    body.into_bytes(),
                )
                .await
            }
        };

        // A delay counts for nothing and is not stored.
        let delayed = post(
            report("naomi@example.org", "delayed", "4.4.7"),
            "text/plain",
        )
        .await;
        assert_eq!(delayed.status, 200, "{}", delayed.body);
        assert_eq!(
            delayed.json(),
            json!([{"address": "naomi@example.org", "status": "4.4.7", "counted": false, "suspended": false}])
        );

        let first = post(
            report("Ruth@Example.org", "failed", "5.1.1"),
            "message/rfc822",
        )
        .await;
        assert_eq!(first.status, 200, "{}", first.body);
        assert_eq!(
            first.json(),
            json!([{"address": "ruth@example.org", "status": "5.1.1", "counted": true, "suspended": false}])
        );
        let nobody = post(
            report("stranger@example.org", "failed", "5.1.1"),
            "message/rfc822",
        )
        .await;
        assert_eq!(nobody.json()[0]["counted"], false, "nobody subscribed it");

        let second = post(
            report("ruth@example.org", "failed", "5.1.1"),
            "message/rfc822",
        )
        .await;
        assert_eq!(second.status, 200);
        assert_eq!(second.json()[0]["suspended"], true);

        let summary = client(&app, Some(&boss))
            .get("/api/admin/subscriptions/summary")
            .await;
        assert_eq!(summary.body["suspended"], 1);
        assert_eq!(summary.body["confirmed"], 1);
        let bounces = client(&app, Some(&boss))
            .get("/api/admin/subscriptions/bounces")
            .await;
        assert_eq!(bounces.status, 200);
        assert_eq!(
            total(&bounces.headers),
            2,
            "the two failures of a subscribed address"
        );
        let newest = &bounces.body[0];
        assert_eq!(newest["address"], "ruth@example.org");
        assert_eq!(newest["status"], "5.1.1");
        assert!(
            newest["diagnostic"]
                .as_str()
                .unwrap()
                .starts_with("smtp; 550 5.1.1")
        );
        assert!(
            newest["rawReport"]
                .as_str()
                .unwrap()
                .contains("Reporting-MTA: dns; mx.example.net")
        );
        let listed = client(&app, Some(&boss))
            .get("/api/admin/subscriptions?status=suspended")
            .await;
        assert_eq!(listed.body[0]["hardBounces"], 2);

        let log = client(&app, Some(&boss))
            .get("/api/admin/audit-log?action=subscriber_suspended")
            .await;
        assert_eq!(log.body.as_array().unwrap().len(), 1, "{}", log.body);
        assert_eq!(log.body[0]["targetKind"], "subscription");
        assert_eq!(log.body[0]["targetLabel"], "ruth@example.org");

        // The digest goes to naomi only.
        let author = ctx.user("maria@example.org", Role::Member, true).await;
        ctx.story(&author, "Mended", "Healing", true, 0).await;
        let round = ctx
            .state
            .digests
            .send_due(SystemClock.now() + Duration::days(8))
            .await
            .unwrap();
        assert_eq!(round.mailed, 1, "{round:?}");
        let to: Vec<String> = ctx
            .outbox()
            .await
            .into_iter()
            .filter(|(_, subject)| subject.contains("this week"))
            .map(|(to, _)| to)
            .collect();
        assert_eq!(to, ["naomi@example.org"]);
    }
);

engine_test!(
    reports_that_are_not_delivery_status_reports_are_refused,
    |ctx, app| {
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let no_recipient = report("a@example.org", "failed", "5.1.1")
            .replace("Final-Recipient", "X-Nothing")
            .replace("Original-Recipient", "X-Else");
        for body in [
            "Subject: hello\r\n\r\nJust a note.\r\n".to_owned(),
            "not mail at all".to_owned(),
            String::new(),
            no_recipient,
        ] {
            let res = raw(
                &app,
                Method::POST,
                "/api/admin/subscriptions/bounces",
                Some(&boss),
                "message/rfc822",
                body.into_bytes(),
            )
            .await;
            assert_eq!(res.status, 400, "{}", res.body);
            assert_eq!(res.json()["code"], "validation_failed");
            assert_eq!(error_fields(&res.json()), ["report"]);
        }
        let mut huge = report("a@example.org", "failed", "5.1.1");
        huge.push_str(&"x".repeat(256 * 1024));
        let res = raw(
            &app,
            Method::POST,
            "/api/admin/subscriptions/bounces",
            Some(&boss),
            "message/rfc822",
            huge.into_bytes(),
        )
        .await;
        assert_eq!(res.status, 413);
        assert_eq!(res.json()["code"], "payload_too_large");
    }
);

engine_test!(
    the_default_frequency_is_chosen_logged_and_preselected,
    |ctx, app| {
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        let site = client(&app, None).get("/api/site").await;
        assert_eq!(site.body["defaultFrequency"], "weekly");
        let bad = client(&app, Some(&boss))
            .put(
                "/api/admin/subscriptions/default-frequency",
                json!({"frequency": "daily"}),
            )
            .await;
        assert_eq!(bad.status, 400);
        let chosen = client(&app, Some(&boss))
            .put(
                "/api/admin/subscriptions/default-frequency",
                json!({"frequency": "monthly"}),
            )
            .await;
        assert_eq!(chosen.status, 200, "{}", chosen.body);
        assert_eq!(chosen.body["frequency"], "monthly");
        let site = client(&app, None).get("/api/site").await;
        assert_eq!(
            site.body["defaultFrequency"], "monthly",
            "the public site says so at once"
        );
        let summary = client(&app, Some(&boss))
            .get("/api/admin/subscriptions/summary")
            .await;
        assert_eq!(summary.body["defaultFrequency"], "monthly");

        // A sign-up that names no frequency gets it.
        let asked = client(&app, None)
            .post(
                "/api/subscriptions",
                json!({"email": "ruth@example.org", "page": "/", "website": ""}),
            )
            .await;
        assert_eq!(asked.status, 202);
        let listed = client(&app, Some(&boss))
            .get("/api/admin/subscriptions")
            .await;
        assert_eq!(listed.body[0]["frequency"], "monthly");

        let log = client(&app, Some(&boss))
            .get("/api/admin/audit-log?action=subscription_default_changed")
            .await;
        assert_eq!(log.body.as_array().unwrap().len(), 1);
        assert_eq!(log.body[0]["reason"], "from weekly to monthly");
        assert_eq!(log.body[0]["targetKind"], "setting");
    }
);

engine_test!(
    the_export_is_inert_csv_and_removal_takes_the_bounces_along,
    |ctx, app| {
        let (_, boss) = sign_in_as(&ctx, &app, Role::SuperAdmin).await;
        // `=` and `+` are letters of an address (RFC 5322), and formula starters in a sheet.
        subscribe(&ctx, &app, "=1+2@example.org", "weekly").await;
        subscribe(&ctx, &app, "ruth@example.org", "each").await;
        let res = test::call_service(
            &app,
            test::TestRequest::get()
                .uri("/api/admin/subscriptions/export")
                .insert_header(("cookie", boss.clone()))
                .to_request(),
        )
        .await;
        assert_eq!(res.status(), 200);
        let header = |name: &str| {
            res.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert!(
            header("content-type").starts_with("text/csv"),
            "{}",
            header("content-type")
        );
        assert!(header("content-disposition").starts_with("attachment; filename=\"subscriptions-"));
        let csv = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "id,email,status,frequency,categories,created_at,confirmed_at,consent_wording,consent_page,consent_at,hard_bounces"
        );
        assert_eq!(
            lines.len(),
            4,
            "header, two rows, final line break: {csv:?}"
        );
        assert!(
            lines[1].contains(",'=1+2@example.org,confirmed,weekly,"),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].contains(",ruth@example.org,confirmed,each,"),
            "{}",
            lines[2]
        );
        // The wording holds commas: quoted.
        assert!(
            lines[2].contains(",\"Get new stories by e-mail. We send only what you choose, with"),
            "{}",
            lines[2]
        );

        // Removing: a bounce first, so that it goes along.
        let bounced = raw(
            &app,
            Method::POST,
            "/api/admin/subscriptions/bounces",
            Some(&boss),
            "message/rfc822",
            report("ruth@example.org", "failed", "5.2.1").into_bytes(),
        )
        .await;
        assert_eq!(bounced.json()[0]["counted"], true);
        let admin = client(&app, Some(&boss));
        let listed = admin.get("/api/admin/subscriptions?status=confirmed").await;
        let ruth = listed
            .body
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["email"] == "ruth@example.org")
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        let missing = admin.delete("/api/admin/subscriptions/999999").await;
        assert_eq!(missing.status, 404);
        assert_eq!(missing.body["code"], "not_found");
        let word = admin.delete("/api/admin/subscriptions/ruth").await;
        assert_eq!(word.status, 400);
        let removed = admin
            .delete(&format!("/api/admin/subscriptions/{ruth}"))
            .await;
        assert_eq!(removed.status, 204);
        let again = admin
            .delete(&format!("/api/admin/subscriptions/{ruth}"))
            .await;
        assert_eq!(again.status, 404);
        let left = admin.get("/api/admin/subscriptions").await;
        assert_eq!(total(&left.headers), 1);
        let bounces = admin.get("/api/admin/subscriptions/bounces").await;
        assert_eq!(total(&bounces.headers), 0, "its bounces went with it");
        let log = admin
            .get("/api/admin/audit-log?action=subscriber_removed")
            .await;
        assert_eq!(log.body[0]["targetLabel"], "ruth@example.org");
        assert_eq!(log.body[0]["targetId"], ruth.to_string());
    }
);
