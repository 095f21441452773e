import { plainText, wordDiff } from './story-diff';

describe('plainText', () => {
  it('reads stored HTML as paragraphs and lines, the way a reader sees it', () => {
    const html =
      '<p>First   paragraph\n  goes on<br>second line</p>\n<h2>A &amp; B</h2><ul><li>one</li><li><em>two</em></li></ul>';
    expect(plainText(html)).toBe('First paragraph goes on\nsecond line\n\nA & B\n\none\n\ntwo');
  });

  it('keeps plain text and drops what a reader never sees', () => {
    expect(plainText('Just words')).toBe('Just words');
    expect(plainText('<p>Seen</p><script>alert(1)</script><style>p{}</style>')).toBe('Seen');
    expect(plainText('')).toBe('');
  });
});

describe('wordDiff', () => {
  it('marks the removed and added words between the kept ones', () => {
    expect(wordDiff('It began on a quiet morning.', 'It began on a bright morning.')).toEqual([
      { value: 'It began on a ', change: 'same' },
      { value: 'quiet', change: 'removed' },
      { value: 'bright', change: 'added' },
      { value: ' morning.', change: 'same' },
    ]);
  });

  it('gives one kept run for equal texts and nothing for two empty ones', () => {
    expect(wordDiff('Same words', 'Same words')).toEqual([{ value: 'Same words', change: 'same' }]);
    expect(wordDiff('', '')).toEqual([]);
    expect(wordDiff('', 'New excerpt')).toEqual([{ value: 'New excerpt', change: 'added' }]);
  });
});
