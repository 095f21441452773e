//! A real S3-compatible server for tests: moto's server (`pip install 'moto[server]'`),
//! started once per test process on a free port, and a fresh bucket per call. The server
//! stops when the test process ends (its launcher waits on our stdin).

#![allow(clippy::expect_used)] // test support: a missing server fails the test with its reason

use std::io::Read;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::S3Settings;

struct Server {
    endpoint: String,
    _child: Mutex<Child>,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start() -> Server {
    let port = free_port();
    // `sh` keeps our stdin: when the test process exits, `cat` ends and moto is stopped.
    let script = format!(
        "python3 -m moto.server -H 127.0.0.1 -p {port} >/dev/null 2>&1 & pid=$!; cat >/dev/null; kill $pid"
    );
    let child = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("sh");
    let endpoint = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            use std::io::Write;
            let _ = stream.write_all(b"GET / HTTP/1.0\r\n\r\n");
            let mut reply = [0_u8; 12];
            if stream.read_exact(&mut reply).is_ok() && reply.starts_with(b"HTTP/1") {
                break;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the S3 test server did not start on {endpoint}: install it with pip install 'moto[server]'"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    Server {
        endpoint,
        _child: Mutex::new(child),
    }
}

/// Settings for a new, empty bucket on the shared test server.
///
/// # Panics
/// When moto's server cannot be started or the bucket cannot be created.
pub async fn fresh_bucket() -> S3Settings {
    static SERVER: OnceLock<Server> = OnceLock::new();
    let endpoint = tokio::task::spawn_blocking(|| SERVER.get_or_init(start).endpoint.clone())
        .await
        .expect("start the S3 test server");
    let bucket = format!("grace-{}", crate::new_media_key());
    let created = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await
        .expect("create a bucket");
    assert!(
        created.status().is_success(),
        "create bucket: {}",
        created.status()
    );
    S3Settings {
        endpoint,
        bucket,
        access_key_id: "testing".into(),
        secret_access_key: "testing".into(),
        region: "us-east-1".into(),
    }
}
