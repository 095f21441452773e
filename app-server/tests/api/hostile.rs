//! Hostile input, mechanically: every operation of `openapi.json`, read
//! at test time, gets NUL and other control characters in its path segments, query values
//! and JSON strings; a 10 MB body; JSON nested 10,000 deep; wrong content types; invalid
//! UTF-8; huge (1e300, 2^64) and negative numbers; and unknown fields, as a visitor and as
//! the super admin, on both engines.
//!
//! Every answer is below 500, and every 4xx carries the JSON error body (`code` and
//! `message`, docs/product.md#errors). Input that cannot be right must be refused with a 4xx:
//! control characters anywhere, a body over the 1 MiB limit (413), JSON that does not parse
//! or nests past serde's limit, a body in another format than the one documented, an
//! integer outside its format or its documented bounds. Two inputs may be accepted, so
//! there any answer below 500 passes: an unknown field in a JSON body (ignored, as serde
//! does by default: older and newer clients keep working; the role and approval fields
//! of a registration are never read from it, which the sweep checks), and a body or
//! bytes sent to an operation that documents none (never read).

use std::collections::BTreeMap;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use actix_web::test;
use actix_web::web::Bytes;
use domain::user::{Role, UserRepository};
use futures_util::stream::{self, StreamExt};
use serde_json::{Value, json};

use crate::helpers::{TestContext, sign_in_as};
use crate::stories::admin_cookie;

/// The committed document, as clients read it.
fn document() -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json"))
        .expect("openapi.json");
    serde_json::from_str(&text).expect("openapi.json parses")
}

/// What an answer must be.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// A 4xx with the JSON error body.
    Refused,
    /// Exactly this 4xx, with the JSON error body.
    Status(u16),
    /// Anything below 500; a 4xx with the JSON error body.
    Handled,
}

struct Case {
    what: String,
    method: Method,
    uri: String,
    content_type: Option<String>,
    body: Bytes,
    expect: Expect,
}

struct Param {
    name: String,
    in_path: bool,
    schema: Value,
}

enum RequestBody {
    Json(Value),
    Multipart,
}

struct Operation {
    method: Method,
    path: String,
    params: Vec<Param>,
    body: Option<RequestBody>,
}

fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r.trim_start_matches("#/components/schemas/");
            resolve(doc, &doc["components"]["schemas"][name])
        }
        None => match schema["oneOf"].as_array().or(schema["anyOf"].as_array()) {
            Some(variants) => variants
                .iter()
                .find(|v| v["type"] != "null")
                .map_or(schema, |v| resolve(doc, v)),
            None => schema,
        },
    }
}

/// The schema's type, the first that is not `null`.
fn type_of(schema: &Value) -> &str {
    match &schema["type"] {
        Value::String(t) => t,
        Value::Array(ts) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("null"),
        _ if schema["properties"].is_object() => "object",
        _ => "",
    }
}

/// A plausible value for a schema: the first enum value, the minimum, enough characters.
fn sample(doc: &Value, schema: &Value) -> Value {
    let schema = resolve(doc, schema);
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    match type_of(schema) {
        "object" => {
            let required: Vec<&str> = schema["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let mut object = serde_json::Map::new();
            if let Some(props) = schema["properties"].as_object() {
                for (name, prop) in props {
                    if required.contains(&name.as_str()) {
                        object.insert(name.clone(), sample(doc, prop));
                    }
                }
            }
            Value::Object(object)
        }
        "array" => json!([sample(doc, &schema["items"])]),
        "integer" | "number" => json!(schema["minimum"].as_i64().unwrap_or(1).max(1)),
        "boolean" => json!(false),
        "string" if schema["format"] == "email" => json!("ruth@example.org"),
        "string" => {
            let n = schema["minLength"].as_u64().unwrap_or(1).max(8);
            json!("x".repeat(usize::try_from(n).unwrap_or(8)))
        }
        _ => Value::Null,
    }
}

fn operations(doc: &Value) -> Vec<Operation> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let params = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| Param {
                    name: p["name"].as_str().expect("name").to_owned(),
                    in_path: p["in"] == "path",
                    schema: p["schema"].clone(),
                })
                .collect();
            let body = op["requestBody"]["content"].as_object().map(|content| {
                match content.get("application/json") {
                    Some(json) => RequestBody::Json(resolve(doc, &json["schema"]).clone()),
                    None => RequestBody::Multipart,
                }
            });
            ops.push(Operation {
                method,
                path: path.clone(),
                params,
                body,
            });
        }
    }
    ops
}

