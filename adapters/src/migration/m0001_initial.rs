//! The tables of docs/product.md#limits plus help messages, the mail outbox and site settings.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0001_initial"
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    Username,
    Password,
    FirstName,
    LastName,
    ProfileImageUrl,
    GoogleId,
    AuthProvider,
    Role,
    IsApproved,
    EmailVerified,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Sid,
    Sess,
    Expire,
}

#[derive(DeriveIden)]
enum Categories {
    Table,
    Id,
    Name,
    Description,
    Icon,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Stories {
    Table,
    Id,
    Title,
    Content,
    Excerpt,
    VideoUrl,
    ThumbnailUrl,
    Category,
    AuthorId,
    Status,
    IsPublished,
    PublishedAt,
    ApprovedBy,
    ApprovedAt,
    RejectionReason,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Schedules {
    Table,
    Id,
    ContributorId,
    DueDate,
    Title,
    Description,
    IsCompleted,
    ReminderSent,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Comments {
    Table,
    Id,
    StoryId,
    AuthorName,
    AuthorEmail,
    Content,
    Platform,
    PlatformId,
    IsVisible,
    IsApproved,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AdminCredentials {
    Table,
    Id,
    Username,
    PasswordHash,
    UserId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum HelpMessages {
    Table,
    Id,
    Subject,
    Category,
    Message,
    ContactEmail,
    UserId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Id,
    Recipient,
    Subject,
    Body,
    CreatedAt,
    SentAt,
}

#[derive(DeriveIden)]
enum Settings {
    Table,
    Key,
    Value,
}

fn fk(
    name: &str,
    from: (impl IntoIden + 'static, impl IntoIden + 'static),
    to: (impl IntoIden + 'static, impl IntoIden + 'static),
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(on_delete)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Users::Table)
                .col(string_len(Users::Id, 36).primary_key())
                .col(string_len_uniq(Users::Email, 255))
                .col(string_len_null(Users::Username, 50).unique_key())
                .col(string_len_null(Users::Password, 255))
                .col(string_len_null(Users::FirstName, 100))
                .col(string_len_null(Users::LastName, 100))
                .col(string_len_null(Users::ProfileImageUrl, 2048))
                .col(string_len_null(Users::GoogleId, 255).unique_key())
                .col(string_len(Users::AuthProvider, 20).default("local"))
                .col(string_len(Users::Role, 32).default("member"))
                .col(boolean(Users::IsApproved).default(false))
                .col(boolean(Users::EmailVerified).default(false))
                .col(timestamp_with_time_zone(Users::CreatedAt))
                .col(timestamp_with_time_zone(Users::UpdatedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_users_role")
                .table(Users::Table)
                .col(Users::Role)
                .col(Users::IsApproved)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Sessions::Table)
                .col(string_len(Sessions::Sid, 128).primary_key())
                .col(text(Sessions::Sess))
                .col(timestamp_with_time_zone(Sessions::Expire))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sessions_expire")
                .table(Sessions::Table)
                .col(Sessions::Expire)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Categories::Table)
                .col(big_pk_auto(Categories::Id))
                .col(string_len_uniq(Categories::Name, 100))
                .col(text_null(Categories::Description))
                .col(string_len_null(Categories::Icon, 100))
                .col(timestamp_with_time_zone(Categories::CreatedAt))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Stories::Table)
                .col(big_pk_auto(Stories::Id))
                .col(string_len(Stories::Title, 255))
                .col(text(Stories::Content))
                .col(text_null(Stories::Excerpt))
                .col(string_len_null(Stories::VideoUrl, 2048))
                .col(string_len_null(Stories::ThumbnailUrl, 2048))
                .col(string_len(Stories::Category, 100))
                .col(string_len(Stories::AuthorId, 36))
                .col(string_len(Stories::Status, 32).default("draft"))
                .col(boolean(Stories::IsPublished).default(false))
                .col(timestamp_with_time_zone_null(Stories::PublishedAt))
                .col(string_len_null(Stories::ApprovedBy, 36))
                .col(timestamp_with_time_zone_null(Stories::ApprovedAt))
                .col(text_null(Stories::RejectionReason))
                .col(timestamp_with_time_zone(Stories::CreatedAt))
                .col(timestamp_with_time_zone(Stories::UpdatedAt))
                .foreign_key(&mut fk(
                    "fk_stories_author",
                    (Stories::Table, Stories::AuthorId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_stories_approved_by",
                    (Stories::Table, Stories::ApprovedBy),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_stories_public")
                .table(Stories::Table)
                .col(Stories::Status)
                .col(Stories::IsPublished)
                .col(Stories::PublishedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_stories_author")
                .table(Stories::Table)
                .col(Stories::AuthorId)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_stories_category")
                .table(Stories::Table)
                .col(Stories::Category)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Schedules::Table)
                .col(big_pk_auto(Schedules::Id))
                .col(string_len(Schedules::ContributorId, 36))
                .col(timestamp_with_time_zone(Schedules::DueDate))
                .col(string_len(Schedules::Title, 255))
                .col(text_null(Schedules::Description))
                .col(boolean(Schedules::IsCompleted).default(false))
                .col(boolean(Schedules::ReminderSent).default(false))
                .col(timestamp_with_time_zone(Schedules::CreatedAt))
                .foreign_key(&mut fk(
                    "fk_schedules_contributor",
                    (Schedules::Table, Schedules::ContributorId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_schedules_contributor")
                .table(Schedules::Table)
                .col(Schedules::ContributorId)
                .col(Schedules::DueDate)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Comments::Table)
                .col(big_pk_auto(Comments::Id))
                .col(big_integer(Comments::StoryId))
                .col(string_len(Comments::AuthorName, 100))
                .col(string_len_null(Comments::AuthorEmail, 255))
                .col(text(Comments::Content))
                .col(string_len(Comments::Platform, 50).default("website"))
                .col(string_len_null(Comments::PlatformId, 255))
                .col(boolean(Comments::IsVisible).default(true))
                .col(boolean(Comments::IsApproved).default(false))
                .col(timestamp_with_time_zone(Comments::CreatedAt))
                .foreign_key(&mut fk(
                    "fk_comments_story",
                    (Comments::Table, Comments::StoryId),
                    (Stories::Table, Stories::Id),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_comments_story")
                .table(Comments::Table)
                .col(Comments::StoryId)
                .col(Comments::IsApproved)
                .col(Comments::CreatedAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AdminCredentials::Table)
                .col(big_pk_auto(AdminCredentials::Id))
                .col(string_len_uniq(AdminCredentials::Username, 50))
                .col(string_len(AdminCredentials::PasswordHash, 255))
                .col(string_len(AdminCredentials::UserId, 36))
                .col(timestamp_with_time_zone(AdminCredentials::CreatedAt))
                .col(timestamp_with_time_zone(AdminCredentials::UpdatedAt))
                .foreign_key(&mut fk(
                    "fk_admin_credentials_user",
                    (AdminCredentials::Table, AdminCredentials::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(HelpMessages::Table)
                .col(big_pk_auto(HelpMessages::Id))
                .col(string_len(HelpMessages::Subject, 255))
                .col(string_len(HelpMessages::Category, 32).default("general"))
                .col(text(HelpMessages::Message))
                .col(string_len(HelpMessages::ContactEmail, 255))
                .col(string_len_null(HelpMessages::UserId, 36))
                .col(timestamp_with_time_zone(HelpMessages::CreatedAt))
                .foreign_key(&mut fk(
                    "fk_help_messages_user",
                    (HelpMessages::Table, HelpMessages::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_help_messages_created")
                .table(HelpMessages::Table)
                .col(HelpMessages::CreatedAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(MailOutbox::Table)
                .col(big_pk_auto(MailOutbox::Id))
                .col(string_len(MailOutbox::Recipient, 255))
                .col(string_len(MailOutbox::Subject, 255))
                .col(text(MailOutbox::Body))
                .col(timestamp_with_time_zone(MailOutbox::CreatedAt))
                .col(timestamp_with_time_zone_null(MailOutbox::SentAt))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Settings::Table)
                .col(string_len(Settings::Key, 100).primary_key())
                .col(text(Settings::Value))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Settings::Table.into_iden(),
            MailOutbox::Table.into_iden(),
            HelpMessages::Table.into_iden(),
            AdminCredentials::Table.into_iden(),
            Comments::Table.into_iden(),
            Schedules::Table.into_iden(),
            Stories::Table.into_iden(),
            Categories::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
