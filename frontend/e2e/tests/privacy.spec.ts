import { expect, test, type Browser, type Page } from '@playwright/test';
import { wcagViolations } from '../lib/axe';
import { adminApi, approve, newPerson, register, signIn, signInAdmin, type Person } from '../lib/people';
import { openAdminScreen } from '../lib/admin-area';

// A testimony shared safely (docs/decisions/privacy.md): written anonymous and members-only,
// approved by a reviewer who sees how it will be signed, missing for a visitor, and signed
// "A member of ..." for a member.
test.describe.configure({ timeout: 180_000 });

/** Screenshots for review, only when E2E_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string, fullPage = true) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

async function account(role: string, person: Person) {
  const { id, api } = await register(person);
  const admin = await adminApi();
  try {
    await approve(admin, id, role);
  } finally {
    await Promise.all([api.dispose(), admin.dispose()]);
  }
}

async function pageAt(browser: Browser, width: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

/** The story form with a title, category and text, and the given byline and audience chosen. */
async function fillForm(page: Page, title: string) {
  await page.goto('/contributor-dashboard');
  await page.getByRole('button', { name: 'Create Story' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Story' });
  await dialog.getByLabel('Title *').fill(title);
  await dialog.getByLabel('Category *').click();
  await page.getByRole('option', { name: 'Testimonies' }).click();
  await dialog
    .getByLabel('Story Content *')
    .fill('The night I stopped drinking, a neighbour sat with me until morning.');
  await expect(dialog.getByRole('radio', { name: 'Full name' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Anonymous' }).check();
  await dialog.getByRole('radio', { name: 'Members only' }).check();
  await dialog.getByRole('radio', { name: 'Publish' }).click();
  await dialog.getByRole('checkbox', { name: 'Show my story on this site (required)' }).check();
  // It describes an addiction: reviewers will be asked to check it with care.
  await dialog.getByRole('checkbox', { name: 'It describes health, addiction or abuse' }).check();
  await expect(dialog.getByText('This story will be visible to signed-in members only')).toBeVisible();
  return dialog;
}

test('an anonymous members-only story reaches members only, signed "A member of ..."', async ({ browser }) => {
  const writer = newPerson('Maria', 'Zebedee');
  const reader = newPerson('Lydia');
  await account('regular_contributor', writer);
  await account('member', reader);
  const title = `Morning came ${Date.now().toString(36)}`;

  // The form's new choices, at a phone's width: no axe finding.
  const narrow = await pageAt(browser, 390);
  await signIn(narrow, writer.email);
  const narrowDialog = await fillForm(narrow, `${title} (narrow)`);
  await narrowDialog.getByRole('radio', { name: 'Members only' }).scrollIntoViewIfNeeded();
  expect(await wcagViolations(narrow)).toEqual([]);
  await shot(narrow, 'privacy-form-390', false);
  await narrow.context().close();

  // The author writes it at a desktop's width and sends it for review.
  const page = await pageAt(browser, 1280);
  await signIn(page, writer.email);
  const dialog = await fillForm(page, title);
  await dialog.getByRole('radio', { name: 'Anonymous' }).scrollIntoViewIfNeeded();
  expect(await wcagViolations(page)).toEqual([]);
  await shot(page, 'privacy-form-1280', false);
  await dialog.getByRole('button', { name: 'Create Story' }).click();
  await expect(page.getByText('Story sent for review', { exact: true })).toBeVisible();
  const card = page.getByRole('list', { name: 'My stories' }).getByRole('listitem').filter({ hasText: title });
  const href = (await card.getByRole('link', { name: title }).getAttribute('href')) as string;
  expect(href).toMatch(/^\/stories\/\d+$/);

  // The reviewer sees who wrote it and how it will be signed, and approves it.
  for (const width of [1280, 390]) {
    const admin = await pageAt(browser, width);
    await signInAdmin(admin);
    await admin.goto('/admin');
    await openAdminScreen(admin, /Pending Stories/);
    const row = admin
      .getByRole('list', { name: 'Pending stories' })
      .getByRole('listitem', { name: title, exact: true });
    await expect(row).toContainText(`By Maria ${writer.lastName}`);
    await expect(row).toContainText('Signed: Anonymous · Members only');
    // The banner and its checklist: no approval until both are confirmed.
    await expect(row.getByRole('note')).toContainText('Sensitive: the author says this story');
    await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(await wcagViolations(admin)).toEqual([]);
    await shot(admin, `privacy-review-${width}`);
    if (width === 390) {
      await row.getByRole('checkbox', { name: 'Other people named have agreed, or are not identifiable' }).check();
      await row.getByRole('checkbox', { name: 'No child is identifiable' }).check();
      await row.getByRole('button', { name: 'Approve' }).click();
      await expect(row).toHaveCount(0);
    }
    await admin.context().close();
  }

  // A visitor cannot reach it: 404 from the page and the API, and it is in no list.
  const visitor = await pageAt(browser, 1280);
  const id = href.split('/').pop();
  expect((await visitor.request.get(`/api/stories/${id}`)).status()).toBe(404);
  expect((await visitor.request.get(href)).status()).toBe(404);
  expect(await (await visitor.request.get('/feed.xml')).text()).not.toContain(title);
  await visitor.goto('/stories');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.context().close();

  // A member reads it, signed "A member of ...", with nothing of the author's name.
  const member = await pageAt(browser, 1280);
  await signIn(member, reader.email);
  await member.goto(href);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(member.getByText(/^A member of /).first()).toBeVisible();
  await expect(member.locator('body')).not.toContainText(writer.lastName);
  await expect(member.getByRole('heading', { name: 'Share this story' })).toHaveCount(0);
  await shot(member, 'privacy-member-reads');

  // The author takes it back in one click (and a confirmation): gone for the member too.
  await page.goto('/contributor-dashboard');
  const mine = page.getByRole('list', { name: 'My stories' }).getByRole('listitem').filter({ hasText: title });
  await expect(mine).toContainText('You agreed on');
  await mine.getByRole('button', { name: 'Withdraw consent' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw consent?' });
  await confirm.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(page.getByText('Consent withdrawn', { exact: true })).toBeVisible();
  await expect(mine).toContainText('You withdrew your consent');
  expect((await member.request.get(`/api/stories/${id}`)).status()).toBe(404);
  await member.goto('/stories');
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(member.getByText(title)).toHaveCount(0);
  await member.context().close();
  await page.context().close();
});
