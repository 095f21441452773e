import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from '../lib/axe';
import { adminApi, approvedAccount, signIn } from '../lib/people';

// Scripture in stories against the real server: the story form shows the references it found
// while the author types; a reader follows a reference chip to the chapter's page and back;
// references in the text link to the reader with names that say so.
test.describe.configure({ timeout: 120_000 });

async function shot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an author sees the references the story form found while typing', async ({ page }) => {
  const email = await approvedAccount('regular_contributor', 'Lydia');
  await signIn(page, email);
  await page.goto('/contributor-dashboard');
  await page.getByRole('button', { name: 'Create Story' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Story' });
  await dialog.getByLabel('Title *').fill('Psalm 23 in the hospital');
  await dialog
    .getByLabel('Story Content *')
    .fill('A nurse read Jn 3:16 to me, and then Rom 8:28, 31. Is 3 years long?');
  const found = dialog.getByText('Found:', { exact: true }).locator('..');
  await expect(found).toContainText('Psalm 23');
  await expect(found).toContainText('John 3:16');
  await expect(found).toContainText('Romans 8:28');
  await expect(found).toContainText('Romans 8:31');
  await expect(found).not.toContainText('Isaiah');
  expect(await wcagViolations(page)).toEqual([]);
  await shot(page, 'story-form-found-references');
  // Editing the text updates what was found.
  await dialog.getByLabel('Story Content *').fill('Only Micah 6:8 now.');
  await expect(found).toContainText('Micah 6:8');
  await expect(found).not.toContainText('John 3:16');
});

test('a reader follows a reference chip to the chapter page and back; links in the text say where they go', async ({
  page,
}) => {
  const admin = await adminApi();
  const title = `Born again ${Date.now().toString(36)}`;
  const created = await admin.post('/api/stories', {
    data: {
      title,
      content: 'Nicodemus came by night, and Jesus said what we read in Jn 3:16.',
      category: 'Bible Study',
      isPublished: true,
      consent: { site: true, social: true, widget: true },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await admin.dispose();

  await page.goto(`/stories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const inText = page.getByRole('link', { name: 'Jn 3:16 (John 3:16), opens the Bible reader' });
  await expect(inText).toHaveAttribute('href', 'https://reader.example/John.3.16');
  const chips = page.getByRole('navigation', { name: 'Scripture in this story' });
  await expect(chips.getByRole('link', { name: 'John 3:16' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await shot(page, 'story-scripture-chips');

  await chips.getByRole('link', { name: 'John 3:16' }).click();
  await expect(page).toHaveURL(/\/scripture\/John\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'John 3' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Stories citing John 3' }).getByRole('link', { name: title }),
  ).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await shot(page, 'scripture-chapter');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The index: every book, the book's chapters, the chapter's stories.
  await page.goto('/scripture');
  await expect(page.getByRole('heading', { level: 1, name: 'Scripture' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Old Testament' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await shot(page, 'scripture-books');
  await page.getByRole('link', { name: /^John \d+ stor(y|ies)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'John' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await shot(page, 'scripture-book');
  await page.getByRole('link', { name: /^John 3 ?, \d+ stor(y|ies)$/ }).click();
  await expect(page).toHaveURL(/\/scripture\/John\/3$/);
});
