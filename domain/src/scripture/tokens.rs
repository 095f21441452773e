//! Text to tokens for the scanner: words (lower-cased, with whether they began with a
//! capital), numbers, and single punctuation marks, each with its byte span and whether
//! whitespace came before it.

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Kind {
    Word(String),
    Number(u16),
    Punct(char),
}

#[derive(Debug, Clone)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Whitespace comes right before it.
    pub(super) spaced: bool,
    pub(super) capital: bool,
}

pub(super) fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut spaced = true;
    while let Some((start, c)) = chars.next() {
        if c.is_whitespace() {
            spaced = true;
            continue;
        }
        let mut end = start + c.len_utf8();
        let kind = if c.is_alphabetic() {
            while let Some(&(i, n)) = chars.peek() {
                if !n.is_alphabetic() {
                    break;
                }
                end = i + n.len_utf8();
                chars.next();
            }
            Kind::Word(text[start..end].to_lowercase())
        } else if c.is_ascii_digit() {
            while let Some(&(i, n)) = chars.peek() {
                if !n.is_ascii_digit() {
                    break;
                }
                end = i + 1;
                chars.next();
            }
            Kind::Number(text[start..end].parse().unwrap_or(u16::MAX))
        } else {
            Kind::Punct(c)
        };
        tokens.push(Token {
            kind,
            start,
            end,
            spaced,
            capital: c.is_uppercase(),
        });
        spaced = false;
    }
    tokens
}

pub(super) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—')
}
