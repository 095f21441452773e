//! Loads driven by `wrk` (another process: 2 threads, 64 connections, a fixed time), and
//! what it reports: requests per second, p50 and p99, errors. Shared by the `http` and
//! `digest` benches.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use crate::processes::{ADMIN_PASSWORD, get, post_json};

pub struct Load {
    pub name: &'static str,
    pub path: String,
    /// A wrk Lua script (the write; a member's cookie).
    pub script: Option<String>,
}

#[derive(Clone, Copy, Default)]
pub struct Figures {
    pub rps: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub errors: u64,
}

/// Runs `load` against `base` for `seconds` and waits for its figures.
pub fn wrk(base: &str, load: &Load, seconds: u64) -> Figures {
    figures(&start_wrk(base, load, seconds).wait_with_output().unwrap())
}

/// Starts `load` against `base` for `seconds` (`wrk -t2 -c64`); read its figures with
/// [`figures`] once it ends.
pub fn start_wrk(base: &str, load: &Load, seconds: u64) -> Child {
    let mut cmd = Command::new("wrk");
    cmd.args([
        "-t2",
        "-c64",
        &format!("-d{seconds}s"),
        "--timeout",
        "5s",
        "--latency",
    ]);
    if let Some(script) = &load.script {
        cmd.args(["-s", script]);
    }
    cmd.arg(format!("http://{base}{}", load.path))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// What a finished `wrk` printed.
pub fn figures(out: &Output) -> Figures {
    let text = String::from_utf8_lossy(&out.stdout);
    let after = |prefix: &str| -> Option<String> {
        text.lines()
            .map(str::trim)
            .find(|l| l.starts_with(prefix))
            .map(|l| l[prefix.len()..].trim().to_owned())
    };
    let socket_errors: u64 = after("Socket errors:")
        .map(|l| {
            l.split(',')
                .filter_map(|p| p.split_whitespace().nth(1)?.parse::<u64>().ok())
                .sum()
        })
        .unwrap_or(0);
    Figures {
        rps: after("Requests/sec:")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0),
        p50_ms: after("50%").map_or(f64::NAN, |v| millis(&v)),
        p99_ms: after("99%").map_or(f64::NAN, |v| millis(&v)),
        errors: after("Non-2xx or 3xx responses:")
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
            + socket_errors,
    }
}

/// wrk's "1.23ms", "850.00us", "1.02s".
fn millis(v: &str) -> f64 {
    let v = v.trim();
    let (number, factor) = if let Some(n) = v.strip_suffix("us") {
        (n, 0.001)
    } else if let Some(n) = v.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = v.strip_suffix('s') {
        (n, 1000.0)
    } else {
        (v, f64::NAN)
    };
    number.parse::<f64>().map_or(f64::NAN, |n| n * factor)
}

/// The newest published story's id, from the public list.
pub fn a_published_story(base: &str) -> i64 {
    let page = get(base, "/api/stories?limit=1");
    page.split("\"id\":")
        .nth(1)
        .and_then(|s| s.split([',', '}']).next())
        .and_then(|s| s.trim().parse::<i64>().ok())
        .expect("a published story")
}

/// Every published story's id, read from `/sitemap.xml` (an index of parts past 50,000 URLs)
/// as a crawler would.
pub fn published_story_ids(base: &str) -> Vec<i64> {
    let index = get(base, "/sitemap.xml");
    let documents = if index.contains("<sitemapindex") {
        index
            .split("/sitemap-")
            .skip(1)
            .filter_map(|rest| rest.split(".xml").next())
            .map(|part| get(base, &format!("/sitemap-{part}.xml")))
            .collect()
    } else {
        vec![index]
    };
    let ids: Vec<i64> = documents
        .iter()
        .flat_map(|xml| xml.split("/stories/").skip(1))
        .filter_map(|rest| rest.split('<').next()?.parse().ok())
        .collect();
    assert!(!ids.is_empty(), "the sitemap lists published stories");
    ids
}

/// The wrk script that reads `prefix{id}` for an id drawn at random from `ids` on every
/// request (each of wrk's threads draws its own), in `work`.
pub fn spread_script(work: &Path, name: &str, ids: &[i64], prefix: &str) -> PathBuf {
    let list = work.join(format!("{name}.ids"));
    let lines: Vec<String> = ids.iter().map(i64::to_string).collect();
    std::fs::write(&list, lines.join("\n")).unwrap();
    let script = work.join(format!("{name}.lua"));
    std::fs::write(
        &script,
        format!(
            "local ids = {{}}\n\
             for line in io.lines(\"{}\") do ids[#ids + 1] = line end\n\
             math.randomseed(os.time() + tonumber(tostring({{}}):match(\"0x(%x+)\") or \"0\", 16) % 100000)\n\
             request = function()\n  \
               return wrk.format(\"GET\", \"{prefix}\" .. ids[math.random(#ids)])\n\
             end\n",
            list.display()
        ),
    )
    .unwrap();
    script
}

/// The bench's member (`a_member`).
pub const MEMBER_EMAIL: &str = "bench.reader@bench.example";
pub const MEMBER_PASSWORD: &str = "a long bench password 2026";

/// Registers a member, has the super admin approve them, and answers their session cookie.
pub fn a_member(base: &str) -> String {
    let registered = post_json(
        base,
        "/api/register",
        None,
        &format!(
            r#"{{"firstName":"Bench","lastName":"Reader","username":"benchreader",
                "email":"{MEMBER_EMAIL}","password":"{MEMBER_PASSWORD}"}}"#
        ),
    );
    assert_eq!(registered.status, 201, "{}", registered.body);
    let member = registered.cookie.expect("a session for the new member");
    let id = registered
        .body
        .split("\"id\":\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("the new member's id")
        .to_owned();
    let admin = post_json(
        base,
        "/api/admin/login",
        None,
        &format!(r#"{{"username":"admin","password":"{ADMIN_PASSWORD}"}}"#),
    );
    assert_eq!(admin.status, 200, "{}", admin.body);
    let approved = post_json(
        base,
        &format!("/api/admin/users/{id}/role"),
        admin.cookie.as_deref(),
        r#"{"role":"member","isApproved":true}"#,
    );
    assert_eq!(approved.status, 200, "{}", approved.body);
    member
}

/// The wrk script of a signed-in member's reads (their session cookie on every request), in
/// `work`.
pub fn member_script(work: &Path, cookie: &str) -> PathBuf {
    let script = work.join("member.lua");
    std::fs::write(&script, format!("wrk.headers[\"Cookie\"] = \"{cookie}\"\n")).unwrap();
    script
}

/// The wrk script of a visitor's comment (the write the `http` bench measures), in `work`.
pub fn comment_script(work: &Path) -> PathBuf {
    let comment = work.join("comment.lua");
    std::fs::write(
        &comment,
        "wrk.method = \"POST\"\n\
         wrk.headers[\"Content-Type\"] = \"application/json\"\n\
         wrk.body = '{\"authorName\":\"Bench Reader\",\"content\":\"Thank you for sharing this story of grace.\"}'\n",
    )
    .unwrap();
    comment
}
