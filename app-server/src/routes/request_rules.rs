//! What every operation shares, written into the OpenAPI document in one place: the 400 any
//! request can get, the 413 of any JSON body, and what request text may hold. Clients and
//! their generated schemas then check what the server checks, and a fuzzer that believes
//! the document (schemathesis, `just test-slow`) finds no request it calls valid refused.
//!
//! - Every operation may answer 400: `middleware::refuse_control_characters` refuses a
//!   control character in the address, the query or a JSON body, and a path or query value
//!   that does not parse is refused before any handler runs.
//! - Every operation that reads JSON may answer 413 (the body is over 1 MiB).
//! - A query or path text holds no control character; a JSON text none but tab and line
//!   breaks; the texts the domain keeps on one line (titles, names, a subject) none at all,
//!   and are not blank. An address has the shape `domain::validation::Email` takes.
//! - Fields a request schema does not name are read by no one and allowed, under the same
//!   rule for their names and texts (`PlainJson`).
//! - Every text field of a request body has its rule in [`FIELDS`], or one of its own on the
//!   DTO (`format`, an enum, a `$ref`). utoipa's `pattern` attribute takes only a literal, so
//!   the shared patterns cannot sit on the fields themselves; instead a field missing from
//!   the table gets no pattern and `every_request_text_field_has_a_rule` fails, naming it.

use serde_json::{Value, json};

