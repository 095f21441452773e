import type { FullConfig } from '@playwright/test';
import globalSetup from '../global-setup';
import { buildScene } from './scene';

/**
 * The ordinary harness (the real binary on a fresh SQLite file with the demo seed, on 127.0.0.1),
 * one for both workers, then the slow suites' scene: one person of each kind and the stories,
 * comments, tasks, messages and posts their screens show. The scene goes to the workers as JSON in
 * `E2E_SCENE`.
 */
export default async function slowGlobalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const teardown = await globalSetup(config, true);
  try {
    process.env.E2E_SCENE = JSON.stringify(await buildScene());
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