/// Path values for the operations: ids of things that exist, so a request gets as far as
/// it can.
struct Fixtures {
    story_id: String,
    user_id: String,
}

impl Operation {
    fn uri(&self, fixtures: &Fixtures, path_value: Option<(&str, &str)>, query: &str) -> String {
        let mut uri = self.path.clone();
        for p in self.params.iter().filter(|p| p.in_path) {
            let value = match path_value {
                Some((name, v)) if name == p.name => v.to_owned(),
                _ if type_of(&p.schema) == "integer" => fixtures.story_id.clone(),
                _ if p.name == "userId" => fixtures.user_id.clone(),
                _ => "none".to_owned(),
            };
            uri = uri.replace(&format!("{{{}}}", p.name), &value);
        }
        if !query.is_empty() {
            uri.push('?');
            uri.push_str(query);
        }
        uri
    }

    fn json_schema(&self) -> Option<&Value> {
        match &self.body {
            Some(RequestBody::Json(schema)) => Some(schema),
            _ => None,
        }
    }

    fn takes_body(&self) -> bool {
        self.body.is_some()
    }
}

/// Control characters no field accepts: NUL, SOH, ESC, US, DEL.
const CONTROL: [&str; 5] = ["\u{0}", "a\u{1}b", "\u{1b}[31m", "x\u{1f}", "\u{7f}"];
const CONTROL_ENCODED: [&str; 5] = ["%00", "a%01b", "%1B%5B31m", "x%1F", "%7F"];
/// Too big for any integer this API takes, or not an integer at all.
const HUGE: [&str; 4] = [
    "18446744073709551616",
    "1e300",
    "-9223372036854775809",
    "99999999999999999999999999999999",
];

/// Integers for a field or parameter of `schema`: each with whether the schema allows it.
fn numbers(schema: &Value) -> Vec<(String, bool)> {
    let min = schema["minimum"].as_i64();
    let max = schema["maximum"].as_i64();
    let int32 = schema["format"] == "int32";
    let fits = |n: i64| {
        min.is_none_or(|m| n >= m)
            && max.is_none_or(|m| n <= m)
            && (!int32 || i32::try_from(n).is_ok())
    };
    let mut out: Vec<(String, bool)> = HUGE.iter().map(|h| ((*h).to_owned(), false)).collect();
    // Past i64 but within u64, where a `u64` parameter reads them and a database does not.
    out.push(("9223372036854775808".to_owned(), false));
    out.push((u64::MAX.to_string(), false));
    for n in [-1, i64::MIN, i64::MAX, i64::from(i32::MAX) + 1] {
        out.push((n.to_string(), fits(n)));
    }
    out
}

