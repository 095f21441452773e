//! A small SMTP server on localhost for tests: it speaks enough of the protocol for a
//! real client (lettre), accepts every recipient except those starting with `bounce`
//! (refused with 550), and records what it accepted.

// Test support: a failure here should stop the test loudly.
#![allow(clippy::unwrap_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One message as the SMTP server received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub to: String,
    /// Headers and body as sent.
    pub data: String,
}

/// The server and what it received.
pub struct SmtpSink {
    port: u16,
    received: Arc<Mutex<Vec<Received>>>,
}

impl SmtpSink {
    /// Listens on a free port of 127.0.0.1.
    ///
    /// # Panics
    /// When no port can be bound.
    pub async fn start() -> Self {
        Self::start_slow(Duration::ZERO).await
    }

    /// Listens on a free port of 127.0.0.1 and takes `per_message` to accept each message
    /// (after its data arrived, before it answers that it is queued).
    ///
    /// # Panics
    /// When no port can be bound.
    pub async fn start_slow(per_message: Duration) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(serve(socket, store.clone(), per_message));
            }
        });
        Self { port, received }
    }

    /// `smtp://127.0.0.1:{port}`, for `SMTP_URL`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every accepted message so far.
    ///
    /// # Panics
    /// When a connection task panicked while holding the record.
    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

async fn serve(
    socket: tokio::net::TcpStream,
    store: Arc<Mutex<Vec<Received>>>,
    per_message: Duration,
) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut to = String::new();
    write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
    while let Ok(Some(line)) = lines.next_line().await {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250 sink\r\n"
        } else if upper.starts_with("MAIL FROM") {
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO") {
            to = line[8..].trim().trim_matches(['<', '>']).to_owned();
            if to.starts_with("bounce") {
                b"550 5.1.1 No such user here\r\n"
            } else {
                b"250 OK\r\n"
            }
        } else if upper == "DATA" {
            write.write_all(b"354 Go ahead\r\n").await.unwrap();
            let mut data = String::new();
            let mut complete = false;
            while let Ok(Some(l)) = lines.next_line().await {
                if l == "." {
                    complete = true;
                    break;
                }
                data.push_str(&l);
                data.push('\n');
            }
            // A client gone before the final "." (a killed sender) delivered nothing.
            if !complete {
                return;
            }
            tokio::time::sleep(per_message).await;
            store.lock().unwrap().push(Received {
                to: to.clone(),
                data,
            });
            b"250 OK queued\r\n"
        } else if upper == "QUIT" {
            let _ = write.write_all(b"221 Bye\r\n").await;
            return;
        } else {
            b"250 OK\r\n"
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}
