//! Help-centre rules on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::help::InboxStatus;
use crate::permissions::Refusal;
use crate::testing::{
    InMemoryHelpMessageRepository, InMemoryUserRepository, RecordingMailer, new_user,
};
use crate::user::{Role, UserRepository};

struct World {
    users: InMemoryUserRepository,
    messages: Arc<InMemoryHelpMessageRepository>,
    mailer: Arc<RecordingMailer>,
    service: HelpService,
}

fn world() -> World {
    let messages = Arc::new(InMemoryHelpMessageRepository::new());
    let mailer = Arc::new(RecordingMailer::default());
    let work = Arc::new(crate::testing::FakeUnitOfWork::new(
        crate::testing::WorkParts {
            help: messages.clone(),
            ..crate::testing::WorkParts::new()
        },
    ));
    let service = HelpService::new(HelpPorts {
        messages: messages.clone(),
        mailer: mailer.clone(),
        work,
        support_email: "support@example.org".to_owned(),
    });
    World {
        users: InMemoryUserRepository::new(),
        messages,
        mailer,
        service,
    }
}

impl World {
    fn caller(&self, email: &str, role: Role) -> Caller {
        Caller::User(block_on(self.users.create(new_user(email, role, true))).unwrap())
    }
}

fn form(category: Option<&str>) -> HelpForm {
    HelpForm {
        contact_email: " Mary@Example.org ".into(),
        subject: " Cannot upload ".into(),
        message: "The thumbnail does not show.".into(),
        category: category.map(Into::into),
    }
}

#[test]
fn a_visitors_message_is_stored_without_a_user_and_mailed_to_support() {
    let w = world();
    let stored = block_on(w.service.send(&Caller::Visitor, form(Some("technical")))).unwrap();
    assert_eq!(stored.category, HelpCategory::Technical);
    assert_eq!(stored.contact_email, "mary@example.org");
    assert_eq!(stored.subject, "Cannot upload");
    assert_eq!(stored.user_id, None);
    assert_eq!(w.messages.all(), [stored]);
    let sent = w.mailer.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "support@example.org");
    assert!(
        sent[0].subject.contains("Technical Support"),
        "{}",
        sent[0].subject
    );
    assert!(sent[0].subject.contains("Cannot upload"));
    assert!(sent[0].body.contains("mary@example.org"));
    assert!(sent[0].body.contains("The thumbnail does not show."));
}

#[test]
fn a_signed_in_senders_id_comes_from_the_session() {
    let w = world();
    let caller = w.caller("ruth@example.org", Role::Member);
    let stored = block_on(w.service.send(&caller, form(None))).unwrap();
    assert_eq!(stored.user_id.as_ref(), caller.user_id());
}

#[test]
fn a_missing_or_blank_category_is_general() {
    let w = world();
    for category in [None, Some(" ")] {
        let stored = block_on(w.service.send(&Caller::Visitor, form(category))).unwrap();
        assert_eq!(stored.category, HelpCategory::General);
    }
    assert!(w.mailer.sent()[0].subject.contains("General Question"));
}

#[test]
fn an_unknown_category_is_refused() {
    let w = world();
    let refused = block_on(w.service.send(&Caller::Visitor, form(Some("prayer")))).unwrap_err();
    let SendHelpError::Invalid(errors) = refused else {
        panic!("{refused:?}");
    };
    assert_eq!(errors.as_slice()[0].field, "category");
    assert_eq!(errors.as_slice()[0].message, UNKNOWN_CATEGORY);
    assert!(w.messages.all().is_empty() && w.mailer.sent().is_empty());
}

#[test]
fn blank_required_fields_are_incomplete_with_every_field_listed() {
    let w = world();
    let blank = HelpForm {
        contact_email: " ".into(),
        subject: String::new(),
        message: "\n".into(),
        category: None,
    };
    let refused = block_on(w.service.send(&Caller::Visitor, blank)).unwrap_err();
    assert_eq!(refused.to_string(), "Please fill in all required fields.");
    let SendHelpError::Incomplete(errors) = refused else {
        panic!("{refused:?}");
    };
    let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field).collect();
    assert_eq!(fields, ["contactEmail", "subject", "message"]);
    assert_eq!(errors.as_slice()[1].message, "Subject is required");
    assert!(w.messages.all().is_empty());
}

#[test]
fn an_invalid_email_is_refused_with_the_documented_message() {
    let w = world();
    let mut bad = form(None);
    bad.contact_email = "mary".into();
    let refused = block_on(w.service.send(&Caller::Visitor, bad)).unwrap_err();
    assert!(matches!(refused, SendHelpError::Invalid(_)));
    assert_eq!(refused.to_string(), "Please enter a valid email address");
}

#[test]
fn only_the_super_admin_reads_the_inbox_oldest_open_message_first() {
    let w = world();
    block_on(w.service.send(&Caller::Visitor, form(Some("bug")))).unwrap();
    block_on(w.service.send(&Caller::Visitor, form(Some("feature")))).unwrap();
    assert!(matches!(
        block_on(
            w.service
                .inbox(&Caller::Visitor, InboxStatus::Open, None, None)
        ),
        Err(HelpInboxError::Refused(Refusal::NotSignedIn))
    ));
    for role in [Role::Admin, Role::SubAdmin, Role::PrimaryContributor] {
        let caller = w.caller(&format!("{}@example.org", role.as_str()), role);
        assert!(matches!(
            block_on(w.service.inbox(&caller, InboxStatus::Open, None, None)),
            Err(HelpInboxError::Refused(Refusal::Forbidden))
        ));
    }
    let boss = w.caller("boss@example.org", Role::SuperAdmin);
    let inbox = block_on(w.service.inbox(&boss, InboxStatus::Open, None, None)).unwrap();
    let categories: Vec<_> = inbox.items.iter().map(|m| m.category).collect();
    assert_eq!(categories, [HelpCategory::Bug, HelpCategory::Feature]);
    assert_eq!(inbox.total, 2);
}

#[test]
fn a_handled_message_leaves_the_open_queue_and_a_deleted_one_is_gone() {
    let w = world();
    let first = block_on(w.service.send(&Caller::Visitor, form(Some("bug")))).unwrap();
    let second = block_on(w.service.send(&Caller::Visitor, form(Some("feature")))).unwrap();
    let boss = w.caller("boss@example.org", Role::SuperAdmin);
    let handled = block_on(
        w.service
            .mark_handled(&boss, first.id, crate::testing::t0()),
    )
    .unwrap();
    assert_eq!(handled.handled_at, Some(crate::testing::t0()));
    let open = block_on(w.service.inbox(&boss, InboxStatus::Open, None, None)).unwrap();
    assert_eq!(
        open.items.iter().map(|m| m.id).collect::<Vec<_>>(),
        [second.id]
    );
    let done = block_on(w.service.inbox(&boss, InboxStatus::Handled, None, None)).unwrap();
    assert_eq!(done.items[0].id, first.id);
    block_on(w.service.delete(&boss, second.id, crate::testing::t0())).unwrap();
    assert!(matches!(
        block_on(w.service.delete(&boss, second.id, crate::testing::t0())),
        Err(HelpInboxError::NotFound)
    ));
    assert!(matches!(
        block_on(w.service.inbox(&boss, InboxStatus::Open, Some(0), None)),
        Err(HelpInboxError::InvalidPage(_))
    ));
}
