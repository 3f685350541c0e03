/** Thrown when a bounded queue already holds as many waiting tasks as it may. */
export class QueueFull extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFull';
  }
}

/**
 * Runs at most `concurrency` tasks at once and keeps at most `maxWaiting` more waiting; a task
 * beyond that is refused at once (QueueFull) instead of piling up threads or memory.
 */
export function createWorkQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number;
  maxWaiting: number;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= maxWaiting) throw new QueueFull();
    // The finishing task hands its slot straight over, so `running` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
