//! One paging rule for every list: a `limit` of 1 up to the list's maximum (its default
//! when absent) and an `offset` up to the list's bound, checked by [`PageRequest::parse`]
//! with one error, [`InvalidPage`], which names the parameter at fault. Each list declares
//! its [`PageBounds`] beside its service; the answer is a [`Page`].

/// One page of a list and the total number of matches.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
}

/// What one list allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageBounds {
    /// The `limit` when the caller gives none.
    pub default_limit: u64,
    /// The largest `limit`.
    pub max_limit: u64,
    /// The largest `offset`: far beyond any real list, well inside what a database binds.
    pub max_offset: u64,
}

/// A checked page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: u64,
    pub offset: u64,
}

/// A `limit` or `offset` out of the list's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPage {
    #[error("limit must be between 1 and {0}")]
    Limit(u64),
    #[error("offset must be at most {0}")]
    Offset(u64),
}

impl InvalidPage {
    /// The query parameter at fault (`limit` or `offset`).
    pub fn field(&self) -> &'static str {
        match self {
            InvalidPage::Limit(_) => "limit",
            InvalidPage::Offset(_) => "offset",
        }
    }
}

impl PageRequest {
    /// Checks a page request against `bounds`.
    ///
    /// # Errors
    /// [`InvalidPage::Limit`] for a limit of 0 or past the maximum,
    /// [`InvalidPage::Offset`] for an offset past the bound.
    pub fn parse(
        limit: Option<u64>,
        offset: Option<u64>,
        bounds: PageBounds,
    ) -> Result<Self, InvalidPage> {
        let limit = limit.unwrap_or(bounds.default_limit);
        if !(1..=bounds.max_limit).contains(&limit) {
            return Err(InvalidPage::Limit(bounds.max_limit));
        }
        let offset = offset.unwrap_or(0);
        if offset > bounds.max_offset {
            return Err(InvalidPage::Offset(bounds.max_offset));
        }
        Ok(Self { limit, offset })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: PageBounds = PageBounds {
        default_limit: 20,
        max_limit: 100,
        max_offset: 1_000,
    };

    #[test]
    fn a_page_is_checked_against_its_bounds() {
        assert_eq!(
            PageRequest::parse(None, None, BOUNDS),
            Ok(PageRequest {
                limit: 20,
                offset: 0
            })
        );
        assert_eq!(
            PageRequest::parse(Some(100), Some(1_000), BOUNDS),
            Ok(PageRequest {
                limit: 100,
                offset: 1_000
            })
        );
        assert_eq!(
            PageRequest::parse(Some(0), None, BOUNDS),
            Err(InvalidPage::Limit(100))
        );
        assert_eq!(
            PageRequest::parse(Some(101), None, BOUNDS),
            Err(InvalidPage::Limit(100))
        );
        let far = PageRequest::parse(None, Some(1_001), BOUNDS);
        assert_eq!(far, Err(InvalidPage::Offset(1_000)));
        assert_eq!(far.map_err(|e| e.field()), Err("offset"));
    }
}
