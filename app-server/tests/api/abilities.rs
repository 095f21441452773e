//! `UserDto.abilities` follows the permission table: clients show or hide
//! actions by it. The rows here are the ones `frontend/web/src/test/users.ts` copies.

use domain::user::Role;

use crate::engine_test;
use crate::helpers::{client, sign_in_as_with};

const EVERYONE: [&str; 4] = [
    "read_published",
    "post_comment",
    "send_help_message",
    "manage_own_account",
];

fn expected(role: Role, approved: bool) -> Vec<&'static str> {
    let admin = matches!(role, Role::Admin | Role::SubAdmin | Role::SuperAdmin);
    let mut list: Vec<&str> = EVERYONE.to_vec();
    if approved || admin {
        list.extend([
            "write_stories",
            "manage_own_schedule",
            "use_api_tokens",
            "read_members_stories",
        ]);
    }
    if admin || (approved && role == Role::PrimaryContributor) {
        list.push("moderate_comments");
    }
    if admin {
        list.extend(["delete_comments", "delete_any_story", "review_stories"]);
    }
    if role == Role::SuperAdmin {
        list.extend([
            "manage_users",
            "read_help_inbox",
            "change_admin_password",
            "read_activity_log",
            "manage_backups",
            "manage_subscribers",
        ]);
    }
    list.sort_unstable();
    list
}

engine_test!(abilities_follow_role_and_approval, |ctx, app| {
    for role in [
        Role::Member,
        Role::RegularContributor,
        Role::PrimaryContributor,
        Role::Admin,
        Role::SubAdmin,
        Role::SuperAdmin,
    ] {
        for approved in [false, true] {
            let (_, cookie) = sign_in_as_with(&ctx, &app, role, |p| p.approved(approved)).await;
            let me = client(&app, Some(&cookie)).get("/api/user").await;
            assert_eq!(me.status, 200, "{role:?}");
            let mut abilities: Vec<&str> = me.body["abilities"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap())
                .collect();
            abilities.sort_unstable();
            assert_eq!(
                abilities,
                expected(role, approved),
                "{role:?} approved={approved}"
            );
        }
    }
    // An unapproved primary contributor may not moderate, and the server refuses it too.
    assert!(!expected(Role::PrimaryContributor, false).contains(&"moderate_comments"));
});
