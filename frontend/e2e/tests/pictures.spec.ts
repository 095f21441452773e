// Issue 15 (first part): an author uploads a thumbnail with the file picker; the server
// re-encodes it, the story carries it, and the card shows it once the story is live.
import { expect, request as apiRequest, test } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';

test('an author uploads a thumbnail by file picker and the live story shows it', async ({ browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const person = { firstName: 'Lydia', lastName: `Painter${tag}`, username: `lydia${tag}`, email: `lydia.${tag}@example.test` };
  const admin = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registered = await admin.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  expect((await admin.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok()).toBe(true);
  expect((await admin.post(`/api/admin/users/${user.id}/role`, { data: { role: 'regular_contributor', isApproved: true } })).ok()).toBe(true);

  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();

  // A real photo, drawn by the browser: 1200×900 pixels.
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 900;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#b45309';
    g.fillRect(0, 0, 1200, 900);
    g.fillStyle = '#fde68a';
    g.fillRect(300, 200, 600, 500);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });

  await page.goto('/contributor-dashboard');
  await page.getByRole('button', { name: 'Create Story' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Story' });
  const title = `Harvest supper ${tag}`;
  await dialog.getByLabel('Title *').fill(title);
  await dialog.getByLabel('Category *').click();
  await page.getByRole('option', { name: 'Community' }).click();
  await dialog.getByLabel('Story Content *').fill('We cooked for the whole street.');
  await dialog.getByLabel('Picture file').setInputFiles({ name: 'supper.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  const field = dialog.getByLabel('Story Thumbnail URL');
  await expect(field).toHaveValue(/^\/media\/[0-9a-f]{32}-800\.jpg$/);
  const thumbnail = await field.inputValue();
  await expect(dialog.getByAltText('Thumbnail preview')).toHaveAttribute('src', thumbnail);
  await dialog.getByRole('radio', { name: 'Publish' }).click();
  await dialog.getByRole('button', { name: 'Create Story' }).click();
  await expect(dialog).toHaveCount(0);

  const card = page.getByRole('list', { name: 'My stories' }).getByRole('listitem').filter({ hasText: title });
  const href = (await card.getByRole('link', { name: title }).getAttribute('href')) as string;
  const id = Number(href.split('/').pop());
  expect((await admin.post(`/api/admin/stories/${id}/approve`)).ok()).toBe(true);

  // The served picture is the server's JPEG of the right width.
  const served = await admin.get(thumbnail);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/stories?q=${tag}`);
  const image = visitor.getByRole('list', { name: 'All Stories' }).locator('img').first();
  await expect(image).toHaveAttribute('src', thumbnail);
  await expect(image).toHaveAttribute('srcset', `${thumbnail.replace('-800.', '-400.')} 400w, ${thumbnail} 800w`);
  // The browser picks one of the stored sizes and it loads.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(400);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/[0-9a-f]{32}-(400|800)\.jpg$/);
  await admin.dispose();
});
