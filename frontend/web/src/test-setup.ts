import '@testing-library/jest-dom/vitest';
import { act, configure } from '@testing-library/react';
import { clearToasts } from '@/hooks/use-toast';

// findBy*/waitFor wait up to 5 s, not 1 s: the pages are lazy chunks, and on a busy 2-core machine
// (a Rust build beside the run) the first test of a file can take over a second to load one.
configure({ asyncUtilTimeout: 5000 });

// The toast queue lives outside React: empty it so one test's toast never satisfies the next.
afterEach(() => {
  act(() => clearToasts());
});

// jsdom lacks a few layout APIs that Radix and the landing page call.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
