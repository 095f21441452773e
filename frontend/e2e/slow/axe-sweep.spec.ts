// axe with every WCAG 2.0/2.1/2.2 A and AA rule, at every impact, on every
// route and every tab, dialog and menu, as each kind of person, at 1280 and 390 px: no finding.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeTime } from '../lib/axe';
import { KINDS, scene, type Kind } from './scene';
import { Sweep, addFigures } from './sweep';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const s = scene();

async function pageAs(browser: Browser, kind: Kind, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, storageState: s.sessions[kind] ?? undefined });
  return context.newPage();
}

/** Home, the story list and the story page (with its share menu), as anyone signed in sees them. */
async function signedInCommon(sweep: Sweep): Promise<void> {
  const { page } = sweep;
  await sweep.visit('/', /^Welcome back/, 'Home');
  await expect(page.getByRole('heading', { level: 2, name: 'All Stories' })).toBeVisible();
  await sweep.overlay(page.getByRole('button', { name: /account menu for/ }), 'Home: avatar menu');
  await sweep.mobileNav();
  await sweep.overlay(page.getByRole('combobox', { name: 'Filter by category' }), 'Home: category list');
  await sweep.visit('/stories', 'All Stories');
  await sweep.visit(`/stories/${s.liveStoryId}`, s.liveStoryTitle, 'a story');
  await sweep.overlay(page.getByRole('button', { name: 'Share', exact: true }), 'a story: share menu');
  await sweep.visit('/help', 'Help Center');
}

/** The story page's moderation: the Moderate menu and its dialogs, and a comment's Delete. */
async function storyModeration(sweep: Sweep): Promise<void> {
  const { page } = sweep;
  await sweep.visit(`/stories/${s.liveStoryId}`, s.liveStoryTitle, 'a story (moderator)');
  await expect(page.getByText('Pending Approval').first()).toBeVisible();
  const moderate = page.getByRole('button', { name: 'Moderate' });
  await sweep.overlay(moderate, 'a story: Moderate menu');
  for (const item of ['Unpublish', 'Delete']) {
    await moderate.click();
    await sweep.overlay(page.getByRole('menuitem', { name: item }), `a story: ${item} dialog`);
  }
  await sweep.overlay(page.getByRole('button', { name: 'Delete comment by Susanna' }), 'a story: delete comment');
  await sweep.overlay(page.getByRole('button', { name: 'Version history' }), 'a story: version history');
}

/** The story modal: text and video mode, the picture dialog, and the Social Export tab of a live story. */
async function storyModal(sweep: Sweep, liveTitle?: string): Promise<void> {
  const { page } = sweep;
  const dialog = await sweep.overlay(page.getByRole('button', { name: 'Create Story' }).first(), 'story modal', {
    keepOpen: true,
  });
  await sweep.overlay(dialog.getByRole('combobox', { name: /Category/ }), 'story modal: category list');
  await dialog.getByRole('radio', { name: 'Video Story' }).click();
  await sweep.check('story modal: video mode');
  await dialog.getByRole('radio', { name: 'Text Article' }).click();
  await sweep.overlay(dialog.getByRole('button', { name: 'Insert picture' }), 'story modal: insert picture');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await sweep.close();
  if (!liveTitle) return;
  await sweep.overlay(page.getByRole('button', { name: `Actions for ${liveTitle}` }), 'story card menu', {
    keepOpen: true,
  });
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Story' });
  await expect(edit.getByLabel(/^Title/)).toHaveValue(liveTitle);
  await sweep.check('story modal: edit a live story');
  await sweep.tab('Social Export', 'story modal: Social Export');
  await sweep.close();
}