fn cases(doc: &Value, op: &Operation, fixtures: &Fixtures) -> Vec<Case> {
    let label = format!("{} {}", op.method, op.path);
    let json_body = op.json_schema().map(|s| sample(doc, s));
    let plain = |what: String, uri: String, content_type: Option<&str>, body: Bytes, expect| Case {
        what: format!("{label}: {what}"),
        method: op.method.clone(),
        uri,
        content_type: content_type.map(str::to_owned),
        body,
        expect,
    };
    let with_json = |what: String, uri: String, body: &Value, expect| {
        let (ct, bytes) = match &op.body {
            Some(RequestBody::Multipart) | None => (None, Vec::new()),
            Some(RequestBody::Json(_)) => (
                Some("application/json"),
                serde_json::to_vec(body).expect("json"),
            ),
        };
        plain(what, uri, ct, Bytes::from(bytes), expect)
    };
    let base_body = json_body.clone().unwrap_or(Value::Null);
    let mut out = Vec::new();

    // Path segments: control characters, invalid UTF-8, numbers no id has.
    for p in op.params.iter().filter(|p| p.in_path) {
        let mut values: Vec<(String, Expect)> = CONTROL_ENCODED
            .iter()
            .map(|v| ((*v).to_owned(), Expect::Refused))
            .collect();
        // Not UTF-8: no integer; as a text id, one that names nobody (a 404, or the empty
        // list of an author's stories).
        let integer = type_of(&p.schema) == "integer";
        let not_utf8 = if integer {
            Expect::Refused
        } else {
            Expect::Handled
        };
        values.push(("%FF%FE".into(), not_utf8));
        values.push(("%C0%80".into(), not_utf8));
        if integer {
            values.extend(HUGE.iter().map(|h| ((*h).to_owned(), Expect::Refused)));
            values.push(("-1".into(), Expect::Refused));
        }
        for (v, expect) in values {
            let uri = op.uri(fixtures, Some((&p.name, &v)), "");
            out.push(with_json(
                format!("path {}={v}", p.name),
                uri,
                &base_body,
                expect,
            ));
        }
    }

    // Query values: control characters are refused; invalid UTF-8 is read as U+FFFD (a
    // search for it finds nothing); numbers outside the format or the documented bounds
    // are refused.
    for p in op.params.iter().filter(|p| !p.in_path) {
        let mut values: Vec<(String, Expect)> = CONTROL_ENCODED
            .iter()
            .map(|v| ((*v).to_owned(), Expect::Refused))
            .collect();
        values.push(("%FF%FE".into(), Expect::Handled));
        if type_of(&p.schema) == "integer" {
            for (n, allowed) in numbers(&p.schema) {
                let expect = if allowed {
                    Expect::Handled
                } else {
                    Expect::Refused
                };
                values.push((n, expect));
            }
        }
        for (v, expect) in values {
            let uri = op.uri(fixtures, None, &format!("{}={v}", p.name));
            out.push(with_json(
                format!("query {}={v}", p.name),
                uri,
                &base_body,
                expect,
            ));
        }
    }

    // A parameter the operation does not take, with a NUL: refused all the same.
    out.push(with_json(
        "query unexpected=%00".into(),
        op.uri(fixtures, None, "unexpected=%00"),
        &base_body,
        Expect::Refused,
    ));

    let uri = op.uri(fixtures, None, "");
    // JSON fields: control characters in every string, numbers beyond every integer.
    if let (Some(schema), Some(body)) = (op.json_schema(), &json_body) {
        let props = schema["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        for (name, prop) in &props {
            let prop = resolve(doc, prop);
            let mut values: Vec<(Value, Expect)> = Vec::new();
            match type_of(prop) {
                "string" => {
                    values.extend(CONTROL.iter().map(|c| (json!(c), Expect::Refused)));
                }
                "integer" | "number" => {
                    for (n, allowed) in numbers(prop) {
                        let number: Value = serde_json::from_str(&n).expect("a JSON number");
                        let expect = if allowed {
                            Expect::Handled
                        } else {
                            Expect::Refused
                        };
                        values.push((number, expect));
                    }
                }
                "array" if type_of(resolve(doc, &prop["items"])) == "integer" => {
                    for (n, allowed) in numbers(resolve(doc, &prop["items"])) {
                        let number: Value = serde_json::from_str(&n).expect("a JSON number");
                        let expect = if allowed {
                            Expect::Handled
                        } else {
                            Expect::Refused
                        };
                        values.push((json!([number]), expect));
                    }
                }
                "array" => {
                    values.extend(CONTROL.iter().map(|c| (json!([c]), Expect::Refused)));
                }
                _ => {}
            }
            for (value, expect) in values {
                let mut changed = body.clone();
                changed[name.as_str()] = value.clone();
                out.push(with_json(
                    format!("field {name}={value}"),
                    uri.clone(),
                    &changed,
                    expect,
                ));
            }
        }
        // A control character in a field's name too.
        let mut odd_key = body.clone();
        odd_key["na\u{0}me"] = json!("x");
        out.push(with_json(
            "a NUL in a field name".into(),
            uri.clone(),
            &odd_key,
            Expect::Refused,
        ));
        // The same, labelled JSON in other spellings the JSON reader takes.
        if let Some((name, _)) = props
            .iter()
            .find(|(_, p)| type_of(resolve(doc, p)) == "string")
        {
            let mut changed = body.clone();
            changed[name.as_str()] = json!("a\u{0}b");
            for ct in [
                "Application/JSON",
                "application/vnd.api+json",
                "application/merge-patch+json; charset=utf-8",
            ] {
                out.push(plain(
                    format!("field {name} with a NUL, as {ct}"),
                    uri.clone(),
                    Some(ct),
                    Bytes::from(serde_json::to_vec(&changed).expect("json")),
                    Expect::Refused,
                ));
            }
        }
        let mut unknown = body.clone();
        unknown["unexpectedField"] = json!({"nested": [1, 2, 3]});
        unknown["role"] = json!("super_admin");
        unknown["isApproved"] = json!(true);
        out.push(with_json(
            "unknown fields".into(),
            uri.clone(),
            &unknown,
            Expect::Handled,
        ));
    }

    // Whole bodies. Where the operation reads a JSON body, each must be refused; where it
    // reads none, it is never read.
    let reads_json = op.json_schema().is_some();
    let body_expect = if op.takes_body() {
        Expect::Refused
    } else {
        Expect::Handled
    };
    let json_expect = if reads_json {
        Expect::Refused
    } else {
        Expect::Handled
    };
    out.push(plain(
        "a 10 MB JSON body".into(),
        uri.clone(),
        Some("application/json"),
        big_bodies().0.clone(),
        Expect::Status(413),
    ));
    out.push(plain(
        "a 10 MB multipart body".into(),
        uri.clone(),
        Some(&format!("multipart/form-data; boundary={BOUNDARY}")),
        big_bodies().1.clone(),
        body_expect,
    ));
    let deep_arrays = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let deep_objects = format!("{}1{}", "{\"a\":".repeat(10_000), "}".repeat(10_000));
    for (what, deep) in [("arrays", deep_arrays), ("objects", deep_objects)] {
        out.push(plain(
            format!("JSON {what} nested 10,000 deep"),
            uri.clone(),
            Some("application/json"),
            Bytes::from(deep),
            json_expect,
        ));
    }
    let valid = serde_json::to_vec(&base_body).expect("json");
    for ct in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/xml",
        "multipart/form-data; boundary=x",
    ] {
        out.push(plain(
            format!("a JSON body as {ct}"),
            uri.clone(),
            Some(ct),
            Bytes::from(valid.clone()),
            body_expect,
        ));
    }
    if matches!(op.body, Some(RequestBody::Multipart)) {
        out.push(plain(
            "JSON where a form belongs".into(),
            uri.clone(),
            Some("application/json"),
            Bytes::from_static(b"{\"file\":\"x\"}"),
            Expect::Refused,
        ));
    }
    for (what, bytes) in [
        ("in a string", b"{\"title\":\"\xff\xfe\xfd\"}".to_vec()),
        ("in a field name", b"{\"\xc0\x80\":1}".to_vec()),
        ("as the whole body", b"\xff\xfe\x00\x00".to_vec()),
    ] {
        out.push(plain(
            format!("invalid UTF-8 {what}"),
            uri.clone(),
            Some("application/json"),
            Bytes::from(bytes),
            json_expect,
        ));
    }
    out
}

