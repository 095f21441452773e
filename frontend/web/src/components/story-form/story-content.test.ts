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

  it('keeps richer HTML as HTML', () => {
    const html = '<p>Hi <em>there</em></p>';
    expect(contentForEditing(html)).toBe(html);
    expect(contentForEditing('<h2>Title</h2>\n<p>Body</p>')).toBe('<h2>Title</h2>\n<p>Body</p>');
    expect(contentForEditing('<p class="lead">Body</p>')).toBe('<p class="lead">Body</p>');
  });

  it('decodes the references of HTML it keeps where they read the same as plain characters', () => {
    // What the server stores for "…<b>bold</b> & stuff." typed in the form (kept as HTML).
    expect(contentForEditing('Line one\nLine two\n\nSecond para with <b>bold</b> &amp; stuff.')).toBe(
      'Line one\nLine two\n\nSecond para with <b>bold</b> & stuff.',
    );
    expect(contentForEditing('<p>&quot;Be still&quot; &#8212; <em>Psalm 46</em> &amp;c.</p>')).toBe(
      '<p>"Be still" \u2014 <em>Psalm 46</em> &amp;c.</p>',
    );
  });

  it('keeps the references whose characters would start a tag or a reference', () => {
    expect(
      contentForEditing(
        '<p>Use &lt;b&gt; &amp; &lt;/b&gt;, &amp;amp; and &lt;!-- --&gt;: <em>2 &lt; 3 &gt; 1</em></p>',
      ),
    ).toBe('<p>Use &lt;b&gt; & &lt;/b&gt;, &amp;amp; and &lt;!-- --&gt;: <em>2 < 3 > 1</em></p>');
  });

  it('never decodes inside tags', () => {
    const html = '<p><a href="https://example.org/?a=1&amp;b=2" title="&quot;x&quot; > y">link</a></p>';
    expect(contentForEditing(html)).toBe(html);
  });

  it('puts each block of HTML it keeps on its own line', () => {
    expect(contentForEditing('<p>Hi <em>there</em></p><p>Next</p><ul><li>one</li><li>two</li></ul>')).toBe(
      '<p>Hi <em>there</em></p>\n<p>Next</p>\n<ul><li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  it('turns text without tags into plain text', () => {
    expect(contentForEditing('Just words & more')).toBe('Just words & more');
    expect(contentForEditing('Just words &amp; more')).toBe('Just words & more');
  });

  it('keeps the HTML when the text would read as HTML once saved again', () => {
    const html = '<p>Write &lt;b&gt; for bold</p>';
    expect(contentForEditing(html)).toBe(html);
  });

  it('reads a line break of the HTML source as the space the page shows', () => {
    expect(contentForEditing('<p>One\ntwo<br>\n  three</p>\n\n<p>\nFour\n</p>')).toBe('One two\nthree\n\nFour');
    expect(contentForEditing('Loose<p>Inside</p>after')).toBe('Loose\n\nInside\n\nafter');
  });

  it.each([
    'First paragraph\nsecond line\n\nSecond paragraph',
    'I <3 my church & my friends.\n\nSecond paragraph: 2 < 3 and 5 > 4.',
    'Quotes "like this" and \'this\', &amp; a literal &lt;',
    '  indented\n    lines stay  ',
  ])('round-trips what the server makes of plain text: %j', (typed) => {
    expect(contentForEditing(serverHtml(typed))).toBe(trimParagraphs(typed));
  });

  it('gives back HTML that the server stores and shows the same way', () => {
    // Saved again, HTML is kept as HTML: the page shows the same, and editing it again gives the
    // same text.
    const layoutFree = (html: string) => sanitizeLikeServer(html).replace(/>\s+</g, '><');
    for (const stored of [
      'Line one\nLine two\n\nSecond para with <b>bold</b> &amp; stuff.',
      '<p>Write &lt;b&gt; for bold &amp; more</p>',
      '<h2>Title</h2><p>Body &quot;quoted&quot;</p>',
    ]) {
      const edited = contentForEditing(stored);
      expect(layoutFree(edited)).toBe(layoutFree(stored));
      expect(contentForEditing(sanitizeLikeServer(edited))).toBe(edited);
    }
  });
});

/** The server's `to_html` for plain text (domain/src/story/content.rs). */
function serverHtml(text: string): string {
  const escape = (t: string) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .replace(/\r\n/g, '\n')
    .split('\n\n')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function trimParagraphs(text: string): string {
  return text
    .split('\n\n')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

/** What the sanitiser's serialiser does to text: `&` and `<`, `>` escaped, tags kept. */
function sanitizeLikeServer(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

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

describe('pictures in plain text', () => {
  const KEY = '0123456789abcdef0123456789abcdef';
  it('come back as the ![alt](address) paragraphs the author typed', () => {
    const html = `<p>Before</p>\n<p><img src="/media/${KEY}-800.jpg" alt="Tom &amp; &quot;Jerry&quot;"></p>\n<p>After</p>`;
    expect(contentForEditing(html)).toBe(`Before\n\n![Tom & "Jerry"](/media/${KEY}-800.jpg)\n\nAfter`);
  });

  it('keep the content HTML when a picture shares its paragraph or has no plain alt text', () => {
    const inText = `<p>See <img src="/media/${KEY}-800.jpg" alt="x"> here</p>`;
    expect(contentForEditing(inText)).toBe(inText);
    const bracket = `<p><img src="/media/${KEY}-800.jpg" alt="a [b]"></p>`;
    expect(contentForEditing(bracket)).toBe(bracket);
    const styled = `<p><img alt="x" src="/media/${KEY}-800.jpg"></p>`;
    expect(contentForEditing(styled)).toBe(styled);
  });
});
