import { getGetStoryQueryKey, type StoryDto } from '@grace-stories/sdk/react';
import { PageShell } from '@/components/layout/page-shell';
import { StoryDetailPage } from '@/features/story-page/story-detail-page';
import { categoryBadgeClass, styledCategories } from '@/lib/categories';
import { matchesPaintFile } from '@/test/first-paint-files';
import { loadHeaderMenus, MEMBER_HEADERS, memberHeader, paintMarkup, siteHeader } from '@/test/paint-markup';
import { sampleStory } from '@/test/stories';
import { sampleUser } from '@/test/users';

// A story's first paint (`app-server/src/pages/story_page.rs`) is React's own markup of the story
// page's first screen, down to the story's text: the site's header, the "Back to Stories" row, the
// category, the title, the excerpt, the byline and the text, which the app's first render replaces
// with the same (see first-paint.tsx). The server fills the slots below and keeps or drops the
// parts between `<!--name-->` and `<!--/name-->` (`keep` here says how).

/** What the server writes into the template, each escaped but the content (sanitised HTML). */
const SLOTS = {
  header: '__HEADER__',
  title: '__TITLE__',
  excerpt: '__EXCERPT__',
  category: '__CATEGORY__',
  categoryClass: '__CATEGORY_CLASS__',
  author: '__AUTHOR__',
  initials: '__INITIALS__',
  date: '__DATE__',
  minutes: '__MINUTES__',
  content: '__CONTENT__',
};

/** The date and reading time the template is rendered with, before they become slots. */
const PUBLISHED = '2024-03-05T12:00:00Z';
const PUBLISHED_SHOWN = 'Mar 5, 2024';
const MINUTES = 987_654;
const VIDEO = 'https://www.youtube.com/embed/abc';

/** A public story whose words are the slots. */
function slotStory(overrides: Partial<StoryDto> = {}): StoryDto {
  return sampleStory({
    id: 1,
    title: SLOTS.title,
    excerpt: SLOTS.excerpt,
    content: SLOTS.content,
    category: SLOTS.category,
    videoUrl: null,
    thumbnailUrl: null,
    status: 'approved',
    isPublished: true,
    audience: 'public',
    publishedAt: PUBLISHED,
    author: { name: SLOTS.author, firstName: null, lastName: null, profileImageUrl: null },
    readingMinutes: MINUTES,
    scriptureRefs: [],
    ...overrides,
  });
}

/** The story page as a visitor's first render shows `story`. */
function storyPage(story: StoryDto): string {
  return paintMarkup('/stories/1', <StoryDetailPage id="1" />, null, (client) =>
    client.setQueryData(getGetStoryQueryKey(1), story),
  );
}

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** `html` up to and including `end`, with the elements still open there closed. */
function through(html: string, end: string): string {
  const at = html.indexOf(end);
  expect(at, end).toBeGreaterThan(0);
  const kept = html.slice(0, at + end.length);
  const open: string[] = [];
  for (const [, closing, name] of kept.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*>/g)) {
    if (closing) expect(open.pop()).toBe(name);
    else if (!VOID.has(name!)) open.push(name!);
  }
  return (
    kept +
    open
      .reverse()
      .map((name) => `</${name}>`)
      .join('')
  );
}

/** The one match of `pattern` in `html`. */
function only(html: string, pattern: RegExp): string {
  const found = [...html.matchAll(new RegExp(pattern, 'g'))];
  expect(found, String(pattern)).toHaveLength(1);
  return found[0]![0];
}

/** `html` with its one `piece` replaced by `by`. */
function swap(html: string, piece: string, by: string): string {
  expect(html.split(piece), piece).toHaveLength(2);
  return html.replace(piece, () => by);
}

/** What the server does with a part: keeps what is between its markers, or drops it all. */
function keep(template: string, parts: Record<string, boolean>): string {
  return Object.entries(parts).reduce(
    (html, [name, kept]) =>
      html.replace(new RegExp(`<!--${name}-->([\\s\\S]*?)<!--/${name}-->`, 'g'), (_, inside: string) =>
        kept ? inside : '',
      ),
    template,
  );
}

