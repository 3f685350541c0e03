import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// A stray console.error is a bug the test did not expect (STYLE.md, Tests).
let consoleErrorSpy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleErrorSpy?.mock.calls ?? [];
  consoleErrorSpy?.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
  }
});
