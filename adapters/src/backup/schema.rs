//! What an archive carries, read from the migrated schema itself: every table of the
//! database except the ones the engine rebuilds by itself ([`DERIVED_TABLES`], full-text
//! indexes), with its columns in an engine-neutral kind, in an order where each table comes
//! after the tables its foreign keys point to. A table a later migration adds is carried
//! without anyone listing it; a column of a type the archive cannot carry stops the backup
//! (and the schema test) instead of being left out.

use std::collections::{BTreeMap, BTreeSet};

use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};
use serde::{Deserialize, Serialize};

/// Tables the archive leaves out: the migrations' own record (the archive names the
/// schema version instead) and tables the engine fills from other tables by triggers.
pub const DERIVED_TABLES: [&str; 2] = ["seaql_migrations", "story_counts"];

/// The neutral kind of a column's values in an archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A whole number (64 bits in the archive).
    Integer,
    Real,
    Bool,
    Text,
    /// An instant, RFC 3339 in UTC with microseconds.
    Timestamp,
    /// Bytes, as hexadecimal.
    Bytes,
    Json,
}

/// One column: its name, its neutral kind and, on PostgreSQL, the width of its integers
/// (how the driver must read and bind them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    pub name: String,
    pub kind: Kind,
    #[serde(skip)]
    pub int_bits: u8,
}

/// A table as the archive carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub columns: Vec<Column>,
    /// The primary key's columns (rows are written in this order).
    pub key: Vec<String>,
    /// A column PostgreSQL fills from a sequence (its sequence is moved past restored ids).
    pub serial: Option<String>,
}

fn unsupported(table: &str, column: &str, ty: &str) -> DbErr {
    DbErr::Custom(format!(
        "column {table}.{column} has type {ty:?}, which backups cannot carry yet (see adapters/src/backup/schema.rs)"
    ))
}

/// The neutral kind of a SQLite declared type (`varchar(36)`, `timestamp_with_timezone_text`,
/// `boolean`, `bigint`, ...).
fn sqlite_kind(declared: &str) -> Option<Kind> {
    let t = declared.to_ascii_lowercase();
    Some(if t.starts_with("timestamp") || t.starts_with("datetime") {
        Kind::Timestamp
    } else if t.starts_with("bool") {
        Kind::Bool
    } else if t.contains("int") {
        Kind::Integer
    } else if t.starts_with("real") || t.starts_with("double") || t.starts_with("float") {
        Kind::Real
    } else if t.starts_with("blob") {
        Kind::Bytes
    } else if t.starts_with("json") {
        Kind::Json
    } else if t.starts_with("text") || t.contains("char") || t.starts_with("string") {
        Kind::Text
    } else {
        return None;
    })
}

/// The neutral kind and integer width of a PostgreSQL `information_schema` data type.
fn postgres_kind(data_type: &str) -> Option<(Kind, u8)> {
    Some(match data_type {
        "smallint" => (Kind::Integer, 16),
        "integer" => (Kind::Integer, 32),
        "bigint" => (Kind::Integer, 64),
        "boolean" => (Kind::Bool, 0),
        "timestamp with time zone" => (Kind::Timestamp, 0),
        "real" | "double precision" => (Kind::Real, 0),
        "bytea" => (Kind::Bytes, 0),
        "json" | "jsonb" => (Kind::Json, 0),
        "text" | "character varying" | "character" => (Kind::Text, 0),
        _ => return None,
    })
}

async fn rows<C: ConnectionTrait>(
    db: &C,
    sql: &str,
    values: Vec<sea_orm::Value>,
) -> Result<Vec<sea_orm::QueryResult>, DbErr> {
    let backend = db.get_database_backend();
    db.query_all_raw(Statement::from_sql_and_values(backend, sql, values))
        .await
}

/// The carried tables of the database `db` is connected to, in foreign-key order.
///
/// # Errors
/// When the schema cannot be read, or a column has a type the archive cannot carry.
pub async fn carried_tables<C: ConnectionTrait>(db: &C) -> Result<Vec<Table>, DbErr> {
    let (tables, references) = match db.get_database_backend() {
        DbBackend::Sqlite => sqlite_tables(db).await?,
        DbBackend::Postgres => postgres_tables(db).await?,
        other => return Err(DbErr::Custom(format!("unsupported database {other:?}"))),
    };
    Ok(in_dependency_order(tables, &references))
}

type Schema = (Vec<Table>, BTreeMap<String, BTreeSet<String>>);

