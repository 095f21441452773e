//! What a subscriber's mail says: each story's title, byline (as the story's author chose
//! to be named, through the one projection every output uses), excerpt, picture and link,
//! in a text part and an HTML part, with the links to change or stop the mail. No tracking
//! pixel and no tracked links: every address is the site's own page.

use std::fmt::Write as _;

use super::digests::{DigestService, EACH_AT_ONCE, STORIES_PER_DIGEST};
use super::links::mail_token;
use super::{Frequency, Subscription};
use crate::mail::OutgoingMail;
use crate::permissions::Caller;
use crate::story::StorySummary;
use crate::story::content::escape;
use crate::story::privacy::shown_author;

/// One story as a mail shows it.
struct Item {
    title: String,
    byline: String,
    category: String,
    excerpt: String,
    picture: Option<String>,
    link: String,
}

impl DigestService {
    /// The mails for `subscription` about `stories` (newest first): none when there is
    /// nothing, one per story for `each` (up to [`EACH_AT_ONCE`]), else one digest.
    pub(super) fn mails(
        &self,
        subscription: &Subscription,
        reader: &Caller,
        stories: &[&StorySummary],
    ) -> Vec<OutgoingMail> {
        if stories.is_empty() {
            return Vec::new();
        }
        let items: Vec<Item> = stories.iter().map(|s| self.item(s, reader)).collect();
        let site = &self.p.site.name;
        if subscription.frequency == Frequency::Each && items.len() <= EACH_AT_ONCE {
            return items
                .iter()
                .map(|item| {
                    self.mail(
                        subscription,
                        format!("New story on {site}: {}", item.title),
                        std::slice::from_ref(item),
                        0,
                    )
                })
                .collect();
        }
        let shown = items.len().min(STORIES_PER_DIGEST);
        let count = match items.len() {
            1 => "1 new story".to_owned(),
            n => format!("{n} new stories"),
        };
        let subject = match subscription.frequency {
            Frequency::Weekly => format!("{site} this week: {count}"),
            Frequency::Monthly => format!("{site} this month: {count}"),
            Frequency::Each => format!("{site}: {count}"),
        };
        vec![self.mail(subscription, subject, &items[..shown], items.len() - shown)]
    }

    fn item(&self, story: &StorySummary, reader: &Caller) -> Item {
        let author = shown_author(
            story.privacy.byline,
            &story.author_id,
            &story.author,
            reader,
            &self.p.site.name,
        );
        let excerpt = story
            .excerpt
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .unwrap_or(&story.preview)
            .to_owned();
        Item {
            title: story.title.clone(),
            byline: author.name,
            category: story.category.clone(),
            excerpt,
            picture: story.thumbnail_url.as_deref().map(|u| self.absolute(u)),
            link: self.absolute(&format!("/stories/{}", story.id.0)),
        }
    }

    /// A site path as a full address; a full address as it is.
    fn absolute(&self, path: &str) -> String {
        if path.starts_with("https://") || path.starts_with("http://") {
            path.to_owned()
        } else {
            format!(
                "{}/{}",
                self.p.site.public_url.trim_end_matches('/'),
                path.trim_start_matches('/')
            )
        }
    }

    fn mail(
        &self,
        subscription: &Subscription,
        subject: String,
        items: &[Item],
        more: usize,
    ) -> OutgoingMail {
        let site = &self.p.site.name;
        let token = mail_token(self.p.signer.as_ref(), subscription);
        let manage = self.absolute(&format!("/subscriptions/unsubscribe?token={token}"));
        let one_click = self.absolute(&format!("/api/subscriptions/unsubscribe?token={token}"));
        let all = self.absolute("/stories");
        let why = match subscription.frequency {
            Frequency::Each => "each new story",
            Frequency::Weekly => "a weekly digest of new stories",
            Frequency::Monthly => "a monthly digest of new stories",
        };

        let mut text = String::new();
        let mut html = format!(
            "<!doctype html><html><body style=\"margin:0;padding:16px;font-family:Georgia,serif;\
             color:#1f2933;background:#ffffff\"><div style=\"max-width:600px;margin:0 auto\">\
             <p style=\"font-size:14px;color:#52606d\">{}</p>",
            escape(site)
        );
        for item in items {
            let _ = write!(
                text,
                "{}\nby {} · {}\n{}\nRead it: {}\n\n",
                item.title, item.byline, item.category, item.excerpt, item.link
            );
            let _ = write!(
                html,
                "<div style=\"margin:0 0 28px\">{}<h2 style=\"margin:0 0 4px;font-size:20px\">\
                 <a href=\"{link}\" style=\"color:#1f2933\">{}</a></h2>\
                 <p style=\"margin:0 0 8px;font-size:14px;color:#52606d\">by {} · {}</p>\
                 <p style=\"margin:0 0 8px;font-size:16px;line-height:1.5\">{}</p>\
                 <a href=\"{link}\" style=\"font-size:16px;color:#0b6e4f\">Read the story</a></div>",
                item.picture.as_deref().map_or(String::new(), |src| format!(
                    "<a href=\"{}\"><img src=\"{}\" alt=\"\" width=\"600\" \
                     style=\"display:block;width:100%;max-width:600px;height:auto;\
                     border-radius:8px;margin:0 0 12px\"></a>",
                    escape(&item.link),
                    escape(src)
                )),
                escape(&item.title),
                escape(&item.byline),
                escape(&item.category),
                escape(&item.excerpt),
                link = escape(&item.link),
            );
        }
        if more > 0 {
            let _ = write!(text, "And {more} more: {all}\n\n");
            let _ = write!(
                html,
                "<p style=\"font-size:16px\"><a href=\"{}\" style=\"color:#0b6e4f\">And {more} more \
                 on {}</a></p>",
                escape(&all),
                escape(site)
            );
        }
        let _ = write!(
            text,
            "You get {why} from {site} because you subscribed.\nSend less often or unsubscribe: \
             {manage}\n"
        );
        let _ = write!(
            html,
            "<p style=\"font-size:13px;color:#52606d;border-top:1px solid #e4e7eb;\
             padding-top:12px\">You get {why} from {} because you subscribed. \
             <a href=\"{}\" style=\"color:#52606d\">Send less often or unsubscribe</a></p>\
             </div></body></html>",
            escape(site),
            escape(&manage)
        );
        OutgoingMail {
            to: subscription.email.clone(),
            subject,
            body: text,
            html: Some(html),
            unsubscribe: Some(one_click),
        }
    }
}
