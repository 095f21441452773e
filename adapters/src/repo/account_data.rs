//! A person's data for their export, read in six queries whatever its size.

use async_trait::async_trait;
use domain::StoreError;
use domain::account::{AccountData, AccountDataSource};
use domain::story::Revision;
use domain::user::User;
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{comments, help_messages, media, schedules, stories, story_revisions};
use crate::repo;

pub struct SeaOrmAccountData {
    db: Db,
}

impl SeaOrmAccountData {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl AccountDataSource for SeaOrmAccountData {
    async fn collect(&self, user: &User) -> Result<AccountData, StoreError> {
        let id = user.id.as_str();
        let story_rows = stories::Entity::find()
            .filter(stories::Column::AuthorId.eq(id))
            .order_by_asc(stories::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let ids: Vec<i64> = story_rows.iter().map(|s| s.id).collect();
        let mut revisions: Vec<Revision> = story_revisions::Entity::find()
            .filter(story_revisions::Column::StoryId.is_in(ids))
            .order_by_asc(story_revisions::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(repo::stories::revision)
            .collect::<Result<_, _>>()?;
        let mut stories = Vec::with_capacity(story_rows.len());
        for row in story_rows {
            let story = repo::stories::to_domain(row)?;
            let (mine, rest): (Vec<_>, Vec<_>) =
                revisions.into_iter().partition(|r| r.story_id == story.id);
            revisions = rest;
            stories.push((story, mine));
        }
        let schedules = schedules::Entity::find()
            .filter(schedules::Column::ContributorId.eq(id))
            .order_by_asc(schedules::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(repo::schedules::to_domain)
            .collect();
        let help_messages = help_messages::Entity::find()
            .filter(help_messages::Column::UserId.eq(id))
            .order_by_asc(help_messages::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(repo::help::to_domain)
            .collect::<Result<_, _>>()?;
        let comments = comments::Entity::find()
            .filter(
                Expr::expr(Func::lower(Expr::col(comments::Column::AuthorEmail)))
                    .eq(user.email.to_lowercase()),
            )
            .order_by_asc(comments::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(repo::comments::to_domain)
            .collect();
        let pictures = media::Entity::find()
            .filter(media::Column::OwnerId.eq(id))
            .filter(media::Column::GoneAt.is_null())
            .order_by_asc(media::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(repo::media::to_domain)
            .collect::<Result<_, _>>()?;
        Ok(AccountData {
            stories,
            schedules,
            help_messages,
            comments,
            pictures,
        })
    }
}