const SCRIPTS: Record<Kind, (sweep: Sweep) => Promise<void>> = {
  async visitor(sweep) {
    const { page } = sweep;
    await sweep.visit('/', /./, 'landing page');
    await expect(page.locator('#stories').getByRole('listitem')).toHaveCount(3);
    await sweep.mobileNav();
    await sweep.visit('/auth', 'Welcome Back', '/auth sign-in');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await sweep.check('/auth sign-in with errors');
    await sweep.visit('/auth?mode=signup', 'Join Our Community', '/auth sign-up');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await sweep.check('/auth sign-up with errors');
    await sweep.visit('/auth?mode=forgot-password', /./, '/auth forgotten password');
    await sweep.visit('/admin-login', 'Administrator Login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await sweep.check('/admin-login with errors');
    await sweep.visit('/help', 'Help Center');
    await sweep.overlay(page.getByRole('combobox', { name: 'Category' }), '/help: category list');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();
    await sweep.check('/help with errors');
    await sweep.visit('/stories', 'All Stories');
    await sweep.overlay(page.getByRole('combobox', { name: 'Filter by category' }), '/stories: category list');
    await sweep.visit(`/stories/${s.liveStoryId}`, s.liveStoryTitle, 'a story');
    await sweep.overlay(page.getByRole('button', { name: 'Share', exact: true }), 'a story: share menu');
    await page.getByRole('button', { name: 'Submit Comment' }).click();
    await sweep.check('a story: comment form with errors');
    await sweep.visit('/stories/999999', 'Story Not Found', 'a missing story');
    await sweep.visit('/reset-password', /./, '/reset-password without a token');
    await sweep.visit('/reset-password?token=not-a-real-token', 'Choose a new password', '/reset-password');
    await sweep.visit('/verify-email?token=not-a-real-token', /verif/i, '/verify-email');
    await sweep.visit('/no-such-page', '404 Page Not Found', 'not found');
  },

  async pending(sweep) {
    const { page } = sweep;
    await signedInCommon(sweep);
    await sweep.visit('/dashboard', 'Awaiting Approval', '/dashboard (pending)');
    await page.getByText('Your account: profile, security and your data').click();
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await sweep.check('/dashboard (pending): account details open');
    await sweep.visit('/contributor-dashboard', 'Awaiting Approval', '/contributor-dashboard (pending)');
    await sweep.visit('/admin', 'Admin Panel', '/admin (no access)');
  },

  async member(sweep) {
    const { page } = sweep;
    await signedInCommon(sweep);
    await sweep.visit('/dashboard', 'My Dashboard');
    await sweep.tab('Profile Settings');
    await sweep.overlay(page.getByRole('button', { name: 'Delete my account' }), 'delete account dialog');
    await sweep.tab('Security');
    await sweep.tab('API Tokens');
    await sweep.visit('/contributor-dashboard', 'Contributor Dashboard');
    await storyModal(sweep);
    await sweep.visit('/admin', 'Admin Panel', '/admin (no access)');
  },

  async contributor(sweep) {
    const { page } = sweep;
    await signedInCommon(sweep);
    await sweep.visit('/contributor-dashboard', 'Contributor Dashboard');
    await storyModal(sweep, s.liveStoryTitle);
    await page.getByRole('button', { name: 'Actions for Notes Not Yet Finished' }).click();
    await sweep.overlay(page.getByRole('menuitem', { name: 'Delete' }), 'story card: delete dialog');
    await sweep.tab('Schedule');
    await sweep.overlay(page.getByRole('button', { name: 'Add Task' }), 'Add Task dialog');
    await sweep.overlay(page.getByRole('button', { name: /^Delete/ }).first(), 'task: delete dialog');
    await sweep.visit('/dashboard', 'My Dashboard', '/dashboard (contributor)');
    await sweep.visit('/admin', 'Comment Moderation');
    await sweep.visit(`/stories/${s.liveStoryId}`, s.liveStoryTitle, 'a story (own, with a pending comment)');
    await expect(page.getByRole('button', { name: /^Approve/ }).first()).toBeVisible();
    await sweep.overlay(page.getByRole('button', { name: 'Version history' }), 'a story: version history');
  },

  async subAdmin(sweep) {
    const { page } = sweep;
    await signedInCommon(sweep);
    await sweep.visit('/dashboard', 'Sub Admin Dashboard');
    const queue = page.getByRole('list', { name: 'Pending stories' });
    // The scene's stories wait there (a keyboard journey running beside this one may add its own).
    for (const id of s.pendingStoryIds) await expect(queue.locator(`a[href="/stories/${id}"]`).first()).toBeVisible();
    const row = queue.getByRole('listitem').first();
    await sweep.overlay(row.getByRole('button', { name: 'Reject' }), 'reject dialog');
    await sweep.overlay(row.getByRole('button', { name: /^Delete/ }), 'delete story dialog');
    await row.getByRole('button', { name: 'Edit' }).focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await sweep.check('Edit tooltip');
    await sweep.adminScreen(/^Edits/);
    const edit = page.getByRole('list', { name: 'Edits waiting for review' }).getByRole('listitem').first();
    const compare = await sweep.overlay(edit.getByRole('button', { name: /^Compare/ }), 'compare dialog', {
      keepOpen: true,
    });
    await sweep.overlay(compare.getByRole('button', { name: 'Reject edit' }), 'reject edit dialog');
    await sweep.close();
    await sweep.adminScreen(/^Pending Comments/);
    await page.getByRole('checkbox').first().check();
    await sweep.overlay(page.getByRole('button', { name: /Delete selected/ }), 'delete comments dialog');
    await sweep.adminScreen('Content Management');
    await storyModeration(sweep);
  },

  async superAdmin(sweep) {
    const { page } = sweep;
    await signedInCommon(sweep);
    await sweep.visit('/dashboard', 'Super Admin Dashboard');
    const pending = page.getByRole('list', { name: 'Pending users' }).getByRole('listitem').first();
    await expect(pending).toBeVisible();
    await sweep.overlay(pending.getByRole('combobox'), 'Pending Users: role list');
    await sweep.overlay(pending.getByRole('button', { name: /^Delete/ }), 'Pending Users: delete dialog');
    await sweep.adminScreen('All Users');
    const member = page.getByRole('list', { name: 'All users' }).getByRole('listitem', { name: /^Martha/ });
    await sweep.overlay(member.getByRole('combobox'), 'All Users: role list');
    await sweep.overlay(member.getByRole('button', { name: /^Suspend/ }), 'All Users: suspend dialog');
    await sweep.adminScreen(/^Pending Stories/);
    await sweep.adminScreen(/^Edits/);
    await sweep.adminScreen(/^Pending Comments/);
    await sweep.adminScreen(/^Help Inbox/);
    await sweep.overlay(page.getByRole('button', { name: /^Delete/ }).first(), 'Help Inbox: delete dialog');
    await sweep.adminScreen(/^Mail Outbox/);
    await sweep.adminScreen(/^Social Posts/);
    await sweep.overlay(page.getByRole('button', { name: /^Cancel post/ }).first(), 'Social Posts: cancel dialog');
    await sweep.adminScreen(/^Subscribers/);
    await sweep.adminScreen('Activity Log');
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Story approved' });
    await sweep.check('Activity Log: one action');
    await sweep.adminScreen('API Tokens');
    await sweep.adminScreen('Site Settings');
    await sweep.adminScreen('Change Password');
    await storyModeration(sweep);
  },
};

for (const kind of KINDS) {
  for (const viewport of WIDTHS) {
    test(`axe: ${kind} at ${viewport.width} px`, async ({ browser }) => {
      const page = await pageAs(browser, kind, viewport);
      const sweep = new Sweep(page, kind);
      try {
        await SCRIPTS[kind](sweep);
      } finally {
        addFigures('axe', `${kind}@${viewport.width}`, {
          states: sweep.states.length,
          findings: sweep.findings.length,
          checked: sweep.states,
        });
        console.log(
          `axe ${kind} @${viewport.width}px: ${sweep.states.length} states, ${sweep.findings.length} findings ` +
            `(axe in this worker so far: ${axeTime.runs} runs, ${Math.round(axeTime.ms / 1000)} s)`,
        );
        for (const finding of sweep.findings) console.log(`  ${finding}`);
        await page.context().close();
      }
      expect(sweep.findings, sweep.findings.join('\n')).toEqual([]);
    });
  }
}
