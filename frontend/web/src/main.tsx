//! The app's script, which `boot.ts` starts. Its code is evaluated in two tasks with the browser free
//! between them: the app and its libraries as this module loads, then React DOM's renderer (about
//! 200 KB, more than half of the whole), instead of one task that held a phone's main thread for
//! 170-430 ms after the server's paint (docs/benchmarks.md, "Phones"). index.html preloads both
//! (vite.config.ts), so the split costs no round trip.
import { startTransition, StrictMode } from 'react';
import { App } from '@/app/app';
import { seedFromFirstPaint, takeFirstPaint } from '@/app/first-paint';
import { isMissingChunk, reloadForNewBuild } from '@/app/new-build';
import { queryClient } from '@/app/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** A task's end: the browser handles input and paints before the next part runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');

  // The server's first paint of this page, if any, stays on screen until the app has the page's own
  // content (app/first-paint.tsx). Without a session cookie nobody is signed in: the app need not ask.
  const paint = takeFirstPaint(root);
  seedFromFirstPaint(queryClient, paint);

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );

  // The first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole tree (a phone's processor takes hundreds of milliseconds over it); what is on screen
  // meanwhile is the server's paint. When that paint is the app's own first render, the app adopts
  // its elements (hydration) instead of creating the page again.
  startTransition(() => {
    if (paint?.hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

start(root).catch((error: unknown) => {
  // A page of an earlier build whose renderer the server no longer has: once, the page of this build.
  if (!isMissingChunk(error) || !reloadForNewBuild(Date.now(), () => window.location.reload())) throw error;
});
