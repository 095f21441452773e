import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';

// the SDK as another project gets it. `npm pack` builds and packs it, a fresh
// project outside this workspace installs the tarball (React not installed: the main entry must
// not need it), TypeScript checks a program against the packed types with Node's own module
// rules, and Node runs it against the live server with an API token.

const sdkDir = new URL('../../sdk/', import.meta.url).pathname;
const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;

const program = `
import { ApiError, configureSdk, createStory, getStory, listStories, schemas, type StoryDto } from '@grace-stories/sdk';

declare const process: { env: Record<string, string | undefined> };

configureSdk({ baseUrl: process.env.BASE_URL ?? '', token: process.env.TOKEN });

const stories = await listStories({ limit: 5 });
const first: StoryDto = await getStory(stories[0]!.id);
const made = await createStory({ title: 'Written with the SDK', content: 'Hello from a script.', category: 'Worship' });
let refused: { status: number; code: string | undefined; fields: string[] } | null = null;
try {
  await createStory({ title: ' ', content: ' ', category: 'Worship' });
} catch (error) {
  if (error instanceof ApiError) {
    refused = { status: error.status, code: error.code, fields: error.fieldErrors.map((e) => e.field) };
  }
}
const checked = schemas.createStoryBody.safeParse({ title: '', content: 'x', category: 'Worship' });
console.log(JSON.stringify({ listed: stories.length, read: first.title, made: made.title, status: made.status, refused, zodRefuses: !checked.success }));
`;

test('the packed SDK installs in a fresh project, typechecks and runs against the server', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const work = mkdtempSync(join(tmpdir(), 'grace-sdk-consumer-'));
  try {
    execFileSync('npm', ['pack', '--pack-destination', work], { cwd: sdkDir, stdio: 'pipe' });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeTruthy();

    const project = join(work, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball!)], {
      cwd: project,
      stdio: 'pipe',
    });
    expect(existsSync(join(project, 'node_modules/@grace-stories/sdk/dist/index.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/zod')), 'zod comes as a peer').toBe(true);
    expect(existsSync(join(project, 'node_modules/react')), 'React is optional and not installed').toBe(false);

    writeFileSync(join(project, 'main.ts'), program);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          outDir: 'out',
          types: [],
        },
        files: ['main.ts'],
      }),
    );
    execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, stdio: 'pipe' });

    // A person with a read_write token, and one published story to read.
    const admin = await playwrightRequest.newContext({ baseURL });
    const person = await playwrightRequest.newContext({ baseURL });
    try {
      expect(
        (await admin.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).status(),
      ).toBe(200);
      const tag = Date.now().toString(36);
      const registered = await person.post('/api/register', {
        data: {
          email: `sdk.${tag}@example.test`,
          username: `sdk${tag}`,
          password: USER_PASSWORD,
          firstName: 'Tabitha',
          lastName: 'Joppa',
        },
      });
      expect(registered.status()).toBe(201);
      const { user } = (await registered.json()) as { user: { id: string } };
      const role = await admin.post(`/api/admin/users/${user.id}/role`, {
        data: { role: 'regular_contributor', isApproved: true },
      });
      expect(role.status()).toBe(200);
      const published = await admin.post('/api/stories', {
        data: {
          title: 'Read by the SDK',
          content: 'Grace upon grace.',
          category: 'Worship',
          isPublished: true,
          consent: { site: true, social: true, widget: true },
        },
      });
      expect(published.status()).toBe(201);
      const made = await person.post('/api/user/tokens', {
        data: { name: 'SDK test', scope: 'read_write', password: USER_PASSWORD },
      });
      expect(made.status()).toBe(201);
      const { token } = (await made.json()) as { token: string };

      const output = execFileSync(process.execPath, [join(project, 'out/main.js')], {
        cwd: project,
        env: { ...process.env, BASE_URL: baseURL, TOKEN: token },
        encoding: 'utf8',
      });
      const result = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(result.listed).toBeGreaterThan(0);
      expect(typeof result.read).toBe('string');
      expect(result.made).toBe('Written with the SDK');
      expect(result.status).toBe('draft');
      expect(result.refused).toEqual({ status: 400, code: 'validation_failed', fields: ['title', 'content'] });
      expect(result.zodRefuses).toBe(true);
    } finally {
      await admin.dispose();
      await person.dispose();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
