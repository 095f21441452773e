//! Uploaded pictures (`/media/{key}-{width}.{ext}`): every upload wider than 400 pixels is
//! also stored 400 pixels wide, so a card can offer both and a phone takes the small one.

const STORED = /^(\/media\/[0-9a-f]{32})-(\d{1,5})\.(jpg|png)$/;

/** An `<img srcset>` for an uploaded picture; undefined for any other address. */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  const match = url ? STORED.exec(url) : null;
  if (!match) return undefined;
  const [, stem, width, ext] = match;
  if (Number(width) <= 400) return undefined;
  return `${stem}-400.${ext} 400w, ${url} ${width}w`;
}