async fn sqlite_tables<C: ConnectionTrait>(db: &C) -> Result<Schema, DbErr> {
    let list = rows(
        db,
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' \
         AND name NOT LIKE 'sqlite_%' ORDER BY name",
        vec![],
    )
    .await?;
    let mut tables = Vec::new();
    let mut references = BTreeMap::new();
    for row in list {
        let name: String = row.try_get_by_index(0)?;
        if DERIVED_TABLES.contains(&name.as_str()) {
            continue;
        }
        let info = rows(
            db,
            "SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid",
            vec![name.clone().into()],
        )
        .await?;
        let mut columns = Vec::new();
        let mut keyed = Vec::new();
        for c in info {
            let column: String = c.try_get_by_index(0)?;
            let declared: String = c.try_get_by_index(1)?;
            let pk: i64 = c.try_get_by_index(2)?;
            let kind =
                sqlite_kind(&declared).ok_or_else(|| unsupported(&name, &column, &declared))?;
            if pk > 0 {
                keyed.push((pk, column.clone()));
            }
            columns.push(Column {
                name: column,
                kind,
                int_bits: 64,
            });
        }
        keyed.sort();
        let parents = rows(
            db,
            "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?)",
            vec![name.clone().into()],
        )
        .await?
        .iter()
        .map(|r| r.try_get_by_index::<String>(0))
        .collect::<Result<BTreeSet<_>, _>>()?;
        references.insert(name.clone(), parents);
        tables.push(Table {
            name,
            columns,
            key: keyed.into_iter().map(|(_, c)| c).collect(),
            serial: None,
        });
    }
    Ok((tables, references))
}

async fn postgres_tables<C: ConnectionTrait>(db: &C) -> Result<Schema, DbErr> {
    let columns = rows(
        db,
        "SELECT c.table_name::text, c.column_name::text, c.data_type::text, \
         (c.column_default LIKE 'nextval(%' OR c.is_identity = 'YES') \
         FROM information_schema.columns c JOIN information_schema.tables t \
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' \
         AND c.is_generated = 'NEVER' ORDER BY c.table_name, c.ordinal_position",
        vec![],
    )
    .await?;
    let mut by_table: BTreeMap<String, Table> = BTreeMap::new();
    for row in columns {
        let table: String = row.try_get_by_index(0)?;
        if DERIVED_TABLES.contains(&table.as_str()) {
            continue;
        }
        let column: String = row.try_get_by_index(1)?;
        let ty: String = row.try_get_by_index(2)?;
        let serial: Option<bool> = row.try_get_by_index(3)?;
        let (kind, int_bits) =
            postgres_kind(&ty).ok_or_else(|| unsupported(&table, &column, &ty))?;
        let entry = by_table.entry(table.clone()).or_insert_with(|| Table {
            name: table,
            columns: Vec::new(),
            key: Vec::new(),
            serial: None,
        });
        if serial == Some(true) {
            entry.serial = Some(column.clone());
        }
        entry.columns.push(Column {
            name: column,
            kind,
            int_bits,
        });
    }
    let keys = rows(
        db,
        "SELECT c.relname::text, a.attname::text FROM pg_index i \
         JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace \
         JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, pos) ON true \
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum \
         WHERE i.indisprimary AND n.nspname = current_schema() ORDER BY c.relname, k.pos",
        vec![],
    )
    .await?;
    for row in keys {
        let table: String = row.try_get_by_index(0)?;
        if let Some(t) = by_table.get_mut(&table) {
            t.key.push(row.try_get_by_index(1)?);
        }
    }
    let mut references: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let fks = rows(
        db,
        "SELECT c.relname::text, p.relname::text FROM pg_constraint k \
         JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid \
         JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE k.contype = 'f' AND n.nspname = current_schema()",
        vec![],
    )
    .await?;
    for row in fks {
        let child: String = row.try_get_by_index(0)?;
        references
            .entry(child)
            .or_default()
            .insert(row.try_get_by_index(1)?);
    }
    Ok((by_table.into_values().collect(), references))
}

/// Parents before children (by name among equals, so both engines agree); a cycle keeps the
/// remaining tables in name order.
fn in_dependency_order(
    tables: Vec<Table>,
    references: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Table> {
    let mut left: BTreeMap<String, Table> =
        tables.into_iter().map(|t| (t.name.clone(), t)).collect();
    let mut ordered = Vec::new();
    while !left.is_empty() {
        let ready: Vec<String> = left
            .keys()
            .filter(|name| {
                references.get(*name).is_none_or(|parents| {
                    parents.iter().all(|p| p == *name || !left.contains_key(p))
                })
            })
            .cloned()
            .collect();
        let next = if ready.is_empty() {
            left.keys().cloned().collect()
        } else {
            ready
        };
        for name in next {
            if let Some(t) = left.remove(&name) {
                ordered.push(t);
            }
        }
    }
    ordered
}
