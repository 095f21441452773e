//! Comments in the `comments` table.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;

use domain::comment::{
    Comment, CommentId, CommentRepository, DEFAULT_PLATFORM, NewComment, QueuedComment,
};
use domain::paging::Page;
use domain::story::StoryId;
use domain::validation::CommentAuthorEmail;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::db::Db;
use crate::db::group_commit::{GroupCommit, GroupWrite};
use crate::db::store_err;
use crate::entity::{comments, stories};

pub struct SeaOrmCommentRepository {
    db: Db,
    /// New comments written with whatever others arrive meanwhile (`db/group_commit.rs`);
    /// `None`: each on its own.
    grouped: Option<Arc<GroupCommit<InsertComments>>>,
}

impl SeaOrmCommentRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self {
            db: db.into(),
            grouped: None,
        }
    }

    /// The same repository writing new comments in groups that share one commit; the
    /// committer runs on the current Tokio runtime. Inside a unit of work a comment is
    /// written with the work, as without this.
    #[must_use]
    pub fn committing_in_groups(mut self) -> Self {
        self.grouped = GroupCommit::start(&self.db, InsertComments);
        self
    }
}

/// New comments, written with one multi-row `INSERT` inside their group's transaction.
struct InsertComments;

#[async_trait]
impl GroupWrite for InsertComments {
    type Item = NewComment;
    type Done = Comment;
    const KIND: &'static str = "comments";

    async fn write(&self, db: &Db, items: &[NewComment]) -> Result<Vec<Comment>, DbErr> {
        let now = db.now();
        let mut written =
            comments::Entity::insert_many(items.iter().map(|new| insert(new.clone(), now)))
                .exec_with_returning(db)
                .await?;
        // Both engines number the rows of one statement in the order of its values; the
        // rows it returns are put in that order.
        written.sort_unstable_by_key(|row| row.id);
        Ok(written.into_iter().map(to_domain).collect())
    }
}

/// The row of a new comment: visible, waiting for a moderator.
fn insert(new: NewComment, now: DateTime<Utc>) -> comments::ActiveModel {
    comments::ActiveModel {
        story_id: Set(new.story_id.0),
        author_name: Set(new.author_name.into_inner()),
        author_email: Set(new.author_email.map(CommentAuthorEmail::into_inner)),
        content: Set(new.content.into_inner()),
        platform: Set(DEFAULT_PLATFORM.to_owned()),
        platform_id: Set(None),
        is_visible: Set(true),
        is_approved: Set(false),
        created_at: Set(now),
        ..Default::default()
    }
}

pub(crate) fn to_domain(m: comments::Model) -> Comment {
    Comment {
        id: CommentId(m.id),
        story_id: StoryId(m.story_id),
        author_name: m.author_name,
        author_email: m.author_email,
        content: m.content,
        platform: m.platform,
        platform_id: m.platform_id,
        is_visible: m.is_visible,
        is_approved: m.is_approved,
        created_at: m.created_at,
    }
}

#[async_trait]
impl CommentRepository for SeaOrmCommentRepository {
    /// One query whatever the length: the `(story_id, is_approved, created_at)` index
    /// serves the filter and the order.
    async fn list_for_story(
        &self,
        story: StoryId,
        include_pending: bool,
        limit: u32,
        offset: u64,
    ) -> Result<Page<Comment>, StoreError> {
        let mut query = comments::Entity::find().filter(comments::Column::StoryId.eq(story.0));
        if !include_pending {
            query = query.filter(comments::Column::IsApproved.eq(true));
        }
        let total = query.clone().count(&self.db).await.map_err(store_err)?;
        let rows = query
            .order_by_desc(comments::Column::CreatedAt)
            .order_by_desc(comments::Column::Id)
            .limit(u64::from(limit))
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(Page {
            items: rows.into_iter().map(to_domain).collect(),
            total,
        })
    }

    async fn create(&self, new: NewComment) -> Result<Comment, StoreError> {
        if let Some(grouped) = &self.grouped {
            return grouped.write(new).await;
        }
        let model = insert(new, self.db.now())
            .insert(&self.db)
            .await
            .map_err(store_err)?;
        Ok(to_domain(model))
    }

    async fn approve(&self, id: CommentId) -> Result<Option<Comment>, StoreError> {
        let Some(model) = comments::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Ok(None);
        };
        let mut active: comments::ActiveModel = model.into();
        active.is_approved = Set(true);
        Ok(Some(to_domain(
            active.update(&self.db).await.map_err(store_err)?,
        )))
    }

    async fn delete(&self, id: CommentId) -> Result<bool, StoreError> {
        let done = comments::Entity::delete_by_id(id.0)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected > 0)
    }

    async fn pending(&self, limit: u64, offset: u64) -> Result<Page<QueuedComment>, StoreError> {
        let waiting = comments::Entity::find().filter(comments::Column::IsApproved.eq(false));
        let total = waiting.clone().count(&self.db).await.map_err(store_err)?;
        let rows = waiting
            .order_by_asc(comments::Column::CreatedAt)
            .order_by_asc(comments::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let ids: Vec<i64> = rows.iter().map(|c| c.story_id).collect();
        let titles: HashMap<i64, String> = stories::Entity::find()
            .select_only()
            .column(stories::Column::Id)
            .column(stories::Column::Title)
            .filter(stories::Column::Id.is_in(ids))
            .into_tuple::<(i64, String)>()
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .collect();
        let items = rows
            .into_iter()
            .map(|m| QueuedComment {
                story_title: titles.get(&m.story_id).cloned().unwrap_or_default(),
                comment: to_domain(m),
            })
            .collect();
        Ok(Page { items, total })
    }

    async fn approve_many(&self, ids: &[CommentId]) -> Result<u64, StoreError> {
        let res = comments::Entity::update_many()
            .col_expr(comments::Column::IsApproved, Expr::value(true))
            .filter(comments::Column::Id.is_in(ids.iter().map(|c| c.0)))
            .filter(comments::Column::IsApproved.eq(false))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected)
    }

    async fn find_many(&self, ids: &[CommentId]) -> Result<Vec<Comment>, StoreError> {
        Ok(comments::Entity::find()
            .filter(comments::Column::Id.is_in(ids.iter().map(|c| c.0)))
            .order_by_asc(comments::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect())
    }

    async fn delete_many(&self, ids: &[CommentId]) -> Result<u64, StoreError> {
        let res = comments::Entity::delete_many()
            .filter(comments::Column::Id.is_in(ids.iter().map(|c| c.0)))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected)
    }
}
