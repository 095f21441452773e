//! Sample stories for a new, empty site (`app-server seed-demo`).

use chrono::Duration;

use super::{NewStory, StoryFields, StoryService, StoryStatus};
use crate::StoreError;
use crate::story::consent::{ConsentKind, ConsentUses, NewConsent};
use crate::user::NewUser;

/// One sample story.
#[derive(Debug, Clone, Copy)]
pub struct Sample<'a> {
    pub title: &'a str,
    pub category: &'a str,
    pub excerpt: &'a str,
    /// Stored as given: trusted HTML shipped with the program.
    pub content: &'a str,
}

impl StoryService {
    /// Publishes `samples` by `author` (created unless an account with that e-mail exists),
    /// dated one day apart before now, each with the demo author's consent to every use (so
    /// a demo site shows what sharing and the widget do); does nothing when any story
    /// exists. Returns how many were added.
    ///
    /// # Errors
    /// The stores' errors.
    pub async fn add_samples(
        &self,
        author: NewUser,
        samples: &[Sample<'_>],
    ) -> Result<u64, StoreError> {
        if self.ports.stories.count_all().await? > 0 {
            return Ok(0);
        }
        let author = match self.ports.users.find_by_email(&author.email).await? {
            Some(found) => found,
            None => self.ports.users.create(author).await?,
        };
        let now = self.ports.clock.now();
        let work = self.ports.work.begin().await?;
        let statement = work.consents().current_statement().await?;
        let mut added = 0;
        for (days, sample) in (1..).zip(samples) {
            let published = now - Duration::days(days);
            let story = super::pictures::create_story(
                work.as_ref(),
                NewStory {
                    passages: self.passages_of(sample.title, Some(sample.excerpt), sample.content),
                    fields: StoryFields {
                        title: sample.title.to_owned(),
                        content: sample.content.to_owned(),
                        source: super::content::to_source(sample.content),
                        excerpt: Some(sample.excerpt.to_owned()),
                        video_url: None,
                        thumbnail_url: None,
                        category: sample.category.to_owned(),
                    },
                    author_id: author.id.clone(),
                    status: StoryStatus::Approved,
                    is_published: true,
                    published_at: Some(published),
                    approved_by: Some(author.id.clone()),
                    approved_at: Some(published),
                    privacy: super::Privacy::default(),
                },
            )
            .await?;
            work.consents()
                .record(&NewConsent {
                    story: story.id,
                    person: author.id.clone(),
                    statement_version: statement.version,
                    uses: ConsentUses {
                        site: true,
                        social: true,
                        widget: true,
                    },
                    kind: ConsentKind::Given,
                    recorded_by: author.id.clone(),
                    reason: None,
                    at: published,
                })
                .await?;
            added += 1;
        }
        work.commit().await?;
        Ok(added)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use futures_executor::block_on;

    use super::*;
    use crate::story::StoryRepository;
    use crate::testing::StoryFakes;
    use crate::user::{AuthProvider, Role};

    fn author() -> NewUser {
        NewUser {
            email: "demo@example.org".into(),
            username: None,
            password_hash: None,
            first_name: Some("Demo".into()),
            last_name: None,
            profile_image_url: None,
            google_id: None,
            auth_provider: AuthProvider::Local,
            role: Role::PrimaryContributor,
            is_approved: true,
            email_verified: true,
        }
    }

    const SAMPLES: [Sample<'static>; 2] = [
        Sample {
            title: "One",
            category: "Worship",
            excerpt: "E1",
            content: "<p>1</p>",
        },
        Sample {
            title: "Two",
            category: "Testimonies",
            excerpt: "E2",
            content: "<p>2</p>",
        },
    ];

    #[test]
    fn an_empty_site_gets_the_samples_once_newest_first() {
        let fakes = StoryFakes::new();
        let service = fakes.service();
        assert_eq!(
            block_on(service.add_samples(author(), &SAMPLES)).unwrap(),
            2
        );
        assert_eq!(
            block_on(service.add_samples(author(), &SAMPLES)).unwrap(),
            0
        );
        let all = fakes.stories.all();
        assert!(all.iter().all(|s| s.is_public()));
        assert!(all[0].published_at > all[1].published_at);
        assert_eq!(block_on(fakes.stories.count_all()).unwrap(), 2);
    }
}
