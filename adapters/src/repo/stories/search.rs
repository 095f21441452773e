//! Full-text search over title, excerpt and content: FTS5 on SQLite, a tsvector on
//! PostgreSQL.

use sea_orm::DbBackend;
use sea_orm::sea_query::{Condition, Expr};

/// The words of a search, lowercased, letters and digits only (so nothing in them can be
/// read as query syntax); at most eight.
pub(super) fn search_words(search: &str) -> Vec<String> {
    search
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_lowercase)
        .collect()
}

/// Every word (as a prefix) must appear in the title, excerpt or content: FTS5 on SQLite,
/// the generated tsvector on PostgreSQL. Both use an index.
pub(super) fn search_filter(backend: DbBackend, words: &[String]) -> Condition {
    let expr = match backend {
        DbBackend::Postgres => {
            let query = words
                .iter()
                .map(|w| format!("{w}:*"))
                .collect::<Vec<_>>()
                .join(" & ");
            Expr::cust_with_values(
                "\"stories\".\"search\" @@ to_tsquery('simple', $1)",
                [query],
            )
        }
        _ => {
            let query = words
                .iter()
                .map(|w| format!("\"{w}\"*"))
                .collect::<Vec<_>>()
                .join(" ");
            Expr::cust_with_values(
                "\"stories\".\"id\" IN (SELECT rowid FROM stories_fts WHERE stories_fts MATCH ?)",
                [query],
            )
        }
    };
    Condition::all().add(expr)
}
