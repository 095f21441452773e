//! LinkedIn: `POST /v2/ugcPosts`, a text share with the story as an ARTICLE link, posted as
//! a member (`urn:li:person:...`, `w_member_social`) or an organization
//! (`urn:li:organization:...`, `w_organization_social`); `DELETE /v2/ugcPosts/{urn}` (the
//! share's URN, URL-encoded) with the same token and headers deletes it. The same API as the
//! post, on purpose: LinkedIn's newer `/rest/posts` also deletes, but needs a dated
//! `LinkedIn-Version` header that LinkedIn retires after a year.

use std::sync::Arc;

use async_trait::async_trait;
use domain::clock::Clock;
use domain::social::{
    LINKEDIN_TEXT_LIMIT, Platform, PublishError, Published, SocialPost, SocialPublisher,
};
use reqwest::header::CONTENT_TYPE;
use serde_json::json;

use super::{client, endpoint, send, send_deletion, system_clock};

/// Posts a share whose commentary holds title, excerpt, backlink and site name, with the
/// backlink as the article it points to.
pub struct LinkedInPublisher {
    client: reqwest::Client,
    url: String,
    access_token: String,
    author: String,
    clock: Arc<dyn Clock>,
}

impl LinkedInPublisher {
    /// `api_url` is the API's base (`https://api.linkedin.com`); `author_urn` the member or
    /// organization the token may post as.
    ///
    /// # Errors
    /// When `api_url` is not an absolute http(s) URL, `author_urn` is neither a person nor
    /// an organization URN, or the HTTP client cannot be built.
    pub fn new(api_url: &str, access_token: &str, author_urn: &str) -> anyhow::Result<Self> {
        let author = author_urn.trim();
        let id = author
            .strip_prefix("urn:li:person:")
            .or_else(|| author.strip_prefix("urn:li:organization:"));
        anyhow::ensure!(
            id.is_some_and(|id| !id.is_empty()),
            "LINKEDIN_AUTHOR_URN must be urn:li:person:... or urn:li:organization:..., got {author:?}"
        );
        Ok(Self {
            client: client()?,
            url: endpoint("LINKEDIN_API_URL", api_url, "/v2/ugcPosts")?,
            access_token: access_token.to_owned(),
            author: author.to_owned(),
            clock: system_clock(),
        })
    }

    /// The same publisher reading the platform's reset time against `clock`.
    #[must_use]
    pub fn with_clock(self, clock: Arc<dyn Clock>) -> Self {
        Self { clock, ..self }
    }

    fn share(&self, post: &SocialPost) -> serde_json::Value {
        let mut article = json!({
            "status": "READY",
            "originalUrl": post.backlink,
            "title": { "text": post.title },
        });
        if let Some(excerpt) = &post.excerpt {
            article["description"] = json!({ "text": excerpt });
        }
        json!({
            "author": self.author,
            "lifecycleState": "PUBLISHED",
            "specificContent": {
                "com.linkedin.ugc.ShareContent": {
                    "shareCommentary": {
                        "text": post.text_within(LINKEDIN_TEXT_LIMIT, |t| t.chars().count()),
                    },
                    "shareMediaCategory": "ARTICLE",
                    "media": [article],
                }
            },
            "visibility": { "com.linkedin.ugc.MemberNetworkVisibility": "PUBLIC" },
        })
    }
}

#[async_trait]
impl SocialPublisher for LinkedInPublisher {
    fn platform(&self) -> Platform {
        Platform::LinkedIn
    }

    async fn publish(&self, post: &SocialPost) -> Result<Published, PublishError> {
        let request = self
            .client
            .post(&self.url)
            .bearer_auth(&self.access_token)
            .header("X-Restli-Protocol-Version", "2.0.0")
            .header(CONTENT_TYPE, "application/json")
            .body(self.share(post).to_string());
        let accepted = send("LinkedIn", request, &*self.clock).await?;
        // 201 Created; the new share's URN in `X-RestLi-Id` (and sometimes `id` in the body).
        let urn = accepted
            .headers
            .get("x-restli-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
            .or_else(|| accepted.body["id"].as_str().map(str::to_owned));
        Ok(Published {
            url: urn
                .as_ref()
                .map(|urn| format!("https://www.linkedin.com/feed/update/{urn}/")),
            external_id: urn,
        })
    }

    async fn delete(&self, external_id: &str) -> Result<(), PublishError> {
        let urn = external_id.trim();
        if !(urn.starts_with("urn:li:share:") || urn.starts_with("urn:li:ugcPost:")) {
            return Err(PublishError::Refused(format!(
                "LinkedIn: {urn:?} is not the URN of a share"
            )));
        }
        // Every reserved character (the URN's colons too) percent-encoded.
        let encoded: String = url::form_urlencoded::byte_serialize(urn.as_bytes()).collect();
        let request = self
            .client
            .delete(format!("{}/{encoded}", self.url))
            .bearer_auth(&self.access_token)
            .header("X-Restli-Protocol-Version", "2.0.0");
        send_deletion("LinkedIn", request, &*self.clock).await?;
        Ok(())
    }
}
