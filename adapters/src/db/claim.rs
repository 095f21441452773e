//! The atomic claim every delivery queue uses (mail, social posts, schedule reminders).

use sea_orm::sea_query::{
    Alias, CommonTableExpression, Condition, Expr, ExprTrait, LockBehavior, LockType, Order, Query,
    WithClause,
};
use sea_orm::{DbBackend, EntityTrait, Statement};

/// The atomic claim every queue uses, built with sea-query for the backend:
/// `WITH picked AS MATERIALIZED (SELECT id FROM <table> WHERE <due> ORDER BY <order>
/// LIMIT <limit> FOR UPDATE SKIP LOCKED) UPDATE <table> SET <changes> WHERE <still_due> AND
/// id IN (SELECT id FROM picked) RETURNING *`.
/// On PostgreSQL the inner select locks the rows it picks and skips rows another instance
/// is claiming at that moment, and the outer condition is checked again on the latest row
/// version, so an item is never claimed twice. SQLite runs one writer at a time and has no
/// row locks (sea-query leaves the clause out there), so the statement alone is enough.
pub(crate) struct Claim<E: EntityTrait> {
    pub entity: E,
    pub id: E::Column,
    pub due: Condition,
    pub order: Vec<E::Column>,
    pub limit: u64,
    pub changes: Vec<(E::Column, Expr)>,
}

impl<E: EntityTrait> Claim<E> {
    pub(crate) fn statement(self, backend: DbBackend) -> Statement {
        let mut pick = Query::select();
        pick.column(self.id)
            .from(self.entity)
            .cond_where(self.due.clone())
            .limit(self.limit)
            .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        for column in self.order {
            pick.order_by(column, Order::Asc);
        }
        // The pick runs once, as a materialized CTE. Written as `id IN (SELECT ... LIMIT n
        // FOR UPDATE SKIP LOCKED)`, PostgreSQL may plan it as the inner side of a nested-loop
        // semi join and run it again for every row it updates; each run skips the rows this
        // statement has just updated (locked by itself) and picks the next ones, so one claim
        // took 148 rows with a limit of 20 (`adapters/tests/claims.rs`).
        let mut picked = CommonTableExpression::new();
        picked
            .query(pick)
            .column(self.id)
            .table_name(Alias::new("picked"))
            .materialized(true);
        let mut update = Query::update();
        update
            .table(self.entity)
            .cond_where(self.due)
            .and_where(
                Expr::col(self.id).in_subquery(
                    Query::select()
                        .column(self.id)
                        .from(Alias::new("picked"))
                        .to_owned(),
                ),
            )
            .returning_all();
        for (column, value) in self.changes {
            update.value(column, value);
        }
        backend.build(&update.with(WithClause::new().cte(picked).to_owned()))
    }
}

#[cfg(test)]
mod claim_tests {
    use sea_orm::ColumnTrait;

    use super::*;
    use crate::entity::mail_outbox;

    fn claim() -> Claim<mail_outbox::Entity> {
        Claim {
            entity: mail_outbox::Entity,
            id: mail_outbox::Column::Id,
            due: Condition::all().add(mail_outbox::Column::Subject.eq("costs $1")),
            order: vec![mail_outbox::Column::Id],
            limit: 20,
            changes: vec![(
                mail_outbox::Column::Attempts,
                Expr::col(mail_outbox::Column::Attempts).add(1),
            )],
        }
    }

    #[test]
    fn postgres_locks_the_picked_rows_and_skips_locked_ones() {
        let sql = claim().statement(DbBackend::Postgres).to_string();
        assert!(sql.contains("FOR UPDATE SKIP LOCKED"), "{sql}");
        // The pick runs once, as a materialized CTE, before the update takes its rows.
        assert!(
            sql.starts_with(
                r#"WITH "picked" ("id") AS  MATERIALIZED (SELECT "id" FROM "mail_outbox""#
            ),
            "{sql}"
        );
        assert!(
            sql.contains(r#") UPDATE "mail_outbox" SET "attempts" = "attempts" + 1 WHERE"#),
            "{sql}"
        );
        assert!(
            sql.contains(r#"AND "id" IN (SELECT "id" FROM "picked")"#),
            "{sql}"
        );
        assert!(sql.ends_with("RETURNING *"), "{sql}");
    }

    #[test]
    fn sqlite_gets_no_row_locks_and_a_dollar_in_a_value_stays_a_value() {
        let statement = claim().statement(DbBackend::Sqlite);
        assert!(!statement.sql.contains("FOR UPDATE"), "{}", statement.sql);
        assert!(
            !statement.sql.contains('$'),
            "values are bound, never spliced: {}",
            statement.sql
        );
        assert!(statement.to_string().contains("costs $1"), "{statement}");
    }
}
