//! The site's header in a member's or visitor's first paint: React's own markup, one file per
//! page and role (`first_paint/*header*.html`), with the site's name and the member's account
//! button filled in.

use super::escape;
use super::head::MemberPage;
use super::slots::fill;
use crate::config::Config;
use domain::user::{Role, User};

/// The headers of a member's page, in the order [`header_index`] picks them:
/// `$prefix-*.html`, as `frontend/web/src/app/first-paint.test.tsx` writes one for each role
/// and approval the header tells apart (its badge, the Dashboard link for an approved
/// account, the Admin link for the three admin roles, which all read "Admin"). Home's and the
/// story browser's mark their own link as the current page; `header-*.html`
/// (`story-paint.test.tsx`) are for a page none of the header's links names.
macro_rules! headers {
    ($prefix:literal) => {
        [
            include_str!(concat!("first_paint/", $prefix, "-admin.html")),
            include_str!(concat!("first_paint/", $prefix, "-admin-unapproved.html")),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-regular_contributor.html"
            )),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-regular_contributor-pending.html"
            )),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-primary_contributor.html"
            )),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-primary_contributor-pending.html"
            )),
            include_str!(concat!("first_paint/", $prefix, "-member.html")),
            include_str!(concat!("first_paint/", $prefix, "-member-pending.html")),
        ]
    };
}

const HOME_HEADERS: [&str; 8] = headers!("home-header");
const STORIES_HEADERS: [&str; 8] = headers!("stories-header");
const OTHER_HEADERS: [&str; 8] = headers!("header");
/// A visitor's header on a page none of its links names.
const VISITOR_HEADER: &str = include_str!("first_paint/header-visitor.html");

/// Which of a page's eight headers is `user`'s.
fn header_index(user: &User) -> usize {
    match (user.role, user.is_approved) {
        (role, true) if role.is_admin() => 0,
        (role, false) if role.is_admin() => 1,
        (Role::RegularContributor, true) => 2,
        (Role::RegularContributor, false) => 3,
        (Role::PrimaryContributor, true) => 4,
        (Role::PrimaryContributor, false) => 5,
        (_, true) => 6,
        (_, false) => 7,
    }
}

/// The header of `user` on `page`.
pub(super) fn header(page: MemberPage, user: &User) -> &'static str {
    let headers = match page {
        MemberPage::Home => &HOME_HEADERS,
        MemberPage::Stories => &STORIES_HEADERS,
    };
    headers[header_index(user)]
}

/// The site's header on a page none of its links names (a story's), for `user` or a visitor,
/// with the site's name (and the member's account button) in it.
pub(super) fn header_elsewhere(config: &Config, user: Option<&User>) -> String {
    match user {
        Some(user) => member_header(config, OTHER_HEADERS[header_index(user)], user),
        None => fill(VISITOR_HEADER.trim_end(), |slot| {
            (slot == "SITE_NAME").then(|| escape(&config.site_name))
        }),
    }
}

/// A member's `header` filled in: the site's name, and the account button's initials and name
/// (the header's stand-in for the account menu until its chunk is here, `AccountStandIn` in
/// `frontend/web/src/components/layout/header.tsx`).
pub(super) fn member_header(config: &Config, header: &str, user: &User) -> String {
    // The app's rule (`accountName` in `frontend/web/src/components/layout/account-name.ts`).
    let name = user.display_name();
    fill(header.trim_end(), |slot| match slot {
        "SITE_NAME" => Some(escape(&config.site_name)),
        "MONOGRAM" => Some(escape(&super::monogram(&name))),
        "ACCOUNT_NAME" => Some(escape(&name)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_a_header_on_every_page() {
        for headers in [&HOME_HEADERS, &STORIES_HEADERS, &OTHER_HEADERS] {
            for header in headers {
                assert!(header.starts_with("<header"), "{header}");
            }
        }
        assert!(VISITOR_HEADER.contains("Sign In"));
    }
}
