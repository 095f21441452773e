//! SeaORM entities: the table shapes. Crate-private; they never leave the adapters crate.

pub(crate) mod users {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "users")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub email: String,
        pub username: Option<String>,
        pub password: Option<String>,
        pub first_name: Option<String>,
        pub last_name: Option<String>,
        pub profile_image_url: Option<String>,
        pub google_id: Option<String>,
        pub auth_provider: String,
        pub role: String,
        pub is_approved: bool,
        pub email_verified: bool,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub locked_until: Option<DateTimeUtc>,
        pub suspended_reason: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod sessions {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "sessions")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub sid: String,
        pub sess: String,
        pub expire: DateTimeUtc,
        pub user_id: Option<String>,
        pub handle: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod categories {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "categories")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub name: String,
        pub description: Option<String>,
        pub icon: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod stories {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "stories")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub title: String,
        pub content: String,
        pub excerpt: Option<String>,
        pub video_url: Option<String>,
        pub thumbnail_url: Option<String>,
        pub category: String,
        pub author_id: String,
        pub status: String,
        pub is_published: bool,
        pub published_at: Option<DateTimeUtc>,
        pub approved_by: Option<String>,
        pub approved_at: Option<DateTimeUtc>,
        pub rejection_reason: Option<String>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod comments {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "comments")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub story_id: i64,
        pub author_name: String,
        pub author_email: Option<String>,
        pub content: String,
        pub platform: String,
        pub platform_id: Option<String>,
        pub is_visible: bool,
        pub is_approved: bool,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod admin_credentials {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "admin_credentials")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub username: String,
        pub password_hash: String,
        pub user_id: String,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod mail_outbox {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "mail_outbox")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub recipient: String,
        pub subject: String,
        pub body: String,
        pub created_at: DateTimeUtc,
        pub sent_at: Option<DateTimeUtc>,
        pub attempts: i32,
        pub last_error: Option<String>,
        pub next_attempt_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod settings {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "settings")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub key: String,
        pub value: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod story_revisions {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "story_revisions")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub story_id: i64,
        pub title: String,
        pub content: String,
        pub excerpt: Option<String>,
        pub video_url: Option<String>,
        pub thumbnail_url: Option<String>,
        pub category: String,
        pub status: String,
        pub created_by: Option<String>,
        pub created_at: DateTimeUtc,
        pub reviewed_by: Option<String>,
        pub reviewed_at: Option<DateTimeUtc>,
        pub reason: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod help_messages {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "help_messages")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub subject: String,
        pub category: String,
        pub message: String,
        pub contact_email: String,
        pub user_id: Option<String>,
        pub created_at: DateTimeUtc,
        pub handled_at: Option<DateTimeUtc>,
        pub handled_by: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod social_posts {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "social_posts")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub story_id: i64,
        pub platform: String,
        pub status: String,
        pub body: String,
        pub created_by: Option<String>,
        pub created_at: DateTimeUtc,
        pub attempts: i32,
        pub last_error: Option<String>,
        pub next_attempt_at: Option<DateTimeUtc>,
        pub posted_at: Option<DateTimeUtc>,
        pub external_id: Option<String>,
        pub external_url: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod schedules {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "schedules")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub contributor_id: String,
        pub due_date: DateTimeUtc,
        pub title: String,
        pub description: Option<String>,
        pub is_completed: bool,
        pub reminder_sent: bool,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod account_tokens {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "account_tokens")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub user_id: String,
        pub purpose: String,
        pub token_hash: String,
        pub expires_at: DateTimeUtc,
        pub used_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod sign_in_failures {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "sign_in_failures")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub user_id: String,
        pub failed_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub(crate) mod audit_log {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "audit_log")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub at: DateTimeUtc,
        pub actor_id: String,
        pub actor_name: String,
        pub action: String,
        pub target_kind: String,
        pub target_id: String,
        pub target_label: Option<String>,
        pub reason: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