const BOUNDARY: &str = "----gracestorieshostile";

/// A 10 MB JSON body and a 10 MB (and one byte) multipart upload, made once.
fn big_bodies() -> &'static (Bytes, Bytes) {
    static BODIES: std::sync::OnceLock<(Bytes, Bytes)> = std::sync::OnceLock::new();
    BODIES.get_or_init(|| {
        const TEN_MB: usize = 10 * 1024 * 1024;
        let mut json = vec![b'a'; TEN_MB];
        json[..10].copy_from_slice(b"{\"title\":\"");
        json[TEN_MB - 2..].copy_from_slice(b"\"}");
        let head = format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
        );
        let tail = format!("\r\n--{BOUNDARY}--\r\n");
        let mut form = vec![0xFF; head.len() + TEN_MB + 1 + tail.len()];
        form[..head.len()].copy_from_slice(head.as_bytes());
        let at = form.len() - tail.len();
        form[at..].copy_from_slice(tail.as_bytes());
        (Bytes::from(json), Bytes::from(form))
    })
}

/// Sends one case; `None` when the answer is what it should be, else what was wrong.
async fn check<S, B>(app: &S, cookie: Option<&str>, case: Case) -> Option<String>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let send = || {
        let mut req = test::TestRequest::default()
            .method(case.method.clone())
            .uri(&case.uri);
        if let Some(ct) = &case.content_type {
            req = req.insert_header(("content-type", ct.clone()));
        }
        if let Some(c) = cookie {
            req = req.insert_header(("cookie", c.to_owned()));
        }
        test::call_service(app, req.set_payload(case.body.clone()).to_request())
    };
    let shown_uri: String = case.uri.chars().take(120).collect();
    let mut res = send().await;
    // A PostgreSQL connection opened under load can take longer than the pool's half-second
    // wait (a 503 "unavailable" while the database is up, seen about once in six runs on a
    // loaded two-core machine); that is the pool's promise, tested in faults.rs, not the
    // input's: such a case is sent once more.
    if res.status() == 503 && !case.uri.starts_with("/api/auth/google") {
        res = send().await;
    }
    let status = res.status().as_u16();
    let bytes = test::read_body(res).await;
    let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let error_body = body["code"].as_str().is_some_and(|c| !c.is_empty())
        && body["message"].as_str().is_some_and(|m| !m.is_empty());
    let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    // This test's server has no Google client: starting a Google sign-in answers its
    // documented 503 "not configured", whatever else the request carries.
    let google_off = case.uri.starts_with("/api/auth/google?") || case.uri == "/api/auth/google";
    let wrong = match case.expect {
        _ if status == 503 && google_off && body["code"] == "unavailable" => false,
        _ if status >= 500 => true,
        _ if (400..500).contains(&status) && !error_body => true,
        Expect::Refused => !(400..500).contains(&status),
        Expect::Status(s) => status != s,
        Expect::Handled => false,
    };
    wrong.then(|| {
        format!(
            "{} ({}): expected {:?}, got {status} {shown}",
            case.what, shown_uri, case.expect
        )
    })
}

