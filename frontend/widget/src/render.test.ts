import type { StorySummaryDto } from '@grace-stories/sdk';
import { card, hostTheme, luminance, render } from './render';

const SITE = 'https://stories.example.org';

function story(overrides: Partial<StorySummaryDto> = {}): StorySummaryDto {
  return {
    id: 7,
    title: 'Coming <b>Home</b>',
    excerpt: null,
    preview: 'We sang together again.',
    videoUrl: null,
    thumbnailUrl: null,
    category: 'Testimonies',
    authorId: 'a1',
    status: 'published',
    isPublished: true,
    publishedAt: '2026-11-20T10:00:00Z',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
    byline: 'full',
    audience: 'public',
    rejectionReason: null,
    hasPendingRevision: false,
    ...overrides,
  } as StorySummaryDto;
}

describe('a card', () => {
  it('links to the story on the site and shows text as text', () => {
    const item = card(story(), SITE);
    const link = item.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(`${SITE}/stories/7`);
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(item.querySelector('h3')!.textContent).toBe('Coming <b>Home</b>');
    expect(item.querySelector('b')).toBeNull();
    expect(item.textContent).toContain('We sang together again.');
    expect(item.textContent).toContain('Ruth Moab');
  });

  it('shows only https or the site’s own pictures', () => {
    expect(card(story({ thumbnailUrl: 'https://cdn.example/p.jpg' }), SITE).querySelector('img')).not.toBeNull();
    expect(
      card(story({ thumbnailUrl: '/media/a-800.webp' }), SITE)
        .querySelector('img')!
        .getAttribute('src'),
    ).toBe(`${SITE}/media/a-800.webp`);
    expect(card(story({ thumbnailUrl: 'javascript:alert(1)' }), SITE).querySelector('img')).toBeNull();
    expect(card(story({ thumbnailUrl: 'http://plain.example/p.jpg' }), SITE).querySelector('img')).toBeNull();
  });

  it('prefers the excerpt to the preview', () => {
    expect(card(story({ excerpt: 'A short summary' }), SITE).textContent).toContain('A short summary');
  });
});

describe('the widget view', () => {
  it('says when loading failed or nothing is there, and always links to more stories', () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    render(root, { state: 'failed' }, { site: SITE, category: 'Bible Study', theme: 'light' });
    expect(root.textContent).toContain('Stories could not be loaded.');
    expect(root.querySelector('a.more')!.getAttribute('href')).toBe(`${SITE}/stories?category=Bible+Study`);
    render(root, { state: 'ready', stories: [] }, { site: SITE, theme: 'dark' });
    expect(root.textContent).toContain('No stories yet.');
    expect(root.querySelector('section')!.dataset.theme).toBe('dark');
    expect(root.querySelector('h2')!.textContent).toBe('Community stories');
  });
});

describe('the host page’s look', () => {
  it('reads light and dark from colours', () => {
    expect(luminance('rgb(255, 255, 255)')).toBeCloseTo(1);
    expect(luminance('rgb(16, 20, 24)')).toBeLessThan(0.1);
    expect(luminance('rgba(0, 0, 0, 0)')).toBeNull();
  });

  it('takes the first opaque background up the tree, else light', () => {
    const outer = document.createElement('div');
    const inner = document.createElement('div');
    outer.append(inner);
    document.body.append(outer);
    expect(hostTheme(inner)).toBe('light');
    outer.style.backgroundColor = 'rgb(17, 24, 39)';
    expect(hostTheme(inner)).toBe('dark');
    inner.style.backgroundColor = 'rgb(250, 250, 250)';
    expect(hostTheme(inner)).toBe('light');
    outer.remove();
  });
});
