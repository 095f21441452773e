import { excerptFallback, looksLikeHtml } from './story-content';

describe('looksLikeHtml', () => {
  it('matches the server rule', () => {
    expect(looksLikeHtml('1 < 2 and 3 > 2')).toBe(false);
    expect(looksLikeHtml('<b>bold</b>')).toBe(true);
  });
});

describe('excerptFallback', () => {
  it('cuts long text and adds an ellipsis', () => {
    expect(excerptFallback('a'.repeat(160), 150)).toBe(`${'a'.repeat(150)}...`);
    expect(excerptFallback('short', 150)).toBe('short');
  });
});
