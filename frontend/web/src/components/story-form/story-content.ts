//! Story content between the form and the server. The server turns plain text into `<p>`/`<br>`
//! HTML; when a story is loaded for editing, such HTML is turned back into the plain text the
//! author typed, and any richer HTML is shown as is (README "Decisions").

const SIMPLE_TAG = /^<\/?p>$|^<br\s*\/?>$/i;
const ANY_TAG = /<[^>]*>/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Same test as the server's `looks_like_html`: a `<` followed by a letter, `/` or `!`. */
export function looksLikeHtml(text: string): boolean {
  return /<[a-z/!]/i.test(text);
}

/**
 * The text to put in the form's content field for a stored story: HTML made only of `<p>` and
 * `<br>` becomes plain text (paragraphs separated by a blank line, `<br>` by a line break);
 * anything else is returned unchanged.
 */
export function contentForEditing(html: string): string {
  const tags = html.match(ANY_TAG) ?? [];
  if (tags.length === 0 || !tags.every((tag) => SIMPLE_TAG.test(tag))) return html;
  const text = html
    .replace(/\r\n/g, '\n')
    .replace(/<br\s*\/?>\n?/gi, '\n')
    .split(/<\/p>/i)
    .map((part) => part.replace(/<p>/gi, '').trim())
    .filter((part) => part.length > 0)
    .map(decodeEntities)
    .join('\n\n');
  // Text such as "<b>" typed literally would read as HTML when saved again: keep the HTML.
  return looksLikeHtml(text) ? html : text;
}

/** Readable text of stored content (tags dropped, entities decoded), for previews and excerpts. */
export function contentAsText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*/gi, '\n\n').replace(ANY_TAG, ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Spec §2/§9: the first `length` characters plus '...' (the whole text when it is shorter). */
export function excerptFallback(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
