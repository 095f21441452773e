//! Recorded consent (`docs/decisions/privacy.md`): the statement versions authors read
//! (`consent_statements`; a legacy one and the default text), and one row per confirmation
//! or withdrawal (`story_consents`). Stories submitted before consent was recorded (every
//! status but draft) get a `legacy` record: the site only, so nothing public disappears,
//! while social posts and the widget wait for a new confirmation. `story_sensitivity` keeps
//! what the author says a story touches (another person, a child, health, addiction, abuse).

use sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0033_story_consent"
    }
}

#[derive(DeriveIden)]
enum ConsentStatements {
    Table,
    Id,
    Text,
    Legacy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum StoryConsents {
    Table,
    Id,
    StoryId,
    UserId,
    StatementId,
    Site,
    Social,
    Widget,
    Kind,
    RecordedBy,
    Reason,
    At,
}

/// What the author says a story touches (comma-separated topics).
#[derive(DeriveIden)]
enum StorySensitivity {
    Table,
    StoryId,
    Topics,
}

#[derive(DeriveIden)]
enum Stories {
    Table,
    Id,
}

/// The statement every story submitted before consent was recorded counts under.
const LEGACY_TEXT: &str =
    "Submitted before consent was recorded: counts as consent to show the story on this site only.";

/// The statement authors read until the super admin writes another.
pub const DEFAULT_TEXT: &str = "I wrote this story, or have the right to share it, and I agree to it being shown on this site. I may also agree to it being shared on the site's social media accounts and shown in the widget other sites embed. I can withdraw my consent at any time from My Stories: the story then leaves the site at once.";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ConsentStatements::Table)
                .col(big_pk_auto(ConsentStatements::Id))
                .col(text(ConsentStatements::Text))
                .col(boolean(ConsentStatements::Legacy).default(false))
                .col(timestamp_with_time_zone_null(ConsentStatements::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(StoryConsents::Table)
                .col(big_pk_auto(StoryConsents::Id))
                .col(big_integer(StoryConsents::StoryId))
                .col(string_len(StoryConsents::UserId, 64))
                .col(big_integer(StoryConsents::StatementId))
                .col(boolean(StoryConsents::Site))
                .col(boolean(StoryConsents::Social))
                .col(boolean(StoryConsents::Widget))
                .col(string_len(StoryConsents::Kind, 16))
                .col(string_len(StoryConsents::RecordedBy, 64))
                .col(text_null(StoryConsents::Reason))
                .col(timestamp_with_time_zone(StoryConsents::At))
                .foreign_key(
                    ForeignKey::create()
                        .from(StoryConsents::Table, StoryConsents::StoryId)
                        .to(Stories::Table, Stories::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(StoryConsents::Table, StoryConsents::StatementId)
                        .to(ConsentStatements::Table, ConsentStatements::Id),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_story_consents_story")
                .table(StoryConsents::Table)
                .col(StoryConsents::StoryId)
                .col(StoryConsents::Id)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_story_consents_user")
                .table(StoryConsents::Table)
                .col(StoryConsents::UserId)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(StorySensitivity::Table)
                .col(big_integer(StorySensitivity::StoryId).primary_key())
                .col(text(StorySensitivity::Topics))
                .foreign_key(
                    ForeignKey::create()
                        .from(StorySensitivity::Table, StorySensitivity::StoryId)
                        .to(Stories::Table, Stories::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        let db = m.get_connection();
        for (text, legacy) in [(LEGACY_TEXT, true), (DEFAULT_TEXT, false)] {
            let insert = Query::insert()
                .into_table(ConsentStatements::Table)
                .columns([ConsentStatements::Text, ConsentStatements::Legacy])
                .values_panic([text.into(), legacy.into()])
                .to_owned();
            m.exec_stmt(insert).await?;
        }
        db.execute_unprepared(
            "INSERT INTO story_consents
               (story_id, user_id, statement_id, site, social, widget, kind, recorded_by, at)
             SELECT s.id, s.author_id, (SELECT id FROM consent_statements WHERE legacy),
                    TRUE, FALSE, FALSE, 'legacy', s.author_id, s.updated_at
             FROM stories s WHERE s.status <> 'draft'",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(StorySensitivity::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(StoryConsents::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(ConsentStatements::Table).to_owned())
            .await
    }
}