/** `text` escaped for HTML, as React writes it. */
function escaped(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** The template with `values` (text) in its slots. */
function fill(template: string, values: Partial<Record<keyof typeof SLOTS, string>>): string {
  return Object.entries(values).reduce(
    (html, [slot, value]) => html.replaceAll(SLOTS[slot as keyof typeof SLOTS], () => escaped(value)),
    template,
  );
}

/** The first screen the server paints: the page down to the story's text, the site's header a slot. */
function firstScreen(html: string): string {
  return swap(through(html, `${SLOTS.content}</div>`), siteHeader(html), SLOTS.header);
}

beforeAll(loadHeaderMenus);

describe("a story's first paint is what React renders", () => {
  const text = storyPage(slotStory());
  const video = storyPage(slotStory({ videoUrl: VIDEO }));
  const textType = only(text, /<span[^>]*>(?:(?!<\/span>).)*Text Story<\/span>/);
  const videoType = only(video, /<span[^>]*>(?:(?!<\/span>).)*Video Story<\/span>/);
  // The app's video frame, empty: the paint holds its place, and the app's frame loads the video
  // once (a frame the takeover replaced would load it twice).
  const frame = only(video, /<div class="[^"]*aspect-video[^"]*"><iframe[^>]*><\/iframe><\/div>/);
  const emptyFrame = frame.replace(/<iframe[^>]*><\/iframe>/, '');
  const excerpt = only(text, new RegExp(`<p [^>]*>${SLOTS.excerpt}</p>`));

  let template = firstScreen(text);
  template = swap(template, textType, `<!--text-->${textType}<!--/text--><!--video-->${videoType}<!--/video-->`);
  template = swap(template, excerpt, `<!--excerpt-->${excerpt}<!--/excerpt-->`);
  template = swap(
    template,
    '<div class="story-content',
    `<!--frame-->${emptyFrame}<!--/frame--><div class="story-content`,
  );
  template = swap(template, categoryBadgeClass(SLOTS.category), SLOTS.categoryClass);
  template = swap(template, PUBLISHED_SHOWN, SLOTS.date);
  template = swap(template, `${MINUTES} min read`, `${SLOTS.minutes} min read`);
  // A generated avatar: the initials of a name that is a slot are its first character.
  template = swap(template, '>_</span>', `>${SLOTS.initials}</span>`);

  it('the template: the header, the back row, the story down to its text', () => {
    for (const shown of ['Back to Stories', '>Share<', `${SLOTS.title}</h1>`, `${SLOTS.author}</span>`]) {
      expect(template).toContain(shown);
    }
    // The comments, the share block and the footer come with the app.
    expect(template).not.toMatch(/Comments|Share this story|<footer/);
    matchesPaintFile('story.html', template);
  });

  it('a text story with an excerpt, a video story, one with an address not framed, one without an excerpt', () => {
    const painted = (parts: Record<string, boolean>) =>
      fill(keep(template, parts), { date: PUBLISHED_SHOWN, minutes: String(MINUTES), initials: '_' });
    const withClass = (html: string) => html.replace(SLOTS.categoryClass, categoryBadgeClass(SLOTS.category));
    expect(withClass(painted({ text: true, video: false, frame: false, excerpt: true }))).toBe(firstScreen(text));
    expect(withClass(painted({ text: false, video: true, frame: true, excerpt: true }))).toBe(
      firstScreen(video).replace(frame, emptyFrame),
    );
    // A video address the app does not frame (not https): the label, no frame.
    expect(withClass(painted({ text: false, video: true, frame: false, excerpt: true }))).toBe(
      firstScreen(storyPage(slotStory({ videoUrl: 'http://example.org/video' }))),
    );
    expect(withClass(painted({ text: true, video: false, frame: false, excerpt: false }))).toBe(
      firstScreen(storyPage(slotStory({ excerpt: null }))),
    );
  });

  it("each category's colours, as the server fills them in (category-badges.json)", () => {
    const badges = Object.fromEntries(styledCategories().map((name) => [name, categoryBadgeClass(name)]));
    const fallback = categoryBadgeClass(SLOTS.category);
    for (const [name, badge] of [...Object.entries(badges), ['Some New Category', fallback]]) {
      const expected = fill(keep(template, { text: true, video: false, frame: false, excerpt: true }), {
        category: name,
        categoryClass: badge,
        date: PUBLISHED_SHOWN,
        minutes: String(MINUTES),
        initials: '_',
      });
      expect(firstScreen(storyPage(slotStory({ category: name }))), name).toBe(expected);
    }
    matchesPaintFile('category-badges.json', JSON.stringify({ badges, fallback }, null, 2));
  });

  it("the site's header: a visitor's, and each member's by role and approval", () => {
    const visitor = siteHeader(storyPage(slotStory()));
    expect(visitor).toContain('Sign In');
    matchesPaintFile('header-visitor.html', visitor);
    for (const [role, access] of MEMBER_HEADERS) {
      const user = sampleUser(access);
      const header = siteHeader(paintMarkup('/stories/1', <PageShell>{null}</PageShell>, user));
      // No link in it is the current page.
      expect(header, role).not.toContain('aria-current');
      matchesPaintFile(`header-${role}.html`, memberHeader(header, user));
    }
  });
});
