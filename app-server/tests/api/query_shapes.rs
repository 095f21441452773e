//! Query plans of the public lists at 100,000 stories on both engines: a page,
//! a category's page, a search's page and the totals are read from indexes in order, never
//! by scanning or sorting the whole table; and the totals kept by triggers match a plain count after
//! every kind of change. The two at 100,000 stories run in `just test-slow` (filling the
//! database takes most of a minute).

use domain::clock::{Clock, SystemClock};
use domain::story::StoryQuery;
use domain::user::Role;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde_json::json;

use crate::engine_test;
use crate::helpers::{TestContext, client, get};
use crate::stories::admin_cookie;

const STORIES: u32 = 100_000;

/// 100,000 stories in one statement (one in twenty waiting for review), spread over the
/// five categories and the last ten weeks, then fresh planner statistics.
async fn fill(ctx: &TestContext) {
    let author = ctx
        .user("many@example.org", Role::RegularContributor, true)
        .await;
    let db = &ctx.state.db;
    let backend = db.get_database_backend();
    let category = "CASE i % 5 WHEN 0 THEN 'Bible Study' WHEN 1 THEN 'Testimonies' \
        WHEN 2 THEN 'Faith & Life' WHEN 3 THEN 'Worship' ELSE 'Community' END";
    let sql = match backend {
        DbBackend::Sqlite => format!(
            "INSERT INTO stories (title, content, source, category, author_id, status, \
             is_published, published_at, approved_at, created_at, updated_at) \
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {STORIES}) \
             SELECT 'Story ' || i, '<p>Grace and hope, day ' || i || '.</p>', 'Grace and hope', \
             {category}, ?, CASE WHEN i % 20 = 0 THEN 'pending_approval' ELSE 'approved' END, \
             i % 20 <> 0, \
             CASE WHEN i % 20 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now', '-' || i || ' minutes') END, \
             NULL, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now') FROM n"
        ),
        _ => format!(
            "INSERT INTO stories (title, content, source, category, author_id, status, \
             is_published, published_at, approved_at, created_at, updated_at) \
             SELECT 'Story ' || i, '<p>Grace and hope, day ' || i || '.</p>', 'Grace and hope', \
             {category}, $1, CASE WHEN i % 20 = 0 THEN 'pending_approval' ELSE 'approved' END, \
             i % 20 <> 0, CASE WHEN i % 20 = 0 THEN NULL ELSE now() - make_interval(mins => i) END, \
             NULL, now(), now() FROM generate_series(1, {STORIES}) AS i"
        ),
    };
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [author.id.as_str().into()],
    ))
    .await
    .expect("fill stories");
    db.execute_unprepared("ANALYZE").await.expect("analyze");
    ctx.changed_behind_the_api().await;
}

/// The plan's lines: SQLite's `EXPLAIN QUERY PLAN` details, or PostgreSQL's `EXPLAIN`.
async fn plan(ctx: &TestContext, statement: Statement) -> Vec<String> {
    let db = &ctx.state.db;
    let backend = db.get_database_backend();
    let (prefix, column) = match backend {
        DbBackend::Sqlite => ("EXPLAIN QUERY PLAN ", "detail"),
        _ => ("EXPLAIN ", "QUERY PLAN"),
    };
    let explained = Statement {
        sql: format!("{prefix}{}", statement.sql),
        ..statement
    };
    db.query_all_raw(explained)
        .await
        .expect("explain")
        .iter()
        .map(|row| row.try_get::<String>("", column).expect("plan line"))
        .collect()
}

/// A whole-table scan or a sort of every match.
fn reads_everything(lines: &[String]) -> Option<&String> {
    lines.iter().find(|l| {
        let l = l.trim_start_matches([' ', '-', '>', '`', '|']);
        l == "SCAN stories"
            || l.starts_with("SCAN stories ")
            || l.contains("TEMP B-TREE")
            || l.contains("Seq Scan on stories")
            || (l.starts_with("Sort") && !l.starts_with("Sort Key"))
    })
}

