//! A row's values between the engine and the archive's neutral JSON: integers as JSON
//! integers, booleans as `true`/`false`, instants as RFC 3339 strings in UTC with
//! microseconds (what PostgreSQL keeps), bytes as hexadecimal, JSON as itself, SQL `NULL` as
//! `null`.

use chrono::{DateTime, SecondsFormat, Utc};
use sea_orm::{DbBackend, DbErr, QueryResult, Value};
use serde_json::Value as Json;

use super::schema::{Column, Kind};

fn bad(column: &Column, why: impl std::fmt::Display) -> DbErr {
    DbErr::Custom(format!("column {}: {why}", column.name))
}

/// Reads column `i` of `row` as the archive writes it.
///
/// # Errors
/// When the stored value does not decode as the column's kind.
pub fn read(
    row: &QueryResult,
    i: usize,
    column: &Column,
    backend: DbBackend,
) -> Result<Json, DbErr> {
    let pg = backend == DbBackend::Postgres;
    Ok(match column.kind {
        Kind::Integer => {
            let v: Option<i64> = match (pg, column.int_bits) {
                (true, 16) => row.try_get_by_index::<Option<i16>>(i)?.map(i64::from),
                (true, 32) => row.try_get_by_index::<Option<i32>>(i)?.map(i64::from),
                _ => row.try_get_by_index::<Option<i64>>(i)?,
            };
            v.map_or(Json::Null, Json::from)
        }
        Kind::Real => row
            .try_get_by_index::<Option<f64>>(i)?
            .map_or(Json::Null, Json::from),
        Kind::Bool => row
            .try_get_by_index::<Option<bool>>(i)?
            .map_or(Json::Null, Json::from),
        Kind::Text => row
            .try_get_by_index::<Option<String>>(i)?
            .map_or(Json::Null, Json::from),
        Kind::Timestamp => row
            .try_get_by_index::<Option<DateTime<Utc>>>(i)?
            .map_or(Json::Null, |t| {
                Json::from(t.to_rfc3339_opts(SecondsFormat::Micros, true))
            }),
        Kind::Bytes => row
            .try_get_by_index::<Option<Vec<u8>>>(i)?
            .map_or(Json::Null, |b| Json::from(hex::encode(b))),
        Kind::Json => row
            .try_get_by_index::<Option<Json>>(i)?
            .unwrap_or(Json::Null),
    })
}

/// The value to bind for `value` in `column` of the database being restored.
///
/// # Errors
/// When the archive's value is not of the column's kind.
pub fn bind(value: &Json, column: &Column) -> Result<Value, DbErr> {
    let null = value.is_null();
    Ok(match column.kind {
        Kind::Integer => {
            let v = if null {
                None
            } else {
                Some(
                    value
                        .as_i64()
                        .ok_or_else(|| bad(column, "not an integer"))?,
                )
            };
            match column.int_bits {
                16 => Value::SmallInt(
                    v.map(i16::try_from)
                        .transpose()
                        .map_err(|e| bad(column, e))?,
                ),
                32 => Value::Int(
                    v.map(i32::try_from)
                        .transpose()
                        .map_err(|e| bad(column, e))?,
                ),
                _ => Value::BigInt(v),
            }
        }
        Kind::Real => Value::Double(if null {
            None
        } else {
            Some(value.as_f64().ok_or_else(|| bad(column, "not a number"))?)
        }),
        Kind::Bool => Value::Bool(if null {
            None
        } else {
            Some(
                value
                    .as_bool()
                    .ok_or_else(|| bad(column, "not a boolean"))?,
            )
        }),
        Kind::Text => Value::String(if null {
            None
        } else {
            Some(
                value
                    .as_str()
                    .ok_or_else(|| bad(column, "not a string"))?
                    .to_owned(),
            )
        }),
        Kind::Timestamp => Value::ChronoDateTimeUtc(if null {
            None
        } else {
            let text = value.as_str().ok_or_else(|| bad(column, "not a string"))?;
            let t = DateTime::parse_from_rfc3339(text).map_err(|e| bad(column, e))?;
            Some(t.with_timezone(&Utc))
        }),
        Kind::Bytes => Value::Bytes(if null {
            None
        } else {
            let text = value.as_str().ok_or_else(|| bad(column, "not a string"))?;
            Some(hex::decode(text).map_err(|e| bad(column, e))?)
        }),
        Kind::Json => Value::Json(if null {
            None
        } else {
            Some(Box::new(value.clone()))
        }),
    })
}
