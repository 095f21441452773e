//! A platform's API played on localhost for tests (a `wiremock` server): it records every
//! request (method, path, headers, body) and answers with the scripted answers in order,
//! then with what its `respond` function says.

// Test support: a failure here should stop the test loudly.
#![allow(clippy::unwrap_used)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use wiremock::matchers::any;
use wiremock::{Mock, MockServer, ResponseTemplate};

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

/// Answers every request from the script, else from `respond`, and records it.
struct Responder(Arc<Shared>);

impl wiremock::Respond for Responder {
    fn respond(&self, req: &wiremock::Request) -> ResponseTemplate {
        let request = Request {
            method: req.method.to_string(),
            path: req.url.path().to_owned(),
            headers: req
                .headers
                .iter()
                .map(|(n, v)| {
                    (
                        n.as_str().to_owned(),
                        v.to_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect(),
            body: String::from_utf8_lossy(&req.body).into_owned(),
        };
        let shared = &self.0;
        let n = {
            let mut received = shared.received.lock().unwrap();
            received.push(request.clone());
            received.len()
        };
        let scripted = shared.script.lock().unwrap().pop_front();
        let answer = scripted.unwrap_or_else(|| (shared.respond)(n, &request));
        let mut template = ResponseTemplate::new(answer.status)
            .set_body_raw(answer.body.into_bytes(), "application/octet-stream")
            .set_delay(*shared.delay.lock().unwrap());
        for (name, value) in &answer.headers {
            template = template.insert_header(name.as_str(), value.as_str());
        }
        template
    }
}

/// The server and what it received.
pub struct FakeApi {
    server: MockServer,
    shared: Arc<Shared>,
}

impl FakeApi {
    /// Listens on a free port of 127.0.0.1; `respond` gets the request's number (from 1) and
    /// the request, for every request no scripted answer is left for.
    pub async fn start(
        respond: impl Fn(usize, &Request) -> Answer + Send + Sync + 'static,
    ) -> Self {
        let server = MockServer::start().await;
        let shared = Arc::new(Shared {
            received: Mutex::new(Vec::new()),
            script: Mutex::new(VecDeque::new()),
            delay: Mutex::new(Duration::ZERO),
            respond: Box::new(respond),
        });
        Mock::given(any())
            .respond_with(Responder(shared.clone()))
            .mount(&server)
            .await;
        Self { server, shared }
    }

    /// `http://127.0.0.1:{port}`, for a `*_API_URL`.
    pub fn url(&self) -> String {
        self.server.uri()
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
