//! Story content between the form and the server. The server turns plain text into `<p>`/`<br>`
//! HTML (escaping `&`, `<`, `>`, `"`) and keeps anything that looks like HTML as HTML, sanitised.
//! When a story is loaded for editing, such `<p>`/`<br>` HTML is turned back into the plain text
//! the author typed; richer HTML stays HTML, with the character references a reader would type
//! as plain characters decoded where that does not change its meaning (README "Decisions").

/** A tag or a comment. Quoted attribute values may hold `>`. */
const TAG = /<!--[\s\S]*?-->|<\/?[a-z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
/** The tags of the server's plain-text HTML. */
const PARAGRAPH_TAG = /^<\/?p\s*>$/i;
const BREAK_TAG = /^<\/?br\s*\/?>$/i;
/** A picture that plain text's `![alt](src)` paragraph becomes on the server. */
const PICTURE_TAG = /^<img src="([^"]*)" alt="([^"]*)">$/;
/** Block elements whose closing tag may be followed by a line break without changing the page. */
const BLOCK_CLOSE = /^<\/(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tfoot|tr|dl|dt|dd|figure|hr)\s*>$/i;
const REFERENCE = /&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The character a reference stands for, or null when it is not one this module knows. */
function referenced(name: string): string | null {
  if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? null;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/** Plain text of an HTML text run: every known character reference decoded. */
function decodeEntities(text: string): string {
  return text.replace(REFERENCE, (whole, name: string) => referenced(name) ?? whole);
}

/**
 * An HTML text run with the references decoded that read the same as plain characters: `&amp;`
 * stays only before a letter, digit or `#` (where `&` would start a reference), `&lt;` only
 * before a letter, `/`, `!` or `?` (where `<` would start a tag), and so does the `&gt;` that
 * closes such a `&lt;`, so a literal `&lt;b&gt;` keeps reading as one.
 */
function decodeTextRun(text: string): string {
  let openAngle = false;
  return text.replace(REFERENCE, (whole, name: string, offset: number) => {
    const char = referenced(name);
    const next = text.charAt(offset + whole.length);
    if (char === null) return whole;
    if (char === '&' && /[a-z0-9#]/i.test(next)) return whole;
    if (char === '<' && /[a-z/!?]/i.test(next)) {
      openAngle = true;
      return whole;
    }
    if (char === '>' && openAngle) {
      openAngle = false;
      return whole;
    }
    return char;
  });
}

/** Same test as the server's `looks_like_html`: a `<` followed by a letter, `/` or `!`. */
export function looksLikeHtml(text: string): boolean {
  return /<[a-z/!]/i.test(text);
}

/** Splits HTML into text runs and tags (a tag is any part matching `TAG`). */
function tokens(html: string): { tag: boolean; text: string }[] {
  const parts: { tag: boolean; text: string }[] = [];
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    if (match.index > last) parts.push({ tag: false, text: html.slice(last, match.index) });
    parts.push({ tag: true, text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < html.length) parts.push({ tag: false, text: html.slice(last) });
  return parts;
}

/**
 * `<p>`/`<br>`-only HTML as the plain text the server would turn back into it: paragraphs
 * separated by a blank line, `<br>` as a line break. A line break in the HTML source is white
 * space on the page, so it becomes a space. Null when the HTML has other tags.
 */
function paragraphsAsText(html: string): string | null {
  const paragraphs: string[] = [];
  let current = '';
  let picture: string | null = null;
  let mixed = false;
  const endParagraph = () => {
    const text = current.trim();
    if (picture !== null && text !== '') mixed = true;
    else if (picture !== null) paragraphs.push(picture);
    else if (text !== '') paragraphs.push(text);
    current = '';
    picture = null;
  };
  const source = html
    .replace(/\r\n?/g, '\n')
    // A line break in the source next to a `<br>` only lays out the HTML.
    .replace(/(<br\s*\/?>)[ \t]*\n[ \t]*/gi, '$1')
    .replace(/[ \t]*\n[ \t]*(<br\s*\/?>)/gi, '$1');
  for (const part of tokens(source)) {
    if (!part.tag) current += decodeEntities(part.text.replace(/[ \t]*\n[ \t]*/g, ' '));
    else if (PARAGRAPH_TAG.test(part.text)) endParagraph();
    else if (BREAK_TAG.test(part.text)) current += '\n';
    else if (picture === null && current.trim() === '' && (picture = pictureMarker(part.text)) !== null) continue;
    else return null;
  }
  endParagraph();
  return mixed ? null : paragraphs.join('\n\n');
}

/** The server's picture paragraph tag (`<img src alt>`, in that order) as the `![alt](src)` typed for it. */
function pictureMarker(tag: string): string | null {
  const match = PICTURE_TAG.exec(tag);
  if (!match) return null;
  const src = decodeEntities(match[1]);
  const alt = decodeEntities(match[2]);
  if (/[[\]\n]/.test(alt) || alt.trim() === '' || /\s/.test(src) || src === '') return null;
  return `![${alt}](${src})`;
}

/**
 * HTML kept as HTML for editing: character references decoded where they read the same as the
 * plain character (`&amp;` → `&`, `&quot;` → `"`), and a line break after each closing block tag
 * that another tag follows directly, so paragraphs do not come back as one long line.
 */
function readableHtml(html: string): string {
  const parts = tokens(html);
  return parts
    .map((part, i) => {
      if (!part.tag) return decodeTextRun(part.text);
      const next = parts[i + 1];
      return BLOCK_CLOSE.test(part.text) && next?.tag ? `${part.text}\n` : part.text;
    })
    .join('');
}

/**
 * The text to put in the form's content field for a stored story.
 * - HTML made only of `<p>` and `<br>` (what the server makes of plain text), or text without
 *   tags: the plain text, entities decoded. Saved again, it is stored as the same HTML.
 * - Anything else, and plain text that would read as HTML once saved (a literal `&lt;b&gt;`):
 *   HTML, made readable by `readableHtml`. Saved again, it is kept as HTML and shows the same.
 */
export function contentForEditing(html: string): string {
  const text = paragraphsAsText(html);
  if (text !== null && !looksLikeHtml(text)) return text;
  return readableHtml(html);
}

/** Readable text of stored content (tags dropped, entities decoded), for previews and excerpts. */
export function contentAsText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*/gi, '\n\n')
      .replace(TAG, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Spec §2/§9: the first `length` characters plus '...' (the whole text when it is shorter). */
export function excerptFallback(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
