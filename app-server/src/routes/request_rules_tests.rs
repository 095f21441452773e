//! Tests of `request_rules.rs`.

use serde_json::Value;

use super::{FIELDS, refs_in};

/// Whether a property schema is a text without a rule of its own or from [`FIELDS`].
fn unruled_text(prop: &Value) -> bool {
    let is_text = match &prop["type"] {
        Value::String(t) => t == "string",
        Value::Array(ts) => ts.iter().any(|t| t == "string"),
        _ => false,
    };
    is_text
        && ["pattern", "format", "enum", "$ref"]
            .iter()
            .all(|k| prop.get(*k).is_none())
}

#[test]
fn every_request_text_field_has_a_rule() {
    let doc = serde_json::to_value(crate::routes::openapi_document()).unwrap_or_default();
    let mut names = Vec::new();
    for item in doc["paths"]
        .as_object()
        .into_iter()
        .flat_map(|p| p.values())
    {
        for op in item.as_object().into_iter().flat_map(|o| o.values()) {
            refs_in(
                &op["requestBody"]["content"]["application/json"]["schema"],
                &mut names,
            );
        }
    }
    let mut missing = Vec::new();
    let mut seen = Vec::new();
    while let Some(name) = names.pop() {
        if seen.contains(&name) || name == "PlainJson" {
            continue;
        }
        let schema = &doc["components"]["schemas"][&name];
        refs_in(schema, &mut names);
        for (field, prop) in schema["properties"].as_object().into_iter().flatten() {
            if unruled_text(prop) {
                missing.push(format!("{name}.{field}"));
            }
        }
        seen.push(name);
    }
    assert!(
        missing.is_empty(),
        "request text fields without a rule (add each to FIELDS in request_rules.rs, \
         or give it a format or an enum on the DTO): {missing:?}"
    );
    assert!(seen.len() > 20, "the request schemas were found: {seen:?}");
}

#[test]
fn every_listed_field_exists() {
    let doc = serde_json::to_value(crate::routes::openapi_document()).unwrap_or_default();
    for (schema, field, _) in FIELDS {
        assert!(
            doc["components"]["schemas"][schema]["properties"]
                .get(field)
                .is_some(),
            "FIELDS names {schema}.{field}, which no request schema has"
        );
    }
}
