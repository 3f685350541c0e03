import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { profileEachFile } from './cpu-profile.ts';

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

// Where a file's CPU goes, on request only (cpu-profile.ts).
const profileDirectory = process.env.VITEST_CPU_PROFILE;
if (profileDirectory) profileEachFile(profileDirectory);
