import { screen, within } from '@testing-library/react';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleSummary } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("My Dashboard's excerpt fallback (docs/product.md#screens: first 100 characters plus '...')", () => {
  it("uses the server's preview of a story that has no excerpt", async () => {
    const user = sampleUser();
    const preview = `${'Grace upon grace, '.repeat(8)}and more`; // longer than 100 characters
    renderApp('/dashboard', {
      ...signedOut,
      'GET /api/user': { body: user },
      'GET /api/schedules': { body: [] },
      [`GET /api/stories/author/${user.id}`]: {
        body: [
          sampleSummary({ id: 1, title: 'Without excerpt', excerpt: null, preview }),
          sampleSummary({ id: 2, title: 'With excerpt', excerpt: 'Our own words.', preview: 'Ignored text' }),
          sampleSummary({ id: 3, title: 'Empty story', excerpt: null, preview: '' }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'My stories' });
    const withoutExcerpt = within(list).getByRole('listitem', { name: 'Without excerpt' });
    expect(withoutExcerpt).toHaveTextContent(`${preview.slice(0, 100).trimEnd()}...`);
    expect(withoutExcerpt).not.toHaveTextContent('and more');
    const withExcerpt = within(list).getByRole('listitem', { name: 'With excerpt' });
    expect(withExcerpt).toHaveTextContent('Our own words.');
    expect(withExcerpt).not.toHaveTextContent('Ignored text');
    expect(within(list).getByRole('listitem', { name: 'Empty story' })).not.toHaveTextContent('...');
  });
});
