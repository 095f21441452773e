//! What "Insert picture" puts into the story text. Plain text gets a paragraph of its own,
//! `![alt text](address)`, which the server turns into the picture (`domain::story::content`);
//! HTML gets an `<img>`. The server keeps a picture only with alt text and an address on the
//! site's `/media/` or `https:`.
import { looksLikeHtml } from './story-content';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Alt text as the plain-text marker can hold it: one line, no square brackets. */
export function markerAlt(alt: string): string {
  return alt.trim().replace(/\s+/g, ' ').replace(/\[/g, '(').replace(/\]/g, ')');
}

/**
 * `content` with the picture put in place of the selection `start`..`end`, and where the
 * cursor goes after it.
 */
export function withPicture(
  content: string,
  start: number,
  end: number,
  url: string,
  alt: string,
): { text: string; caret: number } {
  const before = content.slice(0, start);
  const after = content.slice(end);
  if (looksLikeHtml(content)) {
    const tag = `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt.trim())}">`;
    return { text: before + tag + after, caret: before.length + tag.length };
  }
  const head = before.replace(/\s+$/, '');
  const tail = after.replace(/^\s+/, '');
  const marker = `![${markerAlt(alt)}](${url})`;
  const lead = head === '' ? '' : `${head}\n\n`;
  return { text: lead + marker + (tail === '' ? '' : `\n\n${tail}`), caret: lead.length + marker.length };
}
