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
/// the generated tsvector on PostgreSQL. Both use an index, and neither sorts every match
/// for a page (checked at 100,000 stories by `tests/api/query_shapes.rs`).
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
            // The unary `+` keeps SQLite from looking each match up by id and sorting them
            // all: it reads the public index newest first and stops after a page, checking
            // each id against the matches (fast for a word in most stories and for a rare
            // one alike: at most one pass over the index).
            Expr::cust_with_values(
                "+\"stories\".\"id\" IN (SELECT rowid FROM stories_fts WHERE stories_fts MATCH ?)",
                [query],
            )
        }
    };
    Condition::all().add(expr)
}
