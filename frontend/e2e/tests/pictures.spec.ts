// an author uploads a thumbnail with the file picker and inserts a picture with
// alt text into the story text; the server re-encodes both, and once the story is live the
// card shows the thumbnail with srcset and the story page shows the picture.
import { expect, request as apiRequest, test } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';

test('an author uploads a thumbnail and inserts a picture, and the live story shows both', async ({ browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const person = {
    firstName: 'Lydia',
    lastName: `Painter${tag}`,
    username: `lydia${tag}`,
    email: `lydia.${tag}@example.test`,
  };
  const admin = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registered = await admin.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  expect((await admin.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok()).toBe(
    true,
  );
  expect(
    (
      await admin.post(`/api/admin/users/${user.id}/role`, { data: { role: 'regular_contributor', isApproved: true } })
    ).ok(),
  ).toBe(true);

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
  await dialog
    .getByLabel('Picture file')
    .setInputFiles({ name: 'supper.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  const field = dialog.getByLabel('Story Thumbnail URL');
  await expect(field).toHaveValue(/^\/media\/[0-9a-f]{32}-800\.jpg$/);
  const thumbnail = await field.inputValue();
  await expect(dialog.getByAltText('Thumbnail preview')).toHaveAttribute('src', thumbnail);

  // A second picture, inserted into the story text with its alt text.
  await dialog.getByRole('button', { name: 'Insert picture' }).click();
  const insert = page.getByRole('dialog', { name: 'Insert picture' });
  // A slow connection: the chosen picture shows at once (the page's CSP allows its blob:
  // address) with the share sent so far.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 40_000,
  });
  await insert
    .locator('input[type=file]')
    .setInputFiles({ name: 'table.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  await expect(insert.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  const local = insert.getByAltText('Your upload, being sent');
  await expect(local).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => local.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(insert.getByAltText('Preview of your upload')).toBeVisible();
  await expect(insert.getByRole('button', { name: 'Insert', exact: true })).toBeDisabled();
  await insert.getByLabel('Alt text').fill('The long supper table in the street');
  await insert.getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(insert).toHaveCount(0);
  const content = dialog.getByLabel('Story Content *');
  await expect(content).toHaveValue(
    /^We cooked for the whole street\.\n\n!\[The long supper table in the street\]\(\/media\/[0-9a-f]{32}-800\.jpg\)$/,
  );
  const inline = /\((\/media\/[0-9a-f]{32}-800\.jpg)\)/.exec(await content.inputValue())![1];

  await dialog.getByRole('radio', { name: 'Publish' }).click();

  await dialog.getByRole('checkbox', { name: 'Show my story on this site (required)' }).check();
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
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/media\/[0-9a-f]{32}-(400|800)\.jpg$/,
  );

  // The story page shows the inserted picture with its alt text, loaded from the site.
  await visitor.goto(`/stories/${id}`);
  const picture = visitor.locator('.story-content img');
  await expect(picture).toHaveAttribute('src', inline);
  await expect(picture).toHaveAttribute('alt', 'The long supper table in the street');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await admin.dispose();
});
