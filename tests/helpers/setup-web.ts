import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { type MockInstance, afterEach, beforeEach, vi } from 'vitest';

// jsdom has no layout, so it leaves scrolling unimplemented; the router's scroll restoration
// calls it on every navigation.
window.scrollTo = () => undefined;

// A screen's first render imports its route's modules; beside the API tests and the browser
// suite on CI's 2 cores that took over the library's default second (the audit page's first
// find did, in a merged run under load 19). Files that set their own wait keep it.
configure({ asyncUtilTimeout: 4000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// A stray console.error is a bug the test did not expect (STYLE.md, Tests).
let consoleErrorSpy: MockInstance<Console['error']> | undefined;
beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleErrorSpy?.mock.calls ?? [];
  consoleErrorSpy?.mockRestore();
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${printed}`);
  }
});
