//! What an edit changes, word by word, for the reviewer's comparison. Story text is compared as
//! the plain text a reader sees (one paragraph per block), never as raw HTML.
import { diffWords } from 'diff';

/** Elements that start a new paragraph of their own. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);

/**
 * The readable text of stored story HTML: one paragraph per block element (separated by a blank
 * line), `<br>` as a line break, and the white space of the HTML source collapsed as a browser
 * would. DOMParser builds an inert document: nothing in it runs or loads.
 */
export function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const paragraphs: string[] = [];
  let current = '';
  const endParagraph = () => {
    const text = current
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .trim();
    if (text !== '') paragraphs.push(text);
    current = '';
  };
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        current += (child.textContent ?? '').replace(/\s+/g, ' ');
      } else if (child instanceof Element) {
        if (child.tagName === 'BR') {
          current += '\n';
        } else if (BLOCKS.has(child.tagName)) {
          endParagraph();
          walk(child);
          endParagraph();
        } else if (child.tagName !== 'SCRIPT' && child.tagName !== 'STYLE') {
          walk(child);
        }
      }
    }
  };
  walk(body);
  endParagraph();
  return paragraphs.join('\n\n');
}

export type DiffPart = { value: string; change: 'added' | 'removed' | 'same' };

/** Longer than this and the comparison gives up: the whole old text is shown removed, the new added. */
const DIFF_TIMEOUT_MS = 1000;

/** The words of `after` against `before`: runs kept, removed and added, in reading order. */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ value: before, change: 'same' }];
  const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) {
    return [
      ...(before ? [{ value: before, change: 'removed' as const }] : []),
      ...(after ? [{ value: after, change: 'added' as const }] : []),
    ];
  }
  return changes.map((part) => ({
    value: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}
