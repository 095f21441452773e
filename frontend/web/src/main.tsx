import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { seedFromFirstPaint, takeFirstPaint } from '@/app/first-paint';
import { queryClient } from '@/app/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

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
