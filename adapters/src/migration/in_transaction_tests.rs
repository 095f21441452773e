#![allow(clippy::unwrap_used, clippy::expect_used)]

use sea_orm::{ConnectionTrait, DbBackend, Statement};
use sea_orm_migration::prelude::*;

use super::InTransaction;

/// Creates a table, then fails or not.
struct Step(&'static str, bool);

impl MigrationName for Step {
    fn name(&self) -> &str {
        self.0
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Step {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection()
            .execute_unprepared(&format!("CREATE TABLE {} (id INTEGER PRIMARY KEY)", self.0))
            .await?;
        m.get_connection()
            .execute_unprepared(&format!("INSERT INTO {} (id) VALUES (1)", self.0))
            .await?;
        if self.1 {
            return Err(DbErr::Migration("this step fails half-way".into()));
        }
        Ok(())
    }
}

struct Steps;

#[async_trait::async_trait]
impl MigratorTrait for Steps {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(InTransaction(Box::new(Step("step_one", false)))),
            Box::new(InTransaction(Box::new(Step("step_two", true)))),
        ]
    }

    fn migration_table_name() -> DynIden {
        "test_migrations".into_iden()
    }
}

async fn tables(db: &sea_orm::DatabaseConnection) -> Vec<String> {
    let sql = match db.get_database_backend() {
        DbBackend::Postgres => {
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'step_%' ORDER BY 1"
        }
        _ => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'step_%' ORDER BY 1"
        }
    };
    db.query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get_by_index(0).unwrap())
        .collect()
}

#[tokio::test]
async fn a_migration_that_fails_half_way_leaves_the_previous_schema_on_both_engines() {
    crate::testing::each_engine(|db, _| async move {
        let failed = Steps::up(&db, None).await;
        assert!(failed.is_err());
        assert_eq!(tables(&db).await, ["step_one"]);
        let recorded = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT version FROM test_migrations",
            ))
            .await
            .unwrap();
        assert_eq!(recorded.len(), 1);
    })
    .await;
}
