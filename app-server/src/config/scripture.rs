//! Which books count as scripture (`SCRIPTURE_CANON`) and where references link to
//! (`SCRIPTURE_LINK`).

use domain::scripture::{Canon, ReaderLink};

use super::var;

/// The scripture settings.
#[derive(Clone, Debug, Default)]
pub struct ScriptureConfig {
    /// `protestant` (66 books, the default) or `catholic` (with the deuterocanonical books).
    pub canon: Canon,
    /// The Bible reader references in story text link to; `None`: no links.
    pub link: Option<ReaderLink>,
}

impl ScriptureConfig {
    /// Reads `SCRIPTURE_CANON` and `SCRIPTURE_LINK`.
    ///
    /// # Errors
    /// An unknown canon, or a link template that is not an http(s) address naming the
    /// passage.
    pub fn from_env() -> anyhow::Result<Self> {
        let canon = match var("SCRIPTURE_CANON") {
            Some(v) => Canon::parse(&v).ok_or_else(|| {
                anyhow::anyhow!("SCRIPTURE_CANON must be protestant or catholic, got {v:?}")
            })?,
            None => Canon::default(),
        };
        let link = var("SCRIPTURE_LINK")
            .map(|t| ReaderLink::parse(&t).map_err(|e| anyhow::anyhow!("SCRIPTURE_LINK {e}")))
            .transpose()?;
        Ok(Self { canon, link })
    }

    /// The canon's name as `SCRIPTURE_CANON` spells it.
    pub fn canon_name(&self) -> &'static str {
        match self.canon {
            Canon::Protestant => "protestant",
            Canon::Catholic => "catholic",
        }
    }
}