engine_test!(
    #[ignore = "slow: just test-slow"]
    public_lists_read_pages_and_totals_from_indexes_at_100000_stories,
    |ctx, app| {
        fill(&ctx).await;
        let backend = ctx.state.db.get_database_backend();
        let query = |category: Option<&str>, offset: u64| {
            let filter = StoryQuery {
                search: None,
                category: category.map(str::to_owned),
                passages: Vec::new(),
                scope: Default::default(),
            };
            (filter, offset)
        };
        let search = |words: &str| {
            let (filter, offset) = query(None, 0);
            let filter = StoryQuery {
                search: Some(words.to_owned()),
                ..filter
            };
            (filter, offset)
        };
        for (q, offset) in [
            query(None, 0),
            query(None, 2_000),
            query(Some("Worship"), 0),
            query(Some("Faith & Life"), 400),
            // A word in every story, and one in none.
            search("grace"),
            search("zebra"),
        ] {
            let [count, page] = adapters::testing::story_list_statements(backend, &q, 20, offset);
            // A search's total is counted over its matches (through the search index); the
            // other totals are read from story_counts.
            let statements = if q.search.is_some() {
                vec![page]
            } else {
                vec![count, page]
            };
            for statement in statements {
                let sql = statement.sql.clone();
                let lines = plan(&ctx, statement).await;
                assert!(
                    reads_everything(&lines).is_none(),
                    "{q:?} reads the whole table:\n{sql}\n{}",
                    lines.join("\n")
                );
            }
        }
        // And the answers are right.
        let (status, headers, list) = get(&app, "/api/stories?category=Worship&limit=3").await;
        assert_eq!(status, 200);
        assert_eq!(headers.get("x-total-count").unwrap(), "20000");
        let titles: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["Story 3", "Story 8", "Story 13"]);
        let (_, headers, _) = get(&app, "/api/stories?limit=1").await;
        assert_eq!(headers.get("x-total-count").unwrap(), "95000");
    }
);

/// One passage for each of the 100,000 stories: chapter `1 + i % 20` of book `1 + i % 66`,
/// verses 1 to 5, so one book's passages are about 1,500 rows.
async fn fill_passages(ctx: &TestContext) {
    let db = &ctx.state.db;
    db.execute_unprepared(
        "INSERT INTO story_passages (story_id, position, book, start_verse, end_verse, osis) \
         SELECT id, 0, 1 + id % 66, (1 + id % 66) * 1000000 + (1 + id % 20) * 1000 + 1, \
         (1 + id % 66) * 1000000 + (1 + id % 20) * 1000 + 5, 'Gen.1.1' FROM stories",
    )
    .await
    .expect("fill passages");
    db.execute_unprepared("ANALYZE").await.expect("analyze");
}

engine_test!(
    #[ignore = "slow: just test-slow"]
    a_passage_list_reads_the_passage_index_at_100000_stories,
    |ctx, app| {
        fill(&ctx).await;
        fill_passages(&ctx).await;
        let backend = ctx.state.db.get_database_backend();
        let parser = domain::scripture::ScriptureParser::new(domain::scripture::Canon::Protestant);
        for (osis, search) in [
            ("John.3.16", None),
            ("Ps.23", None),
            ("Gen.1", Some("grace")),
        ] {
            let query = StoryQuery {
                search: search.map(str::to_owned),
                category: None,
                passages: vec![parser.parse_osis(osis).unwrap()],
                scope: Default::default(),
            };
            for statement in adapters::testing::story_list_statements(backend, &query, 20, 0) {
                let sql = statement.sql.clone();
                let lines = plan(&ctx, statement).await;
                let text = lines.join("\n");
                assert!(
                    text.contains("idx_story_passages_overlap"),
                    "{osis}: the passage index is not used:\n{sql}\n{text}"
                );
                let scans_all = lines.iter().find(|l| {
                    let l = l.trim_start_matches([' ', '-', '>', '`', '|']);
                    l == "SCAN stories"
                        || l.starts_with("SCAN stories ")
                        || l.starts_with("SCAN story_passages")
                        || l.contains("Seq Scan on stories")
                        || l.contains("Seq Scan on story_passages")
                });
                assert!(
                    scans_all.is_none(),
                    "{osis} reads a whole table:\n{sql}\n{text}"
                );
            }
        }
        // And the answer is right: stories 43, 109, ... cite John (book 43), one in twenty
        // of those chapter 3 (i % 20 = 2), and one in twenty of all is not public.
        let (status, headers, _) = get(&app, "/api/stories?passage=John.3.1&limit=1").await;
        assert_eq!(status, 200);
        let expected = (1..=u64::from(STORIES))
            .filter(|i| 1 + i % 66 == 43 && 1 + i % 20 == 3 && i % 20 != 0)
            .count();
        assert_eq!(headers.get("x-total-count").unwrap(), &expected.to_string());
    }
);

