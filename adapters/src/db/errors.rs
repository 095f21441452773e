//! Database errors translated into the domain's `StoreError`: conflicts by the field they
//! concern, outages (503) apart from bugs (500).

use domain::StoreError;
use sea_orm::{DbErr, SqlErr};

/// Every unique constraint a user can run into: its PostgreSQL name, what SQLite reports
/// (`table.column`), and the API field it concerns.
const UNIQUE_CONSTRAINTS: [(&str, &str, &str); 4] = [
    ("users_email_key", "users.email", "email"),
    ("users_username_key", "users.username", "username"),
    ("users_google_id_key", "users.google_id", "googleId"),
    ("categories_name_key", "categories.name", "name"),
];

/// The API field of a unique violation, by the exact constraint the database names.
fn conflicting_field(message: &str) -> &'static str {
    let sqlite = message
        .split("UNIQUE constraint failed: ")
        .nth(1)
        .map(str::trim);
    UNIQUE_CONSTRAINTS
        .iter()
        .find(|(postgres, columns, _)| {
            sqlite == Some(*columns) || message.contains(&format!("\"{postgres}\""))
        })
        .map_or("value", |(_, _, field)| field)
}

/// Translates a SeaORM error at the boundary.
pub(crate) fn store_err(err: DbErr) -> StoreError {
    if let Some(SqlErr::UniqueConstraintViolation(msg)) = err.sql_err() {
        return StoreError::Conflict(conflicting_field(&msg).to_owned());
    }
    if is_outage(&err) {
        return StoreError::Unavailable(err.into());
    }
    StoreError::Unknown(anyhow::Error::new(err).context("database query failed"))
}

/// Whether the database is away or cannot take writes, rather than the statement being
/// wrong: no connection, a broken or timed-out one, a server shutting down or starting
/// (PostgreSQL classes 08 and 57), or a full, read-only, locked or failing SQLite file.
/// These answer 503, so a client may try again; anything else is a bug (500).
fn is_outage(err: &DbErr) -> bool {
    use sea_orm::sqlx::Error as Sqlx;
    if matches!(err, DbErr::ConnectionAcquire(_) | DbErr::Conn(_)) {
        return true;
    }
    let Some(sqlx) = sqlx_error(err) else {
        return false;
    };
    match sqlx {
        Sqlx::Io(_)
        | Sqlx::Tls(_)
        | Sqlx::Protocol(_)
        | Sqlx::PoolTimedOut
        | Sqlx::PoolClosed
        | Sqlx::WorkerCrashed
        | Sqlx::BeginFailed => true,
        Sqlx::Database(_) => match database_code(sqlx) {
            // BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
            Some(Code::Sqlite(primary)) => matches!(primary, 5 | 6 | 8 | 10 | 13 | 14),
            // Connection exceptions, operator intervention (shutdown, start-up), too many
            // connections, a full disk, a read-only server (a standby).
            Some(Code::Postgres(code)) => {
                code.starts_with("08")
                    || code.starts_with("57")
                    || matches!(code.as_str(), "53300" | "53100" | "25006")
            }
            None => false,
        },
        _ => false,
    }
}

/// Whether an outage (a `StoreError::Unavailable`'s cause) is the database refusing writes
/// (a full disk, a read-only file or server) while it still answers reads, rather than
/// being away: the server logs the two apart, and reads going on do not mean writes are back.
pub fn refuses_writes(cause: &anyhow::Error) -> bool {
    cause.chain().any(|e| {
        match e
            .downcast_ref::<DbErr>()
            .and_then(sqlx_error)
            .and_then(database_code)
        {
            // READONLY, FULL.
            Some(Code::Sqlite(primary)) => matches!(primary, 8 | 13),
            Some(Code::Postgres(code)) => matches!(code.as_str(), "53100" | "25006"),
            None => false,
        }
    })
}

/// The driver's error inside a statement's error.
fn sqlx_error(err: &DbErr) -> Option<&sea_orm::sqlx::Error> {
    match err {
        DbErr::Exec(sea_orm::RuntimeErr::SqlxError(e))
        | DbErr::Query(sea_orm::RuntimeErr::SqlxError(e)) => Some(e.as_ref()),
        _ => None,
    }
}

/// A database's own error code.
enum Code {
    /// SQLite's primary result code (the low byte of the extended one).
    Sqlite(i32),
    /// PostgreSQL's SQLSTATE.
    Postgres(String),
}

fn database_code(err: &sea_orm::sqlx::Error) -> Option<Code> {
    let sea_orm::sqlx::Error::Database(db) = err else {
        return None;
    };
    let code = db.code()?;
    if db
        .try_downcast_ref::<sea_orm::sqlx::sqlite::SqliteError>()
        .is_some()
    {
        return code.parse::<i32>().ok().map(|c| Code::Sqlite(c & 0xff));
    }
    Some(Code::Postgres(code.into_owned()))
}

#[cfg(test)]
mod unique_tests {
    use super::conflicting_field;

    #[test]
    fn a_violation_names_its_field_by_the_exact_constraint() {
        assert_eq!(
            conflicting_field(
                "duplicate key value violates unique constraint \"users_username_key\""
            ),
            "username"
        );
        assert_eq!(
            conflicting_field("UNIQUE constraint failed: users.google_id"),
            "googleId"
        );
        assert_eq!(
            conflicting_field("UNIQUE constraint failed: categories.name"),
            "name"
        );
        // A value that merely mentions a field's name is not that field.
        assert_eq!(
            conflicting_field(
                "UNIQUE constraint failed: social_posts.story_id, social_posts.platform"
            ),
            "value"
        );
        assert_eq!(
            conflicting_field("duplicate key value violates unique constraint \"idx_x\" (email)"),
            "value"
        );
    }
}
