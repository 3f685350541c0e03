/**
 * Holds the server's answer to a request until a path's step says how the call ends, so the
 * screen's busy state can be checked in between (the machine's actor is still running).
 */
export function answerGate<T>() {
  let release: ((answer: T) => void) | undefined;
  return {
    /** Used by the msw handler: resolves when the step gives the answer. */
    wait: () => new Promise<T>((resolve) => (release = resolve)),
    answer(value: T) {
      if (!release) throw new Error('No request is waiting for an answer');
      release(value);
      release = undefined;
    },
  };
}
