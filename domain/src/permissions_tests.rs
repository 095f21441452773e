//! Tests of the permission table against docs/product.md#roles, written out cell by cell.

use chrono::DateTime;

use super::*;
use crate::user::AuthProvider;

/// docs/product.md#roles as a grid. Columns: visitor, then the six roles. Each cell holds two
/// marks: without approval, then with approval (`Y` allowed, `-` refused). Admin roles
/// count as approved whatever the flag says, so their cells read `YY` or `--`.
const EXPECTED: &str = "
    ability              visitor  member  regular  primary  admin  sub_admin  super_admin
    ReadPublished        YY       YY      YY       YY       YY     YY         YY
    PostComment          YY       YY      YY       YY       YY     YY         YY
    SendHelpMessage      YY       YY      YY       YY       YY     YY         YY
    WriteStories         --       -Y      -Y       -Y       YY     YY         YY
    ManageOwnSchedule    --       -Y      -Y       -Y       YY     YY         YY
    ModerateComments     --       --      --       -Y       YY     YY         YY
    DeleteComments       --       --      --       --       YY     YY         YY
    DeleteAnyStory       --       --      --       --       YY     YY         YY
    ReviewStories        --       --      --       --       YY     YY         YY
    ManageUsers          --       --      --       --       --     --         YY
    ReadHelpInbox        --       --      --       --       --     --         YY
    ChangeAdminPassword  --       --      --       --       --     --         YY
    ManageOwnAccount     --       YY      YY       YY       YY     YY         YY
    ReadActivityLog      --       --      --       --       --     --         YY
    UseApiTokens         --       -Y      -Y       -Y       YY     YY         YY
    ManageBackups        --       --      --       --       --     --         YY
    ReadMembersStories   --       -Y      -Y       -Y       YY     YY         YY
    ManageSubscribers    --       --      --       --       --     --         YY
";

const COLUMNS: [Option<Role>; 7] = [
    None,
    Some(Role::Member),
    Some(Role::RegularContributor),
    Some(Role::PrimaryContributor),
    Some(Role::Admin),
    Some(Role::SubAdmin),
    Some(Role::SuperAdmin),
];

fn user(role: Role, is_approved: bool) -> User {
    User {
        id: UserId::new("00000000-0000-4000-8000-000000000001"),
        email: "ruth@example.org".to_owned(),
        username: Some("ruth".to_owned()),
        first_name: Some("Ruth".to_owned()),
        last_name: None,
        profile_image_url: None,
        google_id: None,
        auth_provider: AuthProvider::Local,
        role,
        is_approved,
        email_verified: false,
        email_verified_at: None,
        created_at: DateTime::UNIX_EPOCH,
        updated_at: DateTime::UNIX_EPOCH,
        suspended_reason: None,
    }
}

fn caller(role: Option<Role>, is_approved: bool) -> Caller {
    role.map_or(Caller::Visitor, |r| Caller::User(user(r, is_approved)))
}

#[test]
fn the_permission_table_matches_the_product_rules_cell_by_cell() {
    let rows: Vec<Vec<&str>> = EXPECTED
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|cells| !cells.is_empty())
        .skip(1)
        .collect();
    assert_eq!(rows.len(), Ability::ALL.len(), "one row per ability");
    for (ability, row) in Ability::ALL.into_iter().zip(&rows) {
        assert_eq!(row[0], format!("{ability:?}"), "rows follow Ability::ALL");
        assert_eq!(row.len(), 1 + COLUMNS.len());
        for (role, cell) in COLUMNS.into_iter().zip(&row[1..]) {
            for (is_approved, mark) in [false, true].into_iter().zip(cell.chars()) {
                let expected = mark == 'Y';
                let who = format!("{role:?} approved={is_approved} {ability:?}");
                assert_eq!(
                    allows(role, is_approved, ability),
                    expected,
                    "allows: {who}"
                );
                assert_eq!(
                    caller(role, is_approved).can(ability),
                    expected,
                    "can: {who}"
                );
                let listed = abilities(role, is_approved).contains(&ability);
                assert_eq!(listed, expected, "abilities: {who}");
            }
        }
    }
}

