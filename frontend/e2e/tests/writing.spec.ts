import { expect, request as apiRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

// One story's whole life: written as a video draft, edited, submitted, approved by a sub admin,
// edited again while live (staged), and the edit approved by the super admin.
test.describe.configure({ timeout: 120_000 });

type Person = { firstName: string; lastName: string; username: string; email: string };

function newPerson(first: string): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: first,
    lastName: `Writer${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
}

/** An API session signed in as the harness's super admin. */
async function adminApi(): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await context.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  return context;
}

/** Registers a person and gives them an approved role through the super admin's API. */
async function approvedAccount(admin: APIRequestContext, person: Person, role: string) {
  const registered = await admin.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  // Registering signed the admin context in as the new person: sign the admin back in.
  await admin.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  const changed = await admin.post(`/api/admin/users/${user.id}/role`, { data: { role, isApproved: true } });
  expect(changed.status()).toBe(200);
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  return page;
}

/** Full-page screenshots for review, only when E2E_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function saveStory(page: Page, button: 'Create Story' | 'Update Story', toast: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(page.getByText(toast, { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('a contributor writes a video story that reviewers approve, and a live edit waits for review', async ({
  browser,
}) => {
  const admin = await adminApi();
  const writer = newPerson('Phoebe');
  const reviewer = newPerson('Silas');
  await approvedAccount(admin, writer, 'regular_contributor');
  await approvedAccount(admin, reviewer, 'sub_admin');
  await admin.dispose();

  const title = `Still Waters ${writer.lastName}`;
  const firstText = 'We learned to be still when the storm came.';
  const secondText = 'We learned to be still, and the storm passed.';
  const liveEdit = 'A year later, the same verse carried us again.';

  // Write a video story as a draft.
  const page = await signedInPage(browser, writer.email);
  await page.goto('/contributor-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Contributor Dashboard' })).toBeVisible();
  await expect(page.getByText('No Stories Yet')).toBeVisible();
  await shot(page, 'contributor-dashboard-empty');
  await page.getByRole('button', { name: 'Create Story' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Story' });
  await expect(dialog.getByRole('tab', { name: 'Social Export' })).toBeDisabled();
  await dialog.getByLabel('Title *').fill(title);
  await dialog.getByLabel('Category *').click();
  await page.getByRole('option', { name: 'Testimonies' }).click();
  await dialog.getByLabel('Story Content *').fill(firstText);
  await shot(page, 'story-form-text');
  await dialog.getByRole('radio', { name: 'Video Story' }).click();
  await expect(dialog.getByLabel('Description & Notes *')).toHaveValue(firstText);
  await expect(dialog.getByRole('button', { name: 'Create Story' })).toBeDisabled();
  await dialog.getByLabel('Video URL *').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByLabel('Excerpt').fill('A family, a storm and one verse.');
  await shot(page, 'story-form-video');
  // A rule failure shows a toast that leaves the modal's buttons free to press again at once.
  await dialog.getByLabel('Story Thumbnail URL').fill('ftp://example.org/cover.jpg');
  await dialog.getByRole('button', { name: 'Create Story' }).click();
  // (The modal hides the rest of the page, the toast region too, from role queries.)
  const validationToast = page.getByText('Validation Error', { exact: true });
  await expect(validationToast).toBeVisible();
  await shot(page, 'story-form-validation-toast');
  await dialog.getByLabel('Story Thumbnail URL').fill('');
  await expect(validationToast).toBeVisible();
  // Pressed while the toast (5 s) is still up: a toast over the button would make this time out.
  await dialog.getByRole('button', { name: 'Create Story' }).click({ timeout: 2000 });
  await expect(page.getByText('Story created successfully', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const card = page.getByRole('list', { name: 'My stories' }).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  const href = await card.getByRole('link', { name: title }).getAttribute('href');
  expect(href).toMatch(/^\/stories\/\d+$/);
  const storyPath = href as string;

  // Edit the draft: the stored text comes back as typed, the video link in its embed form.
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Story' });
  await expect(edit.getByLabel('Description & Notes *')).toHaveValue(firstText);
  await expect(edit.getByLabel('Video URL *')).toHaveValue(/youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/);
  await edit.getByLabel('Description & Notes *').fill(secondText);
  await edit.getByLabel('Excerpt').fill('A family, a storm & one verse.');
  await saveStory(page, 'Update Story', 'Story updated successfully');

  // Opened again, the form shows what was just saved (not the text loaded before).
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Description & Notes *')).toHaveValue(secondText);
  await expect(edit.getByLabel('Excerpt')).toHaveValue('A family, a storm & one verse.');
  await expect(edit.getByLabel('Title *')).toHaveValue(title);
  await shot(page, 'story-form-reopened');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  // Publish: a contributor's story goes to review first.
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  const consent = page.getByRole('dialog', { name: 'Publish story?' });
  await consent.getByRole('checkbox', { name: 'Show my story on this site (required)' }).check();
  await consent.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Story sent for review', { exact: true })).toBeVisible();
  await expect(card.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  const overview = page.getByRole('list', { name: 'Overview' });
  await expect(overview.getByRole('listitem').filter({ hasText: 'Drafts' })).toContainText('1');
  // Waiting for review, it cannot be published again.
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Publish' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot(page, 'contributor-dashboard-pending');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(storyPath);
  await expect(visitor.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();

  // The sub admin approves it.
  const sub = await signedInPage(browser, reviewer.email);
  await sub.goto('/dashboard');
  await expect(sub.getByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeVisible();
  const queued = sub.getByRole('list', { name: 'Pending stories' }).getByRole('listitem', { name: title });
  await expect(queued).toContainText('A family, a storm & one verse.');
  await shot(sub, 'sub-admin-dashboard');
  await queued.getByRole('button', { name: 'Approve' }).click();
  await expect(sub.getByText('Story approved successfully', { exact: true })).toBeVisible();
  await expect(queued).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText(secondText)).toBeVisible();

  // The contributor edits the live story: the edit is staged, the public text stays.
  await page.reload();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await edit.getByRole('tab', { name: 'Social Export' }).click();
  await expect(edit.getByRole('button', { name: 'Export to All Platforms' })).toBeVisible();
  await shot(page, 'story-form-social-export');
  await edit.getByRole('tab', { name: 'Content' }).click();
  await edit.getByLabel('Description & Notes *').fill(liveEdit);
  await edit.getByRole('button', { name: 'Update Story' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(/sent for review\. The published version stays live/),
  ).toBeVisible();
  await expect(card.getByText('Edit waiting for review', { exact: true })).toBeVisible();
  await shot(page, 'contributor-dashboard');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  const mine = page.getByRole('list', { name: 'My stories' }).getByRole('listitem', { name: title });
  await expect(mine.getByText('Published', { exact: true })).toBeVisible();
  await expect(mine.getByText('Edit waiting for review', { exact: true })).toBeVisible();
  await expect(mine.getByRole('link', { name: 'View Published' })).toHaveAttribute('href', storyPath);
  await shot(page, 'member-dashboard');

  await visitor.reload();
  await expect(visitor.getByText(secondText)).toBeVisible();
  await expect(visitor.getByText(liveEdit)).toHaveCount(0);

  // The super admin compares the edit with the live story and approves it; then the new text is public.
  const boss = await (await browser.newContext()).newPage();
  await boss.goto('/admin-login');
  await boss.getByLabel('Username').fill('admin');
  await boss.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await boss.getByRole('button', { name: 'Sign In' }).click();
  await expect(boss.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  await openAdminScreen(boss, 'Edits');
  const staged = boss.getByRole('list', { name: 'Edits waiting for review' }).getByRole('listitem', { name: title });
  await expect(staged).toContainText('Changes: Content');
  await staged.getByRole('button', { name: /^Compare/ }).click();
  const compare = boss.getByRole('dialog', { name: 'Compare edit' });
  const content = compare.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('insertion').filter({ hasText: 'carried us again' })).toBeVisible();
  await expect(content.getByRole('deletion').filter({ hasText: 'storm passed' })).toBeVisible();
  await shot(boss, 'super-admin-compare-edit');
  await compare.getByRole('button', { name: 'Approve edit' }).click();
  await expect(boss.getByText('Edit approved', { exact: true })).toBeVisible();
  await expect(staged).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByText(liveEdit)).toBeVisible();
  await expect(visitor.getByText(secondText)).toHaveCount(0);

  for (const p of [page, sub, boss, visitor]) await p.context().close();
});

test('an author reopens a live story whose edit waits for review, and withdraws the edit', async ({ browser }) => {
  const admin = await adminApi();
  const writer = newPerson('Priscilla');
  await approvedAccount(admin, writer, 'regular_contributor');
  const title = `Morning Mercies ${writer.lastName}`;
  const liveText = 'His mercies are new every morning.';
  const waitingText = 'His mercies are new every morning, and every evening too.';
  const notice = 'This edit is waiting for review. The live story keeps its current text until a reviewer approves it.';

  // A live story of theirs: written and sent for review through the API, approved by the super admin.
  const page = await signedInPage(browser, writer.email);
  const created = await page.request.post('/api/stories', {
    data: {
      title,
      content: liveText,
      category: 'Testimonies',
      isPublished: true,
      consent: { site: true, social: true, widget: true },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await admin.post(`/api/admin/stories/${id}/approve`)).status()).toBe(200);
  await admin.dispose();

  // The author edits the live story: the edit waits for review.
  await page.goto('/contributor-dashboard');
  const card = page.getByRole('list', { name: 'My stories' }).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  const openEdit = async () => {
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    return page.getByRole('dialog', { name: 'Edit Story' });
  };
  let edit = await openEdit();
  await expect(edit.getByLabel('Story Content *')).toHaveValue(liveText);
  await edit.getByLabel('Story Content *').fill(waitingText);
  await edit.getByRole('button', { name: 'Update Story' }).click();
  await expect(page.getByText('Changes sent for review', { exact: true })).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(card.getByText('Edit waiting for review', { exact: true })).toBeVisible();

  // Reopened, the form holds the waiting text under the notice, and offers no save.
  edit = await openEdit();
  await expect(edit.getByText(notice)).toBeVisible();
  await expect(edit.getByLabel('Story Content *')).toHaveValue(waitingText);
  await expect(edit.getByLabel('Story Content *')).not.toBeEditable();
  await expect(edit.getByRole('button', { name: 'Update Story' })).toBeDisabled();
  await shot(page, 'story-form-waiting-edit');

  // Withdrawn (after a confirmation), the form shows the live text again, ready to edit.
  await edit.getByRole('button', { name: 'Withdraw edit' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw this edit?' });
  await confirm.getByRole('button', { name: 'Withdraw edit' }).click();
  await expect(page.getByText('Edit withdrawn', { exact: true })).toBeVisible();
  await expect(edit.getByText(notice)).toHaveCount(0);
  await expect(edit.getByLabel('Story Content *')).toHaveValue(liveText);
  await expect(edit.getByLabel('Story Content *')).toBeEditable();
  await expect(edit.getByRole('button', { name: 'Update Story' })).toBeEnabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Edit waiting for review', { exact: true })).toHaveCount(0);

  // Nothing waits any more, and readers saw the live text throughout.
  expect((await page.request.get(`/api/stories/${id}/pending-edit`)).status()).toBe(404);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/stories/${id}`);
  await expect(visitor.getByText(liveText)).toBeVisible();
  await expect(visitor.getByText(waitingText)).toHaveCount(0);

  for (const p of [page, visitor]) await p.context().close();
});