/// The total the triggers keep, against a plain count, for every category and all.
async fn totals_agree<S, B>(ctx: &TestContext, app: &S)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    ctx.changed_behind_the_api().await;
    let counted = |category: Option<&str>| {
        let db = ctx.state.db.clone();
        let category = category.map(str::to_owned);
        async move {
            let backend = db.get_database_backend();
            let (sql, values) = match &category {
                Some(c) => (
                    "SELECT COUNT(*) AS n FROM stories WHERE status = 'approved' AND is_published AND category = $1",
                    vec![c.clone().into()],
                ),
                None => (
                    "SELECT COUNT(*) AS n FROM stories WHERE status = 'approved' AND is_published",
                    vec![],
                ),
            };
            let sql = if backend == DbBackend::Sqlite {
                sql.replace("$1", "?")
            } else {
                sql.to_owned()
            };
            let row = db
                .query_one_raw(Statement::from_sql_and_values(backend, sql, values))
                .await
                .unwrap()
                .unwrap();
            row.try_get::<i64>("", "n").unwrap().to_string()
        }
    };
    let (_, _, categories) = get(app, "/api/categories").await;
    for c in categories.as_array().unwrap() {
        let name = c["name"].as_str().unwrap();
        let expected = counted(Some(name)).await;
        assert_eq!(
            c["storyCount"].to_string(),
            expected,
            "{name} on the categories list"
        );
        let path = format!("/api/stories?category={}", urlencode(name));
        let (_, headers, _) = get(app, &path).await;
        assert_eq!(
            headers.get("x-total-count").unwrap().to_str().unwrap(),
            expected,
            "{name}"
        );
    }
    let (_, headers, _) = get(app, "/api/stories").await;
    assert_eq!(
        headers.get("x-total-count").unwrap().to_str().unwrap(),
        counted(None).await
    );
}

fn urlencode(s: &str) -> String {
    s.replace('&', "%26").replace(' ', "%20")
}

engine_test!(kept_totals_follow_every_kind_of_change, |ctx, app| {
    let ann = ctx
        .user("ann@example.org", Role::RegularContributor, true)
        .await;
    let bob = ctx
        .user("bob@example.org", Role::RegularContributor, true)
        .await;
    let one = ctx.story(&ann, "One", "Worship", true, 3).await;
    ctx.story(&ann, "Two", "Worship", true, 2).await;
    ctx.story(&bob, "Three", "Community", true, 1).await;
    let draft = ctx.story(&bob, "Draft", "Community", false, 0).await;
    totals_agree(&ctx, &app).await;
    let admin = admin_cookie(&app).await;

    // Moved to another category, and a draft published (the repository's updates).
    use domain::story::{StoryRepository, StoryStatus};
    let mut moved = one.clone();
    moved.category = "Testimonies".into();
    ctx.stories().update(&moved, &[]).await.unwrap();
    totals_agree(&ctx, &app).await;
    let mut out = draft.clone();
    out.status = StoryStatus::Approved;
    out.is_published = true;
    out.published_at = Some(SystemClock.now());
    ctx.stories().update(&out, &[]).await.unwrap();
    totals_agree(&ctx, &app).await;
    // Taken down by a moderator, then deleted.
    let taken = client(&app, Some(&admin))
        .post(
            &format!("/api/admin/stories/{}/unpublish", out.id.0),
            json!({"reason": "Checking a detail"}),
        )
        .await;
    assert!(taken.status < 300, "{} {}", taken.status, taken.body);
    totals_agree(&ctx, &app).await;
    let deleted = client(&app, Some(&admin))
        .delete(&format!("/api/stories/{}", draft.id.0))
        .await;
    assert_eq!(deleted.status, 200);
    totals_agree(&ctx, &app).await;

    // An account deleted with its stories (a cascade in the database).
    let removed = client(&app, Some(&admin))
        .delete(&format!("/api/admin/users/{}", ann.id))
        .await;
    assert!(removed.status < 300, "{} {}", removed.status, removed.body);
    totals_agree(&ctx, &app).await;
});
