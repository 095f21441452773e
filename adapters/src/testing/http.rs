//! A small HTTP/1.1 server on localhost for tests, playing a platform's API: it records
//! every request (method, path, headers, body) and answers with the scripted answers in
//! order, then with what its `respond` function says.

// Test support: a failure here should stop the test loudly.
#![allow(clippy::unwrap_used)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// One request as the server received it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// Header names in lower case, in the order received.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Request {
    /// The value of a header (name in any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// An answer to send.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// A JSON answer with this status.
    pub fn json(status: u16, body: &serde_json::Value) -> Self {
        Self {
            status,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.to_string(),
        }
    }

    /// The same answer with one more header.
    #[must_use]
    pub fn with_header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }
}

type Respond = dyn Fn(usize, &Request) -> Answer + Send + Sync;

struct Shared {
    received: Mutex<Vec<Request>>,
    script: Mutex<VecDeque<Answer>>,
    delay: Mutex<Duration>,
    respond: Box<Respond>,
}

/// The server and what it received.
pub struct FakeApi {
    port: u16,
    shared: Arc<Shared>,
}

impl FakeApi {
    /// Listens on a free port of 127.0.0.1; `respond` gets the request's number (from 1) and
    /// the request, for every request no scripted answer is left for.
    ///
    /// # Panics
    /// When no port can be bound.
    pub async fn start(
        respond: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static,
    ) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared {
            received: Mutex::new(Vec::new()),
            script: Mutex::new(VecDeque::new()),
            delay: Mutex::new(Duration::ZERO),
            respond: Box::new(respond),
        });
        let server = shared.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(serve(socket, server.clone()));
            }
        });
        Self { port, shared }
    }

    /// `http://127.0.0.1:{port}`, for a `*_API_URL`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Answers the next request (after those scripted before) with `answer`.
    pub fn then(&self, answer: Answer) -> &Self {
        self.shared.script.lock().unwrap().push_back(answer);
        self
    }

    /// Waits this long before each answer (to let concurrent clients overlap).
    pub fn set_delay(&self, delay: Duration) {
        *self.shared.delay.lock().unwrap() = delay;
    }

    /// Every request so far, in the order they arrived.
    pub fn received(&self) -> Vec<Request> {
        self.shared.received.lock().unwrap().clone()
    }
}

async fn serve(socket: TcpStream, shared: Arc<Shared>) {
    let (read, mut write) = socket.into_split();
    let mut reader = BufReader::new(read);
    let mut line = String::new();
    if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
        return;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let mut headers = Vec::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).await.unwrap_or(0) == 0 {
            return;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).await.unwrap();
    let request = Request {
        method,
        path,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    };
    let n = {
        let mut received = shared.received.lock().unwrap();
        received.push(request.clone());
        received.len()
    };
    let scripted = shared.script.lock().unwrap().pop_front();
    let answer = scripted.unwrap_or_else(|| (shared.respond)(n, &request));
    let delay = *shared.delay.lock().unwrap();
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let mut head = format!(
        "HTTP/1.1 {} Answer\r\nContent-Length: {}\r\nConnection: close\r\n",
        answer.status,
        answer.body.len()
    );
    for (name, value) in &answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let _ = write.write_all(head.as_bytes()).await;
    let _ = write.write_all(answer.body.as_bytes()).await;
    let _ = write.shutdown().await;
}
