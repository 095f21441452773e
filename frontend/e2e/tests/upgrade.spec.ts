import { expect, test, type Page } from '@playwright/test';

// A page opened before an upgrade asks the upgraded server for its build's chunks, which the new
// build does not have: the server answers 404 (app-server/src/pages/fallback.rs) and the app reloads
// once, which brings the new build (web/src/app/app-error-boundary.tsx). Here the story page's chunk
// answers 404, once or every time.
const STORY_CHUNK = /\/assets\/story-detail-page-[^/]+\.js$/;

async function aStory(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get('/api/stories?limit=1');
  expect(response.ok()).toBe(true);
  const [story] = (await response.json()) as { id: number; title: string }[];
  expect(story).toBeDefined();
  return story!;
}

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('a story page whose chunk is gone reloads once and shows the story', async ({ page }) => {
  const story = await aStory(page);
  // Gone for the first document (its preload and the app's import alike), there after the reload.
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents++;
  });
  await page.route(STORY_CHUNK, (route) =>
    documents < 2 ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue(),
  );
  const loads = countLoads(page);
  await page.goto(`/stories/${story.id}`);
  await expect.poll(loads).toBe(2);
  // The app has taken over the server's paint: the comments are the app's alone.
  await expect(page.getByRole('heading', { name: /Comments/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Stories' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
  expect(loads()).toBe(2);
});

test('a chunk that stays gone after the reload gets a message with a Reload button, not a blank page', async ({
  page,
}) => {
  const story = await aStory(page);
  await page.route(STORY_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const loads = countLoads(page);
  await page.goto(`/stories/${story.id}`);
  await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
  await expect(
    page.getByText('Something went wrong while loading it. Reloading the page usually helps.'),
  ).toBeVisible();
  expect(loads()).toBe(2);
  await page.unroute(STORY_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  // The app's page (the server's paint has the Back link too, not the comments).
  await expect(page.getByRole('heading', { name: /Comments/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Stories' })).toBeVisible();
});
