// The people and content the slow suites look at, made through the real API once per run.
import { expect, request as apiRequest, type APIRequestContext, type BrowserContextOptions } from '@playwright/test';
import { adminApi, approve, newPerson, register, type Person } from '../lib/people';
import { USER_PASSWORD } from '../lib/secrets.mjs';

/** The six kinds of person. */
export const KINDS = ['visitor', 'pending', 'member', 'contributor', 'subAdmin', 'superAdmin'] as const;
export type Kind = (typeof KINDS)[number];

export type Session = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export type Scene = {
  /** The browser sign-in (cookies) of each kind; none for the visitor. */
  sessions: Record<Kind, Session | null>;
  people: Partial<Record<Kind, Person & { id: string }>>;
  /** A live story by the contributor, with an approved and a pending comment. */
  liveStoryId: number;
  liveStoryTitle: string;
  /** A live story whose edit waits for review. */
  editedStoryId: number;
  /** New stories waiting for review, and the contributor's draft. */
  pendingStoryIds: number[];
  draftStoryId: number;
};

/** The role each signed-in kind is approved with; the contributor is a primary contributor
 * (the contributor role that also moderates comments, so it has the most screens). */
const ROLES: Partial<Record<Kind, string>> = {
  member: 'member',
  contributor: 'primary_contributor',
  subAdmin: 'sub_admin',
};

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const text = await response.text();
  expect(response.ok(), `${what}: ${response.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function story(
  api: APIRequestContext,
  title: string,
  isPublished: boolean,
): Promise<{ id: number; status: string }> {
  return ok(
    await api.post('/api/stories', {
      data: {
        title,
        excerpt: `${title}: a short excerpt for the card.`,
        content: `${title}. The Lord is my shepherd; I shall not want.\n\nHe leads me beside still waters.`,
        category: 'Testimonies',
        isPublished,
        // Submitting needs the author's consent; a draft does not.
        ...(isPublished ? { consent: { site: true, social: true, widget: true } } : {}),
      },
    }),
    `create ${title}`,
  );
}

export async function buildScene(): Promise<Scene> {
  const admin = await adminApi();
  const visitor = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const sessions: Record<Kind, Session | null> = {
    visitor: null,
    pending: null,
    member: null,
    contributor: null,
    subAdmin: null,
    superAdmin: await admin.storageState(),
  };

  const people: Scene['people'] = {};
  const apis: Partial<Record<Kind, APIRequestContext>> = {};
  const firstNames: Partial<Record<Kind, string>> = {
    pending: 'Priscilla',
    member: 'Martha',
    contributor: 'Lydia',
    subAdmin: 'Silas',
  };
  for (const kind of ['pending', 'member', 'contributor', 'subAdmin'] as const) {
    const person = newPerson(firstNames[kind]!, 'Sweep');
    const { id, api } = await register(person);
    const role = ROLES[kind];
    if (role) await approve(admin, id, role);
    people[kind] = { ...person, id };
    apis[kind] = api;
    sessions[kind] = await api.storageState();
  }
  const author = apis.contributor!;

  // A live story with an approved and a pending comment, and a queued social post.
  const liveStoryTitle = 'Still Waters in the Valley';
  const live = await story(author, liveStoryTitle, true);
  await ok(await admin.post(`/api/admin/stories/${live.id}/approve`), 'approve live story');
  const approved = await ok<{ id: number }>(
    await visitor.post(`/api/stories/${live.id}/comments`, {
      data: { authorName: 'Joanna', authorEmail: null, content: 'Thank you for sharing this.' },
    }),
    'comment',
  );
  await ok(await admin.patch(`/api/comments/${approved.id}/approve`), 'approve comment');
  await ok(
    await visitor.post(`/api/stories/${live.id}/comments`, {
      data: { authorName: 'Susanna', authorEmail: 'susanna@example.test', content: 'Amen, a comment to review.' },
    }),
    'pending comment',
  );
  await ok(await author.post(`/api/stories/${live.id}/export`, { data: { platforms: ['twitter'] } }), 'export');

  // A live story with an edit waiting for review.
  const edited = await story(author, 'Morning by Morning', true);
  await ok(await admin.post(`/api/admin/stories/${edited.id}/approve`), 'approve edited story');
  const staged = await ok<{ staged?: boolean }>(
    await author.put(`/api/stories/${edited.id}`, {
      data: {
        title: 'Morning by Morning, New Mercies',
        excerpt: 'Morning by Morning: a short excerpt for the card, edited.',
        content: 'Morning by morning new mercies I see. An edit that waits for review.',
        category: 'Testimonies',
        isPublished: true,
        consent: { site: true, social: true, widget: true },
      },
    }),
    'stage an edit',
  );
  expect(staged.staged, 'the edit of a live story is staged').toBe(true);

  // Two new stories waiting for review, and a draft.
  const pendingStoryIds: number[] = [];
  for (const title of ['A Song in the Night', 'Bread for the Journey']) {
    const s = await story(author, title, true);
    expect(s.status).toBe('pending_approval');
    pendingStoryIds.push(s.id);
  }
  const draft = await story(author, 'Notes Not Yet Finished', false);
  await story(apis.member!, 'A Member’s First Draft', false);

  // A task on the contributor's schedule, a help message, and an API token of the member.
  await ok(
    await author.post('/api/schedules', {
      data: {
        title: 'Write the Easter testimony',
        description: 'Ask Joanna for her photos.',
        dueDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
      },
    }),
    'schedule task',
  );
  await ok(
    await visitor.post('/api/help/contact', {
      data: {
        subject: 'How do I share a video?',
        category: 'general',
        message: 'I would like to share a video testimony from our Sunday service.',
        contactEmail: 'visitor@example.test',
        userId: null,
      },
    }),
    'help message',
  );
  await ok(
    await apis.member!.post('/api/user/tokens', {
      data: { name: 'Reading app', scope: 'read', password: USER_PASSWORD },
    }),
    'token',
  );

  await Promise.all([admin.dispose(), visitor.dispose(), ...Object.values(apis).map((api) => api.dispose())]);
  return {
    sessions,
    people,
    liveStoryId: live.id,
    liveStoryTitle,
    editedStoryId: edited.id,
    pendingStoryIds,
    draftStoryId: draft.id,
  };
}

/** The scene the global setup made. */
export function scene(): Scene {
  const json = process.env.E2E_SCENE;
  if (!json) throw new Error('E2E_SCENE is not set: run with playwright.slow.config.ts');
  return JSON.parse(json) as Scene;
}