/// A query or path value: `char::is_control` finds nothing (the middleware's test).
const PARAM_TEXT: &str = r"^[^\u0000-\u001F\u007F-\u009F]*$";
/// A text in a JSON body: no control character but tab, line feed and carriage return.
const JSON_TEXT: &str = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$";
/// A JSON text that is not blank (`trim` leaves something).
const FILLED_TEXT: &str = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*[^\s\u0000-\u001F\u007F][^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$";
/// Nothing but white space (tab and line breaks, not the other control characters).
const BLANK: &str = r"^[^\S\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$";
/// A one-line text the domain keeps (`Lines::Single`): not blank, no control character.
const ONE_LINE: &str = r"^[^\u0000-\u001F\u007F-\u009F]*[^\s\u0000-\u001F\u007F-\u009F][^\u0000-\u001F\u007F-\u009F]*$";
/// A text of several lines the domain keeps (`Lines::Multi`): not blank, no control
/// character but tab and line breaks.
const SEVERAL_LINES: &str = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*[^\s\u0000-\u001F\u007F-\u009F][^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$";
/// An optional text of several lines the domain keeps: blank means none.
const SEVERAL_LINES_OR_BLANK: &str = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$";
/// What `Email::parse` takes: a dot-atom local part, labels of letters, digits and inner
/// hyphens, and an alphabetic top-level domain.
const EMAIL: &str = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$";

/// A text whose content the domain checks itself (a password, a token, an id, a URL the
/// domain parses): only the rule of every JSON text.
const FREE_TEXT: &str = JSON_TEXT;

/// The rule of each text field of each request body: one-line text, several-line text, an
/// e-mail address, or free text. A request text field not listed here fails the test below.
const FIELDS: &[(&str, &str, &str)] = &[
    ("StoryInput", "title", ONE_LINE),
    ("StoryInput", "content", SEVERAL_LINES),
    ("CreateCommentRequest", "authorName", ONE_LINE),
    ("CreateCommentRequest", "content", SEVERAL_LINES),
    ("CreateCommentRequest", "authorEmail", EMAIL),
    ("HelpContactRequest", "subject", ONE_LINE),
    ("HelpContactRequest", "message", SEVERAL_LINES),
    ("HelpContactRequest", "contactEmail", EMAIL),
    ("RegisterRequest", "firstName", ONE_LINE),
    ("RegisterRequest", "lastName", ONE_LINE),
    ("RegisterRequest", "email", EMAIL),
    ("LoginRequest", "email", EMAIL),
    ("AdminLoginRequest", "username", FILLED_TEXT),
    ("ChangePasswordRequest", "username", FILLED_TEXT),
    ("ChangePasswordRequest", "currentPassword", FILLED_TEXT),
    // The hidden field only robots fill in: anything but blank is refused as spam.
    ("CreateCommentRequest", "website", BLANK),
    ("PasswordResetRequest", "email", EMAIL),
    ("CreateScheduleRequest", "title", ONE_LINE),
    (
        "CreateScheduleRequest",
        "description",
        SEVERAL_LINES_OR_BLANK,
    ),
    ("UpdateProfileRequest", "firstName", ONE_LINE),
    ("UpdateProfileRequest", "lastName", ONE_LINE),
    ("CreateApiTokenRequest", "name", ONE_LINE),
    ("ScriptureTextInput", "text", SEVERAL_LINES_OR_BLANK),
    // Reasons the person is told: trimmed, and refused when nothing is left.
    ("UnpublishRequest", "reason", FILLED_TEXT),
    ("SuspendRequest", "reason", FILLED_TEXT),
    // Secrets and one-time tokens: compared or hashed, never shown.
    ("AdminLoginRequest", "password", FREE_TEXT),
    ("LoginRequest", "password", FREE_TEXT),
    ("RegisterRequest", "password", FREE_TEXT),
    ("ChangePasswordRequest", "newPassword", FREE_TEXT),
    ("ChangeOwnPasswordRequest", "currentPassword", FREE_TEXT),
    ("ChangeOwnPasswordRequest", "newPassword", FREE_TEXT),
    ("DeleteAccountRequest", "password", FREE_TEXT),
    ("CreateApiTokenRequest", "password", FREE_TEXT),
    ("PasswordResetConfirmRequest", "password", FREE_TEXT),
    ("PasswordResetConfirmRequest", "token", FREE_TEXT),
    ("VerifyEmailRequest", "token", FREE_TEXT),
    // Ids and names the domain looks up, and URLs it parses (`validation::url`).
    ("CreateScheduleRequest", "contributorId", FREE_TEXT),
    ("HelpContactRequest", "userId", FREE_TEXT),
    ("StoryInput", "authorId", FREE_TEXT),
    ("StoryInput", "category", FREE_TEXT),
    ("StoryInput", "videoUrl", FREE_TEXT),
    ("StoryInput", "thumbnailUrl", FREE_TEXT),
    ("UpdateProfileRequest", "profileImageUrl", FREE_TEXT),
    // Checked by `validation::Username` (its own message), optional excerpt and reason.
    ("RegisterRequest", "username", FREE_TEXT),
    ("UpdateProfileRequest", "username", FREE_TEXT),
    ("StoryInput", "excerpt", FREE_TEXT),
    ("RejectRequest", "reason", FREE_TEXT),
    ("WithdrawConsentRequest", "reason", FREE_TEXT),
    ("ConsentStatementInput", "text", SEVERAL_LINES),
    ("SubscribeRequest", "email", EMAIL),
    // Category names the domain looks up (each item; blank ones are skipped).
    ("SubscribeRequest", "categories", FREE_TEXT),
    // A site path, or stored as `/` (`subscription::service::page_path`).
    ("SubscribeRequest", "page", FREE_TEXT),
    // The honeypot: a filled one hears the same 202 and nothing happens, so any text is
    // "valid" as far as the answer goes.
    ("SubscribeRequest", "website", FREE_TEXT),
    ("SubscriptionTokenRequest", "token", FREE_TEXT),
    ("ChangeFrequencyRequest", "token", FREE_TEXT),
    // Category names the domain checks to exist.
    ("MySubscriptionRequest", "categories", FREE_TEXT),
];

/// Writes the shared rules into `api`; leaves it as it was if it does not read back.
pub(super) fn declare(api: &mut utoipa::openapi::OpenApi) {
    let Ok(mut doc) = serde_json::to_value(&*api) else {
        return;
    };
    declare_in(&mut doc);
    if let Ok(changed) = serde_json::from_value(doc) {
        *api = changed;
    }
}

fn declare_in(doc: &mut Value) {
    let mut request_schemas = Vec::new();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for item in paths.values_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for (method, op) in item.iter_mut() {
                if matches!(method.as_str(), "get" | "put" | "post" | "delete" | "patch") {
                    operation(op, &mut request_schemas);
                }
            }
        }
    }
    let schemas = &mut doc["components"]["schemas"];
    let mut seen = Vec::new();
    while let Some(name) = request_schemas.pop() {
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        if let Some(schema) = schemas.get_mut(&name) {
            refs_in(schema, &mut request_schemas);
            request_schema(&name, schema);
        }
    }
    schemas["PlainJson"] = json!({
        "description": "Any JSON value whose texts and names hold no control character but tab and line breaks: what a request may carry in a field its schema does not name (it is ignored).",
        "anyOf": [
            {"type": ["null", "boolean", "number"]},
            {"type": "string", "pattern": JSON_TEXT},
            {"type": "array", "items": {"$ref": "#/components/schemas/PlainJson"}},
            {
                "type": "object",
                "propertyNames": {"type": "string", "pattern": JSON_TEXT},
                "additionalProperties": {"$ref": "#/components/schemas/PlainJson"}
            }
        ]
    });
}

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    })
}

