//! X (Twitter): API v2 `POST /2/tweets` with an OAuth 2.0 user-context access token, and
//! `DELETE /2/tweets/{id}` with the same token to delete a tweet it posted.

use std::sync::Arc;

use async_trait::async_trait;
use domain::clock::Clock;
use domain::social::{Platform, PublishError, Published, SocialPost, SocialPublisher};
use reqwest::header::CONTENT_TYPE;

use super::{client, endpoint, send, send_deletion, system_clock};

/// Posts a tweet: title, excerpt (shortened to fit 280 characters), backlink, site name.
pub struct TwitterPublisher {
    client: reqwest::Client,
    url: String,
    bearer_token: String,
    clock: Arc<dyn Clock>,
}

impl TwitterPublisher {
    /// `api_url` is the API's base (`https://api.twitter.com`); `bearer_token` an OAuth 2.0
    /// user-context access token with the `tweet.write` scope (which also deletes).
    ///
    /// # Errors
    /// When `api_url` is not an absolute http(s) URL or the HTTP client cannot be built.
    pub fn new(api_url: &str, bearer_token: &str) -> anyhow::Result<Self> {
        Ok(Self {
            client: client()?,
            url: endpoint("TWITTER_API_URL", api_url, "/2/tweets")?,
            bearer_token: bearer_token.to_owned(),
            clock: system_clock(),
        })
    }

    /// The same publisher reading the platform's reset time against `clock`.
    #[must_use]
    pub fn with_clock(self, clock: Arc<dyn Clock>) -> Self {
        Self { clock, ..self }
    }
}

#[async_trait]
impl SocialPublisher for TwitterPublisher {
    fn platform(&self) -> Platform {
        Platform::Twitter
    }

    async fn publish(&self, post: &SocialPost) -> Result<Published, PublishError> {
        let body = serde_json::json!({ "text": post.tweet_text() });
        let request = self
            .client
            .post(&self.url)
            .bearer_auth(&self.bearer_token)
            .header(CONTENT_TYPE, "application/json")
            .body(body.to_string());
        let accepted = send("X (Twitter)", request, &*self.clock).await?;
        // {"data": {"id": "1445880548472328192", "text": "..."}}
        let id = accepted.body["data"]["id"].as_str().map(str::to_owned);
        Ok(Published {
            url: id
                .as_ref()
                .map(|id| format!("https://x.com/i/web/status/{id}")),
            external_id: id,
        })
    }

    async fn delete(&self, external_id: &str) -> Result<(), PublishError> {
        // A tweet id is digits only; anything else would change the path.
        if external_id.is_empty() || !external_id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PublishError::Refused(format!(
                "X (Twitter): {external_id:?} is not a tweet id"
            )));
        }
        let request = self
            .client
            .delete(format!("{}/{external_id}", self.url))
            .bearer_auth(&self.bearer_token);
        let answered = send_deletion("X (Twitter)", request, &*self.clock).await?;
        // {"data": {"deleted": true}}; an answer without it (404, or no body) is taken as gone.
        if answered.body["data"]["deleted"] == serde_json::Value::Bool(false) {
            return Err(PublishError::Refused(
                "X (Twitter) answered that the tweet was not deleted".to_owned(),
            ));
        }
        Ok(())
    }
}
