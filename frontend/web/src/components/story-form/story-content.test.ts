import { contentAsText, contentForEditing, excerptFallback, looksLikeHtml } from './story-content';

describe('contentForEditing', () => {
  it('turns paragraphs and line breaks back into plain text', () => {
    expect(contentForEditing('<p>One<br>line</p>\n<p>Two &lt; three &amp; four</p>')).toBe(
      'One\nline\n\nTwo < three & four',
    );
  });

  it('accepts self-closing breaks, numeric entities and no separator between paragraphs', () => {
    expect(contentForEditing('<p>It&#39;s &quot;fine&quot;<br />really</p><p>&#x2014; Ruth</p>')).toBe(
      'It\'s "fine"\nreally\n\n\u2014 Ruth',
    );
  });

  it('leaves richer HTML as it is', () => {
    const html = '<p>Hi <em>there</em></p>';
    expect(contentForEditing(html)).toBe(html);
    expect(contentForEditing('<h2>Title</h2><p>Body</p>')).toBe('<h2>Title</h2><p>Body</p>');
    expect(contentForEditing('<p class="lead">Body</p>')).toBe('<p class="lead">Body</p>');
  });

  it('leaves text without tags alone', () => {
    expect(contentForEditing('Just words & more')).toBe('Just words & more');
  });

  it('keeps the HTML when the text would read as HTML once saved again', () => {
    const html = '<p>Write &lt;b&gt; for bold</p>';
    expect(contentForEditing(html)).toBe(html);
  });

  it('round-trips what the server makes of plain text', () => {
    const typed = 'First paragraph\nsecond line\n\nSecond paragraph';
    const stored = typed
      .split('\n\n')
      .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
      .join('\n');
    expect(contentForEditing(stored)).toBe(typed);
  });
});

describe('looksLikeHtml', () => {
  it('matches the server rule', () => {
    expect(looksLikeHtml('1 < 2 and 3 > 2')).toBe(false);
    expect(looksLikeHtml('<b>bold</b>')).toBe(true);
  });
});

describe('contentAsText and excerptFallback', () => {
  it('drops tags and decodes entities', () => {
    expect(contentAsText('<p>Hi <em>there</em> &amp; you</p><p>Next</p>')).toBe('Hi there & you\n\nNext');
  });

  it('cuts long text and adds an ellipsis', () => {
    expect(excerptFallback('a'.repeat(160), 150)).toBe(`${'a'.repeat(150)}...`);
    expect(excerptFallback('short', 150)).toBe('short');
  });
});