/** `datetime-local` text for a moment `hours` from now, in the browser's (and this process's) zone. */
function localDateTime(hours: number): { input: string; shown: string } {
  const at = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const input = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(at);
  return { input, shown };
}

test('a contributor schedules tasks, sees their status and completes one', async ({ browser }) => {
  const admin = await adminApi();
  const writer = newPerson('Lydia');
  await approvedAccount(admin, writer, 'primary_contributor');
  await admin.dispose();

  const page = await signedInPage(browser, writer.email);
  await page.goto('/contributor-dashboard');
  const upcomingCard = page
    .getByRole('list', { name: 'Overview' })
    .getByRole('listitem')
    .filter({ hasText: 'Upcoming Tasks' });
  await expect(upcomingCard).toContainText('0');
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page.getByText('No Scheduled Tasks')).toBeVisible();

  async function addTask(title: string, description: string, hours: number) {
    await page.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.getByLabel('Title *').fill(title);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByLabel('Due date *').fill(localDateTime(hours).input);
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Task added', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }

  await addTask('Record the worship video', 'Ask the choir to stay after service.', 20);
  await addTask('Write the Easter testimony', 'Two pages for the newsletter.', 24 * 10);

  const tasks = page.getByRole('list', { name: 'Scheduled tasks' });
  const video = tasks.getByRole('listitem', { name: 'Record the worship video' });
  await expect(video.getByText('Due Soon')).toBeVisible();
  await expect(video.getByText(`Due: ${localDateTime(20).shown}`)).toBeVisible();
  await expect(video.getByText('Ask the choir to stay after service.')).toBeVisible();
  const easter = tasks.getByRole('listitem', { name: 'Write the Easter testimony' });
  await expect(easter.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(upcomingCard).toContainText('2');
  await shot(page, 'contributor-schedule');

  await video.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByText('Task completed', { exact: true })).toBeVisible();
  await expect(video.getByText('Completed', { exact: true })).toBeVisible();
  await expect(video.getByRole('button', { name: 'Mark Incomplete' })).toBeVisible();
  await expect(upcomingCard).toContainText('1');

  // The list comes from the server: after a reload the completed task is still completed.
  await page.reload();
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(video.getByText('Completed', { exact: true })).toBeVisible();

  await easter.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete task?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(easter).toHaveCount(0);
  await expect(upcomingCard).toContainText('0');

  await page.context().close();
});