#[test]
fn a_visitor_is_asked_to_sign_in_for_anything_that_needs_a_user() {
    for ability in [
        Ability::WriteStories,
        Ability::ModerateComments,
        Ability::ManageUsers,
    ] {
        assert_eq!(Caller::Visitor.require(ability), Err(Refusal::NotSignedIn));
    }
}

#[test]
fn requiring_an_ability_always_needs_a_signed_in_user() {
    assert_eq!(
        Caller::Visitor.require(Ability::ReadPublished),
        Err(Refusal::NotSignedIn)
    );
}

#[test]
fn an_unapproved_member_who_would_be_allowed_once_approved_is_told_the_account_is_pending() {
    let pending = caller(Some(Role::Member), false);
    assert_eq!(
        pending.require(Ability::WriteStories),
        Err(Refusal::PendingApproval)
    );
    assert_eq!(
        pending.require(Ability::ManageOwnSchedule),
        Err(Refusal::PendingApproval)
    );
}

#[test]
fn an_unapproved_primary_contributor_is_told_the_account_is_pending_for_comment_moderation() {
    let pending = caller(Some(Role::PrimaryContributor), false);
    assert_eq!(
        pending.require(Ability::ModerateComments),
        Err(Refusal::PendingApproval)
    );
}

#[test]
fn an_unapproved_member_asking_for_a_reviewer_ability_is_forbidden_not_pending() {
    let pending = caller(Some(Role::Member), false);
    assert_eq!(
        pending.require(Ability::ReviewStories),
        Err(Refusal::Forbidden)
    );
}

#[test]
fn an_approved_user_without_the_role_is_forbidden() {
    let member = caller(Some(Role::Member), true);
    assert_eq!(
        member.require(Ability::ReviewStories),
        Err(Refusal::Forbidden)
    );
    let sub_admin = caller(Some(Role::SubAdmin), true);
    assert_eq!(
        sub_admin.require(Ability::ManageUsers),
        Err(Refusal::Forbidden)
    );
}

#[test]
fn an_allowed_caller_gets_their_user_back() {
    let member = caller(Some(Role::Member), true);
    assert_eq!(
        member.require(Ability::WriteStories).map(|u| u.role),
        Ok(Role::Member)
    );
}

#[test]
fn admin_roles_count_as_approved_whatever_the_flag_says() {
    for role in [Role::Admin, Role::SubAdmin, Role::SuperAdmin] {
        let unflagged = caller(Some(role), false);
        assert!(unflagged.require(Ability::WriteStories).is_ok(), "{role}");
        assert!(unflagged.require(Ability::ReviewStories).is_ok(), "{role}");
    }
}

#[test]
fn every_refusal_is_explained_consistently_with_the_table() {
    for role in Role::ALL {
        for is_approved in [false, true] {
            let caller = caller(Some(role), is_approved);
            for ability in Ability::ALL {
                let expected = if allows(Some(role), is_approved, ability) {
                    Ok(role)
                } else if !is_approved && !role.is_admin() && allows(Some(role), true, ability) {
                    Err(Refusal::PendingApproval)
                } else {
                    Err(Refusal::Forbidden)
                };
                assert_eq!(
                    caller.require(ability).map(|u| u.role),
                    expected,
                    "{role} {is_approved} {ability:?}"
                );
            }
        }
    }
}

#[test]
fn the_caller_exposes_the_signed_in_users_id_and_role() {
    let member = caller(Some(Role::Member), true);
    assert_eq!(member.role(), Some(Role::Member));
    assert_eq!(
        member.user_id().map(UserId::as_str),
        Some("00000000-0000-4000-8000-000000000001")
    );
    assert_eq!(Caller::Visitor.user(), None);
}
