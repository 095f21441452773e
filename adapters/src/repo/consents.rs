//! Consent statements and records (`docs/decisions/privacy.md`), and what withdrawing
//! consent takes away besides the story's place on the site.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::consent::{PostedCopy, Withdrawals, WithdrawnOutputs};
use domain::social::{Platform, PostStatus};
use domain::story::StoryId;
use domain::story::consent::{
    ConsentKind, ConsentRecord, ConsentRepository, ConsentUses, NewConsent, SensitiveTopic,
    Statement, join_topics, split_topics,
};
use domain::user::UserId;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use std::collections::HashMap;

use crate::db::{Db, store_err};
use crate::entity::{
    consent_statements, social_posts, stories, story_consents, story_revisions, story_sensitivity,
};

pub struct SeaOrmConsentRepository {
    db: Db,
}

impl SeaOrmConsentRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    /// Records with their stories' titles (one query for the titles).
    async fn with_titles(
        &self,
        rows: Vec<story_consents::Model>,
    ) -> Result<Vec<ConsentRecord>, StoreError> {
        let mut ids: Vec<i64> = rows.iter().map(|r| r.story_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let titles: std::collections::HashMap<i64, String> = if ids.is_empty() {
            Default::default()
        } else {
            stories::Entity::find()
                .select_only()
                .column(stories::Column::Id)
                .column(stories::Column::Title)
                .filter(stories::Column::Id.is_in(ids))
                .into_tuple::<(i64, String)>()
                .all(&self.db)
                .await
                .map_err(store_err)?
                .into_iter()
                .collect()
        };
        rows.into_iter()
            .map(|r| {
                let title = titles.get(&r.story_id).cloned().unwrap_or_default();
                to_record(r, title)
            })
            .collect()
    }
}

fn to_statement(m: consent_statements::Model) -> Statement {
    Statement {
        version: m.id,
        text: m.text,
        legacy: m.legacy,
        created_at: m.created_at,
    }
}

fn to_record(m: story_consents::Model, story_title: String) -> Result<ConsentRecord, StoreError> {
    let kind = ConsentKind::parse(&m.kind)
        .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("unknown consent kind {}", m.kind)))?;
    Ok(ConsentRecord {
        id: m.id,
        consent: NewConsent {
            story: StoryId(m.story_id),
            person: UserId::new(m.user_id),
            statement_version: m.statement_id,
            uses: ConsentUses {
                site: m.site,
                social: m.social,
                widget: m.widget,
            },
            kind,
            recorded_by: UserId::new(m.recorded_by),
            reason: m.reason,
            at: m.at,
        },
        story_title,
    })
}

#[async_trait]
impl ConsentRepository for SeaOrmConsentRepository {
    async fn current_statement(&self) -> Result<Statement, StoreError> {
        consent_statements::Entity::find()
            .filter(consent_statements::Column::Legacy.eq(false))
            .order_by_desc(consent_statements::Column::Id)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_statement)
            .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("no consent statement stored")))
    }

    async fn statements(&self) -> Result<Vec<Statement>, StoreError> {
        Ok(consent_statements::Entity::find()
            .order_by_desc(consent_statements::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_statement)
            .collect())
    }

    async fn add_statement(&self, text: &str, at: DateTime<Utc>) -> Result<Statement, StoreError> {
        let model = consent_statements::ActiveModel {
            text: Set(text.to_owned()),
            legacy: Set(false),
            created_at: Set(Some(at)),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        Ok(to_statement(model))
    }

    async fn record(&self, c: &NewConsent) -> Result<(), StoreError> {
        story_consents::ActiveModel {
            story_id: Set(c.story.0),
            user_id: Set(c.person.as_str().to_owned()),
            statement_id: Set(c.statement_version),
            site: Set(c.uses.site),
            social: Set(c.uses.social),
            widget: Set(c.uses.widget),
            kind: Set(c.kind.as_str().to_owned()),
            recorded_by: Set(c.recorded_by.as_str().to_owned()),
            reason: Set(c.reason.clone()),
            at: Set(c.at),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        Ok(())
    }

    async fn of_story(&self, story: StoryId) -> Result<Vec<ConsentRecord>, StoreError> {
        let rows = story_consents::Entity::find()
            .filter(story_consents::Column::StoryId.eq(story.0))
            .order_by_asc(story_consents::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        self.with_titles(rows).await
    }

    async fn of_person(&self, person: &UserId) -> Result<Vec<ConsentRecord>, StoreError> {
        let rows = story_consents::Entity::find()
            .filter(story_consents::Column::UserId.eq(person.as_str()))
            .order_by_asc(story_consents::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        self.with_titles(rows).await
    }

    async fn sensitivity(&self, story: StoryId) -> Result<Vec<SensitiveTopic>, StoreError> {
        Ok(story_sensitivity::Entity::find_by_id(story.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(|m| split_topics(&m.topics))
            .unwrap_or_default())
    }

    async fn set_sensitivity(
        &self,
        story: StoryId,
        topics: &[SensitiveTopic],
    ) -> Result<(), StoreError> {
        story_sensitivity::Entity::delete_by_id(story.0)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        if !topics.is_empty() {
            story_sensitivity::ActiveModel {
                story_id: Set(story.0),
                topics: Set(join_topics(topics)),
            }
            .insert(&self.db)
            .await
            .map_err(store_err)?;
        }
        Ok(())
    }

    async fn sensitivity_of(
        &self,
        stories: &[StoryId],
    ) -> Result<HashMap<StoryId, Vec<SensitiveTopic>>, StoreError> {
        if stories.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(story_sensitivity::Entity::find()
            .filter(story_sensitivity::Column::StoryId.is_in(stories.iter().map(|s| s.0)))
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(|m| (StoryId(m.story_id), split_topics(&m.topics)))
            .filter(|(_, t)| !t.is_empty())
            .collect())
    }
}

#[async_trait]
impl Withdrawals for SeaOrmConsentRepository {
    async fn withdraw_outputs(&self, story: StoryId) -> Result<WithdrawnOutputs, StoreError> {
        let cancelled = social_posts::Entity::update_many()
            .col_expr(
                social_posts::Column::Status,
                Expr::value(PostStatus::Cancelled.as_str()),
            )
            .filter(social_posts::Column::StoryId.eq(story.0))
            .filter(
                social_posts::Column::Status
                    .is_in([PostStatus::Queued.as_str(), PostStatus::Failed.as_str()]),
            )
            .exec(&self.db)
            .await
            .map_err(store_err)?
            .rows_affected;
        let purged = story_revisions::Entity::delete_many()
            .filter(story_revisions::Column::StoryId.eq(story.0))
            .exec(&self.db)
            .await
            .map_err(store_err)?
            .rows_affected;
        let posted = social_posts::Entity::find()
            .filter(social_posts::Column::StoryId.eq(story.0))
            .filter(social_posts::Column::Status.eq(PostStatus::Posted.as_str()))
            .order_by_asc(social_posts::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .filter_map(|p| {
                Some(PostedCopy {
                    post_id: p.id,
                    platform: p.platform.parse::<Platform>().ok()?,
                    url: p.external_url,
                    external_id: p.external_id,
                })
            })
            .collect();
        Ok(WithdrawnOutputs {
            cancelled_posts: cancelled,
            purged_versions: purged,
            posted,
        })
    }
}
