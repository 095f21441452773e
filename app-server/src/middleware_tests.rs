//! Tests of `middleware.rs`: the request span and its id.

#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::sync::{Arc, Mutex};

use actix_web::middleware::from_fn;
use actix_web::test as http;
use actix_web::{App, HttpResponse, web};

use super::{json_has_control, json_refusal, path_has_control, query_has_control, request_log};

/// Collects what the fmt subscriber writes.
#[derive(Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[actix_web::test]
async fn every_line_of_a_request_carries_the_id_it_answers() {
    let lines = Lines::default();
    let writer = lines.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let app = http::init_service(App::new().wrap(from_fn(request_log)).route(
        "/fail",
        web::get().to(|| async {
            tracing::error!("the database went away");
            HttpResponse::InternalServerError().finish()
        }),
    ))
    .await;
    let first = http::call_service(
        &app,
        http::TestRequest::get()
            .uri("/fail?token=secret")
            .to_request(),
    )
    .await;
    let second = http::call_service(&app, http::TestRequest::get().uri("/fail").to_request()).await;
    let id = first
        .headers()
        .get("x-request-id")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let other = second
        .headers()
        .get("x-request-id")
        .unwrap()
        .to_str()
        .unwrap();
    assert_eq!(id.len(), 16);
    assert_ne!(id, other, "a fresh id per request");
    let log = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
    let mine: Vec<&str> = log.lines().filter(|l| l.contains(&id)).collect();
    assert_eq!(mine.len(), 2, "{log}");
    assert!(mine[0].contains("the database went away"));
    assert!(mine[1].contains("status=500"));
    assert!(!log.contains("secret"), "the query string is never logged");
}

#[test]
fn nul_and_other_controls_are_found_in_queries_and_json_strings() {
    assert!(query_has_control("category=%00"));
    assert!(query_has_control("q=a%0Ab"));
    assert!(!query_has_control("category=Faith%20%26%20Life&q=grace"));
    assert!(json_has_control(br#"{"title":"a\u0000b"}"#));
    assert!(json_has_control(br#"{"title":"a\u001Fb"}"#));
    assert!(json_has_control(br#"{"title":"\u007f"}"#));
    assert!(!json_has_control(
        br#"{"content":"one\ntwo\r\n\tthree \u00e9"}"#
    ));
    assert!(!json_has_control(
        br#"{"content":"a backslash \\u0000 as text"}"#
    ));
}

#[test]
fn controls_are_found_in_paths_once_decoded() {
    assert!(path_has_control("/api/stories/author/%00"));
    assert!(path_has_control("/api/user/sessions/a%1Fb"));
    assert!(path_has_control("/api/admin/users/%7f/role"));
    assert!(path_has_control("/api/admin/users/%C2%85"));
    assert!(!path_has_control("/api/stories/author/%FF%FE"));
    assert!(!path_has_control("/api/stories/100%"));
    assert!(!path_has_control("/api/categories/Faith%20%26%20Life"));
}

#[test]
fn json_bodies_that_are_not_utf8_or_nest_too_deeply_are_refused() {
    assert_eq!(json_refusal(br#"{"title":"Grace"}"#), None);
    assert!(json_refusal(b"{\"title\":\"\xff\xfe\"}").is_some());
    let deep = format!("{}1{}", "{\"a\":".repeat(129), "}".repeat(129));
    assert!(json_refusal(deep.as_bytes()).is_some());
    let fine = format!("{}1{}", "{\"a\":".repeat(128), "}".repeat(128));
    assert_eq!(json_refusal(fine.as_bytes()), None);
    let brackets_in_text = format!(r#"{{"content":"{}"}}"#, "[{".repeat(500));
    assert_eq!(json_refusal(brackets_in_text.as_bytes()), None);
}
