//! Story content helpers the form still needs. What the author typed is stored on the server
//! beside the HTML made of it (`StoryDto.source`), so the form never turns HTML back into text.

/** Same test as the server's `looks_like_html`: a `<` followed by a letter, `/` or `!`. */
export function looksLikeHtml(text: string): boolean {
  return /<[a-z/!]/i.test(text);
}

/** docs/product.md#screens: the first `length` characters plus '...' (the whole text when it is shorter). */
export function excerptFallback(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