/// What the sweep found: the cases sent, and each wrong answer.
struct Sweep {
    sent: usize,
    wrong: Vec<String>,
}

async fn sweep<S, B>(app: &S, cookie: Option<&str>, fixtures: &Fixtures) -> Sweep
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let doc = document();
    let ops = operations(&doc);
    let all: Vec<Case> = ops
        .iter()
        // Signing out ends the session the super admin's sweep is made with; the visitor's
        // sweep sends it.
        .filter(|op| cookie.is_none() || op.path != "/api/logout")
        .flat_map(|op| cases(&doc, op, fixtures))
        .collect();
    let sent = all.len();
    // Two at a time: the answers wait on the database more than on this thread. (At four,
    // on a loaded two-core machine, a debug build sometimes waited past the pool's
    // half-second for a new PostgreSQL connection and answered 503.)
    let mut wrong: Vec<String> = stream::iter(all)
        .map(|case| check(app, cookie, case))
        .buffer_unordered(2)
        .filter_map(|w| async move { w })
        .collect()
        .await;
    wrong.sort();
    Sweep { sent, wrong }
}

async fn run(engine: adapters::testing::Engine) {
    let Some(ctx) = TestContext::new(engine).await else {
        return;
    };
    let app =
        actix_web::test::init_service(app_server::app(ctx.state.clone(), ctx.openapi.clone()))
            .await;
    let (member, _) = sign_in_as(&ctx, &app, Role::Member).await;
    let story = ctx
        .story(&member, "Ruth's field", "Testimonies", true, 1)
        .await;
    let fixtures = Fixtures {
        story_id: story.id.to_string(),
        user_id: member.id.to_string(),
    };
    let mut report = BTreeMap::new();
    let visitor = sweep(&app, None, &fixtures).await;
    report.insert("visitor", visitor);
    let admin = admin_cookie(&app).await;
    let admin_sweep = sweep(&app, Some(&admin), &fixtures).await;
    report.insert("super admin", admin_sweep);

    let mut wrong = Vec::new();
    for (who, result) in &report {
        eprintln!(
            "{engine:?} as {who}: {} hostile requests, {} wrong answers",
            result.sent,
            result.wrong.len()
        );
        wrong.extend(result.wrong.iter().map(|w| format!("{who}: {w}")));
    }
    // The registrations sent with `"role": "super_admin", "isApproved": true` made pending
    // members: the super admin is still the only one, and nobody approved themself.
    let people = ctx.users().list().await.expect("list users");
    let raised: Vec<_> = people
        .iter()
        .filter(|u| u.role == Role::SuperAdmin && u.username.as_deref() != Some("admin"))
        .map(|u| u.email.clone())
        .collect();
    assert!(
        raised.is_empty(),
        "made super admin by a request body: {raised:?}"
    );
    assert!(
        wrong.is_empty(),
        "{} wrong answers on {engine:?}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[actix_web::test]
async fn every_operation_refuses_hostile_input_with_a_json_4xx_sqlite() {
    run(adapters::testing::Engine::Sqlite).await;
}

#[actix_web::test]
async fn every_operation_refuses_hostile_input_with_a_json_4xx_postgres() {
    run(adapters::testing::Engine::Postgres).await;
}

/// Sends raw bytes with a content type; returns the status and the JSON body.
async fn raw<S, B>(
    app: &S,
    method: Method,
    uri: &str,
    cookie: Option<&str>,
    content_type: &str,
    body: Vec<u8>,
) -> (u16, Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut req = test::TestRequest::default()
        .method(method)
        .uri(uri)
        .insert_header(("content-type", content_type.to_owned()));
    if let Some(c) = cookie {
        req = req.insert_header(("cookie", c.to_owned()));
    }
    let res = test::call_service(app, req.set_payload(body).to_request()).await;
    let status = res.status().as_u16();
    let bytes = test::read_body(res).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

// Found by the sweep: a NUL in a text id reached PostgreSQL, which refuses NUL in text: 500.
crate::engine_test!(a_nul_in_a_path_segment_is_a_400_not_a_500, |ctx, app| {
    let admin = admin_cookie(&app).await;
    for (method, uri) in [
        (Method::GET, "/api/stories/author/%00"),
        (Method::DELETE, "/api/user/sessions/%00"),
        (Method::DELETE, "/api/admin/users/%00"),
        (Method::POST, "/api/admin/users/a%00b/reinstate"),
        (Method::GET, "/api/stories/author/%1F"),
    ] {
        let res = crate::helpers::send(&app, method.clone(), uri, Some(&admin), None).await;
        assert_eq!(
            (res.status, res.body["code"].as_str()),
            (400, Some("bad_request")),
            "{method} {uri}: {}",
            res.body
        );
    }
    // The known one: a NUL in a query value.
    let (status, _, body) = crate::helpers::get(&app, "/api/stories?category=%00").await;
    assert_eq!((status, body["code"].as_str()), (400, Some("bad_request")));
});

// Found by the sweep: `web::Json` reads `Application/JSON` and `+json` types, the control
// character check only `application/json`: a NUL passed it and reached PostgreSQL (500).
crate::engine_test!(
    a_nul_in_json_sent_under_another_spelling_of_the_type_is_a_400,
    |ctx, app| {
        let admin = admin_cookie(&app).await;
        let body = serde_json::to_vec(&json!({
            "contributorId": "a\u{0}b", "title": "Visit Naomi", "dueDate": "2030-01-01T10:00:00Z"
        }))
        .unwrap();
        for ct in [
            "Application/JSON",
            "application/vnd.api+json",
            "application/merge-patch+json; charset=utf-8",
        ] {
            let (status, answer) = raw(
                &app,
                Method::POST,
                "/api/schedules",
                Some(&admin),
                ct,
                body.clone(),
            )
            .await;
            assert_eq!(
                (status, answer["code"].as_str()),
                (400, Some("bad_request")),
                "{ct}: {answer}"
            );
        }
    }
);

// Found by the sweep: serde skips an unknown field's value without reading it through, so
// `PATCH /api/user` (every field optional) took JSON nested 10,000 deep and bytes that are
// not UTF-8 with a 200, where every other operation answers 400.
crate::engine_test!(
    json_too_deep_or_not_utf8_is_a_400_even_in_an_unknown_field,
    |ctx, app| {
        let admin = admin_cookie(&app).await;
        let deep = format!(
            "{{\"x\":{}1{}}}",
            "{\"a\":".repeat(10_000),
            "}".repeat(10_000)
        );
        for body in [deep.into_bytes(), b"{\"x\":\"\xff\xfe\"}".to_vec()] {
            let (status, answer) = raw(
                &app,
                Method::PATCH,
                "/api/user",
                Some(&admin),
                "application/json",
                body,
            )
            .await;
            assert_eq!(
                (status, answer["code"].as_str()),
                (400, Some("bad_request")),
                "{answer}"
            );
        }
    }
);

// Found by the sweep: `GET /api/admin/tokens` took any `u64` offset, and one past `i64`
// panicked in the query builder: the worker dropped the connection without an answer.
crate::engine_test!(
    an_offset_past_i64_is_a_400_not_a_dropped_connection,
    |ctx, app| {
        let admin = admin_cookie(&app).await;
        for offset in ["9223372036854775808", "18446744073709551615", "1000001"] {
            let uri = format!("/api/admin/tokens?offset={offset}");
            let res = crate::helpers::send(&app, Method::GET, &uri, Some(&admin), None).await;
            // A page out of bounds is a validation error naming the offset, like every
            // paged list's (`domain::paging`).
            assert_eq!(
                (res.status, res.body["code"].as_str()),
                (400, Some("validation_failed")),
                "{uri}: {}",
                res.body
            );
            assert_eq!(res.body["errors"][0]["field"], "offset", "{uri}");
        }
    }
);
