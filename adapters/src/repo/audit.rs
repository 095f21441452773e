//! The activity log in the `audit_log` table: appended, read, and changed only to forget
//! a person who left.

use async_trait::async_trait;
use domain::StoreError;
use domain::audit::{AuditAction, AuditEntry, AuditFilter, AuditLog, NewAuditEntry, TargetKind};
use domain::paging::Page;
use domain::user::UserId;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::audit_log;

pub struct SeaOrmAuditLog {
    db: Db,
}

impl SeaOrmAuditLog {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

fn to_domain(m: audit_log::Model) -> Result<AuditEntry, StoreError> {
    let action = AuditAction::parse(&m.action).ok_or_else(|| {
        StoreError::Unknown(anyhow::anyhow!("unknown audit action '{}'", m.action))
    })?;
    Ok(AuditEntry {
        id: m.id,
        entry: NewAuditEntry {
            actor_id: UserId::new(m.actor_id),
            actor_name: m.actor_name,
            action,
            target_id: m.target_id,
            target_label: m.target_label,
            reason: m.reason,
            at: m.at,
        },
    })
}

#[async_trait]
impl AuditLog for SeaOrmAuditLog {
    async fn record(&self, entries: &[NewAuditEntry]) -> Result<(), StoreError> {
        if entries.is_empty() {
            return Ok(());
        }
        let rows = entries.iter().map(|e| audit_log::ActiveModel {
            at: Set(e.at),
            actor_id: Set(e.actor_id.as_str().to_owned()),
            actor_name: Set(e.actor_name.chars().take(255).collect()),
            action: Set(e.action.as_str().to_owned()),
            target_kind: Set(e.action.target_kind().as_str().to_owned()),
            target_id: Set(e.target_id.chars().take(64).collect()),
            target_label: Set(e.target_label.clone()),
            reason: Set(e.reason.clone()),
            ..Default::default()
        });
        audit_log::Entity::insert_many(rows)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn forget_person(&self, person: &UserId, shown_as: &str) -> Result<(), StoreError> {
        audit_log::Entity::update_many()
            .col_expr(audit_log::Column::ActorName, Expr::value(shown_as))
            .filter(audit_log::Column::ActorId.eq(person.as_str()))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        audit_log::Entity::update_many()
            .col_expr(
                audit_log::Column::TargetLabel,
                Expr::value(Option::<String>::None),
            )
            .filter(audit_log::Column::TargetKind.eq(TargetKind::Person.as_str()))
            .filter(audit_log::Column::TargetId.eq(person.as_str()))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn page(
        &self,
        filter: &AuditFilter,
        limit: u64,
        offset: u64,
    ) -> Result<Page<AuditEntry>, StoreError> {
        let mut query = audit_log::Entity::find();
        if let Some(actor) = &filter.actor {
            query = query.filter(audit_log::Column::ActorId.eq(actor.as_str()));
        }
        if let Some(action) = filter.action {
            query = query.filter(audit_log::Column::Action.eq(action.as_str()));
        }
        let total = query.clone().count(&self.db).await.map_err(store_err)?;
        let items = query
            .order_by_desc(audit_log::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect::<Result<_, _>>()?;
        Ok(Page { items, total })
    }
}
