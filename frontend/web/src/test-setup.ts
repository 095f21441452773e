import '@testing-library/jest-dom/vitest';
import { act } from '@testing-library/react';
import { clearToasts } from '@/hooks/use-toast';

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
