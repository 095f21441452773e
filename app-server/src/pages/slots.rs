//! The server's first paints are React's markup with slots (`__NAME__`) the server fills and
//! parts (`<!--name-->…<!--/name-->`) it keeps or drops (`first_paint/*.html`).

/// `template` with each `__NAME__` slot (capitals, single underscores between words)
/// replaced by `value(NAME)` in one pass (a slot `value` does not know stays), so a value that
/// itself reads like a slot is left as it is.
pub(super) fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(start) = rest.find("__") {
        let after = &rest[start + 2..];
        match slot_name(after).and_then(|(name, len)| Some((value(name)?, len))) {
            Some((filled, len)) => {
                out.push_str(&rest[..start]);
                out.push_str(&filled);
                rest = &after[len..];
            }
            None => {
                out.push_str(&rest[..=start]);
                rest = &rest[start + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The slot's name at the start of `text` (just after its opening `__`) and the length of
/// the name with its closing `__`.
fn slot_name(text: &str) -> Option<(&str, usize)> {
    let bytes = text.as_bytes();
    let mut end = 0;
    loop {
        let word = end;
        while bytes.get(end).is_some_and(u8::is_ascii_uppercase) {
            end += 1;
        }
        if end == word {
            return None;
        }
        if bytes.get(end) == Some(&b'_') && bytes.get(end + 1).is_some_and(u8::is_ascii_uppercase) {
            end += 1;
        } else {
            break;
        }
    }
    text[end..]
        .starts_with("__")
        .then(|| (&text[..end], end + 2))
}

/// `template` with each part between `<!--name-->` and `<!--/name-->` kept (without the
/// markers) or dropped, as `parts` says.
pub(super) fn keep_parts(template: &str, parts: &[(&str, bool)]) -> String {
    parts
        .iter()
        .fold(template.to_owned(), |html, &(name, kept)| {
            let (open, close) = (format!("<!--{name}-->"), format!("<!--/{name}-->"));
            let mut out = String::with_capacity(html.len());
            let mut rest = html.as_str();
            while let Some(start) = rest.find(&open) {
                let Some(len) = rest[start..].find(&close) else {
                    break;
                };
                out.push_str(&rest[..start]);
                if kept {
                    out.push_str(&rest[start + open.len()..start + len]);
                }
                rest = &rest[start + len + close.len()..];
            }
            out.push_str(rest);
            out
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_filled_once_and_a_value_like_a_slot_stays_as_it_is() {
        let value = |name: &str| match name {
            "TITLE" => Some("__BY__ & co".to_owned()),
            "BY" => Some("Ruth".to_owned()),
            "CATEGORY_CLASS" => Some("bg-sky-100".to_owned()),
            _ => None,
        };
        assert_eq!(
            fill("<h1>__TITLE__</h1>__ <p>__BY__ __NOPE__</p>__", value),
            "<h1>__BY__ & co</h1>__ <p>Ruth __NOPE__</p>__"
        );
        assert_eq!(
            fill("___BY____CATEGORY_CLASS__a__b__BY", value),
            "_Ruthbg-sky-100a__b__BY"
        );
    }

    #[test]
    fn a_templates_parts_are_kept_without_their_markers_or_dropped() {
        let template = "<a><!--x-->1<!--/x--><!--y-->2<!--/y--><!--x-->3<!--/x--></a>";
        assert_eq!(
            keep_parts(template, &[("x", true), ("y", false)]),
            "<a>13</a>"
        );
        assert_eq!(
            keep_parts(template, &[("x", false), ("y", true)]),
            "<a>2</a>"
        );
    }
}
