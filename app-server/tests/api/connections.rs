//! The connection a browser, a program or a load balancer keeps open between requests: the
//! server keeps an idle one open longer than load balancers and proxies keep theirs, so the
//! next request on it is answered instead of meeting a connection closed at that moment
//! (docs/reliability.md, "Idle connections").

use std::time::Duration;

use adapters::testing::{Engine, TestDatabase};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::processes::{base_env, start};

/// Reads one answer to a `GET` from `stream`: its head and its `Content-Length` bytes. An
/// empty string when the server closed the connection instead of answering.
async fn read_answer(stream: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                })
                .unwrap_or(0);
            if bytes.len() >= end + 4 + length {
                return text;
            }
        }
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return text,
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
        }
    }
}

/// Asks `/healthz` twice on one connection with `idle` between the two: both are answered.
/// Then, with that connection idle and open, the server stops at once when asked to: a
/// connection kept for its next request does not hold up a restart.
async fn a_second_request_after(idle: Duration) {
    let db = TestDatabase::new(Engine::Sqlite).await.unwrap().unwrap();
    let mut server = start(&base_env(&db.url)).await;
    let address = server.base.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&address).await.unwrap();
    let request = format!("GET /healthz HTTP/1.1\r\nHost: {address}\r\n\r\n");

    stream.write_all(request.as_bytes()).await.unwrap();
    let first = read_answer(&mut stream).await;
    assert!(first.starts_with("HTTP/1.1 200"), "first answer: {first:?}");

    tokio::time::sleep(idle).await;
    // A write to a connection the server closed still succeeds locally; the read tells.
    let _ = stream.write_all(request.as_bytes()).await;
    let second = read_answer(&mut stream).await;
    assert!(
        second.starts_with("HTTP/1.1 200"),
        "after {idle:?} idle the connection was closed instead of answering: {second:?}"
    );

    let stopped = server.terminate(Duration::from_secs(5));
    assert!(
        stopped.is_some_and(|status| status.success()),
        "with an idle connection open, SIGTERM did not stop the server within 5 s: {stopped:?}"
    );
    assert_eq!(
        read_answer(&mut stream).await,
        "",
        "the idle connection is closed"
    );
}

/// Past actix's default of five seconds, which a test client (and any program pooling its
/// connections) met as a reset connection on a slow machine.
#[actix_web::test]
async fn a_connection_idle_for_seven_seconds_answers_its_next_request() {
    a_second_request_after(Duration::from_secs(7)).await;
}

/// Past the idle timeout of common load balancers (60 s).
#[actix_web::test]
#[ignore = "slow: just test-slow"]
async fn a_connection_idle_for_a_load_balancers_minute_answers_its_next_request() {
    a_second_request_after(Duration::from_secs(62)).await;
}
