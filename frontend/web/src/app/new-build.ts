//! A page of an earlier build, open in a browser after an upgrade, asks for scripts the new server no
//! longer has: what tells that apart and reloads the page once, for the app's error boundary
//! (app-error-boundary.tsx) and for the app's own start (main.tsx), which has no React yet
//! (docs/decisions/consistency.md, "When a page cannot be shown").

/** Where the time of the last reload for a missing chunk is kept, so it happens once, not in a loop. */
export const RELOADED_AT_KEY = 'grace-stories:reloaded-for-new-build';
/** A second missing chunk this soon after such a reload gets the message instead. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Whether `error` is a script of the build that could not be loaded (each browser words it its own way). */
export function isMissingChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** Reloads the page for a missing chunk unless it did so within the last minute; says whether it did. */
export function reloadForNewBuild(now: number, reload: () => void): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < RELOAD_AGAIN_AFTER_MS) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  reload();
  return true;
}