fn operation(op: &mut Value, request_schemas: &mut Vec<String>) {
    let reads_json = op["requestBody"]["content"]["application/json"].is_object();
    if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) {
        if !responses.contains_key("400") {
            responses.insert(
                "400".into(),
                error_response(
                    "A malformed request: a control character in the address, the query or a \
                     field, or a value that does not parse",
                ),
            );
        }
        if reads_json && !responses.contains_key("413") {
            responses.insert("413".into(), error_response("The body is over 1 MiB"));
        }
    }
    // (`get_mut`: indexing a missing key for writing would add it as `null`.)
    if let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) {
        for param in params {
            free_text(&mut param["schema"], PARAM_TEXT);
        }
    }
    if reads_json {
        refs_in(
            &op["requestBody"]["content"]["application/json"]["schema"],
            request_schemas,
        );
    }
}

/// A text without its own rule (no pattern, format or list of values) gets `pattern`.
fn free_text(schema: &mut Value, pattern: &str) {
    let is_text = match &schema["type"] {
        Value::String(t) => t == "string",
        Value::Array(ts) => ts.iter().any(|t| t == "string"),
        _ => false,
    };
    let own_rule = ["pattern", "format", "enum", "$ref"]
        .iter()
        .any(|k| schema.get(*k).is_some());
    if is_text && !own_rule {
        schema["pattern"] = json!(pattern);
    }
}

/// The names of the component schemas `schema` refers to, at any depth.
fn refs_in(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value.as_str()) {
                    ("$ref", Some(r)) => {
                        if let Some(name) = r.strip_prefix("#/components/schemas/") {
                            out.push(name.to_owned());
                        }
                    }
                    _ => refs_in(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs_in(v, out)),
        _ => {}
    }
}

/// Fields whose values are a short list the domain takes, which their Rust type cannot say.
fn listed_values(name: &str, field: &str) -> Option<Value> {
    match (name, field) {
        ("CreateApiTokenRequest", "expiresInDays") => Some(json!([30, 90, 365, null])),
        _ => None,
    }
}

fn request_schema(name: &str, schema: &mut Value) {
    let Some(props) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for (field, prop) in props.iter_mut() {
        if let Some(values) = listed_values(name, field) {
            // The list says it all (bounds beside it make clients write two rules).
            if let Some(p) = prop.as_object_mut() {
                p.retain(|k, _| k == "description" || k == "type");
            }
            prop["enum"] = values;
        }
        // A field missing from FIELDS stays without a rule, and the test below names it.
        if let Some((_, _, rule)) = FIELDS.iter().find(|(s, f, _)| *s == name && f == field) {
            // A list of texts: the rule is each item's.
            if prop["type"] == "array" {
                free_text(&mut prop["items"], rule);
            } else {
                free_text(prop, rule);
            }
        }
    }
    if schema.get("additionalProperties").is_none() {
        schema["propertyNames"] = json!({"type": "string", "pattern": JSON_TEXT});
        schema["additionalProperties"] = json!({"$ref": "#/components/schemas/PlainJson"});
    }
}

#[cfg(test)]
#[path = "request_rules_tests.rs"]
mod tests;
