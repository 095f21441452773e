//! Writing a story: a new one with the passages it cites, and saving every mutable field
//! of an existing one with its passages.

use domain::StoreError;
use domain::scripture::Passage;
use domain::story::{NewStory, Story};
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};

use super::{SeaOrmStoryRepository, passages, to_domain};
use crate::db::store_err;
use crate::entity::stories;

impl SeaOrmStoryRepository {
    pub(super) async fn insert(&self, new: NewStory) -> Result<Story, StoreError> {
        let now = self.db.now();
        let model = stories::ActiveModel {
            title: Set(new.fields.title),
            content: Set(new.fields.content),
            source: Set(Some(new.fields.source)),
            excerpt: Set(new.fields.excerpt),
            video_url: Set(new.fields.video_url),
            thumbnail_url: Set(new.fields.thumbnail_url),
            category: Set(new.fields.category),
            author_id: Set(new.author_id.as_str().to_owned()),
            status: Set(new.status.as_str().to_owned()),
            is_published: Set(new.is_published),
            published_at: Set(new.published_at),
            approved_by: Set(new.approved_by.map(|u| u.as_str().to_owned())),
            approved_at: Set(new.approved_at),
            rejection_reason: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            byline: Set(new.privacy.byline.as_str().to_owned()),
            audience: Set(new.privacy.audience.as_str().to_owned()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        passages::replace(&self.db, model.id, &new.passages).await?;
        to_domain(model)
    }

    pub(super) async fn save(&self, story: &Story, cited: &[Passage]) -> Result<Story, StoreError> {
        let Some(model) = stories::Entity::find_by_id(story.id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Err(StoreError::Unknown(anyhow::anyhow!(
                "story {} vanished during an update",
                story.id
            )));
        };
        let mut active = model.into_active_model();
        active.title = Set(story.title.clone());
        active.content = Set(story.content.clone());
        active.source = Set(Some(story.source.clone()));
        active.excerpt = Set(story.excerpt.clone());
        active.video_url = Set(story.video_url.clone());
        active.thumbnail_url = Set(story.thumbnail_url.clone());
        active.category = Set(story.category.clone());
        active.status = Set(story.status.as_str().to_owned());
        active.is_published = Set(story.is_published);
        active.published_at = Set(story.published_at);
        active.approved_by = Set(story.approved_by.as_ref().map(|u| u.as_str().to_owned()));
        active.approved_at = Set(story.approved_at);
        active.rejection_reason = Set(story.rejection_reason.clone());
        active.updated_at = Set(story.updated_at);
        active.byline = Set(story.privacy.byline.as_str().to_owned());
        active.audience = Set(story.privacy.audience.as_str().to_owned());
        let model = active.update(&self.db).await.map_err(store_err)?;
        passages::replace(&self.db, model.id, cited).await?;
        to_domain(model)
    }
}
