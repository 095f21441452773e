//! Consent records and statements in memory.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::Mutex;

use super::lock;
use crate::StoreError;
use crate::consent::{PostedCopy, Withdrawals, WithdrawnOutputs};
use crate::story::StoryId;
use crate::story::consent::{
    ConsentRecord, ConsentRepository, NewConsent, SensitiveTopic, Statement,
};
use crate::user::UserId;

/// Statements (a legacy one and a default one to start) and records in memory.
pub struct InMemoryConsentRepository {
    statements: Mutex<Vec<Statement>>,
    records: Mutex<Vec<ConsentRecord>>,
    withdrawn: Mutex<Vec<StoryId>>,
    /// The posts already made that withdrawal answers.
    posted: Mutex<Vec<PostedCopy>>,
    sensitive: Mutex<std::collections::HashMap<StoryId, Vec<SensitiveTopic>>>,
    /// Answers, for a story without records, that its author agreed to every use (for
    /// tests that are not about consent).
    agreeing: bool,
}

impl Default for InMemoryConsentRepository {
    fn default() -> Self {
        Self {
            statements: Mutex::new(vec![
                Statement {
                    version: 1,
                    text: "Legacy".into(),
                    legacy: true,
                    created_at: None,
                },
                Statement {
                    version: 2,
                    text: "I agree".into(),
                    legacy: false,
                    created_at: None,
                },
            ]),
            records: Mutex::new(Vec::new()),
            withdrawn: Mutex::new(Vec::new()),
            posted: Mutex::new(Vec::new()),
            sensitive: Mutex::new(std::collections::HashMap::new()),
            agreeing: false,
        }
    }
}

impl InMemoryConsentRepository {
    /// A store where every story without records counts as agreed to every use.
    pub fn agreeing() -> Self {
        Self {
            agreeing: true,
            ..Self::default()
        }
    }

    /// Every record, oldest first.
    pub fn records(&self) -> Vec<ConsentRecord> {
        lock(&self.records).clone()
    }

    /// Withdrawal answers that these posts were already made.
    pub fn already_posted(&self, copies: Vec<PostedCopy>) {
        *lock(&self.posted) = copies;
    }

    /// The stories whose outputs were withdrawn.
    pub fn withdrawn(&self) -> Vec<StoryId> {
        lock(&self.withdrawn).clone()
    }
}

#[async_trait]
impl ConsentRepository for InMemoryConsentRepository {
    async fn current_statement(&self) -> Result<Statement, StoreError> {
        lock(&self.statements)
            .iter()
            .rev()
            .find(|s| !s.legacy)
            .cloned()
            .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("no statement")))
    }

    async fn statements(&self) -> Result<Vec<Statement>, StoreError> {
        Ok(lock(&self.statements).iter().rev().cloned().collect())
    }

    async fn add_statement(&self, text: &str, at: DateTime<Utc>) -> Result<Statement, StoreError> {
        let mut all = lock(&self.statements);
        let s = Statement {
            version: i64::try_from(all.len()).unwrap_or_default() + 1,
            text: text.to_owned(),
            legacy: false,
            created_at: Some(at),
        };
        all.push(s.clone());
        Ok(s)
    }

    async fn record(&self, consent: &NewConsent) -> Result<(), StoreError> {
        let mut all = lock(&self.records);
        let id = i64::try_from(all.len()).unwrap_or_default() + 1;
        all.push(ConsentRecord {
            id,
            consent: consent.clone(),
            story_title: String::new(),
        });
        Ok(())
    }

    async fn of_story(&self, story: StoryId) -> Result<Vec<ConsentRecord>, StoreError> {
        let found: Vec<ConsentRecord> = lock(&self.records)
            .iter()
            .filter(|r| r.consent.story == story)
            .cloned()
            .collect();
        if found.is_empty() && self.agreeing {
            let someone = UserId::new("author");
            return Ok(vec![ConsentRecord {
                id: 0,
                consent: NewConsent {
                    story,
                    person: someone.clone(),
                    statement_version: 2,
                    uses: crate::story::consent::ConsentUses {
                        site: true,
                        social: true,
                        widget: true,
                    },
                    kind: crate::story::consent::ConsentKind::Given,
                    recorded_by: someone,
                    reason: None,
                    at: super::t0(),
                },
                story_title: String::new(),
            }]);
        }
        Ok(found)
    }

    async fn of_person(&self, person: &UserId) -> Result<Vec<ConsentRecord>, StoreError> {
        Ok(lock(&self.records)
            .iter()
            .filter(|r| &r.consent.person == person)
            .cloned()
            .collect())
    }

    async fn sensitivity(&self, story: StoryId) -> Result<Vec<SensitiveTopic>, StoreError> {
        Ok(lock(&self.sensitive)
            .get(&story)
            .cloned()
            .unwrap_or_default())
    }

    async fn set_sensitivity(
        &self,
        story: StoryId,
        topics: &[SensitiveTopic],
    ) -> Result<(), StoreError> {
        lock(&self.sensitive).insert(story, topics.to_vec());
        Ok(())
    }

    async fn sensitivity_of(
        &self,
        stories: &[StoryId],
    ) -> Result<std::collections::HashMap<StoryId, Vec<SensitiveTopic>>, StoreError> {
        let all = lock(&self.sensitive);
        Ok(stories
            .iter()
            .filter_map(|id| {
                all.get(id)
                    .filter(|t| !t.is_empty())
                    .map(|t| (*id, t.clone()))
            })
            .collect())
    }
}

#[async_trait]
impl Withdrawals for InMemoryConsentRepository {
    async fn withdraw_outputs(&self, story: StoryId) -> Result<WithdrawnOutputs, StoreError> {
        lock(&self.withdrawn).push(story);
        Ok(WithdrawnOutputs {
            posted: lock(&self.posted).clone(),
            ..WithdrawnOutputs::default()
        })
    }
}
